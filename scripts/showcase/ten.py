"""TEN for the screenshots and the bench: its busiest table and its scenes."""
from __future__ import annotations


def _chooser(seed: int = 3):
    """The heuristic's move for every seat (an automaton's one move for Mona)."""
    from tentable.bots import make_bot
    bots = {}

    def choose(state) -> str:
        seat = state.current_player
        if seat in state.automata:
            return state.legal_actions()[0]
        return bots.setdefault(seat, make_bot("heuristic", "ten", seat, seed + seat)).choose(
            state)
    return choose


def _play(state, until, seed: int = 3) -> None:
    """Let the heuristic play every seat until `until(state)` holds (or the game ends)."""
    choose = _chooser(seed)
    while not state.is_over and not until(state):
        state.apply(choose(state))


def _refresh(table) -> None:
    table.tray = None
    table.link.set_position()
    table.show_position()


def busiest(app):
    """Five players late in the game, a full market, a long tableau: the most TEN shows."""
    from tentable.ui.launch import session_for
    table = app.reset("table", session=session_for(
        "ten", ["human", "heuristic", "heuristic", "heuristic", "heuristic"], seed=7))
    state = table.link.match.state
    _play(state, lambda s: len(s.pile) < 60 and s.current_player == 0 and s.phase == "flip"
          and not s.tableau)
    # a fuller market and a tableau of two number cards and a money card
    for card in [c for c in state.pile if c[0] in "BGOP" and c[1] != "#"]:
        if len(state.market) >= 36 or len(state.pile) <= 15:
            break
        state.pile.remove(card)
        state.market.append(card)
    picks = [next(c for c in state.pile if c.startswith("$"))]
    picks += [c for c in state.pile if c[0] in "BGOP" and c[1] in "123"][:2]
    for card in picks:
        state.pile.remove(card)
        state.tableau.append(card)
    state.validate()
    app.settings["coach"] = True
    _refresh(table)
    return table


def shots(app, shot) -> None:
    """Hot seat (no curtain: nothing is private), a 4-player table mid-game with the coach,
    a bust held, an auction, a payment tray, solo against Mona, the scoring dialog and the
    results, as `ten-*.png`."""
    from tentable.ui.launch import session_for

    # hot seat: nothing is private, so no curtain: the table turns to the player to move
    app.reset("table", session=session_for("ten", ["human", "human"], seed=4))
    shot("ten-hotseat")

    table = app.reset("table", session=session_for(
        "ten", ["human", "heuristic", "heuristic", "heuristic"], seed=31))
    state = table.link.match.state
    _play(state, lambda s: len(s.pile) < 60 and s.current_player == 0 and s.phase == "flip"
          and len(s.tableau) >= 2)
    app.settings["coach"] = True
    _refresh(table)
    shot("ten-table")
    app.settings["coach"] = False

    from tentable.positions import play_to_moment
    table.show_played(play_to_moment(table.link.match, "bust", _chooser()))
    shot("ten-bust")                # the busting card held on the tableau
    table.go_on()

    _play(state, lambda s: s.phase == "auction" and s.current_player == 0)
    _refresh(table)
    table.refresh()
    shot("ten-auction")

    _play(state, lambda s: s.phase in ("buy", "final") and s.current_player == 0
          and any(a.startswith("buy") for a in s.legal_actions()))
    _refresh(table)
    buy = next((a for a in state.legal_actions() if a.startswith("buy")), None)
    if buy is not None:
        table.open_tray(buy[4:])
        shot("ten-pay")

    from dataclasses import replace

    from tentable.ui.scenes.ladder import solo_session
    table = app.reset("table", session=replace(solo_session(7), seed=8))
    state = table.link.match.state
    _play(state, lambda s: len(s.pile) < 50 and s.current_player == 1 and len(s.tableau) >= 2)
    _refresh(table)
    shot("ten-solo")

    app._on_resize((1024, 640))
    shot("ten-solo-1024")
    app._on_resize((1280, 720))
    _play(state, lambda s: False)
    _refresh(table)
    table.show_dialog(table.scoring_dialog(table.view))
    shot("ten-scoring")
    table.show_dialog(None)
    app.push("results", session=table.session, final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
    shot("ten-results")
