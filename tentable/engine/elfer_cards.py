"""Elfer raus! Master's cards and what a seat sees (rules digest `rules/elfer.md`): the
constants of the rules, the deck's card ids and values, and the view's types — what the
engine (`elfer.py`), its bot, narration and table share, apart from the rules themselves.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TypedDict

from tentable.engine.cards import card_ids, shuffled
from tentable.engine.decks import manifest
from tentable.engine.elfer_moves import JOKER, LENGTH, SLOTS
from tentable.engine.views import View

GAME_ID = "elfer"
ELEVEN = 11
MAX_CARDS = 4                   # ER-R5: at most four number cards or jokers per turn
CONNECTION, BONUS = "connection", "bonus"
BONUS_POINTS = 11

INDEX = {slot: (c, n - 1) for slot, (c, n) in SLOTS.items()}     # colour, list index
HALVES = (range(0, ELEVEN - 1), range(ELEVEN, LENGTH))   # indexes of 1-10 and 12-21


def connections_each(players: int) -> int:
    """ER-R2: connection cards per player."""
    return 4 if players <= 3 else 3 if players <= 5 else 2


def hand_size(players: int) -> int:
    """ER-R3: cards dealt to each player."""
    return 20 if players <= 3 else 15 if players == 4 else 12


@lru_cache(maxsize=1)
def shuffle_codes() -> tuple[str, ...]:
    """The 84 cards that are shuffled and dealt (ER-R3): numbers without the 11s, jokers."""
    codes = manifest(GAME_ID).cards(2)
    return tuple(c for c in codes if c in SLOTS and SLOTS[c][1] != ELEVEN
                 or c == JOKER)


@lru_cache(maxsize=1)
def all_ids() -> tuple[str, ...]:
    """Every physical card's id: numbers by code, the rest numbered ("J#1")."""
    codes = manifest(GAME_ID).cards(2)
    numbers = [c for c in codes if c in SLOTS]
    return tuple(sorted(numbers + card_ids(c for c in codes if c not in SLOTS)))


def card_value(card: str) -> int:
    """ER-R14: what a card in hand costs at the end."""
    return BONUS_POINTS if card[0] == JOKER else SLOTS[card][1]


@lru_cache(maxsize=64)
def neighbours(rows: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """ER-R1: the rows directly above and below; top and bottom are not neighbours."""
    return {c: tuple(rows[j] for j in (i - 1, i + 1) if 0 <= j < len(rows))
            for i, c in enumerate(rows)}


class Slot(TypedDict):
    id: str                       # the card lying there: its code, or a joker's id
    card: str                     # the position's name ("B9"): what a joker stands for
    joker: bool


class Row(TypedDict):
    colour: str                   # "R", "Y", "G" or "B"
    slots: list[Slot | None]      # positions 1..21; None where empty


class Island(TypedDict):
    row: str
    low: int                      # the run of occupied positions low..high
    high: int
    anchors: list[str]            # what it grows from: its 11, positions bridged to


# "from" is a keyword, hence the functional form.
Bridge = TypedDict("Bridge", {"id": str, "from": str, "to": str, "seat": int})


class ElferView(View):
    """`Elfer.view(seat)`: positions and number cards by code, the rest by id ("J#1")."""

    game_no: int                  # the game being played, from 1 (ER-R15)
    games: int                    # how many the match has
    game_scores: list[list[int]]  # per finished game, a score per seat (ER-R14)
    game_bonuses: list[list[int]]  # per finished game, the bonus cards each seat won
    start_player: int             # who began this game (ER-R4)
    rows: list[Row]               # top row first (ER-R1)
    islands: list[Island]
    bridges: list[Bridge]         # connection cards on the table, in the order laid
    hand: list[str] | None        # the seat's own hand, by row then number, jokers last;
    #                               None for a spectator
    hand_sizes: list[int]
    hands: list[list[str]]        # at the end only: every seat's hand (ER-R14 scores
    #                               them; nothing is secret once the match is over)
    connections: list[list[str]]  # per seat: connection cards not yet laid (ER-R2)
    connections_out: list[str]    # those not dealt
    bonuses: list[list[str]]      # per seat: bonus cards won (ER-R10)
    bonus_stack: list[str]        # bottom first
    pile: int                     # cards left to draw
    turn_cards: list[str]         # positions played to this turn
    played: int                   # how many (ER-R5)
    max_cards: int
    swapped: bool                 # a joker was swapped this turn (ER-R9)
    pending: str | None           # the position a connection card leads to (ER-R8)
    passes: int                   # passes in a row (ER-R16)
