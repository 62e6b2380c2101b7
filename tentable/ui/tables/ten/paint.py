"""Painting the TEN table from the view of the seat at the screen: the seat panels with
their collections, the market, the pile with the running total and the bust line, and the
panel of the moment (an auction, a payment, the coach), the log and the buttons. Nothing
here changes state; what changes only with the view is painted once into a kept layer.
"""
from __future__ import annotations

from collections import Counter as Multiset

import pygame

from tentable.engine.cards import code_of
from tentable.engine.ten_cards import COLOURS, MONA, is_joker
from tentable.engine.ten_moves import buy
from tentable.engine.ten_view import (TenView, buys, colour_of, kind_of, number_of,
                                      payment_order, price_of)
from tentable.narration import plural
from tentable.narration import ten as words
from tentable.ui import theme
from tentable.ui.scenes.common import MODAL, px, text_px
from tentable.ui.tables.kit import CardTable
from tentable.ui.tables.ten import tray as trays
from tentable.ui.tables.ten.tray import JOKER_FILL, MONEY_COLOUR
from tentable.ui.tables.ten.layout import (TOTAL_TEXT, coach_rect, pay_reach, pay_rect,
                                           tray_rect)
from tentable.text import t
from tentable.ui.widgets.cards import card_face
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, label
from tentable.ui.widgets.seatpanel import Counter, SeatInfo, badge, seat_colour
from tentable.ui.widgets.shapes import symbol_icon

BUST_COLOUR = theme.DANGER
MONA_TINT = (92, 52, 128)
MONA_EDGE = (196, 150, 255)


def suit(colour: str):
    return theme.SUITS["ten"][colour]


def warm(total: int, limit: int) -> tuple[int, int, int]:
    """The running total's colour: plain text far from the line, orange, then red."""
    k = max(0.0, min(1.0, (total - 4) / max(1, limit - 4)))
    a, b = theme.TEXT, (255, 150, 40)
    if total > limit - 2:
        a, b, k = (255, 150, 40), theme.DANGER, min(1.0, (total - limit + 2) / 2)
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))


def joker_chip(code: str, size: int) -> pygame.Surface:
    """A joker of a collection, as its card shows it: a star and its colour's symbol for a
    colour joker, the star and its number for a number joker, two stars for the joker
    that is anything."""
    kind = kind_of(code)
    colour = colour_of(code)
    ink = suit(colour).ink if colour else theme.TEXT_DARK
    star = symbol_icon("star", size, ink)
    parts = [star, star] if kind == "super_wild" else [star]
    if kind == "number_wild":
        parts.append(label(str(number_of(code)), size, ink, bold=True))
    elif colour:
        parts.append(symbol_icon(suit(colour).symbol, size, ink))
    chip = pygame.Surface((sum(p.get_width() for p in parts) + len(parts) - 1,
                           max(p.get_height() for p in parts)), pygame.SRCALPHA)
    x = 0
    for part in parts:
        chip.blit(part, part.get_rect(midleft=(x, chip.get_height() // 2)))
        x += part.get_width() + 1
    return chip


def joker_fill(code: str) -> tuple[int, int, int]:
    colour = colour_of(code)
    return suit(colour).colour if colour else JOKER_FILL


def joker_order(code: str) -> tuple[int, int]:
    """Colour jokers by colour, then number jokers by number, the joker for anything last."""
    colour = colour_of(code)
    return (COLOURS.index(colour) if colour else len(COLOURS),
            number_of(code) if kind_of(code) == "number_wild" else 10)


def flow(widths: list[int], room: pygame.Rect, h: int, gap: int) -> int:
    """How many of the chips `widths` wide fit in `room` in lines `h` high, in order."""
    x, y = room.x, room.y
    for i, w in enumerate(widths):
        if x + w > room.right and x > room.x:
            x, y = room.x, y + h + gap
        if y + h > room.bottom or w > room.w:
            return i
        x += w + gap
    return len(widths)


class Paint(CardTable):
    def draw_view(self, surface: pygame.Surface, view: TenView, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        self.refresh()
        self.readable = []
        for other, rect in g.panels.items():
            self.kept_layer(surface, f"seat{other}", rect, self.seat_key(view, other),
                        lambda o=other, r=rect: self.draw_seat(surface, view, o, r, s, 14))
        self.kept_layer(surface, "mine", g.mine, self.seat_key(view, self.bottom),
                    lambda: self.draw_seat(surface, view, self.bottom, g.mine, s, 24))
        self.draw_market(surface, view, s)
        mona = view["solo"] and view["active"] == MONA
        middle = g.middle.copy()
        if view["auction"] is not None:
            middle.w = min(middle.w, tray_rect(self.geo).x)
        elif self.tray_visible():
            middle.w = min(middle.w, pay_reach(self.geo).x)
        elif self.coach_numbers() is not None:
            middle.w = min(middle.w, coach_rect(self.geo).x)
        self.kept_layer(surface, "middle", middle,
                    (view["pile"], view["total"], view["money_showing"], mona, view["target"]),
                    lambda: (self.draw_pile(surface, view, s),
                             self.draw_totals(surface, view, s)))
        self.readable.append(self.total_rect)     # drawn now or kept from before
        if view["auction"] is not None:
            self.draw_auction(surface, view, s)
        elif self.tray_visible():
            self.draw_tray(surface, view, s)
        elif self.coach:
            self.draw_coach(surface, view, s)
        if self.drag.dragging:
            self.drag.draw_targets(surface)
        self.cards.draw(surface)
        for flyer in self.flyers:
            flyer.draw(surface)
        if self.held is not None:
            self.held.draw(surface)
        self.log.draw(surface)
        for button in self.live_buttons():
            self.draw_shaken(surface, button)
        if self.my_turn and view["auction"] is None and not self.tray_visible():
            self.draw_keys_line(surface, ((g.pile[0] - g.card[0] / 2 + g.market.x) / 2,
                                     g.mine.y - px(6, s)), g.market.x - 2 * g.pile[0]
                           + g.card[0], s)
        self.draw_tooltip(surface, s)

    def seat_key(self, view: dict, seat: int) -> tuple:
        scoring = view.get("scoring")
        return (tuple(view["collections"][seat]), len(view["duplicates"][seat]),
                view["money"][seat], view["bust_tokens"][seat], view["current_player"] == seat,
                view["scores"][seat], str(scoring[seat]) if scoring else "",
                self.names[seat], self.session.players)

    def seat_info(self, view: dict, seat: int) -> SeatInfo:
        counters = [Counter("circle", view["money"][seat], MONEY_COLOUR),
                    Counter("bolt", view["bust_tokens"][seat], BUST_COLOUR)]
        if view["duplicates"][seat]:
            counters.append(Counter("square", len(view["duplicates"][seat]), theme.TEXT_DIM))
        note = t("ten.mona_note", target=view["target"]) if view["solo"] and seat == MONA else ""
        return SeatInfo(seat, self.names[seat], plural("words.points", view["scores"][seat], score=view["scores"][seat]),
                        active=view["current_player"] == seat, counters=counters, note=note)

    def draw_seat(self, surface, view, seat, rect, s, cell_h) -> None:
        mona = view["solo"] and seat == MONA
        if mona:   # her own look: a violet cloth under the panel and a rule-bot badge
            pygame.draw.rect(surface, MONA_TINT, rect, border_radius=px(theme.RADIUS, s))
        below = self.seat_panel.draw(surface, rect, self.seat_info(view, seat), s)
        if mona:
            pygame.draw.rect(surface, MONA_EDGE, rect, max(2, px(3, s)),
                             border_radius=px(theme.RADIUS, s))
        pad = px(theme.PAD, s)
        area = pygame.Rect(rect.x + pad // 2, below, rect.w - pad, rect.bottom - below - pad // 3)
        self.draw_collection(surface, view, seat, area, s, px(cell_h, s))

    def draw_collection(self, surface, view, seat, area, s, cell_h) -> None:
        codes = [code_of(c) for c in view["collections"][seat]]
        held = Multiset(codes)
        scoring = view.get("scoring")
        runs = scoring[seat]["runs"] if scoring else {}
        filled = {}
        if scoring:
            for joker, spots in scoring[seat]["jokers"].items():
                for spot in spots:
                    filled[spot] = joker
        jokers = sorted((c for c in codes if is_joker(c)), key=joker_order)
        row_h = max(4, area.h // 4)
        cell_h = min(cell_h, row_h - 2)
        sym = cell_h
        size = text_px(theme.FONT_SMALL - 2, s) if cell_h >= 18 else max(10, cell_h - 3)
        # TEN-R14: a joker is given its place only at the end, so only a colour joker
        # lies in a row (its colour's); the others wait in a box of their own
        coloured = {colour: [c for c in jokers if colour_of(c) == colour] for colour in COLOURS}
        others = [c for c in jokers if not colour_of(c)]
        chip_w = {c: joker_chip(c, size).get_width() + 6 for c in jokers}
        beside = max((sum(chip_w[c] + 2 for c in row) for row in coloured.values()),
                     default=0)
        least_cell = label("9\u00b2", size, bold=True).get_width() + 4
        most = area.w - sym - 4 - 9 * least_cell       # the jokers' room at its widest
        box_h = 4 * row_h - (row_h - cell_h)
        box_w = max(cell_h * 2, area.w // 6) if others else 0
        while others and box_w < most - beside and flow(
                [chip_w[c] for c in others], pygame.Rect(0, 0, box_w - 4, box_h - 4),
                min(box_h - 4, size + 5), 2) < len(others):
            box_w += 4
        joker_w = min(most, beside + box_w) if jokers else 0
        cw = max(6, (area.w - sym - joker_w - 4) // 9)
        x = area.x + sym + 9 * cw + 4
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
            if coloured[colour]:
                self.draw_jokers(surface, coloured[colour],
                                 pygame.Rect(x, y, min(beside, area.right + 2 - x), cell_h),
                                 size)
        if others:
            room = pygame.Rect(x + beside, area.y, area.right + 2 - x - beside, box_h)
            h = min(box_h - 4, size + 5)
            for lines in range(1, box_h // (h + 2) + 1):     # as tall as its jokers need
                if flow([chip_w[c] for c in others], room.inflate(-4, -4).clip(
                        room.x, room.y, room.w, lines * (h + 2) + 4), h, 2) == len(others):
                    room.h = min(box_h, lines * (h + 2) + 4)
                    room.y += (box_h - room.h) // 2       # between the rows, in none
                    break
            draw_panel(surface, room, fill=(236, 226, 250, 40), edge=(236, 226, 250, 110),
                       radius=4)
            self.draw_jokers(surface, others, room.inflate(-4, -4), size)

    @staticmethod
    def draw_jokers(surface, codes: list[str], room: pygame.Rect,
                    size: int) -> list[tuple[pygame.Rect, str]]:
        """Jokers as chips in lines from the top left of `room`; those that do not fit are
        counted on a last chip ("+2"), so a panel never hides a joker silently. Gives
        each chip drawn: its box and its joker, or the count."""
        chips = [joker_chip(code, size) for code in codes]
        widths = [chip.get_width() + 6 for chip in chips]
        h = min(room.h, size + 5)
        shown = flow(widths, room, h, 2)
        more = None
        while shown < len(chips):      # room for the count: "+3" after the chips still drawn
            more = label(f"+{len(chips) - shown}", size, theme.TEXT_DARK, bold=True)
            if shown == 0 or flow(widths[:shown] + [more.get_width() + 6], room, h, 2) \
                    > shown:
                break
            shown -= 1
        parts = [(image, code, joker_fill(code)) for image, code in zip(chips[:shown], codes)]
        if more is not None:
            parts.append((more, f"+{len(chips) - shown}", JOKER_FILL))
        drawn, x, y = [], room.x, room.y
        for image, what, fill in parts:
            w = image.get_width() + 6
            if x + w > room.right and x > room.x:
                x, y = room.x, y + h + 2
            box = pygame.Rect(x, y, w, h)
            pygame.draw.rect(surface, fill, box, border_radius=4)
            surface.blit(image, image.get_rect(center=box.center))
            drawn.append((box, what))
            x = box.right + 2
        return drawn

    def draw_market(self, surface, view, s) -> None:
        g = self.geo
        buying = self.buying()
        legal = set(buys(self.legal())) if buying else set()
        key = (tuple(sorted(view["market"])), buying, tuple(sorted(legal)))

        def paint() -> None:
            draw_panel(surface, g.market.inflate(px(8, s), px(6, s)))
            size = text_px(theme.FONT_SMALL, s)
            blit_label(surface, t("ten.market", n=len(view["market"])), size, theme.TEXT,
                       bold=True, topleft=(g.market.x, g.market.y))
            codes = self.market_codes()
            for colour in COLOURS:
                info = suit(colour)
                first = self.market_cell(f"{colour}1")
                icon = symbol_icon(info.symbol, px(14, s), info.colour)
                surface.blit(icon, icon.get_rect(midright=(first.x - px(4, s), first.centery)))
                for n in range(1, 10):
                    code = f"{colour}{n}"
                    cell = self.market_cell(code)
                    if not codes[code]:
                        pygame.draw.rect(surface, (62, 112, 102), cell, 1,
                                         border_radius=px(4, s))
                        continue
                    surface.blit(card_face(self.game, code, cell.size), cell)
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
            if code and self.market_codes()[code]:
                cell = self.market_cell(code)
                pygame.draw.rect(surface, colour, cell.inflate(4, 4), 2, border_radius=px(5, s))

    def draw_pile(self, surface, view, s) -> None:
        g = self.geo
        super().draw_pile(surface, view["pile"], g.pile, g.card, t("ten.pile", n=view["pile"]),
                          s, shown=8)

    def draw_totals(self, surface, view, s) -> None:
        """The running total (warming toward 10), the money sum and the bust line."""
        g = self.geo
        total, money, limit = view["total"], view["money_showing"], view["limit"]
        x = g.gauge.x
        y = g.gauge.y - px(4, s)
        big = text_px(TOTAL_TEXT, s)
        self.total_rect = blit_label(surface, t("ten.total", n=total), big, warm(total, limit),
                                     bold=True, bottomleft=(x, y))
        small = text_px(theme.FONT_SMALL, s)
        mcol = warm(money, limit) if money else theme.TEXT_DIM
        # under the gauge, clear of the bust line's label however wide the total, and
        # of a panel open over the band
        money_line = blit_label(surface, t("ten.money_sum", n=money, limit=limit), small,
                                mcol, bold=True, topleft=(x, g.gauge.bottom + px(10, s)))
        if view["solo"] and view["active"] == MONA:
            blit_label(surface, t("ten.mona_goal", target=view["target"]), small,
                       theme.TEXT_DIM, topleft=(x, money_line.bottom + px(2, s)))
        gauge = g.gauge
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

    def draw_coach(self, surface, view, s) -> None:
        numbers = self.coach_numbers()
        if numbers is None:
            return
        box = coach_rect(self.geo)
        draw_panel(surface, box, edge=theme.HIGHLIGHT)
        size = text_px(theme.FONT_SMALL, s)
        pad = px(10, s)
        lines = [self.say("ten.coach_title", view["active"]),
                 t("ten.coach_bust", p=round(100 * numbers["bust"])),
                 t("ten.coach_total", x=f"{numbers['expected_total']:.1f}"),
                 t("ten.coach_joker", p=round(100 * numbers["joker"]))]
        y = box.y + pad // 2
        for i, line in enumerate(lines):
            blit_label(surface, fit(line, size, box.w - 2 * pad), size,
                       theme.HIGHLIGHT if i == 0 else theme.TEXT, bold=i == 0,
                       topleft=(box.x + pad, y))
            y += round(size * 1.3)

    def draw_auction(self, surface, view, s) -> None:
        auction = view["auction"]
        r = tray_rect(self.geo)
        draw_panel(surface, r, edge=theme.SELECTED)
        g = self.geo
        pad = px(12, s)
        x = r.x + round(g.card[0] * 0.8) + 2 * pad
        size = text_px(theme.FONT_BODY, s)
        small = text_px(theme.FONT_SMALL, s)
        y = r.y + pad // 2
        self.readable.append(blit_label(
            surface, fit(t("ten.auction", card=words.card(auction["joker"])), size,
                         r.right - x - pad, bold=True), size, theme.SELECTED, bold=True,
            topleft=(x, y)))
        y += round(size * 1.4)
        high = auction["high"]
        text = self.say("ten.high_bid", auction["bidder"], n=high) \
            if auction["bidder"] is not None else t("ten.no_bid")
        rect = blit_label(surface, text, small, theme.TEXT, topleft=(x, y))
        self.readable.append(rect)
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
            chip = label(fit(f"{self.names[seat]}: {word}", small, r.right - pad - x), small,
                         theme.TEXT_DARK if i == auction["next"] else theme.TEXT, bold=True)
            box = pygame.Rect(cx, y, chip.get_width() + px(10, s), round(small * 1.4))
            if box.right > r.right - pad and cx > x:     # a second row, never cut off
                cx, y = x, y + round(small * 1.6)
                box.topleft = (cx, y)
            fill = theme.SELECTED if i == auction["next"] else \
                tuple(c // 2 for c in seat_colour(seat))
            pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
            surface.blit(chip, chip.get_rect(center=box.center))
            cx = box.right + px(4, s)
        y += round(small * 1.8)
        if not self.my_turn:
            blit_label(surface, self.say("ten.bidding", self.current_player), small,
                       theme.TEXT_DIM, topleft=(x, y))
            return
        low, top = self.bid_range()
        bh = px(32, s, 24)
        if low is not None:         # why you cannot bid is the banner's to say
            amount = self.typed or str(self.bid_amount)
            rect = blit_label(surface, t("ten.your_bid", n=amount, low=low, high=top), size,
                              theme.TEXT, bold=True, topleft=(x, y))
            self.readable.append(rect)
            y = rect.bottom
        y += px(6, s)
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

    def draw_tray(self, surface, view, s) -> None:
        """The payment tray (`tray.lay_out`): a click on a chip puts its item back or adds
        one; the chip the keys chose is ringed."""
        tray = self.tray
        chosen, adds = payment_order(tray.items), self.available()
        r = tray_rect(self.geo)
        laid = trays.lay_out(r, chosen, adds, s)
        if not laid.fits:                   # a long list: the tray reaches over the market
            r = pay_rect(self.geo)
            laid = trays.lay_out(r, chosen, adds, s)
        self.tray_area = r
        draw_panel(surface, r, fill=MODAL, edge=theme.SELECTED)
        pad = px(12, s)
        size = text_px(theme.FONT_BODY, s)
        small = text_px(theme.FONT_SMALL, s)
        paid, ok = self.tray_status()
        title = t("ten.tray_buy", card=words.card(buys([tray.buy])[0]), price=tray.price) \
            if tray.buy else t("ten.tray_due", price=tray.price)
        blit_label(surface, fit(title, size, r.w - 2 * pad, bold=True), size, theme.SELECTED,
                   bold=True, topleft=laid.title)
        blit_label(surface, fit(t("ten.tray_paid", paid=paid, price=tray.price), small,
                                r.w - 2 * pad), small,
                   theme.TEXT if ok else theme.TEXT_DIM, topleft=laid.paid)
        blit_label(surface, t("ten.tray_add"), small, theme.TEXT_DIM, topleft=laid.add)
        for colour, box in laid.symbols:
            info = suit(colour)
            icon = symbol_icon(info.symbol, box.h - 4, info.colour)
            surface.blit(icon, icon.get_rect(center=box.center))
        picked = self.picked()
        for chip in laid.chips:
            h = chip.box.h
            pygame.draw.rect(surface, chip.fill, chip.box, border_radius=h // 2)
            if chip.kind == "remove":
                pygame.draw.rect(surface, theme.TEXT, chip.box, 1, border_radius=h // 2)
            blit_label(surface, chip.text, laid.size, chip.ink, bold=True,
                       center=chip.box.center)
            if chip.kind == "add" and chip.item == picked:
                pygame.draw.rect(surface, theme.SELECTED, chip.box.inflate(6, 6), 2,
                                 border_radius=h // 2 + 3)
        self.tray_hits = [(chip.box, chip.kind, chip.item) for chip in laid.chips]
        self.pay_button.layout(laid.pay)
        self.pay_button.enabled = ok
        self.cancel_button.layout(laid.cancel)
        keys = t("ten.tray_keys")
        if theme.font(small - 2).size(keys)[0] > r.w - 2 * pad:   # a narrow tray: the main keys
            keys = t("ten.tray_keys_short")
        blit_label(surface, fit(keys, small - 2, r.w - 2 * pad), small - 2,
                   theme.TEXT_DIM, bottomleft=laid.keys)

    def draw_tooltip(self, surface, s) -> None:
        code = self.hover_code
        if code is None or not self.buying() or self.drag.dragging:
            return
        reason = self.why_not(buy(code))
        if reason is None:
            reason = t("ten.can_buy", card=words.card(code), price=price_of(code))
        size = text_px(theme.FONT_SMALL, s)
        text = fit(reason, size, px(520, s))
        image = label(text, size, theme.TEXT)
        box = image.get_rect(bottomleft=(self.mouse[0] + 8, self.mouse[1] - 8)).inflate(12, 8)
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, radius=6)
        surface.blit(image, image.get_rect(center=box.center))
