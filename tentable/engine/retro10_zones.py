"""Where 10 Retro's cards lie and who may see them (rules digest `rules/retro10.md`): the
zones and who may see them (`secrecy`; a face-down first card is known to every seat that
has held it: `seen_by`, placer first), the joker a bot's copy must leave with its player,
and the check that a position holds every card and chip once. A part of the `Retro10` state.
"""
from __future__ import annotations

import random

from tentable.engine.errors import SetupError
from tentable.engine.retro10_cards import CHIPS, GAME_ID, TEN, cards
from tentable.engine.secrecy import NOBODY, ORDER, OWNER, PUBLIC, per_card


class Retro10Zones:
    """The cards' whereabouts and each seat's knowledge of them (mixed into `Retro10`)."""

    def knows(self, seat: int | None, place: int) -> bool:
        """Whether `seat` may see the first card lying at `place`'s seat."""
        return self.up[place] or (seat is not None and seat in self.seen_by[place])

    def _table_view(self, seat: int | None) -> list[list[dict]]:
        code = cards().code
        return [[{"id": card, "code": code[card], "up": i > 0 or self.up[place]}
                 if card is not None else {"id": None, "code": None, "up": False}
                 for i, card in enumerate(self.shown(f"table {place}", seat, row))]
                for place, row in enumerate(self.table)]

    # A hand is its player's; the draw deck and the round stack lie face down (the round
    # stack's cards are known, not their order); a seat's table is open but for its
    # first card when placed face down, which those who held it know (`_sees_table`).
    secrecy = {"hand": OWNER, "table": per_card("_sees_table"), "draw deck": NOBODY,
               "round stack": ORDER, "round card": PUBLIC, "taken": PUBLIC}

    def _sees_table(self, seat: int | None, place: int, row: list[str]) -> list[bool]:
        return [self.knows(seat, place)] + [True] * (len(row) - 1) if row else []

    def zones(self) -> dict[str, list]:
        zones = {"draw deck": self.draw_deck, "round stack": self.round_stack,
                 "round card": [self.round_card] if self.round_card else []}
        for s in range(self.players):
            zones[f"hand {s}"] = self.hands[s]
            zones[f"table {s}"] = self.table[s]
            zones[f"taken {s}"] = self.taken[s]
        return zones

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

    def _deal_fixed(self, seat: int, holes: list[str], pool: list, rng: random.Random
                    ) -> dict[int, str]:
        """RX-R2, what a table of zones cannot say: a joker stays with the player it was
        dealt to until `seat` sees it put down. The jokers are alike, so one goes first, for
        each player who must still hold one, to a place it could have put it: its hand or
        the face-down card it placed; the other cards go anywhere, the deck included."""
        value = cards().value
        jokers = [c for c in pool if value[c] is None]
        fixed: dict[int, str] = {}
        for s in self.seats:
            if s != seat and self._holds_a_joker(seat, s):
                places = {f"hand {s}"} | {f"table {p}" for p, seen in enumerate(self.seen_by)
                                          if seen and seen[0] == s}
                slots = [i for i, name in enumerate(holes) if name in places]
                joker = jokers.pop()
                fixed[rng.choice(slots)] = joker
                pool.remove(joker)
        return fixed

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
