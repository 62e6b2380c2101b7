"""Card and tile images, painted procedurally and cached per (game, code, size).

A resize asks for a new size and gets a crisp new painting; bitmaps are never scaled up.
"""
from __future__ import annotations

import pygame

from tentable import i18n

from tentable.ui import theme
from tentable.ui.widgets import faces
from tentable.ui.widgets.cache import LRU
from tentable.ui.widgets.cardart import Canvas, paper

# Enough for every face of the busiest game at two sizes (a resize, a zoomed card).
_FACES: LRU[pygame.Surface] = LRU(600)


def _size(size: tuple[int, int]) -> tuple[int, int]:
    return max(4, int(size[0])), max(4, int(size[1]))


def card_face(game_id: str, code: str, size: tuple[int, int]) -> pygame.Surface:
    """The face of `code` in `game_id`, exactly `size` pixels, with per-pixel alpha."""
    size = _size(size)

    def make() -> pygame.Surface:
        canvas = Canvas(size)
        painter = faces.PAINTERS.get(game_id)
        if painter is None or not painter(canvas, str(code)):
            canvas = Canvas(size)  # a painter may have drawn before rejecting the code
            faces.unknown(canvas, str(code))
        return canvas.finish()

    # a face may carry a word ("WILD"): painted again in another language
    return _FACES.get(("face", game_id, str(code), size, i18n.current()), make)


def tile_face(code: str, px: int) -> pygame.Surface:
    """A square TEN tile ("W1"…"B3") of `px`×`px` pixels."""
    return card_face("tentiles", code, (px, px))


def card_back(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """The back of every card (or tile) of `game_id`: a lattice and a "10" emblem."""
    size = _size(size)

    def make() -> pygame.Surface:
        c = Canvas(size)
        base, pattern = theme.CARD_BACK_BY_GAME.get(game_id, (theme.CARD_BACK,
                                                               theme.CARD_BACK_PATTERN))
        paper(c)
        inset = 5.0
        c.rrect((inset, inset, 100 - 2 * inset, c.bottom - 2 * inset), base, 6)
        clip = c.r(inset + 3, inset + 3, 94 - 2 * inset, c.bottom - 2 * inset - 6)
        c.surface.set_clip(clip)
        step = 12.0
        k = -c.bottom
        while k < 100 + c.bottom:  # two families of diagonals make a diamond lattice
            c.line((k, 0), (k + c.bottom, c.bottom), pattern, 1.4)
            c.line((k, c.bottom), (k + c.bottom, 0), pattern, 1.4)
            k += step
        c.surface.set_clip(None)
        c.rrect((inset + 3, inset + 3, 94 - 2 * inset, c.bottom - 2 * inset - 6), pattern, 4,
                width=1.2)
        r = min(24.0, c.bottom * 0.24)
        c.circle(c.mid, r + 2.5, theme.CARD_PAPER)
        c.circle(c.mid, r, base)
        c.circle(c.mid, r - 3, theme.GOLD, width=1.2)
        c.text("10", r * 1.05, theme.GOLD_LIGHT, c.mid)
        return c.finish()

    return _FACES.get(("back", game_id, size), make)


def paints(game_id: str, code: str) -> bool:
    """Whether `game_id`'s painter has a face for `code` (else the plain stand-in is shown)."""
    painter = faces.PAINTERS.get(game_id)
    return painter is not None and bool(code) and painter(Canvas((8, 11)), code)
