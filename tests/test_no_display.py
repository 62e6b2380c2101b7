"""Without a display the app says so and exits 1 within seconds, instead of running an
invisible window forever (SDL falls back to an off-screen driver)."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tentable.ui.launch import display_problem

ROOT = Path(__file__).resolve().parent.parent


def headless_env(tmp_path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    return {**env, "TENTABLE_HOME": str(tmp_path), **extra}


def run_headless(args: list[str], env: dict) -> subprocess.CompletedProcess:
    # the timeout only guards against a hang: a window waiting for a display that never
    # comes (how quickly it gives up is a figure for scripts/bench.py, not a test)
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def says_no_display(done: subprocess.CompletedProcess) -> None:
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    message = next(line for line in lines if "no display" in line)
    assert "scripts/test.py" in message and "tentable --smoke" in message
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how X11 finds one")
@pytest.mark.parametrize("args", [[], ["play"], ["play", "takethat", "--seats", "human,random"]])
def test_tentable_without_a_display_says_so_and_exits_1(tmp_path, args):
    says_no_display(run_headless([sys.executable, "-m", "tentable", *args], headless_env(tmp_path)))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how X11 finds one")
def test_a_display_that_cannot_be_opened_is_no_display(tmp_path):
    env = headless_env(tmp_path, DISPLAY=":97")     # set, but no X server answers there
    says_no_display(run_headless([sys.executable, "-m", "tentable"], env))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how X11 finds one")
def test_scripts_play_without_a_display_says_so(tmp_path):
    """scripts/play.py goes through the same check. When its .venv is not set up as it
    wants (the tests' venv carries extras), a stand-in `_venv` skips the pip install."""
    stamp = ROOT / ".venv" / ".installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    script = ROOT / "scripts" / "play.py"
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        folder = tmp_path / "scripts"
        folder.mkdir()
        script = folder / "play.py"
        script.write_text((ROOT / "scripts" / "play.py").read_text())
        (folder / "_venv.py").write_text(
            "import subprocess, sys\n"
            "def ensure_venv(extras=''):\n    return sys.executable\n"
            f"def run(python, args, env=None):\n"
            f"    return subprocess.call([str(python), *args], cwd={str(ROOT)!r}, env=env)\n")
    says_no_display(run_headless([sys.executable, str(script)], headless_env(tmp_path)))


def test_display_problem_reads_the_environment():
    assert "no display was found" in display_problem({}, "linux")
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "kmsdrm"}, "linux") is None
    assert "neither DISPLAY nor WAYLAND_DISPLAY" in display_problem({"DISPLAY": ""}, "linux")
