"""10 – Special Retro Edition's cards (`decks/retro10.yaml`), what they count (RX-R7) and
cost (RX-R10), and `Retro10View`, what a seat sees of the game (`retro10.py`)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from tentable.engine.cards import card_ids, code_of
from tentable.engine.decks import manifest
from tentable.engine.views import View

GAME_ID = "retro10"
HAND = 4                 # RX-R2: a hand of four (the joker and three dealt cards)
DEALT = 3
CHIPS = 7                # RX-R2: chips per player
MAX_PROTECTION = 2       # RX-R4/R5
TEN = 10
CHIP_POINTS = 2          # RX-R10: a chip left is worth 2 points off the penalty
JOKER = "J"


class Cards(NamedTuple):
    """The game's cards, read once from `decks/retro10.yaml`."""

    ids: tuple[str, ...]             # all 80 physical cards
    draw_codes: tuple[str, ...]      # the 63 normal and penalty cards (`deck=`)
    draw_ids: tuple[str, ...]
    round_codes: tuple[str, ...]     # R1..R10 (`rounds=`)
    round_ids: tuple[str, ...]
    jokers: tuple[str, ...]          # J#1..J#7
    code: dict                       # id -> code
    value: dict                      # id -> face value; None for a joker
    points: dict                     # id -> penalty points (RX-R10)


@lru_cache(maxsize=1)
def cards() -> Cards:
    deck = manifest(GAME_ID)
    codes = deck.cards(deck.max_players)
    ids = card_ids(codes)
    code, value, points = {}, {}, {}
    for card, c in zip(ids, codes):
        spec = deck.spec(c)
        code[card] = c
        value[card] = None if spec.kind == "joker" else spec.value
        points[card] = {"normal": 1, "penalty": (spec.value or 0) + 2, "joker": TEN,
                        "round": spec.value}[spec.kind]
    draw_kinds = ("normal", "penalty")
    draw_codes = tuple(c for c in codes if deck.spec(c).kind in draw_kinds)
    return Cards(
        ids=tuple(ids), draw_codes=draw_codes,
        draw_ids=tuple(i for i in ids if deck.spec(code[i]).kind in draw_kinds),
        round_codes=tuple(deck.codes("round")),
        round_ids=tuple(i for i in ids if deck.spec(code[i]).kind == "round"),
        jokers=tuple(i for i in ids if value[i] is None and deck.spec(code[i]).kind == "joker"),
        code=code, value=value, points=points)


def kind_of(card: str) -> str:
    """A card id's or code's kind in `decks/retro10.yaml`: "normal", "penalty" (S1…S8),
    "joker" or "round" (R1…R10)."""
    return manifest(GAME_ID).spec(code_of(card)).kind


def face_value(card: str) -> int | None:
    """RX-R7: what a card id or code counts toward a total (a round card: its number);
    None for a joker, whose value is fixed only beside the other card (`total_and_best`)."""
    spec = manifest(GAME_ID).spec(code_of(card))
    return None if spec.kind == "joker" else spec.value


def penalty_points(taken: Any) -> int:
    """RX-R10: the penalty points of these card ids (normal 1, penalty card value + 2,
    joker 10, round card its number)."""
    points = cards().points
    return sum(points[c] for c in taken)


class Retro10View(View):
    """`Retro10.view(seat)`: cards are ids ("7#3", "S4#1", "J#2", "R3#1"), codes beside them
    where the seat may see them."""

    round: int                    # the round being played, 1..10
    round_card: str | None        # its round card's id (RX-R3); None between rounds
    rounds_left: int              # round cards still in the stack
    deck: int                     # cards left in the draw deck
    start: int                    # the round's start player
    order: list[int]              # the seats in turn order from the start player
    opener: int | None            # phase 3: whose deal it is; else None
    hand: list[str] | None        # the seat's own hand by value, jokers last; None: spectator
    hand_sizes: list[int]
    table: list[list[dict]]       # per seat its placed cards: {"id", "code", "up"}; id and
    #                               code None where this view may not know the face-down card
    protection: list[int]         # chips on each seat's first card (RX-R4)
    chips: list[int]              # each seat's supply
    pot: int
    taken: list[list[str]]        # each seat's penalty pile, top last
    penalty: list[int]            # its penalty points (RX-R10)
    joker_shown: list[bool]       # RX-R2: the seat has shown a joker at a showdown
    auction: dict | None          # phase 3 bid: {"owner", "high", "bid", "passes"}
    protecting: list[int]         # after a swap: the two seats that may raise protection
    last_round: dict | None       # the round last settled: winner, loser, totals, pot, cards
    #                               (all, in turn order), shown (each seat's), order
    ended_early: bool             # the deck ran out (RX-R9)
    lowest_wins: bool             # RX-R10: the lowest score wins


def total_and_best(values: list) -> tuple[int, int]:
    """RX-R7: a player's total and best single card; a joker (None) is fixed at the value
    that brings the total closest to 10 without exceeding it (alone 10, beside c 10 - c,
    two jokers 10 + 0)."""
    fixed = [v for v in values if v is not None]
    if len(fixed) == len(values):
        return sum(fixed), max(fixed)
    if not fixed:
        return TEN, TEN
    return TEN, max(fixed[0], TEN - fixed[0])


def fits(first: Any, second: Any) -> bool:
    """RX-R6/R7: a second card may join a face-up first card while the sum stays <= 10."""
    return first is None or second is None or first + second <= TEN
