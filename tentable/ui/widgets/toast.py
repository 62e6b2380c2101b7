"""Short messages that fade in near the top of the table and go away by themselves."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.ui import theme
from tentable.ui.widgets.panel import faded, label, rounded, wrap
from tentable.ui.widgets.shapes import symbol_icon


@dataclass
class Toast:
    text: str
    seconds: float
    kind: str = "info"
    age: float = 0.0
    count: int = 1            # the same message again while it shows: "… (×2)"

    @property
    def shown_text(self) -> str:
        return self.text if self.count == 1 else f"{self.text}  (×{self.count})"

    @property
    def alpha(self) -> float:
        fade = theme.TOAST_FADE
        return max(0.0, min(1.0, self.age / fade, (self.seconds - self.age) / fade))


class Toasts:
    MAX = 4  # older ones make room; a burst of errors must not cover the table
    LINES = 3  # a longer text is cut after the third line

    def __init__(self) -> None:
        self.items: list[Toast] = []
        # Where toasts may go: a table names the free part of its felt, so no toast
        # covers a seat panel; None is the top of the window.
        self.area: pygame.Rect | None = None

    def show(self, text: str, seconds: float = 2.5, kind: str = "info") -> None:
        kind = kind if kind in theme.TOAST else "info"
        for toast in self.items:
            if toast.text == text and toast.kind == kind:   # merge a repeat, show it anew
                toast.count += 1
                toast.age = min(toast.age, theme.TOAST_FADE)
                toast.seconds = max(toast.seconds, seconds)
                return
        self.items.append(Toast(text, max(seconds, 2 * theme.TOAST_FADE), kind))
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
        area = self.area or pygame.Rect(0, round(surface.get_height() * 0.1),
                                        surface.get_width(), surface.get_height())
        y = area.y
        for toast in self.items:
            bold = toast.kind == "error"
            room = area.w - 4 * pad - px
            # a long reason on up to three lines (a large scale leaves a narrow table)
            lines = wrap(toast.shown_text, px, room, bold, most=self.LINES)
            texts = [label(line, px, theme.TEXT, bold=bold) for line in lines]
            icon = symbol_icon(theme.TOAST_SYMBOL[toast.kind], px, theme.TEXT)
            w = icon.get_width() + max(text.get_width() for text in texts) + 3 * pad
            h = sum(text.get_height() for text in texts) + pad
            box = pygame.Rect(0, 0, min(w, area.w), h)
            box.midtop = (area.centerx, y)
            card = rounded(box.size, (*theme.TOAST[toast.kind], 235),
                           min(h // 2, texts[0].get_height()), (255, 255, 255, 60))
            alpha = round(255 * toast.alpha)
            x, top = box.x + 2 * pad + icon.get_width(), box.y + pad // 2
            placed = [(card, box.topleft),
                      (icon, (box.x + pad, top + (texts[0].get_height() - icon.get_height()) // 2))]
            for text in texts:
                placed.append((text, (x, top)))
                top += text.get_height()
            for image, pos in placed:
                surface.blit(faded(image, alpha), pos)     # the cached images untouched
            y += h + pad // 2
