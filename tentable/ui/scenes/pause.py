"""Esc on a table: Resume, Restart (same seats, new seed), Settings, Quit to menu.

An overlay: the table stays visible, dimmed and frozen, underneath."""
from __future__ import annotations

import pygame

from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes.common import MODAL, KeyNav, button_focus, px, text_px
from tentable.ui.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, shade


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = [
            Button(t("pause.resume"), self.app.pop, kind="primary"),
            Button(t("pause.restart"), table.restart),
            Button(t("pause.settings"), self.open_settings),
            Button(t("pause.quit"), self.quit_to_menu, kind="danger"),
        ]
        self.nav = KeyNav()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def open_settings(self) -> None:
        from tentable.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        from tentable.ui.scenes.menu import MenuScene
        self.app.reset(MenuScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        bw, bh, gap = px(300, s), px(52, s, 38), px(14, s)
        top = px(96, s)
        height = top + len(self.buttons) * (bh + gap) + px(60, s)
        self.panel = pygame.Rect(0, 0, bw + 2 * px(48, s), height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + top
        for button in self.buttons:
            button.layout((self.panel.centerx - bw // 2, y, bw, bh))
            y += bh + gap
        self.nav.set_items([button_focus(b) for b in self.buttons], 0)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.nav.handle(event):
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        shade(surface)
        draw_panel(surface, self.panel, MODAL, radius=px(18, s))
        blit_label(surface, t("pause.title"), text_px(36, s), theme.TEXT, bold=True,
                   midtop=(self.panel.centerx, self.panel.y + px(32, s)))
        for button in self.buttons:
            button.draw(surface)
        blit_label(surface, t("pause.hint"), text_px(13, s), theme.TEXT_DIM,
                   midbottom=(self.panel.centerx, self.panel.bottom - px(20, s)))
        self.nav.draw(surface, s)
