"""Threats in TEN tiles, read exactly a few moves deep: the look-ahead that `TilesSearch`
runs before its alpha-beta (rules digest `rules/tentiles.md`, TL-R6, TL-R7).

As Gomoku engines do (threat-space search), only moves that make or answer a threat are
followed: a player who cannot make ten next turn is not forced to do anything, so a
sequence of forcing moves is narrow and can be read to the end where the full width
cannot. The answers are exact, not guesses: a place is a *threat* when a tile the player
may place next (open game: either end of the row) makes ten there, and

- the player to move wins at once if they have a threat;
- else, if the opponent has threats on two places, the player cannot stop both;
- else, if the opponent has one, every move but a tile on that place loses;
- a move wins "whatever the reply" if afterwards the opponent has no ten at once and
  the mover has threats on two places (or one that every tile put there leaves standing).

An opponent's tile never shortens a line of mine (lines end at empty places and at the
opponent's tiles alike), so it takes away at most the one place it covers; new places
it opens are found by making the move.

Phase 2 (moving): lifting a tile changes lines too, and a tile may be slid anywhere, so
a threat is a *move* that makes ten (`move_wins`), and every reply is tried against it:
exact, but dear. What is not exact is one shortcut of threat-space search: a player who
has no ten to make after their own move is taken to force nothing (in phase 1 that is
exact when one move ahead is read; in phase 2 it misses a "zugzwang", where every one of
the opponent's ~200 moves would open a ten, and, two moves ahead, a quiet move that
prepares two threats). A move into the repetition draw or the move limit (TL-R8) ends
the game: nobody wins it.

Open game, phase 2 of either game, and the worlds of the hidden game that a
determinization made up (`Position.world`: rows taken from the front only).
"""
from __future__ import annotations

from tentable.bots.tilesboard import Position, legal_moves, make, move_wins, unmake


def drawn(pos: Position) -> bool:
    """TL-R8: the move just made ended the game drawn (nobody wins)."""
    return pos.over()


class OutOfNodes(Exception):
    """The reading's budget of moves is spent: what is known so far stands."""


class Threats:
    """Forced wins of the open game: `wins_within(n)`: can the player to move make ten
    within n of their own moves whatever the opponent does (2n - 1 plies)?"""

    def __init__(self, pos: Position, budget: int) -> None:
        self.pos = pos
        self.budget = budget
        self.nodes = 0
        self.known: dict[tuple[int, int], bool] = {}
        self.phase2_wins: dict[tuple[int, int], list] = {}
        # per depth, the last move that forced ten: tried first next time (a "killer":
        # after my move and after its neighbour in the ranking, the same reply often wins)
        self.killers: dict[int, tuple] = {}

    # -- the moves made, counted ---------------------------------------------------------
    def make(self, move: tuple):
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfNodes
        return make(self.pos, move)

    # -- threats ----------------------------------------------------------------------------
    def places(self, seat: int) -> list[int]:
        """Phase 1: the places where `seat` makes ten with a tile it may place next."""
        pos = self.pos
        bits = 0
        for v in pos.next_values(seat):
            bits |= 1 << v
        if not bits:
            return []
        return [q for q, m in pos.masks.items() if m[seat] & bits]

    def can_win_now(self) -> bool:
        """Can the player to move make ten with this move?"""
        pos = self.pos
        if pos.placing:
            seat = pos.turn
            bits = 0
            for v in pos.next_values(seat):
                bits |= 1 << v
            return any(m[seat] & bits for m in pos.masks.values())
        return bool(self.moves_to_ten(pos.turn))

    def moves_to_ten(self, seat: int) -> list[tuple[int, int]]:
        """Phase 2: the moves (from, to) by which `seat` would make ten now (one per
        tile at most), each layout asked once; counted as one move made: here, where
        most layouts have no line near ten, it costs about what a move made does (the
        alpha-beta's layouts are dearer: `WINS_NODES`)."""
        key = (self.pos.lay.key, seat)
        known = self.phase2_wins.get(key)
        if known is None:
            self.nodes += 1
            if self.nodes > self.budget:
                raise OutOfNodes
            known = self.phase2_wins[key] = move_wins(self.pos.lay, seat)
        return known

    def forcing_order(self, moves: list, seat: int) -> list:
        """Moves on places where either player needs a tile for ten first, then next to
        many tiles: where threats are made and answered."""
        if not self.pos.placing:
            return moves
        masks = self.pos.masks
        them = 1 - seat

        def key(move: tuple) -> int:
            m = masks.get(move[1])
            if m is None:
                return 0
            return -(4 * bool(m[seat]) + 4 * bool(m[them]) + int(m[2 + seat] + m[3 - seat]))
        return sorted(moves, key=key)

    def forcing_order_root(self, root: list) -> list:
        """(action, move) pairs in `forcing_order` of their moves."""
        order = {move: i for i, move in enumerate(
            self.forcing_order([m for _, m in root], self.pos.turn))}
        return sorted(root, key=lambda am: order[am[1]])

    # -- the reading --------------------------------------------------------------------------
    def wins_within(self, n: int) -> bool:
        """The player to move makes ten within n own moves, whatever the replies."""
        if self.can_win_now():
            return True
        if n <= 1:
            return False
        pos = self.pos
        key = (pos.key() ^ n, n)
        known = self.known.get(key)
        if known is not None:
            return known
        result = False
        for move in self.candidates(n):
            won, undo = self.make(move)
            try:
                if won or (not drawn(pos) and self.threatens()
                           and not self.can_win_now() and self.replies_lose(n - 1)):
                    result = True
                    self.killers[n] = move
                    break
            finally:
                unmake(pos, undo)
        self.known[key] = result
        return result

    def threatens(self) -> bool:
        """Phase 2, after a move: has its maker a ten to make next? Without one nothing
        is forced (the shortcut of the module's note); asked before the dearer question
        whether the opponent makes ten at once. Phase 1 asks it in replies_lose."""
        return self.pos.placing or bool(self.moves_to_ten(1 - self.pos.turn))

    def candidates(self, n: int) -> list:
        """My moves that may win, the player to move unable to make ten at once: if the
        opponent threatens two places, none; one place, only a tile there."""
        pos = self.pos
        if not pos.placing:
            moves = legal_moves(pos)
            killer = self.killers.get(n)
            if killer in moves:
                moves.remove(killer)
                moves.insert(0, killer)
            return moves
        theirs = set(self.places(1 - pos.turn))
        if len(theirs) >= 2:
            return []
        if theirs:
            return self.tiles_on(theirs.pop())
        moves = legal_moves(pos)
        # two of my moves ahead every one is read anyway: the order buys nothing there
        return moves if n <= 2 else self.forcing_order(moves, pos.turn)

    def tiles_on(self, spot: int) -> list:
        """Phase 1: the moves that put a tile on `spot` (either end of the row)."""
        pos = self.pos
        seat = pos.turn
        if not pos.open:
            return [("place", spot, "")]
        return [("place", spot, end)
                for end in ("L", "R")[:1 + (pos.hi[seat] > pos.lo[seat] and pos.ends == 2)]]

    def replies_lose(self, n: int) -> bool:
        """The opponent to move, unable to make ten at once: does every reply leave me
        (who just moved) a ten within n of my moves?"""
        pos = self.pos
        if pos.placing:
            mine = set(self.places(1 - pos.turn))
            if len(mine) >= 2:
                return True                 # one tile covers one place
            if mine:
                replies = self.tiles_on(mine.pop())     # else I win at once
            elif n <= 1:
                return False
            else:
                replies = self.forcing_order(legal_moves(pos), pos.turn)
        else:
            # a threat of mine must be answered; without one nothing is forced (the
            # shortcut the module's note names). The replies that cover a place where I
            # would make ten are tried first.
            targets = {q for _, q in self.moves_to_ten(1 - pos.turn)}
            if not targets:
                return False
            replies = sorted(legal_moves(pos), key=lambda r: r[-1] not in targets)
        for reply in replies:
            won, undo = self.make(reply)
            try:
                if won or drawn(pos) or not self.wins_within(n):
                    return False
            finally:
                unmake(pos, undo)
        return True

    def loses_within(self, n: int) -> bool:
        """After my move (the opponent to move): do they make ten within n of theirs?"""
        return self.wins_within(n)
