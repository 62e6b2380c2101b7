"""The 10 – Special Retro Edition table (docs/rules/retro10.md, RX-R1…R10), on the kit.

Everything drawn comes from `self.view`: a face-down card the seat at the screen does
not know is a back keyed "?<place>"; every other card is a sprite keyed by its id, so it
glides from zone to zone (a back that is swapped or revealed hands its sprite on, and of
two alike hand cards the one the player moved is the one that lands). At a showdown the
round's cards lie revealed, held (`tables.moments`) until the player goes on; then they fly
to the loser and the pot to the winner. Its parts: `layout` (where), `controls` (what the player can do), `paint`
(drawing), and `tentable.narration.retro10` (the log's words).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from tentable.engine.cards import code_of
from tentable.engine.retro10_cards import MAX_PROTECTION
from tentable.narration import retro10 as words
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import text_px
from tentable.ui.tables.retro10 import layout
from tentable.ui.tables.retro10.controls import Controls, Marks
from tentable.ui.tables.retro10.layout import first_key
from tentable.ui.tables.retro10.paint import Paint
from tentable.text import t
from tentable.ui.widgets.seatpanel import seat_colour
from tentable.ui.widgets.spritesync import Point, Spot

GAME = "retro10"


@dataclass
class Token:
    """The pot on its way to the winner: a chip with a number."""

    pos: Point
    amount: int


@register_table(GAME)
class Retro10Table(Controls, Paint):
    game = GAME
    words = words

    def __init__(self, app, session, link=None) -> None:
        super().__init__(app, session, link)
        self.make_controls()
        self.make_paint()
        self.tokens: list[Token] = []
        self.retell()

    def least_room(self) -> tuple[int, int] | None:
        return layout.least_room(self.session.players)

    def layout(self, size: tuple[int, int]) -> None:
        g = self.geo = layout.lay_out(size, self.card_size, self.session.players, self.bottom)
        self.log.layout(g.log, text_px(theme.FONT_SMALL, theme.ui_scale(size)))
        self.toast_area = g.toasts
        self.sync(animate=False)

    def spots(self) -> dict[Hashable, Spot]:
        return layout.spots(self.view, self.geo, self.pending.card if self.pending else None)

    def origin(self, card: Hashable, seat: int | None) -> Point:
        """A dealt or drawn card and the round card come from the deck; a card another
        seat plays from its hidden hand from its panel."""
        g = self.geo
        if card in self.hand or card == self.view["round_card"]:
            return g.deck
        if seat is not None and seat != self.bottom:
            return g.panels[seat].center
        return g.deck

    # -- words -----------------------------------------------------------------------------
    def log_start(self, view: dict) -> None:
        for line in words.start(self.teller, view):
            self.log.add(line.text)

    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        for line in words.tell(self.teller, seat, action, before, after):
            self.log.add(line.text, None if line.seat is None else seat_colour(line.seat))

    def forced_text(self, action: str) -> str:
        """The only move with its reason: no deal open to you, no raise above the bid
        (RX-R5), no chip to raise your protection with, no card that keeps your total at
        10 or less (RX-R6)."""
        why = {("deal", "pass"): "rx.why.no_deal", ("bid", "pass"): "rx.why.no_raise",
               ("protect", "keep"): "rx.why.no_protect", ("add", "stand"): "rx.why.no_add"}
        key = why.get((self.phase, action))
        if key is None:
            return t("rx.forced", action=words.move(action))
        if key == "rx.why.no_protect" and \
                self.view["protection"][self.seat] >= MAX_PROTECTION:
            key = "rx.why.most_protect"
        auction = self.view["auction"]
        return t(key, bid=auction["bid"] if auction else 0)

    # -- events from the match ---------------------------------------------------------------
    def moved(self, seat: int, action: str, before: dict, after: dict) -> None:
        """Cards that change their key on the table (turned up, traded) glide from the old
        key's place to the new one's."""
        pairs: list[tuple] = []
        if words.round_ended(before, after):                       # a face-down first card is turned up where it lies
            shown = after["last_round"]["shown"]
            pairs = [(first_key(before, place), cards[0])
                     for place, cards in enumerate(shown) if cards and before["table"][place]]
        elif after["phase"] == "protect" and before["phase"] in ("deal", "bid"):
            a, b = after["protecting"][:2]     # RX-R5: the two cards traded places
            pairs = [(first_key(before, b), first_key(after, a)),
                     (first_key(before, a), first_key(after, b))]
        elif after["round"] == before["round"]:
            pairs = [(first_key(before, p), first_key(after, p))
                     for p in range(after["players"])
                     if (first_key(before, p) or "").startswith("?")]
        pairs += self.twin_played(seat, before, after)
        self.carry(pairs)

    def settled(self, seat: int, action: str, before: dict, after: dict) -> None:
        if words.round_ended(before, after) and not self.moments:
            self.fly_pot(after["last_round"])     # held: it flies when the player goes on

    def moment_words(self, moment) -> tuple[str, list[str], str | None]:
        title, lines = words.moment(self.teller, moment.facts)
        return title, lines, None

    def moment_passed(self, moment) -> None:
        super().moment_passed(moment)
        if moment.kind == "showdown":
            self.fly_pot(moment.facts)

    def carry(self, pairs: list[tuple[str | None, str | None]]) -> None:
        """Hand sprites over to new keys (a face-down card that was swapped or revealed is
        the same physical card): all pairs at once, so two backs can trade places."""
        moving = {}
        for old, new in pairs:
            if old and new and old != new and old in self.cards.sprites:
                moving[new] = self.cards.sprites.pop(old)
        for new, sprite in moving.items():
            if new in self.cards.sprites:
                continue
            if not new.startswith("?"):
                sprite.code = self.card_code(new)
            self.cards.sprites[new] = sprite

    def twin_played(self, seat: int, before: dict, after: dict) -> list[tuple[str, str]]:
        """An action names a card by its code, so of two alike cards (two jokers, two 5s)
        the engine may play the other one: the sprites trade keys, so the card the player
        moved is the one that lands."""
        moved = self.playing
        if seat != self.seat or moved is None:
            return []
        gone = set(before["hand"] or []) - set(after["hand"] or [])
        twin = next((c for c in gone if code_of(c) == code_of(moved)), None)
        if moved in gone or twin is None:
            return []
        return [(moved, twin), (twin, moved)]

    def fly_pot(self, last: dict) -> None:
        if not last["pot"] or self.geo is None or self.duration_scale <= 0:
            return
        token = Token(self.geo.pot, last["pot"])
        self.tokens.append(token)
        self.tweens.move(token, self.geo.panels[last["winner"]].center, 0.6,
                         then=lambda: self.tokens.remove(token) if token in self.tokens else None)

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        if turned:
            self.cards.sprites.clear()
        self.pending = None
        self.marks = Marks()
        super().on_seat_change(seat, turned)

    def animate(self, dt: float) -> bool:
        return super().animate(dt) or bool(self.tokens)
