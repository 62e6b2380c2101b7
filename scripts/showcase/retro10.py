"""10 – Special Retro Edition for the screenshots and the bench: its busiest table and scenes."""
from __future__ import annotations

SEATS7 = ["human"] + ["heuristic"] * 6


def _play_until(table, until, limit: int = 3000) -> None:
    """Let the heuristic bots play every seat (the human's too) until `until(state)`."""
    from tentable.bots import make_bot
    state = table.link.match.state
    bots = {}
    for _ in range(limit):
        if state.is_over or until(state):
            break
        seat = state.current_player
        bot = bots.setdefault(seat, make_bot("heuristic", "retro10", seat, seed=seat + 1))
        before = state.view(table.seat)
        action = bot.choose(state)
        state.apply(action)
        table.narrate(seat, action, before, state.view(table.seat))   # the log as in play
    table.link.set_position()
    table.show_position()


def busiest(app):
    """Seven players late in the game: first and second cards on the table, protection
    chips, penalty piles in front of everyone, the seat at the screen adding a card."""
    from tentable.ui.launch import session_for
    table = app.reset("table", session=session_for("retro10", SEATS7, seed=11))
    _play_until(table, lambda s: s.round_no >= 3 and s.phase == "add" and s.turn == 0
                and sum(len(r) for r in s.table) >= 8 and len(s.draw_deck) >= 14)
    hand = table.view["hand"] or []
    if hand:
        table.selected = hand[0]
        table.refresh()
    return table


def shots(app, shot) -> None:
    """The hot-seat curtain, the placement popover, a bid, the second card, the showdown
    and the results, as `retro10-*.png`."""
    from tentable.ui.launch import session_for

    app.reset("table", session=session_for("retro10", ["human", "human", "heuristic"], seed=4))
    shot("retro10-curtain")

    table = app.reset("table", session=session_for(
        "retro10", ["human", "heuristic", "heuristic", "heuristic"], seed=20))
    _play_until(table, lambda s: s.round_no >= 3 and s.phase == "place" and s.turn == 0)
    hand = table.view["hand"]
    table.selected = hand[-1]
    table.open(False)
    table.set_chips(1)
    table.refresh()
    shot("retro10-place")

    table.pending = None
    _play_until(table, lambda s: s.phase == "bid" and s.turn == 0, 6000)
    shot("retro10-bid")

    # a later round's second card, on a table of its own: how the bots bid decides
    # whether the first table's seat 0 still adds a card after its bid
    table = app.reset("table", session=session_for(
        "retro10", ["human", "heuristic", "heuristic", "heuristic"], seed=20))
    _play_until(table, lambda s: s.phase == "add" and s.turn == 0 and s.round_no >= 2, 6000)
    hand = table.view["hand"]
    table.selected = hand[0] if hand else None
    table.refresh()
    shot("retro10-table")

    busiest(app)
    shot("retro10-seven")

    table = app.reset("table", session=session_for(
        "retro10", ["human", "heuristic", "heuristic"], seed=8))
    _play_until(table, lambda s: s.round_no >= 2, 20000)
    from tentable.bots import make_bot
    from tentable.positions import play_to_moment
    table.show_played(play_to_moment(table.link.match, "showdown", lambda state: make_bot(
        "heuristic", "retro10", state.current_player, seed=state.current_player + 1).choose(state)))
    shot("retro10-showdown")        # the round revealed, held under who won and who lost
    table.go_on()

    state = table.link.match.state
    _play_until(table, lambda s: False, 20000)
    app.push("results", session=table.session, final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
    shot("retro10-results")
