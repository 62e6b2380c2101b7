"""A TEN player that counts cards, from its own view only (plus `best_payment` on its
own public holdings).

Everything is valued in points of final score. A number card is worth what it adds to
the best runs now (TEN-R14, exact) plus a little for a card next to a run; a coin is
worth `coin_value` points, more early on when money still buys cards. Flipping uses the
coach's card counting (`odds`, `unseen`): when nothing unseen can bust it, it flips;
otherwise a two-flip lookahead over the cards not yet seen weighs the chance and cost of
busting against stopping now. Bids, buys and payments follow the plan every level and the
table share (`ten_paying`): a bid goes up to what the joker adds less what paying costs
(`bid_limit`), the last bidder bids the lowest it may; a buy takes the card worth most per
coin and never one whose payment gives up more final points than it brings; payments
follow `best_payment`. `sane` hands a search the moves it may choose among.
"""
from __future__ import annotations

from typing import cast

from tentable.bots.base import Bot
from tentable.engine.core import State
from tentable.engine.cards import code_of
from tentable.engine.ten_cards import (BUST_WORTH, LIMIT, MONA, card_info, deck_for, odds,
                                       score_of, unseen)
from tentable.engine.ten_paying import (bid_limit, best_payment, card_worth, purchase,
                                        sane_purchase, spending_worth)
from tentable.engine.ten import Ten
from tentable.engine.ten_moves import (FLIP, PASS, SKIP, STOP_MONEY, STOP_NUMBERS,
                                       TAKE_BUST_TOKEN, bid, read)
from tentable.engine.ten_view import TenView
from tentable.engine.ten_solo import SOLO_MIN_BID

DEPTH = 2             # flips of lookahead
EARLY_BIDDER = 0.7    # share of its limit a bidder who is not last opens with
MONA_MONEY = 0.3      # what a coin in Mona's hands costs me, against a rival's
RECKLESS = 0.5        # a search never flips at this chance of busting with points to take


class TenHeuristic(Bot):
    def choose(self, state: State) -> str:
        view = cast(TenView, state.view(self.seat))
        actions = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        self.view, self.state = view, state
        self.codes = [code_of(c) for c in view["collections"][self.seat]]
        self.base = score_of(self.codes)
        self.progress = view["pile"] / len(deck_for(view["players"]))
        phase = view["phase"]
        if phase == "pay":
            # one plan per payment: the best sequence stays best as it is paid
            plan = getattr(self, "_plan", None)
            if not plan or plan[0] not in actions:
                plan = best_payment(state, self.seat, view["payment"]["due"])
            self._plan = plan[1:]
            return plan[0]
        self._plan = None
        if phase == "flip":
            return self._flip_or_stop(actions)
        if phase == "auction":
            return self._bid(actions)
        return self._buy(actions)

    # -- values -------------------------------------------------------------------
    def coin_value(self) -> float:
        return spending_worth(self.progress, self.view["phase"] == "final")

    def card_value(self, code: str, extra: tuple[str, ...] = ()) -> float:
        """What `code` adds to my runs, with `extra` cards already added."""
        return card_worth([*self.codes, *extra], code, self.progress)

    # -- what a search may choose among ----------------------------------------------
    def sane(self, state: State, actions: list[str]) -> list[str]:
        """The moves of `actions` a good player may make about money (issue #39): the
        payment plan's next item; a bid up to the joker's `bid_limit`, and as the last
        bidder only the lowest; no buy whose payment gives up more final points than the
        card brings; no flip that more likely busts than not when stopping takes points. A search chooses among these, so noise never overrules the plan."""
        phase, seat = state.phase, self.seat
        if len(actions) == 1:
            return actions
        ten = cast(Ten, state)
        if phase == "flip" and STOP_NUMBERS in actions and self._reckless(ten):
            return [a for a in actions if a != FLIP]
        if phase == "pay":
            return [best_payment(ten, seat, ten.payment["due"])[0]]
        if phase == "auction":
            low, top, last = bid_bounds(ten, seat, actions)
            if top < low:
                return [PASS]
            return [a for a in actions
                    if a == PASS or low <= read(a).amount <= (low if last else top)]
        return [a for a in actions if read(a).kind != "buy" or
                sane_purchase(ten, seat, read(a).card, card_info(read(a).card)[1])]

    def _reckless(self, state: Ten) -> bool:
        """Whether flipping more likely busts than not (TEN-R4) while stopping would take
        points: at 9 or 10 with runs to gain, a search's few worlds flipped on by chance."""
        view = state.view(self.seat)
        if odds(view)["bust"] < RECKLESS:
            return False
        numbers = [code_of(c) for c in view["tableau"] if card_info(code_of(c))[0] == "number"]
        codes = state.codes(self.seat)
        return score_of([*codes, *numbers]) > score_of(codes)

    # -- flipping (TEN-R3..R6) ------------------------------------------------------
    def _flip_or_stop(self, actions: list[str]) -> str:
        view = self.view
        numbers = tuple(code_of(c) for c in view["tableau"]
                        if card_info(code_of(c))[0] == "number")
        left = unseen(view)
        coin = self.coin_value()
        # Mona's money only ever buys jokers (S5, S6); rivals' money buys cards too
        rival_share = MONA_MONEY if view["solo"] else \
            1.0 if view["players"] == 2 else 0.7
        my_tokens = view["money"][self.seat]
        values = {code: self.card_value(code, numbers)
                  for code in left if card_info(code)[0] == "number"}
        taken = score_of([*self.codes, *numbers]) - self.base if numbers else 0.0

        def stop(total_value: float, has_numbers: bool, money: int) -> float:
            best = -1e9
            if has_numbers:
                # the others receive the money showing: a cost shared out between rivals
                best = total_value - coin * money * rival_share
            if money:
                best = max(best, coin * min(money, LIMIT - my_tokens))
            return best

        def busted(money: int, paid: bool) -> float:
            value = coin * BUST_WORTH * 0.8
            return value - (coin * money if paid else 0.0)

        count = sum(left.values())

        def ev(total: int, money: int, value: float, has_numbers: bool, depth: int) -> float:
            now = stop(value, has_numbers, money)
            if depth == 0 or count == 0:
                return now
            flip = 0.0
            for code, n in left.items():
                kind, v, _ = card_info(code)
                if kind == "number":
                    if total + v > LIMIT:
                        out = busted(money, True)
                    else:
                        out = ev(total + v, money, value + values[code], True, depth - 1)
                elif kind == "money":
                    if money + v > LIMIT:
                        out = busted(0, False)
                    else:
                        out = ev(total - v, money + v, value, has_numbers, depth - 1)
                else:
                    out = now if depth == 1 else ev(total, money, value, has_numbers,
                                                    depth - 1)
                flip += n * out
            return max(now, flip / count) if now > -1e9 else flip / count

        stops = [a for a in actions if a != FLIP]
        if FLIP in actions and odds(view)["bust"] == 0.0:
            return FLIP                       # nothing unseen can bust me: a free card
        if FLIP in actions:
            now = stop(taken, STOP_NUMBERS in actions, view["money_showing"])
            later = ev(view["total"], view["money_showing"], taken, STOP_NUMBERS in actions,
                       DEPTH)
            if not stops or later > now + 0.05:
                return FLIP
        money_value = coin * min(view["money_showing"], LIMIT - my_tokens)
        number_value = taken - coin * view["money_showing"] * rival_share
        if STOP_NUMBERS in stops and (STOP_MONEY not in stops or number_value >= money_value):
            return STOP_NUMBERS
        return STOP_MONEY

    # -- auctions (TEN-R11, S5, S6) --------------------------------------------------
    def _bid(self, actions: list[str]) -> str:
        return bid_choice(cast(Ten, self.state), self.seat, actions)

    # -- buying (TEN-R10, TEN-R13, V1) -------------------------------------------------
    def _buy(self, actions: list[str]) -> str:
        state = cast(Ten, self.state)
        best, choice = 0.0, None
        for action in actions:
            move = read(action)
            if move.kind != "buy":
                continue
            code = move.card
            price = card_info(code)[1]
            if self.card_value(code) <= 0:
                continue                  # whatever it costs, it would be worth less
            # what the card likely adds less what its payment gives up (`best_payment`)
            worth = purchase(state, self.seat, code, price)
            if worth is None or worth[1] < 0:
                continue
            if worth[0] > 0 and (choice is None or worth[0] / price > best):
                best, choice = worth[0] / price, action
        if choice and TAKE_BUST_TOKEN in actions:
            # V1: the card against a bust token's 3 coins
            if best * card_info(read(choice).card)[1] < self.coin_value() * BUST_WORTH:
                return TAKE_BUST_TOKEN
        if choice:
            return choice
        return TAKE_BUST_TOKEN if TAKE_BUST_TOKEN in actions else SKIP


def bid_bounds(state: Ten, seat: int, actions: list[str]) -> tuple[int, int, bool]:
    """(lowest bid, the most worth bidding, whether `seat` bids last)."""
    auction = state.auction
    bids = sorted(read(a).amount for a in actions if read(a).kind == "bid")
    if not bids:
        return 1, 0, True
    top = bid_limit(state, seat, code_of(auction["joker"]), bids[0], bids[-1],
                    state.auctions_pay_with_cards)
    return bids[0], top, auction["next"] == len(auction["order"]) - 1


def bid_choice(state: Ten, seat: int, actions: list[str]) -> str:
    """How the heuristic bids for a joker (TEN-R11), from what every seat sees: up to the
    joker's `bid_limit`; the last bidder bids the lowest it may, an earlier one opens at
    `EARLY_BIDDER` of its limit. In solo, one above what Mona can pay, or drain her (S5,
    S6). The search's rollouts bid by `offer` too, with limits distilled from this
    (`ten_bids`), so they imagine rivals who make a joker dear as the heuristic does."""
    auction = state.auction
    bids = sorted(read(a).amount for a in actions if read(a).kind == "bid")
    if not bids:
        return PASS
    low, high = bids[0], bids[-1]
    limit = bid_bounds(state, seat, actions)[1]
    if state.solo and auction["next"] == 0:
        # S6: Mona will bid one more than me whenever she can pay it
        hers = state.money[MONA] + BUST_WORTH * state.bust[MONA] + len(state.duplicates[MONA])
        win = max(SOLO_MIN_BID, hers)
        if win <= min(high, limit):
            return bid(win)
        drain = min(high, hers - 1)       # she still takes it, for all she has
        return bid(drain) if drain >= low else PASS
    # The last bidder needs only the lowest bid it may make, if the joker is worth that
    # many coins; in solo that is one above Mona's opening (S5): she does not raise again.
    return offer(low, high, limit, auction["next"] == len(auction["order"]) - 1)


def offer(low: int, high: int, limit: int, last: bool) -> str:
    """The heuristic's bid with `limit` the most the joker is worth bidding: the last
    bidder bids the lowest it may, an earlier one opens at `EARLY_BIDDER` of its limit,
    and nobody bids past the limit or what it can pay (`high`)."""
    amount = low if last else max(low, int(EARLY_BIDDER * limit))
    return bid(amount) if amount <= min(high, limit) else PASS


__all__ = ["TenHeuristic", "bid_bounds", "bid_choice", "offer"]
