"""A modal panel: title, a few lines of text, a row of buttons; the table below is shaded."""
from __future__ import annotations

import pygame

from tentable.ui import theme
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import draw_panel, label, shade, wrap


class Dialog:
    """While shown, it takes every event (modal); its buttons do the work.

    It lays itself out for the surface it is drawn on, so it follows window resizes.
    """

    def __init__(self, title: str, lines: list[str], buttons: list[Button],
                 width: float = 0.42) -> None:
        self.title = title
        self.lines = list(lines)
        self.buttons = list(buttons)
        self.width = width            # share of the window width
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._laid_for: tuple[int, int] | None = None
        self._wrapped: list[str] = []

    def layout(self, window_size: tuple[int, int]) -> None:
        if self._laid_for == window_size:
            return
        self._laid_for = window_size
        scale = theme.ui_scale(window_size)
        pad = theme.scaled(theme.PAD * 2, scale)
        body = theme.scaled(theme.FONT_BODY, scale)
        title_px = theme.scaled(theme.FONT_TITLE, scale)
        bh = theme.scaled(theme.BUTTON_HEIGHT, scale)
        w = max(theme.scaled(320, scale), round(window_size[0] * self.width))
        inner = w - 2 * pad
        self._wrapped = [part for line in self.lines for part in wrap(line, body, inner)]
        line_h = theme.font(body).get_linesize()
        h = (pad + theme.font(title_px, True).get_linesize() + pad // 2
             + line_h * len(self._wrapped) + pad + bh + pad)
        self.rect = pygame.Rect(0, 0, w, min(h, window_size[1] - 2 * pad))
        self.rect.center = (window_size[0] // 2, window_size[1] // 2)
        n = len(self.buttons)
        if n:
            gap = pad // 2
            bw = min(theme.scaled(180, scale), (inner - gap * (n - 1)) // n)
            x = self.rect.centerx - (bw * n + gap * (n - 1)) // 2
            for button in self.buttons:
                button.layout((x, self.rect.bottom - pad - bh, bw, bh))
                x += bw + gap

    def handle(self, event: pygame.event.Event) -> bool:
        """Routes the event to the buttons; always True, since nothing below may react."""
        for button in self.buttons:
            if button.handle(event):
                break
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        shade(surface)
        scale = theme.ui_scale(surface.get_size())
        pad = theme.scaled(theme.PAD * 2, scale)
        body = theme.scaled(theme.FONT_BODY, scale)
        draw_panel(surface, self.rect, (*theme.FELT_DARK, 245), (255, 255, 255, 70),
                   theme.scaled(theme.RADIUS * 1.5, scale))
        title = label(self.title, theme.scaled(theme.FONT_TITLE, scale), theme.TEXT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.top + pad)))
        y = self.rect.top + pad + title.get_height() + pad // 2
        line_h = theme.font(body).get_linesize()
        for line in self._wrapped:
            surface.blit(label(line, body, theme.TEXT_DIM), (self.rect.left + pad, y))
            y += line_h
        for button in self.buttons:
            button.draw(surface)
