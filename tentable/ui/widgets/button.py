"""A push button: mouse click or a keyboard key, three kinds, hover/pressed/disabled looks."""
from __future__ import annotations

from typing import Callable

import pygame

from tentable.ui import theme
from tentable.ui.widgets.panel import label, rounded

RGB = tuple[int, int, int]


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


class Button:
    """Place it with `layout(rect)`; feed it events with `handle`; `draw` only paints."""

    def __init__(self, text: str, on_click: Callable[[], None] | None = None,
                 key: int | None = None, enabled: bool = True, kind: str = "normal") -> None:
        self.text = text
        self.on_click = on_click
        self.key = key
        self.enabled = enabled
        self.kind = kind if kind in theme.BUTTON else "normal"
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.pressed = False

    def layout(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when this event activated the button (on_click has then been called)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            self.pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # only a click that began on it: a card dragged over it and let go is a drop
            # (the Menu button opened under a dropped card and the table waited for a
            # release that had gone to the menu)
            pressed, self.pressed = self.pressed, False
            if pressed and self.rect.collidepoint(event.pos):
                self._fire()
                return True
            return False
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self._fire()
            return True
        return False

    def _fire(self) -> None:
        if self.on_click is not None:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0 or self.rect.h <= 0:
            return
        if not self.enabled:
            fill, ink = theme.BUTTON_DISABLED, theme.BUTTON_DISABLED_TEXT
        else:
            fill, ink = theme.BUTTON[self.kind], theme.BUTTON_TEXT[self.kind]
            if self.pressed:
                fill = _mix(fill, (0, 0, 0), 0.2)
            elif self.hover:
                fill = _mix(fill, (255, 255, 255), 0.16)
        radius = min(theme.RADIUS, self.rect.h // 2)
        rect = self.rect.move(0, 1) if self.pressed else self.rect
        # a darker lip under the button gives it a little depth without a blurred shadow
        if not self.pressed:
            surface.blit(rounded(self.rect.size, (*_mix(fill, (0, 0, 0), 0.45), 255), radius),
                         self.rect.move(0, 2))
        edge = (255, 255, 255, 70) if self.enabled and self.hover else (255, 255, 255, 28)
        surface.blit(rounded(rect.size, (*fill, 255), radius, edge), rect)
        px = caption_px(self.rect.h)
        text = label(self.text, px, ink, bold=True)
        if text.get_width() > rect.w - 8:  # shrink long captions rather than overflow
            px = max(8, int(px * (rect.w - 8) / text.get_width()))
            text = label(self.text, px, ink, bold=True)
        surface.blit(text, text.get_rect(center=rect.center))


def caption_px(height: int) -> int:
    """The caption's size on a button `height` tall (a long caption shrinks from there)."""
    return max(10, min(round(height * 0.42), theme.FONT_TITLE * 2))


def caption_width(text: str, height: int) -> int:
    """How wide a button `height` tall must be to keep `text` at its size."""
    return theme.font(caption_px(height), True).size(text)[0] + 8
