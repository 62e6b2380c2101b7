"""The user's data on disk: settings, saved games and the solo ladder, as versioned JSON.

Each file is read and written by `tentable.userfiles`: atomically, checked field by
field, a file that cannot be used set aside with a message, a newer version's left alone
and never written over (the names it gives are also this module's, for the modules that
use the store). The stray temp file a killed write leaves is removed at the next start.
A saved game of a newer version is set aside, not left: the slot of the game in progress
is written after every move.

Each game keeps its own game in progress (`saves/autosave-<game>.json`), so starting
one game never throws another's away.
"""
from __future__ import annotations

import logging
import os
import re
import unicodedata
from dataclasses import replace
from pathlib import Path
from typing import Any

from tentable import ladder as ladder_rules
from tentable.engine.core import SEED_LIMIT
from tentable.ladder import Ladder, Outcome, SoloGame
# how every user file is read and written, for the modules that use the store
from tentable.userfiles import (  # noqa: F401
    MAX_FILE_BYTES, DamagedFile, NewerFile, data_dir, in_data_dir, parse_json, read_json,
    remove_file, set_aside, write_json, write_versioned)

SETTINGS_VERSION = 1
SAVE_VERSION = 1
LADDER_VERSION = 2                 # 2: each game's kind (ladder, practice, helped)
TUTORIALS_VERSION = 1              # where a learner is in each game's tutorial

MAX_NAME = 24                      # characters in a player's name
MAX_HISTORY = 100_000              # actions in a saved game
MAX_ACTION = 200                   # characters in one action string
MAX_DECK = 10_000                  # entries in a saved `deck=`

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
WINDOW_MODES = ("windowed", "fullscreen")
CARD_SIZES = ("small", "medium", "large")
UI_SIZES = ("auto", "75", "100", "125", "150", "175", "200")   # "auto": fit the window
MOMENTS = ("wait", "auto")          # the end of a game: wait for a click, or go on
LANGUAGES = ("system", "en", "de", "nl")   # "system": the system's language (tentable.i18n)
VOLUMES = (25, 50, 75, 100)          # the sounds' volume in percent (tentable.ui.sound)
SEAT_KINDS = ("human", "bot", "rules")   # rules: an automaton such as Mona

DEFAULT_SETTINGS: dict[str, Any] = {
    "animation_speed": "normal",
    "window_mode": "windowed",
    "card_size": "medium",
    "ui_size": "auto",
    "moments": "wait",              # a bust, a showdown, a round's end wait for the player
    "language": "system",
    "coach": False,                 # TEN: the coach's odds, off by default
    "read_aloud": False,            # turns, moves and refusals spoken (tentable.speech)
    "sound": True,                  # the table's sounds (tentable.ui.sound); Ctrl+M mutes
    "volume": 75,
    "host_port": 47100,             # where a table hosted for friends listens (#41)
    # the windowed size [w, h] and position [x, y] the window had when it was last closed
    "window_size": None,
    "window_position": None,
    # game id -> the last setup chosen for it (players, seats, options), as setup wrote it
    "games": {},
}
_CHOICES = {"animation_speed": ANIMATION_SPEEDS, "window_mode": WINDOW_MODES,
            "card_size": CARD_SIZES, "ui_size": UI_SIZES, "moments": MOMENTS, "language": LANGUAGES,
            "volume": VOLUMES}
_WINDOW = {"window_size": (200, 20_000), "window_position": (-50_000, 50_000)}
_SAVE_KEYS = ("game", "players", "seed", "options", "history")
_SAVE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
GAME_KEY = re.compile(r"^[0-9a-f]{1,32}$")    # a game's identity (`session.new_key`)
LEGACY_AUTOSAVE = "autosave"       # the single slot of earlier versions; migrated on load
_AUTOSAVE_PREFIX = "autosave-"
# Control, format and surrogate characters, line and paragraph separators: nothing a name
# shows (a typed name loses them; a name read from a file holding one is refused).
NOT_IN_NAMES = ("Cc", "Cf", "Cs", "Zl", "Zp")

log = logging.getLogger(__name__)


def settings_path() -> Path:
    return data_dir() / "settings.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def ladder_path() -> Path:
    return data_dir() / "ladder.json"


def tutorials_path() -> Path:
    return data_dir() / "tutorials.json"


# -- files (the mechanics: `tentable.userfiles`) ------------------------------
def remove_stray_temp_files() -> None:
    """Delete the temp files that a write killed before its rename left behind."""
    for folder in (data_dir(), saves_dir(), data_dir() / "archive"):
        try:
            strays = list(folder.glob(".*.json.*.tmp"))
        except OSError:
            continue
        if strays and not in_data_dir(strays[0]):    # a folder linked in: not ours
            continue
        for stray in strays:
            try:
                stray.unlink()
            except OSError:
                pass


# -- values ------------------------------------------------------------------
def clean_name(text: Any) -> str:
    """A player's name as the table shows it: one line, at most MAX_NAME characters,
    no control characters, surrounding spaces removed ("" if nothing is left)."""
    if not isinstance(text, str):
        return ""
    kept = []
    for char in text:
        if unicodedata.category(char) in NOT_IN_NAMES:
            char = " " if char in "\t\n\r\x0b\x0c\u2028\u2029" else ""
        if char == " " and (not kept or kept[-1] == " "):
            continue
        kept.append(char)
        if len(kept) > MAX_NAME:
            break
    return "".join(kept).strip()[:MAX_NAME].rstrip()


def is_name(text: Any) -> bool:
    """A name as a file may hold it: a text of at most MAX_NAME characters, none of them
    NOT_IN_NAMES. A file's name is refused, not cleaned: only the table writes names, and
    it writes them clean, so one that is not was written by someone else."""
    return isinstance(text, str) and len(text) <= MAX_NAME and not any(
        unicodedata.category(char) in NOT_IN_NAMES for char in text)


def _plain(value: Any, depth: int = 3) -> bool:
    """A JSON value nested at most `depth` deep: what settings and options may hold, so a
    hostile file can never make a later `json.dump` or the UI recurse without bound."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if depth <= 0:
        return False
    if isinstance(value, list):
        return all(_plain(item, depth - 1) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v, depth - 1) for k, v in value.items())
    return False


def _clean_seat(seat: Any) -> dict | None:
    if not isinstance(seat, dict):
        return None
    kind = seat.get("kind") if seat.get("kind") in SEAT_KINDS else SEAT_KINDS[0]
    bot = seat.get("bot") if isinstance(seat.get("bot"), str) and len(seat["bot"]) <= 64 else ""
    return {"name": clean_name(seat.get("name")), "kind": kind, "bot": bot}


# -- settings ----------------------------------------------------------------
def load_settings() -> tuple[dict, str | None]:
    """The user's settings with defaults filled in, and a message if a file was set aside.
    Called once at start, so it also sweeps away temp files of a killed write."""
    remove_stray_temp_files()
    data, message = read_json(settings_path(), SETTINGS_VERSION)
    return clean_settings(data or {}), message


def saved_language() -> str | None:
    """The language chosen in the settings ("system" when none was), or None when there
    are no usable settings. Reads without changing anything: the command line asks before
    every command, and a damaged file is the app's to set aside when it starts."""
    try:
        data = parse_json(settings_path())
    except (OSError, DamagedFile):
        return None
    if not isinstance(data, dict) or type(data.get("version")) is not int \
            or data["version"] != SETTINGS_VERSION:
        return None
    language = data.get("language")
    return language if isinstance(language, str) and language in LANGUAGES else None


def clean_settings(data: dict) -> dict:
    """Defaults for whatever is missing or not one of the allowed values."""
    settings = {key: value for key, value in DEFAULT_SETTINGS.items() if key != "games"}
    for key, allowed in _CHOICES.items():
        if data.get(key) in allowed:
            settings[key] = data[key]
    for key in ("coach", "read_aloud", "sound"):  # on or off; anything else: the default
        if isinstance(data.get(key), bool):
            settings[key] = data[key]
    if type(data.get("host_port")) is int and 1024 <= data["host_port"] <= 65535:
        settings["host_port"] = data["host_port"]
    for key, (low, high) in _WINDOW.items():
        pair = data.get(key)
        if (isinstance(pair, (list, tuple)) and len(pair) == 2
                and all(type(v) is int and low <= v <= high for v in pair)):
            settings[key] = list(pair)
    games = data.get("games")
    settings["games"] = {
        game_id: _clean_setup(setup) for game_id, setup in games.items()
        if isinstance(game_id, str) and len(game_id) <= 64 and isinstance(setup, dict)
    } if isinstance(games, dict) else {}
    return settings


def _clean_setup(setup: dict) -> dict:
    """One game's remembered setup: plain values only, names cleaned like at entry."""
    clean = {key: value for key, value in setup.items()
             if isinstance(key, str) and key != "seats" and _plain(value)}
    seats = setup.get("seats")
    if isinstance(seats, list):
        clean["seats"] = [seat for seat in map(_clean_seat, seats[:16]) if seat is not None]
    return clean


def save_settings(settings: dict) -> None:
    """Write the settings; `NewerFile` (an OSError) over a newer tentable's."""
    write_versioned(settings_path(), clean_settings(settings), SETTINGS_VERSION)


# -- saved games -------------------------------------------------------------
def check_record(data: Any) -> dict:
    """The saved game `data`, checked field by field (names capped at MAX_NAME), or
    `DamagedFile` saying which field is wrong. The moves themselves are the rules'
    business: replaying them is what tells whether they are legal."""
    from tentable.engine import GAMES

    def need(ok: bool, problem: str) -> None:
        if not ok:
            raise DamagedFile(problem)

    need(isinstance(data, dict), "it is not a saved game")
    missing = [key for key in _SAVE_KEYS if key not in data]
    need(not missing, f"it is not a complete saved game: no {', '.join(missing)}")
    game = GAMES.get(data["game"]) if isinstance(data["game"], str) else None
    need(game is not None, "'game' does not name a game this tentable has")
    players = data["players"]
    need(type(players) is int and game.min_players <= players <= game.max_players,
         f"'players' must be {game.min_players} to {game.max_players} for {game.title}")
    seed = data["seed"]
    need(type(seed) is int and 0 <= seed < SEED_LIMIT, "'seed' must be a whole number "
                                                       "from 0 to 2**63 - 1")
    need(isinstance(data["options"], dict) and _plain(data["options"]),
         "'options' must be an object of plain values")
    deck = data.get("deck")
    need(deck is None or (isinstance(deck, list) and len(deck) <= MAX_DECK and all(
        isinstance(code, str) or (isinstance(code, list) and all(isinstance(c, str)
                                                                   for c in code))
        for code in deck)), "'deck' must be null or a list of card codes")
    need(_plain(data.get("chance", {})) and isinstance(data.get("chance", {}), dict),
         "'chance' must be an object of plain values")
    history = data["history"]
    need(isinstance(history, list) and len(history) <= MAX_HISTORY,
         f"'history' must be a list of at most {MAX_HISTORY:,} actions")
    need(all(isinstance(a, str) and len(a) <= MAX_ACTION for a in history),
         "'history' must hold only actions (short texts)")
    assisted = data.get("assisted", [])
    need(isinstance(assisted, list) and all(type(s) is int and 0 <= s < players
                                            for s in assisted),
         "'assisted' must list seats of the game")
    need("key" not in data or (isinstance(data["key"], str) and GAME_KEY.match(data["key"])),
         "'key' must be a short text of hex digits")
    record = dict(data)
    if "seats" in data:
        seats = data["seats"]
        need(isinstance(seats, list) and len(seats) == players,
             f"'seats' must list the {players} seats")
        need(all(isinstance(s, dict) and isinstance(s.get("name"), str)
                 and s.get("kind") in SEAT_KINDS and isinstance(s.get("bot", ""), str)
                 for s in seats), "each seat must have a name and a kind (human, bot, rules)")
        need(all(is_name(s["name"]) for s in seats), f"'seats': a name must be at most "
             f"{MAX_NAME} characters, without control characters")
        record["seats"] = [_clean_seat(s) for s in seats]
    return record


def _save_path(name: str) -> Path:
    if not _SAVE_NAME.match(name):
        raise ValueError(f"a save name is letters, digits, '-', '_' and '.', not {name!r}")
    return saves_dir() / f"{name}.json"


def save_game(name: str, record: dict) -> Path:
    """Store a replayable game: {game, players, seed, options, deck?, seats?, history}.
    Raises ValueError (naming the field) for a record that could not be loaded back."""
    path = _save_path(name)
    record = check_record(record)
    write_json(path, {**record, "version": SAVE_VERSION})
    return path


def load_game(name: str) -> tuple[dict | None, str | None]:
    """(record, None); (None, None) if there is no such save; (None, message) if the save
    was unusable and has been set aside."""
    path = _save_path(name)
    # a newer version's save is set aside, not left: its slot may be written at any move
    data, message = read_json(path, SAVE_VERSION, newer_aside=True)
    if data is None:
        return None, message
    try:
        return check_record(data), None
    except DamagedFile as exc:
        return None, set_aside(path, str(exc))


def delete_game(name: str) -> None:
    """Delete a saved game; OSError when it is there and cannot be deleted."""
    remove_file(_save_path(name))


def list_saves() -> list[str]:
    """Names of the saved games, newest first."""
    try:
        files = [p for p in saves_dir().glob("*.json") if _SAVE_NAME.match(p.stem)]
        stamped = [(p.stat().st_mtime, p.stem) for p in files]
    except OSError:
        return []
    return [stem for _, stem in sorted(stamped, reverse=True)]


# -- the game in progress, one per game --------------------------------------
def autosave_name(game_id: str) -> str:
    """The save name of `game_id`'s game in progress."""
    return f"{_AUTOSAVE_PREFIX}{game_id}"


def autosave_path(game_id: str) -> Path:
    """The file of `game_id`'s game in progress."""
    return _save_path(autosave_name(game_id))


def save_autosave(record: dict) -> Path:
    """Keep `record` as the game in progress of its game (after every action)."""
    game_id = record.get("game") if isinstance(record, dict) else None
    if not isinstance(game_id, str):
        raise ValueError("a saved game needs its game id")
    return save_game(autosave_name(game_id), record)


def load_autosave(game_id: str) -> tuple[dict | None, str | None]:
    """`game_id`'s game in progress, like `load_game`."""
    record, message = load_game(autosave_name(game_id))
    if record is not None and record["game"] != game_id:
        return None, set_aside(_save_path(autosave_name(game_id)),
                               f"it holds a game of {record['game']!r}")
    return record, message


def clear_autosave(game_id: str) -> bool:
    """Forget `game_id`'s game in progress (it was kept, or the player started a new one);
    False, and the file left where it was, when it cannot be deleted (a read-only folder):
    then it is forgotten later, never at the cost of a crash."""
    try:
        delete_game(autosave_name(game_id))
    except OSError as exc:
        log.warning("could not delete the game in progress of %s: %s", game_id, exc)
        return False
    return True


def discard_autosave(game_id: str, why: str) -> str:
    """Set `game_id`'s game in progress aside because it cannot be continued (`why`, e.g.
    its moves no longer replay); return the message for the player."""
    return set_aside(_save_path(autosave_name(game_id)), why)


def load_autosaves() -> tuple[dict[str, dict], list[str]]:
    """Every game in progress, by game id, and one message per file that was set aside.
    The single `autosave.json` of earlier versions moves to its game's slot first."""
    messages = _migrate_legacy_autosave()
    records: dict[str, dict] = {}
    try:
        names = sorted(p.stem for p in saves_dir().glob(f"{_AUTOSAVE_PREFIX}*.json"))
    except OSError:
        names = []
    for name in names:
        game_id = name[len(_AUTOSAVE_PREFIX):]
        if not _SAVE_NAME.match(name) or not game_id:
            continue
        record, message = load_autosave(game_id)
        if message:
            messages.append(message)
        if record is not None:
            records[game_id] = record
    return records, messages


def _migrate_legacy_autosave() -> list[str]:
    record, message = load_game(LEGACY_AUTOSAVE)
    if record is None:
        return [message] if message else []
    legacy, slot = _save_path(LEGACY_AUTOSAVE), _save_path(autosave_name(record["game"]))
    if not in_data_dir(legacy):        # `saves` linked to another folder: not ours to move
        return []
    try:
        # The slot may hold a later game of the same kind (an older version ran since):
        # the newer file is the game in progress.
        if slot.exists() and slot.stat().st_mtime >= legacy.stat().st_mtime:
            legacy.unlink()
        else:
            os.replace(legacy, slot)
    except OSError as exc:
        log.warning("could not move %s to %s: %s", legacy.name, slot.name, exc)
    return []


# -- the solo ladder (TEN S8) -------------------------------------------------
def load_ladder() -> tuple[Ladder, str | None]:
    """The solo ladder, and a message if its file could not be used: then a fresh ladder
    (target 5), and the file was set aside for the player to keep."""
    path = ladder_path()
    data, message = read_json(path, LADDER_VERSION, older=(1,))
    if data is None:
        return Ladder(), message
    try:
        ladder = ladder_rules.from_json(data, kinds=data["version"] != 1)
    except ladder_rules.BadLadder as exc:
        return Ladder(), set_aside(path, str(exc))
    return (_helped_by_archive(ladder) if data["version"] == 1 else ladder), None


def _helped_by_archive(ladder: Ladder) -> Ladder:
    """A ladder of version 1 knows no help: the archive knows it of a game kept with its
    key (the archive reads through this module, hence the late import)."""
    from tentable import archive
    games = []
    for game in ladder.games:
        kept = archive.find(game.key) if game.key and game.kind == ladder_rules.LADDER \
            else None
        helped = kept is not None and kept.helped(0)
        games.append(replace(game, kind=ladder_rules.HELPED) if helped else game)
    return replace(ladder, games=tuple(games))


def save_ladder(ladder: Ladder) -> None:
    """Write the ladder; `BadLadder` (a ValueError) instead for one that could not be
    read back, so a bad score never turns the whole file into a damaged one; `NewerFile`
    over a newer tentable's ladder."""
    ladder_rules.from_json(ladder.to_json())
    write_versioned(ladder_path(), ladder.to_json(), LADDER_VERSION)


def reset_ladder() -> Ladder:
    """Start the ladder again at target 5, with no games."""
    fresh = Ladder()
    save_ladder(fresh)
    return fresh


def add_ladder_game(game: SoloGame) -> tuple[Ladder, Outcome | None, str | None]:
    """Keep a finished solo game on the ladder: (the ladder now, what the game did or None
    if it was already kept, a message if the old file was set aside). Raises OSError
    when the file exists but cannot be read, rather than write over it."""
    ladder, message = load_ladder()
    if message is not None and ladder_path().exists():
        raise OSError(message)
    if ladder.already_has(game):
        return ladder, None, message
    ladder, outcome = ladder.record(game)
    save_ladder(ladder)
    return ladder, outcome, message



# -- Learn to play: where the learner is in each game's tutorial (`tentable.tutorial`) ----
def _tutorials() -> dict:
    data, _ = read_json(tutorials_path(), TUTORIALS_VERSION)
    steps = (data or {}).get("steps")
    return {game: at for game, at in steps.items() if type(at) is int and at >= 0} \
        if isinstance(steps, dict) else {}


def tutorial_step(game_id: str) -> int | None:
    """How many steps of `game_id`'s tutorial the learner has done; None: not begun."""
    return _tutorials().get(game_id)


def _write_tutorials(steps: dict) -> None:
    """A place that cannot be written is not worth a message: the tutorial then
    starts again from its beginning next time."""
    try:
        write_versioned(tutorials_path(), {"steps": steps}, TUTORIALS_VERSION)
    except OSError as exc:
        log.warning("could not keep the tutorial's place: %s", exc)


def save_tutorial_step(game_id: str, at: int) -> None:
    _write_tutorials({**_tutorials(), game_id: at})


def forget_tutorial(game_id: str) -> None:
    steps = _tutorials()
    if steps.pop(game_id, None) is not None:
        _write_tutorials(steps)
