"""What the player at the TEN tiles table can do: lift a tile (the one turned up, an end
of the open row, TL-R4, or in phase 2 a tile that may move, TL-R7) by click, drag, Tab
or L / R; put it on a place by drop, click or the cursor keys and Enter; pass (P); and
look around the grid (the wheel zooms, dragging the felt pans, F fits). Only the legal
set says what may be done: the marks and the ghost squares show it.
"""
from __future__ import annotations

import pygame

from tentable import speech
from tentable.engine.tentiles import coords, place
from tentable.engine.tentiles_moves import LEFT, MOVE, PLACE, RIGHT, move_tile, place_tile, read
from tentable.ui import theme
from tentable.ui.scenes.common import px
from tentable.ui.tables.kit import CONFIRM_KEYS, CardTable, Handler
from tentable.ui.tables.tentiles.layout import Camera, bounds, fit
from tentable.text import t
from tentable.ui.widgets.dragdrop import DropTarget

ZOOM_STEP = 1.15
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
          pygame.K_DOWN: (0, -1)}


class Controls(CardTable):
    kit_words = {"table.drop_nowhere": "tiles.drop_nowhere",
                 "table.not_movable": "tiles.not_movable",
                 "table.nothing_to_pick": "tiles.nothing_to_pick"}
    camera: Camera
    cursor: tuple[int, int]       # the keyboard's place on the grid
    manual: bool                  # zoomed or panned by hand, or phase 2: no fitting
    pan: tuple[tuple[int, int], tuple[float, float]] | None   # where a pan began
    panned: bool                  # the pointer has moved the pan beyond a click
    last_from: str | None         # where the last moved tile came from (phase 2)
    _memo: tuple | None           # (view, my turn, moves()) of the last view asked about

    # -- what the seat at the screen may do ------------------------------------------------
    def moves(self) -> dict:
        """The tiles the seat at the screen may lift now (in Tab order) and, per tile,
        the places it may go, read once per view from the legal set."""
        mine = self.my_turn
        memo = self._memo
        if memo is not None and memo[0] is self.view and memo[1] == mine:
            return memo[2]
        v = self.view
        legal = v["legal_actions"] if mine else []
        lift: list[str] = []
        where: dict[str, list[str]] = {}
        if legal and v["phase"] == PLACE:
            rows = v["rows"]
            end = {"": v["drawn"]} if rows is None else \
                {LEFT: rows[self.seat][0], RIGHT: rows[self.seat][-1]}
            for action in legal:
                parts = read(action)
                where.setdefault(end[parts.end], []).append(parts.to)
            lift = list(where)
        elif legal:
            by_source: dict[str, list[str]] = {}
            for action in legal:
                parts = read(action)
                if parts.source:
                    by_source.setdefault(parts.source, []).append(parts.to)
            for source in sorted(by_source, key=lambda p: (-coords(p)[1], coords(p)[0])):
                where[v["board"][source]] = by_source[source]
            lift = list(where)
        result = {"lift": lift, "where": where}
        self._memo = (self.view, mine, result)
        return result

    @property
    def picks(self) -> list[str]:
        """The tiles the seat at the screen may lift now, in Tab order."""
        return list(self.moves()["lift"])

    def targets(self, tile: str | None) -> list[str]:
        """The places `tile` may go now."""
        return list(self.moves()["where"].get(tile, [])) if tile is not None else []

    def place_of(self, tile: str) -> str | None:
        for where, there in self.view["board"].items():
            if there == tile:
                return where
        return None

    def action(self, tile: str, to: str) -> str:
        """The action that puts `tile` on `to` (rules digest, "Action notation")."""
        v = self.view
        if v["phase"] != PLACE:
            return move_tile(self.place_of(tile), to)
        if v["rows"] is None:
            return place_tile(to)
        return place_tile(to, LEFT if tile == v["rows"][self.seat][0] else RIGHT)

    def held_by_itself(self) -> bool:
        """A lone tile to place (the one turned up, the last of a row) is held already."""
        return len(self.picks) == 1 and self.view["phase"] == PLACE

    def refresh(self) -> None:
        """The held tile lifts, the tiles that may lift and the winning line light up; a
        lone tile to place is held already."""
        lift = self.picks
        if self.selected not in lift:
            self.selected = lift[0] if self.held_by_itself() else None
        result = self.view["result"]
        won = {self.view["board"].get(p) for line in result["lines"] for p in line} \
            if result else set()
        for tile, sprite in self.cards.sprites.items():
            sprite.selected = tile == self.selected
            sprite.highlight = (tile in lift and tile != self.selected) or tile in won
            if tile not in lift:
                sprite.hover = False

    def drop_targets(self, tile: str) -> list[DropTarget]:
        """Every empty place within two of the tiles (lit where the tile may go), and the
        taken ones, so the engine can say why not."""
        ok = set(self.targets(tile))
        x0, x1, y0, y1 = bounds(self.view["board"])
        src = self.place_of(tile)
        out = []
        for x in range(x0 - 2, x1 + 3):
            for y in range(y0 - 2, y1 + 3):
                where = place(x, y)
                if where == src:
                    continue
                out.append(DropTarget(self.camera.cell_rect(x, y), self.action(tile, where),
                                      where in ok))
        return out

    # -- the grid's camera -----------------------------------------------------------------
    def fit(self) -> None:
        """Fit the camera to the tiles and one ring of places around them."""
        self.camera = fit(self.view["board"], self.geo)

    def hold_camera(self) -> None:
        """In phase 2 the grid is fitted once, then zoomed and panned only by the player:
        every move reshapes the layout (TL-R7), and fitting it again would zoom it under
        the pointer between two moves."""
        if self.view["phase"] == MOVE:
            self.manual = True

    def fit_view(self) -> None:
        self.manual = False
        self.fit()
        self.hold_camera()
        self.sync(animate=False)
        self.app.invalidate()

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        if self.geo is None:
            return
        s = self.geo.scale
        cam = self.camera
        new = max(px(14, s), min(px(140, s), cam.cell * factor))
        if around is not None and cam.rect.collidepoint(around):
            # keep the board point under the mouse where it is
            bx, by = cam.point(around)
            cam.cx = bx - (around[0] - cam.rect.centerx) / new
            cam.cy = by + (around[1] - cam.rect.centery) / new
        cam.cell = new
        self.manual = True
        self.sync(animate=False)
        self.app.invalidate()

    def follow_cursor(self) -> None:
        """Keep the cursor on the screen: the view slides along when it leaves."""
        cam = self.camera
        rect = cam.rect.inflate(-cam.cell, -cam.cell)
        if not rect.collidepoint(cam.centre(*self.cursor)):
            cam.cx, cam.cy = self.cursor
            self.manual = True
            self.sync(animate=False)

    def cursor_to_held(self) -> None:
        """The cursor goes where the held tile is used: in phase 2 onto the tile itself; in
        phase 1 onto the nearest place it may go, when it stands on one it may not (it
        stays on the tile just played, a taken place), so Enter plays at once."""
        if self.selected is None:
            return
        if self.view["phase"] != PLACE:
            self.cursor = coords(self.place_of(self.selected))
        else:
            lit = [coords(where) for where in self.targets(self.selected)]
            if not lit or self.cursor in lit:
                return
            x, y = self.cursor
            self.cursor = min(lit, key=lambda c: (abs(c[0] - x) + abs(c[1] - y), c))
        self.follow_cursor()

    # -- input -----------------------------------------------------------------------------
    def input_chain(self) -> list[Handler]:
        """The wheel zooms the grid, between the log and the pointer and keys."""
        chain = super().input_chain()
        return [*chain[:-1], self.wheel, chain[-1]]

    def process_event(self, event: pygame.event.Event) -> None:
        """Esc puts back a tile held by keys or a click, as it does a dragged one (a second
        Esc pauses); a tile held by itself stays."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and self.drag.sprite is None and self.selected is not None \
                and self.my_turn and not self.held_by_itself():
            self.selected = None
            self.refresh()
            self.app.invalidate()
            return
        super().process_event(event)

    def wheel(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type != pygame.MOUSEWHEEL or self.drag.sprite:
            return event
        self.zoom(ZOOM_STEP ** (event.y or 0), pygame.mouse.get_pos())
        return None

    def on_pointer(self, pos: tuple[int, int]) -> None:
        """A pan follows the pointer; else a held tile follows at a board place's size."""
        if self.pan is not None:
            (mx, my), (cx, cy) = self.pan
            dx, dy = pos[0] - mx, pos[1] - my
            if self.panned or dx * dx + dy * dy >= theme.DRAG_THRESHOLD ** 2:
                self.panned = self.manual = True
                self.camera.cx = cx - dx / self.camera.cell
                self.camera.cy = cy + dy / self.camera.cell
                self.sync(animate=False)
                self.app.invalidate()
            return
        super().on_pointer(pos)
        sprite = self.drag.sprite
        if sprite is not None and self.drag.dragging:
            sprite.size = (self.camera.tile, self.camera.tile)

    def press_table(self, pos: tuple[int, int]) -> bool:
        """A press on the felt of the grid may start a pan (or be a click on a place).
        In phase 2 a press on a tile that may not move never pans: with a tile held it
        is a click on that place, else the tile shakes and the engine says why (TL-R7)."""
        if not self.camera.rect.collidepoint(pos):
            return False
        cell = self.camera.cell_at(pos)
        tile = self.view["board"].get(place(*cell))
        if tile is not None and self.view["phase"] == MOVE \
                and self.cards.at([tile], pos) is not None:
            if self.selected is not None:
                self.click_cell(cell)
            else:
                self.refuse_lift(tile, place(*cell))
            return True
        self.pan, self.panned = (pos, (self.camera.cx, self.camera.cy)), False
        return True

    def refuse_lift(self, tile: str, where: str) -> None:
        """Why the tile on `where` may not be lifted now, with a shake."""
        self.refuse(self.why_not(move_tile(where, where)) or t("tiles.nowhere"), tile)

    def on_release(self, pos: tuple[int, int]) -> None:
        if self.pan is not None:
            panned, self.pan, self.panned = self.panned, None, False
            if not panned:
                self.click_cell(self.camera.cell_at(pos))
            return
        sprite = self.drag.sprite
        super().on_release(pos)
        if sprite is not None:       # home again (or on its new place) at its own size
            spot = self.cards.spots.get(self.cards.key_of(sprite))
            if spot is not None:
                sprite.size = spot.size
        self.app.invalidate()

    def click(self, tile: str) -> None:
        """A click holds a tile, or lets go of the one held; the cursor goes to it."""
        self.selected = None if self.selected == tile else tile
        where = self.place_of(tile)
        if where is not None:
            self.cursor = coords(where)

    def click_cell(self, cell: tuple[int, int]) -> None:
        """A click on a place puts the held tile there (the engine says why not); a click
        on a tile that may not move says so."""
        self.cursor = cell
        where = place(*cell)
        if self.selected is not None and self.my_turn:
            self.act_or_shake(self.action(self.selected, where), self.selected)
        elif where in self.view["board"]:
            self.refuse(t("tiles.not_movable") if self.my_turn
                        else self.status_text() or t("table.not_your_turn"),
                        self.view["board"][where])
        self.refresh()
        self.app.invalidate()

    def on_key(self, event: pygame.event.Event) -> None:
        """Arrows move the cursor, Tab the held tile, L / R take an end of the open row,
        Enter takes or puts, P passes, + / − zoom, F fits."""
        key = event.key
        if key in ARROWS:
            dx, dy = ARROWS[key]
            self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
            self.follow_cursor()
        elif key == pygame.K_TAB:
            self.focus_step(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            self.cursor_to_held()
        elif key in (pygame.K_l, pygame.K_r) and self.view["rows"] is not None:
            lift = self.picks
            if lift and self.view["phase"] == PLACE:
                self.selected = lift[0] if key == pygame.K_l or len(lift) == 1 else lift[-1]
                self.cursor_to_held()
                self.reader.speak(self.pick_words(self.selected), speech.NOW)
        elif key in CONFIRM_KEYS:
            self.confirm()
        elif key == pygame.K_p:
            self.act("pass")
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(ZOOM_STEP)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(1 / ZOOM_STEP)
        elif key in (pygame.K_f, pygame.K_HOME):
            self.fit_view()
        self.refresh()
        self.app.invalidate()

    def confirm(self) -> None:
        """Play the one legal move; else take up the tile under the cursor (phase 2), or
        put the held one on the cursor's place."""
        if self.forced:                   # the one legal move (the first tile: 0,0)
            self.act(self.forced)
            return
        where = place(*self.cursor)
        here = self.view["board"].get(where)
        lift = self.picks
        if here in lift and self.selected != here:
            self.selected = here          # phase 2: pick up the tile under the cursor
            return
        if self.selected is None:
            if here is not None and self.view["phase"] != PLACE:
                self.refuse_lift(here, where)       # TL-R7: why this one stays
            elif lift:
                self.refuse(t("tiles.pick_first" if self.view["phase"] == PLACE
                              else "tiles.pick_first_move"))
            else:
                legal = self.legal_actions()
                self.act(legal[0] if legal else "pass")
            return
        self.act_or_shake(self.action(self.selected, where), self.selected)
