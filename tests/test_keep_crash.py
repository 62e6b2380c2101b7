"""A finished game is never lost (#44): the app killed with SIGKILL at every step of a
game's end — before, during and after each write of the autosave, the archive, the
statistics and the ladder, and around the autosave's deletion — in all five games and a
ladder game; after the next start each finished game is kept exactly once in the
archive, the statistics and (a ladder game) the ladder, and nothing is left over.

`tests/keepkill.py` does the killing in a clean process (one fork per step); this test
reads each step's data folder afterwards. A kill before the finished record reached the
autosave leaves the game as it was a move earlier, in progress and kept nowhere: that move
was never on disk, as after any kill mid-game.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tentable import archive, keeping, stats, store

HERE = Path(__file__).resolve().parent
CASES = ["takethat", "ten", "elfer", "retro10", "tentiles", "ladder"]

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a child per step")


def kept_games(key: str) -> list[archive.Kept]:
    games, messages = archive.load_all()
    assert messages == [], messages
    return [game for game in games if game.key == key]


def check_folder(home: Path, game_id: str, key: str, ladder_game: bool) -> str:
    """What the data folder holds after the kill and the next start: "kept" or "going"
    (the game a move before its end, in progress). Asserts there is nothing else."""
    assert not list(home.rglob("*.damaged-*")) and not list(home.rglob("*.tmp"))
    record, message = store.load_autosave(game_id)
    assert message is None
    games = kept_games(key)
    table, message = stats.load()
    assert message is None
    ladder, message = store.load_ladder()
    assert message is None
    on_ladder = [game for game in ladder.games if game.key == key]
    if record is not None:                       # killed before the finished record was saved
        assert record["key"] == key
        assert games == [] and table.rows == [] and on_ladder == []
        return "going"
    [game] = games                               # kept once
    assert table.counted == [key]
    assert len(table.rows) == len(game.names)
    for seat, row in enumerate(table.rows):
        assert (row.name, row.games, row.wins) == (game.names[seat], 1,
                                                   int(seat in game.winners))
    if ladder_game:
        assert game.mode == "ladder"
        [solo] = on_ladder
        assert (solo.you, solo.mona) == tuple(game.scores) and ladder.target in (5, 6)
    else:
        assert on_ladder == []
    return "kept"


@pytest.mark.parametrize("case", CASES)
def test_a_game_killed_at_every_step_of_its_end_is_kept_exactly_once(case, tmp_path,
                                                                     monkeypatch):
    folder = tmp_path / case
    done = subprocess.run([sys.executable, str(HERE / "keepkill.py"), case, str(folder)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    steps = json.loads((folder / "steps.json").read_text())
    key = json.loads((folder / "game.json").read_text())["key"]
    written = {"autosave", "stats.json"} | ({"ladder.json"} if case == "ladder" else set())
    assert all(any(name in step for step in steps) for name in written), steps
    assert sum("-" + key in step for step in steps) == 3       # the archive file's write
    game_id = "ten" if case == "ladder" else case
    outcomes = []
    for n, step in enumerate(steps):
        monkeypatch.setenv("TENTABLE_HOME", str(folder / str(n)))
        outcome = check_folder(folder / str(n), game_id, key, case == "ladder")
        keeping.games_in_progress()                  # started again: nothing changes
        assert check_folder(folder / str(n), game_id, key, case == "ladder") == outcome, step
        outcomes.append(outcome)
    # only a kill before the finished record replaced the one before it loses that move
    assert outcomes.count("going") == 2 and outcomes[2:] == ["kept"] * (len(steps) - 2)
