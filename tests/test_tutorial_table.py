"""Learn to play at the table (#43): the Take That tutorial walked by events, mouse and
keys, in every language; every bubble shown where it fits, every other move refused with
the bubble's reason, the engine's state after each step the script's."""
from __future__ import annotations

import pygame
import pytest

from tentable import i18n, store, tutorial
from tentable.engine.takethat_moves import TAKE
from tentable.text import STRINGS, t
from tentable.ui.scenes import table_for
from tentable.ui.tables.elfer.controls import LINKS
from tentable.ui.tables.moments import GUARD
from tentable.ui.tables.takethat.table import TakeThatTable
import test_elfer_table as elfer_ui
import test_retro10_table as retro10_ui
import test_takethat_table as takethat_ui
import test_ten_table as ten_ui
import test_tentiles_table as tentiles_ui
from uitools import click, drag, go_on, key, post, step, wait_for, walk_to

SCRIPT = tutorial.load("takethat")


@pytest.fixture
def lang():
    yield
    i18n.set_language("en")


def open_tutorial(app, at=None, game_id="takethat"):
    app.reset("tutorial", game_id=game_id, **({} if at is None else {"at": at}))
    step(app, 2)
    return app.top


def next_stop(app, table):
    """On until the learner is to move, a bubble waits to be read, or the end."""
    guide = table.guide
    wait_for(app, lambda: guide.finished or guide.explaining is not None or table.moments
             or table.dialog is not None
             or (table.my_turn and guide.lesson.taught() is not None), 3000)


def press(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(wait=False)


def elfer_by_mouse(app, table, action):
    """Elfer raus!'s drag or click; a move the lesson keeps off is dropped on its unlit
    place (the table lets the drop be tried, and says why not)."""
    if action in table.legal() or action in elfer_ui.BUTTON_OF:
        elfer_ui.play_by_mouse(app, table, action)
        return
    item = elfer_ui.item_of(table, action)
    target = next(t for t in table.drop_targets(item) if t.key == action)
    drag(app, elfer_ui.held(table, item), target.rect.center)


def elfer_by_keys(app, table, action):
    """Elfer raus!'s keys; a move the lesson keeps off: its card picked, Enter tries the
    pick's first place (↑ ↓ walk only the lit ones), so only that one is reached."""
    if action in table.legal() or action in elfer_ui.KEY_OF:
        elfer_ui.play_by_keys(app, table, action)
        return
    item = elfer_ui.item_of(table, action)
    if item != LINKS:
        walk_to(app, table, item)
    elif table.selected != LINKS:
        key(app, pygame.K_b)
    assert table.drop_targets(table.selected)[0].key == action
    key(app, pygame.K_RETURN)


def elfer_keys_reach(table, action):
    """What Elfer raus!'s keys can try: a button's key, or a pick's only unlit place."""
    if action in elfer_ui.KEY_OF:
        return True
    item = elfer_ui.item_of(table, action)
    return not table.lit(item) and table.drop_targets(item)[0].key == action


# each game's own gestures, as its table tests make them (drag, click, keys), and what the
# keys can try where a move is not lit (anything, unless the game says)
GESTURES = {"takethat": (takethat_ui.play_by_mouse, takethat_ui.play_by_keys),
            "tentiles": (tentiles_ui.play_by_mouse, tentiles_ui.play_by_keys),
            # TEN's buy is a click (a drag on odd moves) and a paid tray, its bid typed
            "ten": (lambda app, table, action: ten_ui.play_by_mouse(app, table, action, 0),
                    lambda app, table, action: ten_ui.play_by_keys(app, table, action, 0)),
            "retro10": (retro10_ui.play_by_mouse, retro10_ui.play_by_keys),
            "elfer": (elfer_by_mouse, elfer_by_keys, elfer_keys_reach)}
SCRIPTS = {game_id: tutorial.load(game_id) for game_id in tutorial.SCRIPTS}


def by_mouse(app, table, action):
    GESTURES[table.session.game_id][0](app, table, action)


def by_keys(app, table, action):
    GESTURES[table.session.game_id][1](app, table, action)


def a_wrong_move(table, taught, mouse=True):
    """A move that is not the taught one: another legal one, where there is one that the
    gesture can try, of another kind where there is one (TEN's Pass while the lesson
    bids: the bid panel offers only the taught amount)."""
    from tentable.engine.moves import notation
    read = notation(table.session.game_id).read
    gestures = GESTURES[table.session.game_id]
    reach = (lambda t, a: True) if mouse or len(gestures) < 3 else gestures[2]
    others = [a for a in table.link.match.state.legal_actions()
              if a != taught and reach(table, a)]
    unlike = [a for a in others if read(a).kind != read(taught).kind]
    return (unlike or others or [None])[0]


# each tutorial walked in one language, turning (every bubble is checked in every language
# where it is drawn with the least room, below)
WALKS = [(game_id, i18n.available()[g % len(i18n.available())])
         for g, game_id in enumerate(tutorial.SCRIPTS)]


@pytest.mark.parametrize("game_id, language", WALKS)
def test_every_tutorial_walked_by_mouse_and_keys(app, lang, game_id, language):
    i18n.set_language(language)
    script = SCRIPTS[game_id]
    table = open_tutorial(app, game_id=game_id)
    guide, state = table.guide, table.link.match.state
    assert isinstance(table, table_for(game_id)) and table.session.seats[1].is_bot
    mouse = True
    while not guide.finished:
        next_stop(app, table)
        if guide.finished:
            break
        if table.moments and guide.explaining is None:     # a bust, a joker won: seen
            go_on(app, table)
            continue
        if table.dialog is not None:                       # TEN's scoring, read
            step(app, 30)
            key(app, pygame.K_RETURN)
            continue
        shown = guide.shown
        assert guide.text() == table.say(shown.say, shown.seat, **shown.values)
        assert guide.bubble.w > 0 and app.screen.get_rect().contains(guide.bubble)
        done = len(script.moves_before(guide.lesson.at))
        if guide.explaining is not None:          # a computer's step, explained
            assert state.history == list(script.moves_before(guide.lesson.at))
            told = table.moments.current if table.moments else None
            step(app, 2)
            if told is not None:                  # one Go on: the banner's, not the bubble's
                wait_for(app, lambda: table.moments.shown >= GUARD)    # a click counts
                assert guide.go_on_button.rect.w == 0
                assert table.moments.banner.button.rect.w > 0
            if mouse:
                click(app, (table.moments.banner.button if told is not None
                            else guide.go_on_button).rect.center)
            else:
                key(app, pygame.K_RETURN)
            step(app, 1)
            # the moment the bubble told of (a bust, a joker won) passed with it: one Enter
            # (a next one, say the round's end after a showdown, is still held to be seen)
            assert guide.explaining is None
            assert told is None or not table.moments or table.moments.current is not told
            mouse = not mouse
            continue
        taught = guide.lesson.taught()
        wrong = a_wrong_move(table, taught, mouse)
        if wrong is not None:                     # refused with the bubble's reason
            app.toasts.items.clear()
            button = next((b for b in table.live_buttons()
                           if table.bound_move(b) == wrong and b.rect.w), None)
            if button is not None and (mouse or button.key is None):   # dimmed: pressed
                click(app, button.rect.center)
            elif button is not None:                  # or its key pressed
                key(app, button.key)
            else:
                (by_mouse if mouse else by_keys)(app, table, wrong)
            assert len(state.history) == done
            reason = t("tutorial.not_now", move=table.words.move(taught))
            assert [toast.text for toast in app.toasts.items] == [reason]
            table.selected = None
            getattr(table, "close_tray", lambda: None)()      # TEN: the refused buy's tray
        (by_mouse if mouse else by_keys)(app, table, taught)
        at = guide.lesson.at
        assert state.history == list(script.moves_before(at)), (language, taught)
        view = state.view(0)
        assert all(tutorial.shows(view[k], v) for k, v in script.steps[at - 1].expect.items())
        mouse = not mouse
    assert state.is_over and state.history == list(script.moves_before(len(script.steps)))
    assert table.dialog is not None and table.dialog.title == t("tutorial.done_title")
    whole = f"tutorial.{game_id}.done_body"             # TEN, 10 Retro: a whole game
    assert table.dialog.lines[-1] == t(whole if whole in STRINGS else "tutorial.done_body")
    assert store.tutorial_step(game_id) is None           # done: next time from the start
    step(app, 30)
    key(app, pygame.K_RETURN)                             # Play against Easy
    real = app.top
    assert type(real) is table_for(game_id) and real.session.seats[1].bot == "easy"
    assert real.session.seed != 1 and not real.session.history


def test_the_computer_plays_the_script_never_its_bot(app):
    table = open_tutorial(app, at=1)                      # Robin's 41 is next
    wait_for(app, lambda: table.guide.explaining is not None, 2000)
    assert table.link.match.state.history == ["play 34", "play 41"]
    step(app, 200)                                        # the bubble holds the game
    assert table.link.match.state.history == ["play 34", "play 41"]


def test_an_only_move_waits_for_the_learner(app):
    """The take of step 7 is the learner's only move: the table does not play it alone."""
    at = next(i for i, s in enumerate(SCRIPT.steps) if s.learner and s.move == TAKE)
    table = open_tutorial(app, at=at)
    assert table.link.match.only_choice == TAKE
    step(app, 300)
    assert len(table.link.match.state.history) == len(SCRIPT.moves_before(at))
    key(app, pygame.K_r)
    assert table.link.match.state.history[-1] == TAKE


def test_back_a_step_and_coming_back_resume_the_tutorial(app):
    table = open_tutorial(app)
    next_stop(app, table)
    by_keys(app, table, "play 34")
    next_stop(app, table)
    key(app, pygame.K_RETURN)                             # Robin's 41 explained
    next_stop(app, table)
    assert table.guide.lesson.taught() == "twist 14"
    assert store.tutorial_step("takethat") == 2
    app.reset("menu")                                     # left: the place is kept
    table = open_tutorial(app)
    assert table.guide.lesson.taught() == "twist 14"
    assert table.link.match.state.history == ["play 34", "play 41"]
    click(app, table.guide.back_button.rect.center)       # back over Robin's step
    table = app.top
    assert table.guide.lesson.taught() == "play 34" and table.link.match.state.history == []
    click(app, table.guide.skip_button.rect.center)
    assert store.tutorial_step("takethat") is None and type(app.top).__name__ == "MenuScene"


def test_learn_to_play_is_on_the_take_that_setup(app):
    app.reset("menu")
    app.push("setup", game_id="takethat")
    step(app, 2)
    setup = app.top
    assert setup.learn is not None and setup.learn.text == t("tutorial.learn")
    click(app, setup.learn.rect.center)
    assert hasattr(app.top, "guide") and app.top.session.game_id == "takethat"


# 1024×640 at 200%, the least room, in every language; the other sizes in one language
# each, turning with the game, so each size meets each language over the scripts
LEAST_ROOM = ((1024, 640), "200")
OTHER_SIZES = [((1024, 640), "auto"), ((1024, 640), "75"), ((1920, 1080), "auto")]
LANGUAGES = i18n.available()
BUBBLE_CASES = [(game_id, language, *LEAST_ROOM) for game_id in tutorial.SCRIPTS
                for language in LANGUAGES]
# the other sizes one per game, turning (every size and language is met across games;
# three per game took a twentieth of the suite)
BUBBLE_CASES += [(game_id, LANGUAGES[g % len(LANGUAGES)], *OTHER_SIZES[g % len(OTHER_SIZES)])
                 for g, game_id in enumerate(tutorial.SCRIPTS)]


@pytest.mark.parametrize("game_id, language, window, ui_size", BUBBLE_CASES)
def test_every_bubble_fits_beside_what_it_points_at(app, lang, game_id, language, window,
                                                    ui_size):
    """At 1024×640 and the ends of the scale: inside the window, clear of the card or
    button it points at and of the words the table keeps readable, its lines within it."""
    i18n.set_language(language)
    app._on_resize(window)
    app.set_ui_size(ui_size)
    for at, lesson in enumerate(SCRIPTS[game_id].steps):
        if not lesson.say:
            continue
        table = open_tutorial(app, at, game_id)  # a computer's step: played, then told
        wait_for(app, lambda: table.guide.shown == lesson, 3000)
        step(app, 2)
        guide = table.guide
        assert guide.shown == lesson and guide.bubble.w > 0, at
        assert app.screen.get_rect().contains(guide.bubble), (at, guide.bubble)
        target = guide.pointed(lesson)
        assert (target is not None) == bool(lesson.points), (at, lesson.points)
        if target is not None:
            assert not guide.bubble.colliderect(target), (at, guide.bubble, target)
        # the words the table keeps readable (TEN's total, its bids), where there is room
        readable = table.readable if ui_size != LEAST_ROOM[1] else []
        for other in (guide.back_button.rect, table.pause_button.rect, *readable):
            assert not guide.bubble.colliderect(other), (at, other)   # TEN's total, bids


def test_a_game_in_progress_is_left_alone_by_the_tutorial(app):
    """The tutorial's match saves nothing as a game in progress and keeps nothing: the
    learner's real game of Take That waits for them, through Restart and the end."""
    from tentable.session import BOT, Seat, Session
    from tentable import archive
    real = Session("takethat", (Seat("You"), Seat("Ana", BOT, "easy")), seed=5)
    store.save_autosave(real.record([]))
    saved = store.load_autosave("takethat")[0]
    table = open_tutorial(app)
    next_stop(app, table)
    by_keys(app, table, "play 34")
    table.restart()                                       # the pause menu's Restart
    table = app.top
    assert table.guide.lesson.at == 0 and table.link.match.state.history == []
    assert store.tutorial_step("takethat") == 0
    table = open_tutorial(app, at=len(SCRIPT.steps) - 1)
    next_stop(app, table)
    by_keys(app, table, SCRIPT.steps[-1].move)
    wait_for(app, lambda: table.guide.finished, 3000)
    table.close()
    assert store.load_autosave("takethat")[0] == saved
    assert archive.load_all()[0] == []


def test_the_hint_and_the_marks_show_the_taught_move_only(app):
    """H lights the taught move, never Hard's own idea; the other cards are dimmed."""
    at = next(i for i, s in enumerate(SCRIPT.steps) if s.learner and s.move == "play 45")
    table = open_tutorial(app, at=at)
    next_stop(app, table)
    key(app, pygame.K_h)
    assert table.hinting and table.suggestion is None
    assert table.legal() == {"play 45"}
    assert table.dimmed == set(table.view["hand"]) - {45}


def test_backspace_goes_back_a_step(app):
    table = open_tutorial(app, at=2)                      # the twist, after Robin's 41
    next_stop(app, table)
    key(app, pygame.K_BACKSPACE)
    assert app.top.guide.lesson.taught() == "play 34" and app.top.link.match.state.history == []


def test_the_bubbles_are_read_aloud(app):
    from test_read_aloud import Heard
    app.speech = Heard()
    app.set_read_aloud(True)
    table = open_tutorial(app)
    next_stop(app, table)
    step(app, 2)
    first = table.guide.text()
    assert first in app.speech.texts()
    takethat_ui.play_by_keys(app, table, "play 34")
    next_stop(app, table)                                 # Robin's 41, explained
    step(app, 2)
    assert table.guide.text() != first and table.guide.text() in app.speech.texts()


def test_backspace_cancels_an_open_choice_before_it_goes_back(app):
    """10 Retro's placing asks which side up and how many chips, with Cancel on
    Backspace: there Backspace cancels the choice; the lesson stays where it is."""
    table = open_tutorial(app, at=0, game_id="retro10")
    next_stop(app, table)
    retro10_ui.select_by_keys(app, table, "3")
    key(app, pygame.K_d)
    assert table.pending is not None
    key(app, pygame.K_BACKSPACE)
    assert app.top is table and table.pending is None and table.guide.lesson.at == 0


@pytest.mark.parametrize("game_id", tutorial.SCRIPTS)
def test_learn_to_play_is_on_each_games_menu_tile_by_mouse(app, game_id):
    """#43 item 1: the menu's tile of every game with a script has Learn to play."""
    app.reset("menu")
    step(app)
    tile = next(tile for tile in app.top.tiles if tile.game.id == game_id)
    click(app, tile.learn_pill.center)
    assert getattr(app.top, "guide", None) is not None
    assert app.top.session.game_id == game_id and app.top.guide.lesson.at == 0


def test_learn_to_play_on_the_menu_by_keys(app):
    """Tab to the first tile, up to its Learn to play, Enter: its tutorial."""
    app.reset("menu")
    step(app)
    menu = app.top
    key(app, pygame.K_TAB)
    key(app, pygame.K_UP)
    assert menu.nav.current.rect() == menu.tiles[0].learn_pill
    key(app, pygame.K_RETURN)
    assert app.top.guide is not None and app.top.session.game_id == menu.tiles[0].game.id
