"""The invites of a table this app hosts for friends (#41): one line per friend's seat to
send them (`tentable://ADDRESS:PORT/ROOM#SECRET`, a Copy button each), the spectators'
line, the same in words to read aloud (the room and each secret in letter groups), what
a router needs for friends on other networks, and which seats have joined, live (the
host knows who is connected). *Start playing* opens the player's own table; the
computers wait until then. From the table's pause menu it is reached again, and goes
back to the table.

    app.push("invite", hosting=hosting)                  # after the setup with friends
    app.replace("invite", hosting=hosting, from_table=True)   # from the pause menu

The screen's model is `rows` (`InviteRow`: seat, name, the line, the words, joined): the
tests read the invites there. Where no clipboard works, Copy says so and the line stays
on screen to be typed.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.engine import GAMES
from tentable.text import t
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import take_event, KeyNav, backdrop, button_focus, px, text_px
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, line_height, wrap
from tentable.ui.widgets.seatpanel import seat_colour, seat_symbol
from tentable.ui.widgets.shapes import symbol_icon

LOOK_EVERY = 0.5        # seconds between asking the host who is connected
SECRET_GROUP = 4        # letters a secret is read aloud in


@dataclass
class InviteRow:
    """One invite as the screen shows it (seat None: the spectators')."""

    seat: int | None
    name: str
    line: str
    words: str
    joined: bool = False
    copy: Button | None = None


@register_scene("invite")
class InviteScene(Scene):
    def __init__(self, app, hosting, from_table: bool = False) -> None:
        super().__init__(app)
        from tentable.net.hosting import groups     # network play: loaded when hosting
        self.hosting = hosting
        self.from_table = from_table
        self.rows = [InviteRow(seat, name, invite.line(), groups(invite.secret, SECRET_GROUP))
                     for seat, name, invite in hosting.invites()]
        spectator = hosting.spectator()
        self.rows.append(InviteRow(None, t("invite.spectators"), spectator.line(),
                                   groups(spectator.secret, SECRET_GROUP)))
        for row in self.rows:
            row.copy = Button(t("invite.copy"), lambda r=row: self.copy(r))
        self.spoken = t("invite.aloud", address=spectator.host, port=spectator.port,
                        room=groups(spectator.room, 3))
        started = hosting.started or from_table
        self.play_button = Button(t("invite.back" if started else "invite.start"),
                                  self.play, kind="primary")
        self.close_button = Button(t("invite.close"), self.close_table, kind="danger")
        self.buttons = [row.copy for row in self.rows] + [self.play_button]
        if not from_table:
            self.buttons.insert(len(self.rows), self.close_button)
        self.nav = KeyNav()
        self.scale = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_h = 0
        self.since = LOOK_EVERY          # ask at the first frame
        self.copied: str | None = None   # the line Copy put on the clipboard last

    # -- what the player does -----------------------------------------------------------
    def copy(self, row: InviteRow) -> None:
        """The line on the clipboard; where there is none, say so (the line stays)."""
        try:
            pygame.scrap.put_text(row.line)
        except (pygame.error, AttributeError, NotImplementedError):
            self.app.toasts.show(t("invite.no_clipboard"), 4.0, "error")
            return
        self.copied = row.line
        self.app.toasts.show(t("invite.copied", seat=row.name), 2.5)

    def play(self) -> None:
        """To the table: back to it from its pause menu, else open the player's own."""
        if self.from_table:
            self.app.pop()
            return
        from tentable.net.remote import NetError
        from tentable.ui import hosted
        try:
            hosted.open_table(self.app, self.hosting)
        except NetError as exc:
            self.app.toasts.show(t(exc.key, **exc.values), 5.0, "error")

    def close_table(self) -> None:
        """Stop hosting: the friends are told the table closed."""
        from tentable.ui import hosted
        hosted.stop(self.app)
        self.app.reset("menu")

    def look(self) -> bool:
        """Ask the host who is connected; whether that changed."""
        joined = self.hosting.joined()
        changed = False
        for row in self.rows:
            now = row.seat in joined
            changed = changed or now != row.joined
            row.joined = now
        return changed

    # -- Scene ----------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.since += dt
        if self.since < LOOK_EVERY:
            return False
        self.since = 0.0
        return self.look()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()          # the table goes on being hosted (Close ends it)
            return
        take_event(event, self.nav, self.buttons)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.ui_scale(size)
        margin = px(32, s)
        self.panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        inner = self.panel.inflate(-2 * px(28, s), -2 * px(22, s))
        bh = px(46, s, 34)
        head = px(48, s) + 2 * line_height(text_px(15, s))
        foot = bh + px(16, s) + 2 * line_height(text_px(14, s))
        self.row_h = min(px(64, s), (inner.h - head - foot) // max(1, len(self.rows)))
        cw, ch = px(110, s), min(px(34, s, 26), self.row_h - px(4, s))
        for i, row in enumerate(self.rows):
            top = inner.y + head + i * self.row_h
            row.copy.layout((inner.right - cw, top + (self.row_h - ch) // 2, cw, ch))
        bw = px(220, s)
        y = inner.bottom - bh
        self.play_button.layout((inner.right - bw, y, bw, bh))
        self.close_button.layout((inner.x, y, bw, bh))
        # Enter starts playing; laid out again (a new scale), the focus stays put
        self.nav.set_items([button_focus(b) for b in self.buttons],
                           None if self.nav.items else len(self.buttons) - 1)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        draw_panel(surface, self.panel, radius=px(18, s))
        inner = self.panel.inflate(-2 * px(28, s), -2 * px(22, s))
        title = blit_label(surface, t("invite.title", game=GAMES[self.hosting.game_id].title),
                           text_px(30, s),
                           theme.TEXT, bold=True, topleft=inner.topleft)
        small, body = text_px(14, s), text_px(15, s)
        y = title.bottom + px(4, s)
        for text in (t("invite.hint"), self.spoken):
            y = blit_label(surface, text, body, theme.TEXT_DIM, topleft=(inner.x, y)).bottom
        for row in self.rows:
            self._draw_row(surface, row, inner, s)
        y = self.play_button.rect.y - px(8, s) - 2 * line_height(small)
        for line in wrap(t("invite.router", port=self.hosting.port), small, inner.w)[:2]:
            y = blit_label(surface, line, small, theme.TEXT_DIM, topleft=(inner.x, y)).bottom
        for button in self.buttons:
            button.draw(surface)
        self.nav.draw(surface, s)

    def _draw_row(self, surface: pygame.Surface, row: InviteRow, inner: pygame.Rect,
                  s: float) -> None:
        """Name and whether they joined, the secret in words; under them the line."""
        top = row.copy.rect.centery - self.row_h // 2 + px(2, s)
        body, small = text_px(16, s), text_px(14, s)
        x = inner.x
        if row.seat is not None:
            icon = symbol_icon(seat_symbol(row.seat), px(16, s, 12), seat_colour(row.seat))
            surface.blit(icon, icon.get_rect(midleft=(x, top + line_height(body, True) // 2)))
        x += px(26, s)
        name = blit_label(surface, row.name, body, theme.TEXT, bold=True, topleft=(x, top))
        if row.seat is not None:
            state = t("invite.joined") if row.joined else t("invite.waiting")
            colour = theme.ACCENT if row.joined else theme.TEXT_DIM
            name = blit_label(surface, state, small, colour, bold=row.joined,
                              midleft=(name.right + px(12, s), name.centery))
        blit_label(surface, t("invite.secret", secret=row.words), small, theme.TEXT_DIM,
                   midleft=(name.right + px(18, s), name.centery))
        blit_label(surface, row.line, small, theme.TEXT, topleft=(x, name.bottom + px(3, s)))
