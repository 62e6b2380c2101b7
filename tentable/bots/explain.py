"""Why a move is good, in a few words: the reason the hint gives for the move it suggests.

`why(state, seat, action)` returns a text key and its values (numbers, and `Term`s for
cards and seats, worded by the game's narration at the table), read from what `seat` sees
(`state.view(seat)`) and from what the move does: the kind of move, what it completes,
blocks or keeps. It never says engine notation and never decides anything: the move is
the Hard level's; this only words it.
"""
from __future__ import annotations

from collections.abc import Callable

from tentable.engine.core import State
from tentable.engine.cards import code_of
from tentable.engine.errors import Term

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
    verb, _, rest = action.partition(" ")
    if action == "flip":
        return "why.ten.flip", {"total": view["total"]}
    if action == "stop numbers":
        cards = sum(1 for c in view["tableau"] if not c.startswith("$"))
        return "why.ten.numbers", {"n": cards, "total": view["total"]}
    if action == "stop money":
        return "why.ten.money", {"n": view["money_showing"]}
    if verb == "bid":
        return "why.ten.bid", {"n": int(rest)}
    if action == "pass" and view["phase"] == "auction":
        return "why.ten.pass", {}
    if verb == "buy":
        joins = joins_run(rest, mine)
        return ("why.ten.buy_run" if joins else "why.ten.buy"), {"card": Term.card(rest)}
    if action == "skip":
        return "why.ten.skip", {}
    if verb == "pay":
        if rest in ("t", "x", "d"):
            return f"why.ten.pay_{rest}", {}
        joins = joins_run(rest, [c for c in mine if c != rest])
        return ("why.ten.pay_run" if joins else "why.ten.pay_loose"), {"card": Term.card(rest)}
    return "why.only", {}


# -- Take That -------------------------------------------------------------------------------
def takethat(state: State, view: dict, seat: int, action: str) -> Reason:
    verb, _, rest = action.partition(" ")
    if verb == "twist":
        return "why.tt.twist", {"card": Term.card(int(rest))}
    if verb == "take":
        return "why.tt.take", {}
    card = int(rest)
    twin = int(rest[::-1])
    if card % 11 and twin in view["hand"]:
        return "why.tt.play_twin", {"card": Term.card(card)}
    if not view["row"]:
        return "why.tt.open", {"card": Term.card(card)}
    return "why.tt.play", {"card": Term.card(card)}


# -- Elfer raus! -----------------------------------------------------------------------------
def _elfer_next(card: str) -> str:
    number = int(card[1:])
    return f"{card[0]}{number + (-1 if number < 11 else 1)}"


def elfer(state: State, view: dict, seat: int, action: str) -> Reason:
    verb, _, rest = action.partition(" ")
    hand = set(view["hand"])
    if verb == "play" and "@" in rest:
        return "why.elfer.joker", {"card": Term.card(rest.split("@")[1])}
    if verb == "play":
        if _elfer_next(rest) in hand:
            return "why.elfer.chain", {"card": Term.card(rest), "next": Term.card(
                _elfer_next(rest))}
        return "why.elfer.play", {"card": Term.card(rest)}
    if verb == "bridge":
        return "why.elfer.bridge", {"card": Term.card(rest.split("-")[1])}
    if verb == "swap":
        return "why.elfer.swap", {"card": Term.card(rest)}
    if verb in ("draw", "end", "pass"):
        return f"why.elfer.{verb}", {}
    return "why.only", {}


# -- 10 Retro --------------------------------------------------------------------------------
def _retro_value(code: str) -> int:
    if code == "J":
        return 10
    return int(code[1:]) if code.startswith("S") else int(code)


def retro10(state: State, view: dict, seat: int, action: str) -> Reason:
    words = action.split()
    verb = words[0]
    own = [c["code"] for c in view["table"][seat] if c["code"]]
    if verb == "place":
        guarded = "_guarded" if len(words) == 5 else ""
        return f"why.rx.place_{words[2]}{guarded}", {"card": Term.card(words[1])}
    if verb == "swap":
        return "why.rx.swap", {"seat": Term.seat(int(words[1]))}
    if verb in ("bid", "raise"):
        return "why.rx.bid", {"points": 2 * int(words[-1])}
    if verb == "pass":
        return "why.rx.pass", {"points": 2}
    if verb in ("protect", "keep"):
        return f"why.rx.{verb}", {}
    if verb in ("reveal", "hide"):
        return f"why.rx.{verb}", {"card": Term.card(own[0]) if own else ""}
    if verb == "add":
        cards = own + [words[1]]
        # RX-R7: a joker makes up whatever is missing to ten
        total = 10 if "J" in cards else sum(_retro_value(c) for c in cards)
        return "why.rx.add", {"card": Term.card(words[1]), "total": total}
    if verb == "stand":
        return "why.rx.stand", {}
    if verb == "start":
        return "why.rx.start", {"seat": Term.seat(int(words[1]))}
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
    words = action.split()
    if words[0] != "place":
        return "why.only", {}       # moving: the search's reason lies plies deep
    x, y = (int(v) for v in words[-1].split(","))
    board = {where: code_of(tile) for where, tile in view["board"].items()}
    colour, theirs = ("W", "B") if seat == 0 else ("B", "W")
    rows = view["rows"]
    their_values = ({int(code_of(rows[1 - seat][0])[1]), int(code_of(rows[1 - seat][-1])[1])}
                    if rows and rows[1 - seat] else {1, 2, 3})
    if any(10 in tile_line_sums(board, x, y, theirs, v) for v in their_values):
        return "why.tiles.block", {"seat": Term.seat(1 - seat)}
    if rows:
        mine = int(code_of(rows[seat][0 if len(words) == 2 or words[1] == "L" else -1])[1])
    else:
        mine = int(code_of(view["drawn"])[1]) if view["drawn"] else 0
    best = max((s for s in tile_line_sums(board, x, y, colour, mine) if s < 10), default=0)
    if best > mine:
        return "why.tiles.build", {"sum": best}
    return "why.tiles.quiet", {}


EXPLAINERS: dict[str, Callable[[State, dict, int, str], Reason]] = {
    "ten": ten, "takethat": takethat, "elfer": elfer, "retro10": retro10,
    "tentiles": tentiles}
