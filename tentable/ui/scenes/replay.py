"""The replay viewer: a kept game played again, step by step, forward and back.

The game's own table draws it with everyone's cards face up (a replay hides nothing: the
match's all-seeing view, `State.view_all`, which only a watching session gets) or as one
seat saw it; Tab or the strip's button goes round the two (everyone, then each seat), and
the log beside the table tells every move. A step forward is played on that table,
so it animates and is told like any move; a step back, a jump or another seat builds the
table again at that move (the table replays the record up to it and retells its log).
The table only watches: nothing is saved, no computer thinks, and its input is the
viewer's: ← → step, Home / End, Page Up / Page Down ten moves, the slider, Esc back.

    app.push("replay", game=kept_game)
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from tentable.archive import Kept
from tentable.narration import Teller
from tentable.session import BOT, HUMAN, RULES, Seat, Session
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene, table_for
from tentable.ui.scenes.common import backdrop, px, text_px
from tentable.ui.tables.base import TableScene
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel

STRIP = 60      # units: the controls' strip over the table (a 36-unit row and its gaps)

JUMP = 10
EVERYONE = None         # the replay's default view: every seat's cards face up


@register_scene("replay")
class ReplayScene(Scene):
    def __init__(self, app, game: Kept, seat: int | None = EVERYONE) -> None:
        super().__init__(app)
        self.game = game
        self.history = list(game.record["history"])
        self.seat = seat        # whose view: a seat, or EVERYONE's cards face up
        kinds = [s.get("kind") for s in game.record.get("seats") or []]
        # everyone's cards are drawn from a player's place, the first human's if any
        self.bottom = kinds.index(HUMAN) if HUMAN in kinds else 0
        self.step = 0
        self.room = pygame.Rect(0, 0, 0, 0)
        self.table = self._table_at(0)
        self.buttons = {
            "start": Button(t("replay.start"), lambda: self.go(0)),
            "back": Button(t("replay.back"), lambda: self.go(self.step - 1)),
            "next": Button(t("replay.next"), self.forward, kind="primary"),
            "end": Button(t("replay.end"), lambda: self.go(len(self.history))),
            "seat": Button("", self.next_seat),
            "close": Button(t("replay.close"), self.app.pop),
        }
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.sliding = False
        self.scale = 1.0

    # -- where the replay is ---------------------------------------------------------
    def _table_at(self, step: int):
        record = self.game.record
        names = self.game.names
        kinds = [s.get("kind") for s in record.get("seats") or [{}] * len(names)]
        shown = self.bottom if self.seat is EVERYONE else self.seat
        seats = tuple(
            Seat(name) if i == shown else
            Seat(name, RULES) if kinds[i] == RULES else Seat(name, BOT, "random")
            for i, name in enumerate(names))
        session = replace(Session.from_record(record), seats=seats,
                          history=tuple(self.history[:step]), watch=True,
                          reveal=self.seat is EVERYONE)
        table = table_for(self.game.game)(self.app, session)
        table.resize(self.room.size if self.room.h > 0 else self.app.size)
        return table

    def go(self, step: int) -> None:
        step = max(0, min(len(self.history), step))
        if step == self.step:
            return
        self.table.close()
        self.step = step
        self.table = self._table_at(step)
        self.app.invalidate()

    def forward(self) -> None:
        """One move on: played on the table, so it is animated and told."""
        if self.step >= len(self.history):
            return
        seat = self.table.current_player
        # the base's play: 10 Retro's controls name a button maker `play` too
        TableScene.play(self.table, seat, [self.history[self.step]])
        self.step += 1

    def next_seat(self) -> None:
        """Everyone's cards, then each seat's view in turn, then everyone's again."""
        following = 0 if self.seat is EVERYONE else self.seat + 1
        self.seat = EVERYONE if following == len(self.game.names) else following
        self.table.close()
        self.table = self._table_at(self.step)

    def close(self) -> None:
        self.table.close()

    # -- Scene protocol --------------------------------------------------------------
    def least_room(self) -> tuple[int, int]:
        """The table's least room, and the strip of controls above it."""
        w, h = self.table.least_room() or theme.MIN_ROOM
        return w, h + STRIP

    def resize(self, size: tuple[int, int]) -> None:
        """One strip of controls across the top; the table below it, laid out for the
        room that is left (it never sees the pointer, so its own origin does not matter)."""
        s = self.scale = theme.ui_scale(size)
        bw, bh, gap = px(84, s, 60), px(STRIP - 24, s, 28), px(8, s)
        seat_w = px(170, s)
        self.panel = pygame.Rect(gap, gap, size[0] - 2 * gap, bh + 2 * gap)
        x, y = self.panel.x + gap, self.panel.y + gap
        for name in ("start", "back", "next", "end"):
            self.buttons[name].layout((x, y, bw, bh))
            x += bw + gap
        right = self.panel.right - gap
        self.buttons["close"].layout((right - bw, y, bw, bh))
        self.buttons["seat"].layout((right - bw - gap - seat_w, y, seat_w, bh))
        bar_right = right - bw - 2 * gap - seat_w - px(16, s)
        self.bar = pygame.Rect(x + px(16, s), y + bh // 3, bar_right - x - px(16, s),
                               px(8, s, 6))
        self.room = pygame.Rect(0, self.panel.bottom, size[0], size[1] - self.panel.bottom)
        self.table.resize(self.room.size)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: self.forward, pygame.K_LEFT: lambda: self.go(self.step - 1),
                    pygame.K_HOME: lambda: self.go(0),
                    pygame.K_END: lambda: self.go(len(self.history)),
                    pygame.K_PAGEUP: lambda: self.go(self.step - JUMP),
                    pygame.K_PAGEDOWN: lambda: self.go(self.step + JUMP),
                    pygame.K_TAB: self.next_seat, pygame.K_ESCAPE: self.app.pop}
            if event.key in keys:
                keys[event.key]()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.bar.inflate(0, self.bar.h * 3).collidepoint(event.pos):
            self.sliding = True
        if self.sliding and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            share = (event.pos[0] - self.bar.x) / max(1, self.bar.w)
            self.go(round(share * len(self.history)))
            self.sliding = event.type == pygame.MOUSEMOTION
            return
        for button in self.buttons.values():
            if button.handle(event):
                return

    def update(self, dt: float) -> bool:
        return self.table.animate(dt)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        self.table.draw(surface.subsurface(self.room))
        draw_panel(surface, self.panel)
        self.buttons["seat"].text = t("replay.everyone") if self.seat is EVERYONE else \
            Teller(self.game.names).say("replay.seat", self.seat)
        self.buttons["back"].enabled = self.buttons["start"].enabled = self.step > 0
        self.buttons["next"].enabled = self.buttons["end"].enabled = \
            self.step < len(self.history)
        for button in self.buttons.values():
            button.draw(surface)
        pygame.draw.rect(surface, (255, 255, 255, 40), self.bar, border_radius=self.bar.h // 2)
        done = self.bar.copy()
        done.w = round(self.bar.w * self.step / max(1, len(self.history)))
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=self.bar.h // 2)
        knob = (done.right, self.bar.centery)
        pygame.draw.circle(surface, theme.TEXT, knob, px(9, s, 6))
        blit_label(surface, t("replay.move", k=self.step, n=len(self.history)),
                   text_px(theme.FONT_SMALL, s), theme.TEXT_DIM,
                   midtop=(self.bar.centerx, self.bar.bottom + px(4, s)))
