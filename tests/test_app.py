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
from tentable.engine.core import Phase, State
from tentable.engine.options import Option
from tentable.engine.registry import Game
from tentable.ui import app as app_module
from tentable.ui.app import MIN_SIZE, App, CrashScene
from tentable.ui.scene import Scene
from tentable import match as match_module
from tentable.botjobs import Job
from tentable.ui.scenes import SCENES, TABLES
from tentable.ui.tables import base as table_module
from tentable.ui.scenes.common import Picker, ReadOnly, Segmented, Stepper
from tentable.ui.scenes.menu import MenuScene
from tentable.ui.scenes.pause import PauseScene
from tentable.ui.scenes.results import ResultsScene
from tentable.ui.scenes.settings import SettingsScene
from tentable.ui.scenes.setup import SetupScene
from tentable.ui.tables.base import TableScene
from tentable.ui.widgets.logpanel import LogPanel
from tentable.session import Seat, Session
from tentable.text import STRINGS, t
from uitools import FakeClock, click, key, step, wait_for


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

    def zones(self):        # no cards, so no secrets: nothing to declare
        return {}


class CountTable(TableScene):
    def __init__(self, app, session, link=None):
        super().__init__(app, session, link)
        self.log = LogPanel((0, 0, 10, 10))   # the base reads it (the only move, reading aloud)
        self.actions = []
        self.seat_changes = []
        self.told = []

    def tell(self, text):
        self.told.append(text)

    def draw_view(self, surface, view, seat):
        pygame.draw.rect(surface, (200, 200, 200), (40, 80, 20 * view["total"] + 1, 30))

    def handle_input(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.submit(f"add {event.key - pygame.K_0}")

    def on_actions(self, seat, actions, views):
        for action, before, after in zip(actions, views, views[1:]):
            self.actions.append((seat, action, before["total"], after["total"]))

    def on_seat_change(self, seat, turned):
        self.seat_changes.append(seat)


class GatedBot:
    """Thinks until the test lets it answer."""
    time_limit = 1.0

    def __init__(self, seat):
        self.seat = seat
        self.release = threading.Event()

    def choose(self, state):
        assert self.release.wait(10)
        return "add 1"


class QuickBot:
    """The cheaper level a late search falls back to."""
    time_limit = None

    def choose(self, state):
        return "add 2"


class ThreadWorker:
    """Stands in for the bot process: the gated bot thinks on a thread of this process."""

    def __init__(self, bots):
        self.bots = bots

    def submit(self, spec, state, seat, deadline, clock):
        job = Job(seat, deadline, clock)

        def think():
            job.begin()
            job.finish(self.bots[seat].choose(state))
        threading.Thread(target=think, daemon=True).start()
        return job

    def check(self):
        pass


@pytest.fixture
def gated(monkeypatch):
    """Seats whose bot is "search" think in the (stand-in) worker until released."""
    bots = {}

    def make(name, game_id, seat, seed=0, time_limit=None):
        return bots.setdefault(seat, GatedBot(seat)) if name == "search" else QuickBot()
    monkeypatch.setattr(match_module, "make_bot", make)
    fake = ThreadWorker(bots)
    monkeypatch.setattr(match_module, "worker", lambda: fake)
    return bots


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
    the_app = App(size=(1280, 720), clock=FakeClock())
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
    # Down from the tiles reaches the buttons row; Left and Right go along it
    key(app, pygame.K_DOWN)
    assert menu.nav.current.rect() in [b.rect for b in menu.buttons]
    for _ in range(len(menu.buttons)):
        if menu.nav.current.rect() == menu.settings_button.rect:
            break
        key(app, pygame.K_RIGHT if menu.nav.current.rect().x < menu.settings_button.rect.x
            else pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)


def test_the_menus_arrows_go_from_tile_to_tile(app):
    """→ from a tile's Play goes to the next tile's, ← back; ↑ reaches its Learn to play,
    then its How to play."""
    from tentable.ui.scenes.menu import LEARN, PLAY, RULES
    menu = app.top
    app.step(wait=False)

    def focus():
        _, tile, part = menu.tile_items[menu.nav.index]
        return menu.tiles.index(tile), part

    key(app, pygame.K_RIGHT)                  # the ring shows on the first tile
    assert focus() == (0, PLAY)
    key(app, pygame.K_RIGHT)
    assert focus() == (1, PLAY)
    key(app, pygame.K_RIGHT)
    assert focus() == (2, PLAY)
    key(app, pygame.K_LEFT)
    assert focus() == (1, PLAY)
    for tile in range(len(menu.tiles)):       # ↑ to Learn, ↑ How to play, ↓ ↓ back
        while focus()[0] != tile:
            key(app, pygame.K_RIGHT if focus()[0] < tile else pygame.K_LEFT)
        key(app, pygame.K_UP)
        assert focus() == (tile, LEARN)
        key(app, pygame.K_UP)
        assert focus() == (tile, RULES)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        assert focus() == (tile, PLAY)
    key(app, pygame.K_UP)
    key(app, pygame.K_LEFT)
    assert focus() == (len(menu.tiles) - 2, LEARN)


def test_setup_tab_starts_at_the_first_control_and_every_stop_shows(app):
    """The first Tab rings the first control (the players' −), not Start far down the
    screen; Shift+Tab from there goes round to Start; each stop is ringed where it is."""
    from tentable.ui.theme import SELECTED as FOCUS
    app.push("setup", game_id="takethat")
    setup = app.top
    app.step(wait=False)
    key(app, pygame.K_TAB)
    assert setup.nav.visible and setup.nav.index == 0
    for index in range(1, len(setup.nav.items)):
        key(app, pygame.K_TAB)
        assert setup.nav.index == index
        rect = setup.nav.current.rect()
        ring = rect.inflate(8, 8)
        colours = {tuple(app.screen.get_at((x, ring.y + 1)))[:3]
                   for x in range(ring.x + 12, ring.right - 12)}
        assert any(sum(abs(a - b) for a, b in zip(c, FOCUS)) < 60 for c in colours), index
    key(app, pygame.K_TAB)
    assert setup.nav.index == 0
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert setup.nav.current.rect() == setup.start.rect


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
    assert table.link.match.flush()         # written off the frame thread, without time passing
    assert (home / "saves" / "autosave-count.json").exists()
    assert not table.my_turn and table.submit("add 1") is False
    app.settings["animation_speed"] = "instant"

    def play_on():
        if table.my_turn:
            key(app, pygame.K_1)
        return table.game_over
    wait_for(app, play_on)
    assert [seat for seat, *_ in table.actions] == [0, 1, 0, 1][:len(table.actions)]
    # the final board waits for the player under its banner (the default: "wait")
    wait_for(app, lambda: table._final_board)
    for _ in range(600):
        step(app)
    assert app.top is table and not (home / "saves" / "autosave-count.json").exists()
    key(app, pygame.K_RETURN)
    results = app.top
    assert isinstance(results, ResultsScene) and results.rounds == [results.scores]
    key(app, pygame.K_ESCAPE)                       # close the results: the final board
    assert app.top is table and table.game_over
    click(app, table.over.button.rect.center)       # and open them again
    results = app.top
    assert isinstance(results, ResultsScene)
    click(app, results.again.rect.center)
    assert isinstance(app.top, CountTable) and app.top is not table
    assert app.top.session.seats == table.session.seats
    assert app.top.session.seed != table.session.seed


def test_escape_answers_while_a_bot_thinks(count_only, app, gated):
    bots = gated
    table = CountTable(app, session("search", "human"))
    app.reset(table)
    wait_for(app, lambda: table.link.match.job is not None)
    key(app, pygame.K_ESCAPE)               # answered while the bot is still gated
    assert isinstance(app.top, PauseScene) and not bots[0].release.is_set()
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
    started = app.clock()
    wait_for(app, lambda: len(table.actions) == 2)
    assert app.clock() - started >= table_module.BOT_DELAY["slow"]


def test_two_humans_pass_the_screen_behind_a_curtain(count_only, app, monkeypatch):
    # each seat holds something the other may not see (a hand)
    monkeypatch.setattr(Count, "hidden_cards", lambda self, seat: {
        f"secret of {other}" for other in range(self.players) if other != seat})
    table = CountTable(app, session("human", "human"))
    app.reset(table)
    assert table.curtain == 0 and table.seat is None and not table.my_turn
    key(app, pygame.K_1)                                     # hidden: nothing happens
    assert table.actions == []
    click(app, table.curtain_screen.button.rect.center)
    assert table.curtain is None and table.seat == 0 and table.seat_changes == [0]
    key(app, pygame.K_1)
    assert table.curtain == 1 and table.seat is None
    key(app, pygame.K_RETURN)
    assert table.seat == 1 and table.my_turn
    assert table.actions == [(0, "add 1", 0, 1)]


def test_no_second_curtain_when_only_computers_moved_since(count_only, app, monkeypatch):
    """Kim's turn comes back after the computer's, and nobody else looked at the screen
    in between: she goes on at once. Lou, who sits out, never saw it."""
    monkeypatch.setattr(Count, "hidden_cards", lambda self, seat: {
        f"secret of {other}" for other in range(self.players) if other != seat})
    # Lou (seat 1) is out of this round: Kim, the computer, Kim, ...
    monkeypatch.setattr(Count, "current_player", property(
        lambda self: None if self.total >= self.options["target"] else (0, 2, 0)[self.turn]))
    table = CountTable(app, session("human", "human", "random", target=30))
    app.reset(table)
    key(app, pygame.K_RETURN)                                # Kim sits down
    assert table.seat == 0 and table.my_turn
    key(app, pygame.K_1)
    assert table.seat is None                                # the computer's turn
    wait_for(app, lambda: len(table.actions) == 2)
    assert table.curtain is None and table.seat == 0 and table.my_turn


def test_no_curtain_where_nothing_is_private(count_only, app):
    """Nobody holds a secret (as in TEN): the screen goes straight to the next human."""
    table = CountTable(app, session("human", "human"))
    app.reset(table)
    assert table.curtain is None and table.seat == 0 and table.my_turn
    key(app, pygame.K_1)
    assert table.curtain is None and table.seat == 1 and table.my_turn


def test_pause_restart_and_quit_to_menu(count_only, app):
    table = CountTable(app, session("human", "random", seed=5))
    app.reset(table)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    click(app, pause.restart_button.rect.center)                # Restart asks first
    assert app.top is pause and pause.confirm is not None
    key(app, pygame.K_ESCAPE)                               # no: keep playing
    assert app.top is pause and pause.confirm is None and app.scenes[0] is table
    click(app, pause.restart_button.rect.center)
    click(app, pause.confirm.buttons[0].rect.center)        # yes: restart
    restarted = app.top
    assert isinstance(restarted, CountTable) and restarted.session.seed != 5
    assert app.scenes == [restarted]
    click(app, restarted.pause_button.rect.center)
    click(app, app.top.settings_button.rect.center)         # Settings
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.quit_button.rect.center)             # Quit to menu
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
    click(app, app.top.quit_button.rect.center)             # Quit to menu
    menu = app.top
    assert menu.saved["count"].history[0] == "add 2"
    key(app, pygame.K_RIGHT)                                # the ring shows on the tile
    key(app, pygame.K_UP)                                   # and goes up to Continue
    assert menu.nav.current.rect() == menu.tiles[0].continue_pill
    click(app, menu.tiles[0].continue_pill.center)
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
            app.clock.advance(0.15)            # at a person's pace: what came up is seen
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


# -- scenes by name, and closing them ---------------------------------------------------
class Recorder(Scene):
    """Counts what the app does to it."""

    def __init__(self, app, label="", log=None):
        super().__init__(app)
        self.label, self.log = label, log if log is not None else []

    def leave(self):
        self.log.append(("leave", self.label))

    def close(self):
        self.log.append(("close", self.label))


def test_scenes_are_asked_for_by_name(count_only, app):
    assert {"menu", "setup", "settings", "pause", "results", "table"} <= set(SCENES)
    assert isinstance(app.push("setup", game_id="count"), SetupScene)
    assert isinstance(app.push("settings"), SettingsScene)
    table = app.reset("table", session=session("human", "random"))
    assert isinstance(table, CountTable) and app.scenes == [table]
    assert isinstance(app.push("pause", table=table), PauseScene)
    app.pop()
    results = app.push("results", session=table.session, final={"total": 3}, scores=[1, 2],
                       winners=[1], table_class=CountTable)
    assert isinstance(results, ResultsScene) and results.headline() == "P1 wins!"
    with pytest.raises(KeyError, match="no scene called 'nope'"):
        app.push("nope")
    assert app.top is results                      # a scene that fails changes nothing
    custom = app.replace(lambda the_app, label: Recorder(the_app, label), label="made")
    assert app.top is custom and custom.label == "made"


def test_no_scene_module_imports_another():
    import ast
    import pathlib
    import tentable.ui.scenes as package
    folder = pathlib.Path(package.__file__).parent
    # a screen registers itself; the rest are its helpers (common, the setup screen's rows)
    screens = {path.stem for path in folder.glob("*.py")
               if path.stem != "__init__" and "@register_scene(" in path.read_text()}
    assert {"menu", "setup", "results"} <= screens and "common" not in screens
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[:3] == ["tentable", "ui", "scenes"] and len(parts) > 3:
                    assert parts[3] not in screens, f"{path.name} imports {node.module}"


def test_close_is_called_when_a_scene_leaves_for_good(app):
    log = []
    a, b, c = (Recorder(app, name, log) for name in "abc")
    app.reset(a)
    app.push(b)
    log.clear()
    app.pop()
    assert log == [("leave", "b"), ("close", "b")]
    log.clear()
    app.replace(c)
    assert log == [("leave", "a"), ("close", "a")]
    app.push(b)
    log.clear()
    app.reset(a)
    assert log == [("leave", "b"), ("close", "b"), ("close", "c")]
    log.clear()
    app.close()
    app.close()                                    # twice: once is enough
    assert log == [("leave", "a"), ("close", "a")]


def test_a_scene_failing_to_close_does_not_stop_the_others(app):
    log = []

    class Stubborn(Recorder):
        def close(self):
            raise RuntimeError("stuck")

    app.reset(Recorder(app, "below", log))
    app.push(Stubborn(app, "top", log))
    app.reset(Recorder(app, "new", log))
    assert ("close", "below") in log and app.top.label == "new"


# -- the crash handler ----------------------------------------------------------------
class Boom(Scene):
    def update(self, dt):
        raise ZeroDivisionError("boom in update")


def test_a_crash_writes_a_log_saves_the_game_and_offers_the_menu(count_only, app, home):
    table = CountTable(app, session("human", "random", seed=3))
    app.reset(table)
    key(app, pygame.K_2)
    flushed = []
    table.flush_autosave = lambda: flushed.append(True) or table.close()
    app.push(Boom(app))
    assert app.step_safely(wait=False)               # handled: the app goes on
    crash = app.top
    assert isinstance(crash, CrashScene) and flushed == [True]
    logs = list((home / "logs").glob("crash-*.log"))
    assert logs == [app.crash_log]
    text = logs[0].read_text()
    assert "ZeroDivisionError: boom in update" in text and "Boom" in text
    assert "Game: count, seed 3" in text
    assert any(str(logs[0]) in line for line in crash.dialog.lines)
    assert t("crash.saved") in crash.dialog.lines
    app.step(wait=False)                             # the dialog draws
    assert (home / "saves" / "autosave-count.json").exists()
    click(app, crash.menu_button.rect.center)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1
    assert app.top.saved["count"].history == ("add 2",)


def test_a_crash_in_the_crash_dialog_ends_the_app_with_the_log(app, home, monkeypatch):
    def broken(self, surface):
        raise RuntimeError("the dialog cannot draw")
    monkeypatch.setattr(CrashScene, "draw", broken)
    app.push(Boom(app))
    assert app.run() == 1                            # no loop: one report, then out
    assert not app.running and app.exit_code == 1
    text = app.crash_log.read_text()
    assert "boom in update" in text and "the dialog cannot draw" in text
    assert "While handling an earlier error" in text


def test_step_itself_lets_errors_through(app):
    app.push(Boom(app))
    with pytest.raises(ZeroDivisionError):
        app.step(wait=False)


# -- options per kind -----------------------------------------------------------------
def _rows_check(value, players):
    return None if sorted(value) == sorted("RYGB") else "must name each colour once"


class Kinds(Count):
    game_id = "kinds"
    options_spec = (
        Option("flag", False, bool, suggest=lambda players: players == 2),
        Option("size", 1, int, low=1, high=5, suggest=lambda players: players),
        Option("mode", "b", str, choices=("a", "b", "c")),
        Option("start", None, int, low=0, high=3, optional=True,
               check=lambda value, players: None if value < players else "no such seat"),
        Option("rows", None, list, choices=tuple("RYGB"), optional=True, check=_rows_check),
        Option("extra", {}, dict),                    # a kind the setup cannot edit
    )

    @property
    def automata(self):
        return [1] if self.options["mode"] == "c" else []

    @property
    def current_player(self):
        return None if self.total >= 10 else self.turn


@pytest.fixture
def kinds(count_only, monkeypatch):
    monkeypatch.setitem(GAMES, "kinds", Game("kinds", "Kinds", 2, 4, Kinds, Kinds.options_spec))
    monkeypatch.setitem(TABLES, "kinds", CountTable)


def test_each_option_kind_gets_a_fitting_control(kinds, app):
    setup = app.push("setup", game_id="kinds")
    app.step(wait=False)
    controls = {row.option.name: row.control for row in setup.options}
    assert isinstance(controls["flag"], Segmented) and controls["flag"].value is False
    assert isinstance(controls["size"], Stepper) and controls["size"].value == 3
    assert [v for v, _ in controls["mode"].choices] == ["a", "b", "c"]
    assert controls["start"].value is None and controls["start"].choices[0][1] == "By lot"
    assert [v for v, _ in controls["start"].choices] == [None, 0, 1, 2]   # seats of 3
    assert isinstance(controls["rows"], Picker) and controls["rows"].value is None
    assert isinstance(controls["extra"], ReadOnly)
    click(app, controls["rows"].stepper.plus.rect.center)
    assert controls["rows"].value == ["R", "Y", "G", "B"]
    click(app, controls["rows"].stepper.plus.rect.center)
    assert controls["rows"].value == ["Y", "G", "B", "R"]
    chosen = setup.session().options
    assert chosen == {"flag": False, "size": 3, "mode": "b", "start": None,
                      "rows": ["Y", "G", "B", "R"]}                  # extra: the default
    click(app, setup.start.rect.center)
    assert isinstance(app.top, CountTable) and app.top.session.options == chosen


def test_untouched_options_follow_the_player_count(kinds, app):
    setup = app.push("setup", game_id="kinds")
    app.step(wait=False)
    rows = {row.option.name: row for row in setup.options}
    click(app, setup.players.minus.rect.center)                     # 3 -> 2 players
    assert rows["flag"].value is True and rows["size"].value == 2   # suggested for two
    click(app, rows["size"].control.plus.rect.center)               # the player's own 3
    click(app, setup.players.plus.rect.center)
    click(app, setup.players.plus.rect.center)                      # 4 players
    assert rows["flag"].value is False and rows["size"].value == 3
    assert rows["start"].control.choices[-1][0] == 3
    rows["start"].control.select(3)
    click(app, setup.players.minus.rect.center)                     # 3: seat 3 is gone
    assert rows["start"].value is None


def test_remembered_options_are_checked_again(kinds, app):
    app.settings["games"]["kinds"] = {
        "players": 2, "options": {"flag": "yes", "size": 99, "mode": "zzz", "start": 1,
                                  "rows": ["R", "R", "G", "B"], "extra": [1]}}
    setup = app.push("setup", game_id="kinds")
    values = {row.option.name: row.value for row in setup.options}
    assert values == {"flag": True, "size": 2, "mode": "b", "start": 1, "rows": None,
                      "extra": {}}
    app.settings["games"]["kinds"]["options"] = {"rows": ["B", "G", "R", "Y"], "size": 4}
    setup = app.push("setup", game_id="kinds")
    rows = {row.option.name: row for row in setup.options}
    assert rows["rows"].value == ["B", "G", "R", "Y"] and rows["rows"].touched
    assert rows["size"].value == 4 and rows["size"].touched
    app.step(wait=False)


def test_a_seat_the_rules_play_has_no_human_or_computer_choice(kinds, app):
    setup = app.push("setup", game_id="kinds")
    app.step(wait=False)
    mode = next(row for row in setup.options if row.option.name == "mode")
    click(app, mode.control.rects[2].center)                         # mode c: seat 1 is ruled
    assert setup.rows[1].automaton and setup.session().seats[1].kind == "rules"
    assert setup.rows[1].kind not in setup.rows[1].controls()
    app.step(wait=False)


def test_names_are_capped_at_entry_and_when_loaded(count_only, app):
    app.settings["games"]["count"] = {"players": 2, "seats": [
        {"name": "N" * 1000, "kind": "human", "bot": ""}]}
    setup = app.push("setup", game_id="count")
    assert setup.rows[0].name.text == "N" * 24
    field = setup.rows[1].name
    app.step(wait=False)
    click(app, field.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x" * 40))
    app.step(wait=False)
    assert len(field.text) == 24
    assert [len(seat.name) for seat in setup.session().seats] == [24, 24]


def test_restart_of_a_finished_game_does_not_ask(count_only, app):
    table = CountTable(app, session("human", "human", target=3))
    table.link.match.state.apply("add 2")
    table.link.match.state.apply("add 2")
    app.reset(table)
    pause = app.push("pause", table=table)
    app.step(wait=False)
    click(app, pause.restart_button.rect.center)
    assert isinstance(app.top, CountTable) and app.top is not table


def test_take_that_proposes_its_pro_variant_for_two(app):
    setup = app.push("setup", game_id="takethat")
    pro = next(row for row in setup.options if row.option.name == "pro")
    assert setup.players.value == 3 and pro.value is False
    click(app, setup.players.minus.rect.center)
    assert pro.value is True and setup.session().options == {"rounds": 2, "pro": True}


def test_starting_over_a_game_in_progress_asks_first(count_only, app, home):
    from tentable import store
    store.save_autosave(session("human", "random").record(["add 1"]))
    setup = app.push("setup", game_id="count", in_progress=True)
    app.step(wait=False)
    click(app, setup.start.rect.center)
    assert setup.confirm is not None and app.top is setup
    key(app, pygame.K_ESCAPE)
    assert setup.confirm is None and app.top is setup
    click(app, setup.start.rect.center)
    click(app, setup.confirm.buttons[0].rect.center)
    assert isinstance(app.top, CountTable)
    assert store.load_autosave("count") == (None, None)    # the old game is not offered


# -- the window remembers where it was -----------------------------------------------
def test_window_size_and_position_are_remembered(home):
    first = App()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 660), w=1024, h=660))
    pygame.event.post(pygame.event.Event(pygame.WINDOWMOVED, x=100, y=50))
    first.step(wait=False)
    first.close()
    from tentable import store
    saved = store.load_settings()[0]
    assert saved["window_size"] == [1024, 660] and saved["window_position"] == [100, 50]
    second = App()
    try:
        assert second.size == (1024, 660)
        if hasattr(pygame.display, "get_window_position"):
            assert pygame.display.get_window_position() == (100, 50)
        assert "SDL_VIDEO_WINDOW_POS" not in __import__("os").environ
    finally:
        second.close()


@pytest.mark.parametrize("size, position", [("big", [1e9, "x"]), ([5, 5], [40_000, 40_000]),
                                            ([[1]], None), (None, [True, False])])
def test_garbage_window_settings_are_ignored(home, size, position):
    import json
    (home / "settings.json").write_text(json.dumps(
        {"version": 1, "window_size": size, "window_position": position}))
    app = App()
    try:
        assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
        assert app.window_position is None
        app.settings["window_size"] = "garbage in memory too"
        app.step(wait=False)
    finally:
        app.close()


def test_the_menu_offers_only_games_that_have_a_table(app, monkeypatch):
    from tentable.ui.scenes import menu as menu_module
    monkeypatch.setattr(menu_module, "table_for",
                        lambda game_id: object if game_id == "takethat" else None)
    menu = app.reset("menu")
    assert [tile.game.id for tile in menu.tiles] == ["takethat"]


def test_thinking_shows_after_a_moment_and_a_late_bot_is_replaced(count_only, app, gated):
    bots = gated
    table = CountTable(app, session("search", "human"))
    app.reset(table)
    wait_for(app, lambda: table.link.match.job is not None and table.link.match.job.started is not None)
    assert "thinking" not in table.status_text()
    app.clock.advance(table_module.THINKING_AFTER + 0.01)
    assert "thinking" in table.status_text()
    # the bot never answers in time: its thinking time runs past its limit and the slack
    app.clock.advance(GatedBot.time_limit + match_module.DEADLINE_SLACK)
    wait_for(app, lambda: table.actions)
    assert table.actions[0][1] == "add 2"          # the cheaper level moved, not chance
    assert any("took too long" in toast.text for toast in app.toasts.items)
    bots[0].release.set()
