"""Where 10 Retro's cards lie and who may see them (rules digest `rules/retro10.md`): the
zones, the knowledge per card (a face-down first card is known to every seat that has
held it: `seen_by`, placer first), the copy a seat's bot may decide from, and the check
that a position holds every card and chip once. A part of the `Retro10` state.
"""
from __future__ import annotations

import random

from tentable.engine.errors import SetupError
from tentable.engine.retro10_cards import CHIPS, GAME_ID, TEN, cards


class Retro10Zones:
    """The cards' whereabouts and each seat's knowledge of them (mixed into `Retro10`)."""

    def knows(self, seat: int | None, place: int) -> bool:
        """Whether `seat` may see the first card lying at `place`'s seat."""
        return self.up[place] or (seat is not None and seat in self.seen_by[place])

    def _table_view(self, seat: int | None) -> list[list[dict]]:
        code = cards().code
        out = []
        for place, row in enumerate(self.table):
            shown = []
            for i, card in enumerate(row):
                up = i > 0 or self.up[place]
                if up or self.knows(seat, place):
                    shown.append({"id": card, "code": code[card], "up": up})
                else:
                    shown.append({"id": None, "code": None, "up": False})
            out.append(shown)
        return out

    def zones(self) -> dict[str, list]:
        zones = {"draw deck": self.draw_deck, "round stack": self.round_stack,
                 "round card": [self.round_card] if self.round_card else []}
        for s in range(self.players):
            zones[f"hand {s}"] = self.hands[s]
            zones[f"table {s}"] = self.table[s]
            zones[f"taken {s}"] = self.taken[s]
        return zones

    def hidden_zones(self, seat: int | None) -> set[str]:
        hidden = {"draw deck", "round stack"}
        for s in range(self.players):
            if s != seat:
                hidden.add(f"hand {s}")
            if self.table[s] and not self.knows(seat, s):
                hidden.add(f"table {s}")
        return hidden

    def hidden_cards(self, seat: int | None) -> set:
        hidden = set(self.draw_deck) | set(self.round_stack)
        for s in range(self.players):
            if s != seat:
                hidden.update(self.hands[s])
            if self.table[s] and not self.knows(seat, s):
                hidden.add(self.table[s][0])
        return hidden

    def _holds_a_joker(self, seat: int, other: int) -> bool:
        """RX-R2: `other` was dealt a joker. Unless `seat` saw it put one down (in an
        earlier round, or this round face up, as a second card or a face-down card `seat`
        has held), one is still in its hand or under the face-down card it placed."""
        value = cards().value
        if self.joker_shown[other]:
            return False
        for place, row in enumerate(self.table):
            if row and self.seen_by[place][0] == other and value[row[0]] is None \
                    and self.knows(seat, place):
                return False
        return not any(value[c] is None for c in self.table[other][1:])

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Resample the other hands, the draw deck and the face-down cards `seat` never held,
        keeping what it knows. The jokers are alike, so any joker will do where a player
        must still hold the one it was dealt; the others go anywhere, the deck included."""
        value = cards().value
        holes: list[tuple[str, int]] = []     # ("hand", seat), ("table", place), ("deck", 0)
        pool: list[str] = []
        others = [s for s in range(self.players) if s != seat]
        for s in others:
            pool += self.hands[s]
            holes += [("hand", s)] * len(self.hands[s])
        for p in range(self.players):
            if self.table[p] and not self.knows(seat, p):
                pool.append(self.table[p][0])
                holes.append(("table", p))
        pool += self.draw_deck
        holes += [("deck", 0)] * len(self.draw_deck)
        # Place a joker first for each player who must still hold one, in a slot it could
        # have put it: its hand or the face-down card it placed.
        pool.sort()                 # see redeal_unseen: the deal must not follow the truth
        jokers = [c for c in pool if value[c] is None]
        fixed: dict[int, str] = {}
        for s in others:
            if self._holds_a_joker(seat, s):
                slots = [i for i, hole in enumerate(holes)
                         if hole == ("hand", s) or (hole[0] == "table"
                                                    and self.seen_by[hole[1]][0] == s)]
                joker = jokers.pop()
                fixed[rng.choice(slots)] = joker
                pool.remove(joker)
        rng.shuffle(pool)
        it = iter(pool)
        filled = [fixed[i] if i in fixed else next(it) for i in range(len(holes))]
        hands: dict[int, list[str]] = {s: [] for s in others}
        deck = []
        for (kind, where), card in zip(holes, filled):
            if kind == "hand":
                hands[where].append(card)
            elif kind == "table":
                self.table[where][0] = card
            else:
                deck.append(card)
        for s, hand in hands.items():
            self.hands[s] = hand
        self.draw_deck = deck
        self.round_stack.sort()
        rng.shuffle(self.round_stack)

    # -- accounting -----------------------------------------------------------------------
    def validate(self) -> None:
        n = self.players

        def per_seat(value, item) -> bool:
            return isinstance(value, list) and len(value) == n and all(item(v) for v in value)

        def ids(value) -> bool:
            return isinstance(value, list) and all(isinstance(c, str) for c in value)

        def count(value) -> bool:
            return type(value) is int and value >= 0

        checks = {
            "hands": per_seat(self.hands, ids), "table": per_seat(self.table, ids),
            "taken": per_seat(self.taken, ids), "draw_deck": ids(self.draw_deck),
            "round_stack": ids(self.round_stack),
            "joker_shown": per_seat(self.joker_shown, lambda v: type(v) is bool),
            "chips": per_seat(self.chips, count), "pot": count(self.pot),
            "protection": per_seat(self.protection, lambda v: count(v) and v <= 2),
            "up": per_seat(self.up, lambda v: type(v) is bool),
            "seen_by": per_seat(self.seen_by, lambda v: isinstance(v, list) and all(
                type(s) is int and 0 <= s < n for s in v)),
            "round_no": type(self.round_no) is int and 1 <= self.round_no <= TEN,
            "turn": self.turn is None or (type(self.turn) is int and 0 <= self.turn < n),
        }
        bad = [name for name, ok in checks.items() if not ok]
        if bad:
            raise SetupError(f"{GAME_ID}: the position has a bad {', '.join(bad)}")
        held = sorted(c for zone in self.zones().values() for c in zone)
        if held != sorted(cards().ids):
            raise SetupError(f"{GAME_ID}: the position does not hold each of the 80 cards once")
        if sum(self.chips) + sum(self.protection) + self.pot != CHIPS * n:
            raise SetupError(f"{GAME_ID}: the position does not hold {CHIPS} chips per player")
        super().validate()
