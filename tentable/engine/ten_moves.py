"""TEN's move notation (rules digest "Action notation"): "flip", "stop numbers", "stop
money", "bid 4", "pass", "buy B5", "skip", "pay G1" (a card), "pay t" (a money token),
"pay x" (a bust token), "pay d" (a duplicate), "bust token" (V1: a player who busts takes
the bust token rather than buy). Built and read here only; `engine.moves`
says why. The texts are built once: the hot paths only look them up."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tentable.engine.decks import manifest
from tentable.engine.moves import Move
from tentable.engine.ten_cards import GAME_ID, card_info

FLIP, PASS, SKIP = "flip", "pass", "skip"
NUMBERS, MONEY = "numbers", "money"               # what a stop takes (TEN-R5)
TOKEN, BUST, DUPLICATE = "t", "x", "d"            # what a pay pays besides a card (TEN-R12)
STOP_NUMBERS, STOP_MONEY = f"stop {NUMBERS}", f"stop {MONEY}"
PAY_TOKEN, PAY_BUST, PAY_DUPLICATE = f"pay {TOKEN}", f"pay {BUST}", f"pay {DUPLICATE}"
TAKE_BUST_TOKEN = "bust token"                   # V1: the kind is "take", the token BUST

BIDS = [f"bid {n}" for n in range(400)]
BUY_ACTION = {code: f"buy {code}" for code in manifest(GAME_ID).codes("number")}
PAY_ACTION = {code: f"pay {code}" for code in manifest(GAME_ID).codes()
              if card_info(code)[0] != "money"}


@dataclass(frozen=True, slots=True)
class TenMove(Move):
    card: str = ""      # buy, pay: the card's code
    token: str = ""     # pay: TOKEN, BUST or DUPLICATE when no card pays; take: BUST
    amount: int = 0     # bid
    stop: str = ""      # stop: NUMBERS or MONEY

    def __str__(self) -> str:
        if self.kind == "stop":
            return f"stop {self.stop}"
        if self.kind == "bid":
            return bid(self.amount)
        if self.kind == "buy":
            return buy(self.card)
        if self.kind == "pay":
            return pay(self.card) if self.card else f"pay {self.token}"
        return TAKE_BUST_TOKEN if self.kind == "take" else self.kind


def bid(amount: int) -> str:
    """TEN-R11: an offer for the joker."""
    return BIDS[amount] if 0 <= amount < len(BIDS) else f"bid {amount}"


def buy(code: str) -> str:
    """TEN-R10: the market card with this code."""
    return BUY_ACTION.get(code) or f"buy {code}"


def pay(code: str) -> str:
    """TEN-R12: a collected card with this code as one item of a payment."""
    return PAY_ACTION.get(code) or f"pay {code}"


@lru_cache(maxsize=2048)
def read(action: str) -> TenMove:
    """A legal action's parts: "bid 4" -> TenMove("bid", amount=4), "pay t" ->
    TenMove("pay", token="t"), "stop money" -> TenMove("stop", stop="money")."""
    if action == TAKE_BUST_TOKEN:
        return TenMove("take", token=BUST)
    kind, _, what = action.partition(" ")
    if kind == "stop":
        return TenMove(kind, stop=what)
    if kind == "bid":
        return TenMove(kind, amount=int(what))
    if kind == "pay" and what in (TOKEN, BUST, DUPLICATE):
        return TenMove(kind, token=what)
    return TenMove(kind, card=what)
