"""A modal panel: title, a few lines of text, a row of buttons; the table below is shaded.
Answered by mouse or by keys: a button's own key, or ← → / Tab to ring a button and Enter
or Space to press it."""
from __future__ import annotations

import pygame

from tentable.ui import theme
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import draw_panel, focus_ring, label, shade, wrap


class Dialog:
    """While shown, it takes every event (modal); its buttons do the work.

    It lays itself out for the surface it is drawn on, so it follows window resizes. The
    ring shows once the keyboard moves it (first on the button Enter presses, else the
    first) and hides again when the mouse moves, as `KeyNav`'s does.
    """

    _STEPS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}
    _PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    def __init__(self, title: str, lines: list[str], buttons: list[Button],
                 width: float = 0.42) -> None:
        self.title = title
        self.lines = list(lines)
        self.buttons = list(buttons)
        self.width = width            # share of the window width
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._laid_for: tuple[int, int] | None = None
        self._wrapped: list[str] = []
        self.focus: int | None = None      # the ringed button, once the keyboard moved

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
        """Routes the event to the ring and the buttons; always True, since nothing below
        may react."""
        if event.type == pygame.MOUSEMOTION:
            self.focus = None
        elif event.type == pygame.KEYDOWN and self.buttons and self._keyed(event):
            return True
        for button in self.buttons:
            if button.handle(event):
                break
        return True

    def _keyed(self, event: pygame.event.Event) -> bool:
        """Move the ring or press the ringed button; False for a key it leaves alone."""
        step = self._STEPS.get(event.key)
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
        if step is not None:
            if self.focus is None:       # the first key only shows where the ring is
                keyed = [i for i, b in enumerate(self.buttons) if b.key == pygame.K_RETURN]
                self.focus = keyed[0] if keyed else 0
            else:
                self.focus = (self.focus + step) % len(self.buttons)
            return True
        if event.key in self._PRESS and self.focus is not None:
            button = self.buttons[self.focus]
            if button.enabled and button.on_click is not None:
                button.on_click()
            return True
        return False

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
        if self.focus is not None:
            focus_ring(surface, self.buttons[self.focus].rect, scale)
