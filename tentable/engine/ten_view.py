"""What TEN's table asks (#21): the rules of `ten`, `ten_cards` and `ten_paying`, answered
from a view, so that no scene parses a card code or re-states a rule.
"""
from __future__ import annotations

from typing import Iterable

from tentable.engine.cards import code_of
from tentable.engine.ten import AUCTION
from tentable.engine.ten_cards import BUST_WORTH, card_info
from tentable.engine.ten_moves import PAY_BUST, PAY_DUPLICATE, PAY_TOKEN, read
from tentable.engine.ten_paying import best_payment
from tentable.engine.views import View


class TenView(View):
    """`Ten.view(seat)`: every zone but the pile is public, so every seat sees the same.
    Cards are ids ("B5#2"); `code_of` gives the printed code ("B5")."""

    pile: int                     # cards left to flip (TEN-R3)
    tableau: list[str]            # the flipped cards of the turn, in order
    total: int                    # the running total (TEN-R4): numbers less money
    money_showing: int            # the money cards of the tableau alone (TEN-R4)
    limit: int                    # the bust line (10)
    market: list[str]             # cards to buy (TEN-R10)
    removed: list[str]            # out of the game: money taken, jokers nobody bid on
    collections: list[list[str]]  # per seat, in the order collected
    duplicates: list[list[str]]   # per seat, face-down copies (TEN-R8)
    money: list[int]              # per seat, money tokens (TEN-R9)
    bust_tokens: list[int]        # per seat (TEN-R5, worth 3 in a payment)
    active: int                   # whose turn it is (not who bids or pays)
    auction: dict | None          # joker, order, next (index into order), high, bidder
    payment: dict | None          # payer, due (what is left to pay), card, cards, then
    final_round: list[int] | None  # the seats still to buy in the last round (TEN-R13)
    solo: bool                    # against Mona (section S)
    target: int                   # solo: the total Mona flips to (S2)
    variant_busted_buy: bool      # V1
    scoring: list[dict]           # at the end only: per seat, `score_breakdown`


def colour_of(code: str) -> str:
    """A card's colour letter ("B" for "B5" and the blue joker), "" for none."""
    return card_info(code)[2]


def number_of(code: str) -> int:
    """The number printed on a card: a number card's, a number wild's, a money card's
    amount; 0 for the colour and super wilds."""
    return card_info(code)[1]


def kind_of(code: str) -> str:
    """"number", "colour_wild", "number_wild", "super_wild" or "money"."""
    return card_info(code)[0]


def price_of(code: str) -> int:
    """TEN-R10: a market card costs its number."""
    return card_info(code)[1]


def pay_worth(action: str) -> int:
    """What a pay action pays (TEN-R12): a bust token 3, a token, a duplicate or a card 1."""
    return BUST_WORTH if action == PAY_BUST else 1


def payment_order(actions: Iterable[str]) -> list[str]:
    """The order to pay a chosen set of items in: cards, duplicates, tokens, bust tokens
    last, so that only the last item may pay more than is left (TEN-R12: no change)."""
    rank = {PAY_DUPLICATE: 1, PAY_TOKEN: 2, PAY_BUST: 3}
    return sorted(actions, key=lambda a: rank.get(a, 0))


def payment_check(actions: Iterable[str], price: int) -> tuple[int, bool]:
    """(what the items pay together, whether they pay `price` as TEN-R12 allows: enough,
    and no item paid for nothing, as only the one paid last may overshoot)."""
    worths = [pay_worth(a) for a in actions]
    paid = sum(worths)
    return paid, bool(worths) and paid >= price and paid - max(worths) < price


class _ViewPosition:
    """What `best_payment` reads of a position, from a view: every zone it reads is
    public in TEN (the pile only by its size)."""

    def __init__(self, view: TenView) -> None:
        self.players = view["players"]
        self.pile = range(view["pile"])
        self.money = view["money"]
        self.bust = view["bust_tokens"]
        self.duplicates = view["duplicates"]
        self.solo = view["solo"]
        self.payment = view["payment"]
        self._collections = view["collections"]

    def codes(self, seat: int) -> list[str]:
        return [code_of(c) for c in self._collections[seat]]


def suggested_payment(view: TenView, seat: int, price: int, cards: bool | None = None,
                      gaining: str | None = None) -> list[str]:
    """`best_payment` for `seat` from a view (any seat's: TEN hides only the pile's
    order), keeping the runs that `gaining`, the card being bought, joins; [] when
    `seat` cannot pay `price`."""
    try:
        return best_payment(_ViewPosition(view), seat, price, cards, gaining)
    except ValueError:
        return []


def tie_breaks(view: TenView) -> list[tuple[int, int, int]]:
    """TEN-R15 per seat, from a finished game's view: (score, money with 3 per bust
    token, number cards outside the runs)."""
    return [(info["score"], view["money"][s] + BUST_WORTH * view["bust_tokens"][s],
             info["outside"]) for s, info in enumerate(view["scoring"])]


def buys(actions: Iterable[str]) -> list[str]:
    """The card codes that the buy actions among `actions` buy, sorted ("buy B5" -> "B5")."""
    return sorted(move.card for move in map(read, actions) if move.kind == "buy")


def bids(actions: Iterable[str]) -> list[int]:
    """The amounts of the bid actions among `actions`, sorted ("bid 4" -> 4)."""
    return sorted(move.amount for move in map(read, actions) if move.kind == "bid")


def paid_card(action: str) -> str | None:
    """The card code a pay action pays with ("pay G1" -> "G1"); None for a token, a bust
    token or a duplicate."""
    move = read(action)
    return move.card if move.kind == "pay" and move.card else None


def joker_up(view: TenView) -> str | None:
    """The joker on offer (TEN-R11): up for auction, or won and not paid for yet. Until its
    price is paid (TEN-R12) it is in nobody's collection: it stays by the auction."""
    if view["auction"] is not None:
        return view["auction"]["joker"]
    payment = view["payment"]
    return payment["card"] if payment and payment["then"] == AUCTION else None
