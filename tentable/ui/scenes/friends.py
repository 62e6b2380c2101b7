"""Play with friends (#41): which game to host. One button per game with a table, Back;
a game opens its setup with friends (`app.push("setup", game_id=..., friends=True)`),
where the player chooses options and who sits where before hosting it.

    app.push("friends")
"""
from __future__ import annotations

import pygame

from tentable.engine import GAMES
from tentable.text import t
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene, table_for
from tentable.ui.scenes.common import take_event, MODAL, KeyNav, button_focus, px, text_px
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
        self.nav = KeyNav()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def choose(self, game_id: str) -> None:
        self.app.replace("setup", game_id=game_id, friends=True)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        bw, bh, gap = px(320, s), px(44, s, 32), px(10, s)
        hint = len(wrap(t("friends.hint"), text_px(15, s), bw + px(80, s)))
        top = px(76, s) + hint * line_height(text_px(15, s))
        height = top + len(self.buttons) * (bh + gap) + px(24, s)
        self.panel = pygame.Rect(0, 0, bw + 2 * px(56, s), height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + top
        for button in self.buttons:
            y += px(10, s) if button is self.back_button else 0
            button.layout((self.panel.centerx - bw // 2, y, bw, bh))
            y += bh + gap
        self.nav.set_items([button_focus(b) for b in self.buttons], 0)

    def process_event(self, event: pygame.event.Event) -> None:
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
        for button in self.buttons:
            button.draw(surface)
        self.nav.draw(surface, s)
