"""Taking a move back at the table: the Undo button beside the menu button, and Ctrl+Z.

The match decides (`Match.undo_refusal`, asked through the table's link, Board Game Arena's policy); this only shows it.
While undo is not possible the button is drawn disabled and says why when hovered or
pressed ("A card was revealed: …"); it is not shown at all where undo is off (ladder
games), where no move could ever be taken back (TEN tiles) or nobody at the screen
could use it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tentable.link import NOT_YOURS, NOTHING, REVEALED, TURN_OVER, UNDO_OFF
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import draw_panel, fit, label

if TYPE_CHECKING:
    from tentable.ui.tables.base import TableScene

REASONS = {NOTHING: "undo.nothing", REVEALED: "undo.revealed", TURN_OVER: "undo.turn_over",
           NOT_YOURS: "undo.not_yours", UNDO_OFF: "undo.off"}


class UndoControl:
    def __init__(self, table: "TableScene") -> None:
        self.table = table
        self.button = Button(t("undo.button"), self.press)

    @property
    def shown(self) -> bool:
        link = self.table.link
        return link.undo_allowed and bool(link.humans) and not link.is_over

    def refusal(self) -> str | None:
        """The player's words for why the seat at the screen cannot take back now."""
        table = self.table
        if table.curtain is not None or table.dialog is not None or table.seat is None \
                or table.moments:
            return t(REASONS[NOT_YOURS])
        why = table.link.undo_refusal(table.seat)
        return None if why is None else t(REASONS[why])

    def press(self) -> None:
        why = self.refusal()
        if why is not None:
            self.table.refuse(why)
            return
        self.table.take_back_move()

    def layout(self, left_of: pygame.Rect) -> None:
        self.button.layout(left_of.move(-left_of.w - left_of.h // 3, 0))

    def handle(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z, or the button (a press on it disabled says why). True if used."""
        if not self.shown:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z \
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.press()
            return True
        self.button.enabled = self.refusal() is None
        if self.button.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.button.rect.collidepoint(event.pos) and not self.button.enabled:
            self.press()                   # disabled: the reason, as for any refusal
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        why = self.refusal()
        self.button.enabled = why is None
        self.button.draw(surface)
        if why is not None and self.button.hover:
            self._tip(surface, why)

    def _tip(self, surface: pygame.Surface, text: str) -> None:
        scale = theme.ui_scale(surface.get_size())
        size = text_px(theme.FONT_SMALL, scale)
        pad = px(theme.PAD, scale) // 2
        image = label(fit(text, size, surface.get_width() // 3), size, theme.TEXT)
        box = image.get_rect().inflate(2 * pad, 2 * pad)
        box.topright = (self.button.rect.right, self.button.rect.bottom + pad)
        draw_panel(surface, box, radius=pad)
        surface.blit(image, image.get_rect(center=box.center))
