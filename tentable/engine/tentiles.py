"""TEN, the tile game for two (Kitao & Mühlhäuser): rules digest `rules/tentiles.md`, TL-Rn.

The position is saved as plain fields (`board` maps "x,y" to a tile id). Play runs on a
`Layout` (`tentiles_layout.py`), a derived copy of the board with integer positions that
is kept up to date move by move; the search bot makes and unmakes its moves on the same.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from tentable.engine.core import OVER, Actions, Phase, State
from tentable.engine.cards import card_ids, check_deck, code_of, shuffled
from tentable.engine.errors import IllegalAction, SetupError, Term
from tentable.engine.options import Option
from tentable.engine.registry import register
from tentable.engine.secrecy import ORDER, PUBLIC
from tentable.engine.decks import manifest
from tentable.engine.tentiles_layout import (COLOURS, EDGES, LONE_SIDES, ORIGIN, SIDE_KEY,
                                             Layout, Memo, name_of, parse_place, tile_code)
from tentable.engine.tentiles_moves import (LEFT, MOVE, PASS, PLACE, RIGHT, move_tile,
                                           place_tile, read)
from tentable.engine.views import View
from tentable.text import english

GAME_ID = "tentiles"
MOVE_LIMIT = 100          # TL-R8: phase-2 turns in total
REPEATS = 3               # TL-R8: third occurrence of a position
TILES_PER_PLAYER = 15


def place(x: int, y: int) -> str:
    """The notation of the place at x, y: "x,y" (y grows upwards)."""
    return f"{x},{y}"


def coords(place_name: str) -> tuple[int, int]:
    """"x,y" -> (x, y), for a place named by a view or an action."""
    x, y = place_name.split(",")
    return int(x), int(y)


def owner(tile: str) -> int:
    """The seat whose tile it is: white is seat 0 (TL-R3)."""
    return COLOURS.index(code_of(tile)[0])


def value(tile: str) -> int:
    """The number printed on a tile, 1 to 3."""
    return int(code_of(tile)[1])


class TenTilesView(View):
    """`TenTiles.view(seat)`: both players see the same (only the supplies' order is
    hidden, TL-R1); tiles are ids ("W2#3"), places "x,y"."""

    open: bool                    # the open game (TL-R2)
    start: int                    # who started (TL-R3)
    board: dict[str, str]         # place -> tile id
    drawn: str | None             # hidden game: the tile the player to move turned up
    supply_sizes: list[int]       # per seat: tiles not yet placed (face down or in the row)
    rows: list[list[str]] | None  # open game: per seat, the row left to right; else None
    moves: int                    # phase-2 turns made
    move_limit: int               # the draw after this many (TL-R8)
    result: dict | None           # at the end: winner (None: drawn), reason, lines of ten
    end_text: str                 # why the game ended, in a sentence (empty while it runs)


@lru_cache(maxsize=1)
def supply_codes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each player's 15 tile codes, from the manifest (TL components)."""
    codes = manifest(GAME_ID).cards(2)
    return tuple(tuple(c for c in codes if c[0] == colour) for colour in COLOURS)


class Move(NamedTuple):     # a tuple: made once per action, on the hot path
    kind: str            # "place" | "move" | "pass"
    to: int = 0          # where the tile goes
    end: str = ""        # open game: "L" or "R", the end of the row taken (TL-R4)
    source: int = 0      # phase 2: where the tile is lifted


head_of = Memo(lambda pos: move_tile(name_of(pos), "")).__getitem__    # a move's text begins


class Moves(Actions):
    """Phase 2's legal moves (TL-R7), ~200 a position: every movable tile (a head, the
    text "move x,y>") with every free place (a tail, "x,y", sorted), less the places that
    touch only the lifted tile (`lone`: per head, their positions; `ends`: per head, the
    index after its last move). Sorted: a head's text ends where ">" begins, so no head
    is a prefix of another. Spelled out whole only when read whole; one move by index
    costs one string."""

    __slots__ = ("heads", "tails", "lone", "ends", "_items")

    def __init__(self, heads: list[str], tails: list[str], lone: list, ends: list[int]) -> None:
        self.heads, self.tails, self.lone, self.ends = heads, tails, lone, ends
        self._items: list[str] | None = None

    def __len__(self) -> int:
        return self.ends[-1]

    def __getitem__(self, i):
        if self._items is not None or type(i) is not int:
            return self._spelled()[i]
        n = self.ends[-1]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("move index out of range")
        row = bisect_right(self.ends, i)
        j = i - self.ends[row - 1] if row else i
        for skipped in self._skipped(row):
            if skipped > j:
                break
            j += 1
        return self.heads[row] + self.tails[j]

    def __iter__(self):
        return iter(self._spelled())

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, str):
            return False
        head = action[:action.find(">") + 1]
        if head not in self.heads:          # a handful: a scan beats building a dict
            return False
        tail, tails = action[len(head):], self.tails
        lone = self.lone[self.heads.index(head)]
        if lone and tail in map(name_of, lone):
            return False
        j = bisect_left(tails, tail)
        return j < len(tails) and tails[j] == tail

    def _skipped(self, row: int) -> list[int]:
        """The indexes in `tails` of the head's lone places, ascending."""
        return sorted([bisect_left(self.tails, name_of(p)) for p in self.lone[row]])

    def _spelled(self) -> list[str]:
        items = self._items
        if items is None:
            # One text with the head before every tail, split at the seams: each move text
            # is made in one step inside str.split, a third faster than concatenating each.
            tails, width = self.tails, len(self.tails)
            seams = "\n".join(tails)
            items = "\n".join([head + seams.replace("\n", "\n" + head)
                               for head in self.heads]).split("\n") if tails else []
            for i in sorted([row * width + j for row in range(len(self.heads))
                             for j in self._skipped(row)], reverse=True):
                del items[i]      # from the back, so that the indexes in front still hold
            self._items = items
        return items


def _check_supplies(deck: Any) -> list[list[str]]:
    """`deck=` is [[white supply], [black supply]], each exactly that player's 15 codes."""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, (list, tuple)) or len(deck) != 2:
        raise SetupError(f"{GAME_ID}: deck must be two lists of tile codes, the white supply "
                         f"and the black supply, like [['W1', 'W3', ...], ['B2', ...]]")
    return [check_deck(GAME_ID, deck[s], list(supply_codes()[s]),
                       what=f"the {('white', 'black')[s]} supply (deck[{s}])")
            for s in range(2)]


@register
class TenTiles(State):
    game_id = GAME_ID
    title = "TEN (tiles)"
    min_players = 2
    max_players = 2
    one_move_turns = True        # TL-R3: turns alternate, one move each
    options_spec = (
        Option("open", False, bool, help="open game (TL-R2): both supplies lie face up in a "
                                         "row; take a tile from either end"),
        Option("start", None, int, low=0, high=1, optional=True,
               help="who starts (TL-R3): 0 white, 1 black; empty: drawn by lot"),
    )
    # supplies: hidden game, the face-down supply in draw order (front first); open game,
    # the row left to right. drawn: hidden game, the tile the player to move turned up.
    fields = ("board", "supplies", "drawn", "turn", "start", "moves", "positions", "result")

    @classmethod
    def new(cls, players: int, seed: int, options: dict, deck: Any) -> "TenTiles":
        supplies = None if deck is None else _check_supplies(deck)
        state = cls(players, seed, options, deck=supplies)
        if supplies is None:                                   # TL-R1, TL-R2
            state.supplies = [shuffled(card_ids(supply_codes()[s]), seed, f"supply {s}")
                              for s in range(2)]
        else:
            state.supplies = [card_ids(supply) for supply in supplies]
        start = options["start"]                               # TL-R3
        state.start = shuffled([0, 1], seed, "start")[0] if start is None else start
        state.board, state.drawn, state.moves = {}, None, 0
        state.positions, state.result = [], None
        state.turn = state.start
        state.goto(PLACE)
        state._lay = None
        state._draw()
        return state

    @classmethod
    def deck_codes(cls, players: int, options: dict) -> list[list[str]]:
        return [list(codes) for codes in supply_codes()]

    # -- the layout, derived from `board` --------------------------------------------
    @classmethod
    def _from_data(cls, data: dict) -> "TenTiles":
        state = super()._from_data(data)
        state._lay = None
        return state

    def changed(self) -> None:
        super().changed()
        self._lay = None              # derived from the board, which may have changed

    @property
    def layout(self) -> Layout:
        if self._lay is None:
            lay = Layout(names=True)
            for place, tile in self.board.items():
                lay.put(parse_place(place), tile_code(tile))
            self._lay = lay
        return self._lay

    # -- queries -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def open_game(self) -> bool:
        return self.options["open"]

    def position_key(self) -> int:
        return self.layout.key ^ SIDE_KEY[self.turn]

    def _draw(self) -> None:
        """TL-R4, hidden game: the player to move turns up the front tile of their supply.
        Drawing happens as the turn passes, so the tile to place is public in the view."""
        if not self.open_game and self.phase == PLACE and self.supplies[self.turn]:
            self.drawn = self.supplies[self.turn].pop(0)

    # -- phase 1: placing (TL-R4, TL-R5) -----------------------------------------------
    def _legal_place(self) -> list[str]:
        lay = self.layout
        places = lay.names if lay.cell else [name_of(ORIGIN)]
        if not self.open_game:
            return list(map(place_tile, places))
        ends = (LEFT, RIGHT) if len(self.supplies[self.turn]) > 1 else (LEFT,)
        return [place_tile(place, end) for end in ends for place in places]

    def _parse_place(self, action: str) -> Move:
        move = read(action)
        return Move(PLACE, parse_place(move.to), move.end)

    def _check_place(self, action: str) -> Move:
        if self.is_legal(action):
            return self._parse_place(action)
        words = action.split(" ")
        if words[:1] == ["move"] or words == ["pass"]:
            raise IllegalAction("refuse.tiles.not_yet_moving")
        if words[:1] != ["place"]:
            raise IllegalAction("refuse.tiles.place_like",
                                move=Term.move(self._example()))
        end = ""
        if self.open_game:
            if len(words) != 3 or words[1] not in ("L", "R"):
                raise IllegalAction("refuse.tiles.which_end",
                                    moves=Term.move("place L 0,1", "place R 0,1"))
            end = words[1]
            if end == "R" and len(self.supplies[self.turn]) == 1:
                raise IllegalAction("refuse.tiles.one_left")
        elif len(words) != 2:
            raise IllegalAction("refuse.tiles.hidden",
                                move=Term.move("place 0,1"))
        to = parse_place(words[-1])
        if to is None:
            raise IllegalAction("refuse.tiles.not_a_place", text=repr(words[-1][:20]))
        lay = self.layout
        if not lay.cell:
            if to != ORIGIN:
                raise IllegalAction("refuse.tiles.first")
        elif to in lay.cell:
            raise IllegalAction("refuse.tiles.taken", at=words[-1])
        elif to not in lay.edge:
            raise IllegalAction("refuse.tiles.no_edge", at=words[-1])
        return Move(PLACE, to, end)

    def _perform_place(self, move: Move) -> None:
        seat = self.turn
        lay = self.layout                   # built from the board before it changes
        if self.open_game:
            row = self.supplies[seat]
            tile = row.pop(0) if move.end == "L" else row.pop()
        else:
            tile, self.drawn = self.drawn, None
        self.board[name_of(move.to)] = tile
        lay.put(move.to, tile_code(tile))
        if lay.ten_through(move.to):                                 # TL-R6
            self._win(seat, lay.ten_lines(move.to))
            return
        self.turn = 1 - seat
        if len(lay.cell) == 2 * TILES_PER_PLAYER:                    # TL-R7: phase 2
            self.goto(MOVE)
            self.positions = [self.position_key()]
        else:
            self._draw()

    # -- phase 2: moving (TL-R7, TL-R8) ---------------------------------------------------
    def _legal_move(self) -> Sequence[str]:
        lay = self.layout
        heads = sorted(lay.movable(self.turn), key=head_of)
        if not heads:
            return ["pass"]
        # TL-R7: a place whose only neighbour is the lifted tile is no target.
        tails, cell, ring = lay.names, lay.cell, lay.ring
        width, total, lone, ends = len(tails), 0, [], []
        for p in heads:
            sides = LONE_SIDES[ring[p]]
            alone = [p + d for d in sides if p + d + d not in cell] if sides else ()
            lone.append(alone)
            total += width - len(alone)
            ends.append(total)
        return Moves(list(map(head_of, heads)), list(tails), lone, ends)

    def _parse_move(self, action: str) -> Move:
        move = read(action)
        if move.kind == PASS:
            return Move(PASS)
        return Move(MOVE, parse_place(move.to), source=parse_place(move.source))

    def _check_move(self, action: str) -> Move:
        if self.is_legal(action):
            return self._parse_move(action)
        lay = self.layout
        if action == "pass":
            if lay.movable(self.turn):
                raise IllegalAction("refuse.tiles.no_pass")
            return Move("pass")
        words = action.split(" ")
        if words[:1] == ["place"]:
            raise IllegalAction("refuse.tiles.all_placed",
                                move=Term.move("move 0,0>0,1"))
        parts = words[1].split(">") if len(words) == 2 and words[0] == "move" else []
        if len(parts) != 2:
            raise IllegalAction("refuse.tiles.move_like",
                                move=Term.move("move 0,0>0,1"))
        source, to = parse_place(parts[0]), parse_place(parts[1])
        if source is None or to is None:
            raise IllegalAction("refuse.tiles.places_like",
                                move=Term.move("move 0,0>0,1"))
        code = lay.cell.get(source)
        if code is None:
            raise IllegalAction("refuse.tiles.no_tile", at=parts[0])
        if code >> 2 != self.turn:
            raise IllegalAction("refuse.tiles.not_yours", at=parts[0])
        if all(source + d in lay.cell for d in EDGES):
            raise IllegalAction("refuse.tiles.surrounded", at=parts[0])
        if source not in lay.movable(self.turn):
            raise IllegalAction("refuse.tiles.split", at=parts[0])
        if to == source:
            raise IllegalAction("refuse.tiles.same_place")
        if to in lay.cell:
            raise IllegalAction("refuse.tiles.taken", at=parts[1])
        if to not in lay.targets(source):
            raise IllegalAction("refuse.tiles.would_not_touch", at=parts[1])
        return Move(MOVE, to, source=source)

    def _perform_move(self, move: Move) -> None:
        seat = self.turn
        if move.kind == MOVE:
            lay = self.layout               # built from the board before it changes
            self.board[name_of(move.to)] = self.board.pop(name_of(move.source))
            lay.put(move.to, lay.lift(move.source))
            # TL-R6: the line through the new place, and the runs the lifting left behind.
            if lay.ten_through(move.to) or lay.ten_beside(move.source, seat):
                lines = lay.ten_lines(move.to) + lay.lines_beside(move.source, seat)
                self._win(seat, [list(line) for line in {tuple(sorted(li)) for li in lines}])
                return
        self.moves += 1
        self.turn = 1 - seat
        key = self.position_key()
        self.positions.append(key)
        if self.positions.count(key) >= REPEATS:                     # TL-R8
            self._end(None, "repetition")
        elif self.moves >= MOVE_LIMIT:
            self._end(None, "limit")

    # TL-R7: once all 30 tiles lie, they are moved; a ten (TL-R6) ends either phase, and
    # the moving one ends by repetition or the move limit too (TL-R8).
    first_phase = PLACE
    phases = {PLACE: Phase(_legal_place, _check_place, _perform_place, ordered=True,
                           parse=_parse_place, next=(MOVE, OVER)),
              MOVE: Phase(_legal_move, _check_move, _perform_move, ordered=True,
                          parse=_parse_move, next=(OVER,))}

    # -- the end (TL-R6, TL-R8) ----------------------------------------------------------
    def _win(self, seat: int, lines: list[list[int]]) -> None:
        self._end(seat, "ten", sorted([name_of(p) for p in sorted(line)] for line in lines))

    def _end(self, winner: int | None, reason: str, lines: list | None = None) -> None:
        self.result = {"winner": winner, "reason": reason, "lines": lines or []}
        self.turn, self.drawn = None, None
        self.goto(OVER)

    def scores(self) -> list[int]:
        winner = self.result["winner"] if self.result else None
        return [int(seat == winner) for seat in range(2)]

    def end_text(self) -> str:
        """Why the game ended, in a sentence, in English (the table words it in the
        player's language: `narration.tentiles.ending`); empty while it runs. A draw is
        said as a draw (TL-R8), never as a win shared."""
        if not self.result:
            return ""
        reason, winner = self.result["reason"], self.result["winner"]
        if reason == "ten":
            return english("tiles.end.ten", colour=english(f"tiles.colour.{winner}"))
        if reason == "limit":
            return english("tiles.end.limit", n=MOVE_LIMIT)
        return english("tiles.end.repetition")

    # -- information -------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        kind = self._supply_kind()
        return {
            "open": self.open_game, "start": self.start,
            "board": dict(self.board),
            "drawn": self.drawn,
            "supply_sizes": [len(s) for s in self.supplies],
            "rows": [list(row) for row in self.supplies] if all(
                self.sees(seat, f"{kind} {s}") for s in range(2)) else None,
            "moves": self.moves, "move_limit": MOVE_LIMIT,
            "result": None if self.result is None else {
                "winner": self.result["winner"], "reason": self.result["reason"],
                "lines": [list(line) for line in self.result["lines"]]},
            "end_text": self.end_text(),
        }

    # TL-R1: the open game lays each supply out in a row; the hidden game keeps it face
    # down, and both players know which tiles it holds, neither their order.
    secrecy = {"board": PUBLIC, "drawn": PUBLIC, "row": PUBLIC, "supply": ORDER}

    def _supply_kind(self) -> str:
        return "row" if self.open_game else "supply"

    def zones(self) -> dict[str, list]:
        kind = self._supply_kind()
        zones = {"board": list(self.board.values()),
                 "drawn": [] if self.drawn is None else [self.drawn]}
        for s in range(2):
            zones[f"{kind} {s}"] = self.supplies[s]
        return zones

    def validate(self) -> None:
        def ids(value) -> bool:
            return isinstance(value, list) and all(isinstance(t, str) for t in value)

        fields = {
            "board": isinstance(self.board, dict) and all(
                isinstance(k, str) and parse_place(k) is not None and isinstance(v, str)
                for k, v in self.board.items()),
            "supplies": isinstance(self.supplies, list) and len(self.supplies) == 2
            and all(ids(s) for s in self.supplies),
            "drawn": self.drawn is None or isinstance(self.drawn, str),
            "turn": self.turn is None or self.turn in (0, 1),
            "start": self.start in (0, 1),
            "moves": type(self.moves) is int and 0 <= self.moves <= MOVE_LIMIT,
            "positions": isinstance(self.positions, list)
            and all(type(k) is int for k in self.positions),
            "result": self.result is None or isinstance(self.result, dict),
        }
        bad = [name for name, ok in fields.items() if not ok]
        if bad:
            raise SetupError(f"{GAME_ID}: the position has a bad {', '.join(bad)}")
        every = sorted(card_ids(supply_codes()[0]) + card_ids(supply_codes()[1]))
        if sorted(t for zone in self.zones().values() for t in zone) != every:
            raise SetupError(f"{GAME_ID}: the position does not hold each of the 30 tiles once")
        for s, supply in enumerate(self.supplies):
            if any(t[0] != COLOURS[s] for t in supply):
                raise SetupError(f"{GAME_ID}: a supply holds a tile of the other colour")
        if (self.turn is None) != (self.result is not None):
            raise SetupError(f"{GAME_ID}: the position has a result but a player to move, "
                             f"or neither")
        self._lay = None
        if self.phase == MOVE and len(self.layout.cell) != 2 * TILES_PER_PLAYER:
            raise SetupError(f"{GAME_ID}: tiles are moved only once all 30 are placed")
        if not _connected(self.layout.cell):
            raise SetupError(f"{GAME_ID}: the tiles do not form one layout")
        super().validate()


def _connected(cell: dict[int, int]) -> bool:
    if not cell:
        return True
    start = next(iter(cell))
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        for d in EDGES:
            n = p + d
            if n in cell and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cell)
