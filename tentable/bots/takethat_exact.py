"""Take That's end of a round, searched exactly (issue 39: the levels above Easy).

Once the pile is nearly empty a round is short and, in a dealt world, holds no chance: the
hands are known in the world, and so is the order of the last cards to draw. The round
ends at the first row taken after the pile ran out, or the row twisted away (TT-R8), and
that last row is the dearest of the round (about 8 points against the sensible newcomer,
docs/ai.md). The heuristic played on there misjudges which card leaves the other player
stuck, so the levels search these rounds to the end instead: for two players, negamax on
the round's points of the mover minus the other's (TT-R9), over a few dealt worlds (one
when nothing is hidden: the pile empty and no V1 pile card unseen). Points are what
decide a two-player game: the move with the best difference also wins whenever a win can
be forced.
"""
from __future__ import annotations

import statistics

from tentable.engine.core import State
from tentable.engine.takethat import toads, twin
from tentable.engine.takethat_moves import TAKE, play, twist

REACH = 10          # TT-R4
INF = float("inf")


class OutOfBudget(Exception):
    """The round is too big to search within the nodes allowed: the rollouts decide."""


def _penalty(cards) -> int:
    toad_set = toads()
    return sum(5 if c in toad_set else 1 for c in cards)


class _Round:
    """One dealt world's rest of the round, searched to its end: positions are (hands,
    whose turn, the row, cards drawn so far, whether the taker opens a new row)."""

    def __init__(self, state: State, nodes: int) -> None:
        self.pile = tuple(state.pile)       # top last, as the engine draws
        self.pro = bool(state.options["pro"])
        self.nodes = nodes
        self.memo: dict = {}
        self.toads = toads()

    def value(self, hands: tuple, turn: int, row: tuple, drawn: int, opening: bool,
              alpha: float = -INF, beta: float = INF) -> float:
        """The mover's points minus the other's, from here to the round's end, both playing
        their best; alpha-beta: exact within (alpha, beta), else a bound on the far side."""
        key = (hands, turn, row, drawn, opening)
        known = self.memo.get(key)
        if known is not None:
            low, high = known
            if low == high or high <= alpha or low >= beta:
                return low if low >= beta or low == high else high
            alpha, beta = max(alpha, low), min(beta, high)
        self.nodes -= 1
        if self.nodes < 0:
            raise OutOfBudget
        start, best = alpha, -INF
        for _, evaluate in self.moves(hands, turn, row, drawn, opening):
            result = evaluate(alpha, beta)
            if result > best:
                best = result
                alpha = max(alpha, best)
                if best >= beta:
                    break
        if best == -INF:
            best = 0                            # no move: a position the rules never reach
        low, high = self.memo.get(key, (-INF, INF))
        if best <= start:                       # failed low: an upper bound
            high = min(high, best)
        elif best >= beta:                      # failed high: a lower bound
            low = max(low, best)
        else:
            low = high = best
        self.memo[key] = (low, high)
        return best

    def moves(self, hands: tuple, turn: int, row: tuple, drawn: int, opening: bool):
        """Each legal move of the mover (TT-R4..R6) with a function of (alpha, beta) that
        gives its value to the mover, exact if within the two; the take first (with the
        pile empty it ends the round: a bound at once)."""
        hand = hands[turn]
        left = len(self.pile) - drawn
        if row and not opening:
            penalty = _penalty(row)
            if not left:                            # TT-R8: the round ends with the take
                yield TAKE, lambda alpha, beta: -penalty
            else:
                taken = drawn
                if self.pro and len(row) == 1:      # V1: the top of the pile too
                    penalty += _penalty((self.pile[-1 - drawn],))
                    taken += 1
                yield TAKE, lambda alpha, beta: -penalty + self.value(
                    hands, turn, (), taken, True, alpha + penalty, beta + penalty)
            for card in hand:
                if card not in self.toads and twin(card) in row:
                    rest = tuple(c for c in row if c != twin(card))
                    if not rest and not left:       # TT-R8: twisted away completely
                        yield twist(card), lambda alpha, beta: 2
                    else:
                        yield twist(card), lambda alpha, beta, card=card, rest=rest: \
                            2 - self._after(hands, turn, card, rest, drawn, 2 - beta, 2 - alpha)
        last = row[-1] if row else None
        for card in hand:
            if opening or last is None or abs(card - last) <= REACH:
                yield play(card), lambda alpha, beta, card=card: -self._after(
                    hands, turn, card, row + (card,), drawn, -beta, -alpha)

    def _after(self, hands: tuple, turn: int, card: int, row: tuple, drawn: int,
               alpha: float, beta: float) -> float:
        """The other player's value once `card` has left the mover's hand (TT-R7: draw)."""
        hand = [c for c in hands[turn] if c != card]
        if drawn < len(self.pile):
            hand.append(self.pile[-1 - drawn])
            drawn += 1
        mine = tuple(sorted(hand))
        hands = (mine, hands[1]) if turn == 0 else (hands[0], mine)
        return self.value(hands, 1 - turn, row, drawn, False, alpha, beta)


def solve(world: State, nodes: int) -> dict[str, int]:
    """Each legal move's exact result in this dealt world (two players): the mover's
    points minus the other's for the rest of the round. Raises OutOfBudget."""
    search = _Round(world, nodes)
    hands = (tuple(sorted(world.hands[0])), tuple(sorted(world.hands[1])))
    turn = world.current_player
    opening = world.phase == "open"
    return {action: evaluate(-INF, INF)
            for action, evaluate in search.moves(hands, turn, tuple(world.row), 0, opening)}


def endgame(state: State, seat: int, seed: int, *, pile: int, worlds: int,
            nodes: int) -> str | None:
    """The move with the best mean result over dealt worlds once at most `pile` cards are
    left to draw, two players; None where the round is longer or too big for `nodes`
    (spent over all worlds): then the rollouts decide."""
    if state.players != 2 or len(state.pile) > pile or state.is_over:
        return None
    hidden = state.pile or (state.options["pro"] and any(state.pile_cards[1 - seat]))
    count = worlds if hidden else 1
    totals: dict[str, list[int]] = {}
    try:
        for k in range(count):
            world = state.determinize(seat, seed + k) if hidden else state
            for action, result in solve(world, nodes // count).items():
                totals.setdefault(action, []).append(result)
    except OutOfBudget:
        return None
    legal = state.legal_actions()
    return max(legal, key=lambda a: (statistics.fmean(totals[a]), a))


__all__ = ["OutOfBudget", "endgame", "solve"]
