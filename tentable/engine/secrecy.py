"""Who may see which cards, declared once per game (#40 item 4).

A game names its zones in `zones()` ("hand 2", "pile", "pile cards 0": a kind, and the
seat it belongs to when it ends in one) and declares, per kind, who may see its cards:

    secrecy = {"hand": OWNER, "pile": NOBODY, "row": PUBLIC}

From that alone `State` answers `hidden_zones`, `hidden_cards`, `shown` (a zone as a seat
may see it, which the game's view reads for every zone it shows that is not public) and
`determinize` (the unseen cards dealt anew, each zone keeping its size). A game adds code
only where its rules know more than the table of zones (10 Retro: a face-down card is
seen by whoever held it; a joker a player was dealt is still with it).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, ClassVar


@dataclass(frozen=True)
class Seen:
    """Who may see the cards of one kind of zone.

    `who`: "public" (every seat and a spectator), "owner" (the seat the zone belongs to),
    "nobody" (a draw pile: neither its cards nor their order; a bot's copy deals its cards
    anew together with every other card its seat cannot see) or "order" (what it holds
    is known to all, its order to nobody: shuffled on its own). `at_end`: shown to all
    once the game is over. `card`: the name of a method `(seat, owner, index) -> bool`
    that says it card by card (10 Retro's face-down first card): the zone's cards that
    seat may not see are dealt anew like those of a "nobody" zone."""

    who: str
    at_end: bool = False
    card: str | None = None

    @property
    def until_over(self) -> "Seen":
        return replace(self, at_end=True)


PUBLIC = Seen("public")
OWNER = Seen("owner")
NOBODY = Seen("nobody")
ORDER = Seen("order")


def per_card(method: str) -> Seen:
    """Seen card by card, as the game's method `method(seat, owner, index)` says."""
    return Seen("card", card=method)


@lru_cache(maxsize=None)
def zone_kind(name: str) -> tuple[str, int | None]:
    """"pile cards 2" -> ("pile cards", 2); "draw deck" -> ("draw deck", None)."""
    head, _, last = name.rpartition(" ")
    return (head, int(last)) if head and last.isdigit() else (name, None)


class Secrecy:
    """The part of `State` that reads the declaration (a mixin: `State` is one)."""

    # kind of zone -> who may see its cards; every zone `zones()` names must be declared
    secrecy: ClassVar[dict[str, Seen]] = {}
    players: int
    zones: Callable[[], dict[str, list]]
    is_over: bool

    def _rule(self, name: str) -> tuple[Seen, int | None]:
        kind, owner = zone_kind(name)
        try:
            return self.secrecy[kind], owner
        except KeyError:
            raise KeyError(f"{type(self).__name__}.secrecy does not declare zone {kind!r}") \
                from None

    def sees(self, seat: int | None, name: str) -> bool:
        """Whether `seat` (None: a spectator) may see zone `name` whole: all its cards,
        for a zone seen card by card."""
        rule, owner = self._rule(name)
        if rule.card is not None:
            see = getattr(self, rule.card)
            return all(see(seat, owner, i) for i in range(len(self.zones()[name])))
        return self._sees(rule, owner, seat)

    def _sees(self, rule: Seen, owner: int | None, seat: int | None) -> bool:
        if rule.who == "public" or (rule.at_end and self.is_over):
            return True
        return rule.who == "owner" and seat is not None and seat == owner

    def _mask(self, name: str, cards: list, seat: int | None) -> list[bool] | bool:
        """Which of `cards` (zone `name`) `seat` may see: one answer for the whole zone,
        or one per card."""
        rule, owner = self._rule(name)
        if rule.card is None:
            return self._sees(rule, owner, seat)
        see = getattr(self, rule.card)
        return [see(seat, owner, i) for i in range(len(cards))]

    def shown(self, name: str, seat: int | None) -> list:
        """Zone `name` as `seat` may see it: its cards, None for each one it may not."""
        cards = self.zones()[name]
        mask = self._mask(name, cards, seat)
        if mask is True:
            return list(cards)
        if mask is False:
            return [None] * len(cards)
        return [card if seen else None for card, seen in zip(cards, mask)]

    def hidden_zones(self, seat: int | None) -> set[str]:
        """Names of the zones hidden from `seat`: whole (empty or not), or of which it may
        not see some card."""
        return {name for name, cards in self.zones().items()
                if (mask := self._mask(name, cards, seat)) is False
                or (mask is not True and not all(mask))}

    def hidden_cards(self, seat: int | None) -> set:
        """The cards `seat` may not see."""
        hidden = set()
        for name, cards in self.zones().items():
            mask = self._mask(name, cards, seat)
            if mask is False:
                hidden.update(cards)
            elif mask is not True:
                hidden.update(card for card, seen in zip(cards, mask) if not seen)
        return hidden

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Deal anew, in place, every card `seat` may not see, each zone keeping its size:
        the cards of the "nobody" zones, the others' "owner" zones and the unseen cards
        of per-card zones are one pool, dealt back in the declaration's order (each kind
        seat by seat); then each "order" zone is shuffled on its own."""
        zones = self.zones()
        rank = {kind: i for i, kind in enumerate(self.secrecy)}
        holes: list[tuple[list, int, str]] = []      # (zone's list, index, zone's name)
        alone: list[str] = []                        # "order" zones, shuffled alone
        for name in sorted(zones, key=lambda n: (rank[zone_kind(n)[0]], zone_kind(n)[1] or 0)):
            cards = zones[name]
            mask = self._mask(name, cards, seat)
            if mask is True or not cards:
                continue
            if mask is False and self._rule(name)[0].who == "order":
                alone.append(name)
            else:
                holes += [(cards, i, name) for i, seen in enumerate(_each(mask, cards))
                          if not seen]
        # sorted first, so that the deal depends on what the seat knows and the seed
        # only, not on where the unseen cards really lie (a bot gets the same worlds)
        pool = sorted(cards[i] for cards, i, _ in holes)
        fixed = self._deal_fixed(seat, [name for _, _, name in holes], pool, rng)
        rng.shuffle(pool)
        dealt = iter(pool)
        for k, (cards, i, _) in enumerate(holes):
            cards[i] = fixed[k] if k in fixed else next(dealt)
        for name in alone:
            zones[name].sort()
            rng.shuffle(zones[name])

    def _deal_fixed(self, seat: int, holes: list[str], pool: list, rng: random.Random
                    ) -> dict[int, Any]:
        """Cards the rules place before the deal: hole index -> card, each taken out of
        `pool` (`holes` names the zone of each unseen place, in dealing order). None by
        default: every unseen card may lie in any unseen place."""
        return {}


def _each(mask: list[bool] | bool, cards: list) -> list[bool]:
    return [mask] * len(cards) if isinstance(mask, bool) else mask
