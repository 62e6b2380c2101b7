"""How to play from every way in (#22): the menu's tiles and F1 there, the setup screen's
button and F1; Back returns where the player came from. And the text fields: Ctrl+A,
typing where the focus is, Tab through every control to Start."""
import pygame
import pytest

from tentable.engine import GAMES
from tentable.text import t
from tentable.ui.scenes.games import GamesScene
from tentable.ui.scenes.menu import MenuScene
from tentable.ui.scenes.rules import RulesScene
from tentable.ui.scenes.setup import SetupScene
from test_words_on_screen import codes, offences
from uitools import click, key, post, record_labels, step


def type_text(app, text):
    post(pygame.TEXTINPUT, text=text)
    app.step(wait=False)


def ctrl_a(app):
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)


def tab(app, back=False):
    key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT if back else 0)


def open_menu(app):
    app.reset("menu")
    step(app)
    return app.top


# -- the ways in -------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(len(GAMES)))
def test_each_menu_tile_opens_its_games_rules_and_back_returns_to_the_menu(app, n):
    menu = open_menu(app)
    tile = menu.tiles[n]
    click(app, tile.rules_pill.center)
    page = app.top
    assert isinstance(page, RulesScene) and page.game_id == tile.game.id
    click(app, page.back.rect.center)
    assert app.top is menu


def test_f1_on_the_menu_opens_the_rules_of_the_game_in_focus(app):
    menu = open_menu(app)
    tab(app)                         # the ring appears on the first tile
    tab(app)                         # its Learn to play
    tab(app)                         # its How to play
    tab(app)                         # the second tile
    second = menu.tiles[1].game.id
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.game_id == second
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_the_keyboard_reaches_how_to_play_on_a_tile(app):
    menu = open_menu(app)
    tab(app)                                    # the ring: the first tile
    tab(app)                                    # its Learn to play
    tab(app)                                    # its How to play
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, RulesScene) and app.top.game_id == menu.tiles[0].game.id


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_setup_screen_opens_the_rules_of_the_game_being_set_up(app, game_id):
    open_menu(app)
    app.push("setup", game_id=game_id)
    step(app)
    setup = app.top
    click(app, setup.rules.rect.center)
    assert isinstance(app.top, RulesScene) and app.top.game_id == game_id
    click(app, app.top.back.rect.center)
    assert app.top is setup
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.game_id == game_id
    key(app, pygame.K_F1)                        # F1 again closes the page
    assert app.top is setup


# -- text fields ----------------------------------------------------------------------------
def open_setup(app, game_id="takethat"):
    open_menu(app)
    app.push("setup", game_id=game_id)
    step(app)
    return app.top


def test_ctrl_a_selects_a_name_and_typing_replaces_it(app):
    setup = open_setup(app)
    field = setup.rows[1].name
    click(app, field.rect.center)
    assert field.active and field.selection is None
    type_text(app, "x")
    assert field.text.endswith("x")              # a click types at the end
    ctrl_a(app)
    assert field.selection == (0, len(field.text))
    type_text(app, "Zoe")
    assert field.text == "Zoe" and field.selection is None
    ctrl_a(app)
    key(app, pygame.K_BACKSPACE)
    assert field.text == ""
    type_text(app, "Ida")
    ctrl_a(app)
    key(app, pygame.K_LEFT)                      # off the selection, to its start
    assert field.selection is None and field.caret == 0
    type_text(app, "L")
    assert field.text == "LIda"
    key(app, pygame.K_RETURN)
    assert not field.active and setup.session().seats[1].name == "LIda"


def test_tab_goes_through_every_control_in_order_and_reaches_start(app):
    setup = open_setup(app)
    items = setup.nav.items
    assert items[-1].rect() == setup.start.rect and items[-2].rect() == setup.rules.rect
    seen = []
    for _ in range(len(items)):
        tab(app)                                 # the first: the first control
        seen.append(setup.nav.index)
    assert seen == list(range(len(items)))       # each once, in order, to Start
    assert setup.nav.current.rect() == setup.start.rect
    tab(app, back=True)
    assert setup.nav.current.rect() == setup.rules.rect


def test_typing_goes_to_the_field_tab_lands_on(app):
    setup = open_setup(app)
    names = [row.name for row in setup.rows[: setup.players.value]]
    first = next(i for i, item in enumerate(setup.nav.items) if item.field is names[0])
    for _ in range(first + 1):                   # the first Tab: the first control
        tab(app)
    assert names[0].active and names[0].selection == (0, len(names[0].text))
    type_text(app, "Mia")
    assert names[0].text == "Mia"
    tab(app)                                     # on to the next control: typing ends
    assert not names[0].active
    type_text(app, "zz")
    assert names[0].text == "Mia" and not any(f.active for f in setup.fields())
    seed = setup.seed
    while setup.nav.current.field is not seed:
        tab(app)
    assert seed.active
    type_text(app, "42")
    assert seed.text == "42"


def test_after_a_click_in_a_field_tab_goes_on_from_there(app):
    setup = open_setup(app)
    field = setup.rows[0].name
    click(app, field.rect.center)
    tab(app)
    assert not field.active
    at = next(i for i, item in enumerate(setup.nav.items) if item.field is field)
    assert setup.nav.index == at + 1


def test_enter_on_start_starts_the_game(app):
    setup = open_setup(app)
    tab(app, back=True)                          # the first Shift+Tab: the last control
    assert setup.nav.current.rect() == setup.start.rect
    key(app, pygame.K_RETURN)
    assert app.top is not setup and getattr(app.top, "session", None) is not None
    assert app.top.session.game_id == "takethat"


def test_the_games_file_field_takes_tab_and_ctrl_a(app):
    open_menu(app)
    app.push("games")
    step(app)
    games = app.top
    assert isinstance(games, GamesScene)
    tab(app)
    assert games.path.active and games.path.selection == (0, len(games.path.text))
    type_text(app, "~/mine.json")
    assert games.path.text == "~/mine.json"
    tab(app)
    assert not games.path.active and games.nav.current.rect() == games.back_button.rect
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)


# -- words ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_rule_id_or_card_code_on_the_menu_setup_or_rules_page(app, monkeypatch, game_id):
    drawn = record_labels(monkeypatch)
    open_menu(app)
    app.push("setup", game_id=game_id)
    step(app)
    setup = app.top
    assert isinstance(setup, SetupScene)
    while setup.players.plus.enabled:           # every seat and every option shown
        click(app, setup.players.plus.rect.center)
    app.push("rules", game_id=game_id)
    page = app.top
    while True:
        app.invalidate()
        step(app)
        if page.scroll >= page.max_scroll:
            break
        page.scroll_by(page.view_height)
    bad = {text: found for text in drawn if (found := offences(text, codes(game_id)))}
    assert not bad, bad
    assert not [text for text in drawn if "`" in text or "**" in text]   # no Markdown marks


@pytest.mark.parametrize("scene, values, hint", [
    ("menu", {}, "menu.hint"), ("setup", {"game_id": "ten"}, "setup.hint"),
    ("games", {}, "games.hint"), ("settings", {}, "settings.hint"),
    ("stats", {}, "stats.hint"), ("rules", {"game_id": "elfer"}, "rules.scroll")])
def test_each_scene_shows_its_keys(app, monkeypatch, scene, values, hint):
    drawn = record_labels(monkeypatch)
    open_menu(app)
    if scene != "menu":
        app.push(scene, **values)
    app.invalidate()
    step(app)
    assert t(hint) in drawn
