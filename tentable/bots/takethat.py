"""A Take That player that plays like a decent human, from its own view only.

Each legal action gets a value in expected points; the best one is played.
Twisting scores +2 for sure; taking costs the row; playing a card costs a
little risk that grows with the row and with what the card gives away.
"""
from __future__ import annotations

from functools import lru_cache
from typing import cast

from tentable.bots.base import Bot
from tentable.engine.core import State
from tentable.engine.takethat import TakeThatView, toads, twin
from tentable.engine.takethat_moves import TAKE, read

TWIST = 2.0
SETUP_TWIST = 1.2        # playing one card of a pair I hold: I can twist it next turn
FEED_PER_CARD = 0.08     # a longer row is more likely to come back to me
GIFT = 0.9               # a twin I can't see may let an opponent twist it (+2 for them)
TOAD_PER_CARD = 0.25     # a toad makes a long row much worse for whoever takes it
TIGHT = 0.02             # per card the next player can no longer play after mine
FRESH_ROW = 0.6          # taking lets me open a new row with my best card
PRO_UNKNOWN = 1.4        # V1: the pile card taken blind, toads included, on average


@lru_cache(maxsize=None)
def _reach(card: int) -> int:
    """How many numbers may follow `card` (TT-R4); cached: rollouts ask it at every play."""
    return sum(1 for n in range(card - 10, card + 11) if 12 <= n <= 98 and n % 10)


class TakeThatHeuristic(Bot):
    def choose(self, state: State) -> str:
        view = cast(TakeThatView, state.view(self.seat))
        actions = view["legal_actions"]
        return max(actions, key=lambda a: (self.value(view, a), a))

    def value(self, view: TakeThatView, action: str) -> float:
        toad_set = toads()
        row, hand = view["row"], view["hand"]
        if action == TAKE:
            penalty = sum(5 if c in toad_set else 1 for c in row)
            if view["pro"] and len(row) == 1 and view["pile"]:
                penalty += PRO_UNKNOWN
            return FRESH_ROW - penalty
        move = read(action)
        card = move.card
        if move.kind == "twist":
            # Removing a twin from a long row also makes the row less dangerous.
            return TWIST + FEED_PER_CARD * len(row)
        value = -FEED_PER_CARD * len(row)
        if card in toad_set:
            value -= TOAD_PER_CARD * len(row) + 0.5
        elif twin(card) in hand:
            value += SETUP_TWIST
        elif not self._twin_seen(view, card):
            value -= GIFT * self._opponent_share(view)
        # Prefer cards that leave the next player few numbers to answer with.
        return value + TIGHT * (21 - _reach(card))

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
