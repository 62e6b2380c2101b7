"""Solo TEN against Mona (rules digest `rules/ten.md`, section S): TEN with what Mona
changes, as a variant class. You are seat 0, Mona seat 1; her turns are automatic (S2),
her cards may turn into duplicates (S3), the auctions follow S4-S6, she pays in a fixed
order (S7) and never buys, and equal points are a draw (S8).

`new_game("ten", 2, options={"solo": True})` sets this class up (it is registered as TEN's
variant for the option `solo`); the game id, options, saves and records are TEN's.
Mona's decisions are each offered as one legal action.
"""
from __future__ import annotations

from tentable.engine.core import State
from tentable.engine.errors import IllegalAction
from tentable.engine.registry import register_variant
from tentable.engine.ten import Ten
from tentable.engine.ten_cards import CARD, COLOURS, GAME_ID, LIMIT, MONA
from tentable.engine.ten_moves import (BIDS, FLIP, PASS, PAY_ACTION, PAY_BUST, PAY_DUPLICATE,
                                       PAY_TOKEN, STOP_MONEY, STOP_NUMBERS, SKIP)

YOU = 0
SOLO_MIN_BID = 5      # S4


@register_variant(GAME_ID, "solo")
class TenSolo(Ten):
    solo = True
    auctions_pay_with_cards = False       # S4

    @property
    def automata(self) -> list[int]:
        return [MONA]

    # -- S3: duplicates ------------------------------------------------------------------
    def _acquire(self, seat: int, card: str) -> None:
        """A card identical to a held one, or a number joker whose number is held in all
        four colours, turns face down as a duplicate."""
        code, kind, value, colour = CARD[card]
        held = self.held_codes(seat)
        if code in held or (kind == "number_wild" and
                            all(f"{c}{value}" in held for c in COLOURS)):
            self.duplicates[seat].append(card)
            return
        super()._acquire(seat, card)
        if kind == "number" and f"W{value}" in held and \
                all(f"{c}{value}" in held or c == colour for c in COLOURS):
            # the fourth colour of a number makes its number joker superfluous
            wild = next(c for c in self.collections[seat] if CARD[c][0] == f"W{value}")
            self.collections[seat].remove(wild)
            self.duplicates[seat].append(wild)

    # -- S2: Mona's turn -----------------------------------------------------------------
    def _legal_flip(self) -> list[str]:
        if self.turn != MONA:
            return super()._legal_flip()
        total, _ = self._sums()
        if self.tableau and (total >= self.options["target"] or not self.pile):
            return [STOP_NUMBERS]
        return [FLIP]

    def _check_flip(self, action: str) -> str:
        if self.turn == MONA:
            if action == FLIP and self.pile and self._legal_flip() != [FLIP]:
                raise IllegalAction("refuse.ten.mona_stops")
            if action == STOP_NUMBERS:
                return action                # she takes them even when there are none
            if action == STOP_MONEY and self._has(True):
                raise IllegalAction("refuse.ten.mona_numbers")
        return super()._check_flip(action)

    def _flipped(self, kind: str) -> None:
        if self.turn != MONA:
            super()._flipped(kind)
        elif self._sums()[1] > LIMIT:        # she busts only on the money
            self._mona_takes()
            self.bust[MONA] += 1
            self._end_turn()

    def _stop_numbers(self) -> None:
        if self.turn != MONA:
            super()._stop_numbers()
            return
        self._mona_takes()
        self._end_turn()

    def _mona_takes(self) -> None:
        """Mona takes the numbers; you get the money unless it exceeded 10."""
        _, money = self._sums()
        for card in self.tableau:
            if CARD[card][1] == "money":
                self.removed.append(card)
            else:
                self._acquire(MONA, card)
        self.tableau = []
        if money <= LIMIT:
            self._receive(YOU, money)

    # -- S4..S6: auctions ------------------------------------------------------------------
    def _bid_range(self, seat: int) -> tuple[int, int]:
        auction = self.auction
        worth = self.wealth(seat, cards=False)                      # S4
        if seat == MONA:
            if auction["next"] == 0:                                # S5: she opens
                bid = self._mona_opening()
                return (bid, bid) if bid else (1, 0)
            bid = auction["high"] + 1 if auction["bidder"] is not None else SOLO_MIN_BID
            return (bid, bid) if worth >= bid else (1, 0)           # S6
        if auction["next"] == 0:                                    # S6: you bid first
            return SOLO_MIN_BID, worth
        if auction["bidder"] is not None:                           # S5: above her bid,
            return auction["high"] + 1, worth                       # empty if she bid it all
        return SOLO_MIN_BID, min(worth, SOLO_MIN_BID)               # S5: take it for 5

    def _mona_opening(self) -> int:
        """S5: Mona's bid on a joker you flipped, 0 for a pass: your total money if she can
        pay it, else all she can pay ("wenn möglich"); nothing if either is under 5."""
        yours, hers = self.wealth(YOU, cards=False), self.wealth(MONA, cards=False)
        bid = min(yours, hers)
        return bid if bid >= SOLO_MIN_BID else 0

    def _legal_auction(self) -> list[str]:
        if self.auction["order"][self.auction["next"]] != MONA:
            return super()._legal_auction()
        low, high = self._bid_range(MONA)
        return [BIDS[low]] if low <= high else [PASS]

    def _check_auction(self, action: str):
        if action == PASS and self.current_player == MONA:
            low, high = self._bid_range(MONA)
            if low <= high:
                raise IllegalAction("refuse.ten.mona_bids")
        return super()._check_auction(action)

    def _check_bid(self, seat: int, bid: int) -> None:
        if seat == YOU and self.auction["next"] > 0:                # S5: Mona opened
            high_bid, worth = self.auction["high"], self.wealth(YOU, cards=False)
            if self.auction["bidder"] is None:
                if bid > SOLO_MIN_BID:
                    raise IllegalAction("refuse.ten.mona_passed", n=SOLO_MIN_BID)
            elif high_bid >= worth:
                raise IllegalAction("refuse.ten.mona_all_in", bid=high_bid)
            elif bid <= high_bid:
                raise IllegalAction("refuse.ten.outbid_mona", bid=high_bid, n=worth)
        low = self._bid_range(seat)[0]
        if bid < low:
            raise IllegalAction("refuse.ten.solo_bid_low", n=low, least=SOLO_MIN_BID)
        super()._check_bid(seat, bid)

    # -- S4, S7: paying --------------------------------------------------------------------
    def _legal_pay(self) -> list[str]:
        payer = self.payment["payer"]
        if payer != MONA:
            return super()._legal_pay()
        # S7: tokens while she has any, then bust tokens, then duplicates
        return [PAY_TOKEN] if self.money[payer] else [PAY_BUST] if self.bust[payer] \
            else [PAY_DUPLICATE]

    def _check_pay(self, action: str) -> tuple:
        words = action.split(" ")
        if not self.payment["cards"] and len(words) == 2 and words[0] == "pay" and \
                words[1] in PAY_ACTION:
            raise IllegalAction("refuse.ten.solo_pay")
        return super()._check_pay(action)

    # -- S1, S7: the final round -------------------------------------------------------------
    def _legal_final(self) -> list[str]:
        return [SKIP] if self.final[0] == MONA else super()._legal_final()

    def _check_final(self, action: str):
        if action != SKIP and self.final[0] == MONA:
            raise IllegalAction("refuse.ten.mona_never_buys")
        return super()._check_final(action)

    # -- S8 ------------------------------------------------------------------------------------
    def winners(self) -> list[int]:
        """Equal points are a draw: TEN-R15's tie-breaks do not apply."""
        return State.winners(self)
