"""Where cards go: pure functions from counts and space to centres, angles and rects."""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from tentable.ui.theme import MIN_CARD_WIDTH, SELECT_LIFT

GAP = 0.08            # gap between cards that have room, as a share of the card width
MIN_STEP = 0.36       # tightest overlap: a two-figure corner index ("17") stays readable
LINE_STEP = 0.42      # a wrapped row's next line overlaps the previous one this much
INDEX_STRIP = 0.27    # a row's line behind another shows this much of its height: the index
INDEX_DEPTH = 0.2     # how far down a card its corner index reaches, as a share of its height
SMALLEST = 0.6        # a hand's cards shrink to no less than this share of their size


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


def hand(n: int, center: tuple[float, float], max_width: float, card_size: tuple[int, int],
         max_angle: float = 0.0, rise: float = 0.0) -> tuple[list[Slot], tuple[int, int]]:
    """A hand centred on `center` and the size its cards are drawn at: one `fan` while each
    card shows its corner index; else flat lines, each a strip higher than the line in
    front of it (its index, even under a picked card lifted in front), the first cards at
    the back, rising at most `rise` above the fan's top, the cards smaller where that is
    not enough. So every card's number stays in view whatever the hand's size, the window
    and the card size."""
    w, h = card_size
    strip = INDEX_DEPTH + SELECT_LIFT
    a = math.radians(abs(max_angle)) if n > 1 else 0.0
    if n <= 1 or _step(n, w * math.cos(a) + h * math.sin(a), w, max_width) >= MIN_STEP * w:
        return fan(n, center, max_width, card_size, max_angle), card_size
    for k in (1.0, 0.9, 0.8, 0.7, SMALLEST):
        cw = max(min(w, MIN_CARD_WIDTH), round(w * k))
        ch = round(cw * h / w)
        lines = math.ceil(n / _per_line(n, cw, max_width))
        if ch + (lines - 1) * strip * ch <= h + rise:
            break
    per = math.ceil(n / lines)
    step = _step(per, cw, cw, max_width)
    front = center[1] + h / 2 - ch / 2             # the front line stands where the fan did
    slots = []
    for i in range(n):
        line, col = divmod(i, per)
        count = min(per, n - line * per)
        slots.append(Slot(center[0] + (col - (count - 1) / 2) * step,
                          front - (lines - 1 - line) * strip * ch))
    return slots, (cw, ch)


def one_line(n: int, max_width: float, card_size: tuple[int, int]) -> tuple[int, int]:
    """The size at which a row of `n` cards fits on one line in `max_width`: the cards'
    own, else smaller (down to `SMALLEST` of it; a row longer still wraps)."""
    w, h = card_size
    for k in (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, SMALLEST):
        cw = max(min(w, MIN_CARD_WIDTH), round(w * k))
        if _per_line(n, cw, max_width) >= n:
            break
    return cw, round(cw * h / w)


def row(n: int, left_mid: tuple[float, float], max_width: float,
        card_size: tuple[int, int], line_step: float = LINE_STEP) -> list[Slot]:
    """A row growing to the right from `left_mid` (its left edge, vertical middle).

    Cards overlap more as the row grows; if even the tightest overlap would not fit, the row
    wraps into further lines, each `line_step` of a card lower, so 30 and more cards still
    fit.
    """
    if n <= 0:
        return []
    w, h = card_size
    per_line = _per_line(n, w, max_width)
    step = _step(min(n, per_line), w, w, max_width)
    slots = []
    for i in range(n):
        line, col = divmod(i, per_line)
        slots.append(Slot(left_mid[0] + w / 2 + col * step, left_mid[1] + line * h * line_step))
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
