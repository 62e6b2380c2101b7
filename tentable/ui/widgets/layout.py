"""Where cards go: pure functions from counts and space to centres, angles and rects."""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

GAP = 0.08            # gap between cards that have room, as a share of the card width
MIN_STEP = 0.24       # tightest overlap of a row: the corner index stays readable
LINE_STEP = 0.42      # a wrapped row's next line overlaps the previous one this much


class Slot(NamedTuple):
    """The centre of a card and its rotation in degrees (counter-clockwise)."""

    x: float
    y: float
    angle: float = 0.0

    @property
    def pos(self) -> tuple[float, float]:
        return self.x, self.y


def _step(n: int, width: float, card_w: float, max_width: float) -> float:
    """Distance between neighbouring centres: a small gap if there is room, else overlap."""
    if n <= 1:
        return 0.0
    return max(0.0, min(card_w * (1 + GAP), (max_width - width) / (n - 1)))


def fan(n: int, center: tuple[float, float], max_width: float, card_size: tuple[int, int],
        max_angle: float = 0.0) -> list[Slot]:
    """A hand centred on `center`, overlapping when tight, optionally curved.

    With `max_angle` the outer cards turn by up to that many degrees and sink along an arc;
    the spacing accounts for the wider footprint of turned cards.
    """
    if n <= 0:
        return []
    w, h = card_size
    a = math.radians(abs(max_angle)) if n > 1 else 0.0
    footprint = w * math.cos(a) + h * math.sin(a)  # width of the most turned card
    step = _step(n, footprint, w, max_width)
    mid = (n - 1) / 2
    spread = max_angle * min(1.0, mid / 3)  # two or three cards barely turn
    slots = []
    for i in range(n):
        k = (i - mid) / mid if mid else 0.0
        dx = (i - mid) * step
        angle = -spread * k  # left cards lean left (counter-clockwise is positive)
        # on an arc: the further out, the lower, as if held in a hand
        sink = abs(dx) * math.tan(math.radians(abs(angle)) / 2)
        slots.append(Slot(center[0] + dx, center[1] + sink, angle))
    return slots


def row(n: int, left_mid: tuple[float, float], max_width: float,
        card_size: tuple[int, int]) -> list[Slot]:
    """A row growing to the right from `left_mid` (its left edge, vertical middle).

    Cards overlap more as the row grows; if even the tightest overlap would not fit, the row
    wraps into further lines, each a little lower, so 30 and more cards still fit.
    """
    if n <= 0:
        return []
    w, h = card_size
    per_line = _per_line(n, w, max_width)
    step = _step(min(n, per_line), w, w, max_width)
    slots = []
    for i in range(n):
        line, col = divmod(i, per_line)
        slots.append(Slot(left_mid[0] + w / 2 + col * step, left_mid[1] + line * h * LINE_STEP))
    return slots


def _per_line(n: int, card_w: float, max_width: float) -> int:
    if n <= 1 or card_w + (n - 1) * card_w * MIN_STEP <= max_width:
        return max(1, n)
    return max(1, int((max_width - card_w) // (card_w * MIN_STEP)) + 1)


def row_lines(n: int, max_width: float, card_size: tuple[int, int]) -> int:
    """How many lines `row` uses, so a scene can reserve the height."""
    return math.ceil(n / _per_line(n, card_size[0], max_width)) if n > 0 else 0


def pile_offsets(n: int, step: int = 2) -> list[tuple[int, int]]:
    """Pixel offsets for the layers of a pile of `n`, bottom first, the top card's (0, 0) last.

    More cards show more edges (at most six), so the pile's height reads at a glance.
    """
    if n <= 0:
        return []
    layers = min(n, 1 + math.ceil(n / 8), 6)
    return [(-(layers - 1 - i) * step, -(layers - 1 - i) * step) for i in range(layers)]


def seats_around(n_opponents: int,
                 rect: pygame.Rect | tuple[int, int, int, int]) -> list[pygame.Rect]:
    """Panels for the other seats in turn order: up the left side, across the top, down the right.

    The player at the screen sits at the bottom; with up to three opponents everyone sits
    along the top edge.
    """
    area = pygame.Rect(rect)
    if n_opponents <= 0:
        return []
    pw = min(area.w // max(1, min(n_opponents, 4)) - 8, max(160, area.w // 5))
    ph = max(48, min(area.h // 4, 96))
    if n_opponents <= 3:
        spots = [("top", i, n_opponents) for i in range(n_opponents)]
    else:
        side = (n_opponents - 2) // 2           # seats on each side, the rest on top
        top = n_opponents - 2 * side
        spots = ([("left", side - 1 - i, side) for i in range(side)]
                 + [("top", i, top) for i in range(top)]
                 + [("right", i, side) for i in range(side)])
    rects = []
    for edge, i, count in spots:
        r = pygame.Rect(0, 0, pw, ph)
        if edge == "top":
            r.midtop = (area.left + area.w * (i + 0.5) / count, area.top)
        else:
            band_top = area.top + ph + 8
            band = area.bottom - band_top
            y = band_top + band * (i + 0.5) / count
            r.midleft = (area.left, y)
            if edge == "right":
                r.midright = (area.right, y)
        rects.append(r.clamp(area) if r.w <= area.w and r.h <= area.h else r)
    return rects
