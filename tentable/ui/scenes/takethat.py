"""The Take That table (docs/rules/takethat.md).

The hand fans out at the bottom, the row runs from the draw pile across the middle, the
other seats sit along the top with their piles, the log is on the right. Everything
drawn comes from `self.view`, the view of the seat at the screen: cards are sprites of
the shared `SpriteSync`, keyed by their number (every Take That card is unique), and
after each action the sprites glide from where they were to where the new view puts them.
A V1 pile card the view does not name is a back keyed "?<seat>.<i>" on its taker's minus
pile; it is face up there only for the taker, and for everybody once it is revealed.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.engine.takethat import pile_score, toads, twin
from tentable.ui import theme
from tentable.ui.scenes import register_table
from tentable.ui.scenes.common import px, signed, text_px
from tentable.ui.tables.base import Parts, TableScene
from tentable.ui.text import t
from tentable.ui.widgets import layout
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.cards import card_back
from tentable.ui.widgets.dragdrop import DragManager, DropTarget
from tentable.ui.widgets.logpanel import LogPanel
from tentable.ui.widgets.panel import blit_label
from tentable.ui.widgets.seatpanel import SeatInfo, SeatPanel, badge, seat_colour
from tentable.ui.widgets.spritesync import Spot, SpriteSync
from tentable.ui.widgets.tween import Tweens

GAME = "takethat"
SMALL = 0.55          # piles in the seat panels, as a share of the card size
PILE_SHOWN = 3        # a settled pile draws only its top cards: the rest are covered
HAND_ANGLE = 7.0      # degrees the outer hand cards lean


@dataclass
class Geometry:
    card: tuple[int, int]
    small: tuple[int, int]
    pile: tuple[float, float]
    row_left_mid: tuple[float, float]
    row_width: float
    hand_center: tuple[float, float]
    hand_width: float
    mine: pygame.Rect                     # the bottom seat's name, score and piles
    panels: dict[int, pygame.Rect]        # seat -> panel, for the other seats


@register_table(GAME)
class TakeThatTable(TableScene):
    parts = Parts("round", "rounds", "round_scores", "tt.log.round", "tt.log.round_over",
                  "tt.round_title", "tt.round_line", "tt.next_round")

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.tweens = Tweens()
        self.drag = DragManager(self.tweens)
        self.cards = SpriteSync(GAME, self.tweens, code=str)
        self.seat_panel = SeatPanel(GAME)
        self.selected: int | None = None
        self.log = LogPanel((0, 0, 10, 10))
        self.play_button = Button(t("tt.play"), self._play_selected)
        self.twist_button = Button(t("tt.twist"), self._twist_selected)
        self.take_button = Button(t("tt.take"), lambda: self._act("take"), kind="danger")
        self.geo: Geometry | None = None
        self.retell()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        pad = px(theme.PAD, s)
        card = self.card_size
        small = (round(card[0] * SMALL), round(card[1] * SMALL))
        top = px(62, s)
        log_w = px(270, s)
        right = w - log_w - 2 * pad                       # the table ends here
        bh = px(theme.BUTTON_HEIGHT, s, 30)
        buttons_top = h - pad - 3 * bh - 2 * pad
        self.log.layout((right + pad, top, log_w, buttons_top - top - pad),
                        text_px(theme.FONT_SMALL, s))
        for i, button in enumerate((self.play_button, self.twist_button, self.take_button)):
            button.layout((right + pad, buttons_top + i * (bh + pad), log_w, bh))
        header = text_px(theme.FONT_BODY, s) + text_px(theme.FONT_SMALL, s) + px(12, s)
        panel_h = max(small[1] + 2 * pad, header + round(small[1] * 0.6) + pad)
        others = [(self.bottom + 1 + i) % self.session.players
                  for i in range(self.session.players - 1)]
        rects = layout.panels_in_row(len(others), pygame.Rect(pad, top, right - pad, panel_h),
                                     pad, px(330, s))
        hand_y = h - pad - card[1] * (0.5 + theme.SELECT_LIFT) - px(18, s)
        hand_top = hand_y - card[1] * (0.5 + theme.SELECT_LIFT)
        row_y = (top + panel_h + hand_top) / 2
        pile_x = pad + card[0] * 0.6
        mine = pygame.Rect(0, 0, max(px(190, s), small[0] * 2 + 3 * pad), header + small[1] + pad)
        mine.bottomleft = (pad, h - pad)
        self.geo = Geometry(
            card=card, small=small, pile=(pile_x, row_y),
            row_left_mid=(pile_x + card[0] * 0.5 + 2 * pad, row_y),
            row_width=right - (pile_x + card[0] * 0.5 + 3 * pad),
            hand_center=((mine.right + right) / 2, hand_y),
            hand_width=right - mine.right - 2 * pad,
            mine=mine, panels=dict(zip(others, rects)))
        # toasts go on the felt below the seat panels, clear of the row's first cards
        self.toast_area = pygame.Rect(round(self.geo.row_left_mid[0]), top + panel_h + pad,
                                      round(self.geo.row_width), round(hand_top - top - panel_h))
        self._sync(animate=False)

    def _pile_spots(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Centres of a seat's face-up and face-down piles."""
        g = self.geo
        sw, sh = g.small
        gap = sw * 0.35
        if seat == self.bottom:
            y = g.mine.bottom - sh / 2 - gap / 2
            x = g.mine.right - sw / 2 - gap
            return (x - sw - gap, y), (x, y)
        r = g.panels[seat]
        x = r.right - sw / 2 - gap
        return (x - sw - gap, r.centery), (x, r.centery)

    def _layout_spots(self) -> dict[int, Spot]:
        """Where every card the view shows belongs."""
        v, g = self.view, self.geo
        spots: dict[int, Spot] = {}
        row = v["row"]
        for i, (card, slot) in enumerate(zip(row, layout.row(len(row), g.row_left_mid,
                                                             g.row_width, g.card))):
            spots[card] = Spot(slot.pos, True, 100 + i, g.card)
        hand = v["hand"] or []
        slots = layout.fan(len(hand), g.hand_center, g.hand_width, g.card, HAND_ANGLE)
        for i, (card, slot) in enumerate(zip(hand, slots)):
            spots[card] = Spot(slot.pos, True, 300 + i, g.card, slot.angle)
        for seat in range(self.session.players):
            up, down = self._pile_spots(seat)
            # V1's pile cards lie on top of the minus pile, face up where the view names them
            minus = [(card, False) for card in v["face_down"][seat]] + [
                (self._pile_card_key(seat, i, card), card is not None)
                for i, card in enumerate(v["pile_cards"][seat])]
            for pile, centre in (([(card, True) for card in v["face_up"][seat]], up),
                                 (minus, down)):
                offsets = layout.pile_offsets(len(pile))
                for i, (card, face) in enumerate(pile):
                    depth = len(pile) - 1 - i
                    dx, dy = offsets[max(0, len(offsets) - 1 - depth)]
                    spots[card] = Spot((centre[0] + dx, centre[1] + dy), face, 10 + i, g.small,
                                       pile_depth=depth)
        return spots

    @staticmethod
    def _pile_card_key(seat: int, i: int, card: int | None) -> int | str:
        return f"?{seat}.{i}" if card is None else card

    def _carry_revealed(self) -> None:
        """A back on a minus pile whose card the view now names (the end of the game, or
        the taker at the screen) keeps its sprite and turns over."""
        for seat, cards in enumerate(self.view["pile_cards"]):
            for i, card in enumerate(cards):
                back = self._pile_card_key(seat, i, None)
                if card is not None and back in self.cards.sprites and card not in \
                        self.cards.sprites:
                    sprite = self.cards.sprites.pop(back)
                    sprite.code = str(card)
                    self.cards.sprites[card] = sprite

    def _sync(self, origin: int | None = None, animate: bool = True) -> None:
        """Move every sprite to where the view now puts its card; new cards come from the
        seat that acted (a played card) or from the draw pile (a drawn card, a V1 pile card)."""
        if self.geo is None:
            return
        self.tweens.duration_scale = self.duration_scale
        hand = set(self.view["hand"] or [])
        from_pile = {self._pile_card_key(seat, i, card)
                     for seat, cards in enumerate(self.view["pile_cards"])
                     for i, card in enumerate(cards)}
        g = self.geo

        def start(card: int | str) -> tuple[float, float]:
            from_seat = origin is not None and origin != self.bottom and card not in hand \
                and card not in from_pile
            return g.panels[origin].center if from_seat else g.pile

        self._carry_revealed()
        self.cards.sync(self._layout_spots(), start, animate, hidden=hand)
        self._refresh_marks()

    # -- what the player can do ------------------------------------------------------
    def _legal(self) -> set[str]:
        return set(self.view["legal_actions"]) if self.my_turn else set()

    def _refresh_marks(self) -> None:
        legal = self._legal()
        hand = self.view["hand"] or []
        sel = self.selected if self.selected in hand else None
        self.selected = sel
        hovered = self._hovered_hand_card()
        focus = hovered if hovered is not None else sel
        lit = {twin(focus)} if focus is not None and focus not in toads() else set()
        if self.forced == "take":
            lit = set(self.view["row"])          # TT-R8: no cards left, the row must go
        row = set(self.view["row"])
        for card, sprite in self.cards.sprites.items():
            sprite.selected = card == sel
            sprite.highlight = card in row and card in lit
            if card not in hand:
                sprite.hover = False
        self.play_button.enabled = sel is not None and f"play {sel}" in legal
        self.twist_button.enabled = sel is not None and f"twist {sel}" in legal
        self.take_button.enabled = "take" in legal

    def _hovered_hand_card(self) -> int | None:
        for card in self.view["hand"] or []:
            sprite = self.cards.get(card)
            if sprite is not None and sprite.hover:
                return card
        return None

    def _act(self, action: str) -> bool:
        if self.submit(action):
            self.selected = None
            self._refresh_marks()
            return True
        return False

    def _play_selected(self) -> None:
        if self.selected is not None:
            self._act(f"play {self.selected}")

    def _twist_selected(self) -> None:
        if self.selected is not None:
            self._act(f"twist {self.selected}")

    def _default_action(self, card: int) -> str:
        """A click on a chosen card: twist when that is possible (+2), else play it."""
        return f"twist {card}" if f"twist {card}" in self._legal() else f"play {card}"

    def _drop_targets(self, card: int) -> list[DropTarget]:
        g, legal = self.geo, self._legal()
        row = self.view["row"]
        end = pygame.Rect(0, 0, g.card[0] * 1.6, g.card[1] * 1.3)
        last = self.cards[row[-1]].rect if row else None
        end.midleft = (last.right - g.card[0] * 0.3, last.centery) if last else (
            g.row_left_mid[0] - g.card[0] * 0.2, g.row_left_mid[1])
        play = f"play {card}"
        # Legality only lights the targets; the engine words the refusal (see _release).
        targets = [DropTarget(end, "play", play in legal)]
        if twin(card) in row and card not in toads():
            targets.append(DropTarget(self.cards[twin(card)].rect, "twist",
                                      f"twist {card}" in legal))
        return targets

    # -- input -----------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.log.handle(event):
            return
        for button in (self.play_button, self.twist_button, self.take_button):
            if button.handle(event):
                return
        self.route_input(event)

    def on_pointer(self, pos: tuple[int, int]) -> None:
        self.drag.motion(pos)
        hand = self.view["hand"] or []
        top = self.cards.at(hand, pos) if self.drag.sprite is None else \
            self.cards.key_of(self.drag.sprite)
        for card in hand:
            if card in self.cards.sprites:
                self.cards[card].hover = card == top
        self._refresh_marks()

    def on_press(self, pos: tuple[int, int]) -> None:
        card = self.cards.at(self.view["hand"] or [], pos)
        if card is not None and self.my_turn:
            sprite = self.cards[card]
            self.drag.set_targets(self._drop_targets(card))
            self.drag.press(sprite, pos)
            sprite.z = 1000                     # a held card is drawn above everything
            return
        hit = self.cards.at(self.view["row"], pos)
        if self.selected is not None and self.my_turn:
            if hit is not None and hit == twin(self.selected):
                self._act(f"twist {self.selected}")
            elif hit is not None or self._near_row_end(pos):
                self._act(f"play {self.selected}")

    def _near_row_end(self, pos: tuple[int, int]) -> bool:
        g = self.geo
        band = pygame.Rect(g.row_left_mid[0], g.row_left_mid[1] - g.card[1] / 2,
                           g.row_width, g.card[1])
        return band.collidepoint(pos)

    def on_release(self, pos: tuple[int, int]) -> None:
        result = self.drag.release(pos)
        if result is None:
            return
        card = int(result.sprite.code)
        result.sprite.z = self.cards.spots[card].z    # back among its neighbours
        # An applied action re-places every card through on_action; otherwise the card
        # is already on its way home and only the marks (selection, twin) change.
        if result.clicked:
            if self.selected == card:
                self._act(self._default_action(card))
            else:
                self.selected = card
        elif result.target is not None:
            # The engine has the last word and the clearer message: ask it even when the
            # target is marked illegal, then send the card home if it said no.
            if not self._act(f"{result.target.key} {card}"):
                self.drag.spring_back(result.sprite, self.cards.spots[card].pos)
        self._refresh_marks()

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        hand = self.view["hand"] or []
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if key == pygame.K_RIGHT else -1
            if self.selected in hand:
                index = (hand.index(self.selected) + step) % len(hand)
            else:
                index = 0 if step > 0 else len(hand) - 1
            self.selected = hand[index]
            self._refresh_marks()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_t):
            if self.selected is None:
                if self.forced:
                    self._act(self.forced)
                else:
                    self.app.toasts.show(t("tt.pick_first"), 2.5)
                return
            card = self.selected
            verb = "twist" if key == pygame.K_t else "play"
            if not self._act(f"{verb} {card}") and card in self.cards.spots:
                # the same no as a refused drop: the engine's reason, and the card jolts
                self.tweens.duration_scale = self.duration_scale
                self.tweens.shake(self.cards[card], self.cards.spots[card].pos)
        elif key == pygame.K_r:
            self._act("take")

    # -- events from the base ----------------------------------------------------------
    def on_action(self, seat: int, action: str, before: dict, after: dict) -> None:
        self.narrate(seat, action, before, after)
        if self.part_ended(before, after):
            self.show_part_summary(after)
        self._sync(origin=seat)

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        self.selected = None
        if self.geo is not None:
            self.layout(self.app.size)

    def forced_text(self, action: str) -> str:
        return t("tt.forced_take") if action == "take" else super().forced_text(action)

    def animate(self, dt: float) -> bool:
        return self.tweens.update(dt) or self.drag.dragging

    # -- words ---------------------------------------------------------------------------
    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        name = self.names[seat]
        colour = seat_colour(seat)
        you = self.you(seat)
        if action == "take":
            row = before["row"]
            # The round may have ended with this take (the next deal already cleared the
            # piles): then nothing but the row was taken (TT-R8: no V1 card, the pile is out).
            same_round = not self.part_ended(before, after)
            extra = after["pile_cards"][seat][len(before["pile_cards"][seat]):] \
                if same_round else []
            if not extra:
                text = t("tt.log.take" + you, name=name, n=len(row),
                         points=signed(pile_score([], row)))
            elif you:
                # V1: only a log read by the taker alone may name the card; with several
                # humans at the screen the log is everybody's.
                text = t("tt.log.take_pro.you", card=row[0], extra=extra[0],
                         points=signed(pile_score([], row + extra)))
            else:
                text = t("tt.log.take_pro", name=name, card=row[0])
        else:
            kind, number = action.split()
            card = int(number)
            if kind == "twist":
                text = t("tt.log.twist" + you, name=name, card=card, twin=twin(card))
            elif before["phase"] == "open" or not before["row"]:
                text = t("tt.log.open" + you, name=name, card=card)
            else:
                text = t("tt.log.play" + you, name=name, card=card)
        self.log.add(text, colour)
        if self.part_ended(before, after):
            self._log_revealed(after)
            self.part_over(after)

    def _log_revealed(self, after: dict) -> None:
        """V1: the pile cards of the round just scored are shown to everybody."""
        for seat, cards in enumerate(after["revealed"]):
            if cards:
                words = ", ".join(t("tt.toad", card=c) if c in toads() else str(c)
                                  for c in cards)
                self.log.add(t("tt.log.revealed" + self.you(seat), name=self.names[seat],
                               cards=words), seat_colour(seat))

    # -- drawing ---------------------------------------------------------------------------
    def draw_view(self, surface: pygame.Surface, view: dict, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        self._draw_pile(surface, view, s)
        for other, rect in g.panels.items():
            self._draw_panel(surface, view, other, rect, s)
        self._draw_mine(surface, view, s)
        if not view["row"]:   # beside the open-row slot, not under it
            blit_label(surface, t("tt.empty_row"), text_px(theme.FONT_BODY, s), theme.TEXT_DIM,
                       midleft=(g.row_left_mid[0] + g.card[0] * 1.6, g.row_left_mid[1]))
        if view["hand"] is None:
            self._draw_hidden_hand(surface, view, s)
        self.drag.draw_targets(surface)
        self.cards.draw(surface, PILE_SHOWN)
        for other in range(view["players"]):
            self._pile_counts(surface, view, other, s)
        self.log.draw(surface)
        for button in (self.play_button, self.twist_button, self.take_button):
            button.draw(surface)
        if self.my_turn:
            blit_label(surface, t("tt.hint"), text_px(theme.FONT_SMALL, s), theme.TEXT_DIM,
                       midbottom=(g.hand_center[0], surface.get_height() - px(6, s)))

    def _draw_pile(self, surface: pygame.Surface, view: dict, s: float) -> None:
        g = self.geo
        count = view["pile"]
        back = card_back(GAME, g.card)
        for dx, dy in layout.pile_offsets(count):
            surface.blit(back, back.get_rect(center=(g.pile[0] + dx, g.pile[1] + dy)))
        if not count:
            pygame.draw.rect(surface, theme.FELT_LIGHT,
                             pygame.Rect(0, 0, *g.card).move(g.pile[0] - g.card[0] / 2,
                                                              g.pile[1] - g.card[1] / 2),
                             max(1, px(2, s)), border_radius=px(8, s))
        blit_label(surface, t("tt.pile", n=count), text_px(theme.FONT_SMALL, s), theme.TEXT,
                   bold=True, midtop=(g.pile[0], g.pile[1] + g.card[1] / 2 + px(6, s)))

    def _seat_info(self, view: dict, seat: int, hand: bool) -> SeatInfo:
        # V1: the score leaves out the pile cards this view does not name; say how many
        unseen = view["pile_cards"][seat].count(None)
        return SeatInfo(seat, self.names[seat], t("tt.score", score=signed(view["scores"][seat])),
                        active=view["current_player"] == seat,
                        hand=view["hand_sizes"][seat] if hand else None,
                        note=t("tt.unseen", n=unseen) if unseen else "")

    def _draw_panel(self, surface: pygame.Surface, view: dict, seat: int, rect: pygame.Rect,
                    s: float) -> None:
        small = (round(self.geo.small[0] * 0.6), round(self.geo.small[1] * 0.6))
        self.seat_panel.draw(surface, rect, self._seat_info(view, seat, hand=True), s, small)

    def _pile_counts(self, surface: pygame.Surface, view: dict, seat: int, s: float) -> None:
        """An outline where a pile is empty, else a badge with its number of cards."""
        up, down = self._pile_spots(seat)
        w, h = self.geo.small
        minus = view["face_down"][seat] + view["pile_cards"][seat]
        for centre, pile in ((up, view["face_up"][seat]), (down, minus)):
            if not pile:
                pygame.draw.rect(surface, theme.PANEL_EDGE,
                                 pygame.Rect(centre[0] - w / 2, centre[1] - h / 2, w, h),
                                 1, border_radius=px(5, s))
                continue
            badge(surface, len(pile), (centre[0] + w / 2 - 2, centre[1] + h / 2 - 2), s)

    def _draw_mine(self, surface: pygame.Surface, view: dict, s: float) -> None:
        self.seat_panel.draw(surface, self.geo.mine, self._seat_info(view, self.bottom, False), s)

    def _draw_hidden_hand(self, surface: pygame.Surface, view: dict, s: float) -> None:
        g = self.geo
        n = view["hand_sizes"][self.bottom]
        back = card_back(GAME, g.card)
        for slot in layout.fan(n, g.hand_center, g.hand_width, g.card):
            surface.blit(back, back.get_rect(center=slot.pos))
