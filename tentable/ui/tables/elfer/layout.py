"""Where things go on the Elfer raus! Master table: the four colour rows run across the
middle as tracks of 21 slots, the other seats sit along the top beside the draw pile and
the bonus stack, the hand fans out at the bottom between the bottom seat (its connection
and bonus cards) and the buttons and the log.

Cards are keyed by the view's ids ("B9", "J#2", "connection#4", "bonus#1"); a slot is
found by its position's name ("B9"), which the engine reads (`SLOTS`).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.engine.elfer_cards import ElferView
from tentable.engine.elfer_moves import LENGTH, SLOTS
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.widgets import layout
from tentable.ui.widgets.seatpanel import SeatPanel
from tentable.ui.widgets.spritesync import Point, Spot

SMALL = 0.55               # pile, stack and the seat's own cards, as a share of the card size
HAND_ANGLE = 5.0
SLOT_FILL = 0.92           # a board card's width as a share of the slot pitch
ROW_GAP = 0.42             # the gap between rows (where connection cards lie), per card width
BUTTONS = 3                # draw, end, pass


@dataclass
class Geometry:
    card: tuple[int, int]
    small: tuple[int, int]
    slot: tuple[int, int]                 # a board card
    pitch: float                          # from one slot's centre to the next
    first_x: float                        # the centre of slot 1
    row_y: list[float]                    # centre of each row, top first
    head_w: int
    board: pygame.Rect                    # heads and slots: the cached background
    pile: Point
    stack: Point
    hand_center: Point
    hand_width: float
    hand_rise: float                      # room over the hand for its back lines
    mine: pygame.Rect                     # the bottom seat: connection and bonus cards
    panels: dict[int, pygame.Rect]        # seat -> panel, for the other seats
    turn_label: tuple[int, int]           # midtop of "Cards this turn"
    pad: int
    log: pygame.Rect
    buttons: list[pygame.Rect]
    toasts: pygame.Rect                   # over the board


def lay_out(size: tuple[int, int], card: tuple[int, int], players: int,
            bottom: int) -> Geometry:
    """The table for a window of `size` and cards of `card` size, `bottom` at the bottom."""
    w, h = size
    s = theme.ui_scale(size)
    pad = px(theme.PAD, s)
    small = (round(card[0] * SMALL), round(card[1] * SMALL))
    top = px(62, s)
    header = SeatPanel.header_height(s)
    panel_h = max(small[1] + text_px(theme.FONT_SMALL, s) + 2 * pad,
                  header + round(small[1] * 0.6) + pad)
    # the draw pile and the bonus stack at the top left, the other seats beside them
    pile = (pad + small[0] / 2 + px(4, s), top + small[1] / 2 + px(4, s))
    stack = (pile[0] + small[0] + 2 * pad, pile[1])
    left = round(stack[0] + small[0] / 2 + 2 * pad)
    others = [(bottom + 1 + i) % players for i in range(players - 1)]
    rects = layout.panels_in_row(len(others), pygame.Rect(left, top, w - left - pad,
                                                          panel_h), pad, px(320, s))
    # the bottom band: my seat | my hand | the turn's buttons | the log
    bottom_h = round(card[1] * (1 + theme.SELECT_LIFT)) + px(26, s) + pad
    band_top = h - pad - bottom_h
    mine = pygame.Rect(pad, band_top, max(px(250, s), small[0] * 4 + 4 * pad), bottom_h)
    log_w, buttons_w = px(260, s), px(170, s)
    log_rect = pygame.Rect(w - pad - log_w, band_top, log_w, bottom_h)
    bx = log_rect.x - pad - buttons_w
    line = text_px(theme.FONT_SMALL, s) + px(6, s)
    bh = min(px(theme.BUTTON_HEIGHT, s, 28), (bottom_h - line - 2 * px(6, s)) // BUTTONS)
    buttons = [pygame.Rect(bx, band_top + line + i * (bh + px(6, s)), buttons_w, bh)
               for i in range(BUTTONS)]
    hand_left, hand_right = mine.right + pad, bx - pad
    hand_y = h - pad - px(22, s) - card[1] * 0.5
    # the board: as large as the space between the seats and the bottom band allows
    head_w = px(34, s)
    area_top, area_bottom = top + panel_h + pad, band_top - pad
    board_w = w - 2 * pad - head_w - px(6, s)
    per_height = SLOT_FILL * (4 * theme.CARD_RATIO + 3 * ROW_GAP)   # board height per pitch
    pitch = min(board_w / LENGTH, (area_bottom - area_top) / per_height)
    slot_w = round(pitch * SLOT_FILL)
    slot = (slot_w, round(slot_w * theme.CARD_RATIO))
    gap = slot_w * ROW_GAP
    total_h = 4 * slot[1] + 3 * gap
    total_w = head_w + px(6, s) + LENGTH * pitch
    x0 = (w - total_w) / 2
    y0 = area_top + (area_bottom - area_top - total_h) / 2
    first_x = x0 + head_w + px(6, s) + pitch / 2
    row_y = [y0 + slot[1] / 2 + i * (slot[1] + gap) for i in range(4)]
    board = pygame.Rect(round(x0), round(y0), round(total_w), round(total_h))
    return Geometry(card=card, small=small, slot=slot, pitch=pitch, first_x=first_x,
                    row_y=row_y, head_w=head_w, board=board, pile=pile, stack=stack,
                    hand_center=((hand_left + hand_right) / 2, hand_y),
                    hand_width=hand_right - hand_left,
                    hand_rise=hand_y - card[1] * 0.5 - band_top, mine=mine,
                    panels=dict(zip(others, rects)),
                    turn_label=(bx + buttons_w // 2, band_top), pad=pad, log=log_rect,
                    buttons=buttons, toasts=pygame.Rect(board.x, area_top, board.w, board.h))


def slot_center(g: Geometry, view: ElferView, name: str) -> Point:
    """The centre of the slot of the position `name` ("B9")."""
    colour, n = SLOTS[name]
    row = [r["colour"] for r in view["rows"]].index(colour)
    return g.first_x + (n - 1) * g.pitch, g.row_y[row]


def slot_rect(g: Geometry, view: ElferView, name: str) -> pygame.Rect:
    x, y = slot_center(g, view, name)
    r = pygame.Rect(0, 0, *g.slot)
    r.center = (round(x), round(y))
    return r


def bridge_rect(g: Geometry, view: ElferView, source: str, target: str) -> pygame.Rect:
    """The gap between two slots of neighbouring rows, with an edge of each card."""
    a, b = slot_rect(g, view, source), slot_rect(g, view, target)
    upper, lower = (a, b) if a.y < b.y else (b, a)
    edge = round(g.slot[1] * 0.3)
    return pygame.Rect(upper.x, upper.bottom - edge, upper.w, lower.y + edge
                       - (upper.bottom - edge))


def links_spot(g: Geometry, i: int) -> Point:
    """The bottom seat's `i`th connection card, from the left of its panel."""
    step = g.small[0] * 0.32
    return (g.mine.x + g.pad + g.small[0] / 2 + i * step,
            g.mine.bottom - g.pad - g.small[1] / 2)


def bonus_spot(g: Geometry, i: int) -> Point:
    """The bottom seat's `i`th bonus card, from the right of its panel."""
    step = g.small[0] * 0.2
    return (g.mine.right - g.pad - g.small[0] / 2 - i * step,
            g.mine.bottom - g.pad - g.small[1] / 2)


def spots(v: ElferView, g: Geometry, bottom: int) -> dict[str, Spot]:
    """Where every card the view shows belongs."""
    out: dict[str, Spot] = {}
    for row in v["rows"]:
        for n, here in enumerate(row["slots"], 1):
            if here is not None:
                out[here["id"]] = Spot(slot_center(g, v, here["card"]), True, 100 + n, g.slot)
    link = (round(g.slot[0] * 0.46), round(g.slot[0] * 0.46 * theme.CARD_RATIO))
    for i, bridge in enumerate(v["bridges"]):
        a, b = slot_center(g, v, bridge["from"]), slot_center(g, v, bridge["to"])
        out[bridge["id"]] = Spot(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), True, 400 + i,
                                 link, 90.0)
    hand = v["hand"] or []
    slots, size = layout.hand(len(hand), g.hand_center, g.hand_width, g.card, HAND_ANGLE,
                              g.hand_rise)
    for i, (card, slot) in enumerate(zip(hand, slots)):
        out[card] = Spot(slot.pos, True, 600 + i, size, slot.angle)
    for i, card in enumerate(v["connections"][bottom]):
        out[card] = Spot(links_spot(g, i), True, 20 + i, g.small)
    for i, card in enumerate(v["bonuses"][bottom]):
        out[card] = Spot(bonus_spot(g, i), True, 40 - i, g.small)
    stack = v["bonus_stack"]
    offsets = layout.pile_offsets(len(stack))
    for i, card in enumerate(stack):
        depth = len(stack) - 1 - i
        dx, dy = offsets[max(0, len(offsets) - 1 - depth)]
        out[card] = Spot((g.stack[0] + dx, g.stack[1] + dy), True, 50 + i, g.small,
                         pile_depth=depth)
    return out
