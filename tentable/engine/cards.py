"""Chance and cards, shared by every game: the seeded shuffle, the stable ids of
physical cards and their printed codes, and the check of a `deck=` a test or a player
gives. (What a seat cannot see is dealt anew from the game's `secrecy`: engine/secrecy.py.)

All chance comes from the seed (or from `deck=` and a game's other chance keywords)
through `shuffled(...)`, which derives a fresh generator from the seed and a label, so
`record()` replays a game exactly.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, Iterable

from tentable.engine.errors import SetupError, shortened


def shuffled(items: Iterable, seed: int, label: str) -> list:
    """A seeded shuffle; `label` names the moment (e.g. "round 2") so each one differs."""
    out = list(items)
    random.Random(f"{seed}/{label}").shuffle(out)
    return out


def card_ids(codes: Iterable[str]) -> list[str]:
    """Stable ids for physical cards: the n-th copy of a code is `code#n` ("B1#2")."""
    seen: Counter = Counter()
    out = []
    for code in codes:
        seen[code] += 1
        out.append(f"{code}#{seen[code]}")
    return out


def code_of(card_id: Hashable) -> str:
    """The printed code of a card id ("B1#2" -> "B1", "W##1" -> "W#"); a card that is
    its own id (Take That's numbers, 34) is its own code ("34")."""
    return str(card_id).rsplit("#", 1)[0]


def check_deck(game_id: str, deck: Any, codes: Sequence[str], what: str = "deck") -> list[str]:
    """`deck=` must be exactly the game's cards (codes as text) in some order."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, (list, tuple)):
        raise SetupError(f"{game_id}: {what} must be a list of card codes like "
                         f"{codes[0]!r}, not {type(deck).__name__}")
    known = set(codes)
    for item in deck:
        if type(item) is not str:
            raise SetupError(f"{game_id}: {what} holds {shortened(item)}; a card is written "
                             f"as its code in quotes, like {codes[0]!r}")
        if item not in known:
            raise SetupError(f"{game_id}: {what} holds {shortened(item)}, which is no card "
                             f"of this game")
    want, got = Counter(codes), Counter(deck)
    if want != got:
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        parts = []
        if missing:
            parts.append(f"missing {_listing(missing)}")
        if extra:
            parts.append(f"too many {_listing(extra)}")
        raise SetupError(f"{game_id}: {what} must be exactly the {len(codes)} cards of the "
                         f"game ({'; '.join(parts)})")
    return list(deck)


def _listing(codes: list[str]) -> str:
    return ", ".join(codes[:8]) + (" …" if len(codes) > 8 else "")
