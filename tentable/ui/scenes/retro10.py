"""The 10 – Special Retro Edition table (docs/rules/retro10.md, RX-R1…R10).

The seats sit around an oval: the seat at the screen at the bottom (its panel bottom-left,
its hand in the middle, its decisions in the action panel bottom-right), the others
clockwise around. Each seat's played cards lie between its panel and the middle, where
the deck, the round card and the pot are. The phase banner (1–5) and the log are on the
right. Everything drawn comes from `self.view`: a face-down card the seat at the screen
does not know is a back keyed "?<place>"; every other card is a sprite keyed by its id,
so it glides from zone to zone (a back that is swapped or revealed hands its sprite on).
The seat panels, the banner and the log are painted once over the cloth and kept until
they change: a seven-seat table is a few plain blits a frame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from tentable.engine.retro10 import Retro10, cards as card_table
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import MINUS, px, text_px
from tentable.ui.tables.base import TableScene
from tentable.ui.text import STRINGS, t
from tentable.ui.widgets import layout
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.cards import card_back
from tentable.ui.widgets.dragdrop import DragManager, DropTarget
from tentable.ui.widgets.logpanel import LogPanel
from tentable.ui.widgets.panel import blit_label, draw_panel, felt, fit, label, rounded, wrap
from tentable.ui.widgets.seatpanel import Counter, SeatInfo, SeatPanel, badge, seat_colour
from tentable.ui.widgets.spritesync import Spot, SpriteSync, code_of
from tentable.ui.widgets.tween import Tweens

GAME = "retro10"
PLACE_SCALE = 0.72     # played cards and the middle, as a share of the card size
BACK_SCALE = 0.3       # hand backs in the seat panels
HAND_ANGLE = 6.0
SECOND = 0.55          # the second card lies this share of a card width to the right
SHOWDOWN = 1.5         # seconds the revealed cards stay before they fly to the loser
PHASE_OF = {"place": 2, "deal": 3, "bid": 3, "protect": 3, "reveal": 4, "add": 4, "start": 5}
CHIP = (232, 184, 48)
CHIP_EDGE = (120, 80, 10)
DIM = (0, 0, 0, 130)


def minus(value: int) -> str:
    """A score as penalty points: 12, −4 (a real minus sign), never "+12"."""
    return str(value).replace("-", MINUS)


def value_of(code: str | None) -> int | None:
    """The face value of a card code; None for a joker or an unknown card."""
    if code is None or code == "J":
        return None
    return int(code[1:]) if code[0] == "S" else int(code)


@dataclass
class Geometry:
    card: tuple[int, int]
    place: tuple[int, int]            # played cards, the round card, the deck
    back: tuple[int, int]             # hand backs in a panel
    pile: tuple[int, int]             # the penalty pile in a panel
    centre: tuple[float, float]
    panels: dict[int, pygame.Rect]    # every seat, the bottom one included
    places: dict[int, tuple[float, float]]   # centre of each seat's first card
    hand_center: tuple[float, float]
    hand_width: float
    deck: tuple[float, float]
    round_card: tuple[float, float]
    pot: tuple[float, float]
    action: pygame.Rect               # the bottom-right action panel (the "popover")
    callout_y: float                  # the winner and loser called out
    banner: pygame.Rect


@dataclass
class Token:
    """The pot on its way to the winner: a chip with a number."""

    pos: tuple[float, float]
    amount: int


@dataclass
class Showdown:
    """Phase 5 on screen: the cards of the round lie revealed before they fly."""

    last: dict
    seats: dict                        # card id -> (place, index)
    elapsed: float = 0.0
    duration: float = SHOWDOWN


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


class Log(LogPanel):
    """The shared log panel, counting its lines so the table can keep its picture."""

    version = 0

    def add(self, text: str, seat_colour=None) -> None:
        self.version += 1
        super().add(text, seat_colour)

    def layout(self, rect, px: int | None = None) -> None:
        self.version += 1
        super().layout(rect, px)

    def draw_at_origin(self, image: pygame.Surface) -> None:
        """Draw into `image`, an image of the panel's own size."""
        rect, self.rect = self.rect, image.get_rect()
        try:
            self.draw(image)
        finally:
            self.rect = rect


@register_table(GAME)
class Retro10Table(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.tweens = Tweens()
        self.drag = DragManager(self.tweens)
        self.cards = SpriteSync(GAME, self.tweens)
        self.seat_panel = SeatPanel(GAME)
        self.log = Log((0, 0, 10, 10))
        self.selected: str | None = None
        self.pending: Pending | None = None
        self.playing: str | None = None          # the hand card the gesture under way plays
        self.marks = Marks()
        self.buttons: list[Button] = []
        self.title = ""
        self.showdown: Showdown | None = None
        self.tokens: list[Token] = []
        self.geo: Geometry | None = None
        self._wraps: dict[tuple, list[str]] = {}
        self._panels: dict[tuple, pygame.Surface] = {}
        self.retell()

    # -- words -------------------------------------------------------------------------
    def _say(self, key: str, seat: int, **values) -> str:
        you = key + ".you"
        return t(you if self.speaks_to(seat) and you in STRINGS else key, **values)

    def _other(self, seat: int) -> str:
        """A seat named inside a sentence: "swaps cards with you"."""
        return t("rx.you") if self.speaks_to(seat) else self.names[seat]

    def _log_seat(self) -> int | None:
        """Whose eyes the log is written for: with several humans sharing the screen the
        log stays public, so no face-down card is ever named in it."""
        return self.bottom if len(self.session.humans) == 1 else None

    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        name = self.names[seat]
        words = Retro10.public_action(action, seat, self._log_seat()).split()
        verb = words[0]
        if verb == "place":
            known = words[1] != "a"
            rest = words[2:] if known else words[3:]
            side, chips = rest[0], int(rest[2]) if len(rest) == 3 else 0
            text = self._say("rx.log.place", seat, name=name,
                             card=words[1] if known else t("rx.a_card"),
                             side=t("rx.side_" + side),
                             chips=t("rx.protected", n=chips) if chips else "")
        elif verb == "swap":
            other = int(words[1])
            text = self._say("rx.log.swap", seat, name=name, other=self._other(other))
        elif verb == "bid":
            other = int(words[1])
            text = self._say("rx.log.bid", seat, name=name, other=self._other(other), n=words[2])
        elif verb == "raise":
            text = self._say("rx.log.raise", seat, name=name, n=words[1])
        elif verb == "pass":
            text = self._say("rx.log.pass" if before["phase"] == "bid" else "rx.log.no_deal",
                             seat, name=name)
        elif verb == "protect":
            text = self._say("rx.log.protect", seat, name=name, n=words[1])
        elif verb == "keep":
            text = self._say("rx.log.keep", seat, name=name)
        elif verb == "reveal":
            row = after["table"][seat]
            first = row[0]["code"] if row else None
            text = self._say("rx.log.reveal", seat, name=name, card=first or t("rx.a_card"))
        elif verb == "hide":
            text = self._say("rx.log.hide", seat, name=name)
        elif verb == "add":
            text = self._say("rx.log.add", seat, name=name, card=words[1])
        elif verb == "stand":
            text = self._say("rx.log.stand", seat, name=name)
        else:   # start P
            other = int(words[1])
            key = "rx.log.start_self" if other == seat else "rx.log.start"
            text = self._say(key, seat, name=name, other=self._other(other))
        self.log.add(text, seat_colour(seat))
        if before["phase"] == "bid" and after["phase"] != "bid" and before["auction"]:
            auction = before["auction"]
            high = auction["high"]
            self.log.add(self._say("rx.log.settle", high, name=self.names[high],
                                   n=auction["bid"], other=self._other(auction["owner"])),
                         seat_colour(high))
        if self._round_ended(before, after):
            self._log_showdown(after["last_round"])
            if after["phase"] == "over" and after["ended_early"]:
                self.log.add(t("rx.log.early"))
        if after["phase"] != "over" and after["round"] != before["round"]:
            self.log_start(after)

    @staticmethod
    def _round_ended(before: dict, after: dict) -> bool:
        last = after["last_round"]
        return last is not None and (before["last_round"] is None
                                     or before["last_round"]["round"] != last["round"])

    def log_start(self, view: dict) -> None:
        if view["phase"] == "over" or view["round_card"] is None:
            return
        first = view["start"]
        self.log.add(self._say("rx.log.round", first, round=view["round"],
                               card=code_of(view["round_card"])[1:],
                               name=self.names[first]))

    def _log_showdown(self, last: dict) -> None:
        points = card_table().points
        winner, loser = last["winner"], last["loser"]
        taken = sum(points[c] for c in last["cards"]) + points[last["round_card"]]
        self.log.add(self._say("rx.log.wins", winner, name=self.names[winner],
                               total=last["totals"][winner], pot=last["pot"]),
                     seat_colour(winner))
        self.log.add(self._say("rx.log.loses", loser, name=self.names[loser],
                               total=last["totals"][loser], n=len(last["cards"]) + 1,
                               points=taken), seat_colour(loser))

    # -- layout ----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        pad = px(theme.PAD, s)
        card = self.card_size
        place = (round(card[0] * PLACE_SCALE), round(card[1] * PLACE_SCALE))
        back = (round(card[0] * BACK_SCALE), round(card[1] * BACK_SCALE))
        top = px(58, s)
        log_w = px(270, s)
        right = w - log_w - 2 * pad
        banner = pygame.Rect(right + pad, top, log_w, px(128, s))
        self.log.layout((right + pad, banner.bottom + pad, log_w, h - banner.bottom - 2 * pad),
                        text_px(theme.FONT_SMALL, s))
        strip_h = round(card[1] * (1 + theme.SELECT_LIFT)) + px(26, s)
        strip_top = h - pad - strip_h
        panel_w = px(200, s)
        panel_h = SeatPanel.header_height(s) + back[1] + px(12, s)
        pile = (round((back[1] + px(8, s)) / theme.CARD_RATIO), back[1] + px(8, s))
        mine = pygame.Rect(pad, h - pad - panel_h, panel_w, panel_h)
        action = pygame.Rect(0, 0, px(300, s), max(strip_h, px(180, s)))
        action.bottomright = (right, h - pad)
        hand_cx = (mine.right + action.left) / 2
        hand_w = action.left - mine.right - 2 * pad
        hand_y = strip_top + card[1] * (0.5 + theme.SELECT_LIFT) + px(4, s)
        area = pygame.Rect(pad, top, right - pad, strip_top - top)
        cx, cy = area.center
        rx, ry = area.w / 2 - panel_w / 2, area.h / 2 - panel_h / 2
        n = self.session.players
        panels, places = {self.bottom: mine}, {}
        for k in range(1, n):
            seat = (self.bottom + k) % n
            a = math.radians(90 + k * 360 / n)
            rect = pygame.Rect(0, 0, panel_w, panel_h)
            rect.center = (round(cx + rx * math.cos(a)), round(cy + ry * math.sin(a)))
            panels[seat] = rect
            places[seat] = self._hug(rect, (cx, cy), place, pad)
        places[self.bottom] = (hand_cx - place[0] * SECOND / 2, strip_top - place[1] / 2 - pad)
        mid_y = cy - px(10, s)
        step = place[0] * 1.7
        if n >= 5:   # a full oval: the deck, round card and pot go above the own panel
            mid_y = mine.top - pad - 2 * text_px(theme.FONT_SMALL, s) - px(10, s) - place[1] / 2
            cx = pad + place[0] / 2 + step
        self.geo = Geometry(
            card=card, place=place, back=back, pile=pile, centre=area.center, panels=panels,
            places=places, hand_center=(hand_cx, hand_y), hand_width=hand_w,
            deck=(cx - step, mid_y), round_card=(cx, mid_y), pot=(cx + step, mid_y),
            action=action, banner=banner,
            callout_y=area.centery if n >= 5 else mid_y + place[1] / 2 + px(52, s))
        self.toast_area = pygame.Rect(round(area.centerx - px(260, s)),
                                      round(area.centery + place[1] / 2 + px(20, s)), px(520, s),
                                      round(places[self.bottom][1] - area.centery - place[1]))
        self._sync(animate=False)

    @staticmethod
    def _hug(panel: pygame.Rect, centre: tuple[float, float], place: tuple[int, int],
             pad: int) -> tuple[float, float]:
        """A seat's place: on the way from its panel to the middle, just clear of the panel,
        so the middle keeps room for the deck, the round card and the pot."""
        w, h = place
        clear = panel.inflate(2 * pad, 2 * pad)
        dx, dy = panel.centerx - centre[0], panel.centery - centre[1]
        f = 1.0
        while f > 0.2:
            x, y = centre[0] + dx * f, centre[1] + dy * f
            box = pygame.Rect(0, 0, round(w * (1 + SECOND)), h + pad)
            box.center = (round(x), round(y))
            if not box.colliderect(clear):
                return x - w * SECOND / 2, y
            f -= 0.02
        return centre[0] + dx * 0.4 - w * SECOND / 2, centre[1] + dy * 0.4

    def _pile_spot(self, seat: int) -> tuple[float, float]:
        g = self.geo
        r = g.panels[seat]
        pad = px(theme.PAD, theme.ui_scale(self.app.size))
        return r.right - pad - g.pile[0] / 2, r.bottom - pad // 2 - g.pile[1] / 2

    def place_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's played cards lie (a drop target for the seat at the screen)."""
        g = self.geo
        x, y = g.places[seat]
        w, h = g.place
        grow = seat == self.bottom          # the own place is a roomy drop target
        rect = pygame.Rect(0, 0, round(w * (1 + SECOND) + (w * 0.4 if grow else 0)),
                           round(h * (1.25 if grow else 1.0)))
        rect.center = (round(x + w * SECOND / 2), round(y))
        return rect

    def _first_key(self, view: dict, place: int) -> str | None:
        row = view["table"][place]
        if not row:
            return None
        return row[0]["id"] or f"?{place}"

    def _layout_spots(self) -> dict[str, Spot]:
        v, g = self.view, self.geo
        spots: dict[str, Spot] = {}
        if v["round_card"]:
            spots[v["round_card"]] = Spot(g.round_card, True, 50, g.place)
        hand = [c for c in (v["hand"] or [])]
        pend = self.pending.card if self.pending and self.pending.card in hand else None
        fan_cards = [c for c in hand if c != pend]
        slots = self._fan(len(fan_cards))
        for i, (card, slot) in enumerate(zip(fan_cards, slots)):
            spots[card] = Spot(slot.pos, True, 300 + i, g.card, slot.angle)
        if pend is not None:   # chosen in the popover: it lies on the place already
            spots[pend] = Spot(g.places[self.bottom], True, 200, g.place)
        for place, row in enumerate(v["table"]):
            x, y = g.places[place]
            for i, entry in enumerate(row):
                key = entry["id"] or f"?{place}"
                spots[key] = Spot((x + i * g.place[0] * SECOND, y), entry["code"] is not None,
                                  100 + i, g.place)
        for seat in range(v["players"]):
            pile = v["taken"][seat]
            centre = self._pile_spot(seat)
            for i, card in enumerate(pile):
                spots[card] = Spot(centre, True, 10 + i, g.pile, pile_depth=len(pile) - 1 - i)
        show = self.showdown
        if show is not None:   # the round's cards lie revealed before they fly
            for card, (place, i) in show.seats.items():
                x, y = g.places[place]
                spots[card] = Spot((x + i * g.place[0] * SECOND, y), True, 100 + i, g.place)
            spots[show.last["round_card"]] = Spot(g.round_card, True, 50, g.place)
        return spots

    def _fan(self, n: int):
        g = self.geo
        return layout.fan(n, g.hand_center, g.hand_width, g.card, HAND_ANGLE)

    def _carry(self, pairs: list[tuple[str | None, str | None]]) -> None:
        """Hand sprites over to new keys (a face-down card that was swapped or revealed is
        the same physical card): all pairs at once, so two backs can trade places."""
        moving = {}
        for old, new in pairs:
            if old and new and old != new and old in self.cards.sprites:
                moving[new] = self.cards.sprites.pop(old)
        for new, sprite in moving.items():
            if new in self.cards.sprites:
                continue
            if not new.startswith("?"):
                sprite.code = code_of(new)
            self.cards.sprites[new] = sprite

    def _sync(self, origin: int | None = None, animate: bool = True) -> None:
        if self.geo is None:
            return
        self.tweens.duration_scale = self.duration_scale
        hand = set(self.view["hand"] or [])
        g = self.geo

        def start(card: str) -> tuple[float, float]:
            if card in hand or card == self.view["round_card"]:
                return g.deck
            if origin is not None and origin != self.bottom:
                return g.panels[origin].center
            return g.deck

        self.cards.sync(self._layout_spots(), start, animate, hidden=hand)
        self._refresh()

    # -- what the player can do ------------------------------------------------------
    def _legal(self) -> list[str]:
        return self.view["legal_actions"] if self.my_turn else []

    def _phase(self) -> str:
        return self.view["phase"]

    def _code(self, card: str) -> str:
        return code_of(card)

    def _refresh(self) -> None:
        """Selection, lit and dimmed cards, and the buttons of the action panel."""
        if self.geo is None:
            return
        v, legal = self.view, self._legal()
        phase = v["phase"]
        hand = v["hand"] or []
        if self.selected not in hand:
            self.selected = None
        if self.pending is not None and (phase != "place" or self.pending.card not in hand
                                         or not legal):
            self.pending = None
        dimmed = set()
        if phase == "add" and legal:
            dimmed = {c for c in hand if f"add {self._code(c)}" not in legal}
        self.marks.dimmed = dimmed
        others = [s for s in range(v["players"]) if s != self.bottom]
        if phase not in ("deal",) or not legal:
            self.marks.target = None
        if phase != "start" or not legal:
            self.marks.start = None
        elif self.marks.start is None:
            self.marks.start = v["current_player"]
        if phase == "deal" and legal:
            target = self.marks.target
            if target is not None:
                guard = v["protection"][target]
                low = guard if guard else 1
                self.marks.amount = max(low, min(self.marks.amount, v["chips"][self.bottom]))
        elif phase == "bid" and legal:
            raises = sorted(int(a.split()[1]) for a in legal if a.startswith("raise"))
            auction = (v["auction"]["owner"], v["auction"]["bid"])
            if self.marks.auction != auction:   # a new bid to top: start at the least
                self.marks.auction = auction
                self.marks.amount = raises[0] if raises else 0
            if raises:
                self.marks.amount = max(raises[0], min(self.marks.amount, raises[-1]))
        for card, sprite in self.cards.sprites.items():
            sprite.selected = card == self.selected and card in hand and (
                self.pending is None or self.pending.card != card)
            sprite.highlight = False
            if card not in hand:
                sprite.hover = False
        if phase == "bid" and v["auction"]:
            key = self._first_key(v, v["auction"]["owner"])
            if key in self.cards.sprites:
                self.cards[key].highlight = True
        if phase == "deal" and legal:
            for s in others:
                key = self._first_key(v, s)
                if key in self.cards.sprites:
                    self.cards[key].highlight = s == self.marks.target
        self._build_buttons(phase, legal)

    def _button(self, text: str, action, key: int | None = None, enabled: bool = True,
                kind: str = "normal") -> Button:
        return Button(text, action, key=key, enabled=enabled, kind=kind)

    def _build_buttons(self, phase: str, legal: list[str]) -> None:
        v = self.view
        rows: list[list[Button]] = []
        names = self.names
        self.title = ""
        if not legal:
            self.title = self._watch_text()
        elif phase == "place":
            p = self.pending
            if p is None:
                self.title = t("rx.ui.place_pick")
                card = self.selected
                rows.append([self._button(t("rx.ui.up"), lambda: self._open(True), pygame.K_u,
                                          card is not None),
                             self._button(t("rx.ui.down"), lambda: self._open(False), pygame.K_d,
                                          card is not None)])
            else:
                code = self._code(p.card)
                self.title = t("rx.ui.place_card", card=code)
                chips = min(2, v["chips"][self.bottom])
                rows.append([self._button(t("rx.ui.up"), lambda: self._side(True), pygame.K_u,
                                          kind="primary" if p.up else "normal"),
                             self._button(t("rx.ui.down"), lambda: self._side(False), pygame.K_d,
                                          kind="primary" if not p.up else "normal")])
                keys = (pygame.K_0, pygame.K_1, pygame.K_2)
                rows.append([self._button(t(f"rx.ui.chips{n}"), lambda n=n: self._chips(n),
                                          keys[n], n <= chips,
                                          "primary" if p.chips == n else "normal")
                             for n in range(3)])
                rows.append([self._button(t("rx.ui.place"), self._place, pygame.K_RETURN,
                                          kind="primary"),
                             self._button(t("rx.ui.cancel"), self._cancel, pygame.K_BACKSPACE)])
        elif phase == "deal":
            target = self.marks.target
            if target is None:
                self.title = t("rx.ui.deal_pick")
                rows.append([self._button(t("rx.ui.swap"), None, pygame.K_RETURN, False)])
            else:
                guard = v["protection"][target]
                if guard:
                    self.title = t("rx.ui.deal_bid", name=names[target], n=guard)
                    action = f"bid {target} {self.marks.amount}"
                    rows.append([self._button(t("rx.ui.bid", n=self.marks.amount),
                                              lambda a=action: self._act(a), pygame.K_RETURN,
                                              action in legal, "primary"),
                                 self._button(t("rx.ui.less"), lambda: self._amount(-1),
                                              pygame.K_DOWN),
                                 self._button(t("rx.ui.more"), lambda: self._amount(1),
                                              pygame.K_UP)])
                else:
                    self.title = t("rx.ui.deal_swap", name=names[target])
                    action = f"swap {target}"
                    rows.append([self._button(t("rx.ui.swap"), lambda a=action: self._act(a),
                                              pygame.K_RETURN, action in legal, "primary")])
            rows.append([self._button(t("rx.ui.pass"), lambda: self._act("pass"), pygame.K_p)])
        elif phase == "bid":
            self.title = self._auction_text()
            action = f"raise {self.marks.amount}"
            can = action in legal
            rows.append([self._button(t("rx.ui.raise", n=self.marks.amount),
                                      lambda a=action: self._act(a), pygame.K_r, can, "primary"),
                         self._button(t("rx.ui.less"), lambda: self._amount(-1), pygame.K_DOWN,
                                      can),
                         self._button(t("rx.ui.more"), lambda: self._amount(1), pygame.K_UP,
                                      can)])
            rows.append([self._button(t("rx.ui.pass"), lambda: self._act("pass"), pygame.K_p)])
        elif phase == "protect":
            self.title = t("rx.ui.protect_title", n=v["protection"][self.bottom])
            rows.append([self._button(t("rx.ui.protect", n=n),
                                      lambda n=n: self._act(f"protect {n}"),
                                      (pygame.K_1, pygame.K_2)[n - 1], f"protect {n}" in legal)
                         for n in (1, 2)])
            rows.append([self._button(t("rx.ui.keep"), lambda: self._act("keep"), pygame.K_k)])
        elif phase == "reveal":
            self.title = t("rx.ui.reveal_title")
            rows.append([self._button(t("rx.ui.reveal"), lambda: self._act("reveal"), pygame.K_v,
                                      kind="primary"),
                         self._button(t("rx.ui.hide"), lambda: self._act("hide"), pygame.K_h)])
        elif phase == "add":
            first = v["table"][self.bottom][0]["code"] if v["table"][self.bottom] else None
            value = value_of(first)
            self.title = t("rx.ui.add_title", total="?" if value is None else value)
            card = self.selected
            rows.append([self._button(t("rx.ui.add"), self._add_selected, pygame.K_RETURN,
                                      card is not None and card not in self.marks.dimmed,
                                      "primary"),
                         self._button(t("rx.ui.stand"), lambda: self._act("stand"), pygame.K_s)])
        elif phase == "start":
            chosen = self.marks.start if self.marks.start is not None else self.bottom
            self.title = t("rx.ui.start_title", round=v["round"] + 1)
            start_key = "rx.ui.start_you" if self.speaks_to(chosen) else "rx.ui.start"
            rows.append([self._button("←", lambda: self._cycle_start(-1), pygame.K_LEFT),
                         self._button(t(start_key, name=names[chosen]),
                                      lambda: self._act(f"start {chosen}"), pygame.K_RETURN,
                                      kind="primary"),
                         self._button("→", lambda: self._cycle_start(1), pygame.K_RIGHT)])
        self.buttons = [b for row in rows for b in row]
        self._lay_buttons(rows)

    def _lay_buttons(self, rows: list[list[Button]]) -> None:
        g = self.geo
        s = theme.ui_scale(self.app.size)
        pad = px(8, s)
        box = g.action
        title_h = text_px(theme.FONT_SMALL, s) * 2 + px(14, s)
        bh = min(px(36, s, 26), (box.h - title_h - pad) // max(1, len(rows)) - pad)
        y = box.bottom - pad - len(rows) * (bh + pad) + pad
        for row in rows:
            if not row:
                continue
            n = len(row)
            weights = [2 if b.kind == "primary" and n == 3 else 1 for b in row]
            width = box.w - 2 * pad - (n - 1) * pad
            x = box.x + pad
            for b, wgt in zip(row, weights):
                bw = round(width * wgt / sum(weights))
                b.layout((x, y, bw, bh))
                x += bw + pad
            y += bh + pad

    def _watch_text(self) -> str:
        v = self.view
        if v["phase"] == "over":
            return t("rx.ui.over")
        if v["phase"] == "bid" and v["auction"]:
            return self._auction_text()
        return t("rx.ui.watch")

    def _auction_text(self) -> str:
        """The bidding panel's line: whose card, the bid, who made it, who is next."""
        a, current = self.view["auction"], self.view["current_player"]
        whose = t("rx.your") if self.speaks_to(a["owner"]) else t("rx.whose",
                                                              name=self.names[a["owner"]])
        return t("rx.ui.auction", whose=whose, n=a["bid"],
                 high=self._other(a["high"]),
                 next=self._other(current) if current is not None else "")

    # -- actions ---------------------------------------------------------------------
    def _act(self, action: str, card: str | None = None) -> bool:
        """Play `action`; `card` is the hand card the player moved, if any."""
        self.playing = card
        try:
            applied = self.submit(action)
        finally:
            self.playing = None
        if applied:
            self.selected = None
            self.pending = None
            self._refresh()
            return True
        return False

    def _open(self, up: bool) -> None:
        if self.selected is None:
            self.app.toasts.show(t("rx.ui.pick_first"), 2.5)
            return
        reason = self.why_not(f"place {self._code(self.selected)} {'up' if up else 'down'}")
        if reason:
            self.refuse(reason)
            return
        self.pending = Pending(self.selected, up)
        self._sync()

    def _side(self, up: bool) -> None:
        if self.pending is not None:
            self.pending.up = up
            self._refresh()

    def _chips(self, n: int) -> None:
        if self.pending is not None:
            self.pending.chips = n
            self._refresh()

    def _place(self) -> None:
        p = self.pending
        if p is None:
            return
        action = f"place {self._code(p.card)} {'up' if p.up else 'down'}" + (
            f" protect {p.chips}" if p.chips else "")
        if not self._act(action, p.card):
            self.pending = None
            self._sync()

    def _cancel(self) -> None:
        self.pending = None
        self._sync()

    def _amount(self, step: int) -> None:
        self.marks.amount += step
        self._refresh()

    def _add_selected(self) -> None:
        card = self.selected
        if card is None:
            self.app.toasts.show(t("rx.ui.pick_first"), 2.5)
            return
        if not self._act(f"add {self._code(card)}", card) and card in self.cards.spots:
            self.tweens.duration_scale = self.duration_scale
            self.tweens.shake(self.cards[card], self.cards.spots[card].pos)

    def _choose_target(self, seat: int) -> None:
        if seat == self.bottom:
            return
        if self.marks.target == seat:     # a second click on the chosen card: the deal
            guard = self.view["protection"][seat]
            self._act(f"bid {seat} {self.marks.amount}" if guard else f"swap {seat}")
            return
        self.marks.target = seat
        self.marks.amount = self.view["protection"][seat] or 1
        self._refresh()

    def _cycle_target(self, step: int) -> None:
        n = self.view["players"]
        others = [(self.bottom + k) % n for k in range(1, n)]
        if self.marks.target in others:
            index = (others.index(self.marks.target) + step) % len(others)
        else:
            index = 0 if step > 0 else len(others) - 1
        self.marks.target = others[index]
        self.marks.amount = self.view["protection"][others[index]] or 1
        self._refresh()

    def _cycle_start(self, step: int) -> None:
        n = self.view["players"]
        current = self.marks.start if self.marks.start is not None else self.bottom
        self.marks.start = (current + step) % n
        self._refresh()

    def _drop_targets(self, card: str) -> list[DropTarget]:
        rect = self.place_rect(self.bottom)
        code = self._code(card)
        if self._phase() == "add":
            return [DropTarget(rect, "add", f"add {code}" in self._legal())]
        legal = any(a.startswith(f"place {code} ") for a in self._legal())
        return [DropTarget(rect, "place", legal)]

    # -- input -----------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.log.handle(event):
            return
        for button in list(self.buttons):
            if button.handle(event):
                return
        self.route_input(event)

    def on_pointer(self, pos) -> None:
        self.drag.motion(pos)
        hand = self.view["hand"] or []
        top = self.cards.at(hand, pos) if self.drag.sprite is None else \
            self.cards.key_of(self.drag.sprite)
        for card in hand:
            if card in self.cards.sprites:
                self.cards[card].hover = card == top

    def on_press(self, pos) -> None:
        phase = self._phase()
        hand = [c for c in (self.view["hand"] or [])
                if self.pending is None or c != self.pending.card]
        card = self.cards.at(hand, pos)
        if card is not None and self.my_turn and phase in ("place", "add"):
            sprite = self.cards[card]
            self.drag.set_targets(self._drop_targets(card))
            self.drag.press(sprite, pos)
            sprite.z = 1000
            return
        if not self.my_turn:
            return
        if phase == "deal":
            for seat in range(self.view["players"]):
                if seat != self.bottom and self.place_rect(seat).collidepoint(pos):
                    self._choose_target(seat)
                    return
        elif phase == "start":
            for seat, rect in self.geo.panels.items():
                if rect.collidepoint(pos) or self.place_rect(seat).collidepoint(pos):
                    if self.marks.start == seat:
                        self._act(f"start {seat}")
                    else:
                        self.marks.start = seat
                        self._refresh()
                    return

    def on_release(self, pos) -> None:
        result = self.drag.release(pos)
        if result is None:
            return
        card = self.cards.key_of(result.sprite)
        if card is None:
            return
        result.sprite.z = self.cards.spots[card].z if card in self.cards.spots else 300
        phase = self._phase()
        if result.clicked:
            if self.selected == card and phase == "add":
                self._add_selected()
            elif self.selected == card and phase == "place":
                self._open(True)
            else:
                self.selected = card
                self._refresh()
            return
        if result.target is None:
            return
        code = self._code(card)
        if result.target.key == "add":
            if not self._act(f"add {code}", card):
                self.drag.spring_back(result.sprite, self.cards.spots[card].pos)
            return
        reason = self.why_not(f"place {code} up")
        if reason:       # not now: the engine's words, and the card goes home
            self.refuse(reason)
            self.drag.spring_back(result.sprite, self.cards.spots[card].pos)
            return
        self.selected = card
        self.pending = Pending(card, True)
        self._sync()

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        phase = self._phase()
        hand = self.view["hand"] or []
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.forced:
                self._act(self.forced)
            elif phase == "place" and self.my_turn:
                if self.pending is not None:
                    self._place()
                else:
                    self._open(True)
            elif phase == "deal" and self.my_turn and self.marks.target is None:
                self.app.toasts.show(t("rx.ui.deal_pick"), 2.5)
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            if phase == "deal" and self.my_turn:
                self._cycle_target(step)
            elif hand and self.pending is None:
                if self.selected in hand:
                    index = (hand.index(self.selected) + step) % len(hand)
                else:
                    index = 0 if step > 0 else len(hand) - 1
                self.selected = hand[index]
                self._refresh()

    # -- events from the base ----------------------------------------------------------
    def on_action(self, seat: int, action: str, before: dict, after: dict) -> None:
        self.narrate(seat, action, before, after)
        pairs: list[tuple] = []
        if self.showdown is not None:   # the winner named a start player: the show is over
            last, self.showdown = self.showdown.last, None
            self._fly_pot(last)
        if self._round_ended(before, after):
            played = list(after["last_round"]["cards"])
            seats, it = {}, iter(played)
            for place in before["order"]:
                for i in range(len(before["table"][place])):
                    card = next(it, None)
                    if card is not None:
                        seats[card] = (place, i)
                        if i == 0:
                            pairs.append((self._first_key(before, place), card))
            if self.duration_scale > 0 and self.geo is not None:
                self.showdown = Showdown(after["last_round"], seats,
                                         duration=SHOWDOWN * self.duration_scale)
        elif after["phase"] == "protect" and before["phase"] in ("deal", "bid"):
            a, b = after["protecting"][:2]
            pairs = [(self._first_key(before, b), self._first_key(after, a)),
                     (self._first_key(before, a), self._first_key(after, b))]
        elif after["round"] == before["round"]:
            pairs = [(self._first_key(before, p), self._first_key(after, p))
                     for p in range(after["players"])
                     if (self._first_key(before, p) or "").startswith("?")]
        pairs += self._twin_played(seat, before, after)
        self._carry(pairs)
        self._sync(origin=seat)
        if self.showdown is None and self._round_ended(before, after):
            self._fly_pot(after["last_round"])

    def _twin_played(self, seat: int, before: dict, after: dict) -> list[tuple[str, str]]:
        """An action names a card by its code, so of two alike cards (two jokers, two 5s)
        the engine may play the other one: the sprites trade keys, so the card the player
        moved is the one that lands."""
        moved = self.playing
        if seat != self.seat or moved is None:
            return []
        gone = set(before["hand"] or []) - set(after["hand"] or [])
        twin = next((c for c in gone if code_of(c) == code_of(moved)), None)
        if moved in gone or twin is None:
            return []
        return [(moved, twin), (twin, moved)]

    def _fly_pot(self, last: dict) -> None:
        if not last["pot"] or self.geo is None or self.duration_scale <= 0:
            return
        token = Token(self.geo.pot, last["pot"])
        self.tokens.append(token)
        self.tweens.move(token, self.geo.panels[last["winner"]].center, 0.6,
                         then=lambda: self.tokens.remove(token) if token in self.tokens else None)

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        if turned:
            self.cards.sprites.clear()
        self.selected = None
        self.pending = None
        self.marks = Marks()
        if self.geo is not None:
            self.layout(self.app.size)

    def forced_text(self, action: str) -> str:
        return t("rx.forced", action=t("rx.forced_" + action.split()[0]))

    def animate(self, dt: float) -> bool:
        moving = self.tweens.update(dt) or self.drag.dragging
        show = self.showdown
        if show is not None:
            show.elapsed += dt
            if show.elapsed >= show.duration and not self.tweens.busy:
                self.showdown = None
                self._sync()
                self._fly_pot(show.last)
            return True
        return moving or bool(self.tokens)

    # -- drawing ---------------------------------------------------------------------------
    def draw_view(self, surface: pygame.Surface, view: dict, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        for other, rect in g.panels.items():
            self._draw_seat(surface, view, other, rect, s)
        self._draw_middle(surface, view, s)
        if view["hand"] is None:
            self._draw_hidden_hand(surface, view)
        if self.my_turn and self._phase() in ("place", "add") and not self.drag.dragging:
            self._draw_place_hint(surface, s)
        self.drag.draw_targets(surface)
        self.cards.draw(surface, 1)      # a penalty pile shows its top card and a count
        for other in range(view["players"]):
            if view["taken"][other]:
                x, y = self._pile_spot(other)
                w, h = self.geo.pile
                badge(surface, len(view["taken"][other]), (x + w / 2 - 2, y + h / 2 - 2), s)
        self._draw_marks(surface, view, s)
        for token in self.tokens:
            self._chip(surface, token.pos, px(11, s), str(token.amount), s)
        self._draw_callout(surface, view, s)
        self._draw_banner(surface, view, s)
        self._draw_action(surface, s)
        self._draw_log(surface)

    def _seat_info(self, view: dict, seat: int) -> SeatInfo:
        last = view["last_round"] if view["phase"] in ("start", "over") or self.showdown else None
        note = ""
        if last is not None and seat == last["winner"]:
            note = t("rx.won")
        elif last is not None and seat == last["loser"]:
            note = t("rx.lost")
        elif view["phase"] != "over" and seat == view["start"]:
            note = t("rx.starts")
        hidden_hand = seat != self.bottom or view["hand"] is None
        return SeatInfo(seat, self.names[seat],
                        t("rx.score", points=view["penalty"][seat],
                          score=minus(view["scores"][seat])),
                        active=view["current_player"] == seat,
                        hand=view["hand_sizes"][seat] if hidden_hand else None,
                        counters=[Counter("circle", view["chips"][seat], CHIP)], note=note)

    def _draw_seat(self, surface, view: dict, seat: int, rect: pygame.Rect, s: float) -> None:
        info = self._seat_info(view, seat)
        if seat == self.bottom and view["hand"] is not None:
            info.hand = None
        key = (surface.get_size(), tuple(rect), s, self.geo.back, info.seat, info.name,
               info.score, info.active, info.hand, info.note,
               tuple(c.value for c in info.counters), bool(view["taken"][seat]))
        surface.blit(self._on_felt(key, surface, rect, lambda image: self._paint_seat(
            image, info, s, seat, not view["taken"][seat])), rect)
        chosen = self.marks.start if self._phase() == "start" else None
        if chosen == seat:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3,
                             border_radius=theme.RADIUS + 3)

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The log, painted over its cloth once per new line or scroll (see `_on_felt`)."""
        log = self.log
        key = ("log", surface.get_size(), tuple(log.rect), log.version, log.scroll)
        surface.blit(self._on_felt(key, surface, log.rect, log.draw_at_origin), log.rect)

    def _paint_seat(self, image: pygame.Surface, info: SeatInfo, s: float, seat: int,
                    empty: bool) -> None:
        self.seat_panel.draw(image, image.get_rect(), info, s, self.geo.back)
        if empty:   # where the penalty pile will lie
            x, y = self._pile_spot(seat)
            w, h = self.geo.pile
            r = self.geo.panels[seat]
            pygame.draw.rect(image, theme.PANEL_EDGE,
                             pygame.Rect(x - w / 2 - r.x, y - h / 2 - r.y, w, h), 1,
                             border_radius=px(4, s))

    def _on_felt(self, key: tuple, surface: pygame.Surface, rect: pygame.Rect,
                 paint) -> pygame.Surface:
        """A panel painted once over the cloth it lies on: an opaque image that costs one
        plain blit a frame (translucent panels cost the frame budget at seven seats)."""
        image = self._panels.get(key)
        if image is None:
            if len(self._panels) > 48:
                self._panels.clear()
            cloth = felt(surface.get_size())
            image = cloth.subsurface(rect.clip(cloth.get_rect())).copy()
            paint(image)
            if pygame.display.get_surface() is not None:
                image = image.convert()
            self._panels[key] = image
        return image

    def _draw_middle(self, surface, view: dict, s: float) -> None:
        g = self.geo
        small = text_px(theme.FONT_SMALL, s)
        w, h = g.place
        back = card_back(GAME, g.place)
        if view["deck"]:
            surface.blit(back, back.get_rect(center=(round(g.deck[0]), round(g.deck[1]))))
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, back.get_rect(
                center=(round(g.deck[0]), round(g.deck[1]))), 1, border_radius=px(6, s))
        below = g.deck[1] + h / 2 + px(4, s)
        blit_label(surface, t("rx.deck", n=view["deck"]), small, theme.TEXT, bold=True,
                   midtop=(g.deck[0], below))
        if view["round_card"] is None and self.showdown is None:
            pygame.draw.rect(surface, theme.PANEL_EDGE, back.get_rect(
                center=(round(g.round_card[0]), round(g.round_card[1]))), 1,
                border_radius=px(6, s))
        blit_label(surface, t("rx.round_card"), small,
                   theme.TEXT, bold=True, midtop=(g.round_card[0], below))
        pot = view["pot"] + sum(view["protection"])
        r = px(16, s)
        self._chip(surface, g.pot, r, str(view["pot"]), s)
        blit_label(surface, t("rx.pot", n=view["pot"]), small, theme.TEXT, bold=True,
                   midtop=(g.pot[0], below))
        if pot != view["pot"]:   # protection chips go to the pot in phase 4
            blit_label(surface, t("rx.on_cards", n=pot - view["pot"]), small, theme.TEXT_DIM,
                       midtop=(g.pot[0], below + small + px(2, s)))

    def _chip(self, surface, centre, r: int, text: str | None, s: float) -> None:
        c = (round(centre[0]), round(centre[1]))
        pygame.draw.circle(surface, CHIP_EDGE, c, r + max(1, r // 6))
        pygame.draw.circle(surface, CHIP, c, r)
        pygame.draw.circle(surface, (252, 224, 128), c, max(2, r * 2 // 3), max(1, r // 6))
        if text:
            blit_label(surface, text, max(10, round(r * 1.1)), theme.TEXT_DARK, bold=True,
                       center=c)

    def _draw_marks(self, surface, view: dict, s: float) -> None:
        """Protection chips on the cards, "only you see it" on known face-down cards, the
        dimmed hand cards that would pass 10, and the sum beside the seat's own place."""
        g = self.geo
        w, h = g.place
        tiny = text_px(theme.FONT_SMALL - 2, s)
        for place, row in enumerate(view["table"]):
            if not row:
                continue
            key = row[0]["id"] or f"?{place}"
            sprite = self.cards.get(key)
            if sprite is None:
                continue
            rect = sprite.rect
            for i in range(view["protection"][place]):
                self._chip(surface, (rect.right - px(4, s) - i * px(9, s), rect.top + px(6, s)),
                           px(8, s), None, s)
            if row[0]["code"] is not None and not row[0]["up"] and self.showdown is None:
                text = t("rx.hidden_mine") if place == self.bottom else t("rx.seen")
                blit_label(surface, text, tiny, theme.TEXT, bold=True,
                           midtop=(rect.centerx, rect.bottom + px(2, s)))
        for card in self.marks.dimmed:
            sprite = self.cards.get(card)
            if sprite is not None:
                surface.blit(rounded(sprite.rect.size, DIM, px(6, s)), sprite.rect)
        mine = view["table"][self.bottom] if view["hand"] is not None else []
        if mine and view["phase"] == "add" and view["current_player"] == self.bottom:
            codes = [e["code"] for e in mine]
            total = sum(value_of(c) or 0 for c in codes)
            joker = any(c == "J" for c in codes)
            text = t("rx.sum_joker" if joker else "rx.sum", total=total)
            x, y = g.places[self.bottom]
            blit_label(surface, text, text_px(theme.FONT_BODY, s), theme.ACCENT, bold=True,
                       midright=(x - w / 2 - px(10, s), y))

    def _draw_place_hint(self, surface, s: float) -> None:
        rect = self.place_rect(self.bottom)
        if self.view["table"][self.bottom] and self._phase() == "place":
            return
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, px(2, s)),
                         border_radius=px(8, s))
        if not self.view["table"][self.bottom] and self.pending is None:
            blit_label(surface, t("rx.your_place"), text_px(theme.FONT_SMALL, s), theme.TEXT_DIM,
                       center=rect.center)

    def _draw_callout(self, surface, view: dict, s: float) -> None:
        last = view["last_round"]
        if last is None or not (self.showdown or view["phase"] in ("start", "over")):
            return
        key = "rx.callout.lose_you" if self.speaks_to(last["loser"]) else "rx.callout"
        text = self._say(key, last["winner"], winner=self.names[last["winner"]],
                         wt=last["totals"][last["winner"]], loser=self.names[last["loser"]],
                         lt=last["totals"][last["loser"]])
        size = text_px(theme.FONT_BODY, s)
        g = self.geo
        text = fit(text, size, min(px(600, s), g.action.right - px(40, s)), bold=True)
        image = label(text, size, theme.TEXT, bold=True)
        pad = px(theme.PAD, s)
        box = image.get_rect()
        box.inflate_ip(2 * pad, pad)
        box.center = (round(g.centre[0]), round(g.callout_y))
        draw_panel(surface, box, radius=box.h // 2, edge=theme.ACCENT)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_banner(self, surface, view: dict, s: float) -> None:
        box = self.geo.banner
        number, expect = PHASE_OF.get(view["phase"]), self._expect(view)
        key = ("banner", surface.get_size(), tuple(box), s, number, view["round"], expect)
        surface.blit(self._on_felt(key, surface, box, lambda image: self._paint_banner(
            image, number, view["round"], expect, s)), box)

    def _paint_banner(self, image: pygame.Surface, number: int | None, round_no: int,
                      expect: str, s: float) -> None:
        """The phases 1–5 with the current one lit, its name, and who is expected to do what."""
        box = image.get_rect()
        draw_panel(image, box)
        pad = px(10, s)
        small = text_px(theme.FONT_SMALL, s)
        body = text_px(theme.FONT_BODY, s)
        r = px(11, s)
        x = box.x + pad + r
        y = box.y + pad + r
        for n in range(1, 6):
            on = n == number
            pygame.draw.circle(image, theme.ACCENT if on else theme.BUTTON["normal"], (x, y), r)
            blit_label(image, str(n), small, theme.TEXT_DARK if on else theme.TEXT_DIM,
                       bold=True, center=(x, y))
            x += 2 * r + px(6, s)
        blit_label(image, fit(t("rx.round_of", round=round_no), small, box.right - x - pad),
                   small, theme.TEXT_DIM, midleft=(x + px(2, s), y))
        title = t(f"rx.phase{number}") if number else t("rx.phase_over")
        ty = y + r + px(6, s)
        blit_label(image, fit(title, body, box.w - 2 * pad, bold=True), body, theme.TEXT,
                   bold=True, topleft=(box.x + pad, ty))
        line_h = theme.font(small).get_linesize()
        for i, line in enumerate(wrap(expect, small, box.w - 2 * pad)[:3]):
            blit_label(image, line, small, theme.TEXT_DIM,
                       topleft=(box.x + pad, ty + body + px(4, s) + i * line_h))

    def _expect(self, view: dict) -> str:
        """What is expected now and from whom, for the banner."""
        current = view["current_player"]
        if current is None:
            return t("rx.expect.over")
        who = self.names[current]
        if self.speaks_to(current):
            who = t("rx.you")
        key = "rx.expect." + view["phase"]
        values = {"name": who}
        if view["phase"] == "bid" and view["auction"]:
            owner = view["auction"]["owner"]
            values.update(n=view["auction"]["bid"], whose=t("rx.your") if self.speaks_to(owner)
                          else t("rx.whose", name=self.names[owner]))
        return t(key, **values)

    def _wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """`wrap`, remembered: measuring words every frame would cost the frame budget."""
        key = (text, size, width, bold)
        lines = self._wraps.get(key)
        if lines is None:
            if len(self._wraps) > 64:
                self._wraps.clear()
            lines = self._wraps[key] = wrap(text, size, width, bold)
        return lines

    def _draw_action(self, surface, s: float) -> None:
        box = self.geo.action
        draw_panel(surface, box, edge=theme.ACCENT if self._legal() else theme.PANEL_EDGE)
        pad = px(8, s)
        small = text_px(theme.FONT_SMALL, s)
        line_h = theme.font(small, True).get_linesize()
        for i, line in enumerate(self._wrap(self.title, small, box.w - 2 * pad, True)[:2]):
            blit_label(surface, line, small, theme.TEXT, bold=True,
                       topleft=(box.x + pad, box.y + pad + i * line_h))
        for button in self.buttons:
            button.draw(surface)

    def _draw_hidden_hand(self, surface, view: dict) -> None:
        g = self.geo
        n = view["hand_sizes"][self.bottom]
        back = card_back(GAME, g.card)
        for slot in self._fan(n):
            surface.blit(back, back.get_rect(center=(round(slot.x), round(slot.y))))
