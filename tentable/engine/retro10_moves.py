"""10 Retro's move notation (rules digest "Action notation"): "place 7 up", "place S4 down
protect 2", "pass", "swap 1", "bid 1 3", "raise 4", "keep", "protect 2", "reveal", "hide",
"add J", "stand", "start 2". Cards are named by code ("7", "S4", "J"), seats by number.
Built and read here only; `engine.moves` says why."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from tentable.engine.moves import Move

PASS, KEEP, REVEAL, HIDE, STAND = "pass", "keep", "reveal", "hide", "stand"
HIDDEN = "a card"     # a face-down card as the others read it in the log (`public_action`)


@dataclass(frozen=True, slots=True)
class Retro10Move(Move):
    card: str = ""      # place, add: the card's code ("" in `place a card down`: not shown)
    up: bool = False    # place: face up
    seat: int = 0       # swap, bid: whose first card; start: the next start player
    amount: int = 0     # place, protect: protection chips; bid, raise: the bid

    def __str__(self) -> str:
        kind = self.kind
        if kind == "place":
            return place(self.card or HIDDEN, self.up, self.amount)
        if kind == "bid":
            return bid(self.seat, self.amount)
        if kind in ("swap", "start"):
            return f"{kind} {self.seat}"
        if kind in ("raise", "protect"):
            return f"{kind} {self.amount}"
        return add(self.card) if kind == "add" else kind


def place(code: str, up: bool, protect: int = 0) -> str:
    """RX-R4: the first card, face up or down, with 0 to 2 protection chips."""
    return f"place {code} {'up' if up else 'down'}" + (f" protect {protect}" if protect else "")


def swap(seat: int) -> str:
    """RX-R5: my first card for `seat`'s unprotected one."""
    return f"swap {seat}"


def bid(seat: int, amount: int) -> str:
    """RX-R5: an auction for `seat`'s protected first card, opened at `amount`."""
    return f"bid {seat} {amount}"


def raise_to(amount: int) -> str:
    """RX-R5: the running auction's bid raised to `amount`."""
    return f"raise {amount}"


def protect(level: int) -> str:
    """RX-R5: the protection raised to `level` chips after a swap."""
    return f"protect {level}"


def add(code: str) -> str:
    """RX-R7: a second card onto the first."""
    return f"add {code}"


def start(seat: int) -> str:
    """RX-R8: the next round's start player."""
    return f"start {seat}"


@lru_cache(maxsize=None)
def read(action: str) -> Retro10Move:
    """A legal action's parts (or a log's "place a card down"): "bid 1 3" ->
    Retro10Move("bid", seat=1, amount=3). Only legal strings come here, so the cache stays
    as small as the notation."""
    words = action.split()
    kind = words[0]
    if kind == "place":
        if words[1:3] == HIDDEN.split():
            words = ["place", ""] + words[3:]
        return Retro10Move(kind, words[1], words[2] == "up",
                           amount=int(words[4]) if len(words) == 5 else 0)
    if kind == "add":
        return Retro10Move(kind, words[1])
    if kind == "bid":
        return Retro10Move(kind, seat=int(words[1]), amount=int(words[2]))
    if kind in ("swap", "start"):
        return Retro10Move(kind, seat=int(words[1]))
    if kind in ("raise", "protect"):
        return Retro10Move(kind, amount=int(words[1]))
    return Retro10Move(kind)


def raises(legal: Iterable[str]) -> list[int]:
    """RX-R5: the amounts among these legal actions a bid may be raised to, lowest first."""
    return sorted(move.amount for move in map(read, legal) if move.kind == "raise")


@lru_cache(maxsize=None)
def place_actions(code: str, chips: int) -> tuple[str, ...]:
    """RX-R4: the ways to place a card with this code, with `chips` (at most 2) to protect."""
    return tuple(place(code, up, n) for up in (True, False) for n in range(chips + 1))


@lru_cache(maxsize=None)
def deal_actions(me: int, protection: tuple[int, ...], chips: int) -> tuple[str, ...]:
    """RX-R5: pass, swap an unprotected card for 1 chip, or open a bid of at least the
    protection, never on your own card and never more than your supply."""
    actions = [PASS]
    for seat, guard in enumerate(protection):
        if seat == me:
            continue
        if not guard:
            if chips:
                actions.append(swap(seat))
        else:
            actions += [bid(seat, n) for n in range(guard, chips + 1)]
    return tuple(actions)
