"""Where things go on the TEN tiles table: the seat at the screen has its supply strip
along the bottom, the other seat along the top, the open grid between them; the log and
the keys are on the right.

The grid is seen through a `Camera` (the wheel zooms, dragging the felt pans, F fits it
to the tiles again): `cell` pixels per place, the board point (cx, cy) at the centre of
the board area, y growing upwards as in the rules digest.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

import pygame

from tentable.engine.tentiles import TenTilesView, coords
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px, text_scale
from tentable.ui.widgets.seatpanel import SeatPanel
from tentable.ui.widgets.spritesync import Point, Spot

GAP = 0.08            # share of a cell left free between two board tiles
ROW_TILES = 15        # a full supply
ROW_STEP = 1.12       # a supply tile and the gap after it, in tiles
PANEL_W = 190         # a strip's seat panel, before scaling
KEY_LINES = 6         # lines in the keys panel


@dataclass
class Geometry:
    scale: float
    board: pygame.Rect                    # the grid's area
    strips: dict[int, pygame.Rect]        # seat -> its supply strip (panel and tiles)
    keys: pygame.Rect                     # the keys panel, under the log
    log: pygame.Rect
    tile: int                             # a supply tile's side

    def panel(self, seat: int) -> pygame.Rect:
        """A strip's seat panel (name, colour, what is left)."""
        r = self.strips[seat]
        return pygame.Rect(r.x, r.y, px(PANEL_W, text_scale(self.scale)), r.h)

    def row_pos(self, seat: int, i: int) -> Point:
        """The centre of the i-th tile of a seat's strip."""
        r, s = self.strips[seat], self.scale
        x0 = r.x + px(PANEL_W, text_scale(s)) + px(theme.PAD, s) * 2 + px(12, s)
        return x0 + self.tile / 2 + i * self.tile * ROW_STEP, r.centery

    def stack_pos(self, seat: int) -> Point:
        """The hidden game's face-down supply."""
        return self.row_pos(seat, 0)

    def drawn_pos(self, seat: int) -> Point:
        """The hidden game's tile just turned up, beside the supply."""
        x, y = self.row_pos(seat, 2)
        return x + self.tile * 0.4, y


def lay_out(size: tuple[int, int], bottom: int) -> Geometry:
    """The table for a window of `size`, `bottom` the seat whose strip is at the bottom."""
    w, h = size
    s = theme.ui_scale(size)
    pad = px(theme.PAD, s)
    top = px(62, s)
    log_w = px(260, text_scale(s))
    right = w - log_w - 2 * pad
    header = SeatPanel.header_height(s)
    avail = right - pad - px(PANEL_W, text_scale(s)) - 3 * pad
    tile = max(18, min(px(46, s), int(avail / (ROW_TILES * ROW_STEP))))
    strip_h = max(header + pad // 2, tile + pad)
    strips = {1 - bottom: pygame.Rect(pad, top, right - pad, strip_h),
              bottom: pygame.Rect(pad, h - pad - strip_h, right - pad, strip_h)}
    board = pygame.Rect(pad, top + strip_h + pad, right - pad, h - 2 * strip_h - top - 3 * pad)
    keys_h = KEY_LINES * (text_px(theme.FONT_SMALL, s) + px(3, s)) + pad
    keys = pygame.Rect(right + pad, h - pad - keys_h, log_w, keys_h)
    log = pygame.Rect(right + pad, top, log_w, keys.y - top - pad)
    return Geometry(s, board, strips, keys, log, tile)


@dataclass
class Camera:
    """The grid on the screen: `cell` pixels per place, board point (cx, cy) at the
    centre of `rect`, the board area; y grows upwards."""

    cell: float
    cx: float
    cy: float
    rect: pygame.Rect

    def centre(self, x: float, y: float) -> Point:
        """The screen point of the board point x, y."""
        r = self.rect
        return r.centerx + (x - self.cx) * self.cell, r.centery - (y - self.cy) * self.cell

    def point(self, pos: Point) -> Point:
        """The board point under the screen point `pos`."""
        r = self.rect
        return (self.cx + (pos[0] - r.centerx) / self.cell,
                self.cy - (pos[1] - r.centery) / self.cell)

    def cell_at(self, pos: Point) -> tuple[int, int]:
        bx, by = self.point(pos)
        return round(bx), round(by)

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        c = self.cell
        rect = pygame.Rect(0, 0, round(c), round(c))
        rect.center = tuple(round(v) for v in self.centre(x, y))
        return rect

    @property
    def tile(self) -> int:
        """A board tile's side."""
        return max(8, round(self.cell * (1 - GAP)))


def bounds(board: dict[str, str]) -> tuple[int, int, int, int]:
    """x0, x1, y0, y1 of the places with tiles (0,0 alone on an empty board)."""
    places = [coords(p) for p in board] or [(0, 0)]
    xs, ys = [p[0] for p in places], [p[1] for p in places]
    return min(xs), max(xs), min(ys), max(ys)


def fit(board: dict[str, str], g: Geometry) -> Camera:
    """The camera that shows the tiles and one ring of places around them."""
    x0, x1, y0, y1 = bounds(board)
    r = g.board
    cell = min(r.w / (x1 - x0 + 3), r.h / (y1 - y0 + 3), px(84, g.scale))
    return Camera(max(12.0, cell), (x0 + x1) / 2, (y0 + y1) / 2, r)


def spots(v: TenTilesView, g: Geometry, cam: Camera) -> dict[Hashable, Spot]:
    """Where every tile the view shows belongs: on the board, in an open row, or turned
    up beside the supply of the player to move."""
    out: dict[Hashable, Spot] = {}
    bt = cam.tile
    for place, tile in v["board"].items():
        out[tile] = Spot(cam.centre(*coords(place)), True, 100, (bt, bt))
    ts = (g.tile, g.tile)
    if v["rows"] is not None:
        for seat, row in enumerate(v["rows"]):
            for i, tile in enumerate(row):
                out[tile] = Spot(g.row_pos(seat, i), True, 300 + i, ts)
    if v["drawn"] is not None and v["current_player"] is not None:
        out[v["drawn"]] = Spot(g.drawn_pos(v["current_player"]), True, 300, ts)
    return out
