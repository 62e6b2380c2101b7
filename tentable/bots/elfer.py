"""An Elfer raus! Master player, from its own view only.

Each legal action gets a value; the best one is played, one action at a time, so a
turn goes on while a further card is worth more than ending it. A card is worth
playing in itself (one card fewer in hand) and more so when it opens the position of
another card of its own hand; opening a position for a card it does not hold is a gift
to the opponents, weighed by the chance that they, not the pile, hold that card — and
while the pile has cards, drawing is the way to hold back. Jokers are kept for a bonus
(ER-R10) or for unlocking its own cards; connection cards are used when the island they
start frees several of its cards.
"""
from __future__ import annotations

from typing import cast

from tentable.bots.base import Bot
from tentable.engine.core import State
from tentable.engine.elfer_cards import BONUS_POINTS, ELEVEN, HALVES, ElferView
from tentable.engine.elfer_moves import LENGTH, SLOTS
from tentable.engine.elfer_moves import is_joker, read

PLAY = 3.0            # a card out of the hand
VALUE = 0.05          # per point of the card: high cards cost more at the end
CHAIN = 2.0           # the play opens a position for one of its own cards
GIFT = 4.0            # the play opens a position an opponent may fill
BONUS = 11.0          # ER-R10
BONUS_GIFT = 3.0      # leaves a half-row one card short for an opponent
JOKER_KEEP = 6.0      # what a joker in hand is worth beyond its penalty: flexibility
FREED = 2.0           # per own card an island frees
SWAP = 2.5            # a joker back in hand, its number card out
END = 0.5             # below this, a further card is not worth it
DRAW = 0.0            # at the start of a turn, below this drawing is better


class ElferHeuristic(Bot):
    def choose(self, state: State) -> str:
        view = cast(ElferView, state.view(self.seat))
        actions = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        self._read(view)
        return max(actions, key=lambda a: (self.value(a), a))

    # -- what the seat sees ---------------------------------------------------------------
    def _read(self, view: ElferView) -> None:
        self.filled = {row["colour"]: [slot is not None for slot in row["slots"]]
                       for row in view["rows"]}
        hand = view["hand"]
        self.mine = {card for card in hand if not is_joker(card)}
        self.jokers = len(hand) - len(self.mine)
        self.hand_size = len(hand)
        theirs = sum(n for s, n in enumerate(view["hand_sizes"]) if s != self.seat)
        self.pile = view["pile"]
        self.p_theirs = theirs / max(1, theirs + self.pile)   # an unseen card is with them
        self.bonus_left = len(view["bonus_stack"]) > 0
        self.played = view["played"]
        self.left = view["max_cards"] - view["played"]

    def _open(self, colour: str, i: int) -> bool:
        row = self.filled[colour]
        return not row[i] and ((i > 0 and row[i - 1]) or (i < LENGTH - 1 and row[i + 1]))

    # -- values ---------------------------------------------------------------------------
    def value(self, action: str) -> float:
        move = read(action)
        verb = move.kind
        if verb == "play":
            if is_joker(move.card):
                return self._joker(move.slot)
            return self._place(move.slot, joker=False)
        if verb == "bridge":
            return self._bridge(move.source, move.slot)
        if verb == "swap":
            return SWAP if self.left else SWAP - 1.0
        if verb == "end":
            return END
        if verb == "draw":
            return DRAW
        return DRAW - 1.0          # pass: only when nothing better is allowed

    def _place(self, slot: str, joker: bool) -> float:
        """A card (or a joker) put on `slot`: what it opens, for whom, and any bonus."""
        colour, n = SLOTS[slot]
        row = self.filled[colour]
        i = n - 1
        value = PLAY + VALUE * (BONUS_POINTS if joker else n)
        row[i] = True
        try:
            for j in (i - 1, i + 1):
                if 0 <= j < LENGTH and not row[j]:
                    was_open = (j - 1 >= 0 and j - 1 != i and row[j - 1]) or \
                        (j + 1 < LENGTH and j + 1 != i and row[j + 1])
                    if was_open:
                        continue
                    if f"{colour}{j + 1}" in self.mine:
                        value += CHAIN
                    else:
                        value -= GIFT * self.p_theirs
            half = HALVES[n > ELEVEN]
            missing = [k for k in half if not row[k]]
            if not missing and self.bonus_left:
                value += BONUS
            elif len(missing) == 1 and self.bonus_left:
                k = missing[0]
                if f"{colour}{k + 1}" not in self.mine and self._open(colour, k):
                    value -= BONUS_GIFT * self.p_theirs
        finally:
            row[i] = False
        return value

    def _joker(self, slot: str) -> float:
        if slot in self.mine:
            return -10.0           # its own card can go there
        value = self._place(slot, joker=True)
        if value >= BONUS:         # a bonus completion: what jokers are saved for
            return value
        keep = 0.0 if self.hand_size <= 2 else JOKER_KEEP
        return value - keep

    def _freed(self, colour: str, n: int) -> int:
        """How many of its cards follow the position `n` outward in both directions."""
        count = 0
        for step in (-1, 1):
            k = n + step
            while 1 <= k <= LENGTH and not self.filled[colour][k - 1] \
                    and f"{colour}{k}" in self.mine:
                count += 1
                k += step
        return count

    def _bridge(self, source: str, target: str) -> float:
        colour, n = SLOTS[target]
        if self._open(colour, n - 1):
            return -1.0            # the card could go there without a bridge
        own = target in self.mine
        freed = self._freed(colour, n) + own
        needed = 2 if self.pile else 1
        if freed < needed or (not own and self.hand_size > 2 and freed < 3):
            return -1.0
        usable = min(freed, self.left)
        value = self._place(target, joker=not own) + FREED * (usable - 1)
        return value - (0 if own else JOKER_KEEP)
