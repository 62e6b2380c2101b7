"""The TEN tiles table (docs/rules/tentiles.md), built on the table kit: an open grid
between the two supplies.

The board fits itself to the tiles (the mouse wheel zooms, dragging the felt pans, F fits
again). The seat at the screen has its supply along the bottom, the other along the top:
in the hidden game a face-down stack with its count and the tile just turned up, in the
open game the public row, whose two ends are the only tiles that lift. In phase 2 only
the mover's movable tiles lift. While a tile is held, the places it may go show as ghost
squares; the winning line lights up and a line of text says why the game ended.

Everything drawn comes from `self.view`: tiles are sprites keyed by their ids ("W2#3"),
so a tile glides from its supply to the board and across the board when it is moved.
Its parts: `layout` (where), `controls` (what the player can do), `paint` (drawing), and
`tentable.narration.tentiles` (the log's words).
"""
from __future__ import annotations

from typing import Hashable

import pygame

from tentable.engine.tentiles import coords, owner
from tentable.engine.tentiles_moves import read
from tentable.narration import tentiles as words
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import text_px
from tentable.ui.tables.tentiles import layout
from tentable.ui.tables.tentiles.controls import Controls
from tentable.ui.tables.tentiles.paint import Paint
from tentable.text import t
from tentable.ui.widgets.spritesync import Point, Spot

GAME = "tentiles"


@register_table(GAME)
class TenTilesTable(Controls, Paint):
    game = GAME
    words = words

    def __init__(self, app, session, link=None) -> None:
        super().__init__(app, session, link)
        self.cursor = (0, 0)
        self.camera = layout.Camera(40.0, 0.0, 0.0, pygame.Rect(0, 0, 10, 10))
        self.manual = False
        self.pan, self.panned = None, False
        self.last_from = None
        self._memo = None
        self._layer: pygame.Surface | None = None     # see Paint.draw_layer
        self._layer_key: tuple = ()
        self._layer_view: dict | None = None
        self.retell()

    def layout(self, size: tuple[int, int]) -> None:
        g = self.geo = layout.lay_out(size, self.bottom)
        self.log.layout(g.log, text_px(theme.FONT_SMALL, g.scale))
        self.toast_area = g.board.copy()
        if self.manual:
            self.camera.rect = g.board
        else:
            self.fit()
            self.hold_camera()
        self.sync(animate=False)

    def spots(self) -> dict[Hashable, Spot]:
        return layout.spots(self.view, self.geo, self.camera)

    def origin(self, tile: Hashable, seat: int | None) -> Point:
        """A tile new to the view is turned up from its owner's supply."""
        return self.geo.stack_pos(owner(tile))

    def forced_text(self, action: str) -> str:
        """Why the move is the only one: the first tile's place (TL-R5), or no tile of
        yours that can move (TL-R8)."""
        if action == "pass":
            return t("tiles.forced_pass")
        if not self.view["board"]:
            return t("tiles.forced_first")
        return super().forced_text(action)

    def log_start(self, view: dict) -> None:
        self.log.add(words.start(self.teller, view).text)

    def show_position(self, seat: int | None = None) -> None:
        """A position set by hand is shown whole: no tile held, the grid fitted to it."""
        self.selected = None
        super().show_position(seat)
        self.fit_view()

    def moved(self, seat: int, action: str, before: dict, after: dict) -> None:
        """The cursor follows the tile just put down; in phase 1 the grid fits the tiles
        again unless the player has zoomed or panned; in phase 2 it only slides to keep a
        moved tile in sight."""
        self.selected = None
        parts = read(action)
        self.last_from = parts.source or None
        if parts.to:
            self.cursor = coords(parts.to)
        if not self.manual:
            self.fit()
            self.hold_camera()
        elif parts.source:
            self.follow_cursor()
