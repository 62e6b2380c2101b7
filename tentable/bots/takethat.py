"""A Take That player that plays like a decent human, from its own view only.

Each legal action gets a value in expected points; the best one is played.
Twisting scores +2 for sure; taking costs the row; playing a card costs a
little risk that grows with the row and with what the card gives away, and gains the
row it leaves the next player when that player is likely to hold no card that answers it
(counted from the cards not yet seen: TT-R4..R6).
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import lru_cache
from math import comb
from typing import cast

from tentable.bots.base import Bot
from tentable.engine.core import State
from tentable.engine.takethat import TakeThatView, cards, toads, twin
from tentable.engine.takethat_moves import TAKE, read

TWIST = 2.0
SETUP_TWIST = 1.2        # playing one card of a pair I hold: I can twist it next turn
FEED_PER_CARD = 0.08     # a longer row is more likely to come back to me
GIFT = 0.9               # a twin I can't see may let an opponent twist it (+2 for them)
TOAD_PER_CARD = 0.25     # a toad makes a long row much worse for whoever takes it
TIGHT = 0.02             # per card the next player can no longer play after mine
FRESH_ROW = 0.6          # taking lets me open a new row with my best card
PRO_UNKNOWN = 1.4        # V1: the pile card taken blind, toads included, on average
# The row I leave the next player, times the chance they hold no card that answers it (no
# number within 10 of its last card, no twin of a card in it): then they must take it
# (TT-R6), and it is not mine to take later. Against the sensible newcomer (deals
# 500-700, both seats) the heuristic won 62.3% without it, 81.8% with 2 (79.5% with 1,
# 82.0% with 3); against itself without it 69.5% (docs/ai.md).
STUCK = 2.0


@lru_cache(maxsize=None)
def _none_of(unseen: int, answers: int, held: int) -> float:
    """The chance that `held` cards drawn from `unseen` miss all `answers` of them."""
    if held == 0 or held > unseen:
        return 0.0
    return comb(unseen - answers, held) / comb(unseen, held)


def _penalty(row) -> int:
    """TT-R9: what a row costs its taker."""
    toad_set = toads()
    return sum(5 if c in toad_set else 1 for c in row)


@lru_cache(maxsize=None)
def _reach(card: int) -> int:
    """How many numbers may follow `card` (TT-R4); cached: rollouts ask it at every play."""
    return sum(1 for n in range(card - 10, card + 11) if 12 <= n <= 98 and n % 10)


class TakeThatHeuristic(Bot):
    _counted: tuple = ()
    _counted_for: object = None

    def choose(self, state: State) -> str:
        view = cast(TakeThatView, state.view(self.seat))
        actions = view["legal_actions"]
        return max(actions, key=lambda a: (self.value(view, a), a))

    def value(self, view: TakeThatView, action: str) -> float:
        toad_set = toads()
        row, hand = view["row"], view["hand"]
        if action == TAKE:
            penalty = _penalty(row)
            if view["pro"] and len(row) == 1 and view["pile"]:
                penalty += PRO_UNKNOWN
            return FRESH_ROW - penalty
        move = read(action)
        card = move.card
        if move.kind == "twist":
            # Removing a twin from a long row also makes the row less dangerous.
            value = TWIST + FEED_PER_CARD * len(row)
            rest = [c for c in row if c != twin(card)]
            if rest:                    # else the next player opens a new row
                value += self._left_stuck(view, rest[-1], _penalty(rest))
            return value
        value = -FEED_PER_CARD * len(row) + self._left_stuck(
            view, card, _penalty(row) + _penalty((card,)),
            None if card in toad_set else twin(card))
        if card in toad_set:
            value -= TOAD_PER_CARD * len(row) + 0.5
        elif twin(card) in hand:
            value += SETUP_TWIST
        elif not self._twin_seen(view, card):
            value -= GIFT * self._opponent_share(view)
        # Prefer cards that leave the next player few numbers to answer with.
        return value + TIGHT * (21 - _reach(card))

    def _left_stuck(self, view: TakeThatView, last: int, penalty: int,
                    extra: int | None = None) -> float:
        """What the next player is likely to take from me: a row of `penalty` ending in
        `last`, times the chance that none of the cards I have not seen that they hold
        answers it (TT-R4: within 10 of `last`; TT-R5: the twin of a card in it, `extra`
        the one my card adds)."""
        unseen, unseen_set, twins, held = self._count(view)
        low, high = bisect_left(unseen, last - 10), bisect_right(unseen, last + 10)
        answers = high - low + sum(1 for c in twins if abs(c - last) > 10)
        if extra is not None and extra not in twins and extra in unseen_set \
                and abs(extra - last) > 10:
            answers += 1
        return STUCK * _none_of(len(unseen), answers, held) * penalty

    def _count(self, view: TakeThatView) -> tuple:
        """Once per decision: the cards in no place this seat sees (sorted, and as a set),
        those of them that twin a card of the row, and the next player's hand size."""
        if self._counted_for is not view:
            seen = {*view["hand"], *view["row"]}
            for zone in ("face_up", "face_down", "pile_cards"):
                for cards_ in view[zone]:
                    seen.update(cards_)
            unseen = tuple(c for c in cards() if c not in seen)
            unseen_set = frozenset(unseen)
            toad_set = toads()
            twins = frozenset(twin(r) for r in view["row"] if r not in toad_set) & unseen_set
            sizes = view["hand_sizes"]
            self._counted = (unseen, unseen_set, twins, sizes[(self.seat + 1) % len(sizes)])
            self._counted_for = view
        return self._counted

    @staticmethod
    def _twin_seen(view: TakeThatView, card: int) -> bool:
        # V1 pile cards: the view names only my own (another seat's is None to me).
        t = twin(card)
        return (t in view["row"] or any(t in up for up in view["face_up"])
                or any(t in down for down in view["face_down"])
                or any(t in taken for taken in view["pile_cards"]))

    def _opponent_share(self, view: TakeThatView) -> float:
        """Chance that an unseen card sits in an opponent's hand rather than the pile."""
        theirs = sum(n for s, n in enumerate(view["hand_sizes"]) if s != self.seat)
        return theirs / max(1, theirs + view["pile"])
