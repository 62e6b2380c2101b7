"""Who sits where and how the game was set up: what a table needs to start a game,
restart it with a new deal, or save it so it can be replayed."""
from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field, replace

from tentable.bots import level_of

HUMAN, BOT, RULES = "human", "bot", "rules"   # RULES: an automaton such as Mona
# The largest seed the app deals by itself and a player types on the setup screen: nine
# digits, short enough to read off the screen, say aloud and type again (a game accepts
# any seed below `engine.core.SEED_LIMIT`, 2**63, from a record or `--seed`).
PLAYER_SEED_MAX = 999_999_999


def random_seed() -> int:
    """A fresh deal's seed, from 1 to `PLAYER_SEED_MAX`."""
    return random.SystemRandom().randint(1, PLAYER_SEED_MAX)


def new_key() -> str:
    """A game's identity in the records (`Session.key`): two games of the same seed and
    moves are still two games, and a game kept before a crash is known again after it."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN        # HUMAN | BOT
    bot: str = ""            # the bot's name (`tentable.bots`) when kind is BOT; on a
                             # human's seat a computer played a while, the level that did

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "bot": self.bot}

    @classmethod
    def from_dict(cls, data: dict) -> "Seat":
        kind = data.get("kind") if data.get("kind") in (HUMAN, BOT, RULES) else HUMAN
        bot = str(data.get("bot") or "")
        # saves from before the levels name the bots ("heuristic"): read them as levels
        return cls(str(data.get("name") or "?"), kind, level_of(bot) or bot)


@dataclass(frozen=True)
class Session:
    game_id: str
    seats: tuple[Seat, ...]
    seed: int
    options: dict = field(default_factory=dict)
    deck: list | None = None
    chance: dict = field(default_factory=dict)   # further chance keywords (retro10 rounds=)
    history: tuple[str, ...] = ()   # moves to replay when resuming a saved game
    assisted: tuple[int, ...] = ()  # human seats a computer played for a while
    watch: bool = False             # a replay: nobody plays, nothing is saved
    reveal: bool = False            # a replay with everyone's cards: views see all
    key: str = ""                   # the game's identity once its match began (`new_key`)

    def __post_init__(self) -> None:
        if self.reveal and not self.watch:
            # the all-seeing view would show a player the others' hands
            raise ValueError("only a replay may show everyone's cards")
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "history", tuple(self.history))
        object.__setattr__(self, "assisted", tuple(sorted(self.assisted)))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def with_new_seed(self) -> "Session":
        """The seats as they were set up and the same options, a fresh deal (Restart,
        Play again): a seat handed to the computer for a while is its human's again."""
        seed = random_seed()
        while seed == self.seed:
            seed = random_seed()
        seats = tuple(replace(seat, kind=HUMAN, bot="") if i in self.assisted else seat
                      for i, seat in enumerate(self.seats))
        return replace(self, seats=seats, seed=seed, deck=None, chance={}, history=(),
                       assisted=(), key="")

    def record(self, history: list[str]) -> dict:
        """What `store.save_game` keeps: replayable, plus the seats' names and kinds."""
        record = {"game": self.game_id, "players": self.players, "seed": self.seed,
                  "options": dict(self.options), "deck": self.deck, "history": list(history),
                  "seats": [seat.to_dict() for seat in self.seats]}
        if self.chance:
            record["chance"] = dict(self.chance)
        if self.key:
            record["key"] = self.key
        return record

    @classmethod
    def from_record(cls, record: dict) -> "Session":
        seats = [Seat.from_dict(s) for s in record.get("seats") or [] if isinstance(s, dict)]
        if len(seats) != record["players"]:
            seats = [Seat(f"{i + 1}") for i in range(record["players"])]
        assisted = record.get("assisted") or ()
        return cls(record["game"], tuple(seats), record["seed"], dict(record["options"]),
                   record.get("deck"), dict(record.get("chance") or {}),
                   tuple(record["history"]),
                   tuple(s for s in assisted if type(s) is int and 0 <= s < len(seats)),
                   key=record.get("key") if isinstance(record.get("key"), str) else "")
