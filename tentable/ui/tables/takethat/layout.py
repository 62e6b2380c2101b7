"""Where things go on the Take That table: the hand fans out at the bottom, the row runs
from the draw pile across the middle, the other seats sit along the top with their piles,
the log and the buttons are on the right.

A V1 pile card the view does not name is a back keyed "?<seat>.<i>" on its taker's
minus pile (`pile_card_key`); every other card is keyed by its number.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

import pygame

from tentable.engine.takethat import TakeThatView
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.widgets import layout
from tentable.ui.widgets.spritesync import Point, Spot

SMALL = 0.55          # piles in the seat panels, as a share of the card size
HAND_ANGLE = 7.0      # degrees the outer hand cards lean
BUTTONS = 3           # play, twist, take


@dataclass
class Geometry:
    card: tuple[int, int]
    small: tuple[int, int]
    pile: Point
    row_left_mid: Point
    row_width: float
    hand_center: Point
    hand_width: float
    hand_rise: float                      # room over the hand for its back lines
    mine: pygame.Rect                     # the bottom seat's name, score and piles
    panels: dict[int, pygame.Rect]        # seat -> panel, for the other seats
    bottom: int                           # the seat drawn at the bottom
    log: pygame.Rect
    buttons: list[pygame.Rect]
    toasts: pygame.Rect                   # free felt below the panels, clear of the row


def lay_out(size: tuple[int, int], card: tuple[int, int], players: int,
            bottom: int) -> Geometry:
    """The table for a window of `size` and cards of `card` size, `bottom` at the bottom."""
    w, h = size
    s = theme.ui_scale(size)
    pad = px(theme.PAD, s)
    small = (round(card[0] * SMALL), round(card[1] * SMALL))
    top = px(62, s)
    log_w = px(270, s)
    right = w - log_w - 2 * pad                       # the table ends here
    bh = px(theme.BUTTON_HEIGHT, s, 30)
    buttons_top = h - pad - BUTTONS * bh - (BUTTONS - 1) * pad
    header = text_px(theme.FONT_BODY, s) + text_px(theme.FONT_SMALL, s) + px(12, s)
    panel_h = max(small[1] + 2 * pad, header + round(small[1] * 0.6) + pad)
    others = [(bottom + 1 + i) % players for i in range(players - 1)]
    rects = layout.panels_in_row(len(others), pygame.Rect(pad, top, right - pad, panel_h),
                                 pad, px(330, s))
    # room under the fanned hand for its leaning corners and the keys line
    hand_y = h - pad - card[1] * (0.5 + theme.SELECT_LIFT) - px(18, s) \
        - text_px(theme.FONT_SMALL - 2, s)
    hand_top = hand_y - card[1] * (0.5 + theme.SELECT_LIFT)
    row_y = (top + panel_h + hand_top) / 2
    pile_x = pad + card[0] * 0.6
    mine = pygame.Rect(0, 0, max(px(190, s), small[0] * 2 + 3 * pad), header + small[1] + pad)
    mine.bottomleft = (pad, h - pad)
    row_left_mid = (pile_x + card[0] * 0.5 + 2 * pad, row_y)
    row_width = right - (pile_x + card[0] * 0.5 + 3 * pad)
    return Geometry(
        card=card, small=small, pile=(pile_x, row_y), row_left_mid=row_left_mid,
        row_width=row_width, hand_center=((mine.right + right) / 2, hand_y),
        hand_width=right - mine.right - 2 * pad,
        hand_rise=max(0.0, hand_y - card[1] - row_y - pad), mine=mine,
        panels=dict(zip(others, rects)),
        bottom=bottom,
        log=pygame.Rect(right + pad, top, log_w, buttons_top - top - pad),
        buttons=[pygame.Rect(right + pad, buttons_top + i * (bh + pad), log_w, bh)
                 for i in range(BUTTONS)],
        toasts=pygame.Rect(round(row_left_mid[0]), top + panel_h + pad, round(row_width),
                           round(hand_top - top - panel_h)))


def pile_spots(g: Geometry, seat: int) -> tuple[Point, Point]:
    """Centres of a seat's face-up and face-down piles."""
    sw, sh = g.small
    gap = sw * 0.35
    if seat == g.bottom:
        y = g.mine.bottom - sh / 2 - gap / 2
        x = g.mine.right - sw / 2 - gap
        return (x - sw - gap, y), (x, y)
    r = g.panels[seat]
    x = r.right - sw / 2 - gap
    return (x - sw - gap, r.centery), (x, r.centery)


def pile_card_key(seat: int, i: int, card: int | None) -> Hashable:
    """A V1 pile card's sprite key: its number, or a back for one the view hides."""
    return f"?{seat}.{i}" if card is None else card


def spots(v: TakeThatView, g: Geometry) -> dict[Hashable, Spot]:
    """Where every card the view shows belongs."""
    out: dict[Hashable, Spot] = {}
    row = v["row"]
    for i, (card, slot) in enumerate(zip(row, row_slots(g, len(row)))):
        out[card] = Spot(slot.pos, True, 100 + i, g.card)
    hand = v["hand"] or []
    slots, size = layout.hand(len(hand), g.hand_center, g.hand_width, g.card, HAND_ANGLE,
                              g.hand_rise)
    for i, (card, slot) in enumerate(zip(hand, slots)):
        out[card] = Spot(slot.pos, True, 300 + i, size, slot.angle)
    for seat in range(v["players"]):
        up, down = pile_spots(g, seat)
        # V1's pile cards lie on top of the minus pile, face up where the view names them
        minus = [(card, False) for card in v["face_down"][seat]] + [
            (pile_card_key(seat, i, card), card is not None)
            for i, card in enumerate(v["pile_cards"][seat])]
        for pile, centre in (([(card, True) for card in v["face_up"][seat]], up),
                             (minus, down)):
            offsets = layout.pile_offsets(len(pile))
            for i, (card, face) in enumerate(pile):
                depth = len(pile) - 1 - i
                dx, dy = offsets[max(0, len(offsets) - 1 - depth)]
                out[card] = Spot((centre[0] + dx, centre[1] + dy), face, 10 + i, g.small,
                                 pile_depth=depth)
    return out


def row_slots(g: Geometry, n: int) -> list[layout.Slot]:
    """The row's cards: a long row wraps into lines, each a strip (`layout.INDEX_STRIP`)
    lower than the one before, the lines centred on the row's middle between the seats
    and the hand, so every card's number shows."""
    lines = layout.row_lines(n, g.row_width, g.card)
    x, y = g.row_left_mid
    top = y - (lines - 1) * layout.INDEX_STRIP * g.card[1] / 2
    return layout.row(n, (x, top), g.row_width, g.card, layout.INDEX_STRIP)


def row_end(g: Geometry, last: pygame.Rect | None) -> pygame.Rect:
    """The drop place at the end of the row (after `last`, the rightmost card's rect):
    from there to the table's edge, and the whole row's strip while it is empty (a new
    row: wherever the player aims)."""
    if last is None:
        band = row_band(g)
        return band.inflate(0, g.card[1] * 0.3).union(
            pygame.Rect(0, 0, g.card[0] * 1.6, g.card[1] * 1.3).move(
                g.row_left_mid[0] - g.card[0] * 0.2, g.row_left_mid[1] - g.card[1] * 0.65))
    end = pygame.Rect(0, 0, g.card[0] * 1.6, g.card[1] * 1.3)
    end.midleft = (last.right - g.card[0] * 0.3, last.centery)
    right = g.row_left_mid[0] + g.row_width
    if end.right < right:
        end.width = round(right - end.x)
    return end


def row_band(g: Geometry) -> pygame.Rect:
    """The strip the row runs along: a click there plays the picked card."""
    return pygame.Rect(g.row_left_mid[0], g.row_left_mid[1] - g.card[1] / 2,
                       g.row_width, g.card[1])
