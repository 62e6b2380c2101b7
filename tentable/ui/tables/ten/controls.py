"""What the player at the TEN table can do: flip, take the numbers or the money (TEN-R4..R9),
buy from the market by a click or a drag onto the collection (TEN-R10), pay in a tray
pre-filled with the engine's best payment (TEN-R12), bid or pass in an auction (TEN-R11),
with the buttons and keys for each. Only the legal set and the engine say what may be done.
"""
from __future__ import annotations

from collections import Counter as Multiset
from dataclasses import dataclass

import pygame

from tentable import speech
from tentable.engine import ten_moves as moves
from tentable.engine.cards import code_of
from tentable.engine.ten_cards import COLOURS, is_joker, odds
from tentable.engine.ten_view import (bids, buys, colour_of, number_of, payment_check,
                                      payment_order, price_of, suggested_payment)
from tentable.ui.tables.kit import CardTable, Handler, consumed
from tentable.ui.tables.ten.layout import market_cell
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dragdrop import DropTarget
from tentable.ui.widgets.sprite import CardSprite

BUYING = ("buy", "final", "busted")
HELD_Z = 1000


@dataclass
class Tray:
    """A payment being put together: what it buys, its price, the items chosen."""

    buy: str | None                    # the buy action, or None for a payment already due
    price: int
    items: list[str]                   # pay actions: tokens, duplicates, cards
    cancel: bool = True


class Controls(CardTable):
    def make_buttons(self) -> None:
        self.flip_button = self.bind(Button(t("ten.flip"), lambda: self.act(moves.FLIP),
                                            kind="primary"), lambda: moves.FLIP)
        self.numbers_button = self.bind(Button(t("ten.numbers"),
                                               lambda: self.act(moves.STOP_NUMBERS)),
                                        lambda: moves.STOP_NUMBERS)
        self.money_button = self.bind(Button(t("ten.money"),
                                             lambda: self.act(moves.STOP_MONEY)),
                                      lambda: moves.STOP_MONEY)
        self.skip_button = self.bind(Button(t("ten.skip"), self.skip), self.skip_move)
        self.coach_button = Button(t("ten.coach_off"), self.toggle_coach)
        # Bid and Pay name their moves too (`bind`), so Learn to play points at them
        self.pay_button = self.bind(Button(t("ten.pay"), self.pay, kind="primary"),
                                    self.pay_move)
        self.cancel_button = Button(t("ten.cancel"), self.close_tray)
        self.bid_button = self.bind(Button(t("ten.bid"), self.bid, kind="primary"),
                                    lambda: moves.bid(self.bid_amount))
        self.pass_button = Button(t("ten.pass"), lambda: self.act("pass"))
        self.plus1_button = Button("+1", lambda: self.step_bid(1))
        self.plus5_button = Button("+5", lambda: self.step_bid(5))
        self.minus_button = Button("\u22121", lambda: self.step_bid(-1))
        self.tray: Tray | None = None
        self.bid_amount = 0
        self.bid_turn: tuple | None = None  # (joker, bidder's place) the amount was set for
        self.typed = ""                     # digits typed for a bid
        self.cursor: str | None = None      # the market card chosen by keys ("B5")
        self.tray_pick = 0                  # the "Add:" chip chosen by keys in the tray
        self.hover_code: str | None = None
        self.mouse = (0, 0)
        self.held: CardSprite | None = None  # a market card being dragged (or springing back)
        self.held_code: str | None = None
        self.tray_hits: list[tuple[pygame.Rect, str, str]] = []
        self.tray_area = pygame.Rect(0, 0, 0, 0)     # where the tray was drawn
        self._coach: tuple[dict, dict] | None = None

    @property
    def buttons(self) -> tuple[Button, ...]:
        return (self.flip_button, self.numbers_button, self.money_button, self.skip_button,
                self.coach_button)

    def live_buttons(self) -> list[Button]:
        """The buttons that take input now: the table's, and the open panel's."""
        out = list(self.buttons)
        if self.tray_visible():
            out += [self.pay_button] + ([self.cancel_button] if self.tray.cancel else [])
        elif self.view["auction"] is not None and self.my_turn:
            out += [self.bid_button, self.pass_button, self.plus1_button, self.plus5_button,
                    self.minus_button]
        return out

    # -- the coach ---------------------------------------------------------------------
    @property
    def coach(self) -> bool:
        return bool(self.app.settings.get("coach", False))

    def toggle_coach(self) -> None:
        self.app.settings["coach"] = not self.coach
        self.app.invalidate()

    def coach_numbers(self) -> dict | None:
        """odds(view) for the flipping player, as the coach shows them (None when off)."""
        if not self.coach or self.view["phase"] != "flip" or not self.view["pile"]:
            return None
        if self._coach is None or self._coach[0] is not self.view:   # once per view
            self._coach = (self.view, odds(self.view))
        return self._coach[1]

    # -- what the player can do --------------------------------------------------------
    def buying(self) -> bool:
        return self.my_turn and self.view["phase"] in BUYING

    def tray_visible(self) -> bool:
        return self.tray is not None and self.my_turn

    def skip_move(self) -> str:
        return moves.TAKE_BUST_TOKEN if self.view["phase"] == "busted" else moves.SKIP

    def skip(self) -> None:
        self.act(self.skip_move())

    def lone_buttons(self) -> tuple[Button, ...]:
        return (self.coach_button,)

    def hint_marks(self) -> list[pygame.Rect]:
        """The buttons that may be pressed and the market cards that may be bought."""
        marks = super().hint_marks()
        if self.buying() and not self.tray_visible():
            marks += [self.market_cell(code) for code in buys(self.legal())]
        return marks

    def suggestion_marks(self, action: str) -> list[pygame.Rect]:
        """Hard's move lit where it is played: the market card to buy, the auction's Bid
        or Pass, the tray's Pay (its items are the table's suggested payment)."""
        move = moves.read(action)
        verb = move.kind
        if verb == "buy" and not self.tray_visible():
            return [self.market_cell(move.card)]
        panel = {"bid": self.bid_button, "pass": self.pass_button, "pay": self.pay_button}
        button = panel.get(verb)
        if button is not None and button in self.live_buttons() and button.rect.w:
            return [pygame.Rect(button.rect)]
        return super().suggestion_marks(action)

    def mode(self) -> str:
        """The main keys: flipping, or choosing a market card to buy (the tray and the
        auction show their own keys)."""
        return "buy" if self.buying() else "select"

    def press_refusal(self, pos: tuple[int, int]) -> str | None:
        """A collection is filled from the market: a press on one says so."""
        g = self.geo
        if any(rect.collidepoint(pos) for rect in (g.mine, *g.panels.values())):
            return t("ten.collection_click") if self.my_turn else \
                self.status_text() or t("table.not_your_turn")
        return super().press_refusal(pos)

    def pile_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.geo.card)
        rect.center = (round(self.geo.pile[0]), round(self.geo.pile[1]))
        return rect

    def refresh(self) -> None:
        """Buttons, the tray and the bid follow the view after every change."""
        legal = self.legal()
        phase = self.view["phase"]
        self.flip_button.enabled = moves.FLIP in legal
        self.numbers_button.enabled = moves.STOP_NUMBERS in legal
        self.money_button.enabled = moves.STOP_MONEY in legal
        self.skip_button.text = t("ten.bust_token") if phase == "busted" else t("ten.skip")
        self.skip_button.enabled = bool(legal & {moves.SKIP, moves.TAKE_BUST_TOKEN})
        self.coach_button.text = t("ten.coach_on" if self.coach else "ten.coach_off")
        self.pay_button.enabled = self.tray_status()[1]
        payment = self.view["payment"]
        if self.my_turn and phase == "pay" and payment and payment["payer"] == self.seat:
            if self.tray is None or self.tray.buy is not None:
                items = suggested_payment(self.view, self.seat, payment["due"])
                self.tray, self.tray_pick = Tray(None, payment["due"], items, cancel=False), 0
        elif self.tray is not None and (not self.my_turn or phase not in BUYING):
            self.tray = None
        auction = self.view["auction"]
        if phase == "auction" and self.my_turn:
            # each time the bid comes round to you it starts at the lowest you may bid,
            # never at what you bid for an earlier joker
            low, high = self.bid_range()
            turn = (auction["joker"], auction["next"])
            if low is not None and (turn != self.bid_turn
                                    or not low <= self.bid_amount <= high):
                self.bid_amount, self.typed = low, ""
            self.bid_turn = turn
        if self.buying() and (self.cursor is None or self.cursor not in self.market_codes()):
            legal_buys = buys(legal)
            codes = sorted(self.market_codes())
            self.cursor = legal_buys[0] if legal_buys else (codes[0] if codes else None)

    def bid_range(self) -> tuple[int | None, int]:
        amounts = bids(self.legal())
        return (amounts[0], amounts[-1]) if amounts else (None, 0)

    def market_codes(self) -> Multiset:
        return Multiset(code_of(c) for c in self.view["market"])

    def market_cell(self, code: str) -> pygame.Rect:
        return market_cell(self.geo, code)

    def card_rect(self, card) -> pygame.Rect | None:
        """A market card is drawn in its cell, not as a sprite."""
        if card in self.view["market"] and self.geo is not None:
            return self.market_cell(code_of(card))
        return super().card_rect(card)

    def step_bid(self, delta: int) -> None:
        low, high = self.bid_range()
        if low is None:
            return
        self.typed = ""
        self.bid_amount = max(low, min(high, self.bid_amount + delta))

    def bid(self) -> None:
        if self.typed:
            self.bid_amount = int(self.typed)
            self.typed = ""
        self.act(moves.bid(self.bid_amount))

    # -- the tray: a payment put together --------------------------------------------------
    def open_tray(self, code: str) -> bool:
        """Start buying `code`: the tray opens with the best payment; False (with the
        engine's reason) if it may not be bought."""
        action = moves.buy(code)
        reason = self.why_not(action)
        if reason is not None:
            self.refuse(reason)
            return False
        price = price_of(code)
        # the card being bought counts: a card it joins to a run is never suggested
        self.tray = Tray(action, price,
                         suggested_payment(self.view, self.seat, price, True, code))
        self.tray_pick = 0
        self.sync()
        return True

    def close_tray(self) -> None:
        if self.tray is not None and self.tray.cancel:
            self.tray = None
            self.sync()

    def tray_status(self) -> tuple[int, bool]:
        """(paid so far, whether the items pay the price exactly as the rules allow)."""
        if self.tray is None:
            return 0, False
        return payment_check(self.tray.items, self.tray.price)

    def pay_move(self) -> str | None:
        """The first move Pay plays: the tray's buy, or the first item of a payment due."""
        tray = self.tray
        if tray is None:
            return None
        return tray.buy or next(iter(payment_order(tray.items)), None)

    def pay(self) -> None:
        tray = self.tray
        if tray is None:
            return
        paid, ok = self.tray_status()
        if not ok:
            self.refuse(t("ten.pay_short", price=tray.price, paid=paid) if paid < tray.price
                        else t("ten.pay_over"))
            return
        actions = ([tray.buy] if tray.buy else []) + payment_order(tray.items)
        self.tray = None
        if not self.submit_all(actions):
            self.tray = tray

    def available(self) -> list[tuple[str, int]]:
        """(item, how many left) the payer could still add to the tray."""
        v, seat, tray = self.view, self.seat, self.tray
        chosen = Multiset(tray.items)
        out = [(moves.PAY_TOKEN, v["money"][seat] - chosen[moves.PAY_TOKEN]),
               (moves.PAY_BUST, v["bust_tokens"][seat] - chosen[moves.PAY_BUST]),
               (moves.PAY_DUPLICATE,
                len(v["duplicates"][seat]) - chosen[moves.PAY_DUPLICATE])]
        cards_ok = v["payment"]["cards"] if v["payment"] else True
        if cards_ok:
            held = Multiset(code_of(c) for c in v["collections"][seat])
            for code in sorted(held, key=lambda c: (is_joker(c), c)):
                out.append((moves.pay(code), held[code] - chosen[moves.pay(code)]))
        return [(item, n) for item, n in out if n > 0]

    def tray_add(self, item: str) -> None:
        if self.tray is not None and any(a == item for a, _ in self.available()):
            self.tray.items.append(item)
            self.refresh()
            self.app.invalidate()

    def tray_remove(self, item: str) -> None:
        if self.tray is not None and item in self.tray.items:
            self.tray.items.remove(item)
            self.refresh()
            self.app.invalidate()

    def picked(self) -> str | None:
        """The "Add:" chip chosen by keys (its index wraps round the row)."""
        items = self.available()
        return items[self.tray_pick % len(items)][0] if items else None

    # -- input -------------------------------------------------------------------------
    def input_chain(self) -> list[Handler]:
        """The log, then the live buttons (the table's and the open panel's), then the
        pointer and keys; the marks follow the view before and after each."""
        def refresh_first(event: pygame.event.Event) -> pygame.event.Event:
            self.refresh()
            return event

        def panel_buttons(event: pygame.event.Event) -> pygame.event.Event | None:
            for button in self.live_buttons():      # the panel open after the refresh
                if button.handle(event):
                    self.refresh()
                    return None
            return event

        def pointer_and_keys(event: pygame.event.Event) -> None:
            self.route_input(event)
            self.refresh()
        return [consumed(self.log.handle), refresh_first, panel_buttons, pointer_and_keys]

    def market_at(self, pos) -> str | None:
        for code in self.market_codes():
            if self.market_cell(code).collidepoint(pos):
                return code
        return None

    def on_pointer(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        self.drag.motion(pos)
        code = self.held_code if self.drag.sprite is not None else \
            None if self.tray_visible() else self.market_at(pos)   # the tray covers it
        if code != self.hover_code:
            self.hover_code = code
            self.app.invalidate()

    def on_press(self, pos: tuple[int, int]) -> None:
        if self.tray_visible():
            if any(button.rect.collidepoint(pos) for button in self.live_buttons()):
                return                # a press on Pay or Cancel is theirs alone
            for rect, kind, item in self.tray_hits:
                if rect.collidepoint(pos):
                    (self.tray_add if kind == "add" else self.tray_remove)(item)
                    return
            return
        code = self.market_at(pos)
        if code is not None and self.buying():
            rect = self.market_cell(code)
            self.held = CardSprite(self.game, code, pos=rect.center, size=rect.size, z=HELD_Z)
            self.held_code = code
            target = DropTarget(self.geo.mine, "buy", moves.buy(code) in self.legal(),
                                self.why_not(moves.buy(code)))
            self.drag.set_targets([target])
            self.drag.press(self.held, pos)
        elif code is not None and self.view["phase"] != "over":
            self.refuse(self.why_not(moves.buy(code)) or t("ten.not_buying"))
        elif self.pile_rect().collidepoint(pos):
            self.act(moves.FLIP)      # the draw pile flips its top card (TEN-R4)
        else:
            reason = self.press_refusal(pos)
            if reason is not None:
                self.refuse(reason, self.cards.at(list(self.cards.sprites), pos))

    def on_release(self, pos: tuple[int, int]) -> None:
        """A click or a drop onto the collection opens the tray; a refused drop springs
        back to its cell with the reason."""
        result = self.drag.release(pos)
        if result is None:
            return
        code = self.held_code
        if result.clicked or (result.target is not None and result.target.legal):
            self.held = None
            self.cursor = code
            self.open_tray(code)
        else:
            reason = result.reason or (self.why_not(moves.buy(code)) if result.target else None)
            self.refuse(reason or t("table.drop_nowhere"))
        self.drag.set_targets([])

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_c:
            self.toggle_coach()
        elif self.tray_visible():
            self.tray_key(event)
        elif self.view["phase"] == "auction" and self.my_turn:
            self.auction_key(event)
        elif key == pygame.K_f:
            self.act(moves.FLIP)
        elif key == pygame.K_n:
            self.act(moves.STOP_NUMBERS)
        elif key == pygame.K_m:
            self.act(moves.STOP_MONEY)
        elif key == pygame.K_s:
            self.act(moves.SKIP)
        elif key == pygame.K_x and self.view["phase"] == "busted":
            self.act(moves.TAKE_BUST_TOKEN)
        elif self.buying() and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                                       pygame.K_DOWN):
            self.move_cursor(key)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_b):
            if self.forced:
                self.act(self.forced)
            elif self.buying() and self.cursor is not None:
                self.open_tray(self.cursor)

    def auction_key(self, event: pygame.event.Event) -> None:
        """Digits type a bid, ↑↓ ±1, ←→ ±5, Enter bids (or passes when no bid is
        possible), P passes."""
        key = event.key
        if event.unicode and event.unicode.isdigit():
            self.typed = (self.typed + event.unicode)[-3:]
        elif key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        elif key in (pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.step_bid(1)
        elif key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step_bid(-1)
        elif key in (pygame.K_PAGEUP, pygame.K_RIGHT):
            self.step_bid(5)
        elif key in (pygame.K_PAGEDOWN, pygame.K_LEFT):
            self.step_bid(-5)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_b):
            if self.bid_range()[0] is None:
                self.act("pass")
            else:
                self.bid()
        elif key == pygame.K_p:
            self.act("pass")

    def move_cursor(self, key: int) -> None:
        self.step_cursor(key)
        if self.cursor is not None:      # read aloud, the market card the keys came to
            self.reader.speak(self.words.card(self.cursor), speech.NOW)

    def step_cursor(self, key: int) -> None:
        codes = sorted(self.market_codes(), key=lambda c: (COLOURS.index(colour_of(c)),
                                                           number_of(c)))
        if not codes:
            return
        if self.cursor not in codes:
            self.cursor = codes[0]
            return
        colour, number = colour_of(self.cursor), number_of(self.cursor)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = codes.index(self.cursor) + (1 if key == pygame.K_RIGHT else -1)
            self.cursor = codes[i % len(codes)]
            return
        step = 1 if key == pygame.K_DOWN else -1
        for k in range(1, 4):
            other = COLOURS[(COLOURS.index(colour) + step * k) % 4]
            row = [c for c in codes if colour_of(c) == other]
            if row:
                self.cursor = min(row, key=lambda c: abs(number_of(c) - number))
                return

    def tray_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.pay()
        elif key == pygame.K_BACKSPACE:
            self.close_tray()
        elif key == pygame.K_t:
            self.tray_add(moves.PAY_TOKEN)
        elif key == pygame.K_x:
            self.tray_add(moves.PAY_BUST)
        elif key == pygame.K_d:
            self.tray_add(moves.PAY_DUPLICATE)
        elif key in (pygame.K_DELETE, pygame.K_MINUS) and self.tray.items:
            self.tray.items.pop()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            # the keyboard's way to add any item, collection cards included: pick a chip
            # of the "Add:" row, then Space
            self.tray_pick += 1 if key == pygame.K_RIGHT else -1
        elif key in (pygame.K_SPACE, pygame.K_INSERT, pygame.K_PLUS, pygame.K_KP_PLUS,
                     pygame.K_EQUALS):
            picked = self.picked()
            if picked is not None:
                self.tray_add(picked)
