"""Join a table another computer hosts: paste the invite, and the seat's table opens.

The menu's "Join a table" opens this screen over the menu: one field for the invite line
(`tentable://HOST:PORT/ROOM#SECRET`, Ctrl+V pastes it), Join and Back. Enter joins, Esc
goes back, the mouse works both buttons and the field. An invite that is not one, names
no table, or reaches no host is refused here with the reason in the player's language
(the host's refusals are keys and values: `tentable.net`); a good one connects
(`RemoteSeat`, bounded by `TIMEOUT`) and replaces the menu with the seat's table on a
`RemoteLink`.

    app.push("join")
"""
from __future__ import annotations

import pygame

from tentable.text import t
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene, table_for
from tentable.ui.scenes.common import MODAL, TextField, px, text_px
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, shade, wrap

TIMEOUT = 5.0            # seconds joining may take before the host is said not to answer
INVITE_LENGTH = 800      # the longest line `Invite.parse` reads (4 × protocol.MAX_TEXT)


def open_seat(app, line: str):
    """The table of the seat `line` invites to, connected; `ValueError` with the reason in
    the player's words if it cannot be."""
    # network play is loaded when a player joins, not with every window
    from tentable.net.link import RemoteLink
    from tentable.net.protocol import Invite
    from tentable.net.remote import NetError, RemoteSeat
    try:
        invite = Invite.parse(line)
    except ValueError:
        raise ValueError(t("join.bad_invite")) from None
    if invite.room is None or invite.secret is None:
        raise ValueError(t("join.no_table"))
    remote = RemoteSeat(invite, timeout=TIMEOUT)
    try:
        link = RemoteLink(remote.connect())
        table = table_for(link.session.game_id)
        if table is None:
            raise ValueError(t("join.no_game", game=link.session.game_id))
        return table(app, link.session, link)
    except NetError as exc:
        remote.close()
        raise ValueError(t(exc.key, **exc.values)) from None
    except Exception:
        remote.close()
        raise


@register_scene("join")
class JoinScene(Scene):
    opaque = False

    def __init__(self, app, invite: str = "") -> None:
        super().__init__(app)
        self.field = TextField(invite, INVITE_LENGTH)
        self.join_button = Button(t("join.button"), self.join, kind="primary")
        self.back_button = Button(t("join.back"), self.app.pop)
        self.reason = ""                 # why the last invite was refused
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def enter(self) -> None:
        self.field.activate(select_all=True)     # paste at once

    def leave(self) -> None:
        self.field.deactivate()

    def join(self) -> None:
        try:
            table = open_seat(self.app, self.field.text)
        except ValueError as exc:
            self.reason = str(exc)
            self.app.toasts.show(self.reason, 4.0, "error")
            self.app.invalidate()
            return
        self.field.deactivate()
        self.app.reset(table)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        self.panel = pygame.Rect(0, 0, min(size[0] - px(40, s), px(720, s)), px(330, s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.inflate(-2 * px(40, s), 0)
        self.field.layout(pygame.Rect(inner.x, self.panel.y + px(128, s), inner.w, px(44, s)))
        bw, bh = px(170, s), px(46, s, 34)
        y = self.panel.bottom - bh - px(28, s)
        self.join_button.layout((self.panel.centerx + px(10, s), y, bw, bh))
        self.back_button.layout((self.panel.centerx - px(10, s) - bw, y, bw, bh))

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join()
            return
        if self.field.handle(event):
            self.reason = ""
            return
        for button in (self.join_button, self.back_button):
            if button.handle(event):
                return

    def update(self, dt: float) -> bool:
        return self.field.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        shade(surface)
        draw_panel(surface, self.panel, MODAL, radius=px(18, s))
        blit_label(surface, t("join.title"), text_px(32, s), theme.TEXT, bold=True,
                   midtop=(self.panel.centerx, self.panel.y + px(28, s)))
        size = text_px(15, s)
        y = self.panel.y + px(84, s)
        for line in wrap(t("join.hint"), size, self.field.rect.w, most=2):
            y = blit_label(surface, line, size, theme.TEXT_DIM,
                           topleft=(self.field.rect.x, y)).bottom
        self.field.draw(surface)
        if self.reason:
            y = self.field.rect.bottom + px(8, s)
            for line in wrap(self.reason, size, self.field.rect.w, most=2):
                y = blit_label(surface, line, size, theme.DANGER,
                               topleft=(self.field.rect.x, y)).bottom
        self.join_button.draw(surface)
        self.back_button.draw(surface)
