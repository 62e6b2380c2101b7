"""TEN tiles for the screenshots and the bench: its busiest table and its scenes."""
from __future__ import annotations


def _play(table, until, bot="heuristic", limit: int = 400) -> None:
    """Let bots play both seats (the human's too) until `until(state)`, logging as in play."""
    from tentable.bots import make_bot
    state = table.link.match.state
    bots = [make_bot(bot, "tentiles", s, seed=s + 1) for s in (0, 1)]
    for _ in range(limit):
        if state.is_over or until(state):
            break
        seat = state.current_player
        before = state.view(table.seat)
        action = bots[seat].choose(state)
        state.apply(action)
        table.narrate(seat, action, before, state.view(table.seat))
    table.last_from = None
    table.link.set_position()
    table.show_position()


def _phase_two(app, open_game: bool = False):
    """A table at the start of phase 2 with the human to move: all 30 tiles down."""
    from tentable.ui.launch import session_for
    for seed in range(1, 200):
        table = app.reset("table", session=session_for(
            "tentiles", ["human", "random"], seed=seed, options={"open": open_game, "start": 0}))
        _play(table, lambda s: s.phase == "move" and s.current_player == 0, bot="random")
        if not table.view["result"] and table.view["phase"] == "move" and table.my_turn:
            return table
    raise RuntimeError("no random playout reached phase 2")


def busiest(app):
    """All 30 tiles on the board in phase 2, a movable tile held: ghost squares show
    where it may go."""
    table = _phase_two(app)
    lift = table.picks
    table.selected = lift[len(lift) // 2]
    table.cursor_to_held()
    table.refresh()
    return table


def shots(app, shot) -> None:
    """Hot seat (no curtain: nothing is private), the hidden and the open game mid-play, phase 2 with a tile held (also
    at 1024×640), a won game with its line lit, and the results, as `tentiles-*.png`."""
    from tentable.ui.launch import session_for

    # hot seat: nothing is private, so no curtain: the table turns to the player to move
    app.reset("table", session=session_for("tentiles", ["human", "human"], seed=4))
    shot("tentiles-hotseat")

    table = app.reset("table", session=session_for(
        "tentiles", ["human", "search"], seed=3, options={"start": 0}))
    _play(table, lambda s: len(s.history) >= 12 and s.current_player == 0)
    shot("tentiles-hidden")

    for seed in range(8, 60):
        table = app.reset("table", session=session_for(
            "tentiles", ["human", "search"], seed=seed, options={"open": True, "start": 0}))
        _play(table, lambda s: len(s.history) >= 10 and s.current_player == 0)
        if not table.view["result"]:
            break
    if table.picks:
        table.selected = table.picks[-1]
        table.refresh()
    shot("tentiles-open")
    size = app.size
    app._on_resize((1024, 640))
    shot("tentiles-open-1024")
    app._on_resize(size)

    table = busiest(app)
    shot("tentiles-move")
    size = app.size
    app._on_resize((1024, 640))
    shot("tentiles-move-1024")
    app._on_resize(size)

    for seed in range(1, 50):
        table = app.reset("table", session=session_for(
            "tentiles", ["human", "heuristic"], seed=seed, options={"start": 0}))
        _play(table, lambda s: False)
        if table.view["result"] and table.view["result"]["winner"] is not None:
            break
    shot("tentiles-win")
    state = table.link.match.state
    app.push("results", session=table.session, final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
    shot("tentiles-results")
