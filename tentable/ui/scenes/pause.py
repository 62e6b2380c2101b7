"""Esc on a table: Resume, a computer to play a human's seat (or the human back), Restart
(same seats, new seed), Settings, Quit to menu.

An overlay: the table stays visible, dimmed and frozen, underneath. Restart asks
first while the game is still going, since it throws that game away.

    app.push("pause", table=table_scene)
"""
from __future__ import annotations

import pygame

from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import MODAL, KeyNav, button_focus, px, text_px
from tentable.text import t, t_or
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.panel import blit_label, draw_panel, shade


@register_scene("pause")
class PauseScene(Scene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.resume_button = Button(t("pause.resume"), self.app.pop, kind="primary")
        self.seat_buttons = self._seat_buttons()
        self.restart_button = Button(t("pause.restart"), self.ask_restart)
        self.rules_button = Button(t("pause.rules"), self.open_rules)
        self.settings_button = Button(t("pause.settings"), self.open_settings)
        self.quit_button = Button(t("pause.quit"), self.quit_to_menu, kind="danger")
        # a table on a seat another computer hosts restarts nothing, hands over no seat
        ours = getattr(getattr(table, "link", None), "local", True)
        # the table this app hosts for friends: its invites again (#41)
        hosting = getattr(app, "hosting", None)
        self.invite_button = Button(t("pause.invites"), self.open_invites) \
            if hosting is not None and hosting.own is not None and getattr(
                getattr(table, "link", None), "remote", None) is hosting.own else None
        self.buttons = [self.resume_button, *(self.seat_buttons if ours else []),
                        *([self.invite_button] if self.invite_button else []),
                        self.rules_button, *([self.restart_button] if ours else []),
                        self.settings_button, self.quit_button]
        self.nav = KeyNav()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.confirm: Dialog | None = None

    def _seat_buttons(self) -> list[Button]:
        """A human seat may be handed to the computer, and taken back (#24)."""
        seats = getattr(self.table, "helped_seats", None)
        if seats is None or getattr(self.table, "game_over", True):
            return []

        def choose(seat: int, helped: bool):
            def act() -> None:
                if helped:
                    self.table.take_seat_back(seat)
                    self.app.pop()
                else:
                    self.ask_level(seat)
            return act
        return [Button(t(("pause.take_back" if helped else "pause.hand_over")
                         + (".you" if mine else ""), name=name), choose(seat, helped))
                for seat, name, helped, mine in seats()]

    def ask_level(self, seat: int) -> None:
        """How well the computer should play the seat it takes over: Enter takes the
        suggested level (the second), ← → or Tab ring another, Esc cancels."""
        def hand_over(level: str):
            def act() -> None:
                self.table.hand_over(seat, level)
                self.app.pop()
            return act
        levels = self.table.helper_levels()
        suggested = levels[1 if len(levels) > 1 else 0]
        self.confirm = Dialog(t("pause.level_title"), [t("pause.level_body")], [
            *(Button(t_or(f"bot.{level}", level.title()), hand_over(level),
                     key=pygame.K_RETURN if level == suggested else None,
                     kind="primary" if level == suggested else "normal") for level in levels),
            Button(t("pause.level_cancel"), self.cancel_restart, key=pygame.K_ESCAPE)],
            width=0.6)

    def ask_restart(self) -> None:
        """Restart at once when the game is over; otherwise ask before dealing again,
        saying so when it is the ladder game (it counts as lost)."""
        if getattr(self.table, "game_over", False):
            self.table.restart()
            return
        target = self.table.at_stake()
        body = t("pause.restart_ladder_body", target=target) if target \
            else t("pause.restart_body")
        self.confirm = Dialog(t("pause.restart_title"), [body], [
            Button(t("pause.restart_yes"), self.table.restart, key=pygame.K_RETURN,
                   kind="danger"),
            Button(t("pause.restart_no"), self.cancel_restart, key=pygame.K_ESCAPE,
                   kind="primary"),
        ])

    def cancel_restart(self) -> None:
        self.confirm = None

    def open_rules(self) -> None:
        self.app.push("rules", game_id=self.table.session.game_id)

    def open_invites(self) -> None:
        self.app.replace("invite", hosting=self.app.hosting, from_table=True)

    def open_settings(self) -> None:
        self.app.push("settings")

    def quit_to_menu(self) -> None:
        self.app.reset("menu")

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        bw, bh, gap = px(300, s), px(52, s, 38), px(14, s)
        top = px(96, s)
        room = size[1] - px(20, s) - top - px(60, s)   # many seats to hand over: smaller buttons
        if len(self.buttons) * (bh + gap) > room:
            gap = px(8, s)
            bh = max(24, room // len(self.buttons) - gap)
        height = top + len(self.buttons) * (bh + gap) + px(60, s)
        hint_w = theme.font(text_px(13, s)).size(t("pause.hint"))[0]
        self.panel = pygame.Rect(0, 0, max(bw, hint_w) + 2 * px(48, s), height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + top
        for button in self.buttons:
            button.layout((self.panel.centerx - bw // 2, y, bw, bh))
            y += bh + gap
        self.nav.set_items([button_focus(b) for b in self.buttons], 0)

    def process_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            self.confirm.handle(event)   # Esc is its Cancel key
            return
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
        if self.restart_button in self.buttons:    # what Restart does, where it is offered
            blit_label(surface, t("pause.hint"), text_px(13, s), theme.TEXT_DIM,
                       midbottom=(self.panel.centerx, self.panel.bottom - px(20, s)))
        if self.confirm is not None:
            self.confirm.draw(surface)
        else:
            self.nav.draw(surface, s)
