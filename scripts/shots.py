#!/usr/bin/env python3
"""Save screenshots of the real scenes to docs/screenshots/ (for the README and for review).

    python3 scripts/shots.py                 # SDL dummy driver, or the display in $DISPLAY
    xvfb-run -s "-screen 0 1400x900x24" python3 scripts/shots.py

Drives the app as a player would: the menu, the Take That setup, the settings, then each
game's own scenes from `scripts/showcase/<game>.py` (tables mid-game played by the bots
from a fixed seed, curtains, summaries, results). `shots.py ten` makes only TEN's.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"

if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "scripts"))
    from _venv import relaunch
    relaunch(__file__)


def showcases():
    """Each game's screenshot script, `scripts/showcase/<game>.py` (`shots(app, shot)`)."""
    import importlib.util
    for path in sorted((ROOT / "scripts" / "showcase").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"showcase_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield path.stem, module


def keep_some_games():
    """A few finished games in the (temporary) data folder, for Your games, the replay
    viewer and the statistics; returns the one the replay shows."""
    from tentable import archive, stats
    from tentable.match import Match
    from tentable.session import Seat, Session
    for game, seed in (("takethat", 11), ("takethat", 12), ("tentiles", 3), ("takethat", 13),
                       ("elfer", 2)):
        seats = (Seat("Ana", "bot", "heuristic"), Seat("Computer", "bot", "heuristic"))
        match = Match(Session(game, seats, seed, {}))
        match.play_out()
        record = {**match.record(), "seats": [
            {"name": "Ana", "kind": "human", "bot": ""},
            {"name": "Computer", "kind": "bot", "bot": "heuristic"}]}
        stats.keep_finished_game(record, match.scores(), match.winners())
    return next(g for g in archive.load_all()[0] if g.game == "takethat")


#: per game: (seed, human moves played first, players) for its hint screenshot
HINTS = {"takethat": (31, 3, 3), "elfer": (5, 4, 2), "retro10": (7, 0, 3), "ten": (4, 2, 2),
         "tentiles": (7, 4, 2)}


def hint_shots(app, shot, only: set[str]) -> None:
    """Each game's table mid-game with the hint lit (H), as `<game>-hint.png`."""
    import random

    import pygame
    from tentable.ui.launch import session_for
    for game, (seed, moves, players) in HINTS.items():
        if only and game not in only:
            continue
        table = app.reset("table", session=session_for(
            game, ["human"] + ["heuristic"] * (players - 1), seed=seed))
        rng = random.Random(seed)
        played = 0
        for _ in range(20_000):
            app.step(wait=False)
            if table.dialog is not None:
                table.show_dialog(None)
            if table.match.job is not None:
                table.match.job.done.wait(0.01)
            if table.my_turn and played >= moves and table.forced is None:
                break
            if table.my_turn:
                table.submit(rng.choice(table.legal_actions()))
                played += 1
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                             unicode="h", scancode=0))
        shot(f"{game}-hint")


def main() -> int:
    only = set(sys.argv[1:])     # game ids: only their screenshots (plus the shared ones)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TENTABLE_HOME"] = tempfile.mkdtemp(prefix="tentable-shots-")
    sys.path.insert(0, str(ROOT))
    from tentable.ui.app import App  # first: the package quiets pygame's banner

    import pygame

    OUT.mkdir(parents=True, exist_ok=True)
    app = App(size=(1280, 720))
    app.settings["animation_speed"] = "instant"

    def shot(name: str) -> None:
        for _ in range(3):
            app.invalidate()
            app.step(wait=False)
        path = OUT / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        print(f"saved {path.relative_to(ROOT)} ({app.size[0]}×{app.size[1]})")

    kept = keep_some_games()
    shot("menu")
    app.push("setup", game_id="takethat")
    shot("setup")
    app.push("settings")
    shot("settings")
    app.reset("menu")
    app.push("games")
    shot("games")
    app.push("replay", game=kept)
    for _ in range(9):
        app.top.forward()
    shot("replay")
    app.reset("menu")
    app.push("stats")
    shot("stats")
    app.reset("menu")

    for name, module in showcases():
        if only and name not in only:
            continue
        module.shots(app, shot)
    hint_shots(app, shot, only)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
