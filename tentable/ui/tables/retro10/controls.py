"""What the player at the Retro10 table can do. The action panel's title and buttons are
declared per phase (`PANELS`: a phase's name -> the method that lays out its panel), as
the engine declares its phases; only `legal()` says what is allowed, the panel shows it.

Phase 2 places a card through a popover (`Pending`: the card, its side, its chips; RX-R4);
phase 3 picks another seat's card to swap or bid for and an amount (`Marks`; RX-R5);
phase 4 reveals and adds a second card (RX-R6/R7), dimming the cards that would pass 10;
phase 5 names the next start player (RX-R8).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import pygame

from tentable.engine import retro10_moves as moves
from tentable.engine.retro10_cards import face_value
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.tables.kit import CONFIRM_KEYS, CardTable
from tentable.ui.tables.retro10.layout import first_key, place_rect
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dragdrop import DropTarget

Rows = list[list[Button]]


@dataclass
class Pending:
    """A placement being chosen in the popover: the card, its side and its chips."""

    card: str
    up: bool = True
    chips: int = 0


@dataclass
class Marks:
    target: int | None = None          # phase 3: the card chosen to swap or bid for
    amount: int = 0                    # phase 3: the bid or raise being chosen
    start: int | None = None           # phase 5: the next start player being chosen
    auction: tuple | None = None       # phase 3: the bid the amount was chosen against
    dimmed: set = field(default_factory=set)


#: The action panel of each phase on the player's turn (the method that fills it).
PANELS = {"place": "place_panel", "deal": "deal_panel", "bid": "bid_panel",
          "protect": "protect_panel", "reveal": "reveal_panel", "add": "add_panel",
          "start": "start_panel"}


class Controls(CardTable):
    def make_controls(self) -> None:
        self.pending: Pending | None = None
        self.playing: str | None = None      # the hand card the gesture under way plays
        self.marks = Marks()
        self.title = ""
        self._buttons: list[Button] = []

    @property
    def buttons(self) -> tuple[Button, ...]:
        return tuple(self._buttons)

    @property
    def phase(self) -> str:
        return self.view["phase"]

    def code(self, card: str) -> str:
        """The code an action names a card by (the engine's notation)."""
        return self.card_code(card)

    # -- marks and the panel ---------------------------------------------------------------
    def refresh(self) -> None:
        """Selection, lit and dimmed cards, and the buttons of the action panel."""
        if self.geo is None:
            return
        v, legal, phase, hand = self.view, self.legal(), self.phase, self.hand
        if self.selected not in hand:
            self.selected = None
        if self.pending is not None and (phase != "place" or self.pending.card not in hand
                                         or not legal):
            self.pending = None
        self.marks.dimmed = {c for c in hand if moves.add(self.code(c)) not in legal} \
            if phase == "add" and legal else set()
        self.refresh_choices(v, legal, phase)
        for card, sprite in self.cards.sprites.items():
            sprite.selected = card == self.selected and card in hand and (
                self.pending is None or self.pending.card != card)
            sprite.highlight = False
            sprite.dimmed = card in self.marks.dimmed
            if card not in hand:
                sprite.hover = False
        lit = set()
        if phase == "bid" and v["auction"]:
            lit.add(first_key(v, v["auction"]["owner"]))
        if phase == "deal" and legal and self.marks.target is not None:
            lit.add(first_key(v, self.marks.target))
        for key in lit:
            if key in self.cards.sprites:
                self.cards[key].highlight = True
        self.build_panel(legal)

    def refresh_choices(self, v: dict, legal: set[str], phase: str) -> None:
        """Keep the chosen target, amount and start player within what is legal now."""
        marks = self.marks
        if phase != "deal" or not legal:
            marks.target = None
        if phase != "start" or not legal:
            marks.start = None
        elif marks.start is None:
            marks.start = v["current_player"]
        if phase == "deal" and legal and marks.target is not None:
            low = v["protection"][marks.target] or 1
            marks.amount = max(low, min(marks.amount, v["chips"][self.bottom]))
        elif phase == "bid" and legal:
            amounts = moves.raises(legal)
            auction = (v["auction"]["owner"], v["auction"]["bid"])
            if marks.auction != auction:   # a new bid to top: start at the least
                marks.auction = auction
                marks.amount = amounts[0] if amounts else 0
            if amounts:
                marks.amount = max(amounts[0], min(marks.amount, amounts[-1]))

    def build_panel(self, legal: set[str]) -> None:
        """The title and buttons of the action panel, as the phase declares them."""
        if legal:
            self.title, rows = getattr(self, PANELS[self.phase])(legal)
        else:
            self.title, rows = self.watch_text(), []
        self._buttons = [b for row in rows for b in row]
        self.lay_buttons(rows)

    def lay_buttons(self, rows: Rows) -> None:
        g = self.geo
        s = theme.ui_scale(self.app.size)
        pad = px(8, s)
        box = g.action
        title_h = text_px(theme.FONT_SMALL, s) * 2 + px(14, s)
        bh = min(px(36, s, 26), (box.h - title_h - pad) // max(1, len(rows)) - pad)
        y = box.bottom - pad - len(rows) * (bh + pad) + pad
        for row in rows:
            n = len(row)
            weights = [2 if b.kind == "primary" and n == 3 else 1 for b in row]
            width = box.w - 2 * pad - (n - 1) * pad
            x = box.x + pad
            for b, wgt in zip(row, weights):
                bw = round(width * wgt / sum(weights))
                b.layout((x, y, bw, bh))
                x += bw + pad
            y += bh + pad

    def move_button(self, key: str, action: str, key_code: int, legal: set[str],
                    kind: str = "normal", **values) -> Button:
        """A button that plays `action`, enabled when it is legal (not `play`: that is the
        table's, playing for any seat)."""
        return self.bind(Button(t(key, **values), lambda: self.act(action), key=key_code,
                                enabled=action in legal, kind=kind), lambda: action)

    def steps(self, enabled: bool = True) -> list[Button]:
        """− and + for the amount of a bid or raise."""
        return [Button(t("rx.ui.less"), lambda: self.change_amount(-1), key=pygame.K_DOWN,
                       enabled=enabled),
                Button(t("rx.ui.more"), lambda: self.change_amount(1), key=pygame.K_UP,
                       enabled=enabled)]

    def place_panel(self, legal: set[str]) -> tuple[str, Rows]:
        """RX-R4: pick a card and a side; then in the popover its side and chips."""
        p = self.pending
        if p is None:
            picked = self.selected is not None
            card = self.selected

            def placing(up: bool):
                return lambda: None if card is None else \
                    moves.place(self.code(card), up)
            return t("rx.ui.place_pick"), [[
                self.bind(Button(t("rx.ui.up"), lambda: self.open(True), key=pygame.K_u,
                                 enabled=picked), placing(True)),
                self.bind(Button(t("rx.ui.down"), lambda: self.open(False), key=pygame.K_d,
                                 enabled=picked), placing(False))]]
        chips = min(2, self.view["chips"][self.bottom])
        chip_keys = (pygame.K_0, pygame.K_1, pygame.K_2)
        return t("rx.ui.place_card", card=self.words.card(p.card)), [
            [Button(t("rx.ui.up"), lambda: self.set_side(True), key=pygame.K_u,
                    kind="primary" if p.up else "normal"),
             Button(t("rx.ui.down"), lambda: self.set_side(False), key=pygame.K_d,
                    kind="primary" if not p.up else "normal")],
            [Button(t(f"rx.ui.chips{n}"), lambda n=n: self.set_chips(n), key=chip_keys[n],
                    enabled=n <= chips, kind="primary" if p.chips == n else "normal")
             for n in range(3)],
            [Button(t("rx.ui.place"), self.place, key=pygame.K_RETURN, kind="primary"),
             Button(t("rx.ui.cancel"), self.cancel, key=pygame.K_BACKSPACE)]]

    def deal_panel(self, legal: set[str]) -> tuple[str, Rows]:
        """RX-R5: swap an unprotected card for a chip, or open a bid on a protected one."""
        target = self.marks.target
        pass_row = [self.move_button("rx.ui.pass", moves.PASS, pygame.K_p, legal)]
        if target is None:
            return t("rx.ui.deal_pick"), [
                [self.bind(Button(t("rx.ui.swap"), None, key=pygame.K_RETURN, enabled=False),
                           lambda: None)], pass_row]
        guard = self.view["protection"][target]
        if guard:
            amount = self.marks.amount
            return self.say("rx.ui.deal_bid", target, n=guard), [
                [self.move_button("rx.ui.bid", moves.bid(target, amount), pygame.K_RETURN,
                                  legal, "primary", n=amount), *self.steps()], pass_row]
        return self.say("rx.ui.deal_swap", target), [
            [self.move_button("rx.ui.swap", moves.swap(target), pygame.K_RETURN, legal,
                              "primary")],
            pass_row]

    def bid_panel(self, legal: set[str]) -> tuple[str, Rows]:
        """RX-R5: raise the bid or pass."""
        amount = self.marks.amount
        can = moves.raise_to(amount) in legal
        return self.auction_text(), [
            [self.move_button("rx.ui.raise", moves.raise_to(amount), pygame.K_r, legal, "primary",
                              n=amount), *self.steps(can)],
            [self.move_button("rx.ui.pass", moves.PASS, pygame.K_p, legal)]]

    def protect_panel(self, legal: set[str]) -> tuple[str, Rows]:
        """RX-R5: after a swap, raise the protection or keep it."""
        return t("rx.ui.protect_title", n=self.view["protection"][self.bottom]), [
            [self.move_button("rx.ui.protect", moves.protect(n), key, legal, n=n)
             for n, key in ((1, pygame.K_1), (2, pygame.K_2))],
            [self.move_button("rx.ui.keep", moves.KEEP, pygame.K_k, legal)]]

    def reveal_panel(self, legal: set[str]) -> tuple[str, Rows]:
        """RX-R6: turn the face-down card up, or keep it hidden."""
        return t("rx.ui.reveal_title"), [
            [self.move_button("rx.ui.reveal", moves.REVEAL, pygame.K_v, legal, "primary"),
             self.move_button("rx.ui.hide", moves.HIDE, pygame.K_k, legal)]]

    def add_panel(self, legal: set[str]) -> tuple[str, Rows]:
        """RX-R7: add a second card (total at most 10) or stand."""
        row = self.view["table"][self.bottom]
        value = face_value(row[0]["id"]) if row and row[0]["id"] else None
        card = self.selected
        return t("rx.ui.add_title", total="?" if value is None else value), [
            [self.bind(Button(t("rx.ui.add"), self.add_selected, key=pygame.K_RETURN,
                              enabled=card is not None and card not in self.marks.dimmed,
                              kind="primary"),
                       lambda: None if card is None else moves.add(self.code(card))),
             self.move_button("rx.ui.stand", moves.STAND, pygame.K_s, legal)]]

    def start_panel(self, legal: set[str]) -> tuple[str, Rows]:
        """RX-R8: the winner names the next start player (← → to choose)."""
        chosen = self.marks.start if self.marks.start is not None else self.bottom
        return t("rx.ui.start_title", round=self.view["round"] + 1), [[
            Button("←", lambda: self.cycle_start(-1), key=pygame.K_LEFT),
            self.move_button("rx.ui.start" + self.you(chosen), moves.start(chosen),
                             pygame.K_RETURN, legal, "primary", name=self.names[chosen]),
            Button("→", lambda: self.cycle_start(1), key=pygame.K_RIGHT)]]

    def watch_text(self) -> str:
        if self.phase == "over":
            return t("rx.ui.over")
        if self.phase == "bid" and self.view["auction"]:
            return self.auction_text()
        return t("rx.ui.watch")

    def auction_text(self) -> str:
        """The bidding panel's line: whose card, the bid, who made it, who is next."""
        a, current = self.view["auction"], self.view["current_player"]
        whose = self.whose(a["owner"])
        return t("rx.ui.auction", whose=whose, n=a["bid"], high=self.other(a["high"]),
                 next=self.other(current) if current is not None else "")

    def other(self, seat: int) -> str:
        return self.words.other(self.teller, seat)

    def whose(self, seat: int) -> str:
        return self.words.whose(self.teller, seat)

    # -- acting ----------------------------------------------------------------------------
    def act(self, action: str, card: str | None = None) -> bool:
        """Play `action`; `card` is the hand card the player moved, if any (of two alike
        cards, that one lands: see `twin_played`)."""
        self.playing = card
        try:
            applied = super().act(action)
        finally:
            self.playing = None
        if applied:
            self.pending = None
        return applied

    def open(self, up: bool) -> None:
        """Open the popover for the picked card, if it may be placed now."""
        if self.selected is None:
            self.refuse(self.pick_first(t("rx.ui.pick_first")))
            return
        reason = self.why_not(moves.place(self.code(self.selected), up))
        if reason:
            self.refuse(reason)
            return
        self.pending = Pending(self.selected, up)
        self.sync()

    def set_side(self, up: bool) -> None:
        if self.pending is not None:
            self.pending.up = up
            self.refresh()

    def set_chips(self, n: int) -> None:
        if self.pending is not None:
            self.pending.chips = n
            self.refresh()

    def place(self) -> None:
        p = self.pending
        if p is None:
            return
        action = moves.place(self.code(p.card), p.up, p.chips)
        if not self.act(action, p.card):
            self.pending = None
            self.sync()

    def cancel(self) -> None:
        self.pending = None
        self.sync()

    def change_amount(self, step: int) -> None:
        self.marks.amount += step
        self.refresh()

    def add_selected(self) -> None:
        card = self.selected
        if card is None:
            self.refuse(self.pick_first(t("rx.ui.pick_first")))
            return
        self.act(moves.add(self.code(card)), card)

    def choose_target(self, seat: int) -> None:
        if seat == self.bottom:
            return
        if self.marks.target == seat:     # a second click on the chosen card: the deal
            guard = self.view["protection"][seat]
            self.act(moves.bid(seat, self.marks.amount) if guard else moves.swap(seat))
            return
        self.marks.target = seat
        self.marks.amount = self.view["protection"][seat] or 1
        self.refresh()

    def cycle_target(self, step: int) -> None:
        n = self.view["players"]
        others = [(self.bottom + k) % n for k in range(1, n)]
        if self.marks.target in others:
            index = (others.index(self.marks.target) + step) % len(others)
        else:
            index = 0 if step > 0 else len(others) - 1
        self.marks.target = others[index]
        self.marks.amount = self.view["protection"][others[index]] or 1
        self.refresh()

    def cycle_start(self, step: int) -> None:
        current = self.marks.start if self.marks.start is not None else self.bottom
        self.marks.start = (current + step) % self.view["players"]
        self.refresh()

    # -- input -----------------------------------------------------------------------------
    def place_rect(self, seat: int) -> pygame.Rect:
        return place_rect(self.geo, seat)

    def drop_targets(self, card: str) -> list[DropTarget]:
        rect = self.place_rect(self.bottom)
        code = self.code(card)
        if self.phase == "add":
            return [self.target(rect, moves.add(code))]
        legal = any(m.kind == "place" and m.card == code for m in map(moves.read, self.legal()))
        return [DropTarget(rect, "place", legal)]

    def pick_at(self, pos: tuple[int, int]) -> str | None:
        """A hand card is picked up in phases 2 and 4 (not the one in the popover)."""
        if self.phase not in ("place", "add"):
            return None
        hand = [c for c in self.hand if self.pending is None or c != self.pending.card]
        return self.cards.at(hand, pos)

    def press_table(self, pos: tuple[int, int]) -> bool:
        """Phase 3: a click on another seat's card chooses it; phase 5: on a seat, names it."""
        if not self.my_turn:
            return False
        if self.phase == "deal":
            for seat in range(self.view["players"]):
                if seat != self.bottom and self.place_rect(seat).collidepoint(pos):
                    self.choose_target(seat)
                    return True
        elif self.phase == "start":
            for seat, rect in self.geo.panels.items():
                if rect.collidepoint(pos) or self.place_rect(seat).collidepoint(pos):
                    if self.marks.start == seat:
                        self.act(moves.start(seat))
                    else:
                        self.marks.start = seat
                        self.refresh()
                    return True
        return False

    def press_refusal(self, pos: tuple[int, int]) -> str | None:
        """The deck deals by itself."""
        deck = pygame.Rect(0, 0, *self.geo.place)
        deck.center = (round(self.geo.deck[0]), round(self.geo.deck[1]))
        if deck.collidepoint(pos):
            return t("rx.ui.deck_click")
        return super().press_refusal(pos)

    def hint_marks(self) -> list[pygame.Rect]:
        """The hand's moves and the panel's buttons, and the cards of other seats that
        may be swapped or bid for (phase 3)."""
        marks = super().hint_marks()
        legal = self.legal()
        for seat in range(self.view["players"]):
            if seat != self.bottom and any(m.kind in ("swap", "bid") and m.seat == seat
                                           for m in map(moves.read, legal)):
                marks.append(self.place_rect(seat))
        return marks

    def suggestion_marks(self, action: str) -> list[pygame.Rect]:
        """Hard's move lit where it is played: the hand card to place (the popover then
        offers its side and chips) and the place, or the seat whose card to deal for or
        who starts; else the button that plays it."""
        move = moves.read(action)
        if move.kind == "place":
            sprites = [self.cards.get(c) for c in self.hand if self.code(c) == move.card]
            return [pygame.Rect(s.rect) for s in sprites[:1] if s is not None] + \
                [self.place_rect(self.bottom)]
        if move.kind in ("swap", "bid", "start"):
            return [self.place_rect(move.seat)]
        return super().suggestion_marks(action)

    def mode(self) -> str:
        """The keys of the phase: placing (select, holding, the popover as a dialog),
        choosing a card to deal for (target), or the phase's own panel."""
        if not self.legal():
            return "select"
        if self.phase == "place":
            return "dialog" if self.pending is not None else super().mode()
        return "target" if self.phase == "deal" else self.phase

    def on_release(self, pos: tuple[int, int]) -> None:
        """A click picks a card (a second click opens the popover or adds it); a drop on
        the place opens the popover (phase 2) or adds the card (phase 4)."""
        result = self.drag.release(pos)
        if result is None:
            return
        card = self.cards.key_of(result.sprite)
        if card is None:
            return
        spot = self.cards.spots.get(card)
        result.sprite.z = spot.z if spot is not None else 300
        if result.clicked:
            if self.selected == card and self.phase == "add":
                self.add_selected()
            elif self.selected == card and self.phase == "place":
                self.open(True)
            else:
                self.selected = card
                self.refresh()
            return
        if result.target is None:
            self.refuse(t("table.drop_nowhere"), card)
            return
        if self.phase == "add":
            if not self.act(result.target.key, card):
                self.drag.spring_back(result.sprite, spot.pos)
            return
        reason = self.why_not(moves.place(self.code(card), True))
        if reason:       # not now: the engine's words, and the card goes home
            self.refuse(reason)
            self.drag.spring_back(result.sprite, spot.pos)
            return
        self.selected = card
        self.pending = Pending(card, True)
        self.sync()

    def on_key(self, event: pygame.event.Event) -> None:
        """Enter or Space: the only move, the popover, or a hint; ← → pick a hand card, or
        in phase 3 the card to deal for."""
        key, phase = event.key, self.phase
        if key in CONFIRM_KEYS:
            if self.forced:
                self.act(self.forced)
            elif phase == "place" and self.my_turn:
                self.place() if self.pending is not None else self.open(True)
            elif phase == "deal" and self.my_turn and self.marks.target is None:
                self.refuse(t("rx.ui.deal_pick"))
            elif not self.my_turn:
                self.refuse(self.status_text() or t("table.not_your_turn"))
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            if phase == "deal" and self.my_turn:
                self.cycle_target(step)
            elif self.pending is None:
                self.focus_step(step)
