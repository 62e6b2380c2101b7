"""Logs of unexpected errors, in the `logs/` folder of the user data folder.

Standard library only (the data folder is asked of `tentable.store` when a log is
written), so the start-up guard can write a log even when the rest of the app does
not load. A log that cannot go to the data folder goes to the temp folder instead.
"""
from __future__ import annotations

import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Sequence

KEPT = 20   # logs of one kind; older ones are removed when a new one is written


def log_dir() -> Path:
    from tentable import store   # imported late: a broken install still gets a log
    return store.data_dir() / "logs"


def report(exc: BaseException, what: str, context: Sequence[str] = ()) -> str:
    """The text of a log: the version and system, `context` lines, the traceback."""
    from tentable import __version__
    return "\n".join([
        f"tentable {__version__} — {what} at {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"Python {sys.version.split()[0]} on {platform.platform()}",
        *context,
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
    ])


def write(kind: str, text: str, path: Path | None = None) -> Path:
    """Append `text` to `path`, or write it to a new `<kind>-<time>.log` in the user data
    folder's logs (the temp folder if that cannot be written). Returns the file."""
    if path is not None:
        try:
            with open(path, "a", encoding="utf-8") as out:
                out.write("\n" + text)
            return path
        except OSError:
            pass
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for folder in _folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"{kind}-{stamp}.log"
            n = 1
            while target.exists():
                n += 1
                target = folder / f"{kind}-{stamp}-{n}.log"
            target.write_text(text, encoding="utf-8")
        except OSError:
            continue
        _prune(folder, kind)
        return target
    raise OSError("no folder to write the log to")


def _folders() -> list[Path]:
    temp = Path(tempfile.gettempdir())
    try:
        return [log_dir(), temp]
    except Exception:   # no data folder at all (platformdirs missing from a build): temp
        return [temp]


def _prune(folder: Path, kind: str) -> None:
    try:
        logs = sorted(folder.glob(f"{kind}-*.log"), key=lambda p: p.stat().st_mtime)
        for old in logs[:-KEPT]:
            old.unlink()
    except OSError:
        pass
