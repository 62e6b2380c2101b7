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
    once the game is over. `card`: the name of a method `(seat, owner, cards) ->
    list[bool]` that says it card by card (10 Retro's face-down first card): the zone's
    cards that seat may not see are dealt anew like those of a "nobody" zone."""

    who: str
    at_end: bool = False
    card: str | None = None

    def __post_init__(self) -> None:
        if self.who not in ("public", "owner", "nobody", "order", "card") or \
                (self.who == "card") != (self.card is not None):
            raise ValueError(f"no such rule of who may see a zone: {self}")

    @property
    def until_over(self) -> "Seen":
        return replace(self, at_end=True)


PUBLIC = Seen("public")
OWNER = Seen("owner")
NOBODY = Seen("nobody")
ORDER = Seen("order")


def per_card(method: str) -> Seen:
    """Seen card by card, as the game's method `method(seat, owner, cards)` says."""
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

    def sees(self, seat: int | None, name: str) -> bool:
        """Whether `seat` (None: a spectator) may see zone `name` whole: all its cards,
        for a zone seen card by card."""
        mask = self._mask(name, None, seat, None)
        return mask if isinstance(mask, bool) else all(mask)

    def _mask(self, name: str, cards: list | None, seat: int | None, over: bool | None
              ) -> list[bool] | bool:
        """Which of the cards of zone `name` (`cards`: its list, None to look it up)
        `seat` may see: one answer for the whole zone, or one per card. `over`: whether
        the game is over, None to ask."""
        kind, owner = zone_kind(name)
        rule = self.secrecy.get(kind)
        if rule is None:
            raise KeyError(f"{type(self).__name__}.secrecy does not declare zone {kind!r}")
        who = rule.who
        if who == "public":
            return True
        if rule.card is not None:
            return getattr(self, rule.card)(seat, owner,
                                            self.zones()[name] if cards is None else cards)
        if rule.at_end and (self.is_over if over is None else over):
            return True
        return who == "owner" and seat is not None and seat == owner

    def shown(self, name: str, seat: int | None, cards: list | None = None) -> list:
        """Zone `name` as `seat` may see it: its cards, None for each one it may not.
        `cards`: the zone's list when the caller holds it (spares building every zone)."""
        if cards is None:
            cards = self.zones()[name]
        mask = self._mask(name, cards, seat, None)
        if mask is True:
            return list(cards)
        if mask is False:
            return [None] * len(cards)
        return [card if seen else None for card, seen in zip(cards, mask)]

    def hidden_zones(self, seat: int | None) -> set[str]:
        """Names of the zones hidden from `seat`: whole (empty or not), or of which it may
        not see some card."""
        over = self.is_over
        return {name for name, cards in self.zones().items()
                if (mask := self._mask(name, cards, seat, over)) is False
                or (mask is not True and not all(mask))}

    def hidden_cards(self, seat: int | None) -> set:
        """The cards `seat` may not see."""
        over = self.is_over
        hidden = set()
        for name, cards in self.zones().items():
            mask = self._mask(name, cards, seat, over)
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
        over = self.is_over
        places: list[tuple[list, list[int] | None]] = []   # (zone, its unseen indexes
        names: list[str] = []                              # or None: all), each place's zone
        pool: list = []
        alone: list[list] = []
        for name in _deal_order(tuple(self.secrecy), tuple(zones)):
            cards = zones[name]
            if not cards:
                continue
            mask = self._mask(name, cards, seat, over)
            if mask is True:
                continue
            if mask is False:
                if self.secrecy[zone_kind(name)[0]].who == "order":
                    alone.append(cards)
                    continue
                places.append((cards, None))
                names += [name] * len(cards)
                pool += cards
            else:
                unseen = [i for i, seen in enumerate(mask) if not seen]
                places.append((cards, unseen))
                names += [name] * len(unseen)
                pool += [cards[i] for i in unseen]
        # sorted first, so that the deal depends on what the seat knows and the seed
        # only, not on where the unseen cards really lie (a bot gets the same worlds)
        pool.sort()
        fixed = self._deal_fixed(seat, names, pool, rng)
        rng.shuffle(pool)
        for k in sorted(fixed):
            pool.insert(k, fixed[k])
        k = 0
        for cards, unseen in places:
            if unseen is None:
                cards[:] = pool[k:k + len(cards)]
                k += len(cards)
            else:
                for i in unseen:
                    cards[i] = pool[k]
                    k += 1
        for cards in alone:
            cards.sort()
            rng.shuffle(cards)

    def _deal_fixed(self, seat: int, holes: list[str], pool: list, rng: random.Random
                    ) -> dict[int, Any]:
        """Cards the rules place before the deal: hole index -> card, each taken out of
        `pool` (`holes` names the zone of each unseen place, in dealing order). None by
        default: every unseen card may lie in any unseen place."""
        return {}


@lru_cache(maxsize=None)
def _deal_order(kinds: tuple[str, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    """Zone names in the declaration's order of their kinds, each kind seat by seat."""
    rank = {kind: i for i, kind in enumerate(kinds)}
    return tuple(sorted(names, key=lambda n: (rank.get(zone_kind(n)[0], -1),
                                              zone_kind(n)[1] or 0)))
