"""Kill a game's end at every step (#44): `python tests/keepkill.py CASE FOLDER`.

CASE is a game id, or "ladder" (a solo TEN game on the ladder). One clean process sets up
the position one move before the end of a game (the moves of a seeded random game), then,
for every step of the keep, forks a child that plays the last move through a `Match` that
keeps its games as the app's does (`keeping.keep`) and kills itself with SIGKILL at that
step: before each file is written, after its temp file is on disk but before the rename
(during the write), after the rename, and before and after the autosave is deleted. A
fresh child then starts as the app does (stray temp files swept, `games_in_progress`).
Each step plays in its own data folder, `FOLDER/<n>`; the test reads them afterwards. The
step names go to `FOLDER/steps.json`; the key of the game to `FOLDER/game.json`.
"""
from __future__ import annotations

import json
import os
import random
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tentable import keeping, store  # noqa: E402
from tentable.engine import new_game  # noqa: E402
from tentable.match import Match  # noqa: E402
from tentable.session import RULES, Seat, Session  # noqa: E402

PLAYERS = {"takethat": 3, "ten": 3, "elfer": 3, "retro10": 3, "tentiles": 2}
KEY = "0123456789abcdef"


def near_end(case: str) -> tuple[Session, str]:
    """A session one move before its game ends, and that move."""
    if case == "ladder":
        game_id, players, options = "ten", 2, {"solo": True, "target": 5}
        seats = (Seat("You"), Seat("Mona", RULES))
    else:
        game_id, players, options = case, PLAYERS[case], {}
        seats = tuple(Seat(name) for name in ("Ana", "Ben", "Cleo")[:players])
    state = new_game(game_id, players, seed=44, options=options)
    rng = random.Random(44)
    while not state.is_over:
        state.apply(state.random_action(rng))
    *history, last = state.history
    return Session(game_id, seats, 44, options, history=tuple(history), key=KEY), last


class Steps:
    """Numbers every step of the writes and deletes that follow `arm`; SIGKILL at one."""

    def __init__(self, kill_at: int | None) -> None:
        self.kill_at, self.names, self.armed = kill_at, [], False
        self.replace, self.mkstemp, self.unlink = os.replace, tempfile.mkstemp, os.unlink

    def step(self, name: str) -> None:
        if not self.armed:
            return
        if len(self.names) == self.kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        self.names.append(name)

    def install(self) -> None:
        def mkstemp(*args, **kwargs):
            self.step(f"before writing {_target(kwargs)}")
            return self.mkstemp(*args, **kwargs)

        def replace(source, target):
            self.step(f"during the write of {Path(target).name}")
            self.replace(source, target)
            self.step(f"after the rename of {Path(target).name}")

        def unlink(path, *args, **kwargs):
            self.step(f"before deleting {Path(path).name}")
            self.unlink(path, *args, **kwargs)
            self.step(f"after deleting {Path(path).name}")

        tempfile.mkstemp, os.replace, os.unlink = mkstemp, replace, unlink


def _target(kwargs: dict) -> str:
    return kwargs.get("prefix", "").strip(".")


def end_the_game(case: str, home: Path, kill_at: int | None) -> list[str]:
    """Play the last move and keep the game; the steps it went through."""
    os.environ["TENTABLE_HOME"] = str(home)
    session, last = near_end(case)
    store.save_autosave(session.record(list(session.history)))   # as the move before left it
    match = Match(session, save=store.save_autosave, keep=keeping.keep)
    steps = Steps(kill_at)
    steps.install()
    steps.armed = True
    match.play(match.current_player, [last])
    steps.armed = False
    assert match.is_over and match.kept.failed is None, match.kept
    match.close()
    return steps.names


def start_again(home: Path) -> None:
    """What the app does first when it starts."""
    os.environ["TENTABLE_HOME"] = str(home)
    store.remove_stray_temp_files()
    _, messages = keeping.games_in_progress()
    assert messages == [], messages


def in_child(work) -> int:
    """Run `work` in a forked child; its exit status (os.waitstatus_to_exitcode)."""
    pid = os.fork()
    if pid == 0:
        try:
            work()
        except BaseException:  # noqa: BLE001 — the parent reads the status
            import traceback
            traceback.print_exc()
            os._exit(3)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def main(case: str, folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    steps_file = folder / "steps.json"

    def dry_run() -> None:
        steps_file.write_text(json.dumps(end_the_game(case, folder / "dry", None)))
    if in_child(dry_run) != 0:
        return 1
    steps = json.loads(steps_file.read_text())
    for n in range(len(steps)):
        home = folder / str(n)
        status = in_child(lambda: end_the_game(case, home, n))
        if status != -signal.SIGKILL:
            print(f"step {n} ({steps[n]}): the child ended with {status}, not SIGKILL")
            return 1
        if in_child(lambda: start_again(home)) != 0:
            print(f"step {n} ({steps[n]}): the start after the kill failed")
            return 1
    (folder / "game.json").write_text(json.dumps({"key": KEY}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], Path(sys.argv[2])))
