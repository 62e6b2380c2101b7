"""Statistics per game, mode and player: games, wins, average and best score, streaks.

A row is one player name at one level (a human, or a computer level, or Mona's rules) in
one game and mode (a table game, the solo ladder, a practice game against Mona): so the
ladder and practice count apart, and "Ana" against the computer is one row however many
games she played. A game in which a computer played a human's seat for a while counts in
that seat's `assisted`.

Kept in `stats.json`, written atomically after every finished game (before the game in
progress is forgotten: `tentable.keeping`), with the keys of the games counted, so a game
kept again after a crash is never counted twice; a damaged file is set aside and the
statistics start again, with a message. The archive (`tentable.archive`) keeps the games
themselves.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from tentable import archive, store
from tentable.archive import MODES, Kept

STATS_VERSION = 1
MAX_ROWS = 10_000
COUNTED = archive.KEEP          # the keys of the newest games counted, to count none twice
# Far beyond any game's, yet shown in a few characters: an average or a best of 1e300
# would fill the screen, and one beyond a float overflows the average.
MAX_COUNT = 10 ** 9              # games, wins, streaks of one row
MAX_SCORE = 10 ** 9              # |a score|, and of the average


@dataclass
class Row:
    game: str
    mode: str
    name: str
    level: str
    games: int = 0
    wins: int = 0
    score_sum: float = 0
    best: float | None = None
    streak: int = 0               # wins in a row up to the last game
    best_streak: int = 0
    assisted: int = 0

    @property
    def key(self) -> tuple[str, str, str, str]:
        return self.game, self.mode, self.name, self.level

    @property
    def average(self) -> float:
        return self.score_sum / self.games if self.games else 0.0


@dataclass
class Stats:
    rows: list[Row] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)   # game keys, oldest first

    def row(self, game: str, mode: str, name: str, level: str) -> Row:
        for row in self.rows:
            if row.key == (game, mode, name, level):
                return row
        row = Row(game, mode, name, level)
        self.rows.append(row)
        return row

    def add(self, kept: Kept, lowest_wins: bool = False) -> bool:
        """Count a finished game for every seat; False if it was counted already (a game
        kept again after a crash: known by its key, written with the counts at once)."""
        key = kept.record.get("key")
        if key:
            if key in self.counted:
                return False
            self.counted = [*self.counted, key][-COUNTED:]
        for seat, (name, level) in enumerate(zip(kept.names, kept.levels)):
            row = self.row(kept.game, kept.mode, name, level)
            won = seat in kept.winners
            score = kept.scores[seat]
            row.games += 1
            row.wins += won
            row.score_sum += score
            better = min if lowest_wins else max
            row.best = score if row.best is None else better(row.best, score)
            row.streak = row.streak + 1 if won else 0
            row.best_streak = max(row.best_streak, row.streak)
            row.assisted += seat in kept.assisted
        return True

    def to_json(self) -> dict:
        return {"version": STATS_VERSION, "rows": [asdict(row) for row in self.rows],
                "counted": list(self.counted)}


def stats_path():
    return store.data_dir() / "stats.json"


def load() -> tuple[Stats, str | None]:
    """The statistics, and a message if the file could not be used (then it was set aside
    and the statistics start again)."""
    path = stats_path()
    data, message = store.read_json(path, STATS_VERSION)
    if data is None:
        return Stats(), message
    try:
        return _from_json(data), None
    except store.DamagedFile as exc:
        return Stats(), store.set_aside(path, str(exc))


def add_game(kept: Kept, lowest_wins: bool = False) -> str | None:
    """Count a finished game and write the statistics (unless it is counted already); a
    message if the old file had to be set aside."""
    stats, message = load()
    if stats.add(kept, lowest_wins):
        store.write_json(stats_path(), stats.to_json())
    return message


def _from_json(data: dict) -> Stats:
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) > MAX_ROWS:
        raise store.DamagedFile(f"'rows' must be a list of at most {MAX_ROWS} rows")
    counted = data.get("counted", [])
    if not isinstance(counted, list) or len(counted) > COUNTED or not all(
            isinstance(key, str) and store.GAME_KEY.match(key) for key in counted):
        raise store.DamagedFile(f"'counted' must list at most {COUNTED} game keys")
    stats = Stats(counted=list(counted))
    for item in rows:
        if not isinstance(item, dict):
            raise store.DamagedFile("a row is not an object")
        try:
            row = Row(**{k: item[k] for k in Row.__dataclass_fields__})
        except (KeyError, TypeError):
            raise store.DamagedFile("a row lacks a field") from None
        problem = _wrong_field(row)
        if problem:
            raise store.DamagedFile(f"a row of {str(row.game)[:20]!r}: {problem}")
        stats.rows.append(row)
    return stats


def _wrong_field(row: Row) -> str | None:
    """What is wrong with a row as read, naming the field; None when nothing is."""
    texts = (row.game, row.mode, row.level)
    if not all(isinstance(x, str) and len(x) <= 64 for x in texts) or row.mode not in MODES:
        return "'game', 'mode' or 'level' has a wrong value"
    if not store.is_name(row.name):
        return (f"'name' must be a name of at most {store.MAX_NAME} characters without "
                f"control characters")
    if not (type(row.games) is int and 0 <= row.games <= MAX_COUNT):
        return f"'games' must be a count from 0 to {MAX_COUNT:,}"
    for name in ("wins", "streak", "best_streak", "assisted"):
        count = getattr(row, name)
        if not (type(count) is int and 0 <= count <= row.games):
            return f"'{name}' must be a count from 0 to its 'games'"
    if not _number(row.score_sum, MAX_SCORE * max(1, row.games)):
        return f"'score_sum' must be a number of at most {MAX_SCORE:,} a game"
    if not (row.best is None or _number(row.best, MAX_SCORE)):
        return f"'best' must be null or a score from -{MAX_SCORE:,} to {MAX_SCORE:,}"
    return None


def _number(value, limit: float) -> bool:
    # Compared, not passed to math.isfinite: that overflows on an int past a float's
    # range; NaN and the infinities fail the comparison.
    return type(value) in (int, float) and -limit <= value <= limit
