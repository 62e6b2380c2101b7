#!/usr/bin/env python3
"""Save screenshots of the real scenes to docs/screenshots/ (for the README and for review).

    python3 scripts/shots.py                 # SDL dummy driver, or the display in $DISPLAY
    xvfb-run -s "-screen 0 1400x900x24" python3 scripts/shots.py

Drives the app as a player would: the menu, the Take That setup, the settings, the
hot-seat curtain, a 4-player table in the middle of a game (played by the bots from a
fixed seed, a card picked up), the pause menu, a round summary and the results.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"

if __name__ == "__main__" and Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
    sys.path.insert(0, str(ROOT / "scripts"))
    from _venv import ensure_venv
    raise SystemExit(subprocess.call([str(ensure_venv()), __file__, *sys.argv[1:]]))


def main() -> int:
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["TENTABLE_HOME"] = tempfile.mkdtemp(prefix="tentable-shots-")
    sys.path.insert(0, str(ROOT))
    import pygame

    from tentable.bots import make_bot
    from tentable.ui.app import App
    from tentable.ui.launch import session_for

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

    shot("menu")
    app.push("setup", game_id="takethat")
    shot("setup")
    app.push("settings")
    shot("settings")

    app.reset("table", session=session_for("takethat", ["human", "human"], seed=4))
    shot("takethat-curtain")

    table = app.reset("table", session=session_for(
        "takethat", ["human", "heuristic", "heuristic", "heuristic"], seed=31))
    me = make_bot("heuristic", "takethat", 0, seed=2)
    deadline = time.monotonic() + 30
    while len(table.view["row"]) < 6 or not table.my_turn or table.view["round"] > 1:
        if time.monotonic() > deadline:
            break
        app.step(wait=False)
        if table.dialog is not None:
            table.show_dialog(None)
        if table.my_turn and len(table.view["row"]) < 6:
            table.submit(me.choose(table._state))
        time.sleep(0.001)
    hand = table.view["hand"]
    table.selected = hand[len(hand) // 2]
    table._refresh_marks()
    shot("takethat-table")

    app.push("pause", table=table)
    shot("pause")
    app.pop()

    state = table._state
    while state.round == 1:   # to the end of the first round: its summary
        state.apply(make_bot("heuristic", "takethat", state.current_player).choose(state))
    table.view = state.view(table.seat)
    table._round_dialog(table.view)
    table._sync(animate=False)
    shot("takethat-round")
    table.show_dialog(None)

    while not state.is_over:
        state.apply(make_bot("heuristic", "takethat", state.current_player).choose(state))
    table.view = state.view(table.seat)
    table._sync(animate=False)
    app.push("results", session=table.session, final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
    shot("takethat-results")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
