"""The seat's picture of a TEN tiles game, and moves made and unmade on it fast: what
both computer players of `tentiles.py` look ahead on.

A `Position` is rebuilt from `view(seat)` alone (the board, the drawn tile or both rows);
`make`/`unmake` play a move and take it back in place, keeping the masks of what each
place needs for ten up to date, so a search never copies a board.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tentable.engine.tentiles import MOVE_LIMIT, REPEATS, TenTilesView
from tentable.engine.tentiles_moves import MOVE, PLACE, read
from tentable.engine.tentiles_layout import (DIRECTIONS, EDGE_SET, EDGES, ORIGIN, SIDE_KEY,
                                             TEN, Layout, parse_place, tile_code)

ALL_VALUES = (1, 2, 3)
# What `move_wins` costs, counted in moves made (about 0.3-0.5 ms against 50-80 us): the
# searches' budgets are counts of moves made, and phase 2 asks it of most positions.
WINS_NODES = 2
RAYS = DIRECTIONS + tuple(-d for d in DIRECTIONS)


# -- reading the view ---------------------------------------------------------------

class Position:
    """What a seat knows, as a mutable search position.

    counts[s][v]: tiles of value v that seat s has still to place, not yet drawn;
    drawn: the value the player to move holds (hidden game) or 0 before the draw;
    rows/lo/hi: the open rows as values with their live ends; ends: how many ends of a
    row may be taken (2 in the open game; 1 in a world of the hidden game, whose supply
    order a determinization fixed: the front only); moves: phase-2 turns made; seen:
    phase 2, how often each position (tiles and the player to move, the engine's key)
    has occurred, the game's and the search's path's (TL-R8)."""

    __slots__ = ("lay", "turn", "open", "ends", "counts", "drawn", "rows", "lo", "hi",
                 "moves", "masks", "seen")

    @classmethod
    def from_view(cls, view: TenTilesView, positions: Iterable[int] = ()) -> "Position":
        """`positions`: the keys of the phase-2 positions so far (public: both players
        saw them), for the repetition draw."""
        pos = cls()
        pos.lay = Layout()
        counts = [[0, 5, 5, 5], [0, 5, 5, 5]]
        for place, tile in view["board"].items():
            code = tile_code(tile)
            pos.lay.put(parse_place(place), code)
            counts[code >> 2][code & 3] -= 1
        pos.turn = view["current_player"]
        pos.open = view["open"]
        pos.ends = 2
        pos.seen = Counter(positions)
        pos.drawn = 0
        if view["drawn"]:
            code = tile_code(view["drawn"])
            pos.drawn = code & 3
            counts[code >> 2][code & 3] -= 1
        pos.counts = counts
        rows = view["rows"] or [[], []]
        pos.rows = [[tile_code(t) & 3 for t in row] for row in rows]
        pos.lo = [0, 0]
        pos.hi = [len(r) - 1 for r in pos.rows]
        pos.moves = view["moves"]
        # phase 1: spot_needs of every place, kept up to date by make/unmake
        pos.masks = place_masks(pos.lay)
        return pos

    @classmethod
    def world(cls, view: TenTilesView, world) -> "Position":
        """A determinized hidden game (`state.determinize(seat, seed)`): both supplies in
        a drawing order that was made up, read as an open game whose rows may be taken
        from the front only: the player to move's drawn tile first."""
        pos = cls.from_view(view)
        me = view["current_player"]
        rows = [[tile_code(t) & 3 for t in supply] for supply in world.supplies]
        if pos.drawn:
            rows[me].insert(0, pos.drawn)
        pos.open, pos.ends, pos.drawn = True, 1, 0
        pos.rows, pos.lo, pos.hi = rows, [0, 0], [len(r) - 1 for r in rows]
        return pos

    @property
    def placing(self) -> bool:
        return len(self.lay.cell) < 30

    def over(self) -> bool:
        """TL-R8: phase 2 has ended drawn (after the move just made): the turns are
        spent, or this position occurs for the third time."""
        return not self.placing and (
            self.moves >= MOVE_LIMIT
            or self.seen[self.lay.key ^ SIDE_KEY[self.turn]] >= REPEATS)

    def key(self) -> int:
        extra = (self.turn, self.drawn, tuple(self.lo), tuple(self.hi),
                 tuple(self.counts[0]), tuple(self.counts[1]))
        return self.lay.key ^ hash(extra)

    def next_values(self, seat: int) -> dict[int, float]:
        """The values `seat` may place on its next turn, with their chances."""
        if self.open:
            lo, hi, row = self.lo[seat], self.hi[seat], self.rows[seat]
            if lo > hi:
                return {}
            return {v: 1.0 for v in {row[lo], row[hi if self.ends == 2 else lo]}}
        c = self.counts[seat]
        total = c[1] + c[2] + c[3]
        return {v: c[v] / total for v in ALL_VALUES if c[v]} if total else {}


def spot_needs(lay: Layout, q: int) -> tuple[int, int, float, float]:
    """For empty q: bit masks of the values that white / black would need there for ten,
    then how much each could build on q (own lines next to it still short of seven).
    (The search's hot spot: the runs are walked inline.)"""
    get = lay.cell.get
    m0 = m1 = 0
    b0 = b1 = 0.0
    for d in DIRECTIONS:
        s0 = s1 = 0
        for step in (d, -d):
            p = q + step
            code = get(p)
            if code is None:
                continue
            seat = code >> 2
            total = 0
            while code is not None and code >> 2 == seat:
                total += code & 3
                p += step
                code = get(p)
            if seat:
                s1 += total
            else:
                s0 += total
        if s0:
            if 7 <= s0 <= 9:
                m0 |= 1 << (TEN - s0)
            elif s0 < 7:
                b0 += s0 / TEN
        if s1:
            if 7 <= s1 <= 9:
                m1 |= 1 << (TEN - s1)
            elif s1 < 7:
                b1 += s1 / TEN
    return m0, m1, b0, b1


def place_masks(lay: Layout) -> dict[int, tuple]:
    """spot_needs for every place where a tile may go now."""
    if not lay.cell:
        return {ORIGIN: (0, 0, 0.0, 0.0)}
    return {q: spot_needs(lay, q) for q in lay.edge}


def value_mask(values) -> int:
    mask = 0
    for v in values:
        mask |= 1 << v
    return mask


# -- phase 2: wins in one -------------------------------------------------------------

def move_wins(lay: Layout, seat: int) -> list[tuple[int, int]]:
    """TL-R6/R7: every move (from, to) by which `seat` makes ten now, read off the lines
    without making a move (phase 2's costliest question: asked of nearly every position
    the search meets). A tile p lifted and put on q makes ten when

    - a run of `seat` beside p sums to ten and does not end at q (a tile on q would
      lengthen it), or
    - a line through q sums to ten with p's value, the line's runs cut at p if they pass
      it;

    q a place p may go: touching a tile other than p (TL-R7)."""
    cell, edge = lay.cell, lay.edge
    movable = lay.movable(seat)
    if not movable:
        return []
    get = cell.get
    value = {p: cell[p] & 3 for p in movable}
    by_value: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for p, v in value.items():
        by_value[v].append(p)

    def reaches(p: int, q: int) -> bool:
        return not (edge[q] == 1 and q - p in EDGE_SET)

    found = []
    won = set()
    # runs beside a lifted tile that sum to ten, with the place where each ends
    for p in movable:
        for step in RAYS:
            n, total = p + step, 0
            while (c := get(n, -4)) >> 2 == seat:
                total += c & 3
                n += step
            if total == TEN:
                q = next((q for q in edge if q != n and q != p and reaches(p, q)), None)
                if q is not None:
                    found.append((p, q))
                    won.add(p)
                    break
    for q in edge:
        for d in DIRECTIONS:
            total = 0
            for step in (d, -d):
                n = q + step
                while (c := get(n, -4)) >> 2 == seat:
                    total += c & 3
                    n += step
            if total < TEN - 3:
                continue                # most lines: too short for ten either way
            sides = []
            for step in (d, -d):
                n, total, run = q + step, 0, []
                while (c := get(n, -4)) >> 2 == seat:
                    total += c & 3
                    run.append((n, total))
                    n += step
                sides.append((total, run))
            (left, lrun), (right, rrun) = sides
            need = TEN - left - right
            if 1 <= need <= 3:
                on_line = {n for n, _ in lrun} | {n for n, _ in rrun}
                for p in by_value[need]:
                    if p not in won and p not in on_line and reaches(p, q):
                        found.append((p, q))
                        won.add(p)
            # a tile of the line itself moved to q: the line is cut where it was
            for run, other in ((lrun, right), (rrun, left)):
                before = 0
                for n, upto in run:
                    v = value.get(n)
                    if v is not None and n not in won and before + other + v == TEN \
                            and reaches(n, q):
                        found.append((n, q))
                        won.add(n)
                    before = upto
    return found


def phase2_moves(lay: Layout, seat: int) -> list[tuple[int, int]]:
    return [(p, q) for p in lay.movable(seat) for q in lay.targets(p)]


# -- making moves on a Position ------------------------------------------------------

def parse_action(action: str) -> tuple:
    """An action string as a search move: ("place", to, end) or ("move", from, to) or
    ("pass",)."""
    move = read(action)
    if move.kind == PLACE:
        return ("place", parse_place(move.to), move.end)
    if move.kind == MOVE:
        return ("move", parse_place(move.source), parse_place(move.to))
    return ("pass",)


def threat(pos: Position, after_seat: int) -> float:
    """How likely `after_seat` (the player to move next) is to win at once."""
    lay = pos.lay
    if not pos.placing:
        return 1.0 if move_wins(lay, after_seat) else 0.0
    values = pos.next_values(after_seat) if pos.drawn == 0 else {pos.drawn: 1.0}
    if not values:
        return 0.0
    union = 0
    for masks in pos.masks.values():
        union |= masks[after_seat]
    chance = sum(p for v, p in values.items() if union >> v & 1)
    return min(1.0, chance)


class Undo:
    __slots__ = ("kind", "a", "b", "drawn", "end", "saved")


def _update_masks(pos: Position, to: int, saved: list) -> None:
    """After a tile went to `to`: the places whose lines it touches get new masks, and
    the empty edge neighbours of `to` become places."""
    lay, masks = pos.lay, pos.masks
    cell = lay.cell
    saved.append((to, masks.pop(to, None)))
    for d in RAYS:
        e = to + d
        while e in cell:
            e += d
        old = masks.get(e)
        if old is not None:
            saved.append((e, old))
            masks[e] = spot_needs(lay, e)
    for d in EDGES:
        n = to + d
        if n not in cell and n not in masks:
            saved.append((n, None))
            masks[n] = spot_needs(lay, n)


def _restore_masks(pos: Position, saved: list) -> None:
    masks = pos.masks
    for spot, old in reversed(saved):
        if old is None:
            masks.pop(spot, None)
        else:
            masks[spot] = old


def make(pos: Position, move: tuple, draw: int = 0) -> tuple[bool, Undo]:
    """Play `move` for pos.turn; returns (won, undo). `draw` is the value the next player
    turns up in the hidden game (0: not drawn yet)."""
    lay, seat = pos.lay, pos.turn
    undo = Undo()
    undo.kind = move[0]
    undo.drawn = pos.drawn
    won = False
    if move[0] == "place":
        _, to, end = move
        if pos.open:
            if end == "R":
                value = pos.rows[seat][pos.hi[seat]]
                pos.hi[seat] -= 1
            else:
                value = pos.rows[seat][pos.lo[seat]]
                pos.lo[seat] += 1
            undo.end = end
        else:
            value = pos.drawn
        lay.put(to, seat * 4 + value)
        undo.a = to
        won = lay.ten_through(to)
        undo.saved = []
        if not won:
            _update_masks(pos, to, undo.saved)
    elif move[0] == "move":
        _, src, to = move
        code = lay.lift(src)
        lay.put(to, code)
        undo.a, undo.b = src, to
        won = lay.ten_through(to) or lay.ten_beside(src, seat)
        pos.moves += 1
    else:
        pos.moves += 1
    pos.turn = 1 - seat
    if undo.kind != "place":
        undo.end = lay.key ^ SIDE_KEY[pos.turn]     # the position's key, seen once more
        pos.seen[undo.end] += 1
    pos.drawn = draw
    if draw:
        pos.counts[pos.turn][draw] -= 1
    return won, undo


def unmake(pos: Position, undo: Undo) -> None:
    lay = pos.lay
    if undo.kind != "place":
        pos.seen[undo.end] -= 1
    if pos.drawn:
        pos.counts[pos.turn][pos.drawn] += 1
    pos.turn = seat = 1 - pos.turn
    pos.drawn = undo.drawn
    if undo.kind == "place":
        lay.lift(undo.a)
        _restore_masks(pos, undo.saved)
        if pos.open:
            if undo.end == "R":
                pos.hi[seat] += 1
            else:
                pos.lo[seat] -= 1
    elif undo.kind == "move":
        code = lay.lift(undo.b)
        lay.put(undo.a, code)
        pos.moves -= 1
    else:
        pos.moves -= 1


def legal_moves(pos: Position) -> list[tuple]:
    lay, seat = pos.lay, pos.turn
    if pos.placing:
        places = list(lay.edge) if lay.cell else [ORIGIN]
        if not pos.open:
            return [("place", q, "") for q in places]
        ends = ["L"] + (["R"] if pos.hi[seat] > pos.lo[seat] and pos.ends == 2 else [])
        return [("place", q, e) for e in ends for q in places]
    moves = [("move", p, q) for p, q in phase2_moves(lay, seat)]
    return moves or [("pass",)]


def line_shape(lay: Layout, q: int, seat: int) -> float:
    """Lines through q that may still reach ten: 1-9 with room to grow is good, over ten
    is a wasted tile."""
    value = lay.cell[q] & 3
    score = 0.0
    for d in DIRECTIONS:
        total = value + lay.run(q, d, seat) + lay.run(q, -d, seat)
        if total > TEN:
            score -= 0.3
        else:
            score += total / TEN
    return score
