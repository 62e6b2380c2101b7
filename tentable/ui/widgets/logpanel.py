"""The game log: newest lines at the bottom, long lines wrapped, mouse wheel scrolls back."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tentable.ui import theme
from tentable.ui.widgets.panel import draw_panel, label, wrap

RGB = tuple[int, int, int]


@dataclass
class _Entry:
    text: str
    seat_colour: RGB | None
    lines: list[str] = field(default_factory=list)   # wrapped for the current width


class LogPanel:
    LIMIT = 500  # entries kept; a long game's start is in the saved history anyway

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int],
                 px: int = theme.FONT_SMALL) -> None:
        self.rect = pygame.Rect(rect)
        self.entries: list[_Entry] = []
        self.scroll = 0          # lines scrolled back from the newest
        self._px = px            # font size the entries are wrapped for
        self.version = 0         # counts changes: a table may keep its picture until then
        self.added = 0           # counts the entries ever added (what is new since a count)

    def layout(self, rect: pygame.Rect | tuple[int, int, int, int], px: int | None = None) -> None:
        """Move or resize (after a window resize), rewrapping at font size `px` if given."""
        self.rect = pygame.Rect(rect)
        self._rewrap(px or self._px)
        self.version += 1

    def add(self, text: str, seat_colour: RGB | None = None) -> None:
        self.version += 1
        self.added += 1
        entry = _Entry(text, seat_colour)
        entry.lines = self._wrap(text)
        self.entries.append(entry)
        del self.entries[:-self.LIMIT]
        if self.scroll:  # keep the lines the reader is looking at in place
            self.scroll += len(entry.lines)

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse wheel over the panel scrolls; True when the event was used."""
        if event.type != pygame.MOUSEWHEEL or not self.rect.collidepoint(pygame.mouse.get_pos()):
            return False
        total = sum(len(e.lines) for e in self.entries)
        self.scroll = max(0, min(total - self._visible_lines(), self.scroll + event.y * 3))
        return True

    def draw_at_origin(self, image: pygame.Surface) -> None:
        """Draw into `image`, an image of the panel's own size (a kept picture)."""
        rect, self.rect = self.rect, image.get_rect()
        try:
            self.draw(image)
        finally:
            self.rect = rect

    # --- internals ---------------------------------------------------------------------
    def _metrics(self) -> tuple[int, int, int]:
        px = self._px
        pad = max(4, px // 2)
        return px, pad, theme.font(px).get_linesize()

    def _visible_lines(self) -> int:
        _, pad, line_h = self._metrics()
        return max(1, (self.rect.h - 2 * pad) // line_h)

    def _wrap(self, text: str) -> list[str]:
        px, pad, _ = self._metrics()
        return wrap(text, px, max(20, self.rect.w - 3 * pad - px // 2))

    def _rewrap(self, px: int) -> None:
        self._px = px
        for entry in self.entries:
            entry.lines = self._wrap(entry.text)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect)
        px, pad, line_h = self._metrics()
        lines = [(line, e.seat_colour if i == 0 else None, e.seat_colour is not None)
                 for e in self.entries for i, line in enumerate(e.lines)]
        visible = self._visible_lines()
        end = len(lines) - self.scroll
        y = self.rect.bottom - pad - line_h * min(visible, end)
        for text, colour, marked in lines[max(0, end - visible):end]:
            x = self.rect.left + pad
            if colour is not None:  # the seat's colour, next to its name in the text
                pygame.draw.circle(surface, colour, (x + px // 4, y + line_h // 2), max(2, px // 4))
            image = label(text, px, theme.TEXT)
            surface.blit(image, (x + (px // 2 + pad // 2 if marked else 0), y))
            y += line_h
        if self.scroll:  # a hint that newer lines are below
            pygame.draw.polygon(surface, theme.ACCENT, [
                (self.rect.right - pad - px // 2, self.rect.bottom - pad - px // 2),
                (self.rect.right - pad, self.rect.bottom - pad - px // 2),
                (self.rect.right - pad - px // 4, self.rect.bottom - pad)])
