#!/usr/bin/env python3
"""Set up .venv if needed, then run the whole test suite. Extra arguments go to pytest."""
import os
import sys

from _venv import ensure_venv, run

if __name__ == "__main__":
    python = ensure_venv("test,build")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    sys.exit(run(python, ["-m", "pytest", *sys.argv[1:]], env))
