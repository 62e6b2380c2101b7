"""Taking a move back and handing a seat to the computer, at a real table, by events."""
import pygame

import uitools
from tentable.ui.scenes.pause import PauseScene
from uitools import click, key, wait_for

CTRL_Z = dict(mod=pygame.KMOD_LCTRL)


def toasts(app):
    return [toast.text for toast in app.toasts.items]


def elfer_with_a_play(app):
    """An Elfer table where the human (seat 0) can play a card at once."""
    for seed in range(60):
        table = uitools.new_table(app, ["human", "heuristic"], seed=seed, game="elfer")
        plays = [a for a in table.legal_actions() if a.startswith("play ") and "@" not in a]
        if plays:
            return table, plays[0]
    raise AssertionError("no seed with a card to play")


def test_ctrl_z_and_the_button_take_back_a_card_played_this_turn(app):
    table, play = elfer_with_a_play(app)
    hand = list(table.view["hand"])
    assert not table.undo.button.enabled or table.undo.refusal() is not None
    click(app, table.undo.button.rect.center)            # nothing yet: says why
    assert "Nothing to take back" in toasts(app)[-1]
    assert table.submit(play)
    assert table.view["hand"] != hand and table.undo.refusal() is None
    key(app, pygame.K_z, **CTRL_Z)
    assert table.view["hand"] == hand and table.link.match.history == []
    assert table.log.entries[-1].text == "You take back a move"
    assert table.submit(play)
    click(app, table.undo.button.rect.center)            # the button does the same
    assert table.view["hand"] == hand and table.my_turn


def test_a_revealed_card_cannot_be_taken_back_and_the_table_says_why(app):
    for seed in range(60):
        table = uitools.new_table(app, ["human", "heuristic"], seed=seed, game="ten")
        key(app, pygame.K_f)                             # flip: a card is shown
        if table.my_turn:
            break
    history = table.link.match.history
    key(app, pygame.K_z, **CTRL_Z)
    assert table.link.match.history == history
    assert "revealed" in toasts(app)[-1]


def test_undo_is_off_in_ladder_games(app):
    from tentable.ui.scenes.ladder import solo_session
    from tentable.ui.scenes import table_for
    table = table_for("ten")(app, solo_session(5))   # the ladder starts at 5
    app.reset(table)
    app.step(wait=False)
    assert not table.undo.shown
    key(app, pygame.K_z, **CTRL_Z)                       # nothing happens, nothing breaks


def test_the_pause_menu_hands_a_seat_to_the_computer_and_takes_it_back(app):
    table = uitools.new_table(app, ["human", "heuristic"], seed=3, game="takethat")
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and len(pause.seat_buttons) == 1
    click(app, pause.seat_buttons[0].rect.center)        # let the computer play for me
    assert pause.confirm is not None                     # at which level?
    easy = next(b for b in pause.confirm.buttons if b.text == "Easy")
    pause.confirm.layout(app.size)
    click(app, easy.rect.center)
    assert app.top is table and not table.link.match.is_human(0)
    assert table.session.seats[0].bot == "easy"
    wait_for(app, lambda: len(table.link.match.history) >= 4)
    assert any(e.text == "The computer plays for you now" for e in table.log.entries)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.seat_buttons[0].rect.center)      # and take my seat back
    assert table.link.match.is_human(0)
    wait_for(app, lambda: table.my_turn)
    assert table.link.match.record()["assisted"] == [0]


def test_esc_while_holding_a_card_puts_it_back_and_a_second_esc_pauses(app):
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="takethat")
    card = table.hand[0]
    sprite = table.cards[card]
    home = sprite.rect.center
    uitools.post(pygame.MOUSEMOTION, pos=home, rel=(0, 0), buttons=(0, 0, 0))
    uitools.post(pygame.MOUSEBUTTONDOWN, pos=home, button=1)
    uitools.post(pygame.MOUSEMOTION, pos=(home[0] + 80, home[1] - 200), rel=(0, 0),
                 buttons=(1, 0, 0))
    app.step(wait=False)
    assert table.drag.sprite is sprite
    key(app, pygame.K_ESCAPE)
    assert app.top is table and table.drag.sprite is None and table.link.match.history == []
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def test_the_level_dialog_is_answered_by_keys(app):
    """#37: "How well should the computer play?" had no key but Esc."""
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="takethat")
    key(app, pygame.K_ESCAPE)
    pause = app.top
    key(app, pygame.K_DOWN)                              # the ring shows, on Resume
    key(app, pygame.K_DOWN)                              # Let the computer play for me
    assert pause.nav.current.rect() == pause.seat_buttons[0].rect
    key(app, pygame.K_RETURN)
    assert pause.confirm is not None
    uitools.step(app)                                    # the question is drawn
    key(app, pygame.K_ESCAPE)                            # no after all
    assert pause.confirm is None and table.link.match.is_human(0)
    key(app, pygame.K_RETURN)                            # asked again
    key(app, pygame.K_RIGHT)                             # the ring shows, on the suggested level
    assert pause.confirm.buttons[pause.confirm.focus].text == "Normal"
    key(app, pygame.K_LEFT)
    assert pause.confirm.buttons[pause.confirm.focus].text == "Easy"
    uitools.step(app)
    key(app, pygame.K_RETURN)
    assert app.top is table and table.session.seats[0].bot == "easy"


def test_the_only_human_still_sees_their_hand_while_the_computer_plays_it(app):
    """#37: their hand turned face down: the screen showed what a spectator sees."""
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="takethat")
    hand = table.view["hand"]
    assert table.seat == 0 and hand
    key(app, pygame.K_ESCAPE)
    click(app, app.top.seat_buttons[0].rect.center)
    click(app, next(b for b in app.top.confirm.buttons if b.text == "Easy").rect.center)
    assert not table.link.match.is_human(0)
    assert table.seat == 0 and table.view["hand"] == hand
    if table.link.match.current_player == 0:                  # said to "you", not to "You"
        assert table.status_text() in ("The computer plays for you",
                                       "The computer is thinking for you…")
    wait_for(app, lambda: len(table.link.match.history) >= 6)
    assert table.seat == 0 and table.view == table.link.match.view(0) and table.view["hand"]



def test_after_a_helped_ladder_game_the_next_game_seats_you_again(app, monkeypatch):
    """#37: the computer kept the seat into the next game with no way back (and, searching
    in solo, "could not move"); the helped game counted on the ladder like your own."""
    from tentable import store
    from tentable.ui.scenes import ladder as ladder_screen
    from tentable.ui.scenes.results import ResultsScene
    monkeypatch.setattr(ladder_screen, "random_seed", lambda: 3)   # the computer wins it
    scene = app.push("ladder")
    uitools.step(app)
    click(app, scene.play_button.rect.center)
    table = app.top
    assert table.session.options == {"solo": True, "target": 5} and table.my_turn
    key(app, pygame.K_ESCAPE)
    click(app, app.top.seat_buttons[0].rect.center)
    click(app, next(b for b in app.top.confirm.buttons if b.text == "Easy").rect.center)
    wait_for(app, lambda: table.dialog is not None)       # TEN's scoring, at the end
    key(app, pygame.K_RETURN)
    wait_for(app, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    assert table.link.match.scores()[0] > table.link.match.scores()[1]          # a win, yet:
    assert "helped" in results.ladder_line and results.again.text == "Play at target 5"
    ladder = store.load_ladder()[0]
    assert ladder.target == 5 and ladder.best is None
    assert [(game.kind, game.result) for game in ladder.games] == [("helped", "win")]
    click(app, results.again.rect.center)                 # Play at target 5
    again = app.top
    assert again is not table and again.session.options["target"] == 5
    assert again.link.match.is_human(0) and again.session.seats[0].kind == "human"
    assert again.link.match.assisted == set()
    wait_for(app, lambda: again.my_turn)
    key(app, pygame.K_ESCAPE)                             # and the computer may help again
    assert app.top.seat_buttons[0].text == "Let the computer play for me"
