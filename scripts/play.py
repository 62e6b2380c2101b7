#!/usr/bin/env python3
"""Set up .venv if needed, then open tentable. Extra arguments go to the `tentable` command."""
import sys

from _venv import ensure_venv, run

if __name__ == "__main__":
    python = ensure_venv()
    sys.exit(run(python, ["-m", "tentable", *sys.argv[1:]]))
