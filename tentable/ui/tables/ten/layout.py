"""Where things go on the TEN table: the other seats along the top, each with its
collection as four colour rows of slots 1-9 (jokers beside them); the draw pile and the
tableau across the middle with the running total, the money sum and the bust line; your
collection at the bottom left and the market, a grid by colour and number, at the bottom
right; the log and the buttons on the right. Auctions and payments open a panel over
the right of the middle band (`tray_rect`); a long payment reaches down over the market
(`pay_rect`).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.engine.ten_cards import COLOURS
from tentable.engine.ten_view import TenView, colour_of, joker_up, number_of
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.widgets import layout
from tentable.ui.widgets.seatpanel import SeatPanel
from tentable.ui.widgets.spritesync import Point, Spot

LOG_W = 250
MARKET_LABEL = 22     # the colour symbols left of the market's rows
TOTAL_TEXT = 26       # the running total's size
GAUGE_W = 300         # the bust line's length, where there is room


@dataclass
class Geometry:
    scale: float
    card: tuple[int, int]
    pile: Point
    row_left_mid: Point
    row_width: float
    band: pygame.Rect                  # the middle of the table: tableau, auction, payment
    mine: pygame.Rect
    market: pygame.Rect
    market_cell: tuple[int, int]
    panels: dict[int, pygame.Rect]     # seat -> panel, for the other seats
    gauge: pygame.Rect                 # the bust line
    middle: pygame.Rect                # the pile, the total, the bust line and the money
    log: pygame.Rect
    buttons: list[pygame.Rect]
    toasts: pygame.Rect


def lay_out(size: tuple[int, int], card: tuple[int, int], players: int, bottom: int,
            buttons: int) -> Geometry:
    """The table for a window of `size` and cards of `card` size, `bottom` at the bottom,
    with `buttons` buttons under the log."""
    w, h = size
    s = theme.ui_scale(size)
    pad = px(theme.PAD, s)
    top = px(62, s)
    log_w = px(LOG_W, s)
    right = w - log_w - 2 * pad
    bh = px(36, s, 26)
    gap = px(6, s)
    buttons_top = h - pad - buttons * bh - (buttons - 1) * gap
    header = SeatPanel.header_height(s)
    others = [(bottom + 1 + i) % players for i in range(players - 1)]
    panel_h = header + 4 * px(14, s) + pad
    rects = layout.panels_in_row(len(others), pygame.Rect(pad, top, right - pad, panel_h),
                                 pad, px(360, s))
    mine_h = header + 4 * px(24, s) + pad + px(4, s)
    mine = pygame.Rect(pad, h - pad - mine_h, px(380, s), mine_h)
    mx = mine.right + pad
    label_w = px(MARKET_LABEL, s)
    title_h = text_px(theme.FONT_SMALL, s) + px(6, s)
    cw = min(px(44, s), (right - mx - label_w) // 9 - px(3, s))
    ch = round(cw * theme.CARD_RATIO)
    avail_h = h - pad - top - panel_h - card[1] - px(80, s)
    if 4 * (ch + px(3, s)) + title_h > avail_h:
        ch = max(px(20, s), (avail_h - title_h) // 4 - px(3, s))
        cw = min(cw, round(ch / theme.CARD_RATIO))
    market_h = title_h + 4 * (ch + px(3, s))
    market_w = label_w + 9 * (cw + px(3, s))
    market = pygame.Rect(0, h - pad - market_h, market_w, market_h)
    market.centerx = (mx + right) // 2
    market.x = max(mx, market.x)
    band_top = top + panel_h + pad
    band = pygame.Rect(pad, band_top, right - pad, min(mine.y, market.y) - pad - band_top)
    row_y = band.y + px(18, s) + card[1] / 2
    pile_x = pad + card[0] * 0.6
    row_left = pile_x + card[0] * 0.5 + 2 * pad
    gauge, middle = _under_the_row(s, row_left, row_y + card[1] / 2, band, mine, market)
    return Geometry(
        scale=s, card=card, pile=(pile_x, row_y),
        row_left_mid=(row_left, row_y),
        row_width=right - (pile_x + card[0] * 0.5 + 3 * pad),
        band=band, mine=mine, market=market, market_cell=(cw, ch),
        panels=dict(zip(others, rects)), gauge=gauge, middle=middle,
        log=pygame.Rect(right + pad, top, log_w, buttons_top - top - pad),
        buttons=[pygame.Rect(right + pad, buttons_top + i * (bh + gap), log_w, bh)
                 for i in range(buttons)],
        toasts=pygame.Rect(band.x + band.w // 3, band.y, band.w * 2 // 3, band.h))


def _under_the_row(s: float, x: float, card_bottom: float, band: pygame.Rect,
                   mine: pygame.Rect, market: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The bust line under the tableau, the total above it and the money (and Mona's goal)
    below, and `middle`, the kept layer they are painted in with the pile: down to the keys
    line over your collection and never over the market (a layer kept over another part
    shows that part as it was when the layer was painted)."""
    small = text_px(theme.FONT_SMALL, s)
    bottom = mine.y - px(6, s) - text_px(theme.FONT_SMALL - 2, s) - px(4, s)
    gauge_h = px(10, s, 6)
    below = gauge_h + px(10, s) + 2 * round(small * 1.3)        # the money, Mona's goal
    y = min(card_bottom + px(44, s), bottom - below)
    width = max(px(120, s), min(px(GAUGE_W, s), market.x - x - px(40, s)))
    gauge = pygame.Rect(round(x), round(y), width, gauge_h)
    right = gauge.right + px(80, s)
    if bottom > market.y - px(4, s):
        right = min(right, market.x - px(6, s))
    return gauge, pygame.Rect(0, band.y, right, max(band.h, bottom - band.y))


# The middle band holds a card, the total, the bust line, the money and the keys line
# between the others' collections and yours, whatever the number of seats (the others sit
# in one row): with large cards it needs this much room, more than any scale leaves.
LEAST_ROOM = (1120, 630)


def tray_rect(g: Geometry) -> pygame.Rect:
    """The panel of an auction, a payment or the coach, over the right of the band."""
    r = pygame.Rect(0, 0, min(g.band.w - g.card[0] * 2, px(560, g.scale)), g.band.h)
    r.topright = (g.band.right, g.band.y)
    return r


def pay_rect(g: Geometry) -> pygame.Rect:
    """The payment tray when its items need more than the tray's panel: reaching down over
    the market (nothing is bought while paying) as far as the window, clear of your
    collection (what may pay)."""
    r = tray_rect(g)
    pad = px(theme.PAD, g.scale)
    left = max(min(r.x, g.market.x - pad), g.mine.right + pad)
    return pygame.Rect(left, r.y, r.right - left, g.market.bottom - r.y)


def pay_reach(g: Geometry) -> pygame.Rect:
    """All a payment tray may cover, small or tall: the tableau keeps left of it."""
    return tray_rect(g).union(pay_rect(g))


def coach_rect(g: Geometry) -> pygame.Rect:
    """The coach's panel, at the top right of the band."""
    r = tray_rect(g)
    box = pygame.Rect(0, 0, min(r.w, px(300, g.scale)), px(96, g.scale))
    box.topright = (r.right, r.y)
    return box


def market_cell(g: Geometry, code: str) -> pygame.Rect:
    """The market's cell of a number card's code: its colour's row, its number's column."""
    s = g.scale
    cw, ch = g.market_cell
    gap = px(3, s)
    title_h = text_px(theme.FONT_SMALL, s) + px(6, s)
    x = g.market.x + px(MARKET_LABEL, s) + (number_of(code) - 1) * (cw + gap)
    y = g.market.y + title_h + COLOURS.index(colour_of(code)) * (ch + gap)
    return pygame.Rect(x, y, cw, ch)


def spots(v: TenView, g: Geometry, panel: pygame.Rect | None) -> dict[str, Spot]:
    """The flipped cards, along the row (up to the `panel` open over the band: a tray,
    the coach; never under it), and the joker on offer at the auction panel's left: up for
    auction, or won and being paid for while no tray covers that place."""
    out: dict[str, Spot] = {}
    tableau = v["tableau"]
    width = g.row_width
    joker = joker_up(v)
    if joker is not None and (v["auction"] is not None or panel is None):
        panel = tray_rect(g)
    else:
        joker = None
    if panel is not None:
        width = panel.x - g.row_left_mid[0] - px(8, g.scale)
    # one line, smaller cards where a panel leaves little room: a second line would lie
    # over the total and the bust line
    size = layout.one_line(len(tableau), width, g.card)
    for i, (card, slot) in enumerate(zip(tableau, layout.row(len(tableau), g.row_left_mid,
                                                             width, size))):
        out[card] = Spot(slot.pos, True, 100 + i, size)
    if joker is not None:
        r = tray_rect(g)
        small = (round(g.card[0] * 0.8), round(g.card[1] * 0.8))
        out[joker] = Spot((r.x + small[0] / 2 + px(14, g.scale), r.centery), True, 300, small)
    return out
