"""Several people at one screen (#38, trap 3): what the curtain hides and when it comes,
an only move that waits for the player who has just sat down, and the hands at the end."""
import pygame

from test_elfer import arrange
from tentable.bots import make_bot
from uitools import click, go_on, key, new_table, pass_time, show_position


def test_after_the_curtain_an_only_move_waits_for_its_player(app):
    """Kim says Ready and has nothing to play (ER-R11: she must draw): the draw does not
    play itself a moment later, before she has seen her hand; her key or click plays it."""
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "human", "easy"], seed=4, game="elfer")
    assert table.curtain == 0
    state = arrange(players=3, board=[], hands=[["Y5", "R3"], ["G2"], ["B4"]])
    show_position(table, state)
    key(app, pygame.K_RETURN)                           # Ready
    assert table.curtain is None and table.seat == 0 and table.forced == "draw"
    pass_time(app, 6.0)
    assert state.history == [] and sorted(table.view["hand"]) == ["R3", "Y5"]
    key(app, pygame.K_RETURN)
    assert state.history == ["draw"]


def test_the_pill_of_an_only_move_behind_the_curtain_plays_it_by_a_click(app):
    app.settings["animation_speed"] = "normal"
    table = new_table(app, ["human", "human"], seed=4, game="elfer")
    state = arrange(board=[], hands=[["Y5", "R3"], ["G2"]])
    show_position(table, state)
    click(app, table.curtain_screen.button.rect.center)
    pass_time(app, 6.0)
    assert state.history == [] and table.forced == "draw"
    click(app, table.status_rect.center)
    assert state.history == ["draw"]


def test_at_the_end_of_a_hot_seat_game_every_hand_is_face_up(app):
    """ER-R14: the hands are scored in the open. The screen shows the bottom player's own
    hand face up, as the others' are in their panels, not a fan of backs."""
    table = new_table(app, ["human", "human"], seed=3, game="elfer")
    state = table.link.match.state
    while not state.is_over:
        seat = state.current_player
        bot = make_bot("heuristic", "elfer", seat, seed=len(state.history))
        table.play(seat, [bot.choose(state)])
    go_on(app, table)
    pass_time(app, 1.0)
    hands = state.view(None)["hands"]
    assert table.view["hand"] is not None
    assert sorted(table.view["hand"]) == sorted(hands[table.bottom])
    other = 1 - table.bottom
    assert table.shown_hand(table.view, other) == tuple(table.card_code(c)
                                                        for c in hands[other])
