"""Set up a game: how many play, who is human, names, computer levels, options, seed.

The last choices per game are kept in the settings (`settings["games"][game_id]`).
"""
from __future__ import annotations

import pygame

from tentable.bots import available_bots
from tentable.engine import GAMES, SetupError
from tentable.engine.core import Option
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import table_for
from tentable.ui.scenes.common import (Focusable, KeyNav, Segmented, Stepper, TextField,
                                       backdrop, button_focus, px, text_px)
from tentable.ui.session import BOT, HUMAN, MAX_SEED, Seat, Session, random_seed
from tentable.ui.text import t, t_or
from tentable.ui.widgets.button import Button
from tentable.ui.scenes.menu import illustration
from tentable.ui.widgets.panel import blit_label, draw_panel, rounded, wrap
from tentable.ui.widgets.shapes import symbol_icon

NAME_LENGTH = 12
SEED_DIGITS = len(str(MAX_SEED))


def default_name(index: int) -> str:
    if index == 0:
        return t("setup.name_you")
    names = t("setup.names").split(",")
    return names[(index - 1) % len(names)]


def default_bot(game_id: str) -> str:
    bots = available_bots(game_id)
    return "heuristic" if "heuristic" in bots else (bots[0] if bots else "random")


class SeatRow:
    """The controls of one seat: name, human or computer, computer level."""

    def __init__(self, index: int, seat: Seat, bots: list[str]) -> None:
        self.index = index
        self.name = TextField(seat.name, NAME_LENGTH)
        self.kind = Segmented([(HUMAN, t("setup.human")), (BOT, t("setup.computer"))], seat.kind)
        bot = seat.bot if seat.bot in bots else (bots[-1] if bots else "")
        self.level = Segmented([(name, t_or(f"bot.{name}", name.title())) for name in bots], bot)
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def is_bot(self) -> bool:
        return self.kind.value == BOT

    def seat(self) -> Seat:
        name = self.name.text.strip() or default_name(self.index)
        return Seat(name, self.kind.value, self.level.value if self.is_bot else "")

    def layout(self, rect: pygame.Rect, columns: list[tuple[int, int]]) -> None:
        self.rect = pygame.Rect(rect)
        (nx, nw), (kx, kw), (lx, lw) = columns
        self.name.layout(pygame.Rect(nx, rect.y, nw, rect.h))
        self.kind.layout(pygame.Rect(kx, rect.y, kw, rect.h))
        self.level.layout(pygame.Rect(lx, rect.y, lw, rect.h))

    def controls(self) -> list:
        return [self.name, self.kind] + ([self.level] if self.is_bot else [])

    def focusables(self) -> list[Focusable]:
        items = [self.name.focusable()] + self.kind.focusables()
        return items + (self.level.focusables() if self.is_bot else [])


class OptionRow:
    """One game option: bool as Off/On, int as − n +."""

    def __init__(self, game_id: str, option: Option, value) -> None:
        self.option = option
        self.label = t_or(f"option.{game_id}.{option.name}", option.name.replace("_", " ").title())
        self.help = t_or(f"option.{game_id}.{option.name}.help", option.help)
        if option.kind is bool:
            self.control = Segmented([(False, t("common.off")), (True, t("common.on"))],
                                     bool(value))
        else:
            self.control = Stepper(int(value), self.allowed)

    def allowed(self, value: int) -> bool:
        try:
            return self.option.check(value) is None
        except (TypeError, ValueError):
            return False

    @property
    def value(self):
        return self.control.value


class SetupScene(Scene):
    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game = GAMES[game_id]
        remembered = app.settings["games"].get(game_id, {})
        self.bots = available_bots(game_id)
        self.rows = [SeatRow(i, self._remembered_seat(remembered, i), self.bots)
                     for i in range(self.game.max_players)]
        for row in self.rows:
            row.kind.on_change = lambda _value: self.resize(self.app.size)
        players = remembered.get("players")
        if not (isinstance(players, int) and self.game.min_players <= players
                <= self.game.max_players):
            players = max(self.game.min_players, min(3, self.game.max_players))
        self.players = Stepper(players, lambda n: self.game.min_players <= n
                               <= self.game.max_players, lambda _n: self.resize(self.app.size))
        options = remembered.get("options") if isinstance(remembered.get("options"), dict) else {}
        self.options = [OptionRow(game_id, opt, self._remembered_option(opt, options))
                        for opt in self.game.options]
        self.seed = TextField(str(random_seed()), SEED_DIGITS, str.isdigit)
        self.new_seed = Button(t("setup.new_seed"), self._new_seed)
        self.back = Button(t("setup.back"), self.go_back)
        self.start = Button(t("setup.start"), self.start_game, kind="primary")
        self.nav = KeyNav()
        self.scale = 1.0
        self.seats_panel = self.options_panel = pygame.Rect(0, 0, 0, 0)
        self.columns: list[tuple[int, int]] = []
        self.seed_label_y = 0
        self.ghosts: list[tuple[int, pygame.Rect]] = []   # seats the stepper could add
        self.art: tuple[pygame.Surface, pygame.Rect] | None = None

    # -- remembered choices ---------------------------------------------------------
    def _remembered_seat(self, remembered: dict, index: int) -> Seat:
        seats = remembered.get("seats")
        if isinstance(seats, list) and index < len(seats) and isinstance(seats[index], dict):
            seat = Seat.from_dict(seats[index])
            if seat.kind == BOT and seat.bot not in self.bots:
                seat = Seat(seat.name, BOT, default_bot(self.game.id))
            return seat
        if index == 0:
            return Seat(default_name(0), HUMAN)
        return Seat(default_name(index), BOT, default_bot(self.game.id))

    @staticmethod
    def _remembered_option(option: Option, options: dict):
        value = options.get(option.name, option.default)
        try:
            ok = type(value) is option.kind and option.check(value) is None
        except (TypeError, ValueError):
            ok = False
        return value if ok else option.default

    def session(self) -> Session:
        count = self.players.value
        seats = tuple(row.seat() for row in self.rows[:count])
        text = self.seed.text
        seed = int(text) if text else random_seed()
        return Session(self.game.id, seats, seed, {row.option.name: row.value
                                                   for row in self.options})

    def remember(self) -> None:
        session = self.session()
        self.app.settings["games"][self.game.id] = {
            "players": session.players,
            "seats": [row.seat().to_dict() for row in self.rows],
            "options": dict(session.options),
        }
        self.app.save_settings()

    # -- actions ---------------------------------------------------------------------
    def _new_seed(self) -> None:
        self.seed.set_text(str(random_seed()))

    def go_back(self) -> None:
        self.remember()
        self.app.pop()

    def start_game(self) -> None:
        self.remember()
        table = table_for(self.game.id)
        if table is None:
            self.app.toasts.show(t("setup.coming_soon", game=self.game.title), 3.0)
            return
        try:
            scene = table(self.app, self.session())
        except (SetupError, ValueError) as exc:
            self.app.toasts.show(t("setup.bad_setup", reason=exc), 4.0, "error")
            return
        self.app.reset(scene)

    # -- Scene -------------------------------------------------------------------------
    def fields(self) -> list[TextField]:
        return [row.name for row in self.rows[: self.players.value]] + [self.seed]

    def process_event(self, event: pygame.event.Event) -> None:
        active = next((f for f in self.fields() if f.active), None)
        if active is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if active.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            for field in self.fields():
                field.handle(event)
        if self.nav.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, rect in self.ghosts:
                if rect.collidepoint(event.pos):
                    self.players.set(index + 1)
                    self.resize(self.app.size)
                    return
        controls: list = [self.players]
        for row in self.rows[: self.players.value]:
            controls += row.controls()[1:]
        controls += [row.control for row in self.options]
        controls += [self.new_seed, self.back, self.start]
        for control in controls:
            if control.handle(event):
                return

    def update(self, dt: float) -> bool:
        return any(field.update(dt) for field in self.fields())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.ui_scale(size)
        margin, gap = px(44, s), px(24, s)
        top, footer = px(118, s), px(92, s)
        panel_h = h - top - footer
        left_w = round((w - 2 * margin - gap) * 0.62)
        self.seats_panel = pygame.Rect(margin, top, left_w, panel_h)
        self.options_panel = pygame.Rect(margin + left_w + gap, top,
                                         w - 2 * margin - gap - left_w, panel_h)
        pad = px(24, s)
        inner = self.seats_panel.inflate(-2 * pad, -2 * pad)
        ctrl_h = px(40, s, 30)
        row_h = min(px(54, s), (inner.h - px(96, s)) // max(1, self.game.max_players))
        ctrl_h = min(ctrl_h, row_h - px(8, s))
        # Players: − n +
        self.players.layout(pygame.Rect(inner.right - px(150, s), inner.y, px(150, s), ctrl_h))
        # columns: name | human/computer | level
        icon = px(30, s)
        name_w = round((inner.w - icon) * 0.31)
        kind_w = round((inner.w - icon) * 0.36)
        col_gap = px(12, s)
        x = inner.x + icon
        self.columns = [(x, name_w - col_gap), (x + name_w, kind_w - col_gap),
                        (x + name_w + kind_w, inner.right - (x + name_w + kind_w))]
        y = inner.y + ctrl_h + px(48, s)
        self.ghosts = []
        for i, row in enumerate(self.rows):
            if i < self.players.value:
                row.layout(pygame.Rect(inner.x, y + i * row_h, inner.w, ctrl_h), self.columns)
            else:
                row.layout(pygame.Rect(0, 0, 0, 0), [(0, 0)] * 3)
                self.ghosts.append((i, pygame.Rect(x, y + i * row_h, inner.right - x, ctrl_h)))
        # options and seed
        inner = self.options_panel.inflate(-2 * pad, -2 * pad)
        y = inner.y + px(40, s)
        for row in self.options:
            width = px(200, s) if row.option.kind is bool else px(150, s)
            row.control.layout(pygame.Rect(inner.right - width, y, width, ctrl_h))
            y += ctrl_h + px(12, s)
            if row.help:
                y += len(wrap(row.help, text_px(14, s), inner.w)) * px(18, s, 16) + px(8, s)
        seed_y = max(y + px(20, s), inner.bottom - ctrl_h - px(56, s))
        self.seed_label_y = seed_y
        space = pygame.Rect(inner.x, y, inner.w, seed_y - y - px(12, s))
        self.art = None
        if space.h >= px(110, s):
            room = pygame.Rect(0, 0, space.w, min(space.h, px(190, s)))
            room.center = space.center
            self.art = (illustration(self.game.id, room.size), room)
        self.seed.layout(pygame.Rect(inner.x, seed_y + px(30, s), round(inner.w * 0.5), ctrl_h))
        self.new_seed.layout(pygame.Rect(self.seed.rect.right + px(12, s), seed_y + px(30, s),
                                         inner.right - self.seed.rect.right - px(12, s), ctrl_h))
        bw, bh = px(200, s), px(52, s, 38)
        by = h - footer + (footer - bh) // 2
        self.back.layout((margin, by, px(150, s), bh))
        self.start.layout((w - margin - bw, by, bw, bh))
        items = self.players.focusables()
        for row in self.rows[: self.players.value]:
            items += row.focusables()
        for row in self.options:
            items += row.control.focusables()
        items += [self.seed.focusable(), button_focus(self.new_seed), button_focus(self.back)]
        items.append(button_focus(self.start))
        keep = self.nav.index if self.nav.items else len(items) - 1
        self.nav.set_items(items, min(keep, len(items) - 1))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        margin = px(44, s)
        blit_label(surface, t("setup.title"), text_px(17, s), theme.TEXT_DIM, bold=True,
                   topleft=(margin, px(26, s)))
        blit_label(surface, self.game.title, text_px(40, s), theme.TEXT, bold=True,
                   topleft=(margin, px(48, s)))
        self._draw_seats(surface)
        self._draw_options(surface)
        self.back.draw(surface)
        self.start.draw(surface)
        self.nav.draw(surface, s)

    def _heading(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
        blit_label(surface, text, text_px(22, self.scale), theme.TEXT, bold=True, topleft=pos)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.seats_panel, radius=px(16, s))
        inner = self.seats_panel.inflate(-2 * px(24, s), -2 * px(24, s))
        self._heading(surface, t("setup.players"), (inner.x, self.players.rect.y
                                                    + (self.players.rect.h - text_px(22, s)) // 2
                                                    - px(3, s)))
        self.players.draw(surface)
        count = self.players.value
        small = text_px(14, s)
        heads_y = self.players.rect.bottom + px(18, s)
        for (x, _), key in zip(self.columns, ("setup.name", "setup.kind", "setup.level")):
            blit_label(surface, t(key), small, theme.TEXT_DIM, bold=True, topleft=(x, heads_y))
        for i, row in enumerate(self.rows[:count]):
            colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]
            icon = symbol_icon("circle", px(16, s, 12), colour)
            surface.blit(icon, icon.get_rect(midleft=(inner.x, row.rect.centery)))
            row.name.draw(surface)
            row.kind.draw(surface)
            if row.is_bot:
                row.level.draw(surface)
        for index, rect in self.ghosts:
            surface.blit(rounded(rect.size, (255, 255, 255, 8), min(theme.RADIUS, rect.h // 2),
                                 (255, 255, 255, 36)), rect)
            blit_label(surface, t("setup.add_seat", n=index + 1), small, theme.TEXT_DIM,
                       center=rect.center)

    def _draw_options(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.options_panel, radius=px(16, s))
        inner = self.options_panel.inflate(-2 * px(24, s), -2 * px(24, s))
        self._heading(surface, t("setup.options"), inner.topleft)
        body, small = text_px(18, s), text_px(14, s)
        if not self.options:
            blit_label(surface, t("setup.no_options"), body, theme.TEXT_DIM,
                       topleft=(inner.x, inner.y + px(44, s)))
        for row in self.options:
            rect = row.control.rect
            blit_label(surface, row.label, body, theme.TEXT, bold=True,
                       midleft=(inner.x, rect.centery))
            row.control.draw(surface)
            y = rect.bottom + px(6, s)
            if row.help:
                for line in wrap(row.help, small, inner.w):
                    blit_label(surface, line, small, theme.TEXT_DIM, topleft=(inner.x, y))
                    y += px(18, s, 16)
        if self.art is not None:
            surface.blit(*self.art)
        self._heading(surface, t("setup.seed"), (inner.x, self.seed_label_y))
        blit_label(surface, t("setup.seed_hint"), small, theme.TEXT_DIM,
                   bottomright=(inner.right, self.seed_label_y + text_px(22, s)))
        self.seed.draw(surface)
        self.new_seed.draw(surface)
