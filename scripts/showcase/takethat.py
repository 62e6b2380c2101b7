"""Take That for the screenshots and the bench: its busiest table and its scenes."""
from __future__ import annotations

import time


def busiest(app):
    """Four players, a 20-card row, full hands: the most a Take That table ever shows."""
    from tentable.ui.launch import session_for
    table = app.reset("table", session=session_for(
        "takethat", ["human", "heuristic", "heuristic", "heuristic"], seed=7))
    state = table.link.match.state
    for _ in range(20):
        state.row.append(state.pile.pop())
    for seat in range(4):   # a few won and lost cards in front of everyone
        state.face_up[seat] += [state.pile.pop() for _ in range(2)]
        state.face_down[seat] += [state.pile.pop() for _ in range(3)]
    state.validate()
    table.link.set_position()
    table.show_position()
    table.selected = table.view["hand"][3]
    table.refresh()
    return table


def shots(app, shot) -> None:
    """The hot-seat curtain, a 4-player table mid-game, the pause menu, a round summary
    and the results, as `takethat-*.png` (and the shared pause.png)."""
    from tentable.bots import make_bot
    from tentable.ui.launch import session_for

    app.reset("table", session=session_for("takethat", ["human", "human"], seed=4))
    shot("takethat-curtain")

    table = app.reset("table", session=session_for(
        "takethat", ["human", "heuristic", "heuristic", "heuristic"], seed=31))
    me = make_bot("heuristic", "takethat", 0, seed=2)
    deadline = time.monotonic() + 30
    while len(table.view["row"]) < 6 or not table.my_turn or table.view["round"] > 1:
        if time.monotonic() > deadline:
            break
        app.step(wait=False)
        while table.moments:
            table.go_on()
        if table.my_turn and len(table.view["row"]) < 6:
            table.submit(me.choose(table.link.match.state))
        time.sleep(0.001)
    hand = table.view["hand"]
    table.selected = hand[len(hand) // 2]
    table.refresh()
    shot("takethat-table")

    app.push("pause", table=table)
    shot("pause")
    app.pop()

    state = table.link.match.state
    from tentable.positions import play_to_moment
    # to the end of the first round: its last board held under the scores
    table.show_played(play_to_moment(table.link.match, "part", lambda state: make_bot(
        "heuristic", "takethat", state.current_player).choose(state)))
    shot("takethat-round")
    table.go_on()

    while not state.is_over:
        state.apply(make_bot("heuristic", "takethat", state.current_player).choose(state))
    table.link.set_position()
    table.show_position()
    app.push("results", session=table.session, final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
    shot("takethat-results")
