"""Take That's move notation (rules digest "Action notation"): "play 34", "twist 43", "take".
Built and read here only; `engine.moves` says why."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tentable.engine.moves import Move

TAKE = "take"


@dataclass(frozen=True, slots=True)
class TakeThatMove(Move):
    card: int = 0          # play, twist: the card from hand

    def __str__(self) -> str:
        return TAKE if self.kind == "take" else f"{self.kind} {self.card}"


def play(card: int) -> str:
    """TT-R4: the card onto the end of the row."""
    return f"play {card}"


def twist(card: int) -> str:
    """TT-R5: the card onto its twin in the row."""
    return f"twist {card}"


@lru_cache(maxsize=512)
def read(action: str) -> TakeThatMove:
    """A legal action's parts: "twist 43" -> TakeThatMove("twist", 43)."""
    verb, _, card = action.partition(" ")
    return TakeThatMove(verb, int(card) if card else 0)
