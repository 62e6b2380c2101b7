"""What the engine says when something is wrong, and whose fault it is.

`IllegalAction` is a player's move the rules do not allow now (a text key and its
values, the `Term`s in them worded by each reader); `SetupError` is bad input from
outside — arguments to `new_game`, a record, a save, an option, a `deck=`;
`TransitionError` is a bug in a game (a phase change it did not declare). Every engine
module raises these; nothing here knows a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tentable.text import english


class IllegalAction(ValueError):
    """An action that the rules do not allow now, as a text key and its values
    (python-chess's IllegalMoveError): the engine says what is wrong, never how a player
    reads it. `str()` is the English sentence for the command line and logs, with cards,
    moves and seats as the notation writes them; a table words the same key for the
    player through its game's narration (`tentable.narration.refusal`): "red 16", "take
    the numbers", "Ben". The sentences live in the text table (`tentable.text`, keys
    `refuse.*`), so a translation covers every refusal."""

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(english(key, **values))


@dataclass(frozen=True)
class Term:
    """Something a refusal names in the game's notation — a card, a move, a seat — kept
    apart from plain numbers so each reader words it: the command line as written
    ("R16", 'stop numbers', "seat 1"), a table through the game's narration. The engine
    cannot word it itself: the narration imports the engines, never the other way round.
    `value` is a tuple for "one of these" ('flip', 'stop numbers' or 'stop money')."""

    kind: str            # "card", "move" or "seat"
    value: Any

    @classmethod
    def card(cls, code: Any) -> "Term":
        return cls("card", code)

    @classmethod
    def move(cls, *actions: str) -> "Term":
        return cls("move", actions[0] if len(actions) == 1 else tuple(actions))

    @classmethod
    def seat(cls, seat: int) -> "Term":
        return cls("seat", seat)

    def __format__(self, spec: str) -> str:
        items = self.value if isinstance(self.value, tuple) else (self.value,)
        written = [f"'{item}'" if self.kind == "move" else
                   f"seat {item}" if self.kind == "seat" else str(item) for item in items]
        return written[0] if len(written) == 1 else \
            ", ".join(written[:-1]) + " or " + written[-1]


class SetupError(ValueError):
    """Bad arguments to `new_game`, a bad record or a bad save. The message says which."""


class TransitionError(RuntimeError):
    """A phase change the game did not declare: a bug in the game, never a player's."""


def shortened(value: Any) -> str:
    """`repr(value)` cut to 40 characters, for an error message about input from outside."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
