"""TEN, the card game (Johnson, Melvin, Stankewich): rules digest `rules/ten.md`, ids TEN-Rn,
and variant V1. The solo game against Mona (section S) is a variant class beside it,
`ten_solo.TenSolo`, which `new` sets up when the option `solo` is on.

Cards are physical ids ("B1#2", see `card_ids`); the pile is kept top-last so that flipping
is `pop()`; `deck=` speaks top-first like the rulebook. Every zone except the pile is public.
Scoring assigns the jokers by an exact dynamic programme over the four colours
(`best_runs`), which `best_payment`, the tie-breaks and the bots share.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import ClassVar, Iterable

from tentable.engine.core import (IllegalAction, Option, Phase, SetupError, State, Term,
                                  card_ids, check_deck, code_of, register, shuffled)
from tentable.engine.decks import manifest
from tentable.engine.views import View

GAME_ID = "ten"
COLOURS = "BGOP"
LIMIT = 10            # TEN-R4: the bust line; TEN-R9: the money-token cap
BUST_WORTH = 3        # TEN-R12: a bust token pays 3
MONA = 1              # S1: you are seat 0, Mona seat 1
JOKERS = ("colour_wild", "number_wild", "super_wild")

FLIP, AUCTION, PAY, BUY, BUSTED, FINAL, OVER = (
    "flip", "auction", "pay", "buy", "busted", "final", "over")


# -- the cards -------------------------------------------------------------------------

@lru_cache(maxsize=None)
def deck_for(players: int) -> tuple[str, ...]:
    """TEN-R1: the mix for the player count (solo plays with the two-player mix)."""
    return tuple(manifest(GAME_ID).cards(players))


@lru_cache(maxsize=None)
def ids_for(players: int) -> tuple[str, ...]:
    """The physical cards of the mix, as ids ("B1#2")."""
    return tuple(card_ids(deck_for(players)))


@lru_cache(maxsize=None)
def _info(code: str) -> tuple[str, int, str]:
    """(kind, value, colour) of a code; value 0 / colour "" where the card has none."""
    spec = manifest(GAME_ID).spec(code)
    return spec.kind, spec.value or 0, spec.colour or ""


class _Cards(dict):
    """Card id -> (code, kind, value, colour), filled on first sight of an id."""

    def __missing__(self, card_id: str) -> tuple[str, str, int, str]:
        code = code_of(card_id)
        self[card_id] = entry = (code, *_info(code))
        return entry


CARD = _Cards()


def is_joker(code: str) -> bool:
    return _info(code)[0] in JOKERS


def _action_names(prefix: str, codes: Iterable[str]) -> dict[str, str]:
    return {code: f"{prefix} {code}" for code in codes}


BIDS = [f"bid {n}" for n in range(400)]


# -- scoring (TEN-R14) ------------------------------------------------------------------

@lru_cache(maxsize=8192)
def _colour_table(present: int, colour_wilds: int, extra: tuple[int, ...]) -> tuple:
    """Every useful way to make a run in one colour: ((global jokers used as bits,
    {length: (naturals used, interval)}), ...), fewest naturals kept per length.

    `present` has bit n-1 for each number held naturally, `colour_wilds` counts the
    colour's jokers (they fill gaps first, being good for nothing else), `extra` lists
    the number wilds and super wilds as the number each allows (0 = any). A way that
    needs more jokers than another for no longer run is dropped."""
    table: dict[int, dict[int, tuple]] = {0: {0: (0, None)}}
    for a in range(1, 10):
        for b in range(a, 10):
            gaps = [n for n in range(a, b + 1) if not present >> (n - 1) & 1]
            need = len(gaps) - colour_wilds
            length, naturals = b - a + 1, b - a + 1 - len(gaps)
            if need <= 0:
                options = [0]
            elif need > len(extra):
                continue
            else:
                cands = [i for i, n in enumerate(extra) if n == 0 or n in gaps]
                options = []
                for combo in combinations(cands, need):
                    numbers = [extra[i] for i in combo if extra[i]]
                    if len(set(numbers)) == len(numbers):
                        options.append(sum(1 << i for i in combo))
            for bits in options:
                row = table.setdefault(bits, {})
                if length not in row or row[length][0] > naturals:
                    row[length] = (naturals, (a, b))
    kept = []
    for bits, row in sorted(table.items(), key=lambda item: bin(item[0]).count("1")):
        for length, (naturals, _) in list(row.items()):
            if any(other & bits == other and length in orow and orow[length][0] <= naturals
                   for other, orow in kept):
                del row[length]
        if row:
            kept.append((bits, row))
    return tuple(kept)


def _parse(codes: Iterable[str]):
    present = dict.fromkeys(COLOURS, 0)
    wilds = dict.fromkeys(COLOURS, 0)
    extra: list[tuple[str, int]] = []
    numbers = 0
    for code in codes:
        kind, value, colour = _info(code)
        if kind == "number":
            present[colour] |= 1 << (value - 1)
            numbers += 1
        elif kind == "colour_wild":
            wilds[colour] += 1
        elif kind in ("number_wild", "super_wild"):
            extra.append((code, value if kind == "number_wild" else 0))
    extra.sort()
    return present, wilds, tuple(n for _, n in extra), [c for c, _ in extra], numbers


@lru_cache(maxsize=8192)
def _best(key: tuple[str, ...], fewest: bool = False) -> tuple:
    """(score, -naturals used, per-colour choices) of the best runs of a collection
    (sorted codes): the TEN-R14 score, ties to the fewest naturals (TEN-R15); with
    `fewest`, ties to the fewest cards in the runs instead (what a payment may spare)."""
    present, wilds, extra, _, _ = _parse(key)
    dp: dict[int, tuple] = {0: (0, 0, ())}
    for colour in COLOURS:
        options = []
        for bits, row in _colour_table(present[colour], wilds[colour], extra):
            length, (naturals, interval) = max(
                row.items(), key=lambda item: (item[0] + (item[0] == 9),
                                               -(item[0] if fewest else item[1][0])))
            options.append((bits, length + (length == 9), length if fewest else naturals,
                            interval))
        new: dict[int, tuple] = {}
        for used, (score, neg, choices) in dp.items():
            for bits, gain, cost, interval in options:
                if used & bits:
                    continue
                entry = (score + gain, neg - cost, choices + ((colour, interval, bits),))
                old = new.get(used | bits)
                if old is None or entry[:2] > old[:2]:
                    new[used | bits] = entry
        dp = _undominated(new)
    return max(dp.values(), key=lambda v: v[:2])


def _undominated(states: dict[int, tuple]) -> dict[int, tuple]:
    """Drop a joker set that does no better than itself less one joker."""
    kept: dict[int, tuple] = {}
    for used, entry in states.items():
        rest, bit = used, 1
        while rest:
            if rest & 1:
                other = states.get(used ^ bit)
                if other is not None and other[:2] >= entry[:2]:
                    break
            rest >>= 1
            bit <<= 1
        else:
            kept[used] = entry
    return kept


@lru_cache(maxsize=1024)
def _solve(key: tuple[str, ...], limit: int):
    """{cards in the runs: (score, -naturals used, per-colour choices)} for at most
    `limit` cards in the runs, best per count and only counts that score more than any
    smaller one: what a payment that gives up cards can keep (`best_payment`)."""
    present, wilds, extra, _, _ = _parse(key)
    dp: dict[int, list] = {0: [(0, 0, 0, ())]}
    for colour in COLOURS:
        table = _colour_table(present[colour], wilds[colour], extra)
        new: dict[int, dict[int, tuple]] = {}
        for used, row in dp.items():
            for bits, runs in table:
                if used & bits:
                    continue
                target = new.setdefault(used | bits, {})
                for total, score, neg_nat, choices in row:
                    for length, (naturals, interval) in runs.items():
                        if total + length > limit:
                            continue
                        old = target.get(total + length)
                        value = (score + length + (length == 9), neg_nat - naturals)
                        if old is None or value > old[:2]:
                            target[total + length] = (*value,
                                                      choices + ((colour, interval, bits),))
        dp = {used: _frontier(row) for used, row in new.items()}
    best: dict[int, tuple] = {}
    for row in dp.values():
        for total, *entry in row:
            if total not in best or tuple(entry[:2]) > best[total][:2]:
                best[total] = tuple(entry)
    return best


def _frontier(row: dict[int, tuple]) -> list[tuple]:
    """Entries (total, score, -naturals, choices) that beat every smaller total."""
    out, top = [], None
    for total in sorted(row):
        entry = row[total]
        if top is None or entry[:2] > top:
            out.append((total, *entry))
            top = entry[:2]
    return out


def best_runs(codes: Iterable[str]) -> tuple[int, int]:
    """TEN-R14 with the best joker assignment: (score, number cards outside the runs),
    the second of the assignment most favourable for the TEN-R15 tie-break. Jokers fill
    only gaps: a number card always stands for itself in a run."""
    key = tuple(sorted(codes))
    score, neg_nat, _ = _best(key)
    numbers = sum(1 for code in key if _info(code)[0] == "number")
    return score, numbers + neg_nat


def score_of(codes: Iterable[str]) -> int:
    return best_runs(codes)[0]


def score_breakdown(codes: Iterable[str]) -> dict:
    """For the scoring screen: each colour's run, where each joker went, the total."""
    key = tuple(sorted(codes))
    present, wilds, _, extra_codes, numbers = _parse(key)
    score, neg_nat, choices = _best(key)
    runs, jokers = {}, {}
    for colour, interval, bits in choices:
        if interval is None:
            runs[colour] = None
            continue
        a, b = interval
        runs[colour] = [a, b]
        gaps = [n for n in range(a, b + 1) if not present[colour] >> (n - 1) & 1]
        globals_ = [extra_codes[i] for i in range(len(extra_codes)) if bits >> i & 1]
        # number wilds take their own number, supers any remaining gap, colour wilds the rest
        for code in sorted(globals_, key=lambda c: _info(c)[0] != "number_wild"):
            value = _info(code)[1]
            spot = value if value in gaps else gaps[0]
            gaps.remove(spot)
            jokers.setdefault(code, []).append(f"{colour}{spot}")
        for spot in gaps:
            jokers.setdefault(f"{colour}#", []).append(f"{colour}{spot}")
    return {"score": score, "runs": runs, "jokers": jokers, "outside": numbers + neg_nat}


def _score_within(key: tuple[str, ...], cards: int, limit: int) -> tuple[int, tuple]:
    """The best score whose runs use at most `cards` cards (<= limit), and its choices."""
    best = max((v for total, v in _solve(key, limit).items() if total <= cards),
               key=lambda v: v[:2])
    return best[0], best[2]


def _run_cards(key: tuple[str, ...], choices: tuple) -> Counter:
    """The cards a set of runs needs (one natural per spot, jokers by code)."""
    present, wilds, _, extra_codes, _ = _parse(key)
    used: Counter = Counter()
    for colour, interval, bits in choices:
        if interval is None:
            continue
        a, b = interval
        gaps = 0
        for n in range(a, b + 1):
            if present[colour] >> (n - 1) & 1:
                used[f"{colour}{n}"] += 1
            else:
                gaps += 1
        for i, code in enumerate(extra_codes):
            if bits >> i & 1:
                used[code] += 1
                gaps -= 1
        used[f"{colour}#"] += max(0, gaps)
    return used


# -- the coach's card counting ------------------------------------------------------------

def unseen(view: dict) -> Counter:
    """The codes not yet seen from `view` (any seat): the mix minus every visible card.
    Only the pile is hidden in TEN, so this is the pile's contents as a multiset."""
    left = Counter(deck_for(view["players"]))
    shown = [*view["tableau"], *view["market"], *view["removed"]]
    for zone in (view["collections"], view["duplicates"]):
        for cards in zone:
            shown += cards
    if view.get("auction"):
        shown.append(view["auction"]["joker"])
    left.subtract(code_of(c) for c in shown)
    return +left


def odds(view: dict) -> dict:
    """The exact chances of the next flip for the player flipping in `view`: that it busts
    (TEN-R4; Mona in solo only busts on money, S2), the expected running total after it
    (a joker leaves it unchanged, TEN-R7) and the chance of a joker."""
    left = unseen(view)
    count = sum(left.values())
    total, money = view["total"], view["money_showing"]
    mona = view.get("solo") and view.get("active") == MONA
    if count == 0:
        return {"cards": 0, "bust": 0.0, "joker": 0.0, "expected_total": float(total),
                "expected_total_if_safe": float(total)}
    bust = joker = 0
    expected = safe_sum = 0.0
    for code, n in left.items():
        kind, value, _ = _info(code)
        if kind == "number":
            after = total + value
            busts = after > LIMIT and not mona
        elif kind == "money":
            after = total - value
            busts = money + value > LIMIT
        else:
            after, busts = total, False
            joker += n
        expected += n * after
        if busts:
            bust += n
        else:
            safe_sum += n * after
    safe = count - bust
    return {"cards": count, "bust": bust / count, "joker": joker / count,
            "expected_total": expected / count,
            "expected_total_if_safe": safe_sum / safe if safe else float(total)}


# -- the game ---------------------------------------------------------------------------------

def _solo_check(value: bool, players: int) -> str | None:
    return "needs two players: you and Mona (S1)" if value and players != 2 else None


@register
class Ten(State):
    game_id = GAME_ID
    title = "TEN"
    min_players = 2
    max_players = 5
    options_spec = (
        Option("variant_busted_buy", False, bool,
               help="V1: a player who busts takes the bust token or buys one market card"),
        Option("solo", False, bool, check=_solo_check,
               help="solo against Mona (seat 1), who plays by fixed rules (section S)"),
        Option("target", 5, int, low=5, high=10,
               help="solo: Mona flips until her running total reaches this (the ladder rung)"),
    )
    fields = ("pile", "tableau", "market", "removed", "collections", "duplicates", "money",
              "bust", "turn", "auction", "payment", "final")

    solo: ClassVar[bool] = False                        # the variant against Mona says True
    auctions_pay_with_cards: ClassVar[bool] = True      # TEN-R12 (not in solo, S4)

    @classmethod
    def new(cls, players: int, seed: int, options: dict, deck=None) -> "Ten":
        mix = list(deck_for(players))
        if deck is not None:
            deck = check_deck(GAME_ID, deck, mix)
        if options["solo"]:
            from tentable.engine.ten_solo import TenSolo   # the variant builds on this module
            cls = TenSolo
        state = cls(players, seed, options, deck)
        order = card_ids(deck) if deck is not None else shuffled(ids_for(players), seed, "pile")
        state.pile = order[::-1]                                    # TEN-R1
        state.tableau, state.market, state.removed = [], [], []
        state.collections = [[] for _ in range(players)]
        state.duplicates = [[] for _ in range(players)]
        state.money = [5] * players                                 # TEN-R2
        state.bust = [0] * players
        state.turn = 0
        state.auction = state.payment = state.final = None
        state.goto(FLIP)
        return state

    @classmethod
    def deck_codes(cls, players: int, options: dict) -> list[str]:
        return list(deck_for(players))

    @property
    def is_over(self) -> bool:
        return self.phase == OVER       # what current_player says, read in one step

    # -- small facts ----------------------------------------------------------------
    def _sums(self) -> tuple[int, int]:
        """TEN-R4: (running total, money cards alone) of the tableau."""
        total = money = 0
        for card in self.tableau:
            _, kind, value, _ = CARD[card]
            if kind == "money":
                money += value
            else:
                total += value
        return total - money, money

    def _has(self, kind_money: bool) -> bool:
        return any((CARD[c][1] == "money") == kind_money for c in self.tableau)

    def wealth(self, seat: int, cards: bool = True) -> int:
        """What `seat` can pay (TEN-R12, S3): tokens, 3 per bust token, duplicates and,
        unless told otherwise (a solo auction, S4), the cards of the collection."""
        worth = self.money[seat] + BUST_WORTH * self.bust[seat] + len(self.duplicates[seat])
        return worth + len(self.collections[seat]) if cards else worth

    def held_codes(self, seat: int) -> set[str]:
        return {CARD[c][0] for c in self.collections[seat]}

    def _receive(self, seat: int, amount: int) -> None:
        self.money[seat] = min(LIMIT, self.money[seat] + amount)   # TEN-R9

    def _acquire(self, seat: int, card: str) -> None:
        """A card joins a collection (TEN-R8: identical cards too)."""
        self.collections[seat].append(card)

    def _buys(self, seat: int) -> list[str]:
        """TEN-R10: market cards `seat` may buy: affordable, none identical to a held one."""
        worth = self.wealth(seat)
        held = self.held_codes(seat)
        out = set()
        for card in self.market:
            code, _, value, _ = CARD[card]
            if value <= worth and code not in held:
                out.add(code)
        return [BUY_ACTION[code] for code in out]

    def _check_buy_words(self, action: str, seat: int) -> tuple:
        words = action.split(" ")
        if len(words) != 2 or words[0] != "buy":
            raise IllegalAction("refuse.ten.buy_like", move=Term.move("buy B5"))
        code = words[1]
        if code not in BUY_ACTION:
            raise IllegalAction("refuse.ten.not_a_number_card", text=repr(code[:20]))
        cards = [c for c in self.market if CARD[c][0] == code]
        if not cards:
            raise IllegalAction("refuse.ten.not_in_market", card=Term.card(code))
        if code in self.held_codes(seat):
            raise IllegalAction("refuse.ten.identical", card=Term.card(code))
        price = CARD[cards[0]][2]
        if price > self.wealth(seat):
            raise IllegalAction("refuse.ten.too_dear", card=Term.card(code), price=price,
                                wealth=self.wealth(seat))
        return ("buy", cards[0])

    # -- phase "flip": TEN-R3..R7 ----------------------------------------------------------
    def _legal_flip(self) -> list[str]:
        actions = ["flip"] if self.pile else []
        numbers = money = False
        for card in self.tableau:
            if CARD[card][1] == "money":
                money = True
            else:
                numbers = True
        if numbers:
            actions.append("stop numbers")
        if money:
            actions.append("stop money")
        return actions

    def _check_flip(self, action: str) -> str:
        if action == "flip":
            if not self.pile:
                raise IllegalAction("refuse.ten.pile_empty")
            return action
        if action == "stop numbers":
            if not self._has(False):
                raise IllegalAction("refuse.ten.no_numbers")
            return action
        if action == "stop money":
            if not self._has(True):
                raise IllegalAction("refuse.ten.no_money")
            return action
        raise IllegalAction("refuse.ten.flip_turn",
                            moves=Term.move("flip", "stop numbers", "stop money"))

    def _perform_flip(self, action: str) -> None:
        if action == "flip":
            self._flip()
        elif action == "stop numbers":
            self._stop_numbers()
        else:
            self._stop_money()

    def _flip(self) -> None:
        card = self.pile.pop()
        _, kind, value, _ = CARD[card]
        if kind in JOKERS:                                          # TEN-R7
            self._start_auction(card)
            return
        self.tableau.append(card)
        self._flipped(kind)

    def _flipped(self, kind: str) -> None:
        """TEN-R4: a card of `kind` joined the tableau; it may bust the player."""
        total, money = self._sums()
        if kind == "money" and money > LIMIT:
            self._bust(paid=False)
        elif kind != "money" and total > LIMIT:
            self._bust(paid=True)

    def _bust(self, paid: bool) -> None:
        """TEN-R5: numbers to the market, others paid only on a total bust, V1's choice."""
        # TEN-R4: the busting card lies on the tableau for everyone to see before it clears
        self.moment("bust", seat=self.turn, card=self.tableau[-1])
        _, money = self._sums()
        for card in self.tableau:
            if CARD[card][1] == "money":
                self.removed.append(card)
            else:
                self.market.append(card)
        self.tableau = []
        if paid:
            for s in range(self.players):
                if s != self.turn:
                    self._receive(s, money)
        if self.options["variant_busted_buy"]:
            self.goto(BUSTED)                                       # V1
        else:
            self.bust[self.turn] += 1
            self._end_turn()

    def _stop_numbers(self) -> None:
        _, money = self._sums()                                     # TEN-R6 (a)
        for card in self.tableau:
            if CARD[card][1] == "money":
                self.removed.append(card)
            else:
                self._acquire(self.turn, card)
        self.tableau = []
        for s in range(self.players):
            if s != self.turn:
                self._receive(s, money)
        self.goto(BUY)                                              # TEN-R10

    def _stop_money(self) -> None:
        _, money = self._sums()                                     # TEN-R6 (b)
        for card in self.tableau:
            (self.removed if CARD[card][1] == "money" else self.market).append(card)
        self.tableau = []
        self._receive(self.turn, money)
        self._end_turn()

    def _end_turn(self) -> None:
        """The next player flips; after the last card, the final buy round (TEN-R13)."""
        self.tableau = []
        if self.pile:
            self.turn = (self.turn + 1) % self.players
            self.goto(FLIP)
            return
        self.final = [(self.turn + 1 + i) % self.players for i in range(self.players)]
        self.goto(FINAL)

    def _resume_turn(self) -> None:
        """After an auction the active player goes on (TEN-R7); an empty tableau with an
        empty pile ends the turn (TEN-R13)."""
        if not self.pile and not self.tableau:
            self._end_turn()
        else:
            self.goto(FLIP)

    # -- phase "auction": TEN-R11 ---------------------------------------------------------
    def _start_auction(self, joker: str) -> None:
        order = [(self.turn + 1 + i) % self.players for i in range(self.players)]
        self.auction = {"joker": joker, "order": order, "next": 0, "high": 0, "bidder": None}
        self.goto(AUCTION)

    def _bid_range(self, seat: int) -> tuple[int, int]:
        """The bids `seat` may make now, as (lowest, highest); empty when lowest > highest."""
        return self.auction["high"] + 1, self.wealth(seat)

    def _legal_auction(self) -> list[str]:
        low, high = self._bid_range(self.auction["order"][self.auction["next"]])
        return BIDS[low:high + 1] + ["pass"]

    def _check_auction(self, action: str):
        if action == "pass":
            return None
        words = action.split(" ")
        if len(words) != 2 or words[0] != "bid":
            raise IllegalAction("refuse.ten.auction")
        if not (words[1].isascii() and words[1].isdigit() and len(words[1]) <= 4):
            raise IllegalAction("refuse.ten.not_coins", text=repr(words[1][:20]))
        bid = int(words[1])
        self._check_bid(self.current_player, bid)
        return bid

    def _check_bid(self, seat: int, bid: int) -> None:
        low, high = self._bid_range(seat)
        if bid < low:
            raise IllegalAction("refuse.ten.bid_low", n=low)
        if bid > high:
            raise IllegalAction("refuse.ten.bid_high",
                                n=self.wealth(seat, self.auctions_pay_with_cards))

    def _perform_auction(self, bid) -> None:
        auction = self.auction
        if bid is not None:
            auction["high"], auction["bidder"] = bid, auction["order"][auction["next"]]
        auction["next"] += 1
        if auction["next"] < len(auction["order"]):
            return
        self.auction = None
        if auction["bidder"] is None:                               # TEN-R11: nobody bid
            self.removed.append(auction["joker"])
            self._resume_turn()
            return
        self._start_payment(auction["bidder"], auction["high"], auction["joker"])
        # TEN-R11: the highest bidder takes the joker (held on the table while it is paid)
        self.moment("joker", seat=auction["bidder"], card=auction["joker"],
                    price=auction["high"])

    # -- phase "pay": TEN-R12; it returns to the phase that called it ------------------------
    def _start_payment(self, payer: int, due: int, card: str) -> None:
        self.call(PAY, {"payer": payer, "due": due, "card": card,
                        "cards": self.phase != AUCTION or self.auctions_pay_with_cards})

    def _legal_pay(self) -> list[str]:
        payer = self.payment["payer"]
        actions = []
        if self.money[payer]:
            actions.append("pay t")
        if self.bust[payer]:
            actions.append("pay x")
        if self.duplicates[payer]:
            actions.append("pay d")
        if self.payment["cards"]:
            actions += {PAY_ACTION[CARD[c][0]] for c in self.collections[payer]}
        return actions

    def _check_pay(self, action: str) -> tuple:
        payer = self.payment["payer"]
        words = action.split(" ")
        if len(words) != 2 or words[0] != "pay":
            raise IllegalAction("refuse.ten.owes", due=self.payment["due"])
        what = words[1]
        if what == "t" and not self.money[payer]:
            raise IllegalAction("refuse.ten.no_tokens")
        if what == "x" and not self.bust[payer]:
            raise IllegalAction("refuse.ten.no_bust_tokens")
        if what == "d" and not self.duplicates[payer]:
            raise IllegalAction("refuse.ten.no_duplicates")
        if what not in PAY_ACTION and what not in ("t", "x", "d"):
            raise IllegalAction("refuse.ten.not_an_item", text=repr(what[:20]))
        if what in PAY_ACTION and what not in self.held_codes(payer):
            raise IllegalAction("refuse.ten.not_collected", card=Term.card(what))
        return self._parse_pay(action)

    def _parse_pay(self, action: str) -> tuple:
        """The move of a legal pay action: the item, or the last such card collected."""
        what = action[4:]
        if what in ("t", "x", "d"):
            return (what,)
        cards = self.collections[self.payment["payer"]]
        return ("card", max(i for i, card in enumerate(cards) if CARD[card][0] == what))

    def _perform_pay(self, move: tuple) -> None:
        payment = self.payment
        payer = payment["payer"]
        kind = move[0]
        if kind == "t":
            self.money[payer] -= 1
            payment["due"] -= 1
        elif kind == "x":
            self.bust[payer] -= 1
            payment["due"] -= BUST_WORTH                            # no change (TEN-R12)
        elif kind == "d":
            self.removed.append(self.duplicates[payer].pop())
            payment["due"] -= 1
        else:
            self.removed.append(self.collections[payer].pop(move[1]))
            payment["due"] -= 1
        if payment["due"] > 0:
            return
        card = payment["card"]
        if payment["then"] != AUCTION:          # a bought card; a joker never was in the market
            self.market.remove(card)
        self._acquire(payer, card)
        self.back()

    # -- phase "buy": TEN-R10 ----------------------------------------------------------
    def _legal_buy(self) -> list[str]:
        return self._buys(self.turn) + ["skip"]

    def _check_buy(self, action: str):
        if action == "skip":
            return None
        return self._check_buy_words(action, self.turn)

    def _perform_buy(self, move) -> None:
        if move is None:
            self._end_turn()
        else:
            self._start_payment(self.turn, CARD[move[1]][2], move[1])

    # -- phase "busted": V1 --------------------------------------------------------------
    def _legal_busted(self) -> list[str]:
        return self._buys(self.turn) + ["bust token"]

    def _check_busted(self, action: str):
        if action == "bust token":
            return None
        if action == "skip":
            raise IllegalAction("refuse.ten.after_bust")
        return self._check_buy_words(action, self.turn)

    def _perform_busted(self, move) -> None:
        if move is None:
            self.bust[self.turn] += 1
            self._end_turn()
        else:
            self._start_payment(self.turn, CARD[move[1]][2], move[1])

    # -- phase "final": TEN-R13 -------------------------------------------------------------
    def _legal_final(self) -> list[str]:
        return self._buys(self.final[0]) + ["skip"]

    def _check_final(self, action: str):
        if action == "skip":
            return None
        return self._check_buy_words(action, self.final[0])

    def _perform_final(self, move) -> None:
        if move is None:
            self._next_final()
        else:
            self._start_payment(self.final[0], CARD[move[1]][2], move[1])

    def _next_final(self) -> None:
        self.final.pop(0)
        if not self.final:
            self.final = None
            self.turn = None
            self.goto(OVER)

    # The turn structure: a turn flips (TEN-R3) and may stop into buying (TEN-R10) or, with
    # V1, a bust into its choice; a joker interrupts it with an auction (TEN-R7); the last
    # card leads to the final buy round (TEN-R13). Paying is called by whatever bought.
    first_phase = FLIP
    phases = {FLIP: Phase(_legal_flip, _check_flip, _perform_flip,
                          parse=lambda state, action: action,   # its own move, once legal
                          next=(FLIP, AUCTION, BUY, BUSTED, FINAL),
                          player=lambda s: s.turn),
              AUCTION: Phase(_legal_auction, _check_auction, _perform_auction,
                             next=(FLIP, FINAL), calls=(PAY,), resume=_resume_turn,
                             player=lambda s: s.auction["order"][s.auction["next"]]),
              PAY: Phase(_legal_pay, _check_pay, _perform_pay, parse=_parse_pay,
                         frame="payment", player=lambda s: s.payment["payer"]),
              BUY: Phase(_legal_buy, _check_buy, _perform_buy,
                         next=(FLIP, FINAL), calls=(PAY,), resume=_end_turn,
                         player=lambda s: s.turn),
              BUSTED: Phase(_legal_busted, _check_busted, _perform_busted,
                            next=(FLIP, FINAL), calls=(PAY,), resume=_end_turn,
                            player=lambda s: s.turn),
              FINAL: Phase(_legal_final, _check_final, _perform_final,
                           next=(OVER,), calls=(PAY,), resume=_next_final,
                           player=lambda s: s.final[0])}

    # -- scores -------------------------------------------------------------------------
    def codes(self, seat: int) -> list[str]:
        return [CARD[c][0] for c in self.collections[seat]]

    def scores(self) -> list[int]:
        """TEN-R14: each collection's runs with the best joker assignment."""
        return [score_of(self.codes(s)) for s in range(self.players)]

    def tie_break(self, seat: int) -> tuple[int, int, int]:
        """TEN-R15: score, then money (tokens + 3 per bust token), then number cards
        outside the runs."""
        score, outside = best_runs(self.codes(seat))
        return score, self.money[seat] + BUST_WORTH * self.bust[seat], outside

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        keys = [self.tie_break(s) for s in range(self.players)]
        best = max(keys)
        return [s for s in range(self.players) if keys[s] == best]

    # -- information ---------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        total, money = self._sums()
        view = {
            "pile": len(self.pile), "tableau": list(self.tableau), "total": total,
            "money_showing": money, "limit": LIMIT, "market": list(self.market),
            "removed": list(self.removed),
            "collections": [list(c) for c in self.collections],
            "duplicates": [list(d) for d in self.duplicates],
            "money": list(self.money), "bust_tokens": list(self.bust), "active": self.turn,
            "auction": dict(self.auction, order=list(self.auction["order"]))
            if self.auction else None,
            "payment": dict(self.payment) if self.payment else None,
            "final_round": list(self.final) if self.final else None,
            "solo": self.solo, "target": self.options["target"],
            "variant_busted_buy": self.options["variant_busted_buy"],
        }
        if self.is_over:
            view["scoring"] = [score_breakdown(self.codes(s)) for s in range(self.players)]
        return view

    def zones(self) -> dict[str, list]:
        zones = {"pile": self.pile, "tableau": self.tableau, "market": self.market,
                 "removed": self.removed,
                 "auction": [self.auction["joker"]] if self.auction else
                 [self.payment["card"]] if self.payment and self.payment["then"] == AUCTION
                 else []}
        for s in range(self.players):
            zones[f"collection {s}"] = self.collections[s]
            zones[f"duplicates {s}"] = self.duplicates[s]
        return zones

    def hidden_zones(self, seat: int | None) -> set[str]:
        return {"pile"}

    def _determinize(self, seat: int, rng: random.Random) -> None:
        # all else is public; only the pile order is unknown (sorted first: see redeal_unseen)
        self.pile.sort()
        rng.shuffle(self.pile)

    def validate(self) -> None:
        def ids(value) -> bool:
            return isinstance(value, list) and all(isinstance(c, str) for c in value)

        def per_seat(value, check) -> bool:
            return isinstance(value, list) and len(value) == self.players and all(
                check(v) for v in value)

        def count(v) -> bool:
            return type(v) is int and v >= 0

        bad = [name for name, ok in {
            "pile": ids(self.pile), "tableau": ids(self.tableau), "market": ids(self.market),
            "removed": ids(self.removed), "collections": per_seat(self.collections, ids),
            "duplicates": per_seat(self.duplicates, ids),
            "money": per_seat(self.money, lambda v: count(v) and v <= LIMIT),
            "bust": per_seat(self.bust, count),
            "turn": self.turn is None or (type(self.turn) is int and
                                          0 <= self.turn < self.players)}.items() if not ok]
        if bad:
            raise SetupError(f"ten: the position has a bad {', '.join(bad)}")
        held = sorted(c for zone in self.zones().values() for c in zone)
        if held != sorted(ids_for(self.players)):
            raise SetupError(f"ten: the position does not hold each of the "
                             f"{len(deck_for(self.players))} cards once")
        super().validate()


# action strings, built once (the hot paths only look them up)
BUY_ACTION = _action_names("buy", manifest(GAME_ID).codes("number"))
PAY_ACTION = _action_names("pay", [code for code in manifest(GAME_ID).codes()
                                    if _info(code)[0] != "money"])


# -- paying (TEN-R12) ---------------------------------------------------------------------

# What an item is likely to be worth at the end, in points of final score. A token buys cards
# and wins auctions while cards are to come, and only breaks ties at the end (TEN-R15); a card
# outside the best runs may still join one while many cards are to come — more so next to a
# card of its colour, a joker most of all (it fills any gap). `left` is the share of the pile
# still to come.
COIN_EARLY, COIN_LATE = 0.3, 0.05
SPARE_NEAR, SPARE_FAR, SPARE_JOKER = 0.8, 0.35, 1.5


def coin_worth(left: float) -> float:
    return COIN_LATE + (COIN_EARLY - COIN_LATE) * left


def _spare_worths(key: tuple[str, ...], left: float) -> list[tuple[float, str]]:
    """The cards outside the leanest best runs with what each may still add, cheapest
    first. Of identical cards only one can ever score: a copy of a card in the runs, or a
    second spare copy, adds nothing."""
    choices = _best(key, True)[2]
    in_runs = _run_cards(key, choices)
    spare = Counter(key) - in_runs
    held = set(key)
    out = []
    for code in sorted(spare.elements()):
        kind, value, colour = _info(code)
        if kind != "number":
            worth = SPARE_JOKER * left
        elif in_runs[code] or (out and out[-1][1] == code):
            worth = 0.0
        else:
            near = any(f"{colour}{value + d}" in held for d in (-2, -1, 1, 2))
            worth = (SPARE_NEAR if near else SPARE_FAR) * left
        out.append((worth, code))
    out.sort()
    return out


def best_payment(state: Ten, seat: int, price: int, cards: bool | None = None) -> list[str]:
    """The pay actions, in order, that keep the most of what `seat` is likely to have at
    the end: the score of the runs that stay (TEN-R14), what the cards outside them may
    still add, and the money kept (tokens, 3 per bust token, duplicates), each valued by
    how much of the pile is still to come (`coin_worth`, `_spare_worths`). Cards go
    cheapest first, duplicates and tokens next, bust tokens last so that only the last
    item may overshoot. `cards` defaults to whether the current payment allows cards (not
    in a solo auction, S4). Mona's order is fixed (S7). The table's suggestion and every
    bot pay by this plan."""
    if price <= 0:
        return []
    money, busts, dups = state.money[seat], state.bust[seat], len(state.duplicates[seat])
    if state.solo and seat == MONA:
        out = []
        while price > 0:
            if money:
                money, price, item = money - 1, price - 1, "pay t"
            elif busts:
                busts, price, item = busts - 1, price - BUST_WORTH, "pay x"
            elif dups:
                dups, price, item = dups - 1, price - 1, "pay d"
            else:
                raise ValueError("Mona cannot pay that much")
            out.append(item)
        return out
    if cards is None:
        cards = state.payment["cards"] if state.payment else True
    left = len(state.pile) / len(deck_for(state.players))
    coin = coin_worth(left)
    codes = state.codes(seat) if cards else []
    key = tuple(sorted(codes))
    full = _best(key, True)[0]
    spares = _spare_worths(key, left) if cards else []
    spare = len(spares)
    kept_spare = [0.0] * (spare + 1)        # what the spare cards left after paying k add
    for k in range(spare - 1, -1, -1):
        kept_spare[k] = kept_spare[k + 1] + spares[k][0]
    best = None
    for k in range(min(len(codes), price) + 1):
        if k > spare:
            score = _score_within(key, len(key) - k, len(key) - spare - 1)[0]
            future = 0.0
        else:
            score, future = full, kept_spare[k]
        for x in range(min(busts, -(-(price - k) // BUST_WORTH)) + 1):
            for d in range(min(dups, max(0, price - k - BUST_WORTH * x)) + 1):
                t = max(0, price - k - BUST_WORTH * x - d)
                if t > money:
                    continue
                paid = k + t + d + BUST_WORTH * x
                biggest = BUST_WORTH if x else 1
                if paid - biggest >= price:          # an item would be paid for nothing
                    continue
                kept = (money - t) + BUST_WORTH * (busts - x) + (dups - d)
                value = (round(score + future + coin * kept, 9), -k)
                if best is None or value > best[0]:
                    best = (value, k, t, x, d)
    if best is None:
        raise ValueError(f"seat {seat} cannot pay {price}")
    _, k, t, x, d = best
    out = [f"pay {code}" for code in _cards_to_pay(key, k, spares)]
    return out + ["pay d"] * d + ["pay t"] * t + ["pay x"] * x


def _cards_to_pay(key: tuple[str, ...], k: int, spares: list[tuple[float, str]]) -> list[str]:
    """The k cards a payment gives: the spare ones that may add least first; past them,
    the cards the best runs of what stays can do without."""
    if k <= len(spares):
        return [code for _, code in spares[:k]]
    choices = _score_within(key, len(key) - k, len(key) - len(spares) - 1)[1]
    rest = Counter(key) - _run_cards(key, choices)
    copies = Counter(key)

    def order(code: str):
        return (is_joker(code), copies[code] == 1, -_info(code)[1], code)
    return sorted(rest.elements(), key=order)[:k]


# -- what the table asks (#21): the rules above, answered from a view ------------------------

class TenView(View):
    """`Ten.view(seat)`: every zone but the pile is public, so every seat sees the same.
    Cards are ids ("B5#2"); `code_of` gives the printed code ("B5")."""

    pile: int                     # cards left to flip (TEN-R3)
    tableau: list[str]            # the flipped cards of the turn, in order
    total: int                    # the running total (TEN-R4): numbers less money
    money_showing: int            # the money cards of the tableau alone (TEN-R4)
    limit: int                    # the bust line (10)
    market: list[str]             # cards to buy (TEN-R10)
    removed: list[str]            # out of the game: money taken, jokers nobody bid on
    collections: list[list[str]]  # per seat, in the order collected
    duplicates: list[list[str]]   # per seat, face-down copies (TEN-R8)
    money: list[int]              # per seat, money tokens (TEN-R9)
    bust_tokens: list[int]        # per seat (TEN-R5, worth 3 in a payment)
    active: int                   # whose turn it is (not who bids or pays)
    auction: dict | None          # joker, order, next (index into order), high, bidder
    payment: dict | None          # payer, due (what is left to pay), card, cards, then
    final_round: list[int] | None  # the seats still to buy in the last round (TEN-R13)
    solo: bool                    # against Mona (section S)
    target: int                   # solo: the total Mona flips to (S2)
    variant_busted_buy: bool      # V1
    scoring: list[dict]           # at the end only: per seat, `score_breakdown`


def colour_of(code: str) -> str:
    """A card's colour letter ("B" for "B5" and the blue joker), "" for none."""
    return _info(code)[2]


def number_of(code: str) -> int:
    """The number printed on a card: a number card's, a number wild's, a money card's
    amount; 0 for the colour and super wilds."""
    return _info(code)[1]


def kind_of(code: str) -> str:
    """"number", "colour_wild", "number_wild", "super_wild" or "money"."""
    return _info(code)[0]


def price_of(code: str) -> int:
    """TEN-R10: a market card costs its number."""
    return _info(code)[1]


def pay_worth(action: str) -> int:
    """What a pay action pays (TEN-R12): a bust token 3, a token, a duplicate or a card 1."""
    return BUST_WORTH if action == "pay x" else 1


def payment_order(actions: Iterable[str]) -> list[str]:
    """The order to pay a chosen set of items in: cards, duplicates, tokens, bust tokens
    last, so that only the last item may pay more than is left (TEN-R12: no change)."""
    rank = {"pay d": 1, "pay t": 2, "pay x": 3}
    return sorted(actions, key=lambda a: rank.get(a, 0))


def payment_check(actions: Iterable[str], price: int) -> tuple[int, bool]:
    """(what the items pay together, whether they pay `price` as TEN-R12 allows: enough,
    and no item paid for nothing, as only the one paid last may overshoot)."""
    worths = [pay_worth(a) for a in actions]
    paid = sum(worths)
    return paid, bool(worths) and paid >= price and paid - max(worths) < price


class _ViewPosition:
    """What `best_payment` reads of a position, from a view: every zone it reads is
    public in TEN (the pile only by its size)."""

    def __init__(self, view: TenView) -> None:
        self.players = view["players"]
        self.pile = range(view["pile"])
        self.money = view["money"]
        self.bust = view["bust_tokens"]
        self.duplicates = view["duplicates"]
        self.solo = view["solo"]
        self.payment = view["payment"]
        self._collections = view["collections"]

    def codes(self, seat: int) -> list[str]:
        return [code_of(c) for c in self._collections[seat]]


def suggested_payment(view: TenView, seat: int, price: int,
                      cards: bool | None = None) -> list[str]:
    """`best_payment` for `seat` from a view (any seat's: TEN hides only the pile's
    order); [] when `seat` cannot pay `price`."""
    try:
        return best_payment(_ViewPosition(view), seat, price, cards)
    except ValueError:
        return []


def tie_breaks(view: TenView) -> list[tuple[int, int, int]]:
    """TEN-R15 per seat, from a finished game's view: (score, money with 3 per bust
    token, number cards outside the runs)."""
    return [(info["score"], view["money"][s] + BUST_WORTH * view["bust_tokens"][s],
             info["outside"]) for s, info in enumerate(view["scoring"])]


_BOUGHT = {action: code for code, action in BUY_ACTION.items()}


def buys(actions: Iterable[str]) -> list[str]:
    """The card codes that the buy actions among `actions` buy, sorted ("buy B5" -> "B5")."""
    return sorted(_BOUGHT[a] for a in actions if a in _BOUGHT)


def bids(actions: Iterable[str]) -> list[int]:
    """The amounts of the bid actions among `actions`, sorted ("bid 4" -> 4)."""
    return sorted(int(a[4:]) for a in actions if a.startswith("bid "))


_PAID = {action: code for code, action in PAY_ACTION.items()}


def paid_card(action: str) -> str | None:
    """The card code a pay action pays with ("pay G1" -> "G1"); None for a token, a bust
    token or a duplicate."""
    return _PAID.get(action)
