"""Text is never cut off at the smallest window (1024×640), at any card size: random games at
every table, and no text drawn may need shortening with an ellipsis.

`panel.fit` is what shortens a text that does not fit; every module that draws text
imports it, so the test watches each of those imports."""
import random
import sys

import pytest

import uitools
from tentable.engine import GAMES
from tentable.ui.widgets import panel
from uitools import step


def watch_fit(monkeypatch) -> set[str]:
    cut: set[str] = set()
    original = panel.fit

    def fit(text, px, width, bold=False):
        out = original(text, px, width, bold)
        if out != text:
            cut.add(text)
        return out
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("tentable.ui") \
                and getattr(module, "fit", None) is original:
            monkeypatch.setattr(module, "fit", fit)
    return cut


@pytest.fixture
def small_app(tmp_path, monkeypatch):
    from tentable.ui.app import App
    from uitools import FakeClock
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    the_app = App(size=(1024, 640), clock=FakeClock())
    the_app.settings.update(animation_speed="instant", moments="auto")
    yield the_app
    the_app.close()


@pytest.mark.parametrize("card_size", ["small", "medium", "large"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_text_is_cut_off_at_1024_by_640(small_app, monkeypatch, game_id, card_size):
    from tentable.ui.scenes import table_for
    table_for(game_id)                     # its modules imported, so their `fit` is watched
    cut = watch_fit(monkeypatch)
    app = small_app
    app.settings["card_size"] = card_size
    players = min(4, GAMES[game_id].max_players)
    table = uitools.new_table(app, ["human"] + ["easy"] * (players - 1), seed=3, game=game_id)
    rng = random.Random(1)
    for _ in range(250):
        if table.match.is_over or app.top is not table:
            break
        if table.my_turn:
            table.submit(rng.choice(table.legal_actions()))
        app.invalidate()
        step(app)
    assert app.size == (1024, 640)
    assert not cut, sorted(cut)
