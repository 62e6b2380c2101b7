"""The results screen: the players ranked, the winner first; a draw said as a draw; the
breakdown under the ranking, scrolled by the mouse wheel and by the keys."""
import pygame

import test_tentiles
import uitools
from tentable.session import Seat, Session
from test_text_fits import finished
from uitools import step


def results(app, game_id, state, names):
    seats = tuple(Seat(name) for name in names)
    scene = app.push("results", session=Session(game_id, seats, 1, {}), final=state.view(None),
                     scores=state.scores(), winners=state.winners())
    step(app)
    return scene


def test_the_ranking_puts_the_winner_first_and_a_penalty_game_the_fewest_points_first(app):
    state = finished("takethat", 4, 2)
    scene = results(app, "takethat", state, ["Ana", "Ben", "Cy", "Di"])
    ranked = scene.ranked()
    assert ranked[0] in state.winners()
    assert [state.scores()[s] for s in ranked] == sorted(state.scores(), reverse=True)
    app.pop()
    state = finished("retro10", 5, 2)
    scene = results(app, "retro10", state, ["Ana", "Ben", "Cy", "Di", "Ed"])
    assert [state.scores()[s] for s in scene.ranked()] == sorted(state.scores())
    assert scene.ranked()[0] in state.winners()


def test_tl_r8_a_draw_is_a_draw_not_a_shared_win(app):
    state = test_tentiles.phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2"},
                                 moves=test_tentiles.MOVE_LIMIT - 1)
    state.apply("move 2,0>1,1")
    scene = results(app, "tentiles", state, ["Ana", "Ben"])
    assert scene.headline() == "A draw" and "share" not in scene.headline()
    assert not any(scene.starred(seat) for seat in (0, 1))
    assert [i.label for i in scene.breakdown.items] == [
        "A draw: 100 moves without a line of ten."]


def test_a_long_breakdown_scrolls_by_wheel_and_keys(app):
    state = finished("retro10", 7, 1)
    scene = results(app, "retro10", state, [f"Player {n}" for n in range(1, 8)])
    assert scene.max_scroll > 0 and scene.scroll == 0
    uitools.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    step(app)
    assert 0 < scene.scroll
    wheeled = scene.scroll
    uitools.key(app, pygame.K_DOWN)
    assert scene.scroll > wheeled
    uitools.key(app, pygame.K_PAGEDOWN)
    uitools.key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    uitools.key(app, pygame.K_HOME)
    assert scene.scroll == 0
    uitools.key(app, pygame.K_PAGEDOWN)
    assert scene.scroll == min(scene.max_scroll, scene.view.h - scene.line_step)
    uitools.key(app, pygame.K_ESCAPE)                 # Esc still closes the results
    assert app.top is not scene


def test_a_short_breakdown_does_not_scroll_and_the_arrows_reach_the_buttons(app):
    state = finished("tentiles", 2, 1)
    scene = results(app, "tentiles", state, ["Ana", "Ben"])
    assert scene.max_scroll == 0
    uitools.key(app, pygame.K_RIGHT)
    uitools.key(app, pygame.K_RIGHT)
    assert scene.nav.index == 1 and scene.scroll == 0


def test_er_r15_a_match_of_games_heads_its_columns_by_game(app, monkeypatch):
    from tentable.engine import new_game
    drawn = uitools.record_labels(monkeypatch)
    state = new_game("elfer", 2, seed=3, options={"games": 2})
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    results(app, "elfer", state, ["Ana", "Ben"])
    assert {"Game 1", "Game 2", "How the points were made"} <= drawn
    assert "Round 1" not in drawn
    app.pop()
    drawn.clear()
    results(app, "takethat", finished("takethat", 2, 1), ["Ana", "Ben"])
    assert {"Round 1", "Round 2"} <= drawn and "Game 1" not in drawn
