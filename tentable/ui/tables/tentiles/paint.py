"""Painting the TEN tiles table from the view of the seat at the screen: the grid, both
supply strips, the keys and the log (kept in a layer that changes only with a move), the
ghost squares where the held tile may go, the tiles, the winning line and its sentence,
and the keyboard's cursor. Nothing here changes state."""
from __future__ import annotations

import math

import pygame

from tentable.engine.tentiles import PLACE, TenTilesView, coords, owner
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.tables.kit import CardTable
from tentable.text import t
from tentable.ui.widgets import layout
from tentable.ui.widgets.cards import card_back
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, rounded
from tentable.ui.widgets.seatpanel import SeatInfo, badge
from tentable.ui.widgets.sprite import mark_width

STACK_SHOWN = 4       # a face-down supply draws at most this many backs


class Paint(CardTable):
    def draw_view(self, surface: pygame.Surface, view: TenTilesView, seat: int | None) -> None:
        if self.geo is None:
            return
        s = theme.ui_scale(surface.get_size())
        self.draw_layer(surface, view, s)
        self.draw_last(surface, view, s)
        held = self.cards.key_of(self.drag.sprite) if self.drag.sprite is not None \
            else self.selected
        shown = held or self.hovered()
        if shown is not None and not self.drag.dragging:
            self.draw_ghosts(surface, self.targets(shown), s, strong=shown == held)
        self.drag.draw_targets(surface)
        self.draw_tiles(surface, view)
        if view["result"]:
            self.draw_win(surface, view, s)
        if self.my_turn:
            self.draw_cursor(surface, s)

    def draw_layer(self, surface: pygame.Surface, view: TenTilesView, s: float) -> None:
        """The parts that change only with a move (felt, grid, supplies, log, keys) are
        painted once into a layer, redrawn when the view, the window, the view of the
        grid or the log change: a still table is a few blits."""
        lines = self.key_lines()
        cam, log = self.camera, self.log
        key = (surface.get_size(), cam.cell, cam.cx, cam.cy, self.bottom, tuple(lines),
               len(log.entries), id(log.entries[-1]) if log.entries else 0, log.scroll,
               tuple(log.rect))
        if self._layer is None or self._layer_key != key or self._layer_view is not view:
            layer = surface.copy()            # the felt the base has just painted
            self.draw_grid(layer, s)
            for other in (0, 1):
                self.draw_strip(layer, view, other, s)
            self.draw_keys(layer, s, lines)
            log.draw(layer)
            self._layer, self._layer_key, self._layer_view = layer, key, view
        surface.blit(self._layer, (0, 0))

    def draw_grid(self, surface: pygame.Surface, s: float) -> None:
        cam = self.camera
        r = cam.rect
        surface.blit(rounded(r.size, (0, 0, 0, 38), px(10, s)), r)
        c = cam.cell
        x0, y0 = cam.centre(-0.5, 0.5)
        line = (*theme.FELT_LIGHT,)
        surface.set_clip(r)
        if c >= 10:
            x = r.x + (x0 - r.x) % c
            while x < r.right:
                pygame.draw.line(surface, line, (round(x), r.y), (round(x), r.bottom - 1))
                x += c
            y = r.y + (y0 - r.y) % c
            while y < r.bottom:
                pygame.draw.line(surface, line, (r.x, round(y)), (r.right - 1, round(y)))
                y += c
        self.draw_coordinates(surface, s)
        surface.set_clip(None)
        # the origin, where the first tile goes (TL-R5)
        if not self.view["board"]:
            pygame.draw.rect(surface, theme.TEXT_DIM, cam.cell_rect(0, 0), max(1, px(2, s)),
                             border_radius=px(6, s))

    def draw_coordinates(self, surface: pygame.Surface, s: float) -> None:
        """The places' numbers along the grid's edges, x at the bottom and y on the left,
        so a place the log names ("on 2,-1") can be found; as many as have room (written
        as the log writes them)."""
        cam, r = self.camera, self.camera.rect
        size = text_px(theme.FONT_SMALL - 2, s)
        room = theme.font(size).size("-88")[0] + px(4, s)
        every = max(1, -(-room // max(1, int(cam.cell))))        # a label per `every` places
        # the corner is the columns' row and the rows' column: neither goes into it
        left, bottom = cam.point((r.x + room, r.bottom - size))
        right, top = cam.point((r.right, r.y))
        inset = px(3, s)
        for x in range(math.ceil(left), math.floor(right) + 1):
            if x % every == 0:
                blit_label(surface, str(x), size, theme.TEXT_DIM,
                           midbottom=(round(cam.centre(x, 0)[0]), r.bottom - inset))
        for y in range(math.ceil(bottom), math.floor(top) + 1):
            if y % every == 0:
                blit_label(surface, str(y), size, theme.TEXT_DIM,
                           midleft=(r.x + inset, round(cam.centre(0, y)[1])))

    def draw_tiles(self, surface: pygame.Surface, view: TenTilesView) -> None:
        """Settled board tiles are clipped to the board (zoomed in, they may reach past
        it); a tile on its way or in hand is drawn whole."""
        on_board = set(view["board"].values())
        spots = self.cards.spots
        for tile, sprite in sorted(self.cards.sprites.items(), key=lambda item: item[1].z):
            spot = spots.get(tile)
            settled = spot is not None and sprite.pos == spot.pos
            surface.set_clip(self.camera.rect if tile in on_board and settled else None)
            sprite.draw(surface)
        surface.set_clip(None)

    def draw_ghosts(self, surface: pygame.Surface, places: list[str], s: float,
                    strong: bool) -> None:
        """Ghost squares on the places the held (or hovered) tile may go."""
        bt = self.camera.tile
        alpha = 60 if strong else 30
        image = rounded((bt, bt), (*theme.HIGHLIGHT, alpha), max(2, bt // 8),
                        (*theme.HIGHLIGHT, 220 if strong else 120), max(1, px(2, s)))
        surface.set_clip(self.camera.rect)
        for where in places:
            surface.blit(image, image.get_rect(center=self.camera.centre(*coords(where))))
        surface.set_clip(None)

    def draw_last(self, surface: pygame.Surface, view: TenTilesView, s: float) -> None:
        """A faint square where the last moved tile came from (phase 2)."""
        if not self.last_from or self.last_from in view["board"]:
            return
        rect = self.camera.cell_rect(*coords(self.last_from)).inflate(-px(6, s), -px(6, s))
        pygame.draw.rect(surface, theme.TEXT_DIM, rect, max(1, px(2, s)),
                         border_radius=px(6, s))

    def draw_cursor(self, surface: pygame.Surface, s: float) -> None:
        """The keyboard's place: four corners round it, beyond the halo of a tile there,
        so the ring of a tile that may move stays in view under the cursor."""
        cam = self.camera
        width = max(2, px(3, s))
        side = cam.tile + 4 * mark_width((cam.tile, cam.tile)) + 2 * (width + 1)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = cam.cell_rect(*self.cursor).center
        if not cam.rect.colliderect(rect):
            return
        arm = max(2 * width, rect.w // 4)
        surface.set_clip(cam.rect)
        for x, dx in ((rect.left, 1), (rect.right - width, -1)):
            for y, dy in ((rect.top, 1), (rect.bottom - width, -1)):
                pygame.draw.rect(surface, theme.SELECTED,
                                 pygame.Rect(min(x, x + dx * arm), y, arm + width, width)
                                 .clip(rect))
                pygame.draw.rect(surface, theme.SELECTED,
                                 pygame.Rect(x, min(y, y + dy * arm), width, arm + width)
                                 .clip(rect))
        surface.set_clip(None)

    def draw_win(self, surface: pygame.Surface, view: TenTilesView, s: float) -> None:
        """The lines of ten outlined, and why the game ended over the board."""
        cam = self.camera
        for line in view["result"]["lines"]:
            for where in line:
                pygame.draw.rect(surface, theme.SELECTED, cam.cell_rect(*coords(where)),
                                 max(2, px(4, s)), border_radius=px(6, s))
        text = self.words.ending(view)
        if text:
            size = text_px(theme.FONT_TITLE - 4, s)
            r = cam.rect
            image_text = fit(text, size, r.w - px(40, s), bold=True)
            box = pygame.Rect(0, 0, min(r.w - px(20, s), px(40, s) + size * len(text) // 2),
                              size + px(16, s))
            box.midtop = (r.centerx, r.y + px(8, s))
            draw_panel(surface, box, edge=theme.SELECTED)
            blit_label(surface, image_text, size, theme.TEXT, bold=True, center=box.center)

    def draw_strip(self, surface: pygame.Surface, view: TenTilesView, seat: int,
                   s: float) -> None:
        """A seat's supply strip: its panel, then its face-down supply and the tile turned
        up (hidden game) or its row with the L and R ends marked (open game)."""
        g = self.geo
        r = g.strips[seat]
        pad = px(theme.PAD, s)
        panel = g.panel(seat)
        winner = view["result"] and view["result"]["winner"] == seat
        if view["phase"] != PLACE:
            line = t("tiles.on_board", n=sum(1 for tile in view["board"].values()
                                             if owner(tile) == seat))
        elif view["rows"] is not None:
            line = t("tiles.row_left", n=len(view["rows"][seat]))
        else:
            line = t("tiles.supply_left", n=view["supply_sizes"][seat])
        colour = self.words.colour(seat)
        line = t("tiles.strip_line", colour=colour, line=line)
        if theme.font(text_px(theme.FONT_SMALL, s)).size(line)[0] > panel.w - 2 * pad:
            line = colour                   # a narrow panel: the tiles beside it say the rest
        info = SeatInfo(seat, self.names[seat], t("tiles.won") if winner else line,
                        active=view["current_player"] == seat)
        self.seat_panel.draw(surface, panel, info, s)
        area = pygame.Rect(panel.right + pad, r.y, r.right - panel.right - pad, r.h)
        draw_panel(surface, area)
        ts = g.tile
        small = text_px(theme.FONT_SMALL, s)
        if view["rows"] is None:
            n = view["supply_sizes"][seat]
            cx, cy = g.stack_pos(seat)
            if n:
                back = card_back(self.game, (ts, ts))
                for dx, dy in layout.pile_offsets(min(n, STACK_SHOWN)):
                    surface.blit(back, back.get_rect(center=(cx + dx, cy + dy)))
                badge(surface, n, (cx + ts / 2 - 2, cy + ts / 2 - 2), s)
            if view["drawn"] is not None and view["current_player"] == seat:
                dx, dy = g.drawn_pos(seat)
                blit_label(surface, t("tiles.drawn"), small, theme.TEXT_DIM,
                           midleft=(dx + ts / 2 + pad, dy))
        else:
            row = view["rows"][seat]
            if row and view["current_player"] == seat and view["phase"] == PLACE:
                lx, ly = g.row_pos(seat, 0)
                rx, _ = g.row_pos(seat, len(row) - 1)
                blit_label(surface, "L", small, theme.TEXT_DIM, bold=True,
                           midright=(lx - ts / 2 - px(3, s), ly))
                if len(row) > 1:
                    blit_label(surface, "R", small, theme.TEXT_DIM, bold=True,
                               midleft=(rx + ts / 2 + px(8, s), ly))
        if view["phase"] != PLACE and not view["drawn"] and not any(
                (view["rows"] or [[], []])[seat]) and not view["supply_sizes"][seat]:
            key = "tiles.phase2.mine" if seat == self.bottom else "tiles.phase2"
            blit_label(surface, fit(t(key, n=view["moves"], limit=view["move_limit"]), small,
                                    area.w - 2 * pad), small, theme.TEXT_DIM,
                       midleft=(area.x + pad, area.centery))

    def key_lines(self) -> list[str]:
        """The keys panel: what each key does in this phase."""
        phase = self.view["phase"]
        lift = t("tiles.keys.tab") if phase != PLACE else \
            t("tiles.keys.drawn") if self.view["rows"] is None else t("tiles.keys.open")
        if self.mode() == "holding":     # a tile in hand: where to put it comes first
            back = t("tiles.keys.pass" if self.held_by_itself() else "tiles.keys.esc_held")
            return [t("tiles.keys.cursor_held"), t("tiles.keys.enter_held"), lift,
                    back, t("tiles.keys.zoom"), t("tiles.keys.mouse")]
        return [lift, t("tiles.keys.cursor"), t("tiles.keys.enter"), t("tiles.keys.pass"),
                t("tiles.keys.zoom"), t("tiles.keys.mouse")]

    def draw_keys(self, surface: pygame.Surface, s: float, lines: list[str]) -> None:
        r = self.geo.keys
        draw_panel(surface, r)
        small = text_px(theme.FONT_SMALL, s)
        pad = px(theme.PAD, s)
        y = r.y + pad // 2
        for text in lines:
            blit_label(surface, fit(text, small, r.w - 2 * pad), small, theme.TEXT_DIM,
                       topleft=(r.x + pad, y))
            y += small + px(3, s)
