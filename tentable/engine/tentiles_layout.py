"""The grid of TEN tiles (rules digest `rules/tentiles.md`, TL-Rn): places as ints, their
"x,y" notation, and the `Layout`, the tiles on the table kept up to date move by move.

A `Layout` is a derived copy of the board with integer positions: the frontier (empty
places with an edge neighbour and how many), line sums walked from the tile that moved, a
position key for repetitions, each tile's eight neighbours, and the layout's Euler number,
which tells whether it encloses holes. Without holes, whether lifting a tile splits the
layout is read off its neighbours (see `Layout.movable`); with holes (about one position in
ten), the tiles that would split it are found by a search of the whole layout. The game
(`tentiles.TenTiles`) and the search bot make and unmake moves on it with `put`/`lift`.
"""
from __future__ import annotations

from bisect import bisect_left, insort
from functools import lru_cache

from tentable.engine.cards import code_of

TEN = 10
COLOURS = ("W", "B")      # TL-R3: white is seat 0

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


class Memo(dict):
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


name_of = Memo(_name).__getitem__      # the notation of a place: "x,y"


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
ZOBRIST = Memo(_mix)


SIDE_KEY = (0, _mix(-1))   # the player to move is part of a position (TL-R8)


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
            if self.euler == 1:
                known = [p for p, code in cell.items()
                         if code >> 2 == seat and SLIDE[ring[p]] is FREE]
            else:
                known = [p for p, code in cell.items()
                         if code >> 2 == seat and ((slide := SLIDE[ring[p]]) is FREE
                                                   or slide is RUNS and not self._cut(p))]
            self._movable[seat] = known
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
