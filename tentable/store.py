"""The user's data on disk: settings and saved games, as versioned JSON files.

Everything lives in the platform's per-user data directory (`TENTABLE_HOME`
overrides it, for tests). Files are written atomically — a temp file in the same
directory, fsync, `os.replace` — so a crash mid-write leaves the old file. A file
that cannot be read (damaged, or written by another format version) is renamed
aside as `<name>.damaged-<timestamp>` and reported in a message: loading never
raises and never touches any other file.
"""
from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs

SETTINGS_VERSION = 1
SAVE_VERSION = 1

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
WINDOW_MODES = ("windowed", "fullscreen")
CARD_SIZES = ("small", "medium", "large")

DEFAULT_SETTINGS: dict[str, Any] = {
    "animation_speed": "normal",
    "window_mode": "windowed",
    "card_size": "medium",
    # game id -> the last setup chosen for it (seats, options), as the setup scene wrote it
    "games": {},
}
_CHOICES = {"animation_speed": ANIMATION_SPEEDS, "window_mode": WINDOW_MODES,
            "card_size": CARD_SIZES}
_SAVE_KEYS = ("game", "players", "seed", "options", "history")
_SAVE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")

log = logging.getLogger(__name__)


def data_dir() -> Path:
    home = os.environ.get("TENTABLE_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("tentable", appauthor=False))


def settings_path() -> Path:
    return data_dir() / "settings.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


# -- files -------------------------------------------------------------------
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


def read_json(path: Path, version: int) -> tuple[dict | None, str | None]:
    """Return (data, None), (None, None) if there is no file, or (None, message) if the
    file was unusable and has been set aside."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        message = f"Could not read {path.name} ({exc.strerror or exc}); using defaults."
        log.warning(message)
        return None, message
    try:
        data = json.loads(text)
    except ValueError:
        return None, set_aside(path, "it is damaged")
    if not isinstance(data, dict):
        return None, set_aside(path, "it is damaged")
    if data.get("version") != version:
        return None, set_aside(
            path, f"it has format version {data.get('version')!r}, this tentable reads {version}")
    return data, None


def set_aside(path: Path, why: str) -> str:
    """Rename an unusable file out of the way, keeping it for the user; return a message."""
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


# -- settings ----------------------------------------------------------------
def load_settings() -> tuple[dict, str | None]:
    """The user's settings with defaults filled in, and a message if a file was set aside."""
    data, message = read_json(settings_path(), SETTINGS_VERSION)
    return clean_settings(data or {}), message


def clean_settings(data: dict) -> dict:
    """Defaults for whatever is missing or not one of the allowed values."""
    settings = {key: value for key, value in DEFAULT_SETTINGS.items() if key != "games"}
    for key, allowed in _CHOICES.items():
        if data.get(key) in allowed:
            settings[key] = data[key]
    games = data.get("games")
    settings["games"] = {
        game_id: dict(setup) for game_id, setup in games.items()
        if isinstance(game_id, str) and isinstance(setup, dict)
    } if isinstance(games, dict) else {}
    return settings


def save_settings(settings: dict) -> None:
    write_json(settings_path(), {**clean_settings(settings), "version": SETTINGS_VERSION})


# -- saved games -------------------------------------------------------------
def _save_path(name: str) -> Path:
    if not _SAVE_NAME.match(name):
        raise ValueError(f"a save name is letters, digits, '-', '_' and '.', not {name!r}")
    return saves_dir() / f"{name}.json"


def save_game(name: str, record: dict) -> Path:
    """Store a replayable game: {game, players, seed, options, deck?, history}."""
    missing = [key for key in _SAVE_KEYS if key not in record]
    if missing:
        raise ValueError(f"a saved game needs {', '.join(missing)}")
    path = _save_path(name)
    write_json(path, {**record, "version": SAVE_VERSION})
    return path


def load_game(name: str) -> tuple[dict | None, str | None]:
    """(record, None); (None, None) if there is no such save; (None, message) if the save
    was unusable and has been set aside."""
    path = _save_path(name)
    data, message = read_json(path, SAVE_VERSION)
    if data is not None and any(key not in data for key in _SAVE_KEYS):
        return None, set_aside(path, "it is not a complete saved game")
    return data, message


def delete_game(name: str) -> None:
    try:
        _save_path(name).unlink()
    except FileNotFoundError:
        pass


def list_saves() -> list[str]:
    """Names of the saved games, newest first."""
    try:
        files = [p for p in saves_dir().glob("*.json") if _SAVE_NAME.match(p.stem)]
    except OSError:
        return []
    return [p.stem for p in sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)]
