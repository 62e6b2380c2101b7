"""The TEN table (docs/rules/ten.md, rule ids TEN-Rn and S1-S8).

The other seats sit along the top, each with its collection as four colour rows of
slots 1-9 (jokers beside them); the draw pile and the tableau run across the middle
with the running total, the money sum and the bust line; your collection is at the
bottom left and the market, a grid by colour and number, at the bottom right. The log
and the action buttons are on the right. Auctions and payments open a panel over the
middle. Everything drawn comes from `self.view`; the flipped cards are sprites of the
shared `SpriteSync`, everything that changes only with the view is painted once into
a cached layer (`_layer`).
"""
from __future__ import annotations

from collections import Counter as Multiset
from dataclasses import dataclass

import pygame

from tentable.engine.ten import COLOURS, MONA, best_payment, is_joker, odds
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import px, text_px
from tentable.ui.scenes.table import TableScene
from tentable.ui.text import t
from tentable.ui.widgets import layout
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.cards import card_back, card_face
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.dragdrop import DragManager, DropTarget
from tentable.ui.widgets.logpanel import LogPanel
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, label
from tentable.ui.widgets.seatpanel import Counter, SeatInfo, SeatPanel, badge, seat_colour
from tentable.ui.widgets.shapes import symbol_icon
from tentable.ui.widgets.sprite import CardSprite
from tentable.ui.widgets.spritesync import Spot, SpriteSync, code_of
from tentable.ui.widgets.tween import Tweens

GAME = "ten"
BUYING = ("buy", "final", "busted")
MONEY_COLOUR = (240, 200, 80)
BUST_COLOUR = theme.DANGER
MONA_TINT = (92, 52, 128)
MONA_EDGE = (196, 150, 255)
WORTH = {"pay t": 1, "pay x": 3, "pay d": 1}


def suit(colour: str):
    return theme.SUITS["ten"][colour]


def warm(total: int, limit: int) -> tuple[int, int, int]:
    """The running total's colour: plain text far from the line, orange, then red."""
    k = max(0.0, min(1.0, (total - 4) / max(1, limit - 4)))
    a, b = theme.TEXT, (255, 150, 40)
    if total > limit - 2:
        a, b, k = (255, 150, 40), theme.DANGER, min(1.0, (total - limit + 2) / 2)
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))


class _ViewPayer:
    """What `best_payment` reads of a position, rebuilt from a view (public in TEN):
    the table never touches the engine's state."""

    def __init__(self, view: dict) -> None:
        self.money = view["money"]
        self.bust = view["bust_tokens"]
        self.duplicates = view["duplicates"]
        self.solo = view["solo"]
        self.payment = view["payment"]
        self.players = view["players"]
        self.pile = range(view["pile"])     # only its length is read: how much is to come
        self._collections = view["collections"]

    def codes(self, seat: int) -> list[str]:
        return [code_of(c) for c in self._collections[seat]]


def suggested_payment(view: dict, seat: int, price: int, cards: bool | None = None) -> list[str]:
    """The engine's best payment (TEN-R12) for `seat`, computed from the view."""
    try:
        return best_payment(_ViewPayer(view), seat, price, cards)
    except ValueError:
        return []


@dataclass
class Geometry:
    card: tuple[int, int]
    pile: tuple[float, float]
    row_left_mid: tuple[float, float]
    row_width: float
    band: pygame.Rect                  # the middle of the table: tableau, auction, payment
    mine: pygame.Rect
    market: pygame.Rect
    market_cell: tuple[int, int]
    panels: dict[int, pygame.Rect]     # seat -> panel, for the other seats
    gauge: pygame.Rect                 # the bust line


@dataclass
class Tray:
    """A payment being put together: what it buys, its price, the items chosen."""

    buy: str | None                    # "buy B5", or None for a payment already due
    price: int
    items: list[str]                   # "pay t", "pay x", "pay d", "pay G1"
    cancel: bool = True


@register_table(GAME)
class TenTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.tweens = Tweens()
        self.drag = DragManager(self.tweens)
        self.cards = SpriteSync(GAME, self.tweens)
        self.seat_panel = SeatPanel(GAME)
        self.log = LogPanel((0, 0, 10, 10))
        self.flip_button = Button(t("ten.flip"), lambda: self._act("flip"), kind="primary")
        self.numbers_button = Button(t("ten.numbers"), lambda: self._act("stop numbers"))
        self.money_button = Button(t("ten.money"), lambda: self._act("stop money"))
        self.skip_button = Button(t("ten.skip"), self._skip)
        self.coach_button = Button(t("ten.coach_off"), self.toggle_coach)
        self.pay_button = Button(t("ten.pay"), self._pay, kind="primary")
        self.cancel_button = Button(t("ten.cancel"), self._close_tray)
        self.bid_button = Button(t("ten.bid"), self._bid, kind="primary")
        self.pass_button = Button(t("ten.pass"), lambda: self._act("pass"))
        self.plus1_button = Button("+1", lambda: self._step_bid(1))
        self.plus5_button = Button("+5", lambda: self._step_bid(5))
        self.minus_button = Button("\u22121", lambda: self._step_bid(-1))
        self.geo: Geometry | None = None
        self.tray: Tray | None = None
        self.bid_amount = 0
        self.typed = ""                     # digits typed for a bid
        self.cursor: str | None = None      # the market card chosen by keys ("B5")
        self.tray_pick = 0                  # the "Add:" chip chosen by keys in the tray
        self.hover_code: str | None = None
        self.mouse = (0, 0)
        self.held: CardSprite | None = None  # a market card being dragged (or springing back)
        self.held_code: str | None = None
        self.said: dict[int, str] = {}      # seat -> its word in the running auction
        self.pending: list[str] = []        # a payment's items, told when it is complete
        self._tray_hits: list[tuple[pygame.Rect, str, str]] = []
        self._coach: tuple[dict, dict] | None = None
        self.flyers: list[CardSprite] = []  # cards on their way out of the tableau/market
        self.bid_glow = 0.0                 # a new bid lights up, then fades (1 -> 0)
        self.retell()

    @property
    def buttons(self) -> tuple[Button, ...]:
        return (self.flip_button, self.numbers_button, self.money_button, self.skip_button,
                self.coach_button)

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

    def log_start(self, view: dict) -> None:
        first = view["current_player"]
        self.log.add(t("ten.log.start" + self.you(first), name=self.names[first]))

    # -- layout ----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        pad = px(theme.PAD, s)
        card = self.card_size
        top = px(62, s)
        log_w = px(250, s)
        right = w - log_w - 2 * pad
        bh = px(36, s, 26)
        gap = px(6, s)
        n = len(self.buttons)
        buttons_top = h - pad - n * bh - (n - 1) * gap
        self.log.layout((right + pad, top, log_w, buttons_top - top - pad),
                        text_px(theme.FONT_SMALL, s))
        for i, button in enumerate(self.buttons):
            button.layout((right + pad, buttons_top + i * (bh + gap), log_w, bh))
        header = SeatPanel.header_height(s)
        others = [(self.bottom + 1 + i) % self.session.players
                  for i in range(self.session.players - 1)]
        panel_h = header + 4 * px(14, s) + pad
        rects = layout.panels_in_row(len(others), pygame.Rect(pad, top, right - pad, panel_h),
                                     pad, px(360, s))
        mine_h = header + 4 * px(24, s) + pad + px(4, s)
        mine = pygame.Rect(pad, h - pad - mine_h, px(380, s), mine_h)
        mx = mine.right + pad
        label_w = px(22, s)
        title_h = text_px(theme.FONT_SMALL, s) + px(6, s)
        cw = min(px(44, s), (right - mx - label_w) // 9 - px(3, s))
        ch = round(cw * theme.CARD_RATIO)
        avail_h = (h - pad - top - panel_h - card[1] - px(80, s)) // 1
        if 4 * (ch + px(3, s)) + title_h > avail_h:
            ch = max(px(20, s), (avail_h - title_h) // 4 - px(3, s))
            cw = min(cw, round(ch / theme.CARD_RATIO))
        market_h = title_h + 4 * (ch + px(3, s))
        market_w = label_w + 9 * (cw + px(3, s))
        market = pygame.Rect(0, h - pad - market_h, market_w, market_h)
        market.centerx = (mx + right) // 2
        market.x = max(mx, market.x)
        band_top = top + panel_h + pad
        band = pygame.Rect(pad, band_top, right - pad, min(mine.y, market.y) - pad - band_top)
        row_y = band.y + px(18, s) + card[1] / 2
        pile_x = pad + card[0] * 0.6
        gauge = pygame.Rect(pile_x - card[0] / 2, row_y + card[1] / 2 + px(44, s),
                            px(300, s), px(10, s, 6))
        self.geo = Geometry(
            card=card, pile=(pile_x, row_y),
            row_left_mid=(pile_x + card[0] * 0.5 + 2 * pad, row_y),
            row_width=right - (pile_x + card[0] * 0.5 + 3 * pad),
            band=band, mine=mine, market=market, market_cell=(cw, ch),
            panels=dict(zip(others, rects)), gauge=gauge)
        self.toast_area = pygame.Rect(band.x + band.w // 3, band.y, band.w * 2 // 3, band.h)
        self.layers.clear()
        self._sync(animate=False)

    def _tray_rect(self) -> pygame.Rect:
        g = self.geo
        s = theme.ui_scale(self.app.size)
        r = pygame.Rect(0, 0, min(g.band.w - g.card[0] * 2, px(560, s)), g.band.h)
        r.topright = (g.band.right, g.band.y)
        return r

    def _layout_spots(self) -> dict[str, Spot]:
        v, g = self.view, self.geo
        spots: dict[str, Spot] = {}
        tableau = v["tableau"]
        width = g.row_width
        if v["auction"] is not None or self._tray_visible():
            width = self._tray_rect().x - g.row_left_mid[0] - px(8, theme.ui_scale(self.app.size))
        for i, (card, slot) in enumerate(zip(tableau, layout.row(len(tableau), g.row_left_mid,
                                                                 width, g.card))):
            spots[card] = Spot(slot.pos, True, 100 + i, g.card)
        if v["auction"] is not None:
            r = self._tray_rect()
            small = (round(g.card[0] * 0.8), round(g.card[1] * 0.8))
            spots[v["auction"]["joker"]] = Spot((r.x + small[0] / 2 + px(14, theme.ui_scale(
                self.app.size)), r.centery), True, 300, small)
        return spots

    def _sync(self, animate: bool = True) -> None:
        if self.geo is None:
            return
        self.tweens.duration_scale = self.duration_scale
        spots = self._layout_spots()
        new = [k for k in spots if k not in self.cards.sprites]
        self.cards.sync(spots, lambda key: self.geo.pile, animate, hidden=new if animate else ())

    # -- what the player can do --------------------------------------------------------
    def _legal(self) -> set[str]:
        return set(self.view["legal_actions"]) if self.my_turn else set()

    def _buying(self) -> bool:
        return self.my_turn and self.view["phase"] in BUYING

    def _tray_visible(self) -> bool:
        return self.tray is not None and self.my_turn

    def _act(self, action: str) -> bool:
        if self.submit(action):
            return True
        return False

    def _skip(self) -> None:
        legal = self._legal()
        if "bust token" in legal:
            self._act("bust token")
        else:
            self._act("skip")

    def _refresh(self) -> None:
        """Buttons, the tray and the bid follow the view after every change."""
        legal = self._legal()
        phase = self.view["phase"]
        self.flip_button.enabled = "flip" in legal
        self.numbers_button.enabled = "stop numbers" in legal
        self.money_button.enabled = "stop money" in legal
        self.skip_button.text = t("ten.bust_token") if phase == "busted" else t("ten.skip")
        self.skip_button.enabled = bool(legal & {"skip", "bust token"})
        self.coach_button.text = t("ten.coach_on" if self.coach else "ten.coach_off")
        self.pay_button.enabled = self.tray_status()[1]
        payment = self.view["payment"]
        if self.my_turn and phase == "pay" and payment and payment["payer"] == self.seat:
            if self.tray is None or self.tray.buy is not None:
                items = suggested_payment(self.view, self.seat, payment["due"])
                self.tray, self.tray_pick = Tray(None, payment["due"], items, cancel=False), 0
        elif self.tray is not None and (not self.my_turn or phase not in BUYING):
            self.tray = None
        if phase == "auction" and self.my_turn:
            low, high = self._bid_range()
            if low is not None and not low <= self.bid_amount <= high:
                self.bid_amount = low
        if self._buying() and (self.cursor is None or self.cursor not in self._market_codes()):
            buys = sorted(a.split()[1] for a in legal if a.startswith("buy "))
            codes = sorted(self._market_codes())
            self.cursor = buys[0] if buys else (codes[0] if codes else None)

    def _bid_range(self) -> tuple[int | None, int]:
        bids = [int(a.split()[1]) for a in self._legal() if a.startswith("bid ")]
        return (min(bids), max(bids)) if bids else (None, 0)

    def _market_codes(self) -> Multiset:
        return Multiset(code_of(c) for c in self.view["market"])

    def _step_bid(self, delta: int) -> None:
        low, high = self._bid_range()
        if low is None:
            return
        self.typed = ""
        self.bid_amount = max(low, min(high, self.bid_amount + delta))

    def _bid(self) -> None:
        if self.typed:
            self.bid_amount = int(self.typed)
            self.typed = ""
        self._act(f"bid {self.bid_amount}")

    def open_tray(self, code: str) -> bool:
        """Start buying `code`: the tray opens with the best payment; False (with the
        engine's reason) if it may not be bought."""
        action = f"buy {code}"
        reason = self.why_not(action)
        if reason is not None:
            self.refuse(reason)
            return False
        price = int(code[1:])
        self.tray = Tray(action, price, suggested_payment(self.view, self.seat, price, True))
        self.tray_pick = 0
        self._sync()
        return True

    def _close_tray(self) -> None:
        if self.tray is not None and self.tray.cancel:
            self.tray = None
            self._sync()

    def _ordered(self, items: list[str]) -> list[str]:
        """Cards and duplicates first, tokens, bust tokens last: only the last overshoots."""
        rank = {"pay d": 1, "pay t": 2, "pay x": 3}
        return sorted(items, key=lambda a: rank.get(a, 0))

    def tray_status(self) -> tuple[int, bool]:
        """(paid so far, whether the items pay the price exactly as the rules allow)."""
        tray = self.tray
        if tray is None:
            return 0, False
        items = self._ordered(tray.items)
        paid = sum(WORTH.get(a, 1) for a in items)
        ok = bool(items) and paid >= tray.price and \
            paid - WORTH.get(items[-1], 1) < tray.price
        return paid, ok

    def _pay(self) -> None:
        tray = self.tray
        if tray is None:
            return
        paid, ok = self.tray_status()
        if not ok:
            self.refuse(t("ten.pay_short", price=tray.price, paid=paid) if paid < tray.price
                        else t("ten.pay_over"))
            return
        actions = ([tray.buy] if tray.buy else []) + self._ordered(tray.items)
        self.tray = None
        if not self.submit_all(actions):
            self.tray = tray

    def _available(self) -> list[tuple[str, int]]:
        """(item, how many left) the payer could still add to the tray."""
        v, seat, tray = self.view, self.seat, self.tray
        chosen = Multiset(tray.items)
        out = [("pay t", v["money"][seat] - chosen["pay t"]),
               ("pay x", v["bust_tokens"][seat] - chosen["pay x"]),
               ("pay d", len(v["duplicates"][seat]) - chosen["pay d"])]
        cards_ok = v["payment"]["cards"] if v["payment"] else True
        if cards_ok:
            held = Multiset(code_of(c) for c in v["collections"][seat])
            for code in sorted(held, key=lambda c: (is_joker(c), c)):
                out.append((f"pay {code}", held[code] - chosen[f"pay {code}"]))
        return [(item, n) for item, n in out if n > 0]

    def tray_add(self, item: str) -> None:
        if self.tray is not None and any(a == item for a, _ in self._available()):
            self.tray.items.append(item)
            self._refresh()
            self.app.invalidate()

    def tray_remove(self, item: str) -> None:
        if self.tray is not None and item in self.tray.items:
            self.tray.items.remove(item)
            self._refresh()
            self.app.invalidate()

    # -- input -------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.log.handle(event):
            return
        self._refresh()
        for button in self._live_buttons():
            if button.handle(event):
                self._refresh()
                return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.drag.motion(event.pos)
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        self._refresh()

    def _live_buttons(self) -> list[Button]:
        out = list(self.buttons)
        if self._tray_visible():
            out += [self.pay_button] + ([self.cancel_button] if self.tray.cancel else [])
        elif self.view["auction"] is not None and self.my_turn:
            out += [self.bid_button, self.pass_button, self.plus1_button, self.plus5_button,
                    self.minus_button]
        return out

    def _market_cell(self, colour: str, number: int) -> pygame.Rect:
        g = self.geo
        s = theme.ui_scale(self.app.size)
        cw, ch = g.market_cell
        gap = px(3, s)
        title_h = text_px(theme.FONT_SMALL, s) + px(6, s)
        x = g.market.x + px(22, s) + (number - 1) * (cw + gap)
        y = g.market.y + title_h + COLOURS.index(colour) * (ch + gap)
        return pygame.Rect(x, y, cw, ch)

    def _market_at(self, pos) -> str | None:
        codes = self._market_codes()
        for code in codes:
            if self._market_cell(code[0], int(code[1:])).collidepoint(pos):
                return code
        return None

    def _hover(self, pos) -> None:
        code = self._market_at(pos) if self.drag.sprite is None else self.held_code
        if code != self.hover_code:
            self.hover_code = code
            self.app.invalidate()

    def _press(self, pos) -> None:
        if self._tray_visible():
            for rect, kind, item in self._tray_hits:
                if rect.collidepoint(pos):
                    (self.tray_add if kind == "add" else self.tray_remove)(item)
                    return
            return
        code = self._market_at(pos)
        if code is not None and self._buying():
            rect = self._market_cell(code[0], int(code[1:]))
            self.held = CardSprite(GAME, code, pos=rect.center, size=rect.size, z=1000)
            self.held_code = code
            target = DropTarget(self.geo.mine, "buy", f"buy {code}" in self._legal(),
                                self.why_not(f"buy {code}"))
            self.drag.set_targets([target])
            self.drag.press(self.held, pos)
        elif code is not None and self.view["phase"] != "over":
            self.refuse(self.why_not(f"buy {code}") or t("ten.not_buying"))

    def _release(self, pos) -> None:
        result = self.drag.release(pos)
        if result is None:
            return
        code = self.held_code
        if result.clicked:
            self.held = None
            self.cursor = code
            self.open_tray(code)
        elif result.target is not None and result.target.legal:
            self.held = None
            self.cursor = code
            self.open_tray(code)
        else:
            # springs back to its cell (the drag manager moves it), with the reason
            reason = result.reason or (self.why_not(f"buy {code}") if result.target else None)
            if reason:
                self.refuse(reason)
        self.drag.set_targets([])

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        phase = self.view["phase"]
        if key == pygame.K_c:
            self.toggle_coach()
            return
        if self._tray_visible():
            self._tray_key(event)
            return
        if phase == "auction" and self.my_turn:
            if event.unicode and event.unicode.isdigit():
                self.typed = (self.typed + event.unicode)[-3:]
            elif key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
            elif key in (pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
                self._step_bid(1)
            elif key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
                self._step_bid(-1)
            elif key in (pygame.K_PAGEUP, pygame.K_RIGHT):
                self._step_bid(5)
            elif key in (pygame.K_PAGEDOWN, pygame.K_LEFT):
                self._step_bid(-5)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_b):
                if self._bid_range()[0] is None:
                    self._act("pass")
                else:
                    self._bid()
            elif key == pygame.K_p:
                self._act("pass")
            return
        if key == pygame.K_f:
            self._act("flip")
        elif key == pygame.K_n:
            self._act("stop numbers")
        elif key == pygame.K_m:
            self._act("stop money")
        elif key == pygame.K_s:
            self._act("skip")
        elif key == pygame.K_x and phase == "busted":
            self._act("bust token")
        elif self._buying() and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                                        pygame.K_DOWN):
            self._move_cursor(key)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_b):
            if self.forced:
                self._act(self.forced)
            elif self._buying() and self.cursor is not None:
                self.open_tray(self.cursor)

    def _move_cursor(self, key: int) -> None:
        codes = sorted(self._market_codes(), key=lambda c: (COLOURS.index(c[0]), int(c[1:])))
        if not codes:
            return
        if self.cursor not in codes:
            self.cursor = codes[0]
            return
        colour, number = self.cursor[0], int(self.cursor[1:])
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = codes.index(self.cursor) + (1 if key == pygame.K_RIGHT else -1)
            self.cursor = codes[i % len(codes)]
            return
        step = 1 if key == pygame.K_DOWN else -1
        for k in range(1, 4):
            other = COLOURS[(COLOURS.index(colour) + step * k) % 4]
            row = [c for c in codes if c[0] == other]
            if row:
                self.cursor = min(row, key=lambda c: abs(int(c[1:]) - number))
                return

    def _tray_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._pay()
        elif key == pygame.K_BACKSPACE:
            self._close_tray()
        elif key == pygame.K_t:
            self.tray_add("pay t")
        elif key == pygame.K_x:
            self.tray_add("pay x")
        elif key == pygame.K_d:
            self.tray_add("pay d")
        elif key in (pygame.K_DELETE, pygame.K_MINUS) and self.tray.items:
            self.tray.items.pop()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            # the keyboard's way to add any item, collection cards included: pick a chip
            # of the "Add:" row, then Space
            self.tray_pick += 1 if key == pygame.K_RIGHT else -1
        elif key in (pygame.K_SPACE, pygame.K_INSERT, pygame.K_PLUS, pygame.K_KP_PLUS,
                     pygame.K_EQUALS):
            picked = self._picked()
            if picked is not None:
                self.tray_add(picked)

    def _picked(self) -> str | None:
        """The "Add:" chip chosen by keys (its index wraps round the row)."""
        items = self._available()
        return items[self.tray_pick % len(items)][0] if items else None

    # -- events from the base -------------------------------------------------------------
    def on_action(self, seat: int, action: str, before: dict, after: dict) -> None:
        self.narrate(seat, action, before, after)
        self._after_move(before, after)

    def on_actions(self, seat: int, actions: list[str], before: dict, after: dict) -> None:
        name = self.names[seat]
        pays = [a for a in actions if a.startswith("pay ")]
        # told as a replay tells it (the resumed log reads the same): the buy, the payment
        if actions[0].startswith("buy "):
            self.log.add(t("ten.log.buys" + self.you(seat), name=name, card=actions[0][4:]),
                         seat_colour(seat))
        self.log.add(t("ten.log.pay" + self.you(seat), name=name,
                       paid=self._items_text(self.pending + pays)), seat_colour(seat))
        self.pending = []
        self._after_move(before, after)

    def _after_move(self, before: dict, after: dict) -> None:
        if after["auction"] is None:
            self.said = {}
        if after["phase"] != before["phase"]:
            self.cursor = None
        if after["phase"] == "over" and before["phase"] != "over":
            self._log_scores(after)
            self.show_dialog(self._scoring_dialog(after))
        self._refresh()
        self._fly(before, after)
        self._sync()

    def _fly(self, before: dict, after: dict) -> None:
        """Cards leaving the tableau, the auction or the market glide to where they went
        (a collection, the market); discarded money cards simply go."""
        if self.geo is None:
            return
        g = self.geo
        self.tweens.duration_scale = self.duration_scale
        homes: dict[str, tuple[float, float]] = {}
        for seat in range(len(after["collections"])):
            panel = g.mine if seat == self.bottom else g.panels.get(seat)
            if panel is None:
                continue
            for card in after["collections"][seat] + after["duplicates"][seat]:
                homes[card] = panel.center
        for card in after["market"]:
            code = code_of(card)
            homes[card] = self._market_cell(code[0], int(code[1:])).center
        moving = list(before["tableau"])
        if before["auction"]:
            moving.append(before["auction"]["joker"])
        if before["payment"] and before["payment"]["then"] != "auction":
            moving.append(before["payment"]["card"])
        for card in moving:
            if card in after["tableau"] or card not in homes:
                continue
            if after["auction"] and after["auction"]["joker"] == card:
                continue
            sprite = self.cards.get(card)
            if sprite is not None:
                start, size = sprite.pos, sprite.size
            elif card in before["market"]:
                code = code_of(card)
                cell = self._market_cell(code[0], int(code[1:]))
                start, size = cell.center, cell.size
            else:
                continue
            flyer = CardSprite(GAME, code_of(card), pos=start, size=size, z=500)
            self.flyers.append(flyer)
            self.tweens.move(flyer, homes[card], then=lambda f=flyer: self._land(f))

    def _glow(self) -> None:
        """A bid lights the auction panel's highest bid, fading at the animation speed."""
        def apply(value) -> None:
            self.bid_glow = float(value)
        self.tweens.duration_scale = self.duration_scale
        self.tweens.animate("bid-glow", 1.0, 0.0, 0.7, apply)

    def _land(self, flyer: CardSprite) -> None:
        if flyer in self.flyers:
            self.flyers.remove(flyer)

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        self.tray = None
        self.cursor = None
        if self.geo is not None:
            self.layout(self.app.size)

    def forced_text(self, action: str) -> str:
        key = {"flip": "ten.forced_flip", "pass": "ten.forced_pass", "skip": "ten.forced_skip",
               "bust token": "ten.forced_bust"}.get(action)
        if key:
            return t(key)
        if action.startswith("pay "):
            return t("ten.forced_pay")
        return super().forced_text(action)

    def animate(self, dt: float) -> bool:
        moving = self.tweens.update(dt)
        if self.held is not None and not self.drag.dragging and self.drag.sprite is None \
                and not moving:
            self.held = None
            self.held_code = None
        return moving or self.drag.dragging

    # -- words ----------------------------------------------------------------------------
    def _items_text(self, items: list[str]) -> str:
        count = Multiset(items)
        parts = []
        for item, n in count.items():
            what = item[4:]
            word = {"t": t("ten.item.t"), "x": t("ten.item.x"), "d": t("ten.item.d")}.get(what,
                                                                                      what)
            plural = f"{n} {word}s" if what in ("t", "x", "d") else f"{n}\u00d7 {word}"
            parts.append(plural if n > 1 else word)
        return ", ".join(parts) or "—"

    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        name = self.names[seat]
        you = self.you(seat)
        colour = seat_colour(seat)
        if action == "flip":
            shown = set(before["tableau"]) | set(before["market"]) | set(before["removed"])
            for zone in before["collections"] + before["duplicates"]:
                shown |= set(zone)
            now = set(after["tableau"]) | set(after["market"]) | set(after["removed"])
            for zone in after["collections"] + after["duplicates"]:
                now |= set(zone)
            if after["auction"]:
                now.add(after["auction"]["joker"])
            new = sorted(now - shown)
            card = code_of(new[0]) if new else "?"
            if after["auction"] and not before["auction"]:
                self.log.add(t("ten.log.joker" + you, name=name, card=card), colour)
                self.said = {}
            elif after["bust_tokens"][seat] > before["bust_tokens"][seat] or \
                    after["phase"] == "busted":
                self.log.add(t("ten.log.bust" + you, name=name, card=card), colour)
            elif after["active"] != before["active"] or (not after["tableau"] and before[
                    "tableau"]):
                self.log.add(t("ten.log.flip_stop" + you, name=name, card=card), colour)
            else:
                self.log.add(t("ten.log.flip" + you, name=name, card=card,
                               total=after["total"]), colour)
        elif action == "stop numbers":
            numbers = [code_of(c) for c in before["tableau"] if not c.startswith("$")]
            paid = before["money_showing"] and not (before["solo"] and seat == MONA
                                                     and before["money_showing"] > 10)
            self.log.add(t(("ten.log.numbers" if paid else "ten.log.numbers_only") + you,
                           name=name, cards=" ".join(numbers) or "—",
                           money=before["money_showing"]), colour)
        elif action == "stop money":
            self.log.add(t("ten.log.money" + you, name=name, n=before["money_showing"]), colour)
        elif action.startswith("bid "):
            self.said[seat] = action[4:]
            self._glow()
            self.log.add(t("ten.log.bid" + you, name=name, n=action[4:]), colour)
        elif action == "pass":
            self.said[seat] = "pass"
            self.log.add(t("ten.log.pass" + you, name=name), colour)
            if before["auction"] and after["auction"] is None and \
                    before["auction"]["bidder"] is None:
                self.log.add(t("ten.log.no_bids", card=code_of(before["auction"]["joker"])))
        elif action == "skip":
            self.log.add(t("ten.log.skip" + you, name=name), colour)
        elif action == "bust token":
            self.log.add(t("ten.log.bust_token" + you, name=name), colour)
        elif action.startswith("buy "):
            self.pending = []
            self.log.add(t("ten.log.buys" + you, name=name, card=action[4:]), colour)
        elif action.startswith("pay "):
            self.pending.append(action)
            if after["payment"] is None:
                self.log.add(t("ten.log.pay" + you, name=name,
                               paid=self._items_text(self.pending)), colour)
                self.pending = []
        if before["auction"] and after["auction"] is None and before["auction"]["bidder"] \
                is not None and action.startswith(("bid", "pass")):
            winner = after["payment"]["payer"] if after["payment"] else before["auction"][
                "bidder"]
            self.log.add(t("ten.log.won" + self.you(winner), name=self.names[winner],
                           card=code_of(before["auction"]["joker"]),
                           n=before["auction"]["high"] if action == "pass" else action[4:]),
                         seat_colour(winner))

    def _log_scores(self, view: dict) -> None:
        self.log.add(t("ten.log.over", scores=", ".join(
            f"{n} {p}" for n, p in zip(self.names, view["scores"]))))

    def tie_break_text(self, view: dict) -> str:
        """Which TEN-R15 tie-break decided, from the final view ("" when none was needed)."""
        scores = view["scores"]
        best = max(scores)
        tied = [s for s in range(len(scores)) if scores[s] == best]
        if len(tied) < 2:
            return ""
        if view["solo"]:
            return t("ten.tie_solo")
        money = {s: view["money"][s] + 3 * view["bust_tokens"][s] for s in tied}
        names = ", ".join(f"{self.names[s]} {money[s]}" for s in tied)
        top = max(money.values())
        tied2 = [s for s in tied if money[s] == top]
        if len(tied2) == 1:
            return t("ten.tie_money", points=best, values=names)
        outside = {s: view["scoring"][s]["outside"] for s in tied2}
        names2 = ", ".join(f"{self.names[s]} {outside[s]}" for s in tied2)
        if len(set(outside.values())) > 1 and list(outside.values()).count(
                max(outside.values())) == 1:
            return t("ten.tie_cards", points=best, values=names2)
        return t("ten.tie_shared", points=best)

    def scoring_lines(self, view: dict) -> list[str]:
        lines = []
        for seat, info in enumerate(view["scoring"]):
            runs = []
            for colour in COLOURS:
                run = info["runs"].get(colour)
                if run:
                    a, b = run
                    n = b - a + 1
                    runs.append(f"{suit(colour).name} {a}\u2013{b} ({10 if n == 9 else n})")
            jokers = [f"{code}\u2192{', '.join(spots)}" for code, spots in info["jokers"].items()]
            line = t("ten.score_line", name=self.names[seat], score=info["score"],
                     runs="; ".join(runs) or "—")
            if jokers:
                line += "  " + t("ten.score_jokers", jokers="; ".join(jokers))
            lines.append(line)
        tie = self.tie_break_text(view)
        if tie:
            lines.append(tie)
        return lines

    def _scoring_dialog(self, view: dict) -> Dialog:
        return Dialog(t("ten.scoring_title"), self.scoring_lines(view),
                      [Button(t("ten.to_results"), lambda: self.show_dialog(None),
                              key=pygame.K_RETURN, kind="primary")], width=0.62)


    # -- drawing ------------------------------------------------------------------------------

    def draw_view(self, surface: pygame.Surface, view: dict, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        self._refresh()
        for other, rect in g.panels.items():
            self.kept_layer(surface, f"seat{other}", rect, self._seat_key(view, other),
                        lambda o=other, r=rect: self._draw_seat(surface, view, o, r, s, 14))
        self.kept_layer(surface, "mine", g.mine, self._seat_key(view, self.bottom),
                    lambda: self._draw_seat(surface, view, self.bottom, g.mine, s, 24))
        self._draw_market(surface, view, s)
        mona = view["solo"] and view["active"] == MONA
        middle = pygame.Rect(0, g.band.y, round(g.row_left_mid[0]) + g.gauge.w + px(80, s),
                             g.band.h)
        if view["auction"] is not None or self._tray_visible() or self.coach:
            middle.w = min(middle.w, self._tray_rect().x)
        self.kept_layer(surface, "middle", middle,
                    (view["pile"], view["total"], view["money_showing"], mona, view["target"]),
                    lambda: (self._draw_pile(surface, view, s),
                             self._draw_totals(surface, view, s)))
        if view["auction"] is not None:
            self._draw_auction(surface, view, s)
        elif self._tray_visible():
            self._draw_tray(surface, view, s)
        elif self.coach:
            self._draw_coach(surface, view, s)
        if self.drag.dragging:
            self.drag.draw_targets(surface)
        self.cards.draw(surface)
        for flyer in self.flyers:
            flyer.draw(surface)
        if self.held is not None:
            self.held.draw(surface)
        self.log.draw(surface)
        for button in self._live_buttons():
            button.draw(surface)
        self._draw_tooltip(surface, s)

    def _seat_key(self, view: dict, seat: int) -> tuple:
        scoring = view.get("scoring")
        return (tuple(view["collections"][seat]), len(view["duplicates"][seat]),
                view["money"][seat], view["bust_tokens"][seat], view["current_player"] == seat,
                view["scores"][seat], str(scoring[seat]) if scoring else "",
                self.names[seat], self.session.players)

    def _seat_info(self, view: dict, seat: int) -> SeatInfo:
        counters = [Counter("circle", view["money"][seat], MONEY_COLOUR),
                    Counter("diamond", view["bust_tokens"][seat], BUST_COLOUR)]
        if view["duplicates"][seat]:
            counters.append(Counter("square", len(view["duplicates"][seat]), theme.TEXT_DIM))
        note = t("ten.mona_note", target=view["target"]) if view["solo"] and seat == MONA else ""
        return SeatInfo(seat, self.names[seat], t("ten.score", score=view["scores"][seat]),
                        active=view["current_player"] == seat, counters=counters, note=note)

    def _draw_seat(self, surface, view, seat, rect, s, cell_h) -> None:
        mona = view["solo"] and seat == MONA
        if mona:   # her own look: a violet cloth under the panel and a rule-bot badge
            pygame.draw.rect(surface, MONA_TINT, rect, border_radius=px(theme.RADIUS, s))
        below = self.seat_panel.draw(surface, rect, self._seat_info(view, seat), s)
        if mona:
            pygame.draw.rect(surface, MONA_EDGE, rect, max(2, px(3, s)),
                             border_radius=px(theme.RADIUS, s))
        pad = px(theme.PAD, s)
        area = pygame.Rect(rect.x + pad // 2, below, rect.w - pad, rect.bottom - below - pad // 3)
        self._draw_collection(surface, view, seat, area, s, px(cell_h, s))

    def _draw_collection(self, surface, view, seat, area, s, cell_h) -> None:
        codes = [code_of(c) for c in view["collections"][seat]]
        held = Multiset(codes)
        scoring = view.get("scoring")
        runs = scoring[seat]["runs"] if scoring else {}
        filled = {}
        if scoring:
            for joker, spots in scoring[seat]["jokers"].items():
                for spot in spots:
                    filled[spot] = joker
        jokers = [c for c in codes if is_joker(c)]
        row_h = max(4, area.h // 4)
        cell_h = min(cell_h, row_h - 2)
        sym = cell_h
        joker_w = max(cell_h * 2, area.w // 6)
        cw = max(6, (area.w - sym - joker_w - 4) // 9)
        size = text_px(theme.FONT_SMALL - 2, s) if cell_h >= 18 else max(10, cell_h - 3)
        wilds = [c for c in jokers if not c[0] in COLOURS]
        for r, colour in enumerate(COLOURS):
            y = area.y + r * row_h
            info = suit(colour)
            icon = symbol_icon(info.symbol, max(6, cell_h - 4), info.colour)
            surface.blit(icon, icon.get_rect(midleft=(area.x, y + cell_h / 2)))
            run = runs.get(colour)
            for n in range(1, 10):
                box = pygame.Rect(area.x + sym + (n - 1) * cw, y, cw - 2, cell_h)
                code = f"{colour}{n}"
                count = held[code]
                spot = filled.get(code)
                if count:
                    pygame.draw.rect(surface, info.colour, box, border_radius=3)
                    text = str(n) if count == 1 else f"{n}\u00b2" if count == 2 else f"{n}+"
                    blit_label(surface, text, size, info.ink, bold=True, center=box.center)
                elif spot:   # a joker stands here: a pale fill with the number
                    pale = tuple((c + 255) // 2 for c in info.colour[:3])
                    pygame.draw.rect(surface, pale, box, border_radius=3)
                    pygame.draw.rect(surface, info.colour, box, 1, border_radius=3)
                    blit_label(surface, str(n), size, theme.TEXT_DARK, center=box.center)
                else:
                    pygame.draw.rect(surface, (62, 112, 102), box, 1, border_radius=3)
                    blit_label(surface, str(n), size, (90, 120, 110), center=box.center)
                if run and run[0] <= n <= run[1]:
                    pygame.draw.rect(surface, theme.SELECTED, box.inflate(2, 2), 1,
                                     border_radius=3)
            # jokers beside the rows: colour wilds in their row, the others after
            mine = [c for c in jokers if c.startswith(colour)] + wilds[r::4]
            x = area.x + sym + 9 * cw + 4
            for code in mine:
                chip = label(code, size, theme.TEXT_DARK, bold=True)
                box = pygame.Rect(x, y, chip.get_width() + 6, cell_h)
                if box.right > area.right + 2:
                    break
                pygame.draw.rect(surface, (236, 226, 250), box, border_radius=4)
                surface.blit(chip, chip.get_rect(center=box.center))
                x = box.right + 2

    def _draw_market(self, surface, view, s) -> None:
        g = self.geo
        buying = self._buying()
        legal = {a[4:] for a in self._legal() if a.startswith("buy ")} if buying else set()
        key = (tuple(sorted(view["market"])), buying, tuple(sorted(legal)))

        def paint() -> None:
            draw_panel(surface, g.market.inflate(px(8, s), px(6, s)))
            size = text_px(theme.FONT_SMALL, s)
            blit_label(surface, t("ten.market", n=len(view["market"])), size, theme.TEXT,
                       bold=True, topleft=(g.market.x, g.market.y))
            codes = self._market_codes()
            for colour in COLOURS:
                info = suit(colour)
                first = self._market_cell(colour, 1)
                icon = symbol_icon(info.symbol, px(14, s), info.colour)
                surface.blit(icon, icon.get_rect(midright=(first.x - px(4, s), first.centery)))
                for n in range(1, 10):
                    cell = self._market_cell(colour, n)
                    code = f"{colour}{n}"
                    if not codes[code]:
                        pygame.draw.rect(surface, (62, 112, 102), cell, 1,
                                         border_radius=px(4, s))
                        continue
                    surface.blit(card_face(GAME, code, cell.size), cell)
                    if codes[code] > 1:
                        badge(surface, codes[code], (cell.right - 3, cell.bottom - 3), s)
                    if buying and code not in legal:
                        veil = pygame.Surface(cell.size, pygame.SRCALPHA)
                        veil.fill((0, 0, 0, 130))
                        surface.blit(veil, cell)
                    elif buying:
                        pygame.draw.rect(surface, theme.HIGHLIGHT, cell.inflate(2, 2), 2,
                                         border_radius=px(4, s))

        self.kept_layer(surface, "market", g.market.inflate(px(10, s), px(8, s)), key, paint)
        for code, colour in ((self.cursor if buying else None, theme.SELECTED),
                             (self.hover_code, theme.HOVER_GLOW)):
            if code and self._market_codes()[code]:
                cell = self._market_cell(code[0], int(code[1:]))
                pygame.draw.rect(surface, colour, cell.inflate(4, 4), 2, border_radius=px(5, s))

    def _draw_pile(self, surface, view, s) -> None:
        g = self.geo
        count = view["pile"]
        back = card_back(GAME, g.card)
        for dx, dy in layout.pile_offsets(min(count, 8)):
            surface.blit(back, back.get_rect(center=(g.pile[0] + dx, g.pile[1] + dy)))
        if not count:
            pygame.draw.rect(surface, theme.FELT_LIGHT,
                             pygame.Rect(0, 0, *g.card).move(g.pile[0] - g.card[0] / 2,
                                                              g.pile[1] - g.card[1] / 2),
                             max(1, px(2, s)), border_radius=px(8, s))
        blit_label(surface, t("ten.pile", n=count), text_px(theme.FONT_SMALL, s), theme.TEXT,
                   bold=True, midtop=(g.pile[0], g.pile[1] + g.card[1] / 2 + px(4, s)))

    def _draw_totals(self, surface, view, s) -> None:
        """The running total (warming toward 10), the money sum and the bust line."""
        g = self.geo
        total, money, limit = view["total"], view["money_showing"], view["limit"]
        x = g.row_left_mid[0]
        y = g.gauge.y - px(4, s)
        big = text_px(26, s)
        r = blit_label(surface, t("ten.total", n=total), big, warm(total, limit), bold=True,
                       bottomleft=(x, y))
        small = text_px(theme.FONT_SMALL, s)
        mcol = warm(money, limit) if money else theme.TEXT_DIM
        blit_label(surface, t("ten.money_sum", n=money, limit=limit), small, mcol,
                        bold=True, bottomleft=(r.right + px(16, s), y - px(3, s)))
        if view["solo"] and view["active"] == MONA:
            blit_label(surface, t("ten.mona_goal", target=view["target"]), small,
                       theme.TEXT_DIM, topleft=(x, g.gauge.bottom + px(12, s)))
        gauge = pygame.Rect(x, g.gauge.y, g.gauge.w, g.gauge.h)
        pygame.draw.rect(surface, (10, 40, 36), gauge, border_radius=gauge.h // 2)
        unit = gauge.w / (limit + 2)
        if total > 0:
            fill = gauge.copy()
            fill.w = round(min(total, limit + 2) * unit)
            pygame.draw.rect(surface, warm(total, limit), fill, border_radius=gauge.h // 2)
        if money > 0:
            m = pygame.Rect(gauge.x, gauge.bottom + 2, round(min(money, limit + 2) * unit),
                            max(2, gauge.h // 3))
            pygame.draw.rect(surface, MONEY_COLOUR, m)
        line_x = gauge.x + round(limit * unit)
        pygame.draw.line(surface, theme.DANGER, (line_x, gauge.y - px(5, s)),
                         (line_x, gauge.bottom + px(7, s)), max(2, px(2, s)))
        blit_label(surface, t("ten.bust_line", limit=limit), text_px(12, s), theme.DANGER,
                   bold=True, midbottom=(line_x, gauge.y - px(5, s)))

    def _draw_coach(self, surface, view, s) -> None:
        numbers = self.coach_numbers()
        if numbers is None:
            return
        r = self._tray_rect()
        box = pygame.Rect(0, 0, min(r.w, px(300, s)), px(96, s))
        box.topright = (r.right, r.y)
        draw_panel(surface, box, edge=theme.HIGHLIGHT)
        size = text_px(theme.FONT_SMALL, s)
        pad = px(10, s)
        lines = [t("ten.coach_title", name=self.names[view["active"]]),
                 t("ten.coach_bust", p=round(100 * numbers["bust"])),
                 t("ten.coach_total", x=f"{numbers['expected_total']:.1f}"),
                 t("ten.coach_joker", p=round(100 * numbers["joker"]))]
        y = box.y + pad // 2
        for i, line in enumerate(lines):
            blit_label(surface, fit(line, size, box.w - 2 * pad), size,
                       theme.HIGHLIGHT if i == 0 else theme.TEXT, bold=i == 0,
                       topleft=(box.x + pad, y))
            y += round(size * 1.3)

    def _draw_auction(self, surface, view, s) -> None:
        auction = view["auction"]
        r = self._tray_rect()
        draw_panel(surface, r, edge=theme.SELECTED)
        g = self.geo
        pad = px(12, s)
        x = r.x + round(g.card[0] * 0.8) + 2 * pad
        size = text_px(theme.FONT_BODY, s)
        small = text_px(theme.FONT_SMALL, s)
        y = r.y + pad // 2
        blit_label(surface, fit(t("ten.auction", card=code_of(auction["joker"])), size,
                                r.right - x - pad, bold=True), size, theme.SELECTED, bold=True,
                   topleft=(x, y))
        y += round(size * 1.4)
        high = auction["high"]
        text = t("ten.high_bid", n=high, name=self.names[auction["bidder"]]) \
            if auction["bidder"] is not None else t("ten.no_bid")
        rect = blit_label(surface, text, small, theme.TEXT, topleft=(x, y))
        if self.bid_glow > 0.01 and auction["bidder"] is not None:
            glow = tuple(round(a + (b - a) * self.bid_glow)
                         for a, b in zip(theme.PANEL_EDGE[:3], theme.SELECTED))
            pygame.draw.rect(surface, glow, rect.inflate(px(10, s), px(4, s)),
                             max(1, px(2, s)), border_radius=px(6, s))
        y += round(small * 1.4)
        # the bidding order: who said what, who is to bid
        cx = x
        for i, seat in enumerate(auction["order"]):
            word = self.said.get(seat, "?" if i >= auction["next"] else "")
            if i == auction["next"]:
                word = "\u2026"
            chip = label(fit(f"{self.names[seat]}: {word}", small, px(110, s)), small,
                         theme.TEXT_DARK if i == auction["next"] else theme.TEXT, bold=True)
            box = pygame.Rect(cx, y, chip.get_width() + px(10, s), round(small * 1.4))
            if box.right > r.right - pad:
                break
            fill = theme.SELECTED if i == auction["next"] else \
                tuple(c // 2 for c in seat_colour(seat))
            pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
            surface.blit(chip, chip.get_rect(center=box.center))
            cx = box.right + px(4, s)
        y += round(small * 1.8)
        if not self.my_turn:
            blit_label(surface, t("ten.bidding", name=self.names[self.current_player]), small,
                       theme.TEXT_DIM, topleft=(x, y))
            return
        low, top = self._bid_range()
        bh = px(32, s, 24)
        if low is None:
            blit_label(surface, t("ten.cannot_bid"), small, theme.TEXT_DIM, topleft=(x, y))
        else:
            amount = self.typed or str(self.bid_amount)
            rect = blit_label(surface, t("ten.your_bid", n=amount, low=low, high=top), size,
                              theme.TEXT, bold=True, topleft=(x, y))
            y = rect.bottom + px(6, s)
        bw = px(52, s)
        bx = x
        for button in (self.minus_button, self.plus1_button, self.plus5_button):
            button.layout((bx, y, bw, bh))
            button.enabled = low is not None
            bx += bw + px(4, s)
        self.bid_button.layout((bx, y, px(90, s), bh))
        self.bid_button.enabled = low is not None
        self.pass_button.layout((bx + px(94, s), y, px(90, s), bh))
        blit_label(surface, fit(t("ten.auction_keys"), small - 2, r.right - x - pad),
                   small - 2, theme.TEXT_DIM, bottomleft=(x, r.bottom - px(4, s)))

    def _draw_tray(self, surface, view, s) -> None:
        tray = self.tray
        r = self._tray_rect()
        draw_panel(surface, r, edge=theme.SELECTED)
        pad = px(12, s)
        size = text_px(theme.FONT_BODY, s)
        small = text_px(theme.FONT_SMALL, s)
        x, y = r.x + pad, r.y + pad // 2
        paid, ok = self.tray_status()
        title = t("ten.tray_buy", card=tray.buy[4:], price=tray.price) if tray.buy else \
            t("ten.tray_due", price=tray.price)
        blit_label(surface, fit(title, size, r.w - 2 * pad, bold=True), size, theme.SELECTED,
                   bold=True, topleft=(x, y))
        y += round(size * 1.4)
        blit_label(surface, t("ten.tray_paid", paid=paid, price=tray.price), small,
                   theme.TEXT if ok else theme.TEXT_DIM, topleft=(x, y))
        y += round(small * 1.5)
        self._tray_hits = []
        y = self._chips(surface, [(a, 1) for a in self._ordered(tray.items)], "remove", x, y,
                        r.right - pad, small, s)
        blit_label(surface, t("ten.tray_add"), small, theme.TEXT_DIM, topleft=(x, y))
        y += round(small * 1.4)
        y = self._chips(surface, self._available(), "add", x, y, r.right - pad, small, s,
                        picked=self._picked())
        bh = px(32, s, 24)
        by = r.bottom - bh - px(22, s)
        self.pay_button.layout((x, by, px(150, s), bh))
        self.pay_button.enabled = ok
        self.cancel_button.layout((x + px(156, s), by, px(130, s), bh))
        blit_label(surface, fit(t("ten.tray_keys"), small - 2, r.w - 2 * pad), small - 2,
                   theme.TEXT_DIM, bottomleft=(x, r.bottom - px(4, s)))

    def _chips(self, surface, items, kind, x, y, right, size, s, picked=None) -> int:
        cx = x
        h = round(size * 1.5)
        for item, n in items:
            what = item[4:]
            word = {"t": t("ten.item.t"), "x": t("ten.item.x"), "d": t("ten.item.d")}.get(what,
                                                                                      what)
            text = f"{word} \u00d7{n}" if kind == "add" and n > 1 else word
            image = label(text, size, theme.TEXT_DARK, bold=True)
            box = pygame.Rect(cx, y, image.get_width() + px(12, s), h)
            if box.right > right:
                cx, y = x, y + h + px(4, s)
                box.topleft = (cx, y)
            fill = MONEY_COLOUR if what == "t" else (240, 140, 120) if what == "x" else \
                (200, 200, 200) if what == "d" else suit(what[0]).colour if what[0] in COLOURS \
                else (236, 226, 250)
            pygame.draw.rect(surface, fill, box, border_radius=h // 2)
            if kind == "remove":
                pygame.draw.rect(surface, theme.TEXT, box, 1, border_radius=h // 2)
            surface.blit(image, image.get_rect(center=box.center))
            if item == picked:
                pygame.draw.rect(surface, theme.SELECTED, box.inflate(6, 6), 2,
                                 border_radius=h // 2 + 3)
            self._tray_hits.append((box, kind, item))
            cx = box.right + px(4, s)
        return y + h + px(6, s)

    def _draw_tooltip(self, surface, s) -> None:
        code = self.hover_code
        if code is None or not self._buying() or self.drag.dragging:
            return
        reason = self.why_not(f"buy {code}")
        if reason is None:
            reason = t("ten.can_buy", card=code, price=int(code[1:]))
        size = text_px(theme.FONT_SMALL, s)
        text = fit(reason, size, px(520, s))
        image = label(text, size, theme.TEXT)
        box = image.get_rect(bottomleft=(self.mouse[0] + 8, self.mouse[1] - 8)).inflate(12, 8)
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, radius=6)
        surface.blit(image, image.get_rect(center=box.center))
