"""How every user file is read and written: atomically, checked, never lost.

Everything lives in the platform's per-user data directory (`TENTABLE_HOME` overrides it,
for tests). Files are written atomically — a temp file in the same directory, fsync,
`os.replace` — so a crash mid-write leaves the old file. A file that cannot be used (not a
regular file, too big, not UTF-8, not JSON, nested too deeply, of an older or unknown
format version, or holding values of the wrong type or range) is renamed aside as
`<name>.damaged-<timestamp>` and reported in a message: reading never raises and never
touches any other file. Only a file whose folder lies inside the data folder (links
resolved) is ever renamed or deleted: a folder linked in from elsewhere is only read.

A file a newer tentable wrote (a higher format version) is not this version's to judge
(#37): it is left where it is, for that version, read as absent with a message
(`read_json`), and never written over (`write_versioned`).

`tentable.store` gives these to the modules that keep the user's data.
"""
from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs

from tentable import readfile

MAX_FILE_BYTES = 4 * 1024 * 1024   # no user file of ours comes near this

log = logging.getLogger(__name__)


class DamagedFile(ValueError):
    """A file that exists but cannot be used; the message says why ("it is not UTF-8 text")."""


class NewerFile(OSError):
    """A file a newer tentable wrote, which this one would write over: it is left alone."""


def data_dir() -> Path:
    home = os.environ.get("TENTABLE_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("tentable", appauthor=False))


def write_json(path: Path, data: dict) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open a directory.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def parse_json(path: Path, limit: int = MAX_FILE_BYTES) -> Any:
    """The JSON value in `path`. Raises `OSError` (`FileNotFoundError` among them) when the
    file cannot be read, `DamagedFile` when it is not a regular file, too big, not UTF-8
    text, not JSON, nested too deeply to parse, or holds what no screen can show (a number
    too large, a lone surrogate: `readfile.load_json`). The one reader of every JSON file
    a user may hand us."""
    try:
        raw = readfile.read_regular(path, limit)
    except readfile.Refused as exc:        # a FIFO would have blocked the reader for ever
        raise DamagedFile(str(exc)) from None
    if len(raw) > limit:
        raise DamagedFile(f"it is larger than {limit // (1024 * 1024) or limit} "
                          f"{'MB' if limit >= 1024 * 1024 else 'bytes'}")
    try:
        text = raw.decode("utf-8-sig")   # a BOM from a Windows editor is harmless
    except UnicodeDecodeError:
        raise DamagedFile("it is not UTF-8 text") from None
    try:
        return readfile.load_json(text)
    except RecursionError:
        raise DamagedFile("it is nested too deeply") from None
    except readfile.Refused as exc:
        raise DamagedFile(str(exc)) from None
    except ValueError as exc:
        raise DamagedFile(f"it is damaged: {exc}") from None


def write_versioned(path: Path, data: dict, version: int) -> None:
    """`write_json` of `data` at format `version`, unless the file there is of a newer
    version: then `NewerFile`, and that file is left as it was."""
    newer = _newer_version(path, version)
    if newer is not None:
        raise NewerFile(_newer_message(path, newer, version))
    write_json(path, {**data, "version": version})


def _newer_version(path: Path, version: int) -> int | None:
    try:
        data = parse_json(path)
    except (OSError, DamagedFile):
        return None
    found = data.get("version") if isinstance(data, dict) else None
    return found if type(found) is int and found > version else None


def _newer_message(path: Path, found: int, version: int) -> str:
    return (f"{path.name} was written by a newer tentable (format version {found}, this "
            f"one reads {version}); it is left as it is.")


def read_json(path: Path, version: int, older: tuple[int, ...] = (),
              newer_aside: bool = False) -> tuple[dict | None, str | None]:
    """Return (data, None), (None, None) if there is no file, or (None, message) if the
    file was unusable and has been set aside, or is of a newer version and was left where
    it is (set aside too with `newer_aside`). `older`: earlier versions the caller reads
    too (the data's "version" says which)."""
    try:
        data = parse_json(path)
    except FileNotFoundError:
        return None, None
    except DamagedFile as exc:
        return None, set_aside(path, str(exc))
    except OSError as exc:
        message = f"Could not read {path.name} ({exc.strerror or exc}); using defaults."
        log.warning(message)
        return None, message
    if not isinstance(data, dict):
        return None, set_aside(path, "it is damaged: not a JSON object")
    found = data.get("version")
    if type(found) is int and found > version and not newer_aside:
        message = _newer_message(path, found, version)
        log.warning(message)
        return None, message
    if found not in (version, *older) or type(found) is not int:
        found = found if isinstance(found, (int, float, type(None))) else "?"
        return None, set_aside(
            path, f"it has format version {found!r}, this tentable reads {version}")
    return data, None


def set_aside(path: Path, why: str) -> str:
    """Rename an unusable file out of the way, keeping it for the user; return a message.
    A file outside the data folder (in a folder linked in) is the user's: left alone."""
    why = why if len(why) <= 160 else why[:159] + "…"
    if not in_data_dir(path):
        message = (f"{path.name} could not be used ({why}); it lies outside tentable's "
                   f"data folder, so it was left where it is.")
        log.warning(message)
        return message
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
        message = f"{path.name} could not be used ({why}); it was kept as {target.name}."
    except OSError as exc:
        message = f"{path.name} could not be used ({why}) nor moved aside ({exc})."
    log.warning(message)
    return message


def in_data_dir(path: Path) -> bool:
    """Does `path`'s folder, links resolved, lie inside the data folder? Only there may a
    file be renamed or deleted: `archive/` linked to another folder would otherwise have
    that folder's files set aside and pruned."""
    try:
        return path.parent.resolve().is_relative_to(data_dir().resolve())
    except (OSError, RuntimeError):    # a link loop, a folder that cannot be looked at
        return False


def remove_file(path: Path) -> None:
    """Delete `path` if it is there and its folder lies in the data folder (`in_data_dir`);
    a file elsewhere is left alone, and the log says so."""
    if not in_data_dir(path):
        log.warning("left %s alone: it lies outside tentable's data folder", path)
        return
    try:
        path.unlink()
    except FileNotFoundError:
        pass
