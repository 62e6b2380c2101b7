"""The hint and the keys line of the table kit: what the player may do now, lit on
request and told in words.

`Hints` is a part of `CardTable` (tentable.ui.tables.kit): H or the Hint button beside Undo
lights `hint_marks()` (the cards with a legal place, those places, the buttons that are on,
the pill of an only move), read from `legal()` through the table's own mapping
(`drop_targets`, the buttons' enabled state), until the next gesture. With more than one
move it also asks what the Hard level would play (`tentable.suggest`, in the bot worker:
the window goes on meanwhile, saying it thinks), then lights that move in gold
(`suggestion_marks`) and says it and why on a line under the status pill. The keys line shows
`<game>.keys.<mode>` from the text table for `mode()`, shortened by whole parts where it is
narrow, never cut, and jolts with a refusal that had no card to shake.
"""
from __future__ import annotations

import pygame

from tentable import speech
from tentable.narration import said
from tentable.suggest import Suggestion
from tentable.text import t
from tentable.ui import theme
from tentable.ui.scenes.common import text_px
from tentable.ui.tables.base import TableScene
from tentable.ui.widgets.button import Button, caption_width
from tentable.ui.widgets.panel import blit_label, draw_panel, label, rounded, wrap
from tentable.ui.widgets.spritesync import Point

HINT_KEY = pygame.K_h
KEYS = "keys"          # what jolts when a refusal has no card or button to show it on


class Hints(TableScene):
    # -- the hint: what may be done now, lit ------------------------------------------------
    def playable_picks(self) -> list:
        """The cards to pick with a legal place to go now, in focus order."""
        if not self.my_turn:
            return []
        return [card for card in self.picks
                if any(target.legal for target in self.drop_targets(card))]

    def hint_marks(self) -> list[pygame.Rect]:
        """What the hint lights: every card that may move and its legal places, and the
        buttons that may be pressed, all read from `legal()` through the table's own
        mapping (`drop_targets`, the buttons' enabled state)."""
        if not self.my_turn:
            return []
        marks = []
        for card in self.playable_picks():
            sprite = self.cards.get(card)
            if sprite is not None:
                marks.append(pygame.Rect(sprite.rect))
            marks += [pygame.Rect(target.rect) for target in self.drop_targets(card)
                      if target.legal]
        marks += [pygame.Rect(b.rect) for b in self.live_buttons()
                  if b.enabled and b.rect.w > 0 and b not in self.lone_buttons()]
        if self.forced and self.status_rect.w:
            marks.append(pygame.Rect(self.status_rect))      # "Your only move": click it
        unique = []
        for rect in marks:
            if rect not in unique:
                unique.append(rect)
        return unique

    def lone_buttons(self) -> tuple[Button, ...]:
        """Buttons that are always on and play no move (a setting): never lit."""
        return ()

    def show_hint(self) -> None:
        if not self.my_turn:
            self.refuse(self.status_text() or t("table.not_your_turn"))
            return
        self.hinting = bool(self.hint_marks())
        if not self.hinting:
            self.refuse(t("table.no_hint"))
        elif len(self.legal()) > 1:
            self.ask_suggestion()
        self.app.invalidate()

    # -- the suggestion: Hard's move, lit and said ----------------------------------------
    def ask_suggestion(self) -> None:
        """Ask for Hard's move here, unless it was asked for this position already."""
        moves = self.link.moves_made
        old = self.suggestion
        if old is not None and old.for_position(moves, self.seat):
            return
        if old is not None:
            old.cancel()
        self.suggestion = self.link.suggest(self.seat)   # None: no one to ask (a remote seat)
        self._suggestion_seen = False

    def current_suggestion(self) -> Suggestion | None:
        """The suggestion asked for this position and seat, if any (not an older one)."""
        s = self.suggestion
        if s is None or not s.for_position(self.link.moves_made, self.seat):
            return None
        return s

    def suggested(self) -> str | None:
        """Hard's move for this position, once thought about (None meanwhile)."""
        s = self.current_suggestion()
        return None if s is None else s.action

    def suggestion_marks(self, action: str) -> list[pygame.Rect]:
        """What the suggested move is played with: the card and the place it goes to (by
        `drop_targets`), the button that plays it, the pill of an only move."""
        marks = []
        for card in self.playable_picks():
            places = [target.rect for target in self.drop_targets(card)
                      if target.key == action]
            sprite = self.cards.get(card)
            if places and sprite is not None:
                marks += [pygame.Rect(sprite.rect)] + [pygame.Rect(r) for r in places]
        for button in self.live_buttons():
            move = self._bound.get(id(button))
            if move is not None and button.enabled and button.rect.w and move() == action:
                marks.append(pygame.Rect(button.rect))
        return marks

    def suggestion_line(self) -> str | None:
        """The line under the status pill: thinking, or the move and why."""
        s = self.current_suggestion()
        if s is None:
            return None
        if not s.done:
            return t("hint.thinking")
        action, reason = s.action, s.reason
        if action is None or reason is None:
            return None
        key, values = reason
        return t("hint.suggest", move=self.words.move(action),
                 why=said(self.words, key, values, self.names))

    def update(self, dt: float) -> bool:
        """Keep the frames coming while Hard thinks, and draw its answer when it comes."""
        busy = super().update(dt)
        s = self.suggestion
        if self.hinting and s is not None and not self._suggestion_seen:
            if s.done:
                self._suggestion_seen = True
                self.reader.speak(self.suggestion_line() or "", speech.NOW)   # for a reader too
                self.app.invalidate()
            return True
        return busy

    def hint_input(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """H and the Hint button light the legal moves; the next gesture puts them out."""
        if self.session.watch:           # a replay has the viewer's own controls
            return event
        if event.type == pygame.KEYDOWN and event.key == HINT_KEY:
            self.show_hint()
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hint_button.hover = self.hint_button.rect.collidepoint(event.pos)
            return event
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and event.button == 1 and self.hint_button.rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:
                self.show_hint()
            return None
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.hinting:
            self.hinting = False
            self.app.invalidate()
        return event

    # -- the hint and the keys line --------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """The Hint button sits left of Undo (of Menu where a game has no undo), as small as
        its word allows."""
        super().resize(size)
        beside = self.undo.button.rect if self.link.undo_allowed else self.pause_button.rect
        width = max(beside.h * 2, caption_width(t("table.hint"), beside.h) + beside.h)
        self.hint_button.layout((beside.x - beside.h // 3 - width, beside.y, width, beside.h))

    def top_buttons(self) -> list[pygame.Rect]:
        shown = [] if self.session.watch else [self.hint_button.rect]
        return super().top_buttons() + shown

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status pill, with the hint's lights under it and the Hint button beside
        the menu (drawn here: the base calls this after the view, under a dialog)."""
        if self.hinting and self.my_turn:
            self.draw_hint(surface)
        super().draw_status(surface)
        if self.hinting and self.my_turn:
            self.draw_suggestion_line(surface)
        if not self.session.watch:
            self.hint_button.enabled = self.my_turn
            self.draw_shaken(surface, self.hint_button)

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The legal marks in sky blue; Hard's move over them in gold, a ring wider."""
        width = max(3, round(theme.HIGHLIGHT_WIDTH * 1.5 * theme.ui_scale(surface.get_size())))
        for rect in self.hint_marks():
            box = rect.inflate(2 * width, 2 * width)
            surface.blit(rounded(box.size, (*theme.HIGHLIGHT, 60), theme.RADIUS,
                                 (*theme.HIGHLIGHT, 255), width), box)
        action = self.suggested()
        for rect in self.suggestion_marks(action) if action else []:
            box = rect.inflate(4 * width, 4 * width)
            surface.blit(rounded(box.size, (*theme.ACCENT, 40), theme.RADIUS,
                                 (*theme.ACCENT, 255), 2 * width), box)

    def draw_suggestion_line(self, surface: pygame.Surface) -> None:
        """The suggestion said, in a panel over the top of the log's column (as the
        moment's banner is: under the status pill it covered the seat across the table),
        at most four lines; a table without a log column has it under the pill."""
        text = self.suggestion_line()
        if not text:
            return
        scale = theme.ui_scale(surface.get_size())
        size = text_px(theme.FONT_SMALL, scale)
        pad = max(4, round(theme.PAD * scale))
        column = self.log.rect if self.log.rect.w > 8 * pad else None
        width = column.w - 2 * pad if column else surface.get_width() // 2
        lines = wrap(text, size, width, most=4 if column else 2)
        images = [label(line, size, theme.TEXT) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in images) + 2 * pad,
                          sum(i.get_height() for i in images) + pad)
        if column:
            box.w = column.w
            box.topleft = column.topleft
        else:
            top = self.status_rect.bottom if self.status_rect.h else pad
            box.midtop = (surface.get_width() // 2, top + pad // 2)
        draw_panel(surface, box, radius=min(box.h // 2, 3 * pad), edge=theme.ACCENT)
        self.suggestion_rect = pygame.Rect(box)
        y = box.y + pad // 2
        for image in images:
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height()

    def mode(self) -> str:
        """What the keys do now: "select" a card, "holding" one, choosing its "target",
        or answering a "dialog"."""
        if self.dialog is not None:
            return "dialog"
        if self.drag.sprite is not None or self.selected is not None:
            return "holding"
        return "select"

    def keys_text(self) -> str:
        """The keys of the current mode, from the text table (`<game>.keys.<mode>`)."""
        return t(f"{self.game}.keys.{self.mode()}")

    def draw_keys_line(self, surface: pygame.Surface, midbottom: Point, width: float,
                  s: float) -> None:
        """The keys line: parts (split by " · ") dropped from the end where it is narrow,
        never cut; it jolts with a refusal that had no card to show it on."""
        size = text_px(theme.FONT_SMALL - 2, s)
        parts = self.keys_text().split("  ·  ")
        font = theme.font(size)
        while len(parts) > 1 and font.size("  ·  ".join(parts))[0] > width:
            parts.pop()
        dx = self.jolt_dx if self.jolted == KEYS else 0.0
        blit_label(surface, "  ·  ".join(parts), size, theme.TEXT_DIM,
                   midbottom=(midbottom[0] + dx, midbottom[1]))
