"""Tests run headless: no display, no sound device. Set before pygame is imported."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read English texts: the app follows the system's language otherwise
# (tests of other languages choose theirs).
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402

import tentable  # noqa: E402,F401  (quiets pygame's banner before any test imports it)
from tentable.botjobs import shutdown as REAL_SHUTDOWN  # noqa: E402


def keep_an_idle_worker() -> None:
    """`botjobs.shutdown` for the tests' windows: the computer players' process ends with a
    window only while it still thinks; an idle one serves the next test's window (starting
    a process costs the other core about 0.7 s, hundreds of times over the suite).
    tests/test_match.py checks the real `shutdown` with a window of its own."""
    from tentable import botjobs
    if botjobs.busy():
        REAL_SHUTDOWN()


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A real app window (SDL dummy driver) on a fresh data folder, with test time and
    instant animations: what the table tests drive with real mouse and key events."""
    from tentable import botjobs
    from tentable.ui.app import App
    from uitools import FakeClock
    monkeypatch.setattr(botjobs, "shutdown", keep_an_idle_worker)
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


# The files that take longest, longest first (measured with `--durations=0`, summed by
# file). scripts/test.py gives each worker a whole file at a time, in collection order
# (`--no-loadscope-reorder`): the long ones start first and the short ones fill in at the
# end, so no worker is left running a long file alone while the other waits. Only the
# order changes; a file not named here keeps its place after them.
LONGEST_FIRST = (
    "test_packaging.py", "test_text_fits.py", "test_table_input.py", "test_tutorial_table.py",
    "test_words_on_screen.py", "test_levels.py", "test_tiles_threats.py", "test_words_you.py",
    "test_cli.py", "test_match.py", "test_takethat_table.py", "test_ten_table.py",
    "test_screens_fit_scale.py", "test_hint_suggests.py", "test_elfer_table.py",
    "test_wheel.py", "test_bots.py", "test_replay_everyone.py", "test_keep_crash.py",
    "test_retro10_table.py", "test_ten.py", "test_tentiles_table.py", "test_invariants.py",
    "test_newcomer.py", "test_crash_app.py", "test_archive.py", "test_hostile_data.py",
    "test_sound.py", "test_ladder.py", "test_scores_agree.py", "test_bot_money.py",
)


def pytest_collection_modifyitems(items):
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))   # stable: in-file order kept
