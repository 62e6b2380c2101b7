"""What a match tells its clients (`tentable.match`): a gesture applied or refused, the
moments it went through, whose turn it is, a part or the game over, a computer player late
or failing, a save that failed. Each client words them in its own language.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from tentable.engine import IllegalAction


@dataclass(frozen=True)
class Applied:
    """`seat` played `actions` (one gesture); the views are of `Match.viewer`. `steps`:
    the views between the actions of a gesture of several (after each but the last), so
    each can be told from its own."""
    seat: int
    actions: tuple[str, ...]
    before: dict
    after: dict
    steps: tuple[dict, ...] = ()


@dataclass(frozen=True)
class Refused:
    """A gesture was refused and changed nothing. `reason` is the engine's refusal (its
    `str` the English sentence; a table words it), or None when it was not that seat's
    turn to act."""
    seat: int | None
    actions: tuple[str, ...]
    reason: IllegalAction | None


@dataclass(frozen=True)
class OnlyChoice:
    """The gesture that follows (an `Applied` of the same `actions`) began with `seat`'s
    only possible move: played by itself (`Match.play_only_choice`) or by hand, the table
    says so."""
    seat: int
    actions: tuple[str, ...]


@dataclass(frozen=True)
class Undone:
    """`seat` took back `actions` (one gesture); the views are of `Match.viewer`."""
    seat: int
    actions: tuple[str, ...]
    before: dict
    after: dict


@dataclass(frozen=True)
class SeatChanged:
    """A human seat was handed to a computer player (`level`), or taken back ("").
    `away`: its player is at another screen and lost their connection: the host's
    computer plays for them until they are back (network play)."""
    seat: int
    level: str
    away: bool = False


@dataclass(frozen=True)
class Away:
    """The player of `seat`, at another screen, lost their connection to the host
    (`away`) or came back: told by a host (`tentable.net`), never by a local match."""
    seat: int
    away: bool


@dataclass(frozen=True)
class TurnChanged:
    seat: int | None          # the seat to move now


@dataclass(frozen=True)
class Moment:
    """A position worth holding (a bust, a showdown, the end of a round) that the action
    went through and cleared: `kind` and `facts` as the game named them, `view` as the
    viewer saw it then, `views` as every seat did (None: a spectator), for a table that
    shows it to several players at once."""
    kind: str
    facts: dict
    view: dict
    views: dict


@dataclass(frozen=True)
class PartOver:
    """A part of a match (a round of Take That, a game of Elfer) ended."""
    part: int                 # 1 for the first part
    scores: list[int]         # that part's points per seat


@dataclass(frozen=True)
class GameOver:
    """The game ended. `kept`: what keeping it did (`tentable.keeping.KeepResult`), for a
    match that keeps its finished games; None for one that does not."""
    scores: list
    winners: list[int]
    kept: object = None


@dataclass(frozen=True)
class BotLate:
    """A computer player thought too long; a cheaper level moved for it."""
    seat: int
    level: str
    instead: str


@dataclass(frozen=True)
class BotFailed:
    """A computer player failed; a cheaper level decided. `reason`: the error, or None
    for an answer that was not a legal action."""
    seat: int
    reason: str | None


@dataclass(frozen=True)
class SaveFailed:
    reason: str


Event = Union[Applied, OnlyChoice, Undone, SeatChanged, Refused, TurnChanged, Moment, PartOver,
              GameOver, BotLate, BotFailed, SaveFailed, Away]
