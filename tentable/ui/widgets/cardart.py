"""Drawing kit for card faces: a supersampled canvas measured in percent of the card width.

Faces are drawn at a few times their size and smoothscaled down once, which anti-aliases
every edge (pygame's polygons and rounded rects have none); the result is cached by the caller.
The canvas itself is opaque, because pygame's draw functions replace pixels rather than blend
them; the rounded outline comes from an anti-aliased alpha mask applied at the end.
"""
from __future__ import annotations

import math

import pygame

from tentable.ui import theme
from tentable.ui.widgets.cache import LRU
from tentable.ui.widgets.shapes import draw_symbol

Colour = tuple[int, ...]


def supersample_for(width: int) -> int:
    # small cards need more samples for smooth curves; big ones have pixels to spare
    return 4 if width < 72 else 3 if width < 140 else 2


class Canvas:
    """Coordinates are in units: x 0‥100 across the card, y 0‥`bottom` down it."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = (max(4, size[0]), max(4, size[1]))
        self.ss = supersample_for(self.size[0])
        self.surface = pygame.Surface((self.size[0] * self.ss, self.size[1] * self.ss))
        self.u = self.surface.get_width() / 100
        self.bottom = self.surface.get_height() / self.u
        self.corner = 7.0        # outline radius in units, set by the blank (paper, tile)

    # --- geometry --------------------------------------------------------------------
    def p(self, x: float, y: float) -> tuple[float, float]:
        return x * self.u, y * self.u

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * self.u), round(y * self.u), round(w * self.u),
                           round(h * self.u))

    @property
    def mid(self) -> tuple[float, float]:
        return 50.0, self.bottom / 2

    # --- primitives ------------------------------------------------------------------
    def rrect(self, rect: tuple[float, float, float, float], colour: Colour, radius: float,
              width: float = 0) -> None:
        px_width = 0 if width <= 0 else max(1, round(width * self.u))
        pygame.draw.rect(self.surface, colour, self.r(*rect), px_width,
                         border_radius=max(0, round(radius * self.u)))

    def blend_circle(self, center: tuple[float, float], radius: float, rgba: Colour) -> None:
        """A translucent disc, blended over what is there (a soft rim under a medallion)."""
        r = radius * self.u
        layer = pygame.Surface((round(2 * r) + 2, round(2 * r) + 2), pygame.SRCALPHA)
        pygame.draw.circle(layer, rgba, (r + 1, r + 1), r)
        x, y = self.p(*center)
        self.surface.blit(layer, (round(x - r - 1), round(y - r - 1)))

    def circle(self, center: tuple[float, float], radius: float, colour: Colour,
               width: float = 0) -> None:
        px_width = 0 if width <= 0 else max(1, round(width * self.u))
        pygame.draw.circle(self.surface, colour, self.p(*center), radius * self.u, px_width)

    def ellipse(self, center: tuple[float, float], rx: float, ry: float, colour: Colour,
                width: float = 0) -> None:
        px_width = 0 if width <= 0 else max(1, round(width * self.u))
        rect = self.r(center[0] - rx, center[1] - ry, 2 * rx, 2 * ry)
        pygame.draw.ellipse(self.surface, colour, rect, px_width)

    def polygon(self, points: list[tuple[float, float]], colour: Colour, width: float = 0) -> None:
        px_width = 0 if width <= 0 else max(1, round(width * self.u))
        pygame.draw.polygon(self.surface, colour, [self.p(x, y) for x, y in points], px_width)

    def line(self, a: tuple[float, float], b: tuple[float, float], colour: Colour,
             width: float) -> None:
        px = max(1, round(width * self.u))
        pygame.draw.line(self.surface, colour, self.p(*a), self.p(*b), px)
        # round caps, so thick strokes do not end in ragged squares
        for end in (a, b):
            pygame.draw.circle(self.surface, colour, self.p(*end), width * self.u / 2)

    def arc(self, center: tuple[float, float], rx: float, ry: float, start: float, stop: float,
            colour: Colour, width: float, steps: int = 24) -> None:
        """A thick elliptical arc (angles in radians, y down) as a chain of round-capped lines."""
        pts = [(center[0] + rx * math.cos(start + (stop - start) * i / steps),
                center[1] + ry * math.sin(start + (stop - start) * i / steps))
               for i in range(steps + 1)]
        for a, b in zip(pts, pts[1:]):
            self.line(a, b, colour, width)

    def symbol(self, shape: str, center: tuple[float, float], radius: float, colour: Colour,
               outline: Colour | None = None, outline_width: float = 0) -> None:
        draw_symbol(self.surface, shape, self.p(*center), radius * self.u, colour, outline,
                    outline_width * self.u)

    def text(self, text: str, size: float, colour: Colour, center: tuple[float, float],
             bold: bool = True, max_width: float | None = None, outline: Colour | None = None,
             outline_width: float = 0) -> None:
        """Text whose visible ink (not its line box) is centred on `center`."""
        image = self.text_image(text, size, colour, bold, max_width)
        ink = image.get_bounding_rect()
        cx, cy = self.p(*center)
        x, y = cx - ink.centerx, cy - ink.centery
        if outline is not None and outline_width > 0:
            ring = self.text_image(text, size, outline, bold, max_width)
            o = outline_width * self.u
            for i in range(12):
                a = i * math.pi / 6
                self.surface.blit(ring, (x + o * math.cos(a), y + o * math.sin(a)))
        self.surface.blit(image, (x, y))

    def text_image(self, text: str, size: float, colour: Colour, bold: bool = True,
                   max_width: float | None = None) -> pygame.Surface:
        px = max(6, round(size * self.u))
        image = theme.font(px, bold).render(text, True, colour)
        if max_width is not None and image.get_width() > max_width * self.u:
            px = max(6, int(px * max_width * self.u / image.get_width()))
            image = theme.font(px, bold).render(text, True, colour)
        return image

    def corners(self, text: str, colour: Colour, shape: str | None = None,
                shape_colour: Colour | None = None, size: float = 24, top: float = 14) -> None:
        """The index in the top-left corner and, turned round, in the bottom-right one."""
        image = self.text_image(text, size, colour, max_width=30)
        ink = image.get_bounding_rect()
        # centred under a narrow index, but never closer than 7 units to the edge
        cx = max(12.0, 7 + ink.w / self.u / 2)
        index = pygame.Surface((round((cx + 18) * self.u), round((top + size + 8) * self.u)),
                               pygame.SRCALPHA)
        index.blit(image, (cx * self.u - ink.centerx, top * self.u - ink.centery))
        if shape:
            draw_symbol(index, shape, (cx * self.u, (top + size * 0.5 + 7) * self.u),
                        size * 0.3 * self.u, shape_colour or colour)
        self.surface.blit(index, (0, 0))
        w, h = self.surface.get_size()
        self.surface.blit(pygame.transform.rotate(index, 180),
                          (w - index.get_width(), h - index.get_height()))

    def finish(self) -> pygame.Surface:
        out = pygame.Surface(self.size, pygame.SRCALPHA)
        out.blit(pygame.transform.smoothscale(self.surface, self.size), (0, 0))
        out.blit(_mask(self.size, self.corner * self.size[0] / 100), (0, 0),
                 special_flags=pygame.BLEND_RGBA_MULT)
        return out


_MASKS: LRU[pygame.Surface] = LRU(64)


def _mask(size: tuple[int, int], radius: float) -> pygame.Surface:
    """White, with alpha = the rounded outline, anti-aliased by supersampling."""

    def make() -> pygame.Surface:
        k = 4
        big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
        pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=round(radius * k))
        return pygame.transform.smoothscale(big, size)

    return _MASKS.get((size, round(radius, 1)), make)


def paper(c: Canvas, fill: Colour = theme.CARD_PAPER, edge: Colour = theme.CARD_EDGE) -> None:
    """The card blank: rounded corners and a thin border, no shadow (the table adds none)."""
    radius = 7 if c.bottom > 110 else 9
    c.corner = radius
    c.surface.fill(edge)  # what the outline's soft edge blends with
    border = max(0.9, 1.0 * c.ss / c.u)  # about one final pixel
    c.rrect((border, border, 100 - 2 * border, c.bottom - 2 * border), fill, radius - border)


# --- pictures ---------------------------------------------------------------------------
def toad(c: Canvas, center: tuple[float, float], s: float) -> None:
    """A friendly sitting toad, `s` units wide, facing us."""
    x, y = center
    body, dark, belly = theme.TOAD, theme.TOAD_DARK, theme.TOAD_BELLY
    # hind legs peeking out on both sides
    for side in (-1, 1):
        c.ellipse((x + side * s * 0.40, y + s * 0.30), s * 0.18, s * 0.12, dark)
    c.ellipse((x, y + s * 0.12), s * 0.50, s * 0.34, dark)             # outline of the body
    c.ellipse((x, y + s * 0.12), s * 0.47, s * 0.31, body)
    c.ellipse((x, y + s * 0.22), s * 0.30, s * 0.18, belly)
    # eyes on top of the head
    for side in (-1, 1):
        ex, ey = x + side * s * 0.22, y - s * 0.16
        c.circle((ex, ey), s * 0.13, dark)
        c.circle((ex, ey), s * 0.11, body)
        c.circle((ex, ey), s * 0.075, (255, 255, 255))
        c.circle((ex + side * s * 0.012, ey + s * 0.01), s * 0.04, (20, 24, 20))
    c.arc((x, y - s * 0.02), s * 0.22, s * 0.09, 0.25, math.pi - 0.25, dark, s * 0.025)
    # front feet
    for side in (-1, 1):
        c.ellipse((x + side * s * 0.2, y + s * 0.42), s * 0.1, s * 0.05, dark)
    # warts, a few lighter dots
    for dx, dy in ((-0.3, 0.05), (0.32, 0.08), (-0.18, 0.36), (0.24, 0.34)):
        c.circle((x + dx * s, y + dy * s), s * 0.025, theme.TOAD_BELLY)


def coin(c: Canvas, center: tuple[float, float], r: float, text: str) -> None:
    """A gold coin with a raised rim and its value."""
    c.circle(center, r, theme.GOLD_DARK)
    c.circle(center, r * 0.93, theme.GOLD)
    c.circle(center, r * 0.78, theme.GOLD_DARK, width=r * 0.04)
    c.circle((center[0] - r * 0.3, center[1] - r * 0.35), r * 0.18, theme.GOLD_LIGHT)
    c.text(text, r * 1.0, (110, 70, 8), center, max_width=r * 1.3)


def link(c: Canvas, center: tuple[float, float], s: float, colour: Colour) -> None:
    """Two interlocked chain links, `s` units wide: the connection card."""
    x, y = center
    w, lw, lh = s * 0.1, s * 0.62, s * 0.34
    left = (x - s * 0.5, y - lh / 2, lw, lh)
    right = (x + s * 0.5 - lw, y - lh / 2, lw, lh)
    c.rrect(left, colour, lh / 2, width=w)
    c.rrect(right, colour, lh / 2, width=w)
    # the left link passes over the right one at the top: redraw that stretch on top
    c.surface.set_clip(c.r(x, y - lh / 2 - 1, s * 0.14, lh / 2))
    c.rrect(left, (255, 255, 255), lh / 2, width=w * 1.9)
    c.rrect(left, colour, lh / 2, width=w)
    c.surface.set_clip(None)
