"""Short messages that fade in near the top of the table and go away by themselves."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.ui import theme
from tentable.ui.widgets.panel import label, rounded
from tentable.ui.widgets.shapes import symbol_icon


@dataclass
class Toast:
    text: str
    seconds: float
    kind: str = "info"
    age: float = 0.0

    @property
    def alpha(self) -> float:
        fade = theme.TOAST_FADE
        return max(0.0, min(1.0, self.age / fade, (self.seconds - self.age) / fade))


class Toasts:
    MAX = 4  # older ones make room; a burst of errors must not cover the table

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, seconds: float = 2.5, kind: str = "info") -> None:
        self.items.append(Toast(text, max(seconds, 2 * theme.TOAST_FADE),
                                kind if kind in theme.TOAST else "info"))
        del self.items[:-self.MAX]

    def update(self, dt: float) -> bool:
        """Age the toasts; True while any is on screen, and once more when the last one
        goes, so the frame without it gets drawn."""
        shown = bool(self.items)
        for toast in self.items:
            toast.age += dt
        self.items = [t for t in self.items if t.age < t.seconds]
        return shown

    def draw(self, surface: pygame.Surface) -> None:
        scale = theme.ui_scale(surface.get_size())
        px = theme.scaled(theme.FONT_BODY, scale)
        pad = theme.scaled(theme.PAD, scale)
        y = round(surface.get_height() * 0.1)
        for toast in self.items:
            text = label(toast.text, px, theme.TEXT, bold=toast.kind == "error")
            icon = symbol_icon(theme.TOAST_SYMBOL[toast.kind], px, theme.TEXT)
            w = icon.get_width() + text.get_width() + 3 * pad
            h = text.get_height() + pad
            box = pygame.Rect(0, 0, min(w, surface.get_width() - 2 * pad), h)
            box.midtop = (surface.get_width() // 2, y)
            card = rounded(box.size, (*theme.TOAST[toast.kind], 235), h // 2,
                           (255, 255, 255, 60))
            alpha = round(255 * toast.alpha)
            for image, pos in ((card, box.topleft),
                               (icon, (box.x + pad, box.centery - icon.get_height() // 2)),
                               (text, (box.x + 2 * pad + icon.get_width(),
                                       box.centery - text.get_height() // 2))):
                image.set_alpha(alpha)  # cached surfaces: alpha is reset below
                surface.blit(image, pos)
                image.set_alpha(None)
            y += h + pad // 2
