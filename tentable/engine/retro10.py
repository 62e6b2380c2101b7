"""10 – Special Retro Edition (Hans van Tol): rules digest `rules/retro10.md`, ids RX-Rn.

Every physical card has a stable id ("7#3", "S4#1", "J#2", "R3#1"). Piles are kept top-last
so that drawing is `pop()`; `deck=` and `rounds=` speak top-first like the rulebook.

A round is five phases (RX-R3..R8); each phase below is one or more engine phases:
phase 2 `place`; phase 3 `deal` (the opener's choice), `bid` (raising round the table) and
`protect` (raising protection after a swap); phase 4 `reveal` and `add`; phase 5 `start`
(the winner names the next start player). Phase 1 and the payouts are no one's decision and
happen inside `apply`.

Knowledge is per card: the first card of each seat lies face up or face down, and a face-down
one is known to every seat that has held it (`seen_by`, placer first), to nobody else.

The seven jokers are alike. Which joker id a seat is dealt is drawn by the seed, so an id
never tells a dealt joker from one drawn later (RX-R2 shuffles the spare ones into the deck).
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from tentable.engine.core import OVER, Phase, State
from tentable.engine.cards import card_ids, check_deck, shuffled
from tentable.engine.errors import IllegalAction, SetupError, Term
from tentable.engine.registry import register
from tentable.engine.retro10_zones import Retro10Zones
from tentable.engine.retro10_moves import (add, deal_actions, place_actions, protect, raise_to,
                                          read, start)
from tentable.engine.retro10_cards import (CHIP_POINTS, CHIPS, DEALT, GAME_ID, HAND, JOKER,
                                          MAX_PROTECTION, Retro10View, cards, fits,
                                          penalty_points, total_and_best)

PLACE, DEAL, BID, PROTECT, REVEAL, ADD, START = (
    "place", "deal", "bid", "protect", "reveal", "add", "start")


@lru_cache(maxsize=None)
def _move(action: str) -> tuple:
    """A legal action as the tuple its phase performs: its kind and what it names."""
    m = read(action)
    return {"place": (m.kind, m.card, m.up, m.amount), "add": (m.kind, m.card),
            "bid": (m.kind, m.seat, m.amount), "swap": (m.kind, m.seat),
            "start": (m.kind, m.seat), "raise": (m.kind, m.amount),
            "protect": (m.kind, m.amount)}.get(m.kind, (m.kind,))


def _check_spare_jokers(deck: Any, players: int) -> Any:
    """RX-R2: `deck=` holds the jokers nobody got. A wrong count gets a refusal of its own:
    a deck without them was right under an earlier reading of the rules."""
    info = cards()
    spare, normal = len(info.jokers) - players, len(info.draw_codes)
    if isinstance(deck, (list, tuple)) and deck.count(JOKER) != spare:
        holds = f"it holds {deck.count(JOKER)}"
        if not spare:
            raise SetupError(f"{GAME_ID}: with {players} players every joker is dealt, so "
                             f"the deck holds no J, only the {normal} normal and penalty "
                             f"cards; {holds}")
        raise SetupError(f"{GAME_ID}: with {players} players the deck holds the {normal} "
                         f"normal and penalty cards and the {spare} jokers nobody got "
                         f"({normal + spare} cards), so {spare} J; {holds}")
    return deck


def _number(word: str, what: str, high: int) -> int:
    if not (word.isascii() and word.isdigit() and len(word) <= 3) or int(word) > high:
        raise IllegalAction(what, text=repr(word[:20]))
    return int(word)


@register
class Retro10(Retro10Zones, State):
    game_id = GAME_ID
    title = "10 – Special Retro Edition"
    min_players = 2
    max_players = 7
    chance_keys = ("rounds",)
    lowest_wins = True           # RX-R10: for results screens and `sim` (not a core field)
    fields = ("round_no", "start", "step", "turn", "hands", "draw_deck", "round_stack",
              "round_card", "table", "up", "seen_by", "protection", "chips", "pot", "taken",
              "joker_shown", "auction", "protecting", "last_round", "ended_early")

    @classmethod
    def deck_codes(cls, players: int, options: dict) -> list[str]:
        """RX-R2: the 63 normal and penalty cards and the 7 - N jokers nobody got."""
        info = cards()
        return list(info.draw_codes) + [JOKER] * (len(info.jokers) - players)

    # -- setup (RX-R1, RX-R2) ----------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict, deck: Any, **chance: Any) -> "Retro10":
        info = cards()
        jokers = shuffled(info.jokers, seed, "jokers")
        dealt, spare = jokers[:players], jokers[players:]
        if deck is not None:
            deck = check_deck(GAME_ID, _check_spare_jokers(deck, players),
                              cls.deck_codes(players, options))
            spares = iter(spare)                     # the deck's J take the ids nobody got
            order = [next(spares) if code == JOKER else card
                     for code, card in zip(deck, card_ids(deck))]
        else:
            order = shuffled(list(info.draw_ids) + spare, seed, "deck")
        rounds = chance.get("rounds")
        kept = {}
        if rounds is not None:
            rounds = check_deck(GAME_ID, rounds, info.round_codes, what="rounds")
            kept["rounds"] = rounds
            round_order = card_ids(rounds)
        else:
            round_order = shuffled(info.round_ids, seed, "rounds")
        state = cls(players, seed, options, deck=deck, chance=kept)
        state.hands = [[joker] for joker in dealt]
        for i, card in enumerate(order[:DEALT * players]):    # one at a time from seat 0
            state.hands[i % players].append(card)
        state.draw_deck = order[DEALT * players:][::-1]
        state.round_stack = round_order[::-1]
        state.joker_shown = [False] * players
        state.chips = [CHIPS] * players
        state.pot = 0
        state.taken = [[] for _ in range(players)]
        state.round_no = 0
        state.last_round = None
        state.ended_early = False
        state._begin_round(0)                                 # seat 0 starts the first round
        return state

    def _begin_round(self, start: int) -> None:
        """RX-R3: turn up the next round card; then phase 2 from the start player."""
        n = self.players
        self.round_no += 1
        self.round_card = self.round_stack.pop()
        self.start = start
        self.table = [[] for _ in range(n)]
        self.up = [False] * n
        self.seen_by = [[] for _ in range(n)]
        self.protection = [0] * n
        self.auction = None
        self.protecting = []
        self.step, self.turn = 0, start
        self.goto(PLACE)

    # -- queries -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    def order(self) -> list[int]:
        """The round's turn order: clockwise from the start player."""
        return [(self.start + i) % self.players for i in range(self.players)]

    def _next_in_order(self) -> bool:
        """Hand the phase to the next seat in turn order; False once everyone had it."""
        self.step += 1
        if self.step == self.players:
            return False
        self.turn = (self.start + self.step) % self.players
        return True

    def _held(self, code: str) -> str:
        """The id of a card with this code in the mover's hand (refusal if none)."""
        table = cards().code
        for card in self.hands[self.turn]:
            if table[card] == code:
                return card
        raise IllegalAction("refuse.rx.not_held", card=Term.card(code[:20]))

    def _seat(self, word: str) -> int:
        seat = _number(word, "refuse.rx.not_a_seat", 99)
        if seat >= self.players:
            raise IllegalAction("refuse.rx.no_seat", seat=seat, last=self.players - 1)
        return seat

    @staticmethod
    def _words(action: str, verbs: dict[str, int], hint: str, **values: Any) -> list[str]:
        """Split an action and check its verb and length; `hint` is the refusal's key."""
        words = action.split()
        if not words or verbs.get(words[0]) != len(words):
            raise IllegalAction(hint, **values)
        return words

    # -- phase 2: the first card (RX-R4) --------------------------------------------------
    def _legal_place(self) -> list[str]:
        code = cards().code
        chips = min(self.chips[self.turn], MAX_PROTECTION)
        actions: list[str] = []
        for c in {code[card] for card in self.hands[self.turn]}:
            actions += place_actions(c, chips)
        return actions

    def _check_place(self, action: str) -> tuple:
        if self.is_legal(action):
            _, code, face_up, chips = _move(action)
            return self._held(code), face_up, chips
        words = action.split()
        if len(words) not in (3, 5) or words[0] != "place" or words[2] not in ("up", "down") \
                or (len(words) == 5 and words[3] != "protect"):
            raise IllegalAction("refuse.rx.hint.place")
        card = self._held(words[1])
        chips = 0
        if len(words) == 5:
            chips = _number(words[4], "refuse.rx.not_chips", 99)
            if not 1 <= chips <= MAX_PROTECTION:
                raise IllegalAction("refuse.rx.protect_1_or_2")
            if chips > self.chips[self.turn]:
                raise IllegalAction("refuse.rx.only_chips", n=self.chips[self.turn])
        return card, words[2] == "up", chips

    def _perform_place(self, move: tuple) -> None:
        card, face_up, chips = move
        seat = self.turn
        self.hands[seat].remove(card)
        self.table[seat] = [card]
        self.up[seat] = face_up
        self.seen_by[seat] = [seat]
        self.protection[seat] = chips
        self.chips[seat] -= chips
        if not self._next_in_order():
            self.step, self.turn = 0, self.start
            self.goto(DEAL)

    # -- phase 3: the opener's deal (RX-R5) ----------------------------------------------
    def _legal_deal(self) -> tuple[str, ...]:
        return deal_actions(self.turn, tuple(self.protection), self.chips[self.turn])

    def _check_deal(self, action: str) -> tuple:
        if self.is_legal(action):
            return _move(action)
        words = self._words(action, {"pass": 1, "swap": 2, "bid": 3},
                            "refuse.rx.hint.deal")
        if words[0] == "pass":
            return ("pass",)
        seat = self._seat(words[1])
        if seat == self.turn:
            raise IllegalAction("refuse.rx.own_card")
        guard = self.protection[seat]
        if words[0] == "swap":
            if guard:
                raise IllegalAction("refuse.rx.protected", seat=Term.seat(seat), n=guard)
            if not self.chips[self.turn]:
                raise IllegalAction("refuse.rx.swap_costs")
            return ("swap", seat)
        amount = _number(words[2], "refuse.rx.not_chips", 999)
        if not guard:
            raise IllegalAction("refuse.rx.unprotected", seat=Term.seat(seat))
        if amount < guard:
            raise IllegalAction("refuse.rx.bid_low", n=guard)
        if amount > self.chips[self.turn]:
            raise IllegalAction("refuse.rx.only_chips_to_bid", n=self.chips[self.turn])
        return ("bid", seat, amount)

    def _perform_deal(self, move: tuple) -> None:
        me = self.turn
        if move[0] == "pass":
            self._next_opener()
        elif move[0] == "swap":              # unprotected: 1 chip to the pot, swap at once
            self.chips[me] -= 1
            self.pot += 1
            self._swap(me, move[1])
        else:
            self.auction = {"owner": move[1], "high": me, "bid": move[2], "passes": 0}
            self.goto(BID)
            self._next_bidder()

    def _swap(self, bidder: int, owner: int) -> None:
        """RX-R5: the cards change places with their sides; the protection chips stay with
        their player; the new holder of a face-down card looks at it. Then the bidder and the
        owner may raise their protection."""
        for name in ("table", "up", "seen_by"):
            row = getattr(self, name)
            row[bidder], row[owner] = row[owner], row[bidder]
        for seat in (bidder, owner):
            if seat not in self.seen_by[seat]:
                self.seen_by[seat].append(seat)
        self.auction = None
        self.protecting = [bidder, owner]
        self.turn = bidder
        self.goto(PROTECT)

    def _next_opener(self) -> None:
        self.auction = None
        if self._next_in_order():
            self.goto(DEAL)
            return
        # RX-R6: all protection chips of the round go to the pot.
        self.pot += sum(self.protection)
        self.protection = [0] * self.players
        self.step = 0
        self._phase4_turn(self.start)

    # -- phase 3: bidding round the table (RX-R5) ----------------------------------------
    def _eligible(self) -> int:
        return self.players - 1          # everyone but the card's owner

    def _next_bidder(self) -> None:
        """Clockwise from the last speaker, never the owner nor the high bidder; the bidding
        ends once every other eligible player has passed in a row."""
        auction = self.auction
        if auction["passes"] >= self._eligible() - 1:
            self._settle()
            return
        seat = self.turn
        while True:
            seat = (seat + 1) % self.players
            if seat != auction["owner"] and seat != auction["high"]:
                break
        self.turn = seat

    def _settle(self) -> None:
        """The highest bidder pays the owner and swaps their card for the owner's."""
        auction = self.auction
        high, owner, amount = auction["high"], auction["owner"], auction["bid"]
        self.chips[high] -= amount
        self.chips[owner] += amount
        self._swap(high, owner)

    def _legal_bid(self) -> list[str]:
        chips = self.chips[self.turn]
        return ["pass"] + [raise_to(n) for n in range(self.auction["bid"] + 1, chips + 1)]

    def _check_bid(self, action: str) -> tuple:
        if self.is_legal(action):
            return _move(action)
        words = self._words(action, {"pass": 1, "raise": 2},
                            "refuse.rx.hint.bid", bid=self.auction["bid"])
        if words[0] == "pass":
            return ("pass",)
        amount = _number(words[1], "refuse.rx.not_chips", 999)
        if amount <= self.auction["bid"]:
            raise IllegalAction("refuse.rx.raise_low", bid=self.auction["bid"])
        if amount > self.chips[self.turn]:
            raise IllegalAction("refuse.rx.only_chips_to_raise", n=self.chips[self.turn])
        return ("raise", amount)

    def _perform_bid(self, move: tuple) -> None:
        auction = self.auction
        if move[0] == "pass":
            auction["passes"] += 1
        else:
            auction.update(high=self.turn, bid=move[1], passes=0)
        self._next_bidder()

    # -- phase 3: raising protection after a swap (RX-R5) --------------------------------
    def _legal_protect(self) -> list[str]:
        seat = self.turn
        have = self.protection[seat]
        return ["keep"] + [protect(n) for n in range(have + 1, MAX_PROTECTION + 1)
                           if n - have <= self.chips[seat]]

    def _check_protect(self, action: str) -> tuple:
        if self.is_legal(action):
            return _move(action)
        words = self._words(action, {"keep": 1, "protect": 2},
                            "refuse.rx.hint.protect")
        if words[0] == "keep":
            return ("keep",)
        seat = self.turn
        level = _number(words[1], "refuse.rx.not_chips", 99)
        if level <= self.protection[seat]:
            raise IllegalAction("refuse.rx.only_rises", n=self.protection[seat])
        if level > MAX_PROTECTION:
            raise IllegalAction("refuse.rx.at_most_2")
        if level - self.protection[seat] > self.chips[seat]:
            raise IllegalAction("refuse.rx.only_chips", n=self.chips[seat])
        return ("protect", level)

    def _perform_protect(self, move: tuple) -> None:
        seat = self.protecting.pop(0)
        if move[0] == "protect":
            self.chips[seat] -= move[1] - self.protection[seat]
            self.protection[seat] = move[1]
        if self.protecting:
            self.turn = self.protecting[0]
        else:
            self._next_opener()

    # -- phase 4: reveal and the second card (RX-R6, RX-R7) ------------------------------
    def _phase4_turn(self, seat: int) -> None:
        self.turn = seat
        self.goto(ADD if self.up[seat] else REVEAL)

    def _phase4_done(self) -> None:
        if self._next_in_order():
            self._phase4_turn(self.turn)
        else:
            self._showdown()

    def _legal_reveal(self) -> list[str]:
        return ["hide", "reveal"]

    def _check_reveal(self, action: str) -> tuple:
        if self.is_legal(action):
            return _move(action)
        words = self._words(action, {"reveal": 1, "hide": 1},
                            "refuse.rx.hint.reveal")
        return (words[0],)

    def _perform_reveal(self, move: tuple) -> None:
        if move[0] == "reveal":
            self.up[self.turn] = True
            self.goto(ADD)
        else:
            self._phase4_done()

    def _legal_add(self) -> list[str]:
        info = cards()
        first = info.value[self.table[self.turn][0]]
        return ["stand"] + [add(info.code[c]) for c in self.hands[self.turn]
                            if fits(first, info.value[c])]

    def _check_add(self, action: str) -> tuple:
        if self.is_legal(action):
            move = _move(action)
            return move if move[0] == "stand" else ("add", self._held(move[1]))
        words = self._words(action, {"add": 2, "stand": 1},
                            "refuse.rx.hint.add")
        if words[0] == "stand":
            return ("stand",)
        card = self._held(words[1])
        info = cards()
        first = info.value[self.table[self.turn][0]]
        if not fits(first, info.value[card]):
            raise IllegalAction("refuse.rx.over_ten",
                                first=Term.card(info.code[self.table[self.turn][0]]),
                                card=Term.card(words[1]), total=first + info.value[card])
        return ("add", card)

    def _perform_add(self, move: tuple) -> None:
        if move[0] == "add":
            self.hands[self.turn].remove(move[1])
            self.table[self.turn].append(move[1])
        self._phase4_done()

    # -- phase 5: the reveal, the loser, the pot, refilling (RX-R8, RX-R9) ---------------
    def _showdown(self) -> None:
        info = cards()
        self.up = [True] * self.players
        order = self.order()
        value = info.value
        results = {s: total_and_best([value[c] for c in self.table[s]]) for s in order}
        # Highest total wins; then the higher best single card; then earlier in turn order.
        winner = order[0]
        for s in order[1:]:
            if results[s] > results[winner]:
                winner = s
        # Lowest total among the others loses; on equal totals the later in turn order.
        loser = None
        for s in order:
            if s != winner and (loser is None or results[s][0] <= results[loser][0]):
                loser = s
        played = [c for s in order for c in self.table[s]]
        for s in order:                  # who put each card down: the placer, the adder
            self._show_jokers(self.seen_by[s][0], self.table[s][:1])
            self._show_jokers(s, self.table[s][1:])
        # what the showdown showed, whole: each seat's cards as well as all of them (the
        # log names them from here, not from a view before the last card was added)
        settled = {"round": self.round_no, "round_card": self.round_card,
                   "winner": winner, "loser": loser, "pot": self.pot,
                   "totals": [results[s][0] for s in range(self.players)],
                   "best": [results[s][1] for s in range(self.players)],
                   "order": order, "shown": [list(row) for row in self.table],
                   "cards": played}
        # RX-R8: the revealed round lies on the table before the loser takes it
        self.moment("showdown", **settled)
        self.taken[loser] += played + [self.round_card]
        self.table = [[] for _ in range(self.players)]
        self.last_round = settled
        self.round_card = None
        self.chips[winner] += self.pot
        self.pot = 0
        if not self.round_stack:                      # RX-R9: after the 10th round
            self._end()
            return
        for seat in order:                            # RX-R8 refill; RX-R9 early end
            hand = self.hands[seat]
            while len(hand) < HAND:
                if not self.draw_deck:
                    self.ended_early = True
                    self.taken[loser] += self.round_stack[::-1]
                    self.round_stack = []
                    self._end()
                    return
                hand.append(self.draw_deck.pop())
        self.turn = winner
        self.goto(START)

    def _show_jokers(self, seat: int, shown: list[str]) -> None:
        """Everyone saw `seat` put down or lay open the cards `shown` from its hand."""
        value = cards().value
        if any(value[c] is None for c in shown):
            self.joker_shown[seat] = True

    def _end(self) -> None:
        """RX-R9: each player adds their hand to the cards they took."""
        for seat in range(self.players):
            self._show_jokers(seat, self.hands[seat])
            self.taken[seat] += self.hands[seat]
            self.hands[seat] = []
        self.turn = None
        self.goto(OVER)

    def _legal_start(self) -> list[str]:
        return [start(s) for s in range(self.players)]

    def _check_start(self, action: str) -> tuple:
        if self.is_legal(action):
            return _move(action)
        words = self._words(action, {"start": 2},
                            "refuse.rx.hint.start")
        return "start", self._seat(words[1])

    def _perform_start(self, move: tuple) -> None:
        self._begin_round(move[1])

    # A round runs the phases in order (RX-R4..R8); within phase 3 each opener deals in
    # turn, a bid or a swap leading to the raising of protection; phase 4 goes seat by seat,
    # to reveal or straight to adding; the 10th round or an empty deck ends the game (RX-R9).
    first_phase = PLACE
    phases = {PLACE: Phase(_legal_place, _check_place, _perform_place, next=(DEAL,)),
              DEAL: Phase(_legal_deal, _check_deal, _perform_deal,
                          next=(DEAL, BID, PROTECT, REVEAL, ADD)),
              BID: Phase(_legal_bid, _check_bid, _perform_bid, next=(PROTECT,)),
              PROTECT: Phase(_legal_protect, _check_protect, _perform_protect,
                             next=(DEAL, REVEAL, ADD)),
              REVEAL: Phase(_legal_reveal, _check_reveal, _perform_reveal,
                            next=(ADD, REVEAL, START, OVER)),
              ADD: Phase(_legal_add, _check_add, _perform_add,
                         next=(ADD, REVEAL, START, OVER)),
              START: Phase(_legal_start, _check_start, _perform_start, next=(PLACE,))}

    # -- scores (RX-R10) -------------------------------------------------------------------
    def penalty(self, seat: int) -> int:
        return penalty_points(self.taken[seat])

    def scores(self) -> list[int]:
        return [self.penalty(s) - CHIP_POINTS * self.chips[s] for s in range(self.players)]

    def winners(self) -> list[int]:
        """RX-R10: the lowest score wins; ties are shared."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = min(scores)
        return [s for s, score in enumerate(scores) if score == best]

    # -- information -------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        """The game's keys of `Retro10View`."""
        info = cards()
        auction = dict(self.auction) if self.auction else None
        return {
            "round": self.round_no, "round_card": self.round_card,
            "rounds_left": len(self.round_stack), "deck": len(self.draw_deck),
            "start": self.start, "order": self.order(),
            "opener": (self.start + self.step) % self.players
            if self.phase in (DEAL, BID, PROTECT) else None,
            "hand": None if seat is None else sorted(
                self.shown(f"hand {seat}", seat, self.hands[seat]),
                key=lambda c: (info.value[c] is None, info.value[c] or 0, c)),
            "hand_sizes": [len(h) for h in self.hands],
            "table": self._table_view(seat),
            "protection": list(self.protection), "chips": list(self.chips), "pot": self.pot,
            "taken": [list(t) for t in self.taken],
            "penalty": [self.penalty(s) for s in range(self.players)],
            "joker_shown": list(self.joker_shown), "auction": auction,
            "protecting": list(self.protecting),
            "last_round": None if self.last_round is None else {
                k: [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list)
                else v for k, v in self.last_round.items()},
            "ended_early": self.ended_early,
            "lowest_wins": self.lowest_wins,
        }

    @staticmethod
    def public_action(action: str, actor: int, seat: int | None) -> str:
        """How `seat` may see `actor`'s action in a log: a card placed face down is
        'place a card down' to everybody else (the history itself names it)."""
        move = read(action)
        if move.kind == "place" and not move.up and seat != actor:
            return str(replace(move, card=""))
        return action

