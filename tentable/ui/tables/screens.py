"""What the table shows instead of, or over, the game: the "Pass to …" curtain between two
humans, and the banner that holds the board in its position (a moment, the game's end).

Both are pictures with one button; the table base decides when they are up.
"""
from __future__ import annotations

from typing import Callable

import pygame

from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, wrap
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

    def draw(self, surface: pygame.Surface, seat: int, title: str) -> None:
        """The curtain for `seat`: its `title` ("Pass to Ana", worded by the table)."""
        scale = theme.ui_scale(surface.get_size())
        box = self.box(surface.get_size())
        draw_panel(surface, box)
        icon = symbol_icon(seat_symbol(seat), px(28, scale), seat_colour(seat))
        surface.blit(icon, icon.get_rect(center=(box.centerx, box.y + px(44, scale))))
        title = fit(title, text_px(40, scale), box.w - px(40, scale), bold=True)
        blit_label(surface, title, text_px(40, scale), theme.TEXT,
                   bold=True, center=(box.centerx, box.y + px(100, scale)))
        blit_label(surface, t("table.pass_hint"), text_px(theme.FONT_BODY, scale),
                   theme.TEXT_DIM, center=(box.centerx, box.y + px(146, scale)))
        self.button.draw(surface)


class Banner:
    """A banner over a table held in its position: a title, a few lines under it (a
    round's scores) and one button, the board in sight around it. A click on the button,
    Enter or Space goes on; with `anywhere`, a click anywhere on the table too. Laid out
    as a strip at the top centre, or filling the top of a column given to `layout` (the
    log's, so that no card is covered). The game over banner and the moments' hold
    (`tables.moments`) are both one."""

    WIDTH = 560

    def __init__(self, button: str, go_on: Callable[[], None], anywhere: bool = False) -> None:
        self.button = Button(button, go_on, kind="primary")
        self.go_on = go_on
        self.anywhere = anywhere
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.column: pygame.Rect | None = None
        self.scale = 1.0

    def layout(self, size: tuple[int, int], column: pygame.Rect | None = None) -> None:
        scale = self.scale = theme.ui_scale(size)
        self.column = None if column is None else pygame.Rect(column)
        if self.column is not None:
            return                       # the column's banner is arranged by its words
        self.rect = pygame.Rect(0, 0, min(px(self.WIDTH, scale), size[0] - px(20, scale)),
                                px(64, scale, 48))
        self.rect.midtop = (size[0] // 2, px(56, scale))
        bw, bh = px(200, scale), self.rect.h - 2 * px(10, scale)
        self.button.layout((self.rect.right - bw - px(10, scale), self.rect.y + px(10, scale),
                            bw, bh))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.go_on()
            return True
        if self.anywhere and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.go_on()
            return True
        return False

    def draw(self, surface: pygame.Surface, title: str, lines: list[str] = (),
             button: str | None = None) -> None:
        """`button`: the button's words for this time ("Next round"), else its own."""
        if button is not None:
            self.button.text = button
        if self.column is not None:
            self._draw_column(surface, title, lines)
            return
        scale = self.scale
        body = text_px(theme.FONT_BODY, scale)
        step = round(body * 1.35)
        box = pygame.Rect(self.rect)
        if lines:
            box.h += len(lines) * step + px(12, scale)
        draw_panel(surface, box, edge=theme.HIGHLIGHT,
                   radius=self.rect.h // 2 if not lines else px(18, scale))
        room = self.button.rect.x - self.rect.x - px(24, scale)
        size = text_px(24, scale)
        blit_label(surface, fit(title, size, room, bold=True), size, theme.ACCENT,
                   bold=True, midleft=(self.rect.x + px(24, scale), self.rect.centery))
        y = self.rect.bottom
        for line in lines:
            blit_label(surface, fit(line, body, box.w - px(48, scale)), body, theme.TEXT,
                       midleft=(box.x + px(24, scale), y + step // 2))
            y += step
        self.button.draw(surface)

    def _draw_column(self, surface: pygame.Surface, title: str, lines: list[str]) -> None:
        """The title and the lines wrapped to the column's width, the button under them."""
        scale, column = self.scale, self.column
        pad, room = px(14, scale), column.w - 2 * px(14, scale)
        big, body = text_px(24, scale), text_px(theme.FONT_BODY, scale)
        heads = wrap(title, big, room, bold=True)
        rows = [row for line in lines for row in wrap(line, body, room)]
        big_step, step = round(big * 1.25), round(body * 1.35)
        bh = px(theme.BUTTON_HEIGHT, scale, 30)
        height = pad + len(heads) * big_step + (px(8, scale) + len(rows) * step if rows
                                                else 0) + px(12, scale) + bh + pad
        self.rect = pygame.Rect(column.x, column.y, column.w, height)
        if height > column.h:            # a short column: the banner grows up from its foot
            self.rect.bottom = column.bottom
            self.rect.y = max(0, self.rect.y)
        # opaque: the log it stands in for must not show through
        draw_panel(surface, self.rect, fill=(*theme.PANEL[:3], 255), edge=theme.HIGHLIGHT,
                   radius=px(14, scale))
        y = self.rect.y + pad
        for head in heads:
            blit_label(surface, head, big, theme.ACCENT, bold=True, topleft=(column.x + pad, y))
            y += big_step
        y += px(8, scale) if rows else 0
        for row in rows:
            blit_label(surface, row, body, theme.TEXT, topleft=(column.x + pad, y))
            y += step
        self.button.layout((column.x + pad, self.rect.bottom - pad - bh, room, bh))
        self.button.draw(surface)


class GameOver(Banner):
    """The game is over: the final board stays, under a banner, until the player asks for
    the results (a click, Enter or Space); with the setting "moments: auto" the results
    come by themselves after `AUTO` seconds. Closing the results comes back here."""

    AUTO = 3.0

    def __init__(self, show_results: Callable[[], None]) -> None:
        super().__init__(t("table.see_results"), show_results)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface, t("table.over"))
