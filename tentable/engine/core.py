"""The engine contract shared by every game (see ARCHITECTURE.md, "Engine contract").

A game is a `State` subclass registered in `GAMES`. All chance comes from the seed
(or from `deck=`), through `shuffled(...)`, which derives a fresh generator from
the seed and a label, so no generator state has to be saved: `(game, players,
seed, options, deck, history)` replays a game exactly.
"""
from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Sequence

FORMAT_VERSION = 1


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The message is for the player."""


class SetupError(ValueError):
    """Bad arguments to `new_game`: players, options or `deck=`."""


@dataclass(frozen=True)
class Option:
    """One game option: its default and a check that returns an error text or None."""

    name: str
    default: Any
    kind: type
    check: Callable[[Any], str | None] = lambda value: None
    help: str = ""


def int_between(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if low <= value <= high else f"must be between {low} and {high}"
    return check


def validate_options(game_id: str, spec: Sequence[Option], given: dict | None) -> dict:
    """Fill in defaults; reject unknown names and bad values with a clear message."""
    given = dict(given or {})
    known = {o.name: o for o in spec}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise SetupError(f"{game_id}: unknown option {unknown[0]!r} (options: {names})")
    options = {}
    for opt in spec:
        value = given.get(opt.name, opt.default)
        # bool is an int in Python; keep the two apart so `rounds: True` is refused.
        if type(value) is not opt.kind and not (opt.kind is float and type(value) is int):
            raise SetupError(
                f"{game_id}: option {opt.name!r} must be {opt.kind.__name__}, got {value!r}")
        problem = opt.check(value)
        if problem:
            raise SetupError(f"{game_id}: option {opt.name!r} {problem}, got {value!r}")
        options[opt.name] = value
    return options


def shuffled(items: Iterable, seed: int, label: str) -> list:
    """A seeded shuffle; `label` names the moment (e.g. "round 2") so each one differs."""
    out = list(items)
    random.Random(f"{seed}/{label}").shuffle(out)
    return out


def check_deck(game_id: str, deck: Sequence, cards: Sequence) -> list:
    """`deck=` must be exactly the game's cards in some order."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise SetupError(f"{game_id}: deck must be a list of cards, got {type(deck).__name__}")
    want, got = Counter(cards), Counter(deck)
    if want != got:
        missing = sorted(map(str, (want - got).elements()))
        extra = sorted(map(str, (got - want).elements()))
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing[:8])}{' …' if len(missing) > 8 else ''}")
        if extra:
            parts.append(f"not in this game {', '.join(extra[:8])}{' …' if len(extra) > 8 else ''}")
        raise SetupError(f"{game_id}: deck must be exactly the {len(cards)} cards of the game "
                         f"({'; '.join(parts)})")
    return list(deck)


class State(ABC):
    """One game in progress. Subclasses implement the rules; this class the contract.

    Subclasses provide `_check(action)` (parse and validate without changing
    anything, returning a move object or raising IllegalAction) and `_perform(move)`;
    `apply` joins them, so an illegal action can never leave a half-done change.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_spec: ClassVar[tuple[Option, ...]] = ()

    players: int
    seed: int
    options: dict
    deck: list | None
    history: list[str]

    # -- the contract -------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: dict, deck: Sequence | None) -> "State":
        """Set up a game; options are already validated, `deck` is not yet."""

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @abstractmethod
    def legal_actions(self) -> list[str]: ...

    def apply(self, action: str) -> None:
        if not isinstance(action, str):
            raise IllegalAction(f"An action is a text like 'play 34', not {type(action).__name__}.")
        if self.is_over:
            raise IllegalAction("The game is over; no more moves.")
        move = self._check(action.strip())
        self._perform(move)
        self.history.append(action.strip())

    @abstractmethod
    def _check(self, action: str) -> Any: ...

    @abstractmethod
    def _perform(self, move: Any) -> None: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    @abstractmethod
    def view(self, seat: int | None) -> dict: ...

    @abstractmethod
    def determinize(self, seat: int, seed: int) -> "State": ...

    # -- accounting, used by the shared invariant test ----------------------
    @abstractmethod
    def zones(self) -> dict[str, list]:
        """Every card of the game, by where it lies. Their union never changes."""

    @abstractmethod
    def hidden_zones(self, seat: int | None) -> set[str]:
        """Names of the zones whose contents `seat` may not see."""

    # -- serialisation ------------------------------------------------------
    @abstractmethod
    def _to_data(self) -> dict:
        """All fields as fresh JSON-able values (no shared lists)."""

    @classmethod
    @abstractmethod
    def _from_data(cls, data: dict) -> "State": ...

    def validate(self) -> None:
        """Raise SetupError unless this (loaded) state is one the game can be in.

        `from_json` calls it, so a tampered or damaged save is refused with a reason
        instead of failing later. Games extend it with their own accounting."""
        game = GAMES[self.game_id]
        if type(self.players) is not int or not game.min_players <= self.players <= \
                game.max_players:
            raise SetupError(f"{self.game_id}: bad player count {self.players!r}")
        if type(self.seed) is not int:
            raise SetupError(f"{self.game_id}: bad seed {self.seed!r}")
        if not isinstance(self.history, list) or not all(isinstance(a, str)
                                                         for a in self.history):
            raise SetupError(f"{self.game_id}: the history must be a list of actions")
        if not isinstance(self.options, dict) or \
                validate_options(self.game_id, game.options, self.options) != self.options:
            raise SetupError(f"{self.game_id}: bad options {self.options!r}")

    def to_json(self) -> str:
        return json.dumps({"game": self.game_id, "version": FORMAT_VERSION,
                           "state": self._to_data()}, sort_keys=True, separators=(",", ":"))

    def clone(self) -> "State":
        return self._from_data(self._to_data())

    def __repr__(self) -> str:
        return (f"<{self.game_id} players={self.players} seed={self.seed} "
                f"actions={len(self.history)} to_move={self.current_player}>")


@dataclass(frozen=True)
class Game:
    """A registry entry: what the menu, the CLI and the tests need to know of a game."""

    id: str
    title: str
    min_players: int
    max_players: int
    state: type[State]
    options: tuple[Option, ...] = field(default=())


GAMES: dict[str, Game] = {}


def register(cls: type[State]) -> type[State]:
    GAMES[cls.game_id] = Game(cls.game_id, cls.title, cls.min_players, cls.max_players, cls,
                              cls.options_spec)
    return cls


def new_game(game_id: str, players: int, seed: int = 0, options: dict | None = None,
             deck: Sequence | None = None) -> State:
    game = GAMES.get(game_id)
    if game is None:
        raise SetupError(f"unknown game {game_id!r} (games: {', '.join(sorted(GAMES))})")
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise SetupError(f"{game.title} is for {game.min_players}–{game.max_players} players, "
                         f"not {players!r}")
    if type(seed) is not int:
        raise SetupError(f"seed must be a whole number, not {seed!r}")
    return game.state.new(players, seed, validate_options(game_id, game.options, options), deck)


def from_json(text: str) -> State:
    try:
        data = json.loads(text)
        game = GAMES[data["game"]]
        if data.get("version") != FORMAT_VERSION:
            raise SetupError(f"saved state has format version {data.get('version')!r}; "
                             f"this tentable reads version {FORMAT_VERSION}")
        state = game.state._from_data(data["state"])
        state.validate()
        return state
    except SetupError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SetupError(f"not a saved tentable state: {exc!r}") from None
