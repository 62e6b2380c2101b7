"""The TEN tiles table (docs/rules/tentiles.md): an open grid between the two supplies.

The board fits itself to the tiles (the mouse wheel zooms, dragging the felt pans, F fits
again). The seat at the screen has its supply along the bottom, the other along the top:
in the hidden game a face-down stack with its count and the tile just turned up, in the
open game the public row, whose two ends are the only tiles that lift. In phase 2 only
the mover's movable tiles lift. While a tile is held, the places it may go show as ghost
squares; the winning line lights up and a line of text says why the game ended.

Everything drawn comes from `self.view`; every move goes through `submit`. Tiles are
sprites of the shared `SpriteSync`, keyed by their ids ("W2#3"), so a tile glides from
its supply to the board and across the board when it is moved.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import px, text_px
from tentable.ui.tables.base import TableScene
from tentable.ui.text import t
from tentable.ui.widgets import layout
from tentable.ui.widgets.cards import card_back
from tentable.ui.widgets.dragdrop import DragManager, DropTarget
from tentable.ui.widgets.logpanel import LogPanel
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, rounded
from tentable.ui.widgets.seatpanel import SeatInfo, SeatPanel, badge, seat_colour
from tentable.ui.widgets.spritesync import Spot, SpriteSync, code_of
from tentable.ui.widgets.tween import Tweens

GAME = "tentiles"
GAP = 0.08            # share of a cell left free between two board tiles
ZOOM_STEP = 1.15
ROW_TILES = 15        # a full supply


def xy(place: str) -> tuple[int, int]:
    x, y = place.split(",")
    return int(x), int(y)


def name(x: int, y: int) -> str:
    return f"{x},{y}"


def tile_words(tile: str) -> str:
    """"W3#2" -> "white 3"."""
    code = code_of(tile)
    return t("tiles.white" if code[0] == "W" else "tiles.black", n=code[1])


@dataclass
class Camera:
    """The grid on the screen: `cell` pixels per place, board point (cx, cy) at the
    centre of the board area; y grows upwards."""

    cell: float
    cx: float
    cy: float


@register_table(GAME)
class TenTilesTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.tweens = Tweens()
        self.drag = DragManager(self.tweens)
        self.tiles = SpriteSync(GAME, self.tweens)
        self.seat_panel = SeatPanel(GAME)
        self.log = LogPanel((0, 0, 10, 10))
        self.held: str | None = None          # the tile id in hand (click, Tab, L/R)
        self.cursor: tuple[int, int] = (0, 0)  # the keyboard's place on the grid
        self.camera = Camera(40.0, 0.0, 0.0)
        self.manual = False                   # zoomed or panned by hand: no auto-fit
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.strips: dict[int, pygame.Rect] = {}
        self.keys_rect = pygame.Rect(0, 0, 10, 10)
        self.strip_tile = 40
        self._pan: tuple[tuple[int, int], tuple[float, float]] | None = None
        self._panned = False
        self._laid = False
        self._hovered: str | None = None
        self._memo: tuple | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple = ()
        self._layer_view: dict | None = None
        self.last_from: str | None = None     # where the last moved tile came from
        self.retell()

    # -- the log -------------------------------------------------------------------------
    def log_start(self, view: dict) -> None:
        start = view["start"]
        self.log.add(t("tiles.log.start" + self.you(start), name=self.names[start],
                       colour=t("tiles.colour.%d" % start)))

    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        you = self.you(seat)
        who = self.names[seat]
        words = action.split(" ")
        if words[0] == "place":
            at = words[-1]
            tile = after["board"].get(at, "")
            key = "tiles.log.place" if len(words) == 2 else (
                "tiles.log.left" if words[1] == "L" else "tiles.log.right")
            self.log.add(t(key + you, name=who, tile=tile_words(tile), at=at), seat_colour(seat))
        elif words[0] == "move":
            src, dst = words[1].split(">")
            tile = after["board"].get(dst, "")
            self.log.add(t("tiles.log.move" + you, name=who, tile=tile_words(tile), src=src,
                           at=dst), seat_colour(seat))
        else:
            self.log.add(t("tiles.log.pass" + you, name=who), seat_colour(seat))
        if before["phase"] == "place" and after["phase"] == "move":
            self.log.add(t("tiles.log.phase2"))
        if after["phase"] == "over" and after["end_text"]:
            self.log.add(after["end_text"])

    # -- layout --------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        pad = px(theme.PAD, s)
        top = px(62, s)
        log_w = px(260, s)
        right = w - log_w - 2 * pad
        header = SeatPanel.header_height(s)
        panel_w = px(190, s)
        avail = right - pad - panel_w - 3 * pad
        self.strip_tile = max(18, min(px(46, s), int(avail / (ROW_TILES * 1.12))))
        strip_h = max(header + pad // 2, self.strip_tile + pad)
        other = 1 - self.bottom
        self.strips = {other: pygame.Rect(pad, top, right - pad, strip_h),
                       self.bottom: pygame.Rect(pad, h - pad - strip_h, right - pad, strip_h)}
        self.board_rect = pygame.Rect(pad, top + strip_h + pad, right - pad,
                                      h - 2 * strip_h - top - 3 * pad)
        small = text_px(theme.FONT_SMALL, s)
        keys_h = 6 * (small + px(3, s)) + pad
        self.keys_rect = pygame.Rect(right + pad, h - pad - keys_h, log_w, keys_h)
        self.log.layout((right + pad, top, log_w, self.keys_rect.y - top - pad), small)
        self.toast_area = self.board_rect.copy()
        self._laid = True
        if not self.manual:
            self._fit()
        self._sync(animate=False)

    def _bounds(self) -> tuple[int, int, int, int]:
        places = [xy(p) for p in self.view["board"]] or [(0, 0)]
        xs, ys = [p[0] for p in places], [p[1] for p in places]
        return min(xs), max(xs), min(ys), max(ys)

    def _fit(self) -> None:
        """Fit the tiles and one ring of places around them into the board area."""
        x0, x1, y0, y1 = self._bounds()
        r = self.board_rect
        s = theme.ui_scale(self.app.size)
        cell = min(r.w / (x1 - x0 + 3), r.h / (y1 - y0 + 3), px(84, s))
        self.camera = Camera(max(12.0, cell), (x0 + x1) / 2, (y0 + y1) / 2)

    def fit_view(self) -> None:
        self.manual = False
        self._fit()
        self._sync(animate=False)
        self.app.invalidate()

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        s = theme.ui_scale(self.app.size)
        cam = self.camera
        new = max(px(14, s), min(px(140, s), cam.cell * factor))
        if around is not None and self.board_rect.collidepoint(around):
            # keep the board point under the mouse where it is
            bx, by = self._board_point(around)
            cam.cx = bx - (around[0] - self.board_rect.centerx) / new
            cam.cy = by + (around[1] - self.board_rect.centery) / new
        cam.cell = new
        self.manual = True
        self._sync(animate=False)
        self.app.invalidate()

    def _center(self, x: float, y: float) -> tuple[float, float]:
        cam, r = self.camera, self.board_rect
        return r.centerx + (x - cam.cx) * cam.cell, r.centery - (y - cam.cy) * cam.cell

    def _board_point(self, pos: tuple[float, float]) -> tuple[float, float]:
        cam, r = self.camera, self.board_rect
        return cam.cx + (pos[0] - r.centerx) / cam.cell, cam.cy - (pos[1] - r.centery) / cam.cell

    def _cell_at(self, pos: tuple[float, float]) -> tuple[int, int]:
        bx, by = self._board_point(pos)
        return round(bx), round(by)

    def _cell_rect(self, x: int, y: int) -> pygame.Rect:
        c = self.camera.cell
        rect = pygame.Rect(0, 0, round(c), round(c))
        rect.center = tuple(round(v) for v in self._center(x, y))
        return rect

    @property
    def board_tile(self) -> int:
        return max(8, round(self.camera.cell * (1 - GAP)))

    def _strip_slots(self, seat: int) -> tuple[int, int]:
        """x where a strip's tiles begin, and their centre y."""
        r = self.strips[seat]
        s = theme.ui_scale(self.app.size)
        return r.x + px(190, s) + px(theme.PAD, s) * 2 + px(12, s), r.centery

    def _row_pos(self, seat: int, i: int) -> tuple[float, float]:
        x0, y = self._strip_slots(seat)
        ts = self.strip_tile
        return x0 + ts / 2 + i * ts * 1.12, y

    def _stack_pos(self, seat: int) -> tuple[float, float]:
        return self._row_pos(seat, 0)

    def _drawn_pos(self, seat: int) -> tuple[float, float]:
        x, y = self._row_pos(seat, 2)
        return x + self.strip_tile * 0.4, y

    # -- sprites ---------------------------------------------------------------------------
    def _spots(self) -> dict[str, Spot]:
        v = self.view
        spots: dict[str, Spot] = {}
        bt = self.board_tile
        for place, tile in v["board"].items():
            spots[tile] = Spot(self._center(*xy(place)), True, 100, (bt, bt))
        ts = (self.strip_tile, self.strip_tile)
        if v["rows"] is not None:
            for seat, row in enumerate(v["rows"]):
                for i, tile in enumerate(row):
                    spots[tile] = Spot(self._row_pos(seat, i), True, 300 + i, ts)
        if v["drawn"] is not None and v["current_player"] is not None:
            spots[v["drawn"]] = Spot(self._drawn_pos(v["current_player"]), True, 300, ts)
        return spots

    def _sync(self, animate: bool = True) -> None:
        if not self._laid:
            return
        self.tweens.duration_scale = self.duration_scale

        def start(tile: str) -> tuple[float, float]:
            """A tile new to the view is turned up from its owner's supply."""
            return self._stack_pos("WB".index(code_of(tile)[0]))

        self.tiles.sync(self._spots(), start, animate)
        self._refresh_marks()

    # -- what the player may do ---------------------------------------------------------------
    def _legal(self) -> list[str]:
        return self.view["legal_actions"] if self.my_turn else []

    def _moves(self) -> dict:
        """What the seat at the screen may do now, worked out once per view: the tiles it
        may lift (in Tab order) and, per tile, the places it may go."""
        mine = self.my_turn
        if self._memo is not None and self._memo[0] is self.view and self._memo[1] == mine:
            return self._memo[2]
        legal = self._legal()
        v = self.view
        lift: list[str] = []
        where: dict[str, list[str]] = {}
        if legal and v["phase"] == "place":
            if v["rows"] is None:
                lift = [v["drawn"]] if v["drawn"] else []
            else:
                row = v["rows"][self.seat]
                lift = [row[0]] if len(row) == 1 else [row[0], row[-1]]
            for tile in lift:
                probe = self._action(tile, "")
                where[tile] = [a[len(probe):] for a in legal if a.startswith(probe)]
        elif legal:
            by_source: dict[str, list[str]] = {}
            for a in legal:
                if a.startswith("move "):
                    source, to = a[5:].split(">")
                    by_source.setdefault(source, []).append(to)
            for source in sorted(by_source, key=lambda p: (-xy(p)[1], xy(p)[0])):
                tile = v["board"][source]
                lift.append(tile)
                where[tile] = by_source[source]
        result = {"lift": lift, "where": where}
        self._memo = (self.view, mine, result)
        return result

    def _liftable(self) -> list[str]:
        """Tile ids the seat at the screen may pick up now, in Tab order."""
        return list(self._moves()["lift"])

    def _place_of(self, tile: str) -> str | None:
        for place, there in self.view["board"].items():
            if there == tile:
                return place
        return None

    def _action(self, tile: str, to: str) -> str:
        v = self.view
        if v["phase"] == "move":
            return f"move {self._place_of(tile)}>{to}"
        if v["rows"] is None:
            return f"place {to}"
        row = v["rows"][self.seat]
        return f"place {'L' if tile == row[0] else 'R'} {to}"

    def _targets(self, tile: str | None) -> list[str]:
        """The places `tile` may go now."""
        return list(self._moves()["where"].get(tile, [])) if tile is not None else []

    def _refresh_marks(self) -> None:
        lift = self._liftable()
        if self.held not in lift:
            self.held = lift[0] if len(lift) == 1 and self.view["phase"] == "place" else None
        won = set()
        result = self.view["result"]
        if result:
            won = {self.view["board"].get(p) for line in result["lines"] for p in line}
        hovered = None
        for tile, sprite in self.tiles.sprites.items():
            sprite.selected = tile == self.held
            sprite.highlight = (tile in lift and tile != self.held) or tile in won
            if tile not in lift:
                sprite.hover = False
            elif sprite.hover:
                hovered = tile
        self._hovered = hovered

    def _drop_targets(self, tile: str) -> list[DropTarget]:
        ok = set(self._targets(tile))
        x0, x1, y0, y1 = self._bounds()
        board = self.view["board"]
        src = self._place_of(tile)
        out = []
        for x in range(x0 - 2, x1 + 3):
            for y in range(y0 - 2, y1 + 3):
                place = name(x, y)
                if place == src or (place in board and place not in ok):
                    if place != src and place in board:
                        out.append(DropTarget(self._cell_rect(x, y), place, False))
                    continue
                out.append(DropTarget(self._cell_rect(x, y), place, place in ok))
        return out

    def _try(self, tile: str, to: str) -> bool:
        """Play `tile` to `to`; refused: the engine's reason (by submit) and a jolt."""
        if self.submit(self._action(tile, to)):
            return True
        sprite, spot = self.tiles.get(tile), self.tiles.spots.get(tile)
        if sprite is not None and spot is not None:
            self.tweens.duration_scale = self.duration_scale
            self.tweens.shake(sprite, spot.pos)
        return False

    # -- input ------------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.log.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL and not self.drag.sprite:
            pos = pygame.mouse.get_pos()
            self.zoom(ZOOM_STEP ** (event.y or 0), pos)
        else:
            self.route_input(event)

    def on_pointer(self, pos: tuple[int, int]) -> None:
        if self._pan is not None:
            (mx, my), (cx, cy) = self._pan
            dx, dy = pos[0] - mx, pos[1] - my
            if self._panned or dx * dx + dy * dy >= theme.DRAG_THRESHOLD ** 2:
                self._panned = self.manual = True
                self.camera.cx = cx - dx / self.camera.cell
                self.camera.cy = cy + dy / self.camera.cell
                self._sync(animate=False)
                self.app.invalidate()
            return
        self.drag.motion(pos)
        sprite = self.drag.sprite
        if sprite is not None and self.drag.dragging:
            bt = self.board_tile          # a held tile takes the size of a board place
            sprite.size = (bt, bt)
        lift = self._liftable()
        top = self.tiles.at(lift, pos) if self.drag.sprite is None else \
            self.tiles.key_of(self.drag.sprite)
        changed = False
        for tile in lift:
            sprite = self.tiles.get(tile)
            if sprite is not None and sprite.hover != (tile == top):
                sprite.hover, changed = tile == top, True
        if changed:
            self._refresh_marks()
            self.app.invalidate()

    def on_press(self, pos: tuple[int, int]) -> None:
        tile = self.tiles.at(self._liftable(), pos)
        if tile is not None:
            sprite = self.tiles[tile]
            self.drag.set_targets(self._drop_targets(tile))
            self.drag.press(sprite, pos)
            sprite.z = 1000
            return
        if self.board_rect.collidepoint(pos):
            self._pan, self._panned = (pos, (self.camera.cx, self.camera.cy)), False

    def on_release(self, pos: tuple[int, int]) -> None:
        if self._pan is not None:
            panned, self._pan, self._panned = self._panned, None, False
            if not panned:
                self._click_cell(self._cell_at(pos))
            return
        result = self.drag.release(pos)
        if result is None:
            return
        tile = self.tiles.key_of(result.sprite)
        spot = self.tiles.spots.get(tile)
        if spot is not None:
            result.sprite.z = spot.z
        if result.clicked:
            self.held = None if self.held == tile else tile
            if tile in self.view["board"].values():
                self.cursor = xy(self._place_of(tile))
        elif result.target is not None:
            # the engine has the last word, and the clearer reason
            if not self.submit(self._action(tile, result.target.key)) and spot is not None:
                self.drag.spring_back(result.sprite, spot.pos)
                result.sprite.size = spot.size
            else:
                self.held = None
        elif spot is not None:              # dropped off the board: home again
            result.sprite.size = spot.size
        self._refresh_marks()
        self.app.invalidate()

    def _click_cell(self, cell: tuple[int, int]) -> None:
        self.cursor = cell
        if self.held is not None and self.my_turn:
            place = name(*cell)
            if place in self._targets(self.held):
                self._try(self.held, place)
            elif place not in self.view["board"]:
                self._try(self.held, place)      # the engine says why not
        self._refresh_marks()
        self.app.invalidate()

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
                  pygame.K_DOWN: (0, -1)}
        if key in arrows:
            dx, dy = arrows[key]
            self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
            self._follow_cursor()
        elif key == pygame.K_TAB:
            lift = self._liftable()
            if lift:
                back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                i = lift.index(self.held) if self.held in lift else (0 if back else -1)
                self.held = lift[(i + (-1 if back else 1)) % len(lift)]
                self._cursor_to_held()
        elif key in (pygame.K_l, pygame.K_r) and self.view["rows"] is not None:
            lift = self._liftable()
            if lift and self.view["phase"] == "place":
                self.held = lift[0] if key == pygame.K_l or len(lift) == 1 else lift[-1]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._enter()
        elif key == pygame.K_p:
            self.submit("pass")
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(ZOOM_STEP)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(1 / ZOOM_STEP)
        elif key in (pygame.K_f, pygame.K_HOME):
            self.fit_view()
        self._refresh_marks()
        self.app.invalidate()

    def _cursor_to_held(self) -> None:
        if self.held is not None and self.view["phase"] == "move":
            self.cursor = xy(self._place_of(self.held))
            self._follow_cursor()

    def _follow_cursor(self) -> None:
        """Keep the cursor on the screen: the view slides along when it leaves."""
        rect = self.board_rect.inflate(-self.camera.cell, -self.camera.cell)
        if not rect.collidepoint(self._center(*self.cursor)):
            self.camera.cx, self.camera.cy = self.cursor
            self.manual = True
            self._sync(animate=False)

    def _enter(self) -> None:
        if self.forced:                   # the one legal move (the first tile: 0,0)
            self.submit(self.forced)
            return
        place = name(*self.cursor)
        board = self.view["board"]
        lift = self._liftable()
        if board.get(place) in lift and self.held != board.get(place):
            self.held = board[place]      # phase 2: pick up the tile under the cursor
            return
        if self.held is None:
            if self.forced:
                self.submit(self.forced)
            elif lift:
                self.app.toasts.show(t("tiles.pick_first"), 2.5)
            else:
                self.submit(self._legal()[0] if self._legal() else "pass")
            return
        if self._try(self.held, place):
            self.held = None

    # -- events from the base ---------------------------------------------------------------
    def on_action(self, seat: int, action: str, before: dict, after: dict) -> None:
        self.narrate(seat, action, before, after)
        self.held = None
        self.last_from = action[5:].split(">")[0] if action.startswith("move ") else None
        if action.startswith(("place", "move")):
            self.cursor = xy(action.split(" ")[-1].split(">")[-1])
        if not self.manual:
            self._fit()
        self._sync()

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        if turned and self._laid:
            self.layout(self.app.size)
        self.held = None
        self._refresh_marks()

    def animate(self, dt: float) -> bool:
        return self.tweens.update(dt) or self.drag.dragging

    # -- drawing -----------------------------------------------------------------------------
    def draw_view(self, surface: pygame.Surface, view: dict, seat: int | None) -> None:
        if not self._laid:
            return
        s = theme.ui_scale(surface.get_size())
        self._draw_layer(surface, view, s)
        self._draw_last(surface, view, s)
        held = self.tiles.key_of(self.drag.sprite) if self.drag.sprite is not None else self.held
        shown = held or self._hovered
        if shown is not None and not self.drag.dragging:
            self._draw_ghosts(surface, self._targets(shown), s, strong=shown == held)
        self.drag.draw_targets(surface)
        self._draw_tiles(surface, view)
        if view["result"]:
            self._draw_win(surface, view, s)
        if self.my_turn:
            self._draw_cursor(surface, s)

    def _draw_layer(self, surface: pygame.Surface, view: dict, s: float) -> None:
        """The parts that change only with a move (felt, grid, supplies, log, keys) are
        painted once into a layer, redrawn when the view, the window, the view of the
        grid or the log change: a still table is a few blits."""
        lines = self._key_lines()
        cam, log = self.camera, self.log
        key = (surface.get_size(), cam.cell, cam.cx, cam.cy, self.bottom, tuple(lines),
               len(log.entries), id(log.entries[-1]) if log.entries else 0, log.scroll,
               tuple(log.rect))
        if self._layer is None or self._layer_key != key or self._layer_view is not view:
            layer = surface.copy()            # the felt the base has just painted
            self._draw_grid(layer, s)
            for seat in (0, 1):
                self._draw_strip(layer, view, seat, s)
            self._draw_keys(layer, s, lines)
            log.draw(layer)
            self._layer, self._layer_key, self._layer_view = layer, key, view
        surface.blit(self._layer, (0, 0))

    def _draw_grid(self, surface: pygame.Surface, s: float) -> None:
        r = self.board_rect
        surface.blit(rounded(r.size, (0, 0, 0, 38), px(10, s)), r)
        c = self.camera.cell
        x0, y0 = self._center(-0.5, 0.5)
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
        surface.set_clip(None)
        # the origin, where the first tile goes
        if not self.view["board"]:
            rect = self._cell_rect(0, 0)
            pygame.draw.rect(surface, theme.TEXT_DIM, rect, max(1, px(2, s)),
                             border_radius=px(6, s))

    def _draw_tiles(self, surface: pygame.Surface, view: dict) -> None:
        """Settled board tiles are clipped to the board (zoomed in, they may reach past
        it); a tile on its way or in hand is drawn whole."""
        on_board = set(view["board"].values())
        spots = self.tiles.spots
        for tile, sprite in sorted(self.tiles.sprites.items(), key=lambda item: item[1].z):
            spot = spots.get(tile)
            settled = spot is not None and sprite.pos == spot.pos
            surface.set_clip(self.board_rect if tile in on_board and settled else None)
            sprite.draw(surface)
        surface.set_clip(None)

    def _draw_ghosts(self, surface: pygame.Surface, places: list[str], s: float,
                     strong: bool) -> None:
        bt = self.board_tile
        alpha = 60 if strong else 30
        image = rounded((bt, bt), (*theme.HIGHLIGHT, alpha), max(2, bt // 8),
                        (*theme.HIGHLIGHT, 220 if strong else 120), max(1, px(2, s)))
        surface.set_clip(self.board_rect)
        for place in places:
            surface.blit(image, image.get_rect(center=self._center(*xy(place))))
        surface.set_clip(None)

    def _draw_last(self, surface: pygame.Surface, view: dict, s: float) -> None:
        """A faint square where the last moved tile came from (phase 2)."""
        if self.last_from is None or self.last_from in view["board"]:
            return
        if self.last_from:
            src = self.last_from
            rect = self._cell_rect(*xy(src)).inflate(-px(6, s), -px(6, s))
            pygame.draw.rect(surface, theme.TEXT_DIM, rect, max(1, px(2, s)),
                             border_radius=px(6, s))

    def _draw_cursor(self, surface: pygame.Surface, s: float) -> None:
        rect = self._cell_rect(*self.cursor)
        if not self.board_rect.colliderect(rect):
            return
        surface.set_clip(self.board_rect)
        pygame.draw.rect(surface, theme.SELECTED, rect.inflate(px(4, s), px(4, s)),
                         max(2, px(3, s)), border_radius=px(6, s))
        surface.set_clip(None)

    def _draw_win(self, surface: pygame.Surface, view: dict, s: float) -> None:
        result = view["result"]
        for line in result["lines"]:
            for p in line:
                pygame.draw.rect(surface, theme.SELECTED, self._cell_rect(*xy(p)),
                                 max(2, px(4, s)), border_radius=px(6, s))
        text = view["end_text"]
        if text:
            size = text_px(theme.FONT_TITLE - 4, s)
            image_text = fit(text, size, self.board_rect.w - px(40, s), bold=True)
            r = self.board_rect
            box = pygame.Rect(0, 0, min(r.w - px(20, s), px(40, s) + size * len(text) // 2),
                              size + px(16, s))
            box.midtop = (r.centerx, r.y + px(8, s))
            draw_panel(surface, box, edge=theme.SELECTED)
            blit_label(surface, image_text, size, theme.TEXT, bold=True, center=box.center)

    def _draw_strip(self, surface: pygame.Surface, view: dict, seat: int, s: float) -> None:
        r = self.strips[seat]
        pad = px(theme.PAD, s)
        panel = pygame.Rect(r.x, r.y, px(190, s), r.h)
        winner = view["result"] and view["result"]["winner"] == seat
        if view["phase"] != "place":
            line = t("tiles.on_board", n=sum(1 for tile in view["board"].values()
                                             if tile[0] == "WB"[seat]))
        elif view["rows"] is not None:
            line = t("tiles.row_left", n=len(view["rows"][seat]))
        else:
            line = t("tiles.supply_left", n=view["supply_sizes"][seat])
        colour = t("tiles.colour.%d" % seat)
        info = SeatInfo(seat, self.names[seat], t("tiles.won") if winner else
                        f"{colour} · {line}", active=view["current_player"] == seat)
        self.seat_panel.draw(surface, panel, info, s)
        area = pygame.Rect(panel.right + pad, r.y, r.right - panel.right - pad, r.h)
        draw_panel(surface, area)
        ts = self.strip_tile
        small = text_px(theme.FONT_SMALL, s)
        if view["rows"] is None:
            n = view["supply_sizes"][seat]
            cx, cy = self._stack_pos(seat)
            if n:
                back = card_back(GAME, (ts, ts))
                for dx, dy in layout.pile_offsets(min(n, 4)):
                    surface.blit(back, back.get_rect(center=(cx + dx, cy + dy)))
                badge(surface, n, (cx + ts / 2 - 2, cy + ts / 2 - 2), s)
            if view["drawn"] is not None and view["current_player"] == seat:
                dx, dy = self._drawn_pos(seat)
                blit_label(surface, t("tiles.drawn"), small, theme.TEXT_DIM,
                           midleft=(dx + ts / 2 + pad, dy))
        else:
            row = view["rows"][seat]
            if row and view["current_player"] == seat and view["phase"] == "place":
                lx, ly = self._row_pos(seat, 0)
                rx, _ = self._row_pos(seat, len(row) - 1)
                blit_label(surface, "L", small, theme.TEXT_DIM, bold=True,
                           midright=(lx - ts / 2 - px(3, s), ly))
                if len(row) > 1:
                    blit_label(surface, "R", small, theme.TEXT_DIM, bold=True,
                               midleft=(rx + ts / 2 + px(8, s), ly))
        if view["phase"] != "place" and not view["drawn"] and not any(
                (view["rows"] or [[], []])[seat]) and not view["supply_sizes"][seat]:
            key = "tiles.phase2.mine" if seat == self.bottom else "tiles.phase2"
            blit_label(surface, fit(t(key, n=view["moves"], limit=view["move_limit"]), small,
                                    area.w - 2 * pad), small, theme.TEXT_DIM,
                       midleft=(area.x + pad, area.centery))

    def _key_lines(self) -> list[str]:
        phase = self.view["phase"]
        return [t("tiles.keys.cursor"),
                t("tiles.keys.tab") if phase != "place" else
                t("tiles.keys.drawn") if self.view["rows"] is None else t("tiles.keys.open"),
                t("tiles.keys.enter"), t("tiles.keys.pass"), t("tiles.keys.zoom"),
                t("tiles.keys.mouse")]

    def _draw_keys(self, surface: pygame.Surface, s: float, lines: list[str]) -> None:
        r = self.keys_rect
        draw_panel(surface, r)
        small = text_px(theme.FONT_SMALL, s)
        pad = px(theme.PAD, s)
        y = r.y + pad // 2
        for text in lines:
            blit_label(surface, fit(text, small, r.w - 2 * pad), small, theme.TEXT_DIM,
                       topleft=(r.x + pad, y))
            y += small + px(3, s)
