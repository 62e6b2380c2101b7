"""Every finished game kept: a bounded archive of records in the user data folder.

Each finished game is one file, `archive/<finished>-<n>-<game>-<key>.json` (the key is the
game's identity: `find` knows a game kept before a crash again), written atomically
like every user file, holding the record (which replays the whole game), who sat where
and how it ended. Who sat where is each seat's name, level and player (its identity,
`tentable.players`), and the computer level that helped a human's seat, if one did. One
file a game means a damaged file costs one game, never the archive: it is set aside with
a message and the rest loads; a file a newer tentable wrote is left where it is, for that
version, and skipped with a message. The newest `KEEP` games are kept; older ones are
deleted as new ones come.

A game can also be saved to a file of the player's choice and loaded from one (to share
it): the same format, checked the same way, and the moves must replay.
"""
from __future__ import annotations

import datetime
import itertools
import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tentable import store
from tentable.players import identity

ARCHIVE_VERSION = 1
KEEP = 1000                     # the newest games kept (the issue asks for at least 500)
MODES = ("table", "ladder", "practice")   # solo ladder and practice games count apart


@dataclass(frozen=True)
class Kept:
    """One finished game as kept."""

    name: str                   # its file's name in the archive (an id for load/delete)
    finished: str               # local time, ISO 8601 to the second
    mode: str                   # MODES
    record: dict                # replays the game (store.check_record's form)
    names: list[str]
    levels: list[str]           # "human", a computer level, or "rules" (an automaton);
                                # a human's seat the computer played a while is "human"
    scores: list
    winners: list[int]
    players: list[str]          # each seat's player (`tentable.players.identity`)
    helped_by: list[str]        # the computer level that played a human's seat a while,
                                # "" for a seat its player played alone

    @property
    def game(self) -> str:
        return self.record["game"]

    @property
    def key(self) -> str:
        return self.record.get("key", "")

    @property
    def assisted(self) -> list[int]:
        return list(self.record.get("assisted", []))

    @property
    def drawn(self) -> bool:
        """Every seat ended level (a TEN tiles draw, a solo TEN game of equal points): a
        draw, nobody's win, though the rules list every seat among the winners."""
        return len(self.scores) > 1 and set(self.winners) == set(range(len(self.scores)))

    def won(self, seat: int) -> bool:
        return seat in self.winners and not self.drawn

    def helped(self, seat: int) -> bool:
        """A computer played this human's seat for some or all of the game: handed over
        (`helped_by`), or a computer there from the start."""
        return bool(self.helped_by[seat]) or self.levels[seat] != "human"

    def to_json(self) -> dict:
        return {"version": ARCHIVE_VERSION, "finished": self.finished, "mode": self.mode,
                "record": self.record, "names": self.names, "levels": self.levels,
                "scores": self.scores, "winners": self.winners, "players": self.players,
                "helped_by": self.helped_by}


def archive_dir() -> Path:
    return store.data_dir() / "archive"


def now() -> str:
    return datetime.datetime.now().replace(microsecond=0).isoformat()


def finished_game(record: dict, scores: list, winners: list[int], mode: str = "table",
                  finished: str | None = None) -> Kept:
    """What the archive keeps of a game that just ended (`record` with its seats)."""
    record = store.check_record(record)
    names, levels, players, helped_by = who_sat(record)
    return Kept("", finished or now(), mode if mode in MODES else "table", record,
                names, levels, list(scores), list(winners), players, helped_by)


def who_sat(record: dict) -> tuple[list[str], list[str], list[str], list[str]]:
    """Each seat's name, level, player and helper (see `Kept`) from a checked record: a
    seat in `assisted` was a human's, whatever played it at the end, helped by the level
    its seat names (a seat taken back keeps the level that helped as its `bot`)."""
    seats = record.get("seats") or [{"name": f"{i + 1}", "kind": "human", "bot": ""}
                                    for i in range(record["players"])]
    assisted = set(record.get("assisted", []))
    names = [store.clean_name(seat["name"]) or f"{i + 1}" for i, seat in enumerate(seats)]
    levels = ["human" if i in assisted else seat["bot"] if seat["kind"] == "bot"
              else seat["kind"] for i, seat in enumerate(seats)]
    helped_by = [(seat["bot"] or "computer") if i in assisted else ""
                 for i, seat in enumerate(seats)]
    players = [identity(name, level) for name, level in zip(names, levels)]
    return names, levels, players, helped_by


def keep(game: Kept) -> Kept:
    """Write a finished game into the archive (atomically), drop the oldest beyond KEEP,
    and return it with its name."""
    folder = archive_dir()
    stamp = game.finished.replace(":", "").replace("-", "")
    # names sort by when the game ended, then by a count within the same second
    for n in itertools.count(1):
        if not any(folder.glob(f"{stamp}-{n:03d}-*.json")):
            break
    key = f"-{game.key}" if game.key else ""
    path = folder / f"{stamp}-{n:03d}-{game.game}{key}.json"
    store.write_json(path, game.to_json())
    _prune(folder)
    return replace(game, name=path.stem)


def find(key: str) -> Kept | None:
    """The kept game of this key (see `session.new_key`), if the archive holds it."""
    try:
        paths = sorted(archive_dir().glob(f"*-{key}.json")) if store.GAME_KEY.match(key) else []
    except OSError:
        return None
    for path in paths:
        game, _ = load(path)
        if game is not None and game.key == key:
            return game
    return None


def load_all() -> tuple[list[Kept], list[str]]:
    """Every kept game, newest first, and a message for each file set aside. A game is
    listed from its file's own summary, its moves unplayed: a thousand replays froze the
    screen for seconds. `replayed` plays them when the game is watched or saved."""
    folder = archive_dir()
    try:
        paths = sorted(folder.glob("*.json"), key=lambda p: p.name, reverse=True)
    except OSError:
        return [], []
    games, messages = [], []
    for path in paths:
        data, message = store.read_json(path, ARCHIVE_VERSION)
        if data is not None:
            try:
                games.append(_from_json(path.stem, data))
            except store.DamagedFile as exc:
                message = store.set_aside(path, str(exc))
        if message:
            messages.append(message)
    return games, messages


def load(path: Path) -> tuple[Kept | None, str | None]:
    """One archived or shared game, its moves replayed: (game, None), or (None, message)
    when the file could not be used (an archive file is then set aside; a file of the
    player's is left)."""
    if path.parent != archive_dir():
        return read_shared(path)
    data, message = store.read_json(path, ARCHIVE_VERSION)
    if data is None:
        return None, message
    try:
        return _replay(_from_json(path.stem, data)), None
    except store.DamagedFile as exc:
        return None, store.set_aside(path, str(exc))


def read_shared(path: Path) -> tuple[Kept | None, str | None]:
    """A game in a file of the player's, as Open a file and `tentable replay` read it:
    (game, None), or (None, message) saying why it is refused. The file is never moved."""
    data, message = _read_shared(path)
    if data is None:
        return None, message
    try:
        return _replay(_from_json(path.stem, data)), None
    except store.DamagedFile as exc:
        return None, f"{path.name} is not a tentable game: {exc}"


def replayed(game: Kept) -> tuple[Kept | None, str | None]:
    """A listed game with its moves replayed, as watching or saving a copy needs: (game
    with the scores and winners its moves come to, None), or (None, why) when they do not
    replay to a finished game. Its file stays as it is."""
    try:
        return _replay(game), None
    except store.DamagedFile as exc:
        return None, str(exc)


def delete(name: str) -> None:
    store.remove_file(archive_dir() / f"{name}.json")


def export(game: Kept, path: Path) -> None:
    """Save a game to a file of the player's choice (atomically)."""
    store.write_json(path, game.to_json())


def _read_shared(path: Path) -> tuple[dict | None, str | None]:
    try:
        data = store.parse_json(path)
    except FileNotFoundError:
        return None, f"there is no file {path.name}"
    except store.DamagedFile as exc:
        return None, f"{path.name} is not a tentable game: {exc}"
    except OSError as exc:
        return None, f"{path.name} cannot be read: {exc.strerror or exc}"
    if not isinstance(data, dict) or data.get("version") != ARCHIVE_VERSION \
            or type(data.get("version")) is not int:
        return None, (f"{path.name} is not a game this tentable reads (format version "
                      f"{data.get('version') if isinstance(data, dict) else '?'!r})")
    return data, None


def _from_json(name: str, data: dict) -> Kept:
    """Check every field, the summary of how the game ended among them (what the list
    shows); the moves are `_replay`'s to check."""
    def need(ok: Any, problem: str) -> None:
        if not ok:
            raise store.DamagedFile(problem)

    record = store.check_record(data.get("record"))
    players = record["players"]
    names, levels = data.get("names"), data.get("levels")
    need(isinstance(names, list) and len(names) == players and all(
        store.is_name(n) for n in names), f"'names' must name every seat, each name at most "
                                          f"{store.MAX_NAME} characters without control "
                                          f"characters")
    need(isinstance(levels, list) and len(levels) == players and all(
        isinstance(x, str) and len(x) <= 40 for x in levels), "'levels' must name every seat's")
    need(data.get("mode") in MODES, f"'mode' must be one of {', '.join(MODES)}")
    need(isinstance(data.get("finished"), str) and len(data["finished"]) <= 40,
         "'finished' must be a date")
    scores, winners = data.get("scores"), data.get("winners")
    need(isinstance(scores, list) and len(scores) == players and all(map(_score, scores)),
         "'scores' must hold a number for every seat")
    # a finished game has a winner, or several who share the win or draw
    need(isinstance(winners, list) and winners and all(
        type(s) is int and 0 <= s < players for s in winners)
         and len(set(winners)) == len(winners), "'winners' must list seats of the game")
    names = [store.clean_name(n) or f"{i + 1}" for i, n in enumerate(names)]
    if "players" in data:
        who, helped_by = data["players"], data.get("helped_by")
        for field, problem in ((who, "'players' must name every seat's player"),
                               (helped_by, "'helped_by' must list every seat's helper")):
            need(isinstance(field, list) and len(field) == players and all(
                isinstance(x, str) and len(x) <= 64 for x in field), problem)
    elif record.get("seats"):             # kept before identities: read by today's rules
        names, levels, who, helped_by = who_sat(record)
    else:
        assisted = set(record.get("assisted", []))
        who = [identity(n, level) for n, level in zip(names, levels)]
        helped_by = ["computer" if i in assisted else "" for i in range(players)]
    return Kept(name, data["finished"], data["mode"], record, names, list(levels),
                list(scores), list(winners), list(who), list(helped_by))


MAX_SCORE = 1_000_000           # beyond any game's score: a kept one past it is damaged


def _score(value: Any) -> bool:
    """A score as a game counts one: no bool, no NaN or infinity (from a hostile file),
    and none beyond MAX_SCORE, which no game comes near (a thousand digits would fill the
    row)."""
    if type(value) is float:
        return math.isfinite(value) and abs(value) <= MAX_SCORE
    return type(value) is int and abs(value) <= MAX_SCORE


def _replay(game: Kept) -> Kept:
    """`game` as its moves replay it: they must be legal and finish the game; the scores
    and winners are then theirs, whatever the file said."""
    from tentable.engine import SetupError, replay
    try:
        state = replay(game.record)
    except SetupError as exc:
        raise store.DamagedFile(f"its moves do not replay: {exc}") from None
    if not state.is_over:
        raise store.DamagedFile("its game is not finished")
    return replace(game, scores=state.scores(), winners=state.winners())


def _prune(folder: Path) -> None:
    try:
        paths = sorted(folder.glob("*.json"), key=lambda p: p.name, reverse=True)
    except OSError:
        return
    for old in paths[KEEP:]:
        try:
            store.remove_file(old)      # never a file of a folder linked in from elsewhere
        except OSError:
            pass
