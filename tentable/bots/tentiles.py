"""Computer players for TEN (tiles), from the seat's view only.

Both bots rebuild a `Position` (`tilesboard.py`) from `view(seat)`: the board, the drawn
tile (hidden game) or both rows (open game). Nothing else is known: in the hidden game the
order of both supplies is unknown even to their owners, so the next draws are counted, not
peeked at.

`TilesHeuristic` looks one move ahead: it takes a win, refuses to leave the opponent a
win in one when it can, and otherwise keeps lines that can still reach ten.
`TilesSearch` plays negamax with alpha-beta, iterative deepening and a transposition
table; in the hidden game the draw is a chance node (expectimax). At the root it first
takes a win and keeps to the moves that leave the opponent the least chance of one; in
the open game it then reads threats (`tilethreats.py`): a win whatever the reply, the
moves that let the opponent force ten within two of theirs (dropped), a win within three
of mine. In phase 2 and in the hidden game the alpha-beta's choice is checked for the
opponent's ten forced within two of their moves (in the hidden game on a few made-up
supply orders), and the next in its ranking played if it loses. A move into the third
occurrence of a position ends the game drawn (TL-R8). A budget of moves made bounds a
decision besides its seconds.
"""
from __future__ import annotations

import math
import time
from typing import cast

from tentable.bots.base import Bot
from tentable.bots.tilesboard import (ALL_VALUES, RAYS, WINS_NODES, Position, legal_moves,
                                      line_shape, make, move_wins, parse_action, spot_needs,
                                      threat, unmake, value_mask)
from tentable.bots.tilethreats import OutOfNodes, Threats, drawn
from tentable.engine.core import State
from tentable.engine.tentiles import TenTilesView
from tentable.engine.tentiles_layout import EDGES, Layout

WIN = 1000.0
BUILD = 10.0        # weight of lines that may still grow to ten
ROOT_KEEP = 8       # root moves searched deeper than one ply
QUIET = 6           # quiet places searched below the root, besides the threatening ones
WORLDS = 4          # made-up supply orders on which the hidden game's choice is checked


# -- the heuristic ---------------------------------------------------------------------

class TilesHeuristic(Bot):
    """One ply: win now; else the move leaving the opponent the least chance to win at
    once; among those, my best chance next turn and lines that keep ten reachable."""

    def choose(self, state: State) -> str:
        view = cast(TenTilesView, state.view(self.seat))
        actions = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        pos = Position.from_view(view)
        me, them = self.seat, 1 - self.seat
        scored = []
        for action in actions:
            move = parse_action(action)
            won, undo = make(pos, move)
            try:
                if won:
                    return action
                if move[0] == "move":
                    # Phase 2 is checked exactly below, only for the best-looking moves.
                    score = line_shape(pos.lay, move[2], me) - 0.5 * left_behind(
                        pos.lay, move[1], me)
                    scored.append((score, self.rng.random(), action, move))
                    continue
                risk = threat(pos, them)
                mine = self._my_chances(pos, me)
                shape = line_shape(pos.lay, move[1], me)
                scored.append((-10 * risk + 2 * mine + 0.5 * shape, self.rng.random(),
                               action, move))
            finally:
                unmake(pos, undo)
        scored.sort(reverse=True)
        if scored[0][3][0] != "move":
            return scored[0][2]
        for _, _, action, move in scored:             # the best move that is safe
            _, undo = make(pos, move)
            safe = not move_wins(pos.lay, them)
            unmake(pos, undo)
            if safe:
                return action
        return scored[0][2]

    @staticmethod
    def _my_chances(pos: Position, me: int) -> float:
        """How many of my next values would find a place for ten (kept after a block)."""
        if not pos.placing:
            return 0.0
        values = pos.next_values(me)
        spots = [m[me] for m in pos.masks.values()]
        chance = 0.0
        for v, p in values.items():
            hits = sum(1 for m in spots if m >> v & 1)
            chance += p * min(hits, 2) / 2      # two places cannot both be blocked
        return chance


def left_behind(lay: Layout, source: int, me: int) -> float:
    """A little for each own tile next to the place a tile left: lines it may have cut."""
    return 0.1 * sum(1 for d in EDGES if lay.cell.get(source + d, -1) >> 2 == me)


# -- the search ------------------------------------------------------------------------

class _Timeout(Exception):
    pass


class TilesSearch(Bot):
    """Negamax with alpha-beta and iterative deepening; expectimax over the hidden draw;
    a transposition table across the iterations of one decision."""

    def __init__(self, seat: int, seed: int = 0, time_limit: float | None = None,
                 nodes: int | None = None) -> None:
        super().__init__(seat, seed, time_limit)
        self.limit = 1.0 if time_limit is None else float(time_limit)
        # A budget of moves made, besides the seconds (None: time alone): the same
        # decision on a busy machine as on an idle one, for tests and tournaments.
        self.node_limit = math.inf if nodes is None else nodes
        self.depth_reached = 0
        self.partial = 0
        self.nodes = 0          # moves made, the reading's included, within node_limit
        self.read_nodes = 0     # the threat reading's
        self.read = ""          # what the threat reading decided ("" if it did not)

    def choose(self, state: State) -> str:
        start = time.perf_counter()
        view = cast(TenTilesView, state.view(self.seat))
        actions = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        # TL-R8: the positions met so far are public (both players saw them)
        pos = Position.from_view(view, getattr(state, "positions", ()))
        them = 1 - self.seat
        self.deadline = start + self.limit * 0.8
        self.nodes = self.read_nodes = 0
        self.read = ""
        self.table: dict[int, tuple[int, float, int, tuple | None]] = {}
        self.wins: dict[tuple[int, int], bool] = {}
        # Root: a win at once is taken; otherwise only the moves that leave the opponent
        # the least chance of a win in one are searched.
        rated = []
        # the open game hides nothing, nor does phase 2: its root is searched in full,
        # whatever the time
        exact = pos.open or not pos.placing
        for action in actions:
            move = parse_action(action)
            won, undo = make(pos, move)
            if won:
                unmake(pos, undo)
                return action
            # a move into the repetition draw ends the game: no ten for anyone
            risk = 0.0 if drawn(pos) else self._threat(pos, them)
            # the heuristic's liking, for the order (and the answer if time runs out)
            shape = line_shape(pos.lay, move[-1] if move[0] == "move" else move[1],
                               self.seat) if move[0] != "pass" else 0.0
            unmake(pos, undo)
            rated.append((risk, -shape, action, move))
            # the hidden game's root may stop half-way through its time, the open game's not
            if not exact and time.perf_counter() > start + self.limit * 0.5 and \
                    len(rated) > 1:
                break
        least = min(r for r, _, _, _ in rated)
        self.rng.shuffle(rated)
        rated.sort(key=lambda r: r[1])
        root = [(a, m) for r, _, a, m in rated if r <= least + 1e-9]
        if exact and least == 0.0:
            won_by, root = self._read_threats(pos, root, start)
            if won_by:
                return won_by
            self.nodes = self.read_nodes        # one budget for the reading and the rest
        if len(root) == 1 or (exact and least > 0.0):
            return self._deepen(pos, root)
        if not pos.placing:
            # phase 2: the alpha-beta has a fifth of the budget, the check of its choice
            # (the opponent's forced ten within two of theirs) the rest: it reads ~250
            # replies a move, 300-1,400 moves made
            self._deepen_first(pos, root, 1 / 5, start)
            return self._checked([pos], root)
        if not pos.open:
            # the hidden game: the expectimax's choice, checked on worlds made up from
            # what the seat knows (the supplies' order is hidden from both players)
            self._deepen_first(pos, root, 1 / 2, start)
            worlds = [Position.world(view, state.determinize(self.seat, self.rng.getrandbits(31)))
                      for _ in range(WORLDS)]
            return self._checked(worlds, [(a, (m[0], m[1], "L")) for a, m in root])
        return self._deepen(pos, root)

    def _deepen_first(self, pos: Position, root: list, share: float, start: float) -> None:
        """The alpha-beta's ranking (`self.ranking`) by `share` of the budget left and half
        the time, before its choice is checked with the rest."""
        limit = self.node_limit
        if not math.isinf(limit):
            self.node_limit = self.nodes + share * (limit - self.nodes)
        self.deadline = start + self.limit * 0.5
        self._deepen(pos, root)
        self.node_limit = limit
        self.deadline = start + self.limit * 0.95

    def _checked(self, worlds: list[Position], root: list) -> str:
        """The alpha-beta's choice, unless the opponent forces ten within two of their
        moves after it (`Threats.wins_within(2)`, from what is left of the budget): then
        the next in its ranking, and so on. With one world (phase 2) that is exact as far
        as the reading is (`tilethreats.py`). With several (the hidden game, each a
        made-up order of both supplies) the move that loses in the fewest worlds is
        played, the ranking deciding ties, and the first that loses in none at once. After
        a loss the moves to the same place are checked last.
        A move the budget leaves unread is taken to lose in half the worlds (rounded
        down): in phase 2, the next in the ranking is played rather than a known loss."""
        moves = dict(root)
        readings = [Threats(world, 0) for world in worlds]
        unread = len(worlds) // 2
        fewest, best = len(worlds) + 1, self.ranking[0]
        pending = list(self.ranking)
        while pending:
            action = pending.pop(0)
            lost = 0
            try:
                for reading in readings:
                    before = reading.nodes
                    reading.budget = before + self.node_limit - self.nodes
                    _, undo = reading.make(moves[action])
                    try:
                        lost += not drawn(reading.pos) and reading.wins_within(2)
                    finally:
                        unmake(reading.pos, undo)
                        self.nodes += reading.nodes - before
                    if time.perf_counter() > self.deadline:
                        raise OutOfNodes
            except OutOfNodes:
                if unread < fewest:
                    fewest, best = unread, action
                break
            if lost < fewest:
                fewest, best = lost, action
            if not lost:
                break
            # the moves to the same place lost there most likely for the same reason: the
            # others first
            there = moves[action][-1]
            pending.sort(key=lambda a: moves[a][-1] == there)
        self.read += f"; checked: {best} loses in {fewest} of {len(worlds)}"
        return best

    def _read_threats(self, pos: Position, root: list, start: float) -> tuple[str, list]:
        """Open game, root moves that leave no ten at once (threat-space reading,
        `tilethreats.py`): a move that wins whatever the reply; else (phase 1) keep the
        moves after which the opponent cannot force ten within two of theirs, and among
        those a move that wins within three of mine whatever the replies. A win within
        three is safe by itself (it comes first), so the safe moves are read first. By
        the node budget and half the time; what was not read stays in the root."""
        budget = self.node_limit if math.isinf(self.node_limit) else int(self.node_limit)
        reading = Threats(pos, budget)
        deadline = start + self.limit * 0.5
        safe, read = [], 0
        try:
            # a win whatever the reply is read whatever the time in phase 1 (as the loss at
            # once); in phase 2 each reply asks for a costly search of wins, so by the time
            won_by = self._wins_reading(reading, root, 1, math.inf if pos.placing else deadline)
            if won_by:
                return won_by, root
            # phase 2: every move reads ~300 replies; the budget goes to the alpha-beta
            for action, move in root if pos.placing else ():
                _, undo = reading.make(move)
                try:
                    if not reading.wins_within(2):
                        safe.append((action, move))
                finally:
                    unmake(pos, undo)
                read += 1
                if time.perf_counter() > deadline:
                    raise OutOfNodes
            won_by = self._wins_reading(reading, safe, 2, deadline) if safe else ""
            if won_by:
                return won_by, root
        except OutOfNodes:
            pass
        finally:
            self.read_nodes = reading.nodes
        unread = root[read:] if pos.placing else root
        self.read = f"{len(safe)} of {read} read safe, {len(unread)} unread"
        # every move read loses: the search picks the longest resistance among all
        return "", safe + unread if safe or unread else root

    def _wins_reading(self, reading: Threats, root: list, n: int, deadline: float) -> str:
        """A root move that wins within n + 1 of mine whatever the replies, or ""."""
        for action, move in reading.forcing_order_root(root):
            _, undo = reading.make(move)
            try:
                if reading.replies_lose(n):
                    self.read = f"wins within {n + 1} moves"
                    return action
            finally:
                unmake(reading.pos, undo)
            if time.perf_counter() > deadline:
                raise OutOfNodes
        return ""

    def _deepen(self, pos: Position, root: list) -> str:
        """Alpha-beta over the root moves, one ply deeper each time, while time and the
        node budget last."""
        best = root[0][0]
        self.ranking = [a for a, _ in root]     # best first, as far as the search knows
        self.depth_reached = 0
        self.partial = 0        # root moves of an unfinished deeper search that decided
        depth = 1
        while depth <= 30 and time.perf_counter() < self.deadline and \
                self.nodes < self.node_limit:
            try:
                values = self._root(pos, root, depth)
            except _Timeout as stop:
                # The deeper look at the best moves so far (they are searched best first)
                # decides between them: a fuller search of some, not a guess at the rest.
                done = stop.args[0] if stop.args else []
                if len(done) >= 2:
                    self.partial = len(done)
                    best = max(done, key=lambda vam: vam[0])[1]
                    self._rank([best])
                break
            values.sort(key=lambda vam: -vam[0])
            value, best, _ = values[0]
            self._rank([a for _, a, _ in values])
            self.depth_reached = depth
            if abs(value) >= WIN - 100:
                break
            # Deeper iterations look at the most promising moves only, best first.
            root = [(a, m) for _, a, m in values[:ROOT_KEEP]]
            depth += 1
        return best

    def _rank(self, first: list[str]) -> None:
        """These root moves ahead of the rest, in this order."""
        ahead = set(first)
        self.ranking = first + [a for a in self.ranking if a not in ahead]

    # -- tree -----------------------------------------------------------------------
    def _root(self, pos: Position, root: list, depth: int) -> list[tuple[float, str, tuple]]:
        """Every root move with its value (exact for the best; others may be bounds)."""
        alpha = -WIN * 2
        values = []
        for action, move in root:
            try:
                value = self._after(pos, move, depth, alpha, WIN * 2, 1)
            except _Timeout:
                raise _Timeout(values) from None      # with the moves searched in full
            values.append((value, action, move))
            alpha = max(alpha, value)
        return values

    def _after(self, pos: Position, move: tuple, depth: int, alpha: float, beta: float,
               ply: int) -> float:
        """The value of `move` for the player making it."""
        seat = pos.turn
        placing = pos.placing
        hidden_draw = placing and not pos.open and len(pos.lay.cell) < 29
        if hidden_draw:
            # TL-R4: the next player turns up a tile: a chance node over its value. The
            # tile is placed once; the draws differ only in the value turned up, and at
            # the leaves they share the board's summary (the search's costliest parts).
            values = pos.next_values(1 - seat)     # my move does not change them
            won, undo = make(pos, move)
            try:
                if won:
                    return WIN - ply
                counts = pos.counts[pos.turn]
                summary = self._summary(pos) if depth <= 1 else None
                total = 0.0
                for v, p in values.items():
                    pos.drawn = v
                    counts[v] -= 1
                    try:
                        if summary is None:
                            value = self._negamax(pos, depth - 1, -WIN * 2, WIN * 2, ply + 1)
                        else:
                            self.nodes += 1
                            value = self._score(pos, summary)
                    finally:
                        counts[v] += 1
                    total += p * -value
                return total
            finally:
                pos.drawn = 0
                unmake(pos, undo)
        won, undo = make(pos, move)
        try:
            if won:
                return WIN - ply
            if drawn(pos):
                return 0.0
            return -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1)
        finally:
            unmake(pos, undo)

    def _negamax(self, pos: Position, depth: int, alpha: float, beta: float,
                 ply: int) -> float:
        self.nodes += 1
        if self.nodes & 15 == 0 and (time.perf_counter() > self.deadline
                                     or self.nodes > self.node_limit):
            raise _Timeout
        if depth <= 0:
            return self._evaluate(pos)
        key = pos.key()
        entry = self.table.get(key)
        first = None
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth:
                if e_flag == 0 or (e_flag < 0 and e_value <= alpha) or \
                        (e_flag > 0 and e_value >= beta):
                    return e_value
        moves = self._order(pos, legal_moves(pos))
        if first is not None:
            if first in moves:
                moves.remove(first)
            moves.insert(0, first)
        start_alpha = alpha
        best, best_move = -WIN * 2, None
        for move in moves:
            value = self._after(pos, move, depth, alpha, beta, ply)
            if value > best:
                best, best_move = value, move
            if value > alpha:
                alpha = value
            if alpha >= beta:
                break
        flag = 0 if start_alpha < best < beta else (-1 if best <= start_alpha else 1)
        self.table[key] = (depth, best, flag, best_move)
        return best

    def _wins(self, lay: Layout, seat: int) -> bool:
        """Can `seat` make ten in one move here? Phase 2's costliest question, and asked
        twice of most positions (the root's threat check, then the evaluation at depth
        1): answered once per layout and decision."""
        key = (lay.key, seat)
        known = self.wins.get(key)
        if known is None:
            self.nodes += WINS_NODES
            known = self.wins[key] = bool(move_wins(lay, seat))
        return known

    def _threat(self, pos: Position, after_seat: int) -> float:
        if pos.placing:
            return threat(pos, after_seat)
        return 1.0 if self._wins(pos.lay, after_seat) else 0.0

    def _order(self, pos: Position, moves: list) -> list:
        """Phase 1: places where either player could make ten first, then places next to
        own tiles; below the root only those and a few more are searched (the rest are
        quiet moves that rarely matter at this depth)."""
        if not pos.placing:
            return moves
        cell, masks, seat = pos.lay.cell, pos.masks, pos.turn

        def key(move: tuple) -> float:
            q = move[1]
            m = masks.get(q, (0, 0, 0, 0))
            own = sum(1 for d in RAYS if cell.get(q + d, -1) >> 2 == seat)
            return -(16 * bool(m[seat]) + 8 * bool(m[1 - seat]) + own)
        ordered = sorted(moves, key=key)
        hot = sum(1 for move in ordered if any(masks.get(move[1], (0, 0))[:2]))
        return ordered[:hot + QUIET]

    def _evaluate(self, pos: Position) -> float:
        """From the side to move: its chance to win at once against the opponent's,
        then the count of places where either could complete ten later."""
        lay, me = pos.lay, pos.turn
        them = 1 - me
        if not pos.placing:
            mine = 1.0 if self._wins(lay, me) else 0.0
            if mine:
                return WIN / 2
            masks = {q: spot_needs(lay, q) for q in lay.edge}
            my_vals = value_mask(lay.cell[p] & 3 for p in lay.movable(me))
            their_vals = value_mask(lay.cell[p] & 3 for p in lay.movable(them))
            a = sum(1 for m in masks.values() if m[me] & my_vals)
            b = sum(1 for m in masks.values() if m[them] & their_vals)
            return 10.0 * (a - 1.5 * b)
        return self._score(pos, self._summary(pos))

    @staticmethod
    def _summary(pos: Position) -> tuple[list, list, list]:
        """Phase 1, what the evaluation reads off the board: per seat the values that make
        ten somewhere, how many places each value has, and the room to build."""
        union = [0, 0]
        hits = [[0, 0, 0, 0], [0, 0, 0, 0]]
        build = [0.0, 0.0]
        for m in pos.masks.values():
            build[0] += m[2]
            build[1] += m[3]
            for seat in (0, 1):
                bits = m[seat]
                if bits:
                    union[seat] |= bits
                    for v in ALL_VALUES:
                        if bits >> v & 1:
                            hits[seat][v] += 1
        return union, hits, build

    @staticmethod
    def _score(pos: Position, summary: tuple[list, list, list]) -> float:
        """Phase 1's evaluation from the board's summary and the tiles still to come."""
        union, hits, build = summary
        me = pos.turn
        them = 1 - me
        now = {pos.drawn: 1.0} if pos.drawn else pos.next_values(me)
        p_now = min(1.0, sum(p for v, p in now.items() if union[me] >> v & 1))
        if p_now >= 1.0:
            return WIN / 2
        # After my move the opponent threatens; two places for one value cannot both be
        # blocked (the heuristic's measure).
        theirs = sum(p * min(hits[them][v], 2) / 2 for v, p in pos.next_values(them).items())
        mine = sum(p * min(hits[me][v], 2) / 2 for v, p in pos.next_values(me).items())
        return p_now * WIN / 2 + (1 - p_now) * (200.0 * (0.5 * mine - theirs)
                                                 + BUILD * (build[me] - build[them]))
