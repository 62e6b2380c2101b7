"""The scale setting (#25): 75% to 200% beside the card sizes, or "Fit" (the window's
fit, as before). A percentage draws every size at that share of its size at 1280×720, as
far as the window keeps `theme.MIN_ROOM` of room; the settings row says what the window
shows when it has no room for the choice. That every screen and table fits at the ends
is tests/test_screens_fit_scale.py's and tests/test_text_fits.py's."""
from __future__ import annotations

import pytest
import pygame

from tentable import store
from tentable.ui import theme
from tentable.ui.app import App
from tentable.ui.scenes.settings import SettingsScene
from uitools import FakeClock, click, key, new_table, record_labels, step


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    yield tmp_path
    theme.set_ui_size("auto")


@pytest.fixture
def app():
    the_app = App(size=(1024, 640), clock=FakeClock())
    the_app._on_resize((1600, 900))
    yield the_app
    the_app.close()


def test_fit_is_the_windows_fit_and_a_percentage_is_capped_by_the_room():
    theme.set_ui_size("auto")
    assert theme.ui_scale((1280, 720)) == 1.0
    assert theme.ui_scale((1024, 640)) == 0.8
    assert theme.ui_scale((1920, 1080)) == 1.5
    theme.set_ui_size("75")
    assert theme.ui_scale((1920, 1080)) == 0.75
    assert theme.ui_scale((1024, 640)) == 0.75
    theme.set_ui_size("200")
    assert theme.ui_scale((2560, 1440)) == 2.0
    assert theme.ui_scale((1920, 1080)) == 2.0            # 960×540 of room: just enough
    assert theme.ui_scale((1280, 720)) == pytest.approx(1280 / 960)
    assert theme.ui_scale((1024, 640)) == pytest.approx(1024 / 960)
    for w, h in ((1024, 640), (1280, 720), (3000, 700), (700, 3000)):
        s = theme.ui_scale((w, h))
        assert w / s >= theme.MIN_ROOM[0] - 1e-9 and h / s >= theme.MIN_ROOM[1] - 1e-9


@pytest.mark.parametrize("garbage", [None, 150, 1.5, "150 ", "0", "-100", "9" * 400, [], {},
                                     "\udcff", "auto\x00"])
def test_a_garbage_scale_draws_at_the_fit(garbage):
    theme.set_ui_size("150")
    theme.set_ui_size(garbage)
    assert theme.ui_scale((1280, 720)) == 1.0


@pytest.mark.parametrize("garbage", [None, 150, True, "150 ", "300", "", [], {"a": 1}])
def test_a_garbage_scale_in_the_settings_file_is_the_default(garbage):
    assert store.clean_settings({"ui_size": garbage})["ui_size"] == "auto"
    assert store.clean_settings({"ui_size": "175"})["ui_size"] == "175"


def scale_row(settings: SettingsScene):
    return dict(settings.rows)["ui_size"]


def test_a_click_scales_every_open_screen_at_once_and_is_kept(app):
    app._on_resize((1920, 1080))                         # fit: 150%
    table = new_table(app, ["human", "easy"], seed=3, game="ten")
    before = table.geo.scale
    app.push("settings")
    settings = app.top
    row = scale_row(settings)
    assert [text for _, text in row.choices] == ["Fit", "75%", "100%", "125%", "150%",
                                                 "175%", "200%"]
    click(app, row.rects[3].center)                      # 125%
    assert app.settings["ui_size"] == "125"
    assert theme.ui_scale(app.size) == 1.25
    assert table.geo.scale == 1.25 != before             # the table under it, too
    assert scale_row(app.top).rect.h > 0 and settings.capped_note() is None
    key(app, pygame.K_ESCAPE)
    assert app.top is table and table.geo.scale == 1.25
    assert store.load_settings()[0]["ui_size"] == "125"
    app.close()
    theme.set_ui_size("auto")
    again = App(size=(1024, 640), clock=FakeClock())      # the next start draws at 125%
    try:
        again._on_resize((1920, 1080))
        assert theme.ui_scale(again.size) == 1.25
    finally:
        again.close()


def test_the_row_says_what_a_window_too_small_for_the_choice_shows(app, monkeypatch):
    drawn = record_labels(monkeypatch)
    app.push("settings")
    settings = app.top
    click(app, scale_row(settings).rects[6].center)      # 200% in 1600×900
    note = settings.capped_note()
    assert note == "167% in this window"
    app.invalidate()
    step(app)
    assert note in drawn
    assert theme.ui_scale(app.size) == pytest.approx(900 / 540)
    click(app, scale_row(settings).rects[2].center)      # 100%: room enough
    assert settings.capped_note() is None


def test_the_keys_alone_choose_a_scale_and_keep_their_place(app):
    app.push("settings")
    settings = app.top
    row = scale_row(settings)
    key(app, pygame.K_TAB)                                # the ring appears (on Done)
    for _ in range(len(settings.rows)):                   # up to the Scale row
        if settings.nav.current.rect() in row.rects:
            break
        key(app, pygame.K_UP)
    for _ in range(len(row.rects)):                       # along it to Fit
        if settings.nav.current.rect() == row.rects[0]:
            break
        key(app, pygame.K_LEFT)
    assert settings.nav.current.rect() == row.rects[0]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)                            # 100%
    assert app.settings["ui_size"] == "100" and theme.ui_scale(app.size) == 1.0
    row = scale_row(settings)
    assert settings.nav.current.rect() == row.rects[2]   # laid out again, still here
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)                            # 125%
    assert app.settings["ui_size"] == "125" and theme.ui_scale(app.size) == 1.25


@pytest.mark.parametrize("game_id, players, room", [
    ("ten", 5, (1120, 630)), ("ten", 2, (1120, 630)), ("retro10", 7, (1200, 675)),
    ("retro10", 5, (1200, 675)), ("retro10", 2, (1200, 675)), ("takethat", 4, theme.MIN_ROOM)])
def test_a_table_that_needs_more_room_keeps_it_while_it_is_open(app, game_id, players, room):
    """`Scene.least_room`: TEN's middle band and 10 Retro's hand beside its middle (and its
    oval of many seats) need more than the least the scale leaves; the scale gives way while they are on the stack (the
    pause menu over them too), and comes back with the menu."""
    app._on_resize((1280, 720))
    app.set_ui_size("200")
    assert theme.ui_scale(app.size) == pytest.approx(1280 / 960)
    table = new_table(app, ["human"] + ["easy"] * (players - 1), seed=3, game=game_id)
    s = theme.ui_scale(app.size)
    assert s == pytest.approx(min(1280 / room[0], 720 / room[1]))
    assert app.size[0] / s >= room[0] - 1e-6 and app.size[1] / s >= room[1] - 1e-6
    app.push("pause", table=table)
    assert theme.ui_scale(app.size) == s
    app.pop()
    app.reset("menu")
    assert theme.ui_scale(app.size) == pytest.approx(1280 / 960)
    menu = app.top
    before = menu.tiles[0].rect.size
    app.set_ui_size("100")                                # a real change: laid out again
    assert menu.tiles[0].rect.size != before


def test_the_settings_show_a_window_mode_f11_changed_while_they_are_open(app, monkeypatch):
    monkeypatch.setattr(App, "set_fullscreen", lambda self, on: (
        self.settings.update(window_mode="fullscreen" if on else "windowed"),
        self._resized()))
    app.push("settings")
    row = dict(app.top.rows)["window_mode"]
    assert row.value == "windowed"
    key(app, pygame.K_F11)
    assert row.value == "fullscreen"


def test_a_replay_keeps_its_tables_room_below_its_strip(app):
    """Watching TEN again at 200%: the table under the replay's controls keeps the room it
    needs (the strip's 60 units on top of TEN's 1120×630)."""
    from tentable import archive, keeping
    from tentable.match import Match
    from tentable.session import Seat, Session
    match = Match(Session("ten", tuple(Seat(n, "bot", "easy") for n in "ABCDE"), 4, {}))
    match.play_out()
    keeping.keep(match.record(), match.scores(), match.winners())
    kept = archive.load_all()[0][0]
    app._on_resize((1280, 720))
    app.set_ui_size("200")
    replay = app.push("replay", game=kept)
    s = theme.ui_scale(app.size)
    assert s == pytest.approx(min(1280 / 1120, 720 / (630 + 60)))
    assert replay.room.w / s >= 1120 - 1 and replay.room.h / s >= 630 - 1
    app.pop()
    assert theme.ui_scale(app.size) == pytest.approx(1280 / 960)
