"""The Elfer raus! Master table (docs/rules/elfer.md), built on the table kit.

Everything drawn comes from `self.view`, the view of the seat at the screen: cards are
sprites keyed by the view's ids ("B9", "J#2", "connection#4", "bonus#1"), so a card glides
from where it was to where the new view puts it. A finished half-row glows and its bonus
card flies to the seat that won it (ER-R10). Its parts: `layout` (where), `controls` (what
the player can do), `paint` (drawing), and `tentable.narration.elfer` (the log's words).
"""
from __future__ import annotations

from typing import Hashable

import pygame

from tentable.engine.elfer_cards import HALVES, MAX_CARDS, ElferView
from tentable.engine.elfer_moves import read
from tentable.narration import elfer as words
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import text_px
from tentable.ui.tables.base import Parts
from tentable.ui.tables.elfer import layout
from tentable.ui.tables.elfer.controls import Controls
from tentable.ui.tables.elfer.paint import Paint
from tentable.text import t
from tentable.ui.widgets.spritesync import Point, Spot
from tentable.ui.widgets.tween import linear

GAME = "elfer"
FLASH_TIME = 1.2           # seconds a finished half-row glows
FLY_TIME = 0.6             # seconds a bonus card flies to another seat
FLYER_Z = 3000


@register_table(GAME)
class ElferTable(Controls, Paint):
    game = GAME
    words = words
    parts = Parts("game_no", "games", "game_scores", "elfer.log.game", "elfer.log.game_over",
                  "elfer.game_title", "elfer.game_line", "elfer.next_game",
                  "elfer.game_won", "elfer.game_shared")

    def __init__(self, app, session, link=None) -> None:
        super().__init__(app, session, link)
        self.flashes = {}
        self.flyers = []
        self._background: tuple[tuple, pygame.Surface] | None = None
        self.make_buttons()
        self.retell()

    def layout(self, size: tuple[int, int]) -> None:
        g = self.geo = layout.lay_out(size, self.card_size, self.session.players, self.bottom)
        self.log.layout(g.log, text_px(theme.FONT_SMALL, theme.ui_scale(size)))
        for button, rect in zip(self.buttons, g.buttons):
            button.layout(rect)
        self._background = None
        self.toast_area = g.toasts
        self.sync(animate=False)

    def spots(self) -> dict[Hashable, Spot]:
        return layout.spots(self.view, self.geo, self.bottom)

    def origin(self, card: Hashable, seat: int | None) -> Point:
        """A card played from another seat's hidden hand comes from its panel; a bonus
        card from the stack, any other from the draw pile."""
        g, view = self.geo, self.view
        if seat is not None and seat != self.bottom and card not in self.hand \
                and seat in g.panels:
            return g.panels[seat].center
        bonus = card in view["bonus_stack"] or any(card in won for won in view["bonuses"])
        return g.stack if bonus else g.pile

    def moved(self, seat: int, action: str, before: ElferView, after: ElferView) -> None:
        if not self.part_ended(before, after):
            self.celebrate(seat, before, after)

    def celebrate(self, seat: int, before: ElferView, after: ElferView) -> None:
        """A finished half-row flashes; its bonus card flies to the player (ER-R10)."""
        self.tweens.duration_scale = self.duration_scale
        for old, new in zip(before["rows"], after["rows"]):
            for half, indexes in enumerate(HALVES):
                done = all(new["slots"][i] for i in indexes)
                if done and not all(old["slots"][i] for i in indexes):
                    key = (new["colour"], half)

                    def glow(value, key=key) -> None:
                        self.flashes[key] = float(value)

                    self.tweens.animate(("flash", key), 1.0, 0.0, FLASH_TIME, glow, linear,
                                        then=lambda key=key: self.flashes.pop(key, None))
        won = set(after["bonuses"][seat]) - set(before["bonuses"][seat])
        if seat == self.bottom or self.geo is None:
            return    # my own bonus card has a place at my seat: it glides there by itself
        for card in won:
            sprite = self.cards.sprites.pop(card, None)
            if sprite is None or seat not in self.geo.panels:
                continue
            self.flyers.append(sprite)
            sprite.z = FLYER_Z
            self.tweens.move(sprite, self.geo.panels[seat].center, FLY_TIME,
                             then=lambda sprite=sprite: self.flyers.remove(sprite))

    def moment_column(self):
        # the log is short here: the banner takes the buttons' place too (idle while it holds)
        return self.log.rect.unionall([button.rect for button in self.buttons])

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        self.target_index = 0
        super().on_seat_change(seat, turned)

    def forced_text(self, action: str) -> str:
        pending = self.view["pending"]
        if pending:
            return t("elfer.follow", slot=words.card(pending))
        kind = read(action).kind
        if kind == "end" and self.view["played"] < MAX_CARDS:
            return t("elfer.forced_end_stuck")         # ER-R5: "four" only at four
        if kind in ("draw", "pass", "end"):
            return t(f"elfer.forced_{kind}")
        return super().forced_text(action)

    def status_text(self) -> str:
        if self.my_turn and self.view["pending"]:
            return t("elfer.follow", slot=words.card(self.view["pending"]))
        return super().status_text()
