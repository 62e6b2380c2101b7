"""The solo ladder against Mona (TEN rules S8), as pure values: no files, no pygame.

The first game's target is 5. A win at the ladder's current target moves it one rung up;
a draw or a loss keeps it; a win at 10 completes the ladder. Every solo game is kept,
with its date, target, seed, both scores and its kind, which says what it counts as:

- LADDER: your own game at the current target. It is what the ladder counts (the rung,
  the best target beaten, the tally, the chart). One thrown away before its end (Restart,
  a new game started over it) is kept `abandoned` and counts as a loss: a new deal is
  never free.
- PRACTICE: a game at another target (a rung already climbed, or a solo game set up by
  hand). Kept and tallied apart; it moves nothing.
- HELPED: a game at the current target in which a computer played your seat, for a while
  or throughout. Kept and tallied apart; it moves nothing, win or lose.

So the ladder can only be climbed one rung at a time, by your own wins.

`store.load_ladder()` / `store.save_ladder()` keep it on disk; `from_json` checks every
field of what was read, so a damaged file is refused with the reason, never half-used.
A file from before the kinds (version 1) has them derived (`derived_kinds`).
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from typing import Any

from tentable.engine.core import SEED_LIMIT

FIRST_TARGET, LAST_TARGET = 5, 10             # S8: the rungs
RUNGS = tuple(range(FIRST_TARGET, LAST_TARGET + 1))
WIN, DRAW, LOSS = "win", "draw", "loss"
RESULTS = (WIN, DRAW, LOSS)
MAX_GAMES = 10_000        # kept on disk; beyond it the oldest go (years of evenings)
MAX_SCORE = 1_000         # far above any TEN score (four full runs make 40)

# What a kept game counts as (see above).
LADDER, PRACTICE, HELPED = "ladder", "practice", "helped"
KINDS = (LADDER, PRACTICE, HELPED)
# What a game on the ladder did: the outcome of `record` (or PRACTICE, HELPED: nothing).
PROMOTED, AGAIN, COMPLETE = "promoted", "again", "complete"


class BadLadder(ValueError):
    """Data that is not a ladder; the message says which field is wrong."""


def result_of(you: int, mona: int) -> str:
    """S8: more points than Mona is a win; equal points a draw (no tie-breaks in solo)."""
    return WIN if you > mona else DRAW if you == mona else LOSS


def now() -> str:
    """The date of a game as kept: local time to the second, ISO 8601."""
    return datetime.datetime.now().isoformat(timespec="seconds")


@dataclass(frozen=True)
class SoloGame:
    date: str
    target: int
    seed: int
    you: int
    mona: int
    key: str = ""          # the game's identity in the archive and statistics, if known
    kind: str = LADDER     # KINDS: what it counts as
    abandoned: bool = False   # a ladder game thrown away before its end (its scores then)

    @property
    def result(self) -> str:
        """S8, and a ladder game abandoned is lost whatever the scores were."""
        return LOSS if self.abandoned else result_of(self.you, self.mona)

    @property
    def margin(self) -> int:
        """Your points over Mona's (negative when she won)."""
        return self.you - self.mona

    def to_json(self) -> dict:
        kept = {"date": self.date, "target": self.target, "seed": self.seed,
                "you": self.you, "mona": self.mona, "result": self.result,
                "kind": self.kind}
        kept.update({"key": self.key} if self.key else {})
        return {**kept, "abandoned": True} if self.abandoned else kept


@dataclass(frozen=True)
class Outcome:
    """What a game did to the ladder: `kind` (PROMOTED, AGAIN, COMPLETE, or PRACTICE and
    HELPED, which move nothing) and the target of the next ladder game."""

    kind: str
    result: str
    target: int


@dataclass(frozen=True)
class Ladder:
    target: int = FIRST_TARGET               # the current rung: the next ladder game's target
    games: tuple[SoloGame, ...] = ()         # oldest first
    best: int | None = None                  # the highest target beaten on the ladder
    complete: bool = False                   # won at LAST_TARGET

    def record(self, game: SoloGame) -> tuple["Ladder", Outcome]:
        """The ladder after `game` (S8), and what happened. Only a ladder game at the
        current target moves anything; one at another target is kept as practice."""
        if game.kind != PRACTICE and game.target != self.target and not game.abandoned:
            game = replace(game, kind=PRACTICE)
        result = game.result
        games = (*self.games, game)[-MAX_GAMES:]
        best, target, complete = self.best, self.target, self.complete
        if game.kind != LADDER:
            kind = game.kind
        elif result != WIN:
            kind = AGAIN
        elif self.target >= LAST_TARGET:
            kind, complete = COMPLETE, True
        else:
            kind, target = PROMOTED, self.target + 1
        if kind in (PROMOTED, COMPLETE):
            best = game.target if best is None else max(best, game.target)
        ladder = Ladder(target, games, best, complete)
        return ladder, Outcome(kind, result, target)

    def already_has(self, game: SoloGame) -> bool:
        """This game is kept already: one of the same key (a game kept before a crash and
        again after it), or, for a game without one, the last game is the same (seed,
        target and scores): a finished game must not count twice."""
        if game.key:
            return any(kept.key == game.key for kept in self.games)
        if not self.games:
            return False
        last = self.games[-1]
        return (last.seed, last.target, last.you, last.mona) == \
            (game.seed, game.target, game.you, game.mona)

    def of(self, kind: str = LADDER) -> tuple[SoloGame, ...]:
        """The games of one kind, oldest first."""
        return tuple(game for game in self.games if game.kind == kind)

    def counts(self, kind: str = LADDER) -> dict[str, int]:
        """Games of `kind` won, drawn and lost (the ladder's losses include those
        abandoned)."""
        tally = dict.fromkeys(RESULTS, 0)
        for game in self.of(kind):
            tally[game.result] += 1
        return tally

    @property
    def abandoned(self) -> int:
        """Ladder games thrown away before their end (each a loss)."""
        return sum(game.abandoned for game in self.games)

    def to_json(self) -> dict:
        return {"target": self.target, "best": self.best, "complete": self.complete,
                "games": [game.to_json() for game in self.games]}


def from_json(data: Any, kinds: bool = True) -> Ladder:
    """The ladder in `data` (as `Ladder.to_json` wrote it), every field checked:
    `BadLadder` naming the first wrong one. `kinds=False`: a file from before the games
    had kinds, whose kinds are derived (`derived_kinds`)."""
    def need(ok: bool, problem: str) -> None:
        if not ok:
            raise BadLadder(problem)

    need(isinstance(data, dict), "it is not a ladder")
    target = data.get("target")
    need(type(target) is int and target in RUNGS,
         f"'target' must be a whole number from {FIRST_TARGET} to {LAST_TARGET}")
    best = data.get("best")
    need(best is None or (type(best) is int and best in RUNGS),
         f"'best' must be null or a target from {FIRST_TARGET} to {LAST_TARGET}")
    complete = data.get("complete", False)
    need(type(complete) is bool, "'complete' must be true or false")
    games = data.get("games", [])
    need(isinstance(games, list) and len(games) <= MAX_GAMES,
         f"'games' must be a list of at most {MAX_GAMES:,} games")
    kept = tuple(game_from_json(item, f"game {n}", kinds) for n, item in enumerate(games, 1))
    return Ladder(target, kept if kinds else derived_kinds(kept), best, complete)


def derived_kinds(games: tuple[SoloGame, ...]) -> tuple[SoloGame, ...]:
    """The kinds of games kept before there were kinds (ladder.json version 1), as well
    as the file tells them: the ladder is climbed again from target 5 as that version
    climbed it, and a game at the rung of its time is a ladder game, any other practice.
    Whether a computer helped is not in the file (`store.load_ladder` asks the archive)."""
    rung, derived = FIRST_TARGET, []
    for game in games:
        kind = LADDER if game.target == rung else PRACTICE
        derived.append(replace(game, kind=kind))
        if kind == LADDER and game.result == WIN:
            rung = min(rung + 1, LAST_TARGET)
    return tuple(derived)


def game_from_json(item: Any, where: str = "the game", kinds: bool = True) -> SoloGame:
    """One kept game, checked like `from_json` checks them all (`kinds=False`: one from
    before the kinds, a ladder game until `derived_kinds` says)."""
    if not isinstance(item, dict):
        raise BadLadder(f"{where} is not an object")
    date = item.get("date")
    if not (isinstance(date, str) and len(date) <= 40 and _is_date(date)):
        raise BadLadder(f"{where}: 'date' must be a date such as 2026-01-31T20:15:00")
    target, seed = item.get("target"), item.get("seed")
    if not (type(target) is int and target in RUNGS):
        raise BadLadder(f"{where}: 'target' must be from {FIRST_TARGET} to {LAST_TARGET}")
    if not (type(seed) is int and 0 <= seed < SEED_LIMIT):
        raise BadLadder(f"{where}: 'seed' must be a whole number from 0 to 2**63 - 1")
    you, mona = item.get("you"), item.get("mona")
    for name, score in (("you", you), ("mona", mona)):
        if not (type(score) is int and 0 <= score <= MAX_SCORE):
            raise BadLadder(f"{where}: '{name}' must be a score from 0 to {MAX_SCORE}")
    key = item.get("key", "")
    if not (isinstance(key, str) and len(key) <= 32 and set(key) <= set("0123456789abcdef")):
        raise BadLadder(f"{where}: 'key' must be a short text of hex digits")
    kind, abandoned = (item.get("kind"), item.get("abandoned", False)) if kinds \
        else (LADDER, False)
    if kind not in KINDS:
        raise BadLadder(f"{where}: 'kind' must be one of {', '.join(KINDS)}")
    if type(abandoned) is not bool or (abandoned and kind != LADDER):
        raise BadLadder(f"{where}: 'abandoned' must be true or false, true only for a "
                        f"ladder game")
    game = SoloGame(date, target, seed, you, mona, key, kind, abandoned)
    if item.get("result", game.result) != game.result:
        raise BadLadder(f"{where}: 'result' does not match the scores {you} to {mona}"
                        + (" (an abandoned game is lost)" if abandoned else ""))
    return game


def _is_date(text: str) -> bool:
    try:
        datetime.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True

