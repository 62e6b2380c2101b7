"""TEN (tiles) in words (rules digest `rules/tentiles.md`): a tile is its colour and
number ("a white 3"), a place its coordinates ("0,1"). Nothing is secret in a view but
the order of the face-down supplies, so every line may name what it tells.
"""
from __future__ import annotations

from tentable.engine.cards import code_of
from tentable.engine.tentiles import TenTilesView, owner, value
from tentable.engine.tentiles_moves import MOVE, PLACE, read
from tentable.narration import Breakdown, Item, Line, Teller
from tentable.text import t

COLOUR_OF = ("tiles.white", "tiles.black")          # by seat: white is seat 0 (TL-R3)
END = {"": "place", "L": "left", "R": "right"}       # the text key of a placing, by end


def card(tile: str) -> str:
    """"W3#2" -> "a white 3"."""
    return t(COLOUR_OF[owner(tile)], n=value(tile))


def colour(seat: int) -> str:
    """A seat's colour: "White" or "Black"."""
    return t(f"tiles.colour.{seat}")


def move(action: str) -> str:
    """"place 0,0" -> "place the tile on 0,0", "place L 0,1" -> "take the left end to
    0,1", "move 0,0>0,1" -> "move the tile from 0,0 to 0,1", "pass" -> "pass"."""
    parts = read(action)
    if parts.kind == PLACE:
        return t(f"tiles.move.{END[parts.end]}", at=parts.to)
    if parts.kind == MOVE:
        return t("tiles.move.move", src=parts.source, at=parts.to)
    return t("tiles.move.pass")


def start(teller: Teller, view: TenTilesView) -> Line:
    """The first line of the log: who starts, with which colour (TL-R3)."""
    first = view["start"]
    return Line(teller.say("tiles.log.start", first, colour=colour(first)))


def tell(teller: Teller, seat: int, action: str, before: TenTilesView,
         after: TenTilesView) -> list[Line]:
    """The log lines of `seat` playing `action`: the move, then the start of phase 2
    (TL-R7) or why the game ended (TL-R6, TL-R8) when it did."""
    parts = read(action)
    if parts.kind == PLACE:
        text = teller.say(f"tiles.log.{END[parts.end]}", seat, tile=card(after["board"][parts.to]),
                          at=parts.to)
    elif parts.kind == MOVE:
        text = teller.say("tiles.log.move", seat, tile=card(after["board"][parts.to]),
                          src=parts.source, at=parts.to)
    else:
        text = teller.say("tiles.log.pass", seat)
    lines = [Line(text, seat)]
    if before["phase"] == PLACE and after["phase"] == MOVE:
        lines.append(Line(t("tiles.log.phase2")))
    if after["phase"] == "over" and after["result"]:
        lines.append(Line(ending(after)))
    return lines


def drawn(view: TenTilesView) -> bool:
    """The game ended without a winner (TL-R8): a draw, not a win shared."""
    return bool(view["result"]) and view["result"]["winner"] is None


def running_scores(view: TenTilesView) -> None:
    """No score while the game runs: it is won by a line of ten or drawn (TL-R6, TL-R8);
    the engine's 1 for a win is no score to tell before then."""
    return None


def ending(view: TenTilesView) -> str:
    """Why the game ended, in a sentence: the line of ten (TL-R6), or a draw after the
    move limit or a position seen three times (TL-R8)."""
    result = view["result"]
    if result["winner"] is not None:
        return t("tiles.end.ten", colour=colour(result["winner"]))
    if result["reason"] == "limit":
        return t("tiles.end.limit", n=view["move_limit"])
    return t("tiles.end.repetition")


def breakdown(view: TenTilesView) -> Breakdown:
    """The winning line of ten, its tiles and their sum (TL-R6), or the draw (TL-R8)."""
    result = view["result"]
    if drawn(view):
        return Breakdown(items=[Item(ending(view))], draw=True, outcome=ending(view))
    tiles = [[view["board"][place] for place in line] for line in result["lines"]]
    items = [Item(t("tiles.bd.line", colour=colour(result["winner"])),
                  t("tiles.bd.sum", sum=" + ".join(str(value(tile)) for tile in line)),
                  tuple(code_of(tile) for tile in line)) for line in tiles]
    return Breakdown(items=items, outcome=ending(view))
