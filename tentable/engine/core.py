"""The state contract every game fills in (see docs/architecture.md, "The engine contract").

A game is a `State` subclass (registered in `tentable.engine.registry`). It declares its
options (`engine/options.py`), its phases (each a `Phase` of legal/check/perform, with
its turn structure) and the fields that make up a position; this module does the rest:
one source of legality (`legal_actions`, `apply`), views (`view`, `view_all`), hidden
cards and determinization (from the game's `secrecy`: `engine/secrecy.py`), moments,
clones and the data of saves (`record`, `to_json`; read back by `engine/records.py`).
"""
from __future__ import annotations

import json
import random
from bisect import bisect_left
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Callable, ClassVar

from tentable.engine.errors import (IllegalAction, SetupError, Term, TransitionError,
                                    shortened as _short)
from tentable.engine.options import Option, validate_options
from tentable.engine.secrecy import Secrecy

FORMAT_VERSION = 1
# Every seed a game accepts is 0 <= seed < SEED_LIMIT: from `new_game`, a record, a save,
# the ladder file or `--seed`. (The app itself deals with shorter seeds a player can type:
# `session.PLAYER_SEED_MAX`.)
SEED_LIMIT = 2 ** 63


# -- phases -----------------------------------------------------------------------

@dataclass(frozen=True)
class Phase:
    """What a phase allows: the legal action strings, the refusal of anything else
    (parse and explain, never change state; returns a move), and the effect of a move.

    Beside it, the turn structure (boardgame.io's `next`): the phases a move here may lead
    to (`next`, OVER included), the sub-phases it calls (`calls`: each returns here when it
    is done, and `resume` then goes on as after any other move of this phase) and how the
    seat to move is found (`player`). A sub-phase names the field holding its `frame`, a
    dict whose "then" is the phase that called it. The core refuses any other transition."""

    legal: Callable[[Any], Iterable[str]]
    check: Callable[[Any, str], Any]
    perform: Callable[[Any, Any], None]
    # The legal list comes sorted and unique already (tiles' ~200 moves a position): the
    # core skips its own sort. The shared playout test checks that the promise holds.
    # Such a phase may return `Actions`, the list spelled out only when it is read whole.
    ordered: bool = False
    # The move of an action known to be legal, without checking it again (apply's hot
    # path); None: `check` serves for both.
    parse: Callable[[Any, str], Any] | None = None
    next: tuple[str, ...] = ()
    calls: tuple[str, ...] = ()
    player: Callable[[Any], int | None] | None = None
    frame: str | None = None
    resume: Callable[[Any], None] | None = None

    def rebound(self, cls: type) -> "Phase":
        """This phase with each part the subclass `cls` overrides (by method name)."""
        parts = {}
        for name in ("legal", "check", "perform", "parse", "player", "resume"):
            part = getattr(self, name)
            if part is not None:
                parts[name] = getattr(cls, part.__name__, part)
        return replace(self, **parts)


OVER = "over"


# -- the state --------------------------------------------------------------------

class State(Secrecy, ABC):
    """One game in progress. Subclasses implement the rules; this class the contract.

    A game declares `phases` (name -> Phase) and its `first_phase`, and moves between
    them only by `goto`, `call` and `back`, which refuse a transition its phases do not
    declare; `apply` accepts exactly the strings of `legal_actions()` and asks the phase's
    `check` only to word the refusal, so an illegal action never changes anything.
    `fields` names the attributes that make up a position (JSON-able values only): saves,
    clones and replays are built from them.

    A variant is a subclass that overrides the methods its phases name (solo TEN): its
    phases are rebuilt with its own methods, its transitions are its parent's; the option
    that turns it on names it in the registry (`registry.register_variant`).
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    chance_keys: ClassVar[tuple[str, ...]] = ()
    lowest_wins: ClassVar[bool] = False     # retro10: penalty points, the fewest win
    parts: ClassVar[str | None] = None      # a match in parts: the field listing each
                                            # finished part's scores ("round_scores")
    one_move_turns: ClassVar[bool] = False  # every move ends the mover's turn (TEN tiles):
                                            # no move is ever there to take back
    phases: ClassVar[dict[str, Phase]]
    first_phase: ClassVar[str]
    # phase -> the phases it may go to, from the declarations (filled by `register`);
    # "" is the phase of a game being set up
    transitions: ClassVar[dict[str, frozenset[str]]]
    fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "phases" not in cls.__dict__ and hasattr(cls, "phases"):
            cls.phases = {name: phase.rebound(cls) for name, phase in cls.phases.items()}

    def __init__(self, players: int, seed: int, options: dict, deck: list | None = None,
                 chance: dict | None = None) -> None:
        self.players, self.seed, self.options = players, seed, options
        self.deck = deck
        self.chance = dict(chance or {})
        self.history: list[str] = []
        self.phase = ""
        # The moments worth holding at a table, recorded only while `keep_moments` is on (a
        # Match turns it on; copies, simulations and bots leave it off and pay nothing).
        self.keep_moments = False
        self.moments: list[Moment] = []
        self._legal: Sequence[str] | None = None    # a list, or an ordered phase's Actions
        self._legal_set: Any = frozenset()     # a frozenset, a _SortedList or the Actions

    # -- the game provides ----------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: dict, deck: Any, **chance: Any) -> "State":
        """Set up a game; options are validated, `deck` and `chance` are raw input."""

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is; None once the game is over. By default what
        the phase's `player` says; a game whose phases declare none overrides this."""
        phase = self.phases.get(self.phase)
        return None if phase is None else phase.player(self)

    @abstractmethod
    def scores(self) -> list: ...

    def scores_seen_by(self, seat: int | None) -> list:
        """The scores as `seat` may know them (None: a spectator), for its view. A game
        whose running score counts a hidden card (Take That's V1) leaves it out here."""
        return self.scores()

    def part_totals(self, part: int, running: Callable[[], list[int]]) -> list[int]:
        """A match in parts: its finished parts' scores (the field `parts` names) added
        up, with those of part `part` from `running()` while that part is not scored yet.
        A part is scored as it ends, and the next is dealt in the same action, but the
        moment between them (`moment("part")`) shows the last board of the scored part:
        its points are in the finished list there, and count once."""
        finished = getattr(self, self.parts)
        now = running() if len(finished) < part else [0] * self.players
        return [sum(column) for column in zip(now, *finished)]

    @abstractmethod
    def _view(self, seat: int | None) -> dict:
        """The game's own keys of `seat`'s view. A zone that is not public enters it only
        as `shown(zone, seat)` gives it, or by its size: what `seat` may see of it follows
        from the game's `secrecy` (engine/secrecy.py), as do `hidden_cards` and what
        `determinize` deals anew."""

    @abstractmethod
    def zones(self) -> dict[str, list]:
        """Every card of the game, by where it lies ("hand 2": a kind of zone `secrecy`
        declares, and the seat it belongs to); a zone that may hide a card is the
        position's own list (a determinized copy deals into it). Their union never
        changes."""

    @staticmethod
    def public_action(action: str, actor: int, seat: int | None) -> str:
        """`actor`'s action as `seat` may be told it (a log, a seat's client): the
        action itself, unless it names what `seat` may not see (10 Retro's card placed
        face down)."""
        return action

    @classmethod
    def deck_codes(cls, players: int, options: dict) -> list:
        """What `deck=` takes for this setup, in some order (tiles: one list per supply)."""
        return []

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def automata(self) -> list[int]:
        """Seats run by the rules (solo TEN's Mona): each decision is one legal action."""
        return []

    # -- moving between phases ------------------------------------------------------
    def goto(self, phase: str) -> None:
        """Move on to `phase`, which the current phase declares in its `next` (or a
        sub-phase's caller, or the first phase at setup)."""
        if phase not in self.transitions[self.phase]:
            raise TransitionError(f"{self.game_id}: {self.phase or 'setup'!r} does not lead "
                                  f"to {phase!r}; declare it in the phase's next")
        self.phase = phase

    def call(self, phase: str, frame: dict) -> None:
        """Enter the sub-phase `phase` with its `frame`; `back` returns to this phase."""
        frame["then"] = self.phase
        self.goto(phase)
        setattr(self, self.phases[phase].frame, frame)

    def back(self) -> None:
        """The sub-phase is done: clear its frame, return to the phase that called it and
        go on there as after any move of that phase (its `resume`)."""
        sub = self.phases[self.phase]
        caller = getattr(self, sub.frame)["then"]
        setattr(self, sub.frame, None)
        self.goto(caller)
        self.phases[caller].resume(self)

    def moment(self, kind: str, **facts: Any) -> None:
        """The game reached a position worth holding on the table (a bust, a showdown, the
        end of a round) that the rest of this action will clear: keep what every seat (and
        a spectator) sees now, and `facts` (plain public data) to word it. The position
        stays out of the history: records replay without it."""
        if self.keep_moments:
            views = {seat: self._seen(seat, []) for seat in (*self.seats, None)}
            self.moments.append(Moment(kind, facts, views))

    # -- the contract -----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list[str]:
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
        return list(legal)

    def random_action(self, rng: random.Random) -> str:
        """`rng.choice(self.legal_actions())`: the same action for the same `rng` state,
        without copying the list or spelling out a lazily listed one (`Actions`). What
        random play and random playouts use."""
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
        return rng.choice(legal)

    def _find_legal(self) -> Sequence[str]:
        """Compute and cache the legal actions of this position (the hot path of every
        playout: kept free of property calls)."""
        if self.is_over:
            actions: list[str] = []
            self._legal_set = frozenset()
        else:
            phase = self.phases[self.phase]
            if phase.ordered:
                # a long sorted list: membership by bisection, no set to build
                actions = phase.legal(self)
                if isinstance(actions, Actions):
                    self._legal_set = actions
                else:
                    if type(actions) is not list:
                        actions = list(actions)
                    self._legal_set = _SortedList(actions)
            else:
                actions = sorted(set(phase.legal(self)))
                # a handful of actions (most positions of most games): a list scan is as
                # quick as a set lookup and saves building the set
                self._legal_set = actions if len(actions) <= 8 else frozenset(actions)
        self._legal = actions
        return actions

    def is_legal(self, action: Any) -> bool:
        if self._legal is None:
            self._find_legal()
        return type(action) is str and action in self._legal_set

    def apply(self, action: str) -> None:
        if self._legal is None:
            self._find_legal()
        if type(action) is not str or action not in self._legal_set:
            raise self.refused(action)
        phase = self.phases[self.phase]
        phase.perform(self, (phase.parse or phase.check)(self, action))
        self.history.append(action)
        self._legal = None

    def refusal(self, action: Any) -> str:
        """Why `action` is not allowed now, in an English sentence (the command line)."""
        return str(self.refused(action))

    def refused(self, action: Any) -> IllegalAction:
        """Why `action` is not allowed now, as a refusal a table words for the player.
        The phase's check explains; legality itself is `legal_actions()`'s alone."""
        if not isinstance(action, str):
            return IllegalAction("refuse.not_text", example=Term.move(self._example()),
                                 kind=type(action).__name__)
        if self.is_over:
            return IllegalAction("refuse.over")
        try:
            self.phases[self.phase].check(self, action)
        except IllegalAction as exc:
            return exc
        return IllegalAction("refuse.not_here", example=Term.move(self._example()))

    def _example(self) -> str:
        legal = self.legal_actions()
        return legal[0] if legal else "play 34"

    def changed(self) -> None:
        """Forget what was computed for the position (call after changing it by hand)."""
        self._legal = None

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    def view(self, seat: int | None) -> dict:
        """What `seat` may see (None: a spectator), as plain JSON-able data."""
        self.check_seat(seat, spectator=True)
        return self._seen(seat, self.legal_actions() if seat is not None and
                          seat == self.current_player else [])

    def _seen(self, seat: int | None, legal: list[str]) -> dict:
        over = self.is_over
        return {
            **self._view(seat),
            "game": self.game_id, "players": self.players, "seat": seat,
            "phase": OVER if over else self.phase, "current_player": self.current_player,
            "automata": list(self.automata), "scores": self.scores_seen_by(seat),
            "winners": self.winners(), "legal_actions": legal,
        }

    def view_all(self, seat: int) -> dict:
        """The all-seeing view of a replay, which hides nothing: `seat`'s view with all
        that any seat may see shown — each seat's hand in `hands`, and every card a view
        hides but some seat's view names (10 Retro's face-down cards, Take That's V1 pile
        cards) — and the true scores. What no seat may see (the draw pile's order, future
        chance) stays hidden. For a replay only: a `Match` gives it to a watching session
        alone, never at a table where someone plays."""
        self.check_seat(seat)
        views = [self.view(s) for s in self.seats]
        merged = views[seat]
        for other in views:
            merged = _reveal(merged, other)
        merged.update(seat=seat, scores=self.scores(), legal_actions=[])
        if "hand" in merged:
            merged["hands"] = [v["hand"] for v in views]
        return merged

    def check_seat(self, seat: Any, spectator: bool = False) -> None:
        if seat is None and spectator:
            return
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"{self.game_id}: no seat {_short(seat)} in a "
                             f"{self.players}-player game")

    def determinize(self, seat: int, seed: int) -> "State":
        """A copy in which everything `seat` cannot see is resampled consistently with
        what it has seen — hidden cards and future chance (the copy gets a fresh seed)."""
        self.check_seat(seat)
        rng = random.Random(f"determinize/{seed}")
        copy = self.clone()
        copy.seed = rng.randrange(SEED_LIMIT)
        copy.deck = None
        copy.chance = {}
        # The moves played are not all public (10 Retro's "place 7 down" names a face-down
        # card): a copy keeps none of them; nothing in the rules reads them.
        copy.history = []
        copy._determinize(seat, rng)
        copy.changed()
        return copy

    # -- records, saves, copies --------------------------------------------------
    def record(self) -> dict:
        """Everything `replay` needs to rebuild this game exactly."""
        rec = {"game": self.game_id, "players": self.players, "seed": self.seed,
               "options": _copy(self.options), "history": list(self.history),
               "version": FORMAT_VERSION}
        if self.deck is not None:
            rec["deck"] = _copy(self.deck)
        if self.chance:
            rec["chance"] = _copy(self.chance)
        return rec

    def _to_data(self) -> dict:
        data = {"players": self.players, "seed": self.seed, "options": self.options,
                "deck": self.deck, "chance": self.chance, "history": self.history,
                "phase": self.phase}
        data.update((name, getattr(self, name)) for name in self.fields)
        return _copy(data)

    @classmethod
    def _from_data(cls, data: dict) -> "State":
        state = cls.__new__(cls)
        State.__init__(state, data["players"], data["seed"], data["options"], data["deck"],
                       data["chance"])
        state.history, state.phase = data["history"], data["phase"]
        for name in cls.fields:
            setattr(state, name, data[name])
        return state

    def to_json(self) -> str:
        return json.dumps({"game": self.game_id, "version": FORMAT_VERSION,
                           "state": self._to_data()}, sort_keys=True, separators=(",", ":"))

    def clone(self) -> "State":
        copy = self._from_data(self._to_data())
        copy._legal, copy._legal_set = self._legal, self._legal_set
        return copy

    def validate(self) -> None:
        """Raise SetupError unless this position is one the game can be in. Test helpers
        that build positions by hand end with it; games extend it with their accounting."""
        # the class's own declarations, which its registry entry copies
        if type(self.players) is not int or not self.min_players <= self.players <= \
                self.max_players:
            raise SetupError(f"{self.game_id}: bad player count {_short(self.players)}")
        if type(self.seed) is not int or not 0 <= self.seed < SEED_LIMIT:
            raise SetupError(f"{self.game_id}: bad seed {_short(self.seed)}")
        if not isinstance(self.history, list) or not all(isinstance(a, str)
                                                         for a in self.history):
            raise SetupError(f"{self.game_id}: the history must be a list of actions")
        if validate_options(self.game_id, self.options_spec, self.options,
                            self.players) != self.options:
            raise SetupError(f"{self.game_id}: bad options {_short(self.options)}")
        if self.phase not in self.phases and not self.is_over:
            raise SetupError(f"{self.game_id}: unknown phase {_short(self.phase)}")
        self.changed()
        if not self.is_over and not self.legal_actions():
            raise SetupError(f"{self.game_id}: the player to move has no move")

    def __repr__(self) -> str:
        return (f"<{self.game_id} players={self.players} seed={self.seed} "
                f"actions={len(self.history)} to_move={self.current_player}>")


@dataclass(frozen=True)
class Moment:
    """A position worth holding, as `State.moment` kept it: its `kind` ("bust"), the
    `facts` that word it, and the view of every seat at that instant (None: a spectator).
    Nobody may act in it: its views offer no legal actions."""

    kind: str
    facts: dict
    views: dict


class Actions(Sequence):
    """The legal actions of an ordered phase, spelled out only when read whole: a phase
    with hundreds of actions a position (TEN tiles moves ~200) returns one from `legal`.
    It is exactly the sorted list the phase would return: `len`, indexing and iteration
    give its items, and `in` answers as the list would, for any string. So a search
    that picks one action (`State.random_action`) and applies it builds one string, not
    all of them. A subclass keeps copies of what it reads, not the position: a clone
    shares it while the original moves on."""

    __slots__ = ()
    __hash__ = None     # equal to its list, which has no hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, Actions)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class _SortedList:
    """`in` for a sorted list of strings by bisection."""

    __slots__ = ("items",)

    def __init__(self, items: list[str]) -> None:
        self.items = items

    def __contains__(self, item: str) -> bool:
        i = bisect_left(self.items, item)
        return i < len(self.items) and self.items[i] == item


# A view's keys that say whose view it is rather than what lies on the table.
_OWN_KEYS = frozenset({"seat", "hand", "legal_actions", "scores"})


def _reveal(mine: Any, theirs: Any, top: bool = True) -> Any:
    """`mine` with what `theirs` shows where `mine` hides it (None, or an entry whose
    hidden parts are None), part by part: two views of one position agree on all else."""
    if mine is None:
        return theirs
    if isinstance(mine, dict) and isinstance(theirs, dict) and mine.keys() == theirs.keys():
        return {key: value if top and key in _OWN_KEYS else _reveal(value, theirs[key], False)
                for key, value in mine.items()}
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        return [_reveal(a, b, False) for a, b in zip(mine, theirs)]
    return mine


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data (faster than copy.deepcopy for lists and dicts)."""
    return json.loads(json.dumps(value))

