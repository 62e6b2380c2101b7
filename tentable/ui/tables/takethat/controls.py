"""What the player at the Take That table can do: pick a card (click, ← →), drop it at
the row's end (play, TT-R4) or on its twin (twist, TT-R5), take the row (TT-R6), with
the buttons and keys for each. Only `legal()` says what may be done; the marks show it.
"""
from __future__ import annotations

import pygame

from typing import Callable

from tentable.engine.takethat import toads, twin
from tentable.engine.takethat_moves import TAKE, play, twist
from tentable.ui.tables.kit import CONFIRM_KEYS, CardTable
from tentable.ui.tables.takethat.layout import row_band, row_end
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dragdrop import DropTarget


class Controls(CardTable):
    def make_buttons(self) -> None:
        picked = self.selected_move
        self.play_button = self.bind(Button(t("tt.play"), lambda: self.act_on_pick(play)),
                                     lambda: picked(play))
        self.twist_button = self.bind(Button(t("tt.twist"),
                                             lambda: self.act_on_pick(twist)),
                                      lambda: picked(twist))
        self.take_button = self.bind(Button(t("tt.take"), lambda: self.act(TAKE),
                                            kind="danger"), lambda: TAKE)
        self.dimmed: set[int] = set()     # hand cards that can be neither played nor twisted

    def selected_move(self, move: Callable[[int], str]) -> str | None:
        return None if self.selected is None else move(self.selected)

    @property
    def buttons(self) -> tuple[Button, ...]:
        return self.play_button, self.twist_button, self.take_button

    def act_on_pick(self, move: Callable[[int], str]) -> None:
        if self.selected is not None:
            self.act(move(self.selected))

    def refresh(self) -> None:
        """The picked card lifts; the twin of the card under the pointer (or else the
        picked one) lights in the row; a forced take lights the whole row (TT-R8)."""
        legal, view = self.legal(), self.view
        hand = self.hand
        if self.selected not in hand:
            self.selected = None
        sel = self.selected
        hovered = self.hovered()
        focus = hovered if hovered is not None else sel
        lit = {twin(focus)} if focus is not None and focus not in toads() else set()
        if self.forced == TAKE:
            lit = set(view["row"])
        row = set(view["row"])
        # on your turn, a card that fits nowhere now is dimmed (TT-R4, TT-R5)
        self.dimmed = {card for card in hand if legal and play(card) not in legal
                       and twist(card) not in legal}
        for card, sprite in self.cards.sprites.items():
            sprite.selected = card == sel
            sprite.highlight = card in row and card in lit
            sprite.dimmed = card in self.dimmed
            if card not in hand:
                sprite.hover = False
        self.play_button.enabled = sel is not None and play(sel) in legal
        self.twist_button.enabled = sel is not None and twist(sel) in legal
        self.take_button.enabled = TAKE in legal

    def default_action(self, card: int) -> str:
        """A second click on the picked card: twist when that is possible (+2), else play."""
        return twist(card) if twist(card) in self.legal() else play(card)

    def drop_targets(self, card: int) -> list[DropTarget]:
        row = self.view["row"]
        last = self.cards[row[-1]].rect if row else None
        targets = [self.target(row_end(self.geo, last), play(card))]
        if twin(card) in row and card not in toads():
            targets.append(self.target(self.cards[twin(card)].rect, twist(card)))
        return targets

    def press_table(self, pos: tuple[int, int]) -> bool:
        """With a card picked: a click on its twin twists, on the row plays it."""
        if self.selected is None or not self.my_turn:
            return False
        hit = self.cards.at(self.view["row"], pos)
        if hit is not None and hit == twin(self.selected):
            self.act(twist(self.selected))
        elif hit is not None or row_band(self.geo).collidepoint(pos):
            self.act(play(self.selected))
        else:
            return False
        return True

    def press_refusal(self, pos: tuple[int, int]) -> str | None:
        """The draw pile deals by itself (TT-R4): a press on it says so."""
        g = self.geo
        pile = pygame.Rect(0, 0, *g.card)
        pile.center = (round(g.pile[0]), round(g.pile[1]))
        if pile.collidepoint(pos):
            return t("tt.pile_click")
        return super().press_refusal(pos)

    def mode(self) -> str:
        return "take" if self.forced == TAKE else super().mode()

    def on_key(self, event: pygame.event.Event) -> None:
        """Enter or Space plays the picked card, T twists it, R takes the row."""
        key = event.key
        if key in CONFIRM_KEYS or key == pygame.K_t:
            if self.selected is None:
                if self.forced:
                    self.act(self.forced)
                else:
                    self.refuse(self.pick_first(t("table.pick_first")))
                return
            move = twist if key == pygame.K_t else play
            self.act_or_shake(move(self.selected), self.selected)
        elif key == pygame.K_r:
            self.act(TAKE)
        else:
            super().on_key(event)
