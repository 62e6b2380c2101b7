"""The app under the SDL dummy driver: real pygame events through the real loop.

A tiny fake game ("count to ten") and table stand in for the real ones, so these
tests exercise the scene machinery alone.
"""
import random
import threading
import time

import pygame
import pytest

from tentable.engine import GAMES, IllegalAction
from tentable.engine.core import Game, Option, Phase, State
from tentable.ui import app as app_module
from tentable.ui.app import MIN_SIZE, App
from tentable.ui.scenes import TABLES, table as table_module
from tentable.ui.scenes.menu import MenuScene
from tentable.ui.scenes.pause import PauseScene
from tentable.ui.scenes.results import ResultsScene
from tentable.ui.scenes.settings import SettingsScene
from tentable.ui.scenes.setup import SetupScene
from tentable.ui.scenes.table import TableScene
from tentable.ui.session import Seat, Session
from tentable.ui.text import STRINGS, t
from uitools import click, key, wait_for


# -- a fake game: players in turn add 1 or 2; whoever reaches the target ends it --
def _legal(state):
    return ["add 1", "add 2"]


def _check(state, action):
    raise IllegalAction(f"{action!r}: say 'add 1' or 'add 2'")


def _perform(state, action):
    n = int(action.split()[1])
    state.total += n
    state.added[state.turn] += n
    state.turn = (state.turn + 1) % state.players


class Count(State):
    game_id = "count"
    title = "Count to Ten"
    min_players = 2
    max_players = 4
    options_spec = (Option("target", 10, int, low=3, high=30, help="where the count ends"),
                    Option("double", False, bool, help="steps of 2 and 4"))
    phases = {"count": Phase(_legal, lambda state, action: action if action in
                             ("add 1", "add 2") else _check(state, action), _perform)}
    fields = ("total", "turn", "added")

    @classmethod
    def new(cls, players, seed, options, deck):
        state = cls(players, seed, options)
        state.phase, state.total, state.turn, state.added = "count", 0, 0, [0] * players
        return state

    @property
    def current_player(self):
        return None if self.total >= self.options["target"] else self.turn

    def scores(self):
        return list(self.added)

    def _view(self, seat):
        return {"total": self.total, "round_scores": [self.scores()]}

    def _determinize(self, seat, rng):
        pass

    def zones(self):
        return {}

    def hidden_zones(self, seat):
        return set()


class CountTable(TableScene):
    def __init__(self, app, session):
        super().__init__(app, session)
        self.actions = []
        self.seat_changes = []

    def draw_view(self, surface, view, seat):
        pygame.draw.rect(surface, (200, 200, 200), (40, 80, 20 * view["total"] + 1, 30))

    def handle_input(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.submit(f"add {event.key - pygame.K_0}")

    def on_action(self, seat, action, before, after):
        self.actions.append((seat, action, before["total"], after["total"]))

    def on_seat_change(self, seat):
        self.seat_changes.append(seat)


class GatedBot:
    """Thinks until the test lets it answer."""

    def __init__(self, seat):
        self.seat = seat
        self.release = threading.Event()

    def choose(self, state):
        assert self.release.wait(10)
        return "add 1"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def count_only(monkeypatch):
    """The registry holds only the fake game and its table."""
    for game_id in list(GAMES):
        monkeypatch.delitem(GAMES, game_id)
    monkeypatch.setitem(GAMES, "count", Game("count", Count.title, 2, 4, Count,
                                             Count.options_spec))
    monkeypatch.setitem(TABLES, "count", CountTable)


@pytest.fixture
def app():
    the_app = App(size=(1280, 720))
    yield the_app
    the_app.close()


def session(*kinds, seed=1, **options):
    seats = tuple(Seat(f"P{i}", "human" if k == "human" else "bot", "" if k == "human" else k)
                  for i, k in enumerate(kinds))
    return Session("count", seats, seed, options)


# -- the window -------------------------------------------------------------------
def test_app_starts_at_the_menu_and_draws(app):
    assert isinstance(app.top, MenuScene)
    assert pygame.display.get_caption()[0] == "tentable"
    app.step(wait=False)
    assert app.frame_count == 1
    assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
    middle = app.screen.get_at((app.size[0] // 2, app.size[1] // 2))
    assert middle != pygame.Color(0, 0, 0)


def test_resize_is_clamped_to_the_minimum(app):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 700), w=1200, h=700))
    app.step(wait=False)
    assert app.size == (1200, 700)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500))
    app.step(wait=False)
    assert app.size == MIN_SIZE
    assert pygame.display.get_surface().get_size() == MIN_SIZE


def test_idle_frames_are_not_redrawn(app):
    app.step(wait=False)
    drawn = app.frame_count
    for _ in range(30):
        app.step()
    assert app.frame_count == drawn
    key(app, pygame.K_DOWN)  # input redraws
    assert app.frame_count == drawn + 1


def test_quit_event_ends_run(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert not app.running


# -- navigating with real events -----------------------------------------------------
def test_menu_to_setup_to_settings_and_back(count_only, app):
    menu = app.top
    app.step(wait=False)
    click(app, menu.tiles[0].rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.game.id == "count"
    click(app, setup.back.rect.center)
    assert app.top is menu
    click(app, menu.settings_button.rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    fast = settings.rows[0][1]
    click(app, fast.rects[2].center)                       # Slow Normal [Fast] Instant
    assert app.settings["animation_speed"] == "fast"
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    from tentable import store
    assert store.load_settings()[0]["animation_speed"] == "fast"
    # keyboard: the first arrow shows the ring on the first tile, Enter opens it
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    # Down from the tiles reaches the buttons row; Right goes on to Quit
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)


def test_setup_choices_are_remembered_and_start_a_table(count_only, app):
    app.step(wait=False)
    click(app, app.top.tiles[0].rect.center)
    setup = app.top
    click(app, setup.players.plus.rect.center)             # 3 → 4 players
    assert setup.players.value == 4
    click(app, setup.players.plus.rect.center)             # the game's maximum
    assert setup.players.value == 4 and not setup.players.plus.enabled
    row = setup.rows[1]
    click(app, row.kind.rects[0].center)                   # seat 1: human
    click(app, row.name.rect.center)
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    key(app, pygame.K_RETURN)
    target = setup.options[0].control
    click(app, target.plus.rect.center)
    click(app, setup.options[1].control.rects[1].center)   # double: On
    click(app, setup.seed.rect.center)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="12ab3"))
    app.step(wait=False)
    chosen = setup.session()
    assert chosen.seed == 123
    assert [s.name for s in chosen.seats] == ["You", "Zoë", "Ben", "Cleo"]
    assert [s.kind for s in chosen.seats] == ["human", "human", "bot", "bot"]
    assert chosen.options == {"target": 11, "double": True}
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, CountTable) and table.session.seed == 123
    assert app.settings["games"]["count"]["players"] == 4
    # a new setup screen starts from these choices
    again = SetupScene(app, "count")
    assert again.players.value == 4 and again.rows[1].name.text == "Zoë"
    assert again.options[0].value == 11 and again.options[1].value is True


def test_a_game_without_a_table_is_coming_soon(count_only, app, monkeypatch):
    monkeypatch.delitem(TABLES, "count")
    monkeypatch.setattr("tentable.ui.scenes.setup.table_for", lambda game_id: None)
    app.push(SetupScene(app, "count"))
    click(app, app.top.start.rect.center)
    assert isinstance(app.top, SetupScene)
    assert "coming soon" in app.toasts.items[-1].text


# -- the table base -----------------------------------------------------------------
def test_human_moves_illegal_moves_autosave_and_results(count_only, app, home):
    table = CountTable(app, session("human", "random", target=4))
    app.reset(table)
    assert table.seat == 0 and table.my_turn
    assert table.why_not("add 1") is None and "add 1" in table.why_not("add 7")
    assert not table.submit("add 7")
    assert app.toasts.items[-1].kind == "error" and "add 1" in app.toasts.items[-1].text
    key(app, pygame.K_2)
    assert table.actions == [(0, "add 2", 0, 2)]
    assert (home / "saves" / "autosave.json").exists()
    assert not table.my_turn and table.submit("add 1") is False
    app.settings["animation_speed"] = "instant"

    def play_on():
        if table.my_turn:
            key(app, pygame.K_1)
        return table.game_over
    wait_for(app, play_on)
    assert [seat for seat, *_ in table.actions] == [0, 1, 0, 1][:len(table.actions)]
    wait_for(app, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    assert results.rounds == [results.scores]
    click(app, results.again.rect.center)
    assert isinstance(app.top, CountTable) and app.top is not table
    assert app.top.session.seats == table.session.seats
    assert app.top.session.seed != table.session.seed


def test_escape_answers_while_a_bot_thinks(count_only, app, monkeypatch):
    bots = {}
    monkeypatch.setattr(table_module, "make_bot",
                        lambda name, game_id, seat, seed: bots.setdefault(seat, GatedBot(seat)))
    table = CountTable(app, session("random", "human"))
    app.reset(table)
    wait_for(app, lambda: table._job is not None)
    started = time.monotonic()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert time.monotonic() - started < 0.5
    key(app, pygame.K_ESCAPE)                               # resume
    assert app.top is table and table.actions == []
    bots[0].release.set()
    wait_for(app, lambda: table.actions)
    assert table.actions == [(0, "add 1", 0, 1)]
    assert table.my_turn


def test_bot_moves_wait_for_the_animation_speed(count_only, app):
    app.settings["animation_speed"] = "slow"
    table = CountTable(app, session("human", "random"))
    app.reset(table)
    key(app, pygame.K_1)
    started = time.monotonic()
    wait_for(app, lambda: len(table.actions) == 2)
    assert time.monotonic() - started >= table_module.BOT_DELAY["slow"] - 0.05


def test_two_humans_pass_the_screen_behind_a_curtain(count_only, app):
    table = CountTable(app, session("human", "human"))
    app.reset(table)
    assert table.curtain == 0 and table.seat is None and not table.my_turn
    key(app, pygame.K_1)                                     # hidden: nothing happens
    assert table.actions == []
    click(app, table.curtain_button.rect.center)
    assert table.curtain is None and table.seat == 0 and table.seat_changes == [0]
    key(app, pygame.K_1)
    assert table.curtain == 1 and table.seat is None
    key(app, pygame.K_RETURN)
    assert table.seat == 1 and table.my_turn
    assert table.actions == [(0, "add 1", 0, 1)]


def test_pause_restart_and_quit_to_menu(count_only, app):
    table = CountTable(app, session("human", "random", seed=5))
    app.reset(table)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    click(app, pause.buttons[1].rect.center)                # Restart
    restarted = app.top
    assert isinstance(restarted, CountTable) and restarted.session.seed != 5
    assert app.scenes == [restarted]
    click(app, restarted.pause_button.rect.center)
    click(app, app.top.buttons[2].rect.center)              # Settings
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons[3].rect.center)              # Quit to menu
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_launch_names_seats_like_setup(monkeypatch):
    from tentable.ui import launch
    chosen = launch.session_for("takethat", ["human", "heuristic", "random"], seed=4)
    assert [(s.name, s.kind, s.bot) for s in chosen.seats] == [
        ("You", "human", ""), ("Ana", "bot", "heuristic"), ("Ben", "bot", "random")]
    assert chosen.seed == 4


def test_an_unfinished_game_can_be_continued_from_the_menu(count_only, app):
    table = CountTable(app, session("human", "random", seed=9))
    app.reset(table)
    key(app, pygame.K_2)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons[3].rect.center)              # Quit to menu
    menu = app.top
    assert menu.continue_button is not None and menu.saved.history[0] == "add 2"
    click(app, menu.continue_button.rect.center)
    resumed = app.top
    assert isinstance(resumed, CountTable) and resumed.session.seed == 9
    assert resumed.view["total"] == table.view["total"] and resumed.names == table.names


# -- text -------------------------------------------------------------------------------
def test_text_lookup_never_crashes():
    assert t("menu.play") == "Play"
    assert t("no.such.key") == "no.such.key"
    assert t("menu.players", low=2) == STRINGS["menu.players"]
    assert t("menu.players", low=2, high=4) == "2–4 players"


# -- monkey -----------------------------------------------------------------------------
KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_DELETE,
        pygame.K_HOME, pygame.K_END, pygame.K_1, pygame.K_2, pygame.K_a]


def test_monkey(count_only, app, monkeypatch):
    """2,000 random clicks, keys, text and resizes over every menu-like scene."""
    rng = random.Random(20240611)
    monkeypatch.setattr(app_module.App, "set_fullscreen", lambda self, on: None)
    seen = set()
    for i in range(2000):
        w, h = app.size
        roll = rng.random()
        if roll < 0.5:
            pos = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                                 button=rng.choice((1, 1, 1, 3))))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif roll < 0.9:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0,
                                                 unicode="", scancode=0))
        elif roll < 0.97:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT,
                                                 text=rng.choice(["7", "x", "Ü", "42", " "])))
        else:
            size = (rng.randrange(600, 1700), rng.randrange(400, 1000))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                 h=size[1]))
        if i % 3 == 0:
            app.step(wait=False)
        if not app.running or not app.scenes:  # the monkey found Quit
            app.running = True
            app.reset(MenuScene(app))
        seen.add(type(app.top).__name__)
        assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
    assert {"MenuScene", "SetupScene", "SettingsScene", "PauseScene"} <= seen


def test_people_sharing_the_screen_get_names_not_you():
    from tentable.ui import launch
    names = [s.name for s in launch.session_for("takethat", ["human", "human", "heuristic"],
                                                seed=1).seats]
    assert names == ["Ana", "Ben", "Cleo"]
