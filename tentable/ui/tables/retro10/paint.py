"""Painting the Retro10 table from the view of the seat at the screen: the seat panels, the
middle (deck, round card, pot), the cards and their marks, the showdown's callout, the
phase banner, the action panel and the log. Nothing here changes state.

The seat panels, the banner and the log are painted once over the cloth and kept until
they change (`on_felt`): a seven-seat table is a few plain blits a frame.
"""
from __future__ import annotations

import pygame

from tentable.engine.retro10_cards import Retro10View, face_value
from tentable.narration import plural, score
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.tables.kit import CardTable
from tentable.ui.tables.retro10.layout import pile_spot, place_rect
from tentable.text import t
from tentable.ui.widgets.cards import card_back
from tentable.ui.widgets.panel import blit_label, draw_panel, felt, fit, label, wrap
from tentable.ui.widgets.seatpanel import Counter, SeatInfo, badge

PHASE_OF = {"place": 2, "deal": 3, "bid": 3, "protect": 3, "reveal": 4, "add": 4, "start": 5}
CHIP = (232, 184, 48)
CHIP_EDGE = (120, 80, 10)


def tag_icon(height: int) -> pygame.Surface:
    """The cards' penalty tag without its number: a red pill with a white falling arrow
    (`widgets.faces`), for the legend that says what it counts."""
    h = max(8, height)
    image = pygame.Surface((round(h * 1.5), h), pygame.SRCALPHA)
    box = image.get_rect()
    pygame.draw.rect(image, (255, 255, 255), box, border_radius=h // 2)
    pygame.draw.rect(image, theme.PENALTY, box.inflate(-2, -2), border_radius=h // 2 - 1)
    cx, cy, r = box.centerx, box.centery, h * 0.26
    pygame.draw.polygon(image, (255, 255, 255), [(cx - r, cy - r * 0.8), (cx + r, cy - r * 0.8),
                                                 (cx, cy + r)])
    return image


class Paint(CardTable):
    def make_paint(self) -> None:
        self._panels: dict[tuple, pygame.Surface] = {}

    def draw_view(self, surface: pygame.Surface, view: Retro10View, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        for other, rect in g.panels.items():
            self.draw_seat(surface, view, other, rect, s)
        self.draw_middle(surface, view, s)
        if view["hand"] is None:
            self.draw_backs(surface, view["hand_sizes"][self.bottom], g.hand_center,
                            g.hand_width, g.card)
        if self.my_turn and view["phase"] in ("place", "add") and not self.drag.dragging:
            self.draw_place_hint(surface, view, s)
        self.drag.draw_targets(surface)
        self.cards.draw(surface, 1)      # a penalty pile shows its top card and a count
        for other in range(view["players"]):
            if view["taken"][other]:
                x, y = pile_spot(g, other)
                w, h = g.pile
                badge(surface, len(view["taken"][other]), (x + w / 2 - 2, y + h / 2 - 2), s)
        self.draw_marks(surface, view, s)
        for token in self.tokens:
            self.chip(surface, token.pos, px(11, s), str(token.amount), s)
        self.draw_callout(surface, view, s)
        self.draw_banner(surface, view, s)
        self.draw_action(surface, s)
        self.draw_log(surface)
        if self.my_turn:
            self.draw_keys_line(surface, (g.hand_center[0], surface.get_height() - px(6, s)),
                           g.hand_width, s)

    def seat_info(self, view: Retro10View, seat: int) -> SeatInfo:
        """A seat's panel: name, penalty and score, hand size, chips, and a note: who won
        and lost the round just settled, who starts; at the end, who won the game."""
        last = view["last_round"] if view["phase"] == "start" else None
        note = ""
        if view["phase"] == "over":        # RX-R10: the game's winners, not the last round's
            note = t("rx.won") if seat in view["winners"] else ""
        elif last is not None and seat == last["winner"]:
            note = t("rx.won")
        elif last is not None and seat == last["loser"]:
            note = t("rx.lost")
        elif seat == view["start"]:
            note = t("rx.starts")
        hidden_hand = seat != self.bottom or view["hand"] is None
        points = view["scores"][seat]
        return SeatInfo(seat, self.names[seat],
                        # the standing (the fewest win); the taken cards lie beside it
                        plural("rx.points", points, score=score(points, view["lowest_wins"])),
                        active=view["current_player"] == seat,
                        hand=view["hand_sizes"][seat] if hidden_hand else None,
                        cards=self.shown_hand(view, seat) if hidden_hand else None,
                        counters=[Counter("circle", view["chips"][seat], CHIP)], note=note)

    def draw_seat(self, surface, view: Retro10View, seat: int, rect: pygame.Rect,
                  s: float) -> None:
        info = self.seat_info(view, seat)
        if seat == self.bottom and view["hand"] is not None:
            info.hand = None
        key = (surface.get_size(), tuple(rect), s, self.geo.back, info.seat, info.name,
               info.score, info.active, info.hand, info.cards, info.note,
               tuple(c.value for c in info.counters), bool(view["taken"][seat]))
        surface.blit(self.on_felt(key, surface, rect, lambda image: self.paint_seat(
            image, info, s, seat, not view["taken"][seat])), rect)
        chosen = self.marks.start if view["phase"] == "start" else None
        if chosen == seat:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3,
                             border_radius=theme.RADIUS + 3)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log, painted over its cloth once per new line or scroll (see `on_felt`)."""
        log = self.log
        key = ("log", surface.get_size(), tuple(log.rect), log.version, log.scroll)
        surface.blit(self.on_felt(key, surface, log.rect, log.draw_at_origin), log.rect)

    def paint_seat(self, image: pygame.Surface, info: SeatInfo, s: float, seat: int,
                   empty: bool) -> None:
        g = self.geo
        self.seat_panel.draw(image, image.get_rect(), info, s, g.back)
        if empty:   # where the penalty pile will lie
            x, y = pile_spot(g, seat)
            w, h = g.pile
            r = g.panels[seat]
            pygame.draw.rect(image, theme.PANEL_EDGE,
                             pygame.Rect(x - w / 2 - r.x, y - h / 2 - r.y, w, h), 1,
                             border_radius=px(4, s))

    def on_felt(self, key: tuple, surface: pygame.Surface, rect: pygame.Rect,
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

    def draw_middle(self, surface, view: Retro10View, s: float) -> None:
        g = self.geo
        small = text_px(theme.FONT_SMALL, s)
        h = g.place[1]
        back = card_back(self.game, g.place)
        deck = back.get_rect(center=(round(g.deck[0]), round(g.deck[1])))
        if view["deck"]:
            surface.blit(back, deck)
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, deck, 1, border_radius=px(6, s))
        below = g.deck[1] + h / 2 + px(4, s)
        blit_label(surface, t("rx.deck", n=view["deck"]), small, theme.TEXT, bold=True,
                   midtop=(g.deck[0], below))
        if view["round_card"] is None:
            pygame.draw.rect(surface, theme.PANEL_EDGE, back.get_rect(
                center=(round(g.round_card[0]), round(g.round_card[1]))), 1,
                border_radius=px(6, s))
        blit_label(surface, t("rx.round_card"), small,
                   theme.TEXT, bold=True, midtop=(g.round_card[0], below))
        pot = view["pot"] + sum(view["protection"])
        self.chip(surface, g.pot, px(16, s), str(view["pot"]), s)
        blit_label(surface, t("rx.pot", n=view["pot"]), small, theme.TEXT, bold=True,
                   midtop=(g.pot[0], below))
        right = g.pot[0] + g.place[0] / 2
        if pot != view["pot"]:   # protection chips go to the pot in phase 4
            right = blit_label(surface, t("rx.on_cards", n=pot - view["pot"]), small,
                               theme.TEXT_DIM, midtop=(g.pot[0], below + small + px(2, s))).x
        # the legend's line has the deck's side to itself (the deck has no second line)
        left = max(g.pad, g.deck[0] - (g.round_card[0] - g.deck[0]) / 2)
        self.draw_tag_legend(surface, g.round_card[0], below + small + px(4, s),
                             (left, right - px(8, s)), s)

    def draw_tag_legend(self, surface, centre_x: float, y: float,
                        room: tuple[float, float], s: float) -> None:
        """What the red ▼ tag on a card means (RX-R10): its penalty points; under the round
        card, whose tag the round is played for: centred on it where `room` (the line's
        left and right ends) allows, else moved aside, else on two lines."""
        small = text_px(theme.FONT_SMALL - 1, s)
        tag = tag_icon(small)
        gap = px(4, s)
        left, right = room
        lines = wrap(t("rx.tag_legend"), small, round(right - left) - tag.get_width() - gap,
                     most=2)
        y = round(y)
        for i, line in enumerate(lines):
            words = label(line, small, theme.TEXT_DIM)
            lead = tag.get_width() + gap if i == 0 else 0
            width = lead + words.get_width()
            x = round(max(left, min(right - width, centre_x - width / 2)))
            if i == 0:
                surface.blit(tag, (x, y + (words.get_height() - tag.get_height()) // 2))
            surface.blit(words, (x + lead, y))
            y += words.get_height()

    def chip(self, surface, centre, r: int, text: str | None, s: float) -> None:
        c = (round(centre[0]), round(centre[1]))
        pygame.draw.circle(surface, CHIP_EDGE, c, r + max(1, r // 6))
        pygame.draw.circle(surface, CHIP, c, r)
        pygame.draw.circle(surface, (252, 224, 128), c, max(2, r * 2 // 3), max(1, r // 6))
        if text:
            blit_label(surface, text, max(10, round(r * 1.1)), theme.TEXT_DARK, bold=True,
                       center=c)

    def draw_marks(self, surface, view: Retro10View, s: float) -> None:
        """Protection chips on the cards, "only you see it" on known face-down cards, the
        dimmed hand cards that would pass 10, and the sum beside the seat's own place."""
        g = self.geo
        tiny = text_px(theme.FONT_SMALL - 2, s)
        for place, row in enumerate(view["table"]):
            if not row:
                continue
            sprite = self.cards.get(row[0]["id"] or f"?{place}")
            if sprite is None:
                continue
            rect = sprite.rect
            for i in range(view["protection"][place]):
                self.chip(surface, (rect.right - px(4, s) - i * px(9, s), rect.top + px(6, s)),
                          px(8, s), None, s)
            if row[0]["code"] is not None and not row[0]["up"]:
                # a replay of everyone's cards shows every face-down card to nobody in
                # particular
                text = t("rx.side_down") if self.session.reveal else t("rx.hidden_mine") \
                    if place == self.bottom else t("rx.seen")
                blit_label(surface, text, tiny, theme.TEXT, bold=True,
                           midtop=(rect.centerx, rect.bottom + px(2, s)))
        mine = view["table"][self.bottom] if view["hand"] is not None else []
        if mine and view["phase"] == "add" and view["current_player"] == self.bottom:
            values = [face_value(e["id"]) if e["id"] else 0 for e in mine]
            joker = any(v is None for v in values)    # RX-R7: it makes the total 10
            text = t("rx.sum_joker" if joker else "rx.sum", total=sum(v or 0 for v in values))
            x, y = g.places[self.bottom]
            blit_label(surface, text, text_px(theme.FONT_BODY, s), theme.ACCENT, bold=True,
                       midright=(x - g.place[0] / 2 - px(10, s), y))

    def draw_place_hint(self, surface, view: Retro10View, s: float) -> None:
        rect = place_rect(self.geo, self.bottom)
        if view["table"][self.bottom] and view["phase"] == "place":
            return
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, px(2, s)),
                         border_radius=px(8, s))
        if not view["table"][self.bottom] and self.pending is None:
            blit_label(surface, t("rx.your_place"), text_px(theme.FONT_SMALL, s), theme.TEXT_DIM,
                       center=rect.center)

    def draw_callout(self, surface, view: Retro10View, s: float) -> None:
        """After a showdown: who won with what, who lost with what (RX-R8)."""
        last = view["last_round"]
        if last is None or view["phase"] not in ("start", "over"):
            return
        key = "rx.callout.lose_you" if self.addressed(last["loser"]) else "rx.callout"
        winner = last["winner"]
        if self.addressed(winner) and key == "rx.callout":
            key = "rx.callout.you"
        text = t(key, winner=self.names[winner], wt=last["totals"][winner],
                 loser=self.names[last["loser"]], lt=last["totals"][last["loser"]])
        size = text_px(theme.FONT_BODY, s)
        g = self.geo
        text = fit(text, size, min(px(600, s), g.action.right - px(40, s)), bold=True)
        image = label(text, size, theme.TEXT, bold=True)
        box = image.get_rect()
        box.inflate_ip(2 * g.pad, g.pad)
        box.center = (round(g.centre[0]), round(g.callout_y))
        draw_panel(surface, box, radius=box.h // 2, edge=theme.ACCENT)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_banner(self, surface, view: Retro10View, s: float) -> None:
        box = self.geo.banner
        number, expect = PHASE_OF.get(view["phase"]), self.expect(view)
        key = ("banner", surface.get_size(), tuple(box), s, number, view["round"], expect)
        surface.blit(self.on_felt(key, surface, box, lambda image: self.paint_banner(
            image, number, view["round"], expect, s)), box)

    def paint_banner(self, image: pygame.Surface, number: int | None, round_no: int,
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
        room = box.right - x - pad
        text = t("rx.round_of", round=round_no)
        if theme.font(small).size(text)[0] > room:      # a narrow window: the short form
            text = t("rx.round_short", round=round_no)
        blit_label(image, fit(text, small, room), small, theme.TEXT_DIM,
                   midleft=(x + px(2, s), y))
        title = t(f"rx.phase{number}") if number else t("rx.phase_over")
        ty = y + r + px(6, s)
        blit_label(image, fit(title, body, box.w - 2 * pad, bold=True), body, theme.TEXT,
                   bold=True, topleft=(box.x + pad, ty))
        line_h = theme.font(small).get_linesize()
        for i, line in enumerate(wrap(expect, small, box.w - 2 * pad)[:3]):
            blit_label(image, line, small, theme.TEXT_DIM,
                       topleft=(box.x + pad, ty + body + px(4, s) + i * line_h))

    def expect(self, view: Retro10View) -> str:
        """What is expected now and from whom, for the banner."""
        current = view["current_player"]
        if current is None:
            return t("rx.expect.over")
        values = {"who": self.other(current)}
        if view["phase"] == "bid" and view["auction"]:
            values.update(n=view["auction"]["bid"], whose=self.whose(view["auction"]["owner"]))
        return t("rx.expect." + view["phase"], **values)

    def draw_action(self, surface, s: float) -> None:
        """The action panel: the phase's title and its buttons (`Controls.build_panel`)."""
        box = self.geo.action
        draw_panel(surface, box, edge=theme.ACCENT if self.legal() else theme.PANEL_EDGE)
        pad = px(8, s)
        small = text_px(theme.FONT_SMALL, s)
        line_h = theme.font(small, True).get_linesize()
        for i, line in enumerate(wrap(self.title, small, box.w - 2 * pad, True)[:2]):
            blit_label(surface, line, small, theme.TEXT, bold=True,
                       topleft=(box.x + pad, box.y + pad + i * line_h))
        for button in self.buttons:
            self.draw_shaken(surface, button)
