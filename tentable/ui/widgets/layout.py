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


def panels_in_row(n: int, area: pygame.Rect, gap: int, max_width: int) -> list[pygame.Rect]:
    """`n` seat panels side by side across `area`, centred, in turn order from the left."""
    if n <= 0:
        return []
    width = min(max_width, (area.w - (n - 1) * gap) // n)
    left = area.centerx - (n * width + (n - 1) * gap) / 2
    return [pygame.Rect(round(left + i * (width + gap)), area.y, width, area.h)
            for i in range(n)]
