"""Suit symbols (circle, triangle, square, diamond, heart, star, ring) as plain polygons, and
two signs no seat or suit uses: a cross (a refusal) and a bolt (TEN's bust token).

Card faces draw them on a supersampled canvas; `symbol_icon` gives a small anti-aliased
icon for the UI (legends, log lines, toasts).
"""
from __future__ import annotations

import math

import pygame

from tentable.ui.widgets.cache import LRU

SYMBOLS = ("circle", "ring", "triangle", "square", "diamond", "heart", "star", "cross", "bolt")
SUPERSAMPLE = 4
_ICONS: LRU[pygame.Surface] = LRU(256)

Point = tuple[float, float]


def star_points(center: Point, r: float, points: int = 5, inner: float = 0.45) -> list[Point]:
    cx, cy = center
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return out


def _heart(surface: pygame.Surface, colour: tuple[int, ...], cx: float, cy: float,
           r: float) -> None:
    lobe = r * 0.5
    for dx in (-0.47 * r, 0.47 * r):
        pygame.draw.circle(surface, colour, (cx + dx, cy - 0.28 * r), lobe)
    pygame.draw.polygon(surface, colour, [
        (cx - 0.95 * r, cy - 0.14 * r), (cx + 0.95 * r, cy - 0.14 * r), (cx, cy + 0.92 * r)])


def draw_symbol(surface: pygame.Surface, shape: str, center: Point, r: float,
                colour: tuple[int, ...], outline: tuple[int, ...] | None = None,
                outline_width: float = 0.0) -> None:
    """A symbol of radius `r` (roughly its half-height); an outline is drawn as a larger copy."""
    if outline is not None and outline_width > 0:
        draw_symbol(surface, shape, center, r + outline_width, outline)
        if shape == "ring":  # the hole of a ring needs its outline too
            pygame.draw.circle(surface, outline, center, r * 0.62 + outline_width * 0.5)
    cx, cy = center
    if shape == "circle":
        pygame.draw.circle(surface, colour, center, r * 0.9)
    elif shape == "ring":
        pygame.draw.circle(surface, colour, center, r * 0.9, max(1, round(r * 0.3)))
    elif shape == "triangle":
        pygame.draw.polygon(surface, colour, [
            (cx, cy - r), (cx + r * 0.95, cy + r * 0.72), (cx - r * 0.95, cy + r * 0.72)])
    elif shape == "square":
        side = r * 0.8
        pygame.draw.rect(surface, colour, pygame.Rect(0, 0, 2 * side, 2 * side).move(
            round(cx - side), round(cy - side)), border_radius=max(0, round(r * 0.12)))
    elif shape == "diamond":
        pygame.draw.polygon(surface, colour, [
            (cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)])
    elif shape == "heart":
        _heart(surface, colour, cx, cy, r)
    elif shape == "star":
        pygame.draw.polygon(surface, colour, star_points((cx, cy + r * 0.08), r * 1.05))
    elif shape == "cross":
        arm, k = r * 0.85, r * 0.22          # two bars from corner to corner
        for sx in (1, -1):
            pygame.draw.polygon(surface, colour, [
                (cx - sx * (arm - k), cy - arm), (cx - sx * arm, cy - arm + k),
                (cx + sx * (arm - k), cy + arm), (cx + sx * arm, cy + arm - k)])
    elif shape == "bolt":
        pygame.draw.polygon(surface, colour, [
            (cx + r * 0.25, cy - r), (cx - r * 0.6, cy + r * 0.12), (cx - r * 0.02, cy + r * 0.12),
            (cx - r * 0.3, cy + r), (cx + r * 0.6, cy - r * 0.18), (cx + r * 0.04, cy - r * 0.18)])
    else:  # unknown names still show something
        pygame.draw.circle(surface, colour, center, r * 0.5)


def symbol_icon(shape: str, px: int, colour: tuple[int, ...],
                outline: tuple[int, ...] | None = None) -> pygame.Surface:
    """A `px`×`px` anti-aliased icon of a symbol, cached."""
    key = (shape, px, tuple(colour), tuple(outline) if outline else None)

    def make() -> pygame.Surface:
        big = pygame.Surface((px * SUPERSAMPLE, px * SUPERSAMPLE), pygame.SRCALPHA)
        half = px * SUPERSAMPLE / 2
        width = half * 0.14 if outline else 0.0
        draw_symbol(big, shape, (half, half), half * 0.95 - width, colour, outline, width)
        return pygame.transform.smoothscale(big, (px, px))

    return _ICONS.get(key, make)
