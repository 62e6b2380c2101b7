"""What every game's table must do, checked once for all of them (that no table touches
the engine state: `test_ui_boundary.py`)."""
import importlib.util
from pathlib import Path

import pytest

import uitools
from tentable.engine import GAMES
from tentable.ui.scenes import table_for
from uitools import step

SHOWCASES = Path(__file__).resolve().parent.parent / "scripts" / "showcase"
TABLE_GAMES = sorted(g for g in GAMES if table_for(g) is not None)


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_table_only_ever_draws_views(app, monkeypatch, game):
    """Nothing drawn comes from outside `state.view(seat)`: draw_view gets exactly the view
    of the seat at the screen, and the table module never touches the engine state."""
    table_class = table_for(game)
    seats = ["human"] + ["heuristic"] * min(2, GAMES[game].max_players - 1)
    table = uitools.new_table(app, seats, seed=8, game=game)
    seen = []
    original = table_class.draw_view

    def spy(self, surface, view, seat):
        seen.append((view, seat))
        original(self, surface, view, seat)

    monkeypatch.setattr(table_class, "draw_view", spy)
    for _ in range(30):
        if table.my_turn and table.view["legal_actions"]:
            table.submit(table.view["legal_actions"][0])
        app.invalidate()
        step(app)
        if table.link.match.job is not None:
            table.link.match.job.done.wait(0.05)
    assert seen and all(seat == 0 for _, seat in seen)
    assert all("hands" not in view for view, _ in seen)
    # the live view, or the position of a moment held (its view for seat 0 then)
    held = table.moments.current.views[0] if table.moments else None
    assert seen[-1][0] in (table.link.match.state.view(0), held)


@pytest.mark.parametrize("game", sorted(p.stem for p in SHOWCASES.glob("*.py")))
def test_every_showcase_plays_through(app, game):
    """scripts/showcase/<game>.py (what shots.py and bench.py show) still runs against the
    tables: it drives their methods, which no other test names."""
    spec = importlib.util.spec_from_file_location(f"showcase_{game}", SHOWCASES / f"{game}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    taken = []

    def shot(name):
        app.invalidate()
        app.step(wait=False)
        taken.append(name)

    module.shots(app, shot)
    assert any(name.startswith(game) for name in taken), taken
