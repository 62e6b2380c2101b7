"""TEN, the card game (Johnson, Melvin, Stankewich): rules digest `rules/ten.md`, ids TEN-Rn,
and variant V1. The solo game against Mona (section S) is a variant class beside it,
`ten_solo.TenSolo`, which the registry sets up when the option `solo` is on (this module
never imports it).

Cards are physical ids ("B1#2", see `card_ids`); the pile is kept top-last so that flipping
is `pop()`; `deck=` speaks top-first like the rulebook. Every zone except the pile is public.
Beside it: the cards and their scoring (TEN-R14) in `ten_cards`, the payments (TEN-R12) in
`ten_paying`, what the table asks of a view in `ten_view`.
"""
from __future__ import annotations

from typing import ClassVar

from tentable.engine.core import Phase, State
from tentable.engine.cards import card_ids, check_deck, shuffled
from tentable.engine.errors import IllegalAction, SetupError, Term
from tentable.engine.options import Option
from tentable.engine.registry import register
from tentable.engine.secrecy import NOBODY, PUBLIC
from tentable.engine.ten_moves import (BIDS, BUY_ACTION, FLIP, PASS, PAY_ACTION, PAY_BUST,
                                       PAY_DUPLICATE, PAY_TOKEN, SKIP, STOP_MONEY,
                                       STOP_NUMBERS, TAKE_BUST_TOKEN, read)
from tentable.engine.ten_cards import (BUST_WORTH, CARD, GAME_ID, JOKERS, LIMIT,
                                       best_runs, deck_for, ids_for,
                                       score_breakdown, score_of)

FLIP, AUCTION, PAY, BUY, BUSTED, FINAL, OVER = (
    "flip", "auction", "pay", "buy", "busted", "final", "over")


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
        state = cls(players, seed, options, deck)     # Ten, or TenSolo for the option solo
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
            # the moves there are, never an example a player may not make (a card unbuyable)
            raise IllegalAction("refuse.ten.buy_like", moves=Term.move(*self.legal_actions()))
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
        actions = [FLIP] if self.pile else []
        numbers = money = False
        for card in self.tableau:
            if CARD[card][1] == "money":
                money = True
            else:
                numbers = True
        if numbers:
            actions.append(STOP_NUMBERS)
        if money:
            actions.append(STOP_MONEY)
        return actions

    def _check_flip(self, action: str) -> str:
        if action == FLIP:
            if not self.pile:
                raise IllegalAction("refuse.ten.pile_empty")
            return action
        if action == STOP_NUMBERS:
            if not self._has(False):
                raise IllegalAction("refuse.ten.no_numbers")
            return action
        if action == STOP_MONEY:
            if not self._has(True):
                raise IllegalAction("refuse.ten.no_money")
            return action
        raise IllegalAction("refuse.ten.flip_turn",
                            moves=Term.move(FLIP, STOP_NUMBERS, STOP_MONEY))

    def _perform_flip(self, action: str) -> None:
        if action == FLIP:
            self._flip()
        elif action == STOP_NUMBERS:
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
        return BIDS[low:high + 1] + [PASS]

    def _check_auction(self, action: str):
        if action == PASS:
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
            actions.append(PAY_TOKEN)
        if self.bust[payer]:
            actions.append(PAY_BUST)
        if self.duplicates[payer]:
            actions.append(PAY_DUPLICATE)
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
        move = read(action)
        if move.token:
            return (move.token,)
        what = move.card
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
        return self._buys(self.turn) + [SKIP]

    def _check_buy(self, action: str):
        if action == SKIP:
            return None
        return self._check_buy_words(action, self.turn)

    def _perform_buy(self, move) -> None:
        if move is None:
            self._end_turn()
        else:
            self._start_payment(self.turn, CARD[move[1]][2], move[1])

    # -- phase "busted": V1 --------------------------------------------------------------
    def _legal_busted(self) -> list[str]:
        return self._buys(self.turn) + [TAKE_BUST_TOKEN]

    def _check_busted(self, action: str):
        if action == TAKE_BUST_TOKEN:
            return None
        if action == SKIP:
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
        return self._buys(self.final[0]) + [SKIP]

    def _check_final(self, action: str):
        if action == SKIP:
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

    # TEN-R3: the pile is face down; every other card lies open (duplicates face down, but
    # TEN-R8 names what they are: the view shows them).
    secrecy = {"pile": NOBODY, "tableau": PUBLIC, "market": PUBLIC, "removed": PUBLIC,
               "auction": PUBLIC, "collection": PUBLIC, "duplicates": PUBLIC}

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
