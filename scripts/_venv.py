"""Create and refresh the project's .venv (standard library only).

Shared by play.py and test.py so that a fresh clone needs nothing but Python.
The install is redone only when pyproject.toml changes (its hash is stamped
into the venv), so the second run starts instantly.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure_venv(extras: str = "") -> Path:
    """Return the venv's python, creating it and installing the project if needed."""
    if sys.version_info < (3, 10):
        sys.exit(f"tentable needs Python 3.10 or newer; this is {sys.version.split()[0]}")
    python = venv_python()
    if not python.exists():
        print("Setting up .venv (first run only) ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed{('-' + extras.replace(',', '-')) if extras else ''}"
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        target = f"{ROOT}[{extras}]" if extras else str(ROOT)
        print(f"Installing tentable{'[' + extras + ']' if extras else ''} into .venv ...", flush=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "--editable", target],
            check=True,
        )
        stamp.write_text(wanted)
    return python


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def relaunch(script: str) -> None:
    """Run `script` again with the venv's python (set up if needed), unless this is it."""
    if not in_venv():
        raise SystemExit(subprocess.call([str(ensure_venv()), script, *sys.argv[1:]]))


def run(python: Path, args: list[str], env: dict[str, str] | None = None) -> int:
    """Run the venv's python with args from the repo root; return its exit code."""
    try:
        return subprocess.call([str(python), *args], cwd=ROOT, env=env)
    except KeyboardInterrupt:
        return 130
