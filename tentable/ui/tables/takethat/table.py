"""The Take That table (docs/rules/takethat.md), built on the table kit.

Everything drawn comes from `self.view`, the view of the seat at the screen: cards are
sprites keyed by their number (every Take That card is unique), and after each action
they glide from where they were to where the new view puts them. A V1 pile card the view
does not name is a back on its taker's minus pile; it is face up there only for the taker,
and for everybody once it is revealed. Its parts: `layout` (where), `controls` (what the
player can do), `paint` (drawing), and `tentable.narration.takethat` (the log's words).
"""
from __future__ import annotations

from typing import Hashable

from tentable.engine.takethat_moves import TAKE
from tentable.narration import takethat as words
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import text_px
from tentable.ui.tables.base import Parts
from tentable.ui.tables.takethat import layout
from tentable.ui.tables.takethat.controls import Controls
from tentable.ui.tables.takethat.paint import Paint
from tentable.text import t
from tentable.ui.widgets.spritesync import Point, Spot

GAME = "takethat"


@register_table(GAME)
class TakeThatTable(Controls, Paint):
    game = GAME
    words = words
    parts = Parts("round", "rounds", "round_scores", "tt.log.round", "tt.log.round_over",
                  "tt.round_title", "tt.round_line", "tt.next_round")

    def __init__(self, app, session, link=None) -> None:
        super().__init__(app, session, link)
        self.make_buttons()
        self.retell()

    @staticmethod
    def card_code(key: Hashable) -> str:
        return str(key)

    def layout(self, size: tuple[int, int]) -> None:
        g = self.geo = layout.lay_out(size, self.card_size, self.session.players, self.bottom)
        self.log.layout(g.log, text_px(theme.FONT_SMALL, theme.ui_scale(size)))
        for button, rect in zip(self.buttons, g.buttons):
            button.layout(rect)
        self.toast_area = g.toasts
        self.sync(animate=False)

    def spots(self) -> dict[Hashable, Spot]:
        return layout.spots(self.view, self.geo)

    def origin(self, card: Hashable, seat: int | None) -> Point:
        """A card played from another seat's hidden hand comes from its panel; a drawn
        card and a V1 pile card from the draw pile."""
        g, view = self.geo, self.view
        from_pile = {layout.pile_card_key(taker, i, c)
                     for taker, cards in enumerate(view["pile_cards"])
                     for i, c in enumerate(cards)}
        if seat is not None and seat != self.bottom and card not in self.hand \
                and card not in from_pile:
            return g.panels[seat].center
        return g.pile

    def sync(self, origin: int | None = None, animate: bool = True) -> None:
        if self.geo is not None:
            self.carry_revealed()
        super().sync(origin, animate)

    def carry_revealed(self) -> None:
        """A back on a minus pile whose card the view now names (the end of the game, or
        the taker at the screen) keeps its sprite and turns over."""
        for seat, cards in enumerate(self.view["pile_cards"]):
            for i, card in enumerate(cards):
                back = layout.pile_card_key(seat, i, None)
                if card is not None and back in self.cards.sprites and card not in \
                        self.cards.sprites:
                    sprite = self.cards.sprites.pop(back)
                    sprite.code = str(card)
                    self.cards.sprites[card] = sprite

    def forced_text(self, action: str) -> str:
        """Why the row must be taken (TT-R6, TT-R8): no hand card at all, or none that fits
        within ten of the rightmost card (TT-R4) and none whose twin is in the row (TT-R5)."""
        if action != TAKE:
            return super().forced_text(action)
        if not self.hand:
            return t("tt.forced_take_empty")
        last = self.view["row"][-1]
        return t("tt.forced_take", low=last - 10, high=last + 10)
