"""TEN, the tile game for two (Kitao & Mühlhäuser): rules digest `rules/tentiles.md`, TL-Rn.

The position is saved as plain fields (`board` maps "x,y" to a tile id). Play runs on a
`Layout`, a derived copy of the board with integer positions that is kept up to date
move by move: the frontier (empty places with an edge neighbour and how many), line sums
walked from the tile that moved, a position key for repetitions, each tile's eight
neighbours, and the layout's Euler number, which tells whether it encloses holes.
Without holes, whether lifting a tile splits the layout is read off its neighbours
(see `Layout.movable`); with holes (about one position in ten), the tiles that would
split it are found by a search of the whole layout.
The search bot uses the same `Layout` with `put`/`lift` to make and unmake moves.
"""
from __future__ import annotations

import random
from bisect import bisect_left, insort
from functools import lru_cache
from typing import Any, NamedTuple

from tentable.engine.core import (OVER, IllegalAction, Option, Phase, SetupError, State, Term,
                                  card_ids, check_deck, code_of, register, shuffled)
from tentable.engine.decks import manifest
from tentable.engine.views import View
from tentable.text import english

GAME_ID = "tentiles"
PLACE, MOVE = "place", "move"
TEN = 10
MOVE_LIMIT = 100          # TL-R8: phase-2 turns in total
REPEATS = 3               # TL-R8: third occurrence of a position
COLOURS = ("W", "B")      # TL-R3: white is seat 0
TILES_PER_PLAYER = 15

# Positions are ints: (x + OFF) * W + (y + OFF). A layout of 30 tiles moves at most one
# step per turn, so 100 turns keep every coordinate far inside +-OFF.
W = 1024
OFF = 512
LIMIT = 400               # |x|, |y| accepted in a position
ORIGIN = OFF * W + OFF
EDGES = (1, -1, W, -W)                     # TL-R5: full-edge neighbours
EDGE_SET = frozenset(EDGES)
DIRECTIONS = (W, 1, W + 1, W - 1)          # TL-R6: horizontal, vertical, two diagonals


def pos_of(x: int, y: int) -> int:
    return (x + OFF) * W + (y + OFF)


def xy_of(pos: int) -> tuple[int, int]:
    x, y = divmod(pos, W)
    return x - OFF, y - OFF


class _Memo(dict):
    """key -> make(key), each made once. For the hot paths: a layout stays within a few
    dozen places of 0,0, and each position's ~200 move texts are built from the names
    of its places (a dict lookup is the cheapest call there is). Bounded: it starts
    afresh if odd input fills it."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int):
        if len(self) >= 8192:
            self.clear()
        value = self[key] = self.make(key)
        return value


def _name(pos: int) -> str:
    x, y = xy_of(pos)
    return f"{x},{y}"


name_of = _Memo(_name).__getitem__      # the notation of a place: "x,y"


@lru_cache(maxsize=4096)
def parse_place(text: str) -> int | None:
    """"x,y" -> position, or None if it is not two whole numbers in range."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        x, y = int(parts[0]), int(parts[1])
    except ValueError:
        return None
    if not (-LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT) or name_of(pos_of(x, y)) != text:
        return None
    return pos_of(x, y)


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


class Notation(NamedTuple):
    """An action read back (rules digest, "Action notation"): places are named "x,y"."""

    kind: str            # "place" | "move" | "pass"
    to: str = ""         # where the tile goes
    end: str = ""        # open game: "L" or "R", the end of the row taken (TL-R4)
    source: str = ""     # phase 2: where the tile is lifted


def read_action(action: str) -> Notation:
    """A legal action's parts: "place L 0,1" -> Notation("place", "0,1", "L")."""
    words = action.split(" ")
    if words[0] == MOVE:
        source, to = words[1].split(">")
        return Notation(MOVE, to, source=source)
    if words[0] == PLACE:
        return Notation(PLACE, words[-1], words[1] if len(words) == 3 else "")
    return Notation(action)


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


def tile_code(tile: str) -> int:
    """A tile as a small int: seat * 4 + value (white 1..3, black 5..7)."""
    code = code_of(tile)
    return COLOURS.index(code[0]) * 4 + int(code[1])


def _mix(n: int) -> int:
    """splitmix64, cut to 52 bits so keys stay exact in any JSON reader."""
    n = (n + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    n = ((n ^ (n >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    n = ((n ^ (n >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (n ^ (n >> 31)) & ((1 << 52) - 1)


# The Zobrist key of a tile code on a position, looked up as ZOBRIST[pos * 8 + code].
ZOBRIST = _Memo(_mix)


SIDE_KEY = (0, _mix(-1))   # the player to move is part of a position (TL-R8)


@lru_cache(maxsize=1)
def supply_codes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each player's 15 tile codes, from the manifest (TL components)."""
    codes = manifest(GAME_ID).cards(2)
    return tuple(tuple(c for c in codes if c[0] == colour) for colour in COLOURS)


class Layout:
    """The tiles on the table as ints, with the frontier kept up to date.

    `cell`: position -> tile code; `edge`: empty position -> number of tiles sharing an
    edge with it (the places a new tile may go, TL-R5); `key`: the Zobrist key of the
    tiles (codes, not ids: two W2 tiles are alike); `ring`: tile position -> which of the
    eight places around it hold tiles (bit i for RING[i]); `euler`: tiles - edge contacts
    + full 2x2 squares, which is the number of pieces minus the number of holes (empty
    regions the tiles enclose; a corner is a way out). With `names=True`, `names` is the
    sorted list of the frontier's names, the places of every legal action (the game's
    layout keeps it; the search bot's copies, which never list actions, do not)."""

    __slots__ = ("cell", "edge", "key", "ring", "euler", "names", "_movable", "_cuts")

    def __init__(self, names: bool = False) -> None:
        self.cell: dict[int, int] = {}
        self.edge: dict[int, int] = {}
        self.key = 0
        self.ring: dict[int, int] = {}
        self.euler = 0
        self.names: list[str] | None = [] if names else None
        self._movable: list[list[int] | None] = [None, None]
        self._cuts: set[int] | None = None

    def copy(self) -> "Layout":
        other = Layout()
        other.cell, other.edge, other.key = dict(self.cell), dict(self.edge), self.key
        other.ring, other.euler = dict(self.ring), self.euler
        other.names = None if self.names is None else list(self.names)
        return other

    def put(self, pos: int, code: int) -> None:
        cell, edge, ring, names = self.cell, self.edge, self.ring, self.names
        cell[pos] = code
        self.key ^= ZOBRIST[pos * 8 + code]
        if edge.pop(pos, None) is not None and names is not None:
            del names[bisect_left(names, name_of(pos))]
        mask = 0
        for d, bit, back in RING_LINKS:
            n = pos + d
            if n in cell:
                mask |= bit
                ring[n] |= back
            elif bit & EDGE_BITS:
                count = edge.get(n, 0)
                edge[n] = count + 1
                if not count and names is not None:
                    insort(names, name_of(n))
        ring[pos] = mask
        self.euler += EULER_STEP[mask]
        self._movable, self._cuts = [None, None], None

    def lift(self, pos: int) -> int:
        cell, edge, ring, names = self.cell, self.edge, self.ring, self.names
        code = cell.pop(pos)
        mask = ring.pop(pos)
        self.key ^= ZOBRIST[pos * 8 + code]
        for d, bit, back in RING_LINKS:
            if mask & bit:
                ring[pos + d] &= ~back
            elif bit & EDGE_BITS:
                n = pos + d
                left = edge[n] - 1
                if left:
                    edge[n] = left
                else:
                    del edge[n]
                    if names is not None:
                        del names[bisect_left(names, name_of(n))]
        touching = TOUCHING[mask]
        if touching:
            edge[pos] = touching
            if names is not None:
                insort(names, name_of(pos))
        self.euler -= EULER_STEP[mask]
        self._movable, self._cuts = [None, None], None
        return code

    # -- TL-R6: lines ------------------------------------------------------------
    def run(self, pos: int, d: int, seat: int) -> int:
        """Sum of `seat`'s unbroken run starting at pos + d and going on in direction d."""
        cell = self.cell
        total = 0
        pos += d
        code = cell.get(pos)
        while code is not None and code >> 2 == seat:
            total += code & 3
            pos += d
            code = cell.get(pos)
        return total

    # ten_through and ten_beside run on every action: the walks are written out (an
    # empty place reads as code -4, whose seat -1 is nobody's).
    def ten_through(self, pos: int) -> bool:
        """Does the tile at pos lie in a line of its owner that sums to exactly ten?"""
        cell = self.cell
        code = cell[pos]
        seat = code >> 2
        for d in DIRECTIONS:
            total = code & 3
            n = pos + d
            while (c := cell.get(n, -4)) >> 2 == seat:
                total += c & 3
                n += d
            n = pos - d
            while (c := cell.get(n, -4)) >> 2 == seat:
                total += c & 3
                n -= d
            if total == TEN:
                return True
        return False

    def ten_beside(self, pos: int, seat: int) -> bool:
        """After lifting from pos: does a run of `seat` that ends next to pos sum to ten?"""
        cell = self.cell
        for d in DIRECTIONS:
            for step in (d, -d):
                n = pos + step
                total = 0
                while (c := cell.get(n, -4)) >> 2 == seat:
                    total += c & 3
                    n += step
                if total == TEN:
                    return True
        return False

    def needs(self, pos: int, seat: int) -> int:
        """Bit mask of the values (bit v) that `seat` could put on empty pos to make ten."""
        mask = 0
        for d in DIRECTIONS:
            want = TEN - self.run(pos, d, seat) - self.run(pos, -d, seat)
            if 1 <= want <= 3:
                mask |= 1 << want
        return mask

    def ten_lines(self, pos: int) -> list[list[int]]:
        """The lines of ten through the tile at pos (for showing the win)."""
        code = self.cell[pos]
        return [line for line in (self._line(pos, d, code >> 2) for d in DIRECTIONS)
                if sum(self.cell[p] & 3 for p in line) == TEN]

    def lines_beside(self, pos: int, seat: int) -> list[list[int]]:
        out = []
        for d in DIRECTIONS:
            for step in (d, -d):
                code = self.cell.get(pos + step)
                if code is not None and code >> 2 == seat:
                    line = self._line(pos + step, step, seat)
                    if sum(self.cell[p] & 3 for p in line) == TEN:
                        out.append(line)
        return out

    def _line(self, pos: int, d: int, seat: int) -> list[int]:
        start = pos
        while (self.cell.get(start - d, -1)) >> 2 == seat:
            start -= d
        line = []
        while (self.cell.get(start, -1)) >> 2 == seat:
            line.append(start)
            start += d
        return line

    # -- TL-R7: what may move -------------------------------------------------------
    def movable(self, seat: int) -> list[int]:
        """TL-R7: own tiles with an empty edge neighbour whose lifting splits nothing.

        Around a tile, its neighbours (corners included) form runs separated by gaps. One
        run: they hang together. Two or more: they hang together through the rest of the
        layout only if a chain of tiles leads from one run to the next around a gap, and
        that chain, closed by the tile itself, would enclose the gap: a hole. So in a
        layout without holes, a tile splits it exactly when it has two runs or more;
        with holes (about one position in ten) the cut tiles are searched for (Tarjan).
        The layout is one piece (TL-R5, TL-R7), so Euler number 1 means no holes."""
        known = self._movable[seat]
        if known is None:
            cell, ring = self.cell, self.ring
            holes = self.euler != 1
            known = self._movable[seat] = []
            for p, code in cell.items():
                if code >> 2 == seat:
                    slide = SLIDE[ring[p]]
                    if slide is FREE or slide is RUNS and holes and not self._cut(p):
                        known.append(p)
        return known

    def _cut(self, pos: int) -> bool:
        if self._cuts is None:
            self._cuts = _cut_tiles(self.cell)
        return pos in self._cuts

    def targets(self, pos: int) -> list[int]:
        """TL-R7: empty places, other than pos, touching a tile once pos is lifted."""
        edge = self.edge
        alone = [pos + d for d in EDGES if edge.get(pos + d) == 1]
        if not alone:
            return list(edge)
        return [f for f in edge if f not in alone]


# The eight places around a tile, clockwise from above; consecutive ones share an edge
# (even i: an edge neighbour). RING_LINKS: for each, the offset, its bit in a ring mask,
# and the bit that names this tile in the ring mask of a tile there.
RING = (-1, W - 1, W, W + 1, 1, 1 - W, -W, -W - 1)
RING_LINKS = tuple((d, 1 << i, 1 << (i + 4) % 8) for i, d in enumerate(RING))
EDGE_BITS = 0b01010101


def _touching(mask: int) -> int:
    return sum(mask >> i & 1 for i in (0, 2, 4, 6))


def _squares(mask: int) -> int:
    """How many full 2x2 squares a tile with these neighbours completes."""
    return sum(mask >> i & 1 and mask >> (i + 1) & 1 and mask >> (i + 2) % 8 & 1
               for i in (0, 2, 4, 6))


def _runs(mask: int) -> int:
    """The runs of consecutive occupied ring places that hold an edge neighbour (a
    corner alone does not touch the tile)."""
    if mask == 0xFF:
        return 1
    gap = next(i for i in range(8) if not mask >> i & 1)
    runs, edge = 0, False
    for k in range(1, 9):
        i = (gap + k) % 8
        if mask >> i & 1:
            edge = edge or i % 2 == 0
        elif edge:
            runs, edge = runs + 1, False
    return runs


# What TL-R7 says of a tile with these neighbours: FIXED (four edge neighbours, it
# cannot be slid out), FREE (it may move: lifting it splits nothing), RUNS (it may move
# unless the rest of the layout fails to join its runs of neighbours; see movable).
FIXED, FREE, RUNS = "fixed", "free", "runs"
SLIDE = tuple(FIXED if _touching(m) == 4 else FREE if _runs(m) < 2 else RUNS
              for m in range(256))
TOUCHING = tuple(_touching(m) for m in range(256))
# The empty edge neighbours of a tile with these neighbours whose other neighbours at
# the corners are empty too: each touches only this tile unless the place beyond it
# holds one.
LONE_SIDES = tuple(tuple(RING[i] for i in (0, 2, 4, 6)
                         if not m & (0b111 << i - 1 if i else 0b10000011))
                   for m in range(256))
# The change of the Euler number when a tile with these neighbours is put down.
EULER_STEP = tuple(1 - _touching(m) + _squares(m) for m in range(256))


def _cut_tiles(cell: dict[int, int]) -> set[int]:
    """Tiles whose lifting would split the layout: the articulation points of the
    edge-neighbour graph (Tarjan; the depth is at most the 30 tiles)."""
    order: dict[int, int] = {}
    cuts: set[int] = set()

    def visit(v: int, parent: int) -> int:
        here = low = order[v] = len(order)
        children = 0
        for d in EDGES:
            n = v + d
            if n in cell:
                if n not in order:
                    children += 1
                    below = visit(n, v)
                    if below < low:
                        low = below
                    if below >= here and parent >= 0:
                        cuts.add(v)
                elif n != parent and order[n] < low:
                    low = order[n]
        if parent < 0 and children > 1:
            cuts.add(v)
        return low

    if cell:
        visit(next(iter(cell)), -1)
    return cuts


class Move(NamedTuple):     # a tuple: made once per action, on the hot path
    kind: str            # "place" | "move" | "pass"
    to: int = 0          # where the tile goes
    end: str = ""        # open game: "L" or "R", the end of the row taken (TL-R4)
    source: int = 0      # phase 2: where the tile is lifted


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
            return list(map("place ".__add__, places))
        ends = ("place L ", "place R ") if len(self.supplies[self.turn]) > 1 else ("place L ",)
        return [end + place for end in ends for place in places]

    def _parse_place(self, action: str) -> Move:
        words = action.split(" ")
        return Move(PLACE, parse_place(words[-1]), words[1] if len(words) == 3 else "")

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
    def _legal_move(self) -> list[str]:
        # ~200 moves a position: every movable tile (head) times every free place (tail),
        # in sorted order: a head ends where ">" begins, so no head is a prefix of another.
        lay = self.layout
        heads = sorted([("move " + name_of(p) + ">", p) for p in lay.movable(self.turn)])
        if not heads:
            return ["pass"]
        tails = lay.names
        # One text with the head before every tail, split at the seams: each move text is
        # made in one step inside str.split, a third faster than concatenating each.
        seams = "\n".join(tails)
        out = "\n".join([head + seams.replace("\n", "\n" + head)
                         for head, _ in heads]).split("\n")
        # TL-R7: a place whose only neighbour is the lifted tile is no target. Delete
        # those from the back, so that the indexes in front still hold.
        cell, ring, width = lay.cell, lay.ring, len(tails)
        alone = []
        for row, (_, p) in enumerate(heads):
            for d in LONE_SIDES[ring[p]]:
                if p + d + d not in cell:
                    alone.append(row * width + bisect_left(tails, name_of(p + d)))
        for i in sorted(alone, reverse=True):
            del out[i]
        return out

    def _parse_move(self, action: str) -> Move:
        if action == "pass":
            return Move("pass")
        source, to = action[5:].split(">")
        return Move(MOVE, parse_place(to), source=parse_place(source))

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
        hidden = not self.open_game
        return {
            "open": self.open_game, "start": self.start,
            "board": dict(self.board),
            "drawn": self.drawn,
            "supply_sizes": [len(s) for s in self.supplies],
            "rows": None if hidden else [list(row) for row in self.supplies],
            "moves": self.moves, "move_limit": MOVE_LIMIT,
            "result": None if self.result is None else {
                "winner": self.result["winner"], "reason": self.result["reason"],
                "lines": [list(line) for line in self.result["lines"]]},
            "end_text": self.end_text(),
        }

    def zones(self) -> dict[str, list]:
        kind = "row" if self.open_game else "supply"
        zones = {"board": list(self.board.values()),
                 "drawn": [] if self.drawn is None else [self.drawn]}
        for s in range(2):
            zones[f"{kind} {s}"] = self.supplies[s]
        return zones

    def hidden_zones(self, seat: int | None) -> set[str]:
        # TL-R1: the order of a face-down supply is hidden from both players.
        return set() if self.open_game else {"supply 0", "supply 1"}

    def _determinize(self, seat: int, rng: random.Random) -> None:
        if not self.open_game:
            for supply in self.supplies:
                supply.sort()       # see redeal_unseen: the deal must not follow the truth
                rng.shuffle(supply)

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
