"""Why a move is good, in a few words: the reason the hint gives for the move it suggests.

`why(state, seat, action)` returns a text key and its values (numbers, and `Term`s for
cards and seats, worded by the game's narration at the table), read from what `seat` sees
(`state.view(seat)`) and from what the move does: the kind of move, what it completes,
blocks or keeps. It never says engine notation and never decides anything: the move is
the Hard level's; this only words it.
"""
from __future__ import annotations

from collections.abc import Callable

from tentable.engine import (elfer_moves, retro10_moves, takethat_moves, ten_moves,
                             tentiles_moves)
from tentable.engine.cards import code_of
from tentable.engine.core import State
from tentable.engine.errors import Term
from tentable.engine.takethat import twin
from tentable.engine.tentiles import coords

Reason = tuple[str, dict]


def why(state: State, seat: int, action: str) -> Reason:
    """The reason for `action` by `seat` now, as (text key, values)."""
    view = state.view(seat)
    return EXPLAINERS.get(view["game"], _plain)(state, view, seat, action)


def _plain(state: State, view: dict, seat: int, action: str) -> Reason:
    return "why.only", {}


# -- TEN -------------------------------------------------------------------------------------
def _ten_card(code: str) -> tuple[str, int] | None:
    """A TEN number card's colour and number ("B5" -> ("B", 5)); None for the rest."""
    if len(code) == 2 and code[0] in "BGOP" and code[1].isdigit():
        return code[0], int(code[1])
    return None


def joins_run(code: str, mine: list[str]) -> bool:
    """Whether a TEN number card lies beside one of `mine` (codes) in its colour: it
    extends a run."""
    card = _ten_card(code)
    held = {_ten_card(c) for c in mine}
    return card is not None and any((card[0], card[1] + d) in held for d in (-1, 1))


def ten(state: State, view: dict, seat: int, action: str) -> Reason:
    mine = [code_of(c) for c in view["collections"][seat]]
    move = ten_moves.read(action)
    verb, code = move.kind, move.card
    if verb == "flip":
        return "why.ten.flip", {"total": view["total"]}
    if verb == "stop" and move.stop == ten_moves.NUMBERS:
        cards = sum(1 for c in view["tableau"] if not c.startswith("$"))
        return "why.ten.numbers", {"n": cards, "total": view["total"]}
    if verb == "stop":
        return "why.ten.money", {"n": view["money_showing"]}
    if verb == "bid":
        return "why.ten.bid", {"n": move.amount}
    if verb == "pass" and view["phase"] == "auction":
        return "why.ten.pass", {}
    if verb == "buy":
        joins = joins_run(code, mine)
        return ("why.ten.buy_run" if joins else "why.ten.buy"), {"card": Term.card(code)}
    if verb == "skip":
        return "why.ten.skip", {}
    if verb == "pay":
        if move.token:
            return f"why.ten.pay_{move.token}", {}
        joins = joins_run(code, [c for c in mine if c != code])
        return ("why.ten.pay_run" if joins else "why.ten.pay_loose"), {"card": Term.card(code)}
    return "why.only", {}


# -- Take That -------------------------------------------------------------------------------
def takethat(state: State, view: dict, seat: int, action: str) -> Reason:
    move = takethat_moves.read(action)
    card = move.card
    if move.kind == "twist":
        return "why.tt.twist", {"card": Term.card(card)}
    if move.kind == "take":
        return "why.tt.take", {}
    if card % 11 and twin(card) in view["hand"]:
        return "why.tt.play_twin", {"card": Term.card(card)}
    if not view["row"]:
        return "why.tt.open", {"card": Term.card(card)}
    return "why.tt.play", {"card": Term.card(card)}


# -- Elfer raus! -----------------------------------------------------------------------------
def _elfer_next(card: str) -> str:
    number = int(card[1:])
    return f"{card[0]}{number + (-1 if number < 11 else 1)}"


def elfer(state: State, view: dict, seat: int, action: str) -> Reason:
    move = elfer_moves.read(action)
    verb, slot = move.kind, move.slot
    hand = set(view["hand"])
    if verb == "play" and elfer_moves.is_joker(move.card):
        return "why.elfer.joker", {"card": Term.card(slot)}
    if verb == "play":
        if _elfer_next(slot) in hand:
            return "why.elfer.chain", {"card": Term.card(slot), "next": Term.card(
                _elfer_next(slot))}
        return "why.elfer.play", {"card": Term.card(slot)}
    if verb == "bridge":
        return "why.elfer.bridge", {"card": Term.card(slot)}
    if verb == "swap":
        return "why.elfer.swap", {"card": Term.card(slot)}
    if verb in ("draw", "end", "pass"):
        return f"why.elfer.{verb}", {}
    return "why.only", {}


# -- 10 Retro --------------------------------------------------------------------------------
def _retro_value(code: str) -> int:
    if code == "J":
        return 10
    return int(code[1:]) if code.startswith("S") else int(code)


def retro10(state: State, view: dict, seat: int, action: str) -> Reason:
    move = retro10_moves.read(action)
    verb = move.kind
    own = [c["code"] for c in view["table"][seat] if c["code"]]
    if verb == "place":
        guarded = "_guarded" if move.amount else ""
        side = "up" if move.up else "down"
        return f"why.rx.place_{side}{guarded}", {"card": Term.card(move.card)}
    if verb == "swap":
        return "why.rx.swap", {"seat": Term.seat(move.seat)}
    if verb in ("bid", "raise"):
        return "why.rx.bid", {"points": 2 * move.amount}
    if verb == "pass":
        return "why.rx.pass", {"points": 2}
    if verb in ("protect", "keep"):
        return f"why.rx.{verb}", {}
    if verb in ("reveal", "hide"):
        return f"why.rx.{verb}", {"card": Term.card(own[0]) if own else ""}
    if verb == "add":
        cards = own + [move.card]
        # RX-R7: a joker makes up whatever is missing to ten
        total = 10 if "J" in cards else sum(_retro_value(c) for c in cards)
        return "why.rx.add", {"card": Term.card(move.card), "total": total}
    if verb == "stand":
        return "why.rx.stand", {}
    if verb == "start":
        return "why.rx.start", {"seat": Term.seat(move.seat)}
    return "why.only", {}


# -- TEN tiles -------------------------------------------------------------------------------
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def tile_line_sums(board: dict[str, str], x: int, y: int, colour: str, value: int
                   ) -> list[int]:
    """The sums of the four lines a tile of `colour` ("W", "B") and `value` put at x,y
    would be part of, on a board of codes by place ("0,1": "W3")."""
    sums = []
    for dx, dy in DIRECTIONS:
        total = value
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while (tile := board.get(f"{cx},{cy}")) and tile[0] == colour:
                total += int(tile[1])
                cx, cy = cx + sign * dx, cy + sign * dy
        sums.append(total)
    return sums


def tentiles(state: State, view: dict, seat: int, action: str) -> Reason:
    trial = state.clone()
    trial.apply(action)
    if trial.is_over and trial.winners() == [seat]:
        return "why.tiles.wins", {}
    move = tentiles_moves.read(action)
    if move.kind != "place":
        return "why.only", {}       # moving: the search's reason lies plies deep
    x, y = coords(move.to)
    board = {where: code_of(tile) for where, tile in view["board"].items()}
    colour, theirs = ("W", "B") if seat == 0 else ("B", "W")
    rows = view["rows"]
    their_values = ({int(code_of(rows[1 - seat][0])[1]), int(code_of(rows[1 - seat][-1])[1])}
                    if rows and rows[1 - seat] else {1, 2, 3})
    if any(10 in tile_line_sums(board, x, y, theirs, v) for v in their_values):
        return "why.tiles.block", {"seat": Term.seat(1 - seat)}
    if rows:
        end = -1 if move.end == tentiles_moves.RIGHT else 0
        mine = int(code_of(rows[seat][end])[1])
    else:
        mine = int(code_of(view["drawn"])[1]) if view["drawn"] else 0
    best = max((s for s in tile_line_sums(board, x, y, colour, mine) if s < 10), default=0)
    if best > mine:
        return "why.tiles.build", {"sum": best}
    return "why.tiles.quiet", {}


EXPLAINERS: dict[str, Callable[[State, dict, int, str], Reason]] = {
    "ten": ten, "takethat": takethat, "elfer": elfer, "retro10": retro10,
    "tentiles": tentiles}
