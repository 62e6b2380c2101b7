"""Tests run headless: no display, no sound device. Set before pygame is imported."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read English texts: the app follows the system's language otherwise
# (tests of other languages choose theirs).
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402

import tentable  # noqa: E402,F401  (quiets pygame's banner before any test imports it)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A real app window (SDL dummy driver) on a fresh data folder, with test time and
    instant animations: what the table tests drive with real mouse and key events."""
    from tentable.ui.app import App
    from uitools import FakeClock
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    the_app = App(size=(1280, 720), clock=FakeClock())
    the_app.settings["animation_speed"] = "instant"
    the_app.settings["moments"] = "auto"    # the tests of the final board set "wait"
    yield the_app
    the_app.close()


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    """The hint's suggestion is the Hard level's move (`tentable.suggest`), a second of
    thinking in the bot worker: the tests that press Hint on every turn (a whole game by
    the mouse alone) ask for a small Hard, counted in rollouts, not seconds, as
    tests/test_hint_suggests.py does."""
    import math
    from tentable import suggest
    monkeypatch.setattr(suggest, "ITERATIONS", 12)
    monkeypatch.setattr(suggest, "SECONDS", math.inf)
