"""Records and saves: a finished or running game as JSON and back.

`State.record()` is the seed, setup and moves; `replay(record)` sets the game up again
and plays its moves, refusing a record whose move is not legal where it stands.
`State.to_json()` is a whole position; `from_json(text)` replays its record and checks
that the position follows from it, so a tampered or impossible save is refused with a
reason. `loads` is the one reader of JSON from outside (size-capped, nesting-safe).
"""
from __future__ import annotations

import json
from typing import Any

from tentable.engine.core import FORMAT_VERSION, State
from tentable.engine.errors import IllegalAction, SetupError, shortened as _short
from tentable.engine.registry import new_game

MAX_HISTORY = 100_000
MAX_SAVE_BYTES = 4_000_000


def replay(record: Any) -> State:
    """Rebuild a game from `record()` output: set it up again and play its history."""
    if not isinstance(record, dict):
        raise SetupError(f"a game record is a mapping, not {type(record).__name__}")
    for key in ("game", "players", "history"):
        if key not in record:
            raise SetupError(f"the game record has no {key!r}")
    version = record.get("version", FORMAT_VERSION)
    if type(version) is not int or version != FORMAT_VERSION:
        raise SetupError(f"the game record has format version {_short(version)}; "
                         f"this tentable reads version {FORMAT_VERSION}")
    chance = record.get("chance") or {}
    if not isinstance(chance, dict) or not all(isinstance(k, str) for k in chance):
        raise SetupError("the game record's chance must be a mapping")
    history = record["history"]
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        raise SetupError(f"the game record's history must be a list of at most "
                         f"{MAX_HISTORY} actions")
    state = new_game(record["game"], record["players"], record.get("seed", 0),
                     record.get("options"), record.get("deck"), **chance)
    for n, action in enumerate(history, 1):
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise SetupError(f"action {n} of the record, {_short(action)}, is not legal "
                             f"there: {exc}") from None
    return state


def loads(text: Any) -> Any:
    """Parse JSON text from outside: size-capped, and deep nesting is refused, not a crash."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SetupError("the file is not UTF-8 text") from None
    if not isinstance(text, str):
        raise SetupError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise SetupError(f"the file is larger than {MAX_SAVE_BYTES // 1_000_000} MB")
    try:
        return json.loads(text)
    except RecursionError:
        raise SetupError("the file is nested too deeply to be a tentable file") from None
    except ValueError as exc:
        raise SetupError(f"the file is not valid JSON ({exc})") from None


def from_json(text: Any) -> State:
    """Load `to_json()` output. The position is rebuilt by replaying its record and must
    equal the saved one, so a tampered or impossible save is refused with a reason."""
    data = loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        raise SetupError("not a saved tentable state")
    saved = data["state"]
    record = {key: saved.get(key) for key in ("players", "seed", "options", "history")}
    record.update(game=data.get("game"), version=data.get("version"))
    if saved.get("deck") is not None:
        record["deck"] = saved["deck"]
    if saved.get("chance"):
        record["chance"] = saved["chance"]
    state = replay(record)
    try:
        same = state._to_data() == saved
    except RecursionError:
        same = False
    if not same:
        raise SetupError(f"{state.game_id}: the saved position does not follow from its moves")
    return state
