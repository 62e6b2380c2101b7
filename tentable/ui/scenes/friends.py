"""Play with friends (#41): which game to host, and on which port. One button per game
with a table, Back, and the port the table listens on (the settings' `host_port`, 47100
at first: the one a router forwards; taken, the next free one is used); a game opens its
setup with friends (`app.push("setup", game_id=..., friends=True)`), where the player
chooses options and who sits where before hosting it.

A table hosted before that the app crashed or quit in the middle of (`hosted.kept`) is
offered first: "Host again: Take That with Ana and Ben, at move 12", *Host again* (the
same room code, secrets and port if free: the friends' tables come back by themselves;
the player's own table opens where the game is, or the invite screen with the new lines
if the port was taken) and *Forget it*.

    app.push("friends")
"""
from __future__ import annotations

import pygame

from tentable.engine import GAMES, SetupError
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
        from tentable.ui.hosted import kept, port_of     # network play: loaded when hosting
        self.kept = kept()                   # a table to host again, if one was left
        self.again_button = Button(t("friends.again"), self.host_again, kind="primary")
        self.drop_button = Button(t("friends.forget"), self.forget)
        if self.kept is not None:
            self.buttons[:0] = [self.again_button, self.drop_button]
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

    def offer(self) -> str:
        """What the table to host again is: its game, the others at it, its last move."""
        kept = self.kept
        others = [name for seat, name in enumerate(kept.names) if seat != kept.mine]
        names = t("friends.and", first=", ".join(others[:-1]), last=others[-1]) \
            if len(others) > 1 else "".join(others)
        return t("friends.offer", game=GAMES[kept.game_id].title, names=names, n=kept.moves)

    def host_again(self) -> None:
        """The table left behind, hosted again; the player's own table where it was."""
        from tentable.net.remote import NetError
        from tentable.ui import hosted
        kept = self.kept
        try:
            hosting = hosted.again(self.app, kept)
        except (SetupError, ValueError, OSError) as exc:
            self.app.toasts.show(t("friends.failed", reason=exc), 5.0, "error")
            return
        if hosting.port != kept.port:          # the friends need the new lines
            self.app.toasts.show(t("friends.moved", old=kept.port, port=hosting.port), 6.0)
            self.app.replace("invite", hosting=hosting)
            return
        try:
            hosted.open_table(self.app, hosting)
        except NetError as exc:
            self.app.toasts.show(t(exc.key, **exc.values), 5.0, "error")
            self.app.replace("invite", hosting=hosting)

    def forget(self) -> None:
        """Not to host it again: forgotten, and the offer goes."""
        from tentable.ui.hosted import tables
        self.kept.drop(tables())
        self.kept = None
        self.buttons = [b for b in self.buttons if b not in (self.again_button,
                                                             self.drop_button)]
        self.resize(self.app.size)
        self.app.invalidate()

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
        offer = len(wrap(self.offer(), text_px(16, s), bw + px(80, s))) if self.kept else 0
        offer_h = offer * line_height(text_px(16, s), True) + px(8, s) if offer else 0
        rows = len(self.buttons) - (1 if self.kept else 0)     # the offer's two side by side
        fixed = top + field_h + px(16, s) + offer_h + px(10, s) * (1 + bool(self.kept)) \
            + px(24, s)
        # a big scale in a small window: the buttons give up height (never below a line)
        least = line_height(text_px(17, s), True) + px(6, s)
        bh = max(least, min(bh, (size[1] - px(16, s) - fixed) // rows - gap))
        height = fixed + rows * (bh + gap)
        self.panel = pygame.Rect(0, 0, bw + 2 * px(56, s), height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + top
        label_w = theme.font(text_px(17, s), True).size(t("friends.port"))[0] + px(12, s)
        self.port.layout(pygame.Rect(self.panel.centerx - bw // 2 + label_w, y, px(90, s),
                                     field_h))
        y += field_h + px(16, s)
        if self.kept is not None:
            half = (bw - gap) // 2
            y += offer_h
            self.again_button.layout((self.panel.centerx - bw // 2, y, half, bh))
            self.drop_button.layout((self.panel.centerx + bw // 2 - half, y, half, bh))
            y += bh + gap + px(10, s)
        for button in self.buttons[2 if self.kept else 0:]:
            y += px(10, s) if button is self.back_button else 0
            button.layout((self.panel.centerx - bw // 2, y, bw, bh))
            y += bh + gap
        items = [button_focus(b) for b in self.buttons]
        self.nav.set_items([self.port.focusable(), *items], 1)   # Host again, or a game

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
        if self.kept is not None:
            size = text_px(16, s)
            lines = wrap(self.offer(), size, self.panel.w - 2 * px(56, s) + px(80, s))
            y = self.again_button.rect.y - px(8, s) - len(lines) * line_height(size, True)
            for line in lines:
                y = blit_label(surface, line, size, theme.TEXT, bold=True,
                               midtop=(self.panel.centerx, y)).bottom
        for button in self.buttons:
            button.draw(surface)
        self.nav.draw(surface, s)
