#!/usr/bin/env python3
"""Set up .venv if needed, then run the whole test suite. Extra arguments go to pytest.

The suite runs on every core (pytest-xdist, one worker per core and one more, up to four;
each test file stays on one worker), the longest files first (tests/conftest.py, `LONGEST_FIRST`).
`python3 scripts/test.py -n 0` runs it in one process.
"""
import os
import sys

from _venv import ensure_venv, run

if __name__ == "__main__":
    python = ensure_venv("test,build")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = sys.argv[1:]
    if not any(a == "-n" or a.startswith("--numprocesses") or a.startswith("-n") for a in args):
        # a worker more than the cores: some tests wait (sockets, a subprocess, the bot
        # worker), and another file runs meanwhile (on 2 cores: 294 s against 313 s)
        workers = max(1, min(4, (os.cpu_count() or 1) + 1))
        args = ["-n", str(workers), "--dist", "loadfile", "--no-loadscope-reorder", *args]
    sys.exit(run(python, ["-m", "pytest", *args], env))
