"""Statistics per game, mode and player: games, wins, draws, helped games, average and best
score, streaks.

A row is one player (`tentable.players`: an identity, not the name in the language of the
day) at one level (a human, a computer level, Mona's rules) in one game and mode (a table
game, the solo ladder, a practice game against Mona): so the ladder and practice count
apart, and "Ana" against the computer is one row however many games she played.

What a game counts as, for each seat (docs/architecture.md, "What the statistics count"):
- a **win** when the seat is among the winners and the game was not drawn; a shared win
  (two of three level at the top) is a win for each;
- a **draw** when every seat ended level (a TEN tiles draw, equal points against Mona):
  nobody's win, and it ends a winning streak;
- a **helped** game when a computer played a human's seat for a while: the game is that
  human's, counted among their games and as helped, but its result is not theirs alone,
  so it counts in none of wins, draws, average, best or streak (the computer that helped
  gets no row of it);
- otherwise a loss (games less wins, draws and helped games).

Kept in `stats.json`, written atomically after every finished game (before the game in
progress is forgotten: `tentable.keeping`), with the keys of the games counted, so a game
kept again after a crash is never counted twice. The archive (`tentable.archive`) keeps
the games themselves, so the statistics can always be counted again from it
(`rebuild`, oldest game first, as they were counted): that happens by itself when
`stats.json` is missing or damaged (it is set aside), or of an older format, and by
`tentable stats --rebuild`. A `stats.json` a newer tentable wrote is left as it is: the
figures are then counted from the archive for the screen, and not written. While the
archive holds every game counted (its newest 1,000), the rebuild equals the figures kept.
"""
from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import Iterable

from tentable import archive, store
from tentable.archive import MODES, Kept
from tentable.bots import level_of

STATS_VERSION = 2                # 2: rows by player, draws and helped games (#37)
COLUMNS = ("games", "wins", "draws", "helped", "average", "best", "streak")   # `figures`
MAX_ROWS = 10_000
COUNTED = archive.KEEP          # the keys of the newest games counted, to count none twice
# Far beyond any game's, yet shown in a few characters: an average or a best of 1e300
# would fill the screen, and one beyond a float overflows the average.
MAX_COUNT = 10 ** 9              # games, wins, streaks of one row
MAX_SCORE = 10 ** 9              # |a score|, and of the average

log = logging.getLogger(__name__)


@dataclass
class Row:
    game: str
    mode: str
    player: str                   # the identity (`players.identity`)
    level: str                    # "human", a computer level, or "rules"
    name: str = ""                # the name last played under, to show
    games: int = 0                # every game, helped ones too
    wins: int = 0
    draws: int = 0
    helped: int = 0               # games a computer played this human's seat a while
    score_sum: float = 0          # of the games played alone
    best: float | None = None
    streak: int = 0               # wins in a row up to the last game played alone
    best_streak: int = 0

    @property
    def key(self) -> tuple[str, str, str, str]:
        return self.game, self.mode, self.player, self.level

    @property
    def alone(self) -> int:
        """The games this player played without help: what wins, average and best are of."""
        return self.games - self.helped

    @property
    def average(self) -> float:
        return self.score_sum / self.alone if self.alone else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.alone if self.alone else 0.0

    def figures(self) -> tuple[str, ...]:
        """The `COLUMNS` as the screen and `tentable stats` show them ("—": no best yet)."""
        best = "—" if self.best is None else f"{self.best:g}"
        return (str(self.games), str(self.wins), str(self.draws), str(self.helped),
                f"{self.average:.1f}", best, str(self.best_streak))


@dataclass
class Stats:
    rows: list[Row] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)   # game keys, oldest first

    def row(self, game: str, mode: str, player: str, level: str) -> Row:
        for row in self.rows:
            if row.key == (game, mode, player, level):
                return row
        row = Row(game, mode, player, level)
        self.rows.append(row)
        return row

    def add(self, kept: Kept) -> bool:
        """Count a finished game for every seat; False if it was counted already (a game
        kept again after a crash: known by its key, written with the counts at once)."""
        key = kept.key
        if key:
            if key in self.counted:
                return False
            self.counted = [*self.counted, key][-COUNTED:]
        better = min if _lowest_wins(kept.game) else max
        for seat, score in enumerate(kept.scores):
            level = kept.levels[seat]
            level = level_of(level) or level      # a level by an old bot name: that level
            row = self.row(kept.game, kept.mode, kept.players[seat], level)
            row.name = kept.names[seat]
            row.games += 1
            if kept.helped_by[seat]:
                row.helped += 1
                continue
            won = kept.won(seat)
            row.wins += won
            row.draws += kept.drawn
            row.score_sum += score
            row.best = score if row.best is None else better(row.best, score)
            row.streak = row.streak + 1 if won else 0
            row.best_streak = max(row.best_streak, row.streak)
        return True

    def of_game(self, game: str) -> list[Row]:
        """A game's rows as they are listed: table games, then the solo ladder, then
        practice; in each, the most games first, people before computers."""
        return sorted((row for row in self.rows if row.game == game),
                      key=lambda row: (MODES.index(row.mode), -row.games,
                                       row.level != "human", row.player))

    def to_json(self) -> dict:
        return {"rows": [asdict(row) for row in self.rows], "counted": list(self.counted)}


def counted(games: Iterable[Kept]) -> Stats:
    """The statistics of these games, counted in the order given (oldest first)."""
    stats = Stats()
    for game in games:
        stats.add(game)
    return stats


def rebuild() -> tuple[Stats, list[str]]:
    """The statistics counted again from every game the archive holds, oldest first, and
    a message for each archive file that could not be read."""
    games, messages = archive.load_all()
    return counted(reversed(games)), messages


def stats_path():
    return store.data_dir() / "stats.json"


def load() -> tuple[Stats, str | None]:
    """The statistics, and a message if `stats.json` could not be used. Without a usable
    file they are counted again from the archive, and written unless a file is still
    there (a newer tentable's, or one that cannot be read): never written over."""
    stats, message, _ = _load()
    return stats, message


def save(stats: Stats) -> None:
    """Write the statistics; `store.NewerFile` over a newer tentable's."""
    store.write_versioned(stats_path(), stats.to_json(), STATS_VERSION)


def add_game(kept: Kept) -> str | None:
    """Count a finished game and write the statistics (unless it is counted already, or
    `stats.json` is a newer tentable's: then the game waits in the archive, which that
    version can count); a message if the old file could not be used."""
    stats, message, ours = _load()
    if stats.add(kept) and ours:
        save(stats)
    return message


def _load() -> tuple[Stats, str | None, bool]:
    """`load`, and whether `stats.json` is ours to write (ours, or no file)."""
    path = stats_path()
    data, message = store.read_json(path, STATS_VERSION)
    if data is not None:
        try:
            return _from_json(data), None, True
        except store.DamagedFile as exc:
            message = store.set_aside(path, str(exc))
    stats, more = rebuild()
    ours = not path.exists()
    if ours and (stats.rows or stats.counted):
        try:
            save(stats)
        except OSError as exc:       # counted again next time; the figures are right now
            log.warning("could not write the statistics counted again: %s", exc)
    messages = [m for m in (message, *more) if m]
    return stats, " ".join(messages) or None, ours


def _lowest_wins(game_id: str) -> bool:
    from tentable.engine import GAMES
    game = GAMES.get(game_id)
    return bool(game and game.state.lowest_wins)


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
    texts = (row.game, row.mode, row.player, row.level)
    if not all(isinstance(x, str) and len(x) <= 64 for x in texts) or row.mode not in MODES:
        return "'game', 'mode', 'player' or 'level' has a wrong value"
    if not store.is_name(row.name):
        return (f"'name' must be a name of at most {store.MAX_NAME} characters without "
                f"control characters")
    if not (type(row.games) is int and 0 <= row.games <= MAX_COUNT):
        return f"'games' must be a count from 0 to {MAX_COUNT:,}"
    for name in ("wins", "draws", "helped", "streak", "best_streak"):
        count = getattr(row, name)
        if not (type(count) is int and 0 <= count <= row.games):
            return f"'{name}' must be a count from 0 to its 'games'"
    if row.wins + row.draws + row.helped > row.games:
        return "'wins', 'draws' and 'helped' must add up to at most its 'games'"
    if not _number(row.score_sum, MAX_SCORE * max(1, row.games)):
        return f"'score_sum' must be a number of at most {MAX_SCORE:,} a game"
    if not (row.best is None or _number(row.best, MAX_SCORE)):
        return f"'best' must be null or a score from -{MAX_SCORE:,} to {MAX_SCORE:,}"
    return None


def _number(value, limit: float) -> bool:
    # Compared, not passed to math.isfinite: that overflows on an int past a float's
    # range; NaN and the infinities fail the comparison.
    return type(value) in (int, float) and -limit <= value <= limit
