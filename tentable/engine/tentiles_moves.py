"""TEN tiles' move notation (rules digest "Action notation"): "place 0,1" (the hidden game's
drawn tile), "place L 0,1" (the open game: the left or right end of the row, TL-R4),
"move 0,0>0,1" (TL-R7), "pass". Places are named "x,y". Built and read here only;
`engine.moves` says why."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tentable.engine.moves import Move

PLACE, MOVE, PASS = "place", "move", "pass"
LEFT, RIGHT = "L", "R"


@dataclass(frozen=True, slots=True)
class TilesMove(Move):
    to: str = ""         # where the tile goes
    end: str = ""        # open game: LEFT or RIGHT, the end of the row taken (TL-R4)
    source: str = ""     # phase 2: where the tile is lifted

    def __str__(self) -> str:
        if self.kind == PLACE:
            return place_tile(self.to, self.end)
        return move_tile(self.source, self.to) if self.kind == MOVE else self.kind


def place_tile(to: str, end: str = "") -> str:
    """TL-R4: a tile onto the place `to`, in the open game from `end` of the row."""
    return f"place {end} {to}" if end else f"place {to}"


def move_tile(source: str, to: str) -> str:
    """TL-R7: the tile on `source` lifted onto `to` ("move x,y>" when `to` is "": the
    beginning every move from there shares)."""
    return f"move {source}>{to}"


@lru_cache(maxsize=8192)
def read(action: str) -> TilesMove:
    """A legal action's parts: "place L 0,1" -> TilesMove("place", "0,1", "L")."""
    words = action.split(" ")
    if words[0] == MOVE:
        source, to = words[1].split(">")
        return TilesMove(MOVE, to, source=source)
    if words[0] == PLACE:
        return TilesMove(PLACE, words[-1], words[1] if len(words) == 3 else "")
    return TilesMove(action)
