"""How the program starts: quietly, from an empty home."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BANNER = "Hello from the pygame community"


def fresh_env(tmp_path: Path) -> dict[str, str]:
    """A first start: an empty home, no data folder chosen, pygame's banner not hushed by
    the caller (the test process has it set, so the child must not inherit it)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYGAME_HIDE_SUPPORT_PROMPT", "TENTABLE_HOME", "TENTABLE_SMOKE_REPORT")
           and not key.startswith("XDG_")}
    return {**env, "HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy"}


def test_the_smoke_check_starts_without_pygames_banner(tmp_path):
    (tmp_path / "home").mkdir()
    done = subprocess.run([sys.executable, "-m", "tentable", "--smoke"], cwd=tmp_path,
                          env=fresh_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "smoke ok:" in done.stdout
    assert BANNER not in done.stdout + done.stderr
    assert "pygame-ce" not in done.stdout.splitlines()[0]

