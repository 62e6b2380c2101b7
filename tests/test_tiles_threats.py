"""TEN tiles: Normal, Hard and Expert never walk into a forced loss and never miss a forced
win (issue #39 item 3; rules/tentiles.md TL-R1, TL-R2, TL-R5, TL-R6, TL-R7, TL-R8).

The positions are few and sharp: each was picked once, by a search over many seeds (noted
at each list), because it decides something deep, and is rebuilt here from its seed. What
each move leads to is solved at test time by a solver written here: a plain minimax over
its own board (a dict of places), independent of the bots' code: every legal move is
tried, a line is walked tile by tile. The levels run by their node budgets, not by time,
so the answers do not depend on the machine's load.

- Phase 1 (placing), open game: solved 5 plies deep for wins (mine at ply 1, 3 or 5
  whatever the replies) and 4 for losses (the opponent's ten at ply 2 or 4 whatever I
  answer).
- Phase 2 (moving): ~250 moves a position make the brute force dear, so only the move a
  level chose is solved 4 plies deep (does the opponent force ten within two of their
  moves?), and, should it lose, whether another would not.
- The hidden game: the same four plies on worlds made up by `determinize` (other seeds
  than the bots'), rows taken from the front only.
- The repetition draw (TL-R8): a lost position whose one way out repeats it a third time.
"""
from __future__ import annotations

import random
from functools import cache

import pytest

from tentable.bots import make_bot
from tentable.engine import new_game

# Places are ints, x * 100 + y shifted to stay positive: a layout of 30 tiles spans less.
SPAN = 100
EDGE = (SPAN, -SPAN, 1, -1)
LINES = (SPAN, 1, SPAN + 1, SPAN - 1)        # horizontal, vertical, both diagonals
# the eight places around a tile, walked round; the even ones share an edge with it
RING = (1, SPAN + 1, SPAN, SPAN - 1, -1, -SPAN - 1, -SPAN, -SPAN + 1)


class Zobrist(dict):
    """A random 64-bit number per (place, tile), XORed into the key (sums of Python's
    tuple hashes collide: a tile on 4550 and one on 4746 summed as two on 4649 and 4647)."""

    rng = random.Random(39)

    def __missing__(self, item) -> int:
        value = self[item] = self.rng.getrandbits(64)
        return value


ZOBRIST = Zobrist()


def at(x: int, y: int) -> int:
    return (x + SPAN // 2) * SPAN + y + SPAN // 2


class Board:
    """The test's own picture of an open game: places -> (seat, value), the rows as
    lists of values with their live ends, the player to move, and a key of the position
    (tiles, row ends, player to move) so that a position met twice is solved once."""

    def __init__(self, state) -> None:
        view = state.view(state.current_player)
        self.cell = {}
        for place, tile in view["board"].items():
            x, y = map(int, place.split(","))
            self.cell[at(x, y)] = ("WB".index(tile[0]), int(tile[1]))
        self.rows = [[int(t[1]) for t in row] for row in view["rows"] or [[], []]]
        self.ends = [[0, len(row) - 1] for row in self.rows]
        self.turn = view["current_player"]
        self.single = False     # a world of the hidden game: rows taken from the front only
        self.key = 0
        for item in self.cell.items():
            self.key ^= ZOBRIST[item]
        self.known: dict = {}

    def position(self) -> tuple:
        return self.key, self.turn, tuple(self.ends[0]), tuple(self.ends[1])

    # -- TL-R6: a line of exactly ten --------------------------------------------------
    def run(self, p: int, d: int, seat: int) -> int:
        """The sum of `seat`'s unbroken run beginning at p + d, going on in direction d."""
        total = 0
        p += d
        tile = self.cell.get(p)
        while tile is not None and tile[0] == seat:
            total += tile[1]
            p += d
            tile = self.cell.get(p)
        return total

    def ten_through(self, p: int) -> bool:
        seat, value = self.cell[p]
        return any(value + self.run(p, d, seat) + self.run(p, -d, seat) == 10 for d in LINES)

    def ten_beside(self, p: int, seat: int) -> bool:
        """After lifting from p: a run of `seat` ending next to p sums to ten."""
        return any(self.run(p, step, seat) == 10 for d in LINES for step in (d, -d))

    # -- TL-R5, TL-R7: the moves -----------------------------------------------------------
    def placing(self) -> bool:
        return len(self.cell) < 30

    def values(self, seat: int) -> set:
        lo, hi = self.ends[seat]
        if lo > hi:
            return set()
        return {self.rows[seat][lo], self.rows[seat][lo if self.single else hi]}

    def free_places(self, without=None) -> set:
        """Empty places sharing an edge with a tile (the tile at `without` lifted)."""
        out = {p + d for p in self.cell if p != without for d in EDGE}
        return {q for q in out if q not in self.cell or q == without} - {without}

    def connected_without(self, lifted: int) -> bool:
        # The tiles around `lifted`, walked round: if those beside it by an edge hang
        # together through the ring, lifting it splits nothing; else look at the whole.
        flags = [lifted + d in self.cell for d in RING]
        if not all(flags):
            start = flags.index(False)
            runs, inside = 0, False
            for i in range(1, 9):
                k = (start + i) % 8
                if flags[k] and not inside:
                    inside, edge = True, False
                if flags[k] and k % 2 == 0:
                    edge = True
                if not flags[k] and inside:
                    inside = False
                    runs += edge
            if runs <= 1:
                return True
        rest = [p for p in self.cell if p != lifted]
        seen, todo = {rest[0]}, [rest[0]]
        while todo:
            p = todo.pop()
            for d in EDGE:
                q = p + d
                if q in self.cell and q != lifted and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return len(seen) == len(rest)

    def moves(self) -> list:
        seat = self.turn
        if self.placing():
            lo, hi = self.ends[seat]
            ends = ["L"] + (["R"] if hi > lo and not self.single else [])
            return [("place", q, end) for q in sorted(self.free_places()) for end in ends]
        cell = self.cell
        free = sorted(self.free_places())
        out = []
        for p, (s, _) in sorted(cell.items()):
            if s != seat or all(p + d in cell for d in EDGE):
                continue
            if not self.connected_without(p):
                continue
            # TL-R7: a place whose only tile beside it is p's is no target once p is lifted
            out += [("move", p, q) for q in free
                    if any(q + d in cell and q + d != p for d in EDGE)]
        return out

    def ten_now(self) -> bool:
        """Can the player to move make ten at once? Phase 1: every place with every value
        the row offers, the line's tiles summed (the same as placing each and looking);
        phase 2: every move made."""
        if not self.placing():
            for move in self.moves():
                won, back = self.play(move)
                self.undo(back)
                if won:
                    return True
            return False
        seat, values = self.turn, self.values(self.turn)
        return any(10 - self.run(q, d, seat) - self.run(q, -d, seat) in values
                   for q in self.free_places() for d in LINES)

    def play(self, move) -> tuple[bool, tuple]:
        """Make a move; (did it make ten, how to take it back)."""
        seat = self.turn
        self.turn = 1 - seat
        if move[0] == "place":
            _, q, end = move
            lo, hi = self.ends[seat]
            i = lo if end == "L" else hi
            self.ends[seat] = [lo + 1, hi] if end == "L" else [lo, hi - 1]
            self.cell[q] = tile = (seat, self.rows[seat][i])
            self.key ^= ZOBRIST[q, tile]
            return self.ten_through(q), (move, lo, hi)
        _, p, q = move
        self.cell[q] = tile = self.cell.pop(p)
        self.key ^= ZOBRIST[q, tile] ^ ZOBRIST[p, tile]
        return self.ten_through(q) or self.ten_beside(p, seat), (move, 0, 0)

    def undo(self, back) -> None:
        move, lo, hi = back
        self.turn = seat = 1 - self.turn
        if move[0] == "place":
            self.key ^= ZOBRIST[move[1], self.cell.pop(move[1])]
            self.ends[seat] = [lo, hi]
        else:
            tile = self.cell[move[2]]
            self.key ^= ZOBRIST[move[1], tile] ^ ZOBRIST[move[2], tile]
            self.cell[move[1]] = self.cell.pop(move[2])


def wins_within(board: Board, n: int) -> bool:
    """Plain minimax: the player to move makes ten within n of their own moves, whatever
    the opponent does in between (a move that makes ten ends the game)."""
    if n == 1:
        return board.ten_now()
    key = (board.position(), n)
    known = board.known.get(key)
    if known is None:
        known = board.known[key] = any(_forces(board, move, n) for move in board.moves())
    return known


def _forces(board: Board, move, n: int) -> bool:
    """Does `move` make ten, or leave a ten within n - 1 more of mine whatever the reply?"""
    won, back = board.play(move)
    try:
        return won or n > 1 and all(not won_r and wins_within(board, n - 1)
                                    for won_r in _replies(board))
    finally:
        board.undo(back)


def _replies(board: Board):
    """Each reply made in turn (taken back after the caller looked): did it make ten?"""
    for reply in board.moves():
        won, back = board.play(reply)
        try:
            yield won
        finally:
            board.undo(back)


def solve(board: Board, depth_win: int, depth_loss: int):
    """The root moves that win within `depth_win` of mine, and those after which the
    opponent cannot make ten within `depth_loss` of theirs."""
    wins, safe = set(), set()
    for move in board.moves():
        won, back = board.play(move)
        try:
            if won:
                wins.add(move)
                continue
            if not wins_within(board, depth_loss):
                safe.add(move)
        finally:
            board.undo(back)
        if move in safe and depth_win > 1 and _forces(board, move, depth_win):
            wins.add(move)
    return wins, safe


def as_move(action: str) -> tuple:
    words = action.split(" ")
    if words[0] == "place":       # the hidden game's rows are taken from the front
        return ("place", at(*map(int, words[-1].split(","))), words[1] if len(words) == 3 else "L")
    a, b = words[1].split(">")
    return ("move", at(*map(int, a.split(","))), at(*map(int, b.split(","))))



# -- the positions -----------------------------------------------------------------------

def easy_game(seed: int, stop: int, open_game: bool = True):
    """A game of the heuristic (Easy) in which now and then (three moves in ten) a player
    errs at random, as people do, stopped after `stop` actions (None if it ended)."""
    rng = random.Random(seed)
    state = new_game("tentiles", 2, seed=seed, options={"open": open_game})
    easy = [make_bot("easy", "tentiles", s, seed=seed) for s in (0, 1)]
    while not state.is_over and len(state.history) < stop:
        if rng.random() < 0.3:
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(easy[state.current_player].choose(state))
    return None if state.is_over else state


def blocked_game(seed: int, extra: int):
    """An open game that reaches phase 2 (Easy's games rarely do: someone makes ten
    first): both place at random, but never make ten nor leave one at once when they can
    help it; then `extra` moves of phase 2 by Easy. None if it ended."""
    rng = random.Random(seed)
    state = new_game("tentiles", 2, seed=seed, options={"open": True})
    while state.phase == "place" and not state.is_over:
        actions = list(state.legal_actions())
        rng.shuffle(actions)
        for action in actions:
            after = state.clone()
            after.apply(action)
            if not after.is_over and (after.phase != "place" or not Board(after).ten_now()):
                break
        state.apply(action)
    easy = [make_bot("easy", "tentiles", s, seed=seed) for s in (0, 1)]
    for _ in range(extra):
        if state.is_over:
            break
        state.apply(easy[state.current_player].choose(state))
    return None if state.is_over else state


LEVELS = ("normal", "hard", "expert")


@cache
def choices(state_key: tuple, build, levels: tuple = LEVELS) -> dict[str, str]:
    """Each level's move in the position `build(*state_key)` makes (by its node budget)."""
    state = build(*state_key)
    seat = state.current_player
    return {level: make_bot(level, "tentiles", seat, seed=1, time_limit=float("inf"))
            .choose(state.determinize(seat, 1)) for level in levels}


def no_saving_move(board: Board) -> bool:
    """Does every move of the player to move let the opponent force ten within two of
    theirs? (Asked only where a level's move lost.)"""
    for move in board.moves():
        won, back = board.play(move)
        try:
            if won or not wins_within(board, 2):
                return False
        finally:
            board.undo(back)
    return True


# -- phase 1 ------------------------------------------------------------------------------

# Easy's games (seed, actions played), picked by a search over a few hundred seeds for what is
# deepest: a ten forced at ply 5 and none sooner ("win"), or moves that let the opponent
# force ten at ply 4 beside moves that do not ("loss").
PHASE_1 = [(709727, 15), (719830, 14)]


@pytest.mark.parametrize("seed, stop", PHASE_1)
def test_phase_1_no_forced_loss_within_4_plies_and_no_missed_win_within_5(seed, stop):
    state = easy_game(seed, stop)
    board = Board(state)
    wins, safe = solve(board, 3, 2)
    assert wins or len(safe) < len(board.moves())      # the position decides something
    for level, action in choices((seed, stop), easy_game).items():
        move = as_move(action)
        if wins:
            assert move in wins, f"{level} missed a forced win"
        else:
            assert move in safe, f"{level} walked into a forced loss"


# -- phase 2 ------------------------------------------------------------------------------

# Phase-2 positions (blocked_game's seed, Easy's moves in phase 2, the levels asked),
# picked by a search over seeds 11001-12100: in each, the search before this check (Normal, by
# its budget) moved so that the opponent forced ten within two of their moves. In 12045
# only 2 of the 17 moves that leave no ten at once do not lose so: checking a move costs
# 300-1,400 moves made, and Normal's 2,500 do not reach the saving ones (docs/ai.md).
PHASE_2 = [(11043, 1, LEVELS), (11101, 4, LEVELS), (12045, 1, ("hard", "expert"))]


@cache
def loses_within_4_plies(seed: int, extra: int, action: str) -> bool:
    board = Board(blocked_game(seed, extra))
    won, _ = board.play(as_move(action))
    return not won and wins_within(board, 2)


@pytest.mark.parametrize("seed, extra, levels", PHASE_2)
def test_phase_2_no_forced_loss_within_4_plies(seed, extra, levels):
    state = blocked_game(seed, extra)
    for level, action in choices((seed, extra), blocked_game, levels).items():
        if loses_within_4_plies(seed, extra, action):
            assert no_saving_move(Board(state)), f"{level}'s {action} lets the opponent force ten"


def test_phase_2_no_missed_win_within_3_plies():
    """blocked_game(565933, 0): the player to move makes ten within two of their moves
    whatever the reply (not at once)."""
    state = blocked_game(565933, 0)
    board = Board(state)
    assert not board.ten_now()
    for level, action in choices((565933, 0), blocked_game).items():
        assert _forces(board, as_move(action), 2), level


# -- the repetition draw --------------------------------------------------------------------

def test_a_lost_position_is_saved_by_repeating_a_position_a_third_time():
    """TL-R8: in blocked_game(633256, 0) every move lets the opponent make ten at once.
    Had the game met the position after one of them twice already, that move ends it
    drawn: every level plays it (before this change none knew the draw)."""
    state = blocked_game(633256, 0)
    board = Board(state)
    for move in board.moves():
        won, back = board.play(move)
        assert not won and board.ten_now()          # lost at once, whatever is moved
        board.undo(back)
    draw = sorted(state.legal_actions())[-1]
    after = state.clone()
    after.apply(draw)
    state.positions += [after.position_key()] * 2   # met twice on the way here
    after = state.clone()
    after.apply(draw)
    assert after.is_over and after.result["reason"] == "repetition"
    seat = state.current_player
    for level in LEVELS:
        bot = make_bot(level, "tentiles", seat, seed=1, time_limit=float("inf"))
        assert bot.choose(state.determinize(seat, 1)) == draw, level


# -- the hidden game ------------------------------------------------------------------------

WORLD_SEEDS = range(100, 108)       # not the bots' own: they make up worlds of their own


def world_board(state, seed: int) -> Board:
    """A world of the hidden game (TL-R1): both supplies in an order `determinize` made
    up, the drawn tile first, taken from the front only."""
    world = state.determinize(state.current_player, seed)
    board = Board(world)
    rows = [[int(t[1]) for t in supply] for supply in world.supplies]
    rows[state.current_player].insert(0, int(world.drawn[1]))
    board.rows, board.ends, board.single = rows, [[0, len(r) - 1] for r in rows], True
    return board


# Hidden games of Easy (seed, actions played), picked by a search over some 400 games:
# there the search's own choice, unchecked, lets the opponent force ten within two of
# their moves in 6 (5) of the 8 worlds above, and some place in none (one).
HIDDEN = [(823669, 23), (453653, 15)]


@pytest.mark.parametrize("seed, stop", HIDDEN)
def test_hidden_game_no_move_that_loses_in_most_worlds(seed, stop):
    state = easy_game(seed, stop, open_game=False)
    boards = [world_board(state, s) for s in WORLD_SEEDS]

    def worlds_lost(action: str) -> int:
        move = as_move(action)
        lost = 0
        for board in boards:
            won, back = board.play(move)
            lost += not won and wins_within(board, 2)
            board.undo(back)
        return lost
    half = len(boards) // 2
    for level, action in choices((seed, stop, False), easy_game).items():
        if worlds_lost(action) > half:
            assert min(map(worlds_lost, state.legal_actions())) > half, level
