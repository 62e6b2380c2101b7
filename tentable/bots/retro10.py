"""A 10 – Special Retro Edition player that decides from its own view only.

It counts cards: every card it has seen (its hand, face-up cards, the face-down cards it has
held, the penalty piles) is out of the unseen pool, and the other players' hands and unknown
face-down cards are sampled from that pool. The pool holds all seven jokers: the ones nobody
was dealt are shuffled into the deck (RX-R2), so any hand may hold one, or two. Each sample
plays the round out greedily (every player makes the best total it can), and each candidate
action is priced in expected penalty points: the chance of losing times the cards the loser
takes, minus the chance of winning times the pot, plus the chips it spends, minus the penalty
points it sheds from its hand. High cards go face down and get protected; a bid is opened
when the card is worth more than the chips; and now and then it protects a poor card face
down, as a bluff, to draw bids.
"""
from __future__ import annotations

import math
import statistics
from collections import Counter
from functools import lru_cache
from typing import cast

from tentable.bots.base import Bot
from tentable.engine import retro10_moves as moves
from tentable.engine.cards import code_of
from tentable.engine.core import State
from tentable.engine.retro10_cards import (MAX_PROTECTION, TEN, Retro10View, cards,
                                          total_and_best)

SAMPLES = 40
BLUFF = 0.12                    # how often a weak hand protects a poor card face down
TAKE_RISK = {0: 0.22, 1: 0.12, 2: 0.06}   # chance one opponent takes a card so protected
NEAR = 0.5                      # penalty points: placements this close are equally good
CHIP = 2                        # RX-R10: a chip is worth 2 penalty points
JOKER_LATER = 4.0               # a joker kept for a later round: a sure 10 then
TAKE_MARGIN = 0.25              # penalty points a card taken for chips must save beyond them
TAKE_ERRORS = 2.0               # ... and standard errors of that saving over the worlds


@lru_cache(maxsize=1)
def tables() -> tuple[dict, dict, Counter]:
    """Face value and penalty points by card code, and every card but the round cards (the
    draw cards and all seven jokers) as a multiset."""
    info = cards()
    value = {info.code[c]: info.value[c] for c in info.ids}
    points = {info.code[c]: info.points[c] for c in info.ids}
    return value, points, Counter(info.draw_codes) + Counter(info.code[c] for c in info.jokers)


def final(first: str, hand, can_add: bool) -> tuple[int, int, list[str]]:
    """The best (total, best single, cards) a player reaches from `first` (RX-R6, RX-R7)."""
    value = tables()[0]
    v = value[first]
    if v is None:
        return TEN, TEN, [first]
    best = (v, v, [first])
    if not can_add:
        return best
    room = TEN - v
    for c in hand:
        w = value[c]
        if w is None:
            cand = (TEN, max(v, TEN - v), [first, c])
        elif w <= room:
            cand = (v + w, max(v, w), [first, c])
        else:
            continue
        if cand[:2] > best[:2]:
            best = cand
    return best


def plan(hand) -> tuple[int, int, list[str]]:
    """The best first card a player can place from `hand`, adding a second later."""
    best = None
    for i, c in enumerate(hand):
        cand = final(c, hand[:i] + hand[i + 1:], True)
        if best is None or cand[:2] > best[:2]:
            best = cand
    return best


class Retro10Heuristic(Bot):
    samples = SAMPLES               # worlds each decision is priced on

    def choose(self, state: State) -> str:
        view = cast(Retro10View, state.view(self.seat))
        actions = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        phase = view["phase"]
        if phase == "start":
            return moves.start(self.seat)
        self._read(view)
        if phase == "place":
            return self._place(actions)
        if phase == "deal":
            return self._deal(actions)
        if phase == "bid":
            return self._bid(actions)
        if phase == "protect":
            return self._protect(actions)
        return self._phase4(phase, actions)

    # -- what a search may choose among ------------------------------------------------
    def sane(self, state: State, actions: list[str]) -> list[str]:
        """The moves of `actions` a good player may make with chips (issue #39): a chip is
        2 penalty points (RX-R10), so a swap, bid or raise is allowed only where the card
        improves the expected showdown by at least what it costs, priced on this seat's
        worlds; protection only as the heuristic places and raises it. A search chooses
        among these, so a few worlds' noise never pays 7 chips for a face-up 7."""
        view = cast(Retro10View, state.view(self.seat))
        phase = view["phase"]
        if len(actions) < 2 or phase not in ("place", "deal", "bid", "protect"):
            return actions
        self._read(view)
        if phase == "place":
            costs = self._placements()
            best = min(costs.values())
            near = {moves.place(code, False, p)
                    for (code, p), cost in costs.items() if cost <= best + NEAR}
            return [a for a in actions if not moves.read(a).amount or a in near]
        if phase == "protect":
            costs = self._protections(actions)
            return [a for a in actions if a in costs and costs[a] <= costs[moves.KEEP]]
        if phase == "deal":
            return [moves.PASS] + [a for a in actions
                                   if a != moves.PASS and self._deal_worth(a)]
        owner = view["auction"]["owner"]
        return [moves.PASS] + [a for a in actions if a != moves.PASS
                               and self._worth_taking(owner, moves.read(a).amount)]

    # -- what it knows ---------------------------------------------------------------
    def _read(self, view: dict) -> None:
        self.view = view
        self.value, self.points, playing = tables()
        me, n = self.seat, view["players"]
        self.hand = [code_of(c) for c in view["hand"]]
        self.order = view["order"]
        self.index = {s: i for i, s in enumerate(self.order)}
        seen = Counter(self.hand)
        firsts: list = []
        for s, row in enumerate(view["table"]):
            codes = [entry["code"] for entry in row]
            seen.update(c for c in codes if c)
            firsts.append(codes[0] if row else "")     # None: face down, unknown to me
        for pile in view["taken"]:
            seen.update(code_of(c) for c in pile if not c.startswith("R"))
        pool = Counter(playing)
        pool.subtract(seen)
        self.pool = list((+pool).elements())
        self.firsts = firsts
        self.seconds = [[e["code"] for e in row[1:]] for row in view["table"]]
        phase = view["phase"]
        if phase in ("reveal", "add"):
            at = self.index[view["current_player"]]
            self.done = {s for s in self.order if self.index[s] < at}
        else:
            self.done = set()
        self.round_points = int(code_of(view["round_card"])[1:])
        rest = self.pool or ["1"]
        self.refill = 0.0 if view["rounds_left"] == 0 or view["deck"] < n else \
            sum(self.points[c] for c in rest) / len(rest)
        self.pot = view["pot"] + sum(view["protection"])
        self._samples = self._sample(me)

    def _sample(self, me: int) -> list[dict]:
        """Other players' hands and unknown first cards, drawn from the unseen pool."""
        view, rng = self.view, self.rng
        others = [s for s in self.order if s != me]
        need = sum(view["hand_sizes"][s] + (self.firsts[s] is None) for s in others) + 1
        samples = []
        for _ in range(self.samples):
            drawn = rng.sample(self.pool, need) if len(self.pool) >= need else \
                [rng.choice(self.pool or ["1"]) for _ in range(need)]
            hands, firsts = {}, {}
            at = 0
            for s in others:
                k = view["hand_sizes"][s]
                hands[s] = drawn[at:at + k]
                at += k
                if self.firsts[s] is None:
                    firsts[s] = drawn[at]
                    at += 1
                else:
                    firsts[s] = self.firsts[s]
            results = {s: self._outcome(s, firsts[s], hands[s]) for s in others}
            samples.append({"hands": hands, "firsts": firsts, "spare": drawn[at],
                            "results": results})
        return samples

    def _outcome(self, s: int, first: str, hand) -> tuple[int, int, list[str]]:
        if not first:                                   # not placed yet
            return plan(hand)
        if self.seconds[s] or s in self.done:
            played = [first] + self.seconds[s]
            return (*total_and_best([self.value[c] for c in played]), played)
        return final(first, hand, True)

    def _cost(self, mine, swap_with: int | None = None, paid: float = 0.0,
              dump: float = 0.0, extra_pot: int = 0) -> float:
        """Expected penalty points of a plan. `mine(sample)` gives my (total, best, cards);
        `swap_with`: the seat whose first card I take (it gets mine)."""
        costs = self._costs(mine, swap_with, extra_pot)
        return sum(costs) / len(costs) + paid - dump

    def _costs(self, mine, swap_with: int | None = None, extra_pot: int = 0) -> list[float]:
        """`_cost` world by world, before chips paid and points shed."""
        me, points = self.seat, self.points
        out = []
        pot = CHIP * (self.pot + extra_pot)
        for sample in self._samples:
            results = dict(sample["results"])
            if swap_with is not None:
                results[swap_with] = self._outcome(swap_with, self.firsts[me],
                                                   sample["hands"][swap_with])
            results[me] = mine(sample)
            winner = loser = None
            for s in self.order:          # RX-R8, as in the engine
                total, best = results[s][0], results[s][1]
                if winner is None or (total, best) > results[winner][:2]:
                    winner = s
            for s in self.order:
                if s != winner and (loser is None or results[s][0] <= results[loser][0]):
                    loser = s
            if loser == me:
                out.append(self.round_points + sum(
                    points[c] for r in results.values() for c in r[2]))
            else:
                out.append(-pot if winner == me else 0.0)
        return out

    def _shed(self, code: str) -> float:
        """Penalty points gone from my hand by playing `code` (a drawn card replaces it)."""
        later = JOKER_LATER if self.value[code] is None and self.view["rounds_left"] else 0.0
        return self.points[code] - self.refill - later

    def _hand_without(self, code: str) -> list[str]:
        rest = list(self.hand)
        rest.remove(code)
        return rest

    def _risk(self, protection: int, openers: int) -> float:
        return 1 - (1 - TAKE_RISK[min(protection, MAX_PROTECTION)]) ** max(openers, 0)

    # -- phase 2 ----------------------------------------------------------------------
    def _place(self, actions: list[str]) -> str:
        chips = self.view["chips"][self.seat]
        costs = self._placements()
        # variety: placements within NEAR of the best are played at random (seeded); round
        # one's joker with one chip or two, say, differ by less than the samples can tell
        best_cost = min(costs.values())
        code, p = self.rng.choice(sorted(k for k, c in costs.items() if c <= best_cost + NEAR))
        if plan(self.hand)[0] <= 5 and chips >= 3 and self.rng.random() < BLUFF:
            code = min(self.hand, key=lambda c: TEN + 1 if self.value[c] is None
                       else self.value[c])
            p = 1
        action = moves.place(code, False, p)
        return action if action in actions else actions[0]

    def _placements(self) -> dict[tuple[str, int], float]:
        """Each face-down placement (card, protection) with its expected penalty points."""
        openers = self.view["players"] - 1
        chips = self.view["chips"][self.seat]
        costs: dict[tuple[str, int], float] = {}
        for code in dict.fromkeys(self.hand):
            rest = self._hand_without(code)
            outcome = final(code, rest, True)
            keep = self._cost(lambda sample, o=outcome: o, dump=self._shed(code))
            taken = self._cost(lambda sample, r=rest: final(sample["spare"], r, True),
                               dump=self._shed(code))
            for p in range(0, min(chips, MAX_PROTECTION) + 1):
                risk = self._risk(p, openers)
                costs[code, p] = (1 - risk) * keep + risk * (taken - CHIP * p) + CHIP * p * 0.5
        return costs

    # -- phase 3 ----------------------------------------------------------------------
    def _mine(self, first_of):
        return lambda sample: final(first_of(sample), self.hand, True)

    def _keep_cost(self) -> float:
        return self._cost(self._mine(lambda sample: self.firsts[self.seat]))

    def _take_cost(self, seat: int, price: float, fee_to_pot: int = 0) -> float:
        known = self.firsts[seat]
        return self._cost(self._mine(lambda sample: known or sample["firsts"][seat]),
                          swap_with=seat, paid=CHIP * price, extra_pot=fee_to_pot)

    def _worth_taking(self, seat: int, price: int, fee_to_pot: int = 0) -> bool:
        """Whether taking `seat`'s card for `price` chips (RX-R5) improves my expected
        showdown by more than the chips cost, 2 penalty points each (RX-R10), on the same
        worlds by a margin and by two standard errors: on 40 worlds a card that merely
        looked better paid chips for nothing."""
        known = self.firsts[seat]
        keep = self._costs(self._mine(lambda sample: self.firsts[self.seat]))
        take = self._costs(self._mine(lambda sample: known or sample["firsts"][seat]),
                           swap_with=seat, extra_pot=fee_to_pot)
        gains = [k - t - CHIP * price for k, t in zip(keep, take)]
        gain = statistics.fmean(gains)
        spread = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        return gain > max(TAKE_MARGIN, TAKE_ERRORS * spread)

    def _deal_cost(self, action: str) -> float:
        """Expected penalty points after a swap (1 chip to the pot) or a bid won."""
        move = moves.read(action)
        if move.kind == "swap":
            return self._take_cost(move.seat, 1, fee_to_pot=1)
        return self._take_cost(move.seat, move.amount)

    def _deal_worth(self, action: str) -> bool:
        move = moves.read(action)
        if move.kind == "swap":
            return self._worth_taking(move.seat, 1, fee_to_pot=1)
        return self._worth_taking(move.seat, move.amount)

    def _deal(self, actions: list[str]) -> str:
        best, best_cost = moves.PASS, self._keep_cost()
        for action in actions:
            move = moves.read(action)
            if move.kind == "bid" and move.amount != self.view["protection"][move.seat]:
                continue                # opening at the protection is the cheapest bid
            if move.kind in ("swap", "bid") and self._deal_worth(action):
                cost = self._deal_cost(action)
                if cost < best_cost:
                    best, best_cost = action, cost
        return best

    def _bid(self, actions: list[str]) -> str:
        auction = self.view["auction"]
        if not moves.raises(actions):
            return moves.PASS
        amount = auction["bid"] + 1
        if self._worth_taking(auction["owner"], amount):
            return moves.raise_to(amount)
        return moves.PASS

    def _protect(self, actions: list[str]) -> str:
        best, best_cost = moves.KEEP, None
        for action, cost in self._protections(actions).items():
            if best_cost is None or cost < best_cost - 0.1:
                best, best_cost = action, cost
        return best

    def _protections(self, actions: list[str]) -> dict[str, float]:
        """Each protection level's expected penalty points; `keep` alone when nobody is
        left to open a deal."""
        view = self.view
        have = view["protection"][self.seat]
        step = self.index[view["opener"]]
        openers = sum(1 for s in self.order[step + 1:] if s != self.seat)
        if not openers:
            return {moves.KEEP: 0.0}
        keep = self._keep_cost()
        taken = self._cost(lambda sample: final(sample["spare"], self.hand, True))
        costs = {}
        for action in actions:
            level = have if action == moves.KEEP else moves.read(action).amount
            risk = self._risk(level, openers)
            costs[action] = (1 - risk) * keep + risk * taken + CHIP * (level - have) * 0.5
        return costs

    # -- phase 4 ----------------------------------------------------------------------
    def _phase4(self, phase: str, actions: list[str]) -> str:
        first = self.firsts[self.seat]
        stand = self._cost(lambda sample: final(first, [], False))
        best, best_cost = moves.STAND, stand
        for code in dict.fromkeys(self.hand):
            action = moves.add(code)
            if phase == "add" and action not in actions:
                continue
            if self.value[first] is not None and self.value[code] is not None and \
                    self.value[first] + self.value[code] > TEN:
                continue
            outcome = (*total_and_best([self.value[first], self.value[code]]), [first, code])
            cost = self._cost(lambda sample, o=outcome: o, dump=self._shed(code))
            if cost < best_cost:
                best, best_cost = action, cost
        if phase == "reveal":
            return moves.REVEAL if best != moves.STAND else moves.HIDE
        return best
