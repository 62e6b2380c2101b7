"""Take That for the screenshots and the bench: its busiest table and its scenes."""
from __future__ import annotations

import time


def busiest(app):
    """Four players, a 20-card row, full hands: the most a Take That table ever shows."""
    from tentable.ui.launch import session_for
    table = app.reset("table", session=session_for(
        "takethat", ["human", "heuristic", "heuristic", "heuristic"], seed=7))
    state = table.match.state
    for _ in range(20):
        state.row.append(state.pile.pop())
    for seat in range(4):   # a few won and lost cards in front of everyone
        state.face_up[seat] += [state.pile.pop() for _ in range(2)]
        state.face_down[seat] += [state.pile.pop() for _ in range(3)]
    state.validate()
    table.view = state.view(table.seat)
    table.sync(animate=False)
    table.selected = table.view["hand"][3]
    table.refresh()
    return table


def learn(app, shot) -> None:
    """Learn to play (#43), walked as a newcomer: the first bubble, Robin's toad explained,
    the last twist, the end, as `learn-takethat*.png`; the twist again in German at
    1024×640."""
    from tentable import i18n

    def on_to(table, until) -> None:
        for _ in range(3000):
            if until():
                return
            app.step(wait=False)

    def walk(names: dict, stop: int | None = None) -> None:
        table = app.reset("tutorial", game_id="takethat", at=0)
        guide = table.guide
        while not guide.finished:
            on_to(table, lambda: guide.finished or guide.explaining is not None
                  or (table.my_turn and guide.lesson.taught() is not None))
            at = guide.lesson.at
            if guide.explaining is not None:
                if at - 1 in names:
                    shot(names[at - 1])
                guide.go_on()
                continue
            if guide.finished:
                break
            if at in names:
                shot(names[at])
            if at == stop:
                return
            table.submit(guide.lesson.taught())
        shot(names["end"])

    walk({0: "learn-takethat", 5: "learn-takethat-toad", 9: "learn-takethat-last",
          "end": "learn-takethat-end"})
    i18n.set_language("de")
    app._on_resize((1024, 640))
    walk({2: "learn-takethat-de-1024"}, stop=2)
    i18n.set_language("en")
    app._on_resize((1280, 720))
    app.reset("menu")


def shots(app, shot) -> None:
    """The hot-seat curtain, a 4-player table mid-game, the pause menu, a round summary
    and the results, as `takethat-*.png` (and the shared pause.png); Learn to play."""
    learn(app, shot)
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
            table.submit(me.choose(table.match.state))
        time.sleep(0.001)
    hand = table.view["hand"]
    table.selected = hand[len(hand) // 2]
    table.refresh()
    shot("takethat-table")

    app.push("pause", table=table)
    shot("pause")
    app.pop()

    state = table.match.state
    from tentable.positions import play_to_moment
    # to the end of the first round: its last board held under the scores
    table.show_played(play_to_moment(table.match, "part", lambda state: make_bot(
        "heuristic", "takethat", state.current_player).choose(state)))
    shot("takethat-round")
    table.go_on()

    while not state.is_over:
        state.apply(make_bot("heuristic", "takethat", state.current_player).choose(state))
    table.view = state.view(table.seat)
    table.sync(animate=False)
    app.push("results", session=table.session, final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
    shot("takethat-results")
