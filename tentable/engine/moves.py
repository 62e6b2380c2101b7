"""The move notation every game shares (python-chess's `Move` is the model).

An action is a short text ("play 34", "place 7 down protect 2", "move 0,0>0,1"): that is
what `legal_actions()` lists, `apply` takes, saves, records and replays keep, and a test
types. Each game's `<game>_moves` module is the one place that spells and reads its
texts: builders (`takethat_moves.play(34) == "play 34"`) and one reader
(`read("play 34") -> Move`) whose `str()` is the text again. Tables, bots and narration
build and read actions only through those modules; `tests/test_notation.py` holds them
to it.

A move's `kind` is a word from `KINDS`, the same word in every game where the move is
the same sort of thing, so a client can ask "is this a pass?" without knowing the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from types import ModuleType, SimpleNamespace

# Every kind of move of the five games, in the rulebooks' words.
KINDS = frozenset({
    "play",      # a card from hand to the table (Take That, Elfer)
    "twist",     # Take That: a card onto its twin in the row
    "take",      # Take That: the row
    "bridge",    # Elfer: a connection card
    "swap",      # Elfer: a card for a joker; 10 Retro: a first card for a chip
    "draw",      # a card from the pile
    "end",       # Elfer: the turn
    "pass",      # nothing this turn (every game that allows it)
    "flip",      # TEN: the next card of the pile
    "stop",      # TEN: the numbers or the money
    "bid",       # an offer
    "raise",     # 10 Retro: a higher bid
    "buy",       # TEN: a market card
    "skip",      # TEN: no card bought
    "pay",       # TEN: one item of a payment
    "place",     # a card or tile put down
    "move",      # TEN tiles: a tile lifted and put elsewhere
    "keep",      # 10 Retro: the protection as it is
    "protect",   # 10 Retro: more chips on the first card
    "reveal",    # 10 Retro: the first card shown
    "hide",      # 10 Retro: the first card kept face down
    "add",       # 10 Retro: a card added to the first
    "stand",     # 10 Retro: no card added
    "start",     # 10 Retro: the next start player named
})


@dataclass(frozen=True, slots=True)
class Move:
    """An action read: its kind; each game's subclass adds its fields (card, seat,
    amount, place...) and writes itself back as the action text with `str()`."""

    kind: str


@lru_cache(maxsize=None)
def notation(game_id: str) -> ModuleType | SimpleNamespace:
    """The game's notation module (`read`, the builders), for code that serves every game.
    A game with no notation module yet (a new game being written, a test's made-up game)
    reads each action as a move whose kind is its first word."""
    name = f"tentable.engine.{game_id}_moves"
    try:
        return import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return PLAIN


def _plain_read(action: str) -> Move:
    return Move(action.partition(" ")[0])


PLAIN = SimpleNamespace(read=_plain_read)
