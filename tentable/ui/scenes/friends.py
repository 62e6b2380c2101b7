"""Play with friends (#41): which game to host, and on which port. One button per game
with a table, Back, and the port the table listens on (the settings' `host_port`, 47100
at first: the one a router forwards; taken, the next free one is used); a game opens its
setup with friends (`app.push("setup", game_id=..., friends=True)`), where the player
chooses options and who sits where before hosting it.

    app.push("friends")
"""
from __future__ import annotations

import pygame

from tentable.engine import GAMES
from tentable.text import t
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene, table_for
from tentable.ui.scenes.common import (MODAL, KeyNav, TextField, button_focus, px,
                                       take_event, text_px)
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, line_height, shade, wrap


@register_scene("friends")
class FriendsScene(Scene):
    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.games = [Button(game.title, lambda g=game.id: self.choose(g))
                      for game in GAMES.values() if table_for(game.id) is not None]
        self.back_button = Button(t("friends.back"), self.app.pop)
        self.buttons = [*self.games, self.back_button]
        from tentable.ui.hosted import port_of       # network play: loaded when hosting
        self.port = TextField(str(port_of(app.settings)), 5, str.isdigit)
        self.nav = KeyNav()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def choose(self, game_id: str) -> None:
        from tentable.ui.hosted import HIGHEST_PORT, LOWEST_PORT
        port = int(self.port.text) if self.port.text else 0
        if not LOWEST_PORT <= port <= HIGHEST_PORT:
            self.app.toasts.show(t("friends.bad_port", low=LOWEST_PORT, high=HIGHEST_PORT),
                                 4.0, "error")
            return
        if self.app.settings.get("host_port") != port:
            self.app.settings["host_port"] = port
            self.app.save_settings()
        self.app.replace("setup", game_id=game_id, friends=True)

    def leave(self) -> None:
        self.port.deactivate()

    def update(self, dt: float) -> bool:
        return self.port.update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        bw, bh, gap = px(320, s), px(44, s, 32), px(10, s)
        hint = len(wrap(t("friends.hint"), text_px(15, s), bw + px(80, s)))
        top = px(76, s) + hint * line_height(text_px(15, s))
        field_h = px(36, s, 28)
        height = top + field_h + px(16, s) + len(self.buttons) * (bh + gap) + px(24, s)
        self.panel = pygame.Rect(0, 0, bw + 2 * px(56, s), height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + top
        label_w = theme.font(text_px(17, s), True).size(t("friends.port"))[0] + px(12, s)
        self.port.layout(pygame.Rect(self.panel.centerx - bw // 2 + label_w, y, px(90, s),
                                     field_h))
        y += field_h + px(16, s)
        for button in self.buttons:
            y += px(10, s) if button is self.back_button else 0
            button.layout((self.panel.centerx - bw // 2, y, bw, bh))
            y += bh + gap
        items = [button_focus(b) for b in self.buttons]
        self.nav.set_items([self.port.focusable(), *items], 1)

    def process_event(self, event: pygame.event.Event) -> None:
        if self.port.active and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) \
                and self.port.handle(event):
            return                     # typing the port (Enter, Esc or Tab ends it)
        if event.type == pygame.MOUSEBUTTONDOWN and self.port.handle(event):
            self.nav.focus_field(self.port)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        take_event(event, self.nav, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        shade(surface)
        draw_panel(surface, self.panel, MODAL, radius=px(18, s))
        title = blit_label(surface, t("friends.title"), text_px(30, s), theme.TEXT, bold=True,
                           midtop=(self.panel.centerx, self.panel.y + px(24, s)))
        y = title.bottom + px(6, s)
        size = text_px(15, s)
        for line in wrap(t("friends.hint"), size, self.panel.w - 2 * px(56, s) + px(80, s)):
            y = blit_label(surface, line, size, theme.TEXT_DIM,
                           midtop=(self.panel.centerx, y)).bottom
        field = self.port.rect
        blit_label(surface, t("friends.port"), text_px(17, s), theme.TEXT, bold=True,
                   midright=(field.x - px(12, s), field.centery))
        self.port.draw(surface)
        blit_label(surface, t("friends.port_hint"), text_px(14, s), theme.TEXT_DIM,
                   midleft=(field.right + px(12, s), field.centery))
        for button in self.buttons:
            button.draw(surface)
        self.nav.draw(surface, s)
