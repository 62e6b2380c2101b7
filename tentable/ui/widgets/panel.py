"""Rounded translucent panels and cached text labels in the theme font."""
from __future__ import annotations

import pygame

from tentable.ui import theme
from tentable.ui.widgets.cache import LRU

_LABELS: LRU[pygame.Surface] = LRU(1024)
_PANELS: LRU[pygame.Surface] = LRU(128)
_FELTS: LRU[pygame.Surface] = LRU(3)   # window-sized: keep only the last few sizes
_GRADIENT: LRU[pygame.Surface] = LRU(1)
_FITS: LRU[str] = LRU(512)              # fitted texts: panels fit their names every frame
_WRAPS: LRU[tuple[str, ...]] = LRU(256)  # wrapped texts: toasts and banners, every frame


def label(text: str, px: int, colour: tuple[int, ...] = theme.TEXT,
          bold: bool = False) -> pygame.Surface:
    """`text` rendered anti-aliased; the same arguments return the same surface."""
    key = (text, int(px), tuple(colour), bold)
    return _LABELS.get(key, lambda: theme.font(px, bold).render(text, True, colour))


def blit_label(surface: pygame.Surface, text: str, px: int, colour: tuple[int, ...] = theme.TEXT,
               bold: bool = False, **anchor: object) -> pygame.Rect:
    """Blit a label placed by a Rect keyword (`center=(x, y)`, `midleft=…`); returns its rect."""
    image = label(text, px, colour, bold)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    return rect


def faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    """`image` drawn at `alpha` (0-255): a copy, never the image itself, which a cache may
    share with other parts of the screen. (`set_alpha(None)` does not undo `set_alpha` on
    a text image: it drops the image's own transparency, and the text becomes a bar.)"""
    if alpha >= 255:
        return image
    copy = image.copy()
    copy.set_alpha(alpha)
    return copy


def line_height(px: int, bold: bool = False) -> int:
    """The height of a line of text at `px`, whatever letters it has."""
    return label("Hg", px, bold=bold).get_height()


def wrap(text: str, px: int, width: int, bold: bool = False,
         most: int | None = None) -> list[str]:
    """Break `text` into lines no wider than `width` (a too-long word is cut by characters),
    at `most` lines: the rest shortened onto the last one. Remembered, since toasts and
    banners are wrapped every frame."""
    key = (text, int(px), int(width), bold, most)

    def make() -> tuple[str, ...]:
        lines = _wrap(text, px, width, bold)
        if most is not None and len(lines) > most:
            lines = lines[:most - 1] + [fit(" ".join(lines[most - 1:]), px, width, bold)]
        return tuple(lines)
    return list(_WRAPS.get(key, make))


def _wrap(text: str, px: int, width: int, bold: bool) -> list[str]:
    f = theme.font(px, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if f.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while f.size(word)[0] > width and len(word) > 1:
                cut = max(1, _longest_prefix(f, word, width))
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _longest_prefix(f: pygame.font.Font, text: str, width: int, tail: str = "") -> int:
    """How many leading characters of `text` (plus `tail`) fit in `width`: a binary
    search, so a 1,000-character name costs ten measurements, not a thousand."""
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(text[:mid] + tail)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return low


def fit(text: str, px: int, width: int, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis if it is wider than `width`."""
    def make() -> str:
        f = theme.font(px, bold)
        if f.size(text)[0] <= width:
            return text
        return text[:_longest_prefix(f, text, width, "…")].rstrip() + "…"
    return _FITS.get((text, int(px), int(width), bold), make)


def rounded(size: tuple[int, int], fill: tuple[int, ...], radius: int,
            edge: tuple[int, ...] | None = None, edge_width: int = 1) -> pygame.Surface:
    """A cached rounded rectangle with per-pixel alpha, ready to blit."""
    key = (size, tuple(fill), radius, tuple(edge) if edge else None, edge_width)

    def make() -> pygame.Surface:
        image = pygame.Surface(size, pygame.SRCALPHA)
        box = image.get_rect()
        pygame.draw.rect(image, fill, box, border_radius=radius)
        if edge:
            pygame.draw.rect(image, edge, box, edge_width, border_radius=radius)
        return image

    return _PANELS.get(key, make)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...] = theme.PANEL,
               edge: tuple[int, ...] | None = theme.PANEL_EDGE, radius: int | None = None) -> None:
    """A translucent rounded panel over whatever is below (the felt, cards)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    r = theme.RADIUS if radius is None else radius
    surface.blit(rounded(rect.size, fill, min(r, rect.h // 2, rect.w // 2), edge), rect)


def shade(surface: pygame.Surface) -> None:
    """Darken everything drawn so far, behind a modal panel (no window-sized allocation)."""
    k = 255 - theme.SHADE[3]
    surface.fill((k, k, k), special_flags=pygame.BLEND_RGB_MULT)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a soft light in the middle fading to a darker rim; cached per size."""
    # a tiny gradient smoothscaled up stays smooth at any window size and costs nothing;
    # the gradient itself (2,304 pixels set one by one, 24 ms) is made once, not per size,
    # so dragging the window's edge does not stutter
    return _FELTS.get(size, lambda: pygame.transform.smoothscale(_GRADIENT.get(0, gradient),
                                                                 size))


def gradient() -> pygame.Surface:
    """The felt's light, 64×36: the light colour in the middle, the dark one at the rim."""
    small = pygame.Surface((64, 36))
    a, b = theme.FELT_LIGHT, theme.FELT_DARK
    for y in range(36):
        for x in range(64):
            d = min(1.0, (((x - 31.5) / 32) ** 2 + ((y - 17.5) / 18) ** 2) ** 0.5)
            t = d * d
            small.set_at((x, y), tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3)))
    return small


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The ring round what the keyboard would press (`theme.SELECTED`), with a dark line
    inside it: it shows on a gold button as on the felt."""
    grow = theme.scaled(4, scale, 2)
    width = theme.scaled(3, scale, 2)
    box = rect.inflate(2 * grow, 2 * grow)
    pygame.draw.rect(surface, theme.SELECTED, box, width, border_radius=theme.RADIUS + grow)
    inner = box.inflate(-2 * width, -2 * width)
    pygame.draw.rect(surface, theme.TEXT_DARK, inner, max(1, width // 2),
                     border_radius=theme.RADIUS + grow - width)
