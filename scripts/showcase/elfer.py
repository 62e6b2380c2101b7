"""Elfer raus! Master for the screenshots and the bench: its busiest table and its scenes."""
from __future__ import annotations


def _play_until(table, enough, seed: int = 3) -> bool:
    """Let the heuristic bots play every seat on the real state until `enough(state)`,
    stopping before a move that would end the game."""
    from tentable.bots import make_bot
    state = table.link.match.state
    bots = [make_bot("heuristic", "elfer", s, seed=seed + s) for s in range(state.players)]
    while not state.is_over and not enough(state):
        choice = bots[state.current_player].choose(state)
        safe = [a for a in [choice] + state.legal_actions() if not _ends_game(state, a)]
        if not safe:
            break
        table.play(state.current_player, [safe[0]])   # told in the log like a real move
    table.sync(animate=False)
    return enough(state)


def _ends_game(state, action: str) -> bool:
    trial = state.clone()
    trial.apply(action)
    return trial.is_over or trial.game_no != state.game_no


def _on_board(state) -> int:
    return sum(1 for row in state.board.values() for card in row if card)


def busiest(app):
    """Six players late in a game: a nearly full board, bridges, jokers, bonus cards."""
    from tentable.ui.launch import session_for
    for seed in range(7, 40):   # the first deal that gets there with the human to move
        table = app.reset("table", session=session_for(
            "elfer", ["human"] + ["heuristic"] * 5, seed=seed,
            options={"rows": ["Y", "B", "R", "G"]}))
        if _play_until(table, lambda s: _on_board(s) >= 62 and s.current_player == 0
                       and s.phase == "turn" and not s.turn_cards and len(s.hands[0]) >= 3):
            break
    table.tweens.finish_all()     # at rest: the last moves' flashes have faded
    hand = table.view["hand"]
    table.selected = hand[0] if hand else None
    table.refresh()
    return table


def shots(app, shot) -> None:
    """The hot-seat curtain, a 4-player table mid-game with a card chosen, a connection
    card in bridge mode, the 6-player table at 1024×640, a game summary and the results,
    as `elfer-*.png`."""
    from tentable.ui.launch import session_for

    app.reset("table", session=session_for("elfer", ["human", "human"], seed=4))
    shot("elfer-curtain")

    table = app.reset("table", session=session_for(
        "elfer", ["human", "heuristic", "heuristic", "heuristic"], seed=31,
        options={"rows": ["Y", "B", "R", "G"]}))
    _play_until(table, lambda s: _on_board(s) >= 26 and s.current_player == 0
                and s.phase == "turn" and not s.turn_cards)
    hand = table.view["hand"]
    playable = [c for c in hand if any(a.split()[-1] in (c, f"J@{c}") for a in
                                       table.view["legal_actions"])]
    table.selected = (playable or hand)[0]
    table.refresh()
    shot("elfer-table")

    table.selected = "links"
    table.refresh()
    shot("elfer-bridge")

    busiest(app)
    shot("elfer-six")
    size = app.size
    app._on_resize((1024, 640))
    shot("elfer-six-1024")
    app._on_resize(size)

    table = app.reset("table", session=session_for(
        "elfer", ["human", "heuristic", "heuristic"], seed=12, options={"games": 2}))
    state = table.link.match.state
    from tentable.bots import make_bot
    bots = [make_bot("heuristic", "elfer", s, seed=s) for s in range(3)]
    from tentable.positions import play_to_moment
    # to the end of the first game: its last board held under the scores
    table.show_played(play_to_moment(table.link.match, "part",
                                     lambda state: bots[state.current_player].choose(state)))
    shot("elfer-game")
    table.go_on()

    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    table.link.set_position()
    table.show_position()
    app.push("results", session=table.session, final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
    shot("elfer-results")
