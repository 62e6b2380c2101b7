"""What the table shows instead of, or over, the game: the "Pass to …" curtain between two
humans, and the banner that holds the final board when the game is over.

Both are pictures with one button; the table base decides when they are up.
"""
from __future__ import annotations

from typing import Callable

import pygame

from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, fit
from tentable.ui.widgets.seatpanel import seat_colour, seat_symbol
from tentable.ui.widgets.shapes import symbol_icon


class Curtain:
    """Hides the table while the screen passes to `seat`'s player."""

    def __init__(self, lift: Callable[[], None]) -> None:
        self.button = Button(t("table.pass_ready"), lift, key=pygame.K_RETURN, kind="primary")
        self.lift = lift

    @staticmethod
    def box(size: tuple[int, int]) -> pygame.Rect:
        scale = theme.ui_scale(size)
        box = pygame.Rect(0, 0, px(620, scale), px(300, scale))
        box.center = (size[0] // 2, size[1] // 2)
        return box

    def layout(self, size: tuple[int, int]) -> None:
        scale = theme.ui_scale(size)
        box = self.box(size)
        bw, bh = px(420, scale), px(56, scale)
        self.button.layout((box.centerx - bw // 2, box.bottom - px(92, scale), bw, bh))

    def handle(self, event: pygame.event.Event) -> None:
        self.button.handle(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
            self.lift()

    def draw(self, surface: pygame.Surface, seat: int, name: str) -> None:
        scale = theme.ui_scale(surface.get_size())
        box = self.box(surface.get_size())
        draw_panel(surface, box)
        icon = symbol_icon(seat_symbol(seat), px(28, scale), seat_colour(seat))
        surface.blit(icon, icon.get_rect(center=(box.centerx, box.y + px(44, scale))))
        title = fit(t("table.pass_title", name=name), text_px(40, scale), box.w - px(40, scale),
                    bold=True)
        blit_label(surface, title, text_px(40, scale), theme.TEXT,
                   bold=True, center=(box.centerx, box.y + px(100, scale)))
        blit_label(surface, t("table.pass_hint"), text_px(theme.FONT_BODY, scale),
                   theme.TEXT_DIM, center=(box.centerx, box.y + px(146, scale)))
        self.button.draw(surface)


class GameOver:
    """The game is over: the final board stays, under a banner, until the player asks for
    the results (a click, Enter or Space); with the setting "moments: auto" the results
    come by themselves after `AUTO` seconds. Closing the results comes back here."""

    AUTO = 3.0

    def __init__(self, show_results: Callable[[], None]) -> None:
        self.button = Button(t("table.see_results"), show_results, kind="primary")
        self.show_results = show_results
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        scale = theme.ui_scale(size)
        self.rect = pygame.Rect(0, 0, px(460, scale), px(64, scale, 48))
        self.rect.midtop = (size[0] // 2, px(56, scale))
        bw, bh = px(200, scale), self.rect.h - 2 * px(10, scale)
        self.button.layout((self.rect.right - bw - px(10, scale), self.rect.y + px(10, scale),
                            bw, bh))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.show_results()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        scale = theme.ui_scale(surface.get_size())
        draw_panel(surface, self.rect, edge=theme.HIGHLIGHT, radius=self.rect.h // 2)
        room = self.button.rect.x - self.rect.x - px(24, scale)
        size = text_px(24, scale)
        blit_label(surface, fit(t("table.over"), size, room, bold=True), size, theme.ACCENT,
                   bold=True, midleft=(self.rect.x + px(24, scale), self.rect.centery))
        self.button.draw(surface)
