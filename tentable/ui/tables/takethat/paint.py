"""Painting the Take That table from the view of the seat at the screen: the draw pile,
the seat panels with their piles, the row's hint, the hand (or its backs), the log and
the buttons. Nothing here changes state."""
from __future__ import annotations

import pygame

from tentable.engine.takethat import TakeThatView
from tentable.narration import points
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.tables.kit import CardTable
from tentable.ui.tables.takethat.layout import pile_spots
from tentable.text import t
from tentable.ui.widgets.panel import blit_label
from tentable.ui.widgets.seatpanel import SeatInfo, badge

PILE_SHOWN = 3        # a settled pile draws only its top cards: the rest are covered
PANEL_PILE = 0.6      # the hand's backs in another seat's panel, as a share of a pile card


class Paint(CardTable):
    def draw_view(self, surface: pygame.Surface, view: TakeThatView, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        self.draw_pile(surface, view, s)
        small = (round(g.small[0] * PANEL_PILE), round(g.small[1] * PANEL_PILE))
        for other, rect in g.panels.items():
            self.seat_panel.draw(surface, rect, self.seat_info(view, other, hand=True), s, small)
        self.seat_panel.draw(surface, g.mine, self.seat_info(view, self.bottom, hand=False), s)
        if not view["row"]:   # beside the open-row slot, not under it
            blit_label(surface, t("tt.empty_row"), text_px(theme.FONT_BODY, s), theme.TEXT_DIM,
                       midleft=(g.row_left_mid[0] + g.card[0] * 1.6, g.row_left_mid[1]))
        if view["hand"] is None:
            self.draw_backs(surface, view["hand_sizes"][self.bottom], g.hand_center,
                            g.hand_width, g.card)
        self.drag.draw_targets(surface)
        self.cards.draw(surface, PILE_SHOWN)
        for other in range(view["players"]):
            self.pile_counts(surface, view, other, s)
        self.draw_controls(surface)
        if self.my_turn:
            blit_label(surface, t("tt.hint"), text_px(theme.FONT_SMALL, s), theme.TEXT_DIM,
                       midbottom=(g.hand_center[0], surface.get_height() - px(6, s)))

    def draw_pile(self, surface: pygame.Surface, view: TakeThatView, s: float) -> None:
        g = self.geo
        super().draw_pile(surface, view["pile"], g.pile, g.card, t("tt.pile", n=view["pile"]), s)

    def seat_info(self, view: TakeThatView, seat: int, hand: bool) -> SeatInfo:
        """A seat's panel: name, running score, hand size (for the other seats)."""
        # V1: the score leaves out the pile cards this view does not name; say how many
        unseen = view["pile_cards"][seat].count(None)
        return SeatInfo(seat, self.names[seat], points(view["scores"][seat]),
                        active=view["current_player"] == seat,
                        hand=view["hand_sizes"][seat] if hand else None,
                        note=t("tt.unseen", n=unseen) if unseen else "")

    def pile_counts(self, surface: pygame.Surface, view: TakeThatView, seat: int,
                    s: float) -> None:
        """An outline where a pile is empty, else a badge with its number of cards."""
        up, down = pile_spots(self.geo, seat)
        w, h = self.geo.small
        minus = view["face_down"][seat] + view["pile_cards"][seat]
        for centre, pile in ((up, view["face_up"][seat]), (down, minus)):
            if not pile:
                pygame.draw.rect(surface, theme.PANEL_EDGE,
                                 pygame.Rect(centre[0] - w / 2, centre[1] - h / 2, w, h),
                                 1, border_radius=px(5, s))
                continue
            badge(surface, len(pile), (centre[0] + w / 2 - 2, centre[1] + h / 2 - 2), s)
