"""Painting the Elfer raus! Master table from the view of the seat at the screen: the draw
pile, the bonus stack and the seats along the top, the board (cached: its background and
the cards settled on it), a finished half-row's glow, the bottom seat's panel, the hand
(or its backs), the places the pick may go, the log, the buttons and the hint. Nothing
here changes state."""
from __future__ import annotations

import pygame

from tentable.engine.elfer_cards import HALVES, ElferView
from tentable.engine.elfer_moves import LENGTH, NAMES, SLOTS
from tentable.ui import theme
from tentable.narration import points
from tentable.ui.scenes.common import px, text_px
from tentable.ui.tables.elfer.layout import links_spot, slot_rect
from tentable.ui.tables.kit import CardTable
from tentable.text import t
from tentable.ui.widgets import layout
from tentable.ui.widgets.cards import card_back
from tentable.ui.widgets.panel import blit_label, fit, label, rounded
from tentable.ui.widgets.seatpanel import Counter, SeatInfo, badge
from tentable.ui.widgets.shapes import symbol_icon
from tentable.ui.widgets.sprite import CardSprite

LINK_COLOUR = (170, 186, 206)
PANEL_BACKS = 0.6      # the hand's backs in another seat's panel, as a share of a small card
SLOT_INK = (150, 178, 170)


class Paint(CardTable):
    flashes: dict[tuple[str, int], float]     # (colour, half) -> glow 0..1
    flyers: list[CardSprite]                  # bonus cards on their way to another seat

    def draw_view(self, surface: pygame.Surface, view: ElferView, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        pad = px(theme.PAD, s)
        seats = {seat: self.seat_info(view, seat, seat != self.bottom)
                 for seat in [*g.panels, self.bottom]}
        top = pygame.Rect(0, g.mine.y, 0, 0)   # the strip of the pile, stack and seats
        top.y = min(r.y for r in [*g.panels.values(), pygame.Rect(0, round(g.pile[1]
                    - g.small[1] / 2), 1, 1)]) - pad
        top.size = (surface.get_width(), g.board.y - pad // 2 - top.y)
        self.kept_layer(surface, "seats", top, (view["pile"], len(view["bonus_stack"]),
                                                *(info.key() for info in seats.values())),
                        lambda: self.draw_seats(surface, view, seats, s))
        baked = self.draw_board(surface, view, s)
        for (colour, half), glow in self.flashes.items():
            self.draw_flash(surface, view, colour, half, glow, s)
        self.kept_layer(surface, "mine", g.mine, (seats[self.bottom].key(),),
                        lambda: self.draw_mine(surface, seats[self.bottom], s))
        if view["hand"] is None:
            self.draw_backs(surface, view["hand_sizes"][self.bottom], g.hand_center,
                            g.hand_width, g.card)
        self.drag.draw_targets(surface)
        self.draw_sprites(surface, baked)
        if not self.drag.dragging:   # over the cards: a bridge's place overlaps two of them
            self.draw_lit(surface, s)
            self.draw_focus(surface, s)
        for sprite in self.flyers:
            sprite.draw(surface)
        self.draw_controls(surface)
        self.draw_turn(surface, view, s)
        if self.my_turn:
            g = self.geo
            self.draw_keys_line(surface, (g.hand_center[0], surface.get_height() - px(6, s)),
                           g.hand_width, s)

    def draw_board(self, surface: pygame.Surface, view: ElferView, s: float) -> set[str]:
        """The board as one cached layer: the slots and every card and connection card
        that has settled there (most frames draw nothing else). Returns the ids drawn,
        which the sprite pass then skips."""
        g = self.geo
        on_board = [here["id"] for row in view["rows"] for here in row["slots"] if here]
        on_board += [bridge["id"] for bridge in view["bridges"]]
        baked = []
        for card in on_board:
            sprite, spot = self.cards.get(card), self.cards.spots.get(card)
            if sprite is not None and spot is not None and sprite.pos == spot.pos \
                    and sprite.size == spot.size and sprite.squash >= 0.999 \
                    and sprite is not self.drag.sprite:
                baked.append(card)
        margin = max(6, round(g.slot[0] * 0.12))
        box = g.board.inflate(2 * margin, 2 * margin)
        key = tuple((card, self.cards[card].highlight) for card in baked)

        def paint() -> None:
            surface.blit(self.board_background(view, s), g.board)
            for card in sorted(baked, key=lambda c: self.cards[c].z):
                self.cards[card].draw(surface)
            self.draw_jokers(surface, view, s, set(baked))

        self.kept_layer(surface, "board", box, key, paint)
        return set(baked)

    def draw_sprites(self, surface: pygame.Surface, baked: set[str]) -> None:
        """Every card not already in the board image, by z; a pile's covered cards not."""
        for card, sprite in sorted(self.cards.sprites.items(), key=lambda item: item[1].z):
            if card in baked:
                continue
            spot = self.cards.spots.get(card)
            if spot is not None and spot.pile_depth >= 3 and sprite.pos == spot.pos:
                continue
            sprite.draw(surface)

    def draw_seats(self, surface: pygame.Surface, view: ElferView, seats: dict[int, SeatInfo],
                   s: float) -> None:
        g = self.geo
        self.draw_piles(surface, view, s)
        backs = (round(g.small[0] * PANEL_BACKS), round(g.small[1] * PANEL_BACKS))
        for other, rect in g.panels.items():
            self.seat_panel.draw(surface, rect, seats[other], s, backs)

    def draw_mine(self, surface: pygame.Surface, info: SeatInfo, s: float) -> None:
        self.seat_panel.draw(surface, self.geo.mine, info, s)
        self.draw_legend(surface, s)

    def seat_info(self, view: ElferView, seat: int, others: bool) -> SeatInfo:
        """A seat's panel: name and score; for the other seats their hand size and
        counters of their connection and bonus cards."""
        counters = [Counter("ring", len(view["connections"][seat]), LINK_COLOUR),
                    Counter("star", len(view["bonuses"][seat]), theme.GOLD)] if others else []
        return SeatInfo(seat, self.names[seat],
                        points(view["scores"][seat]),
                        active=view["current_player"] == seat,
                        hand=view["hand_sizes"][seat] if others else None,
                        cards=self.shown_hand(view, seat) if others else None,
                        counters=counters)

    def draw_piles(self, surface: pygame.Surface, view: ElferView, s: float) -> None:
        g = self.geo
        count = view["pile"]
        back = card_back(self.game, g.small)
        for dx, dy in layout.pile_offsets(count):
            surface.blit(back, back.get_rect(center=(g.pile[0] + dx, g.pile[1] + dy)))
        small = text_px(theme.FONT_SMALL, s)
        for centre, empty in ((g.pile, not count), (g.stack, not view["bonus_stack"])):
            if empty:
                pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(0, 0, *g.small).move(
                    centre[0] - g.small[0] / 2, centre[1] - g.small[1] / 2), 1,
                    border_radius=px(5, s))
        below = g.pile[1] + g.small[1] / 2 + px(4, s)
        blit_label(surface, t("elfer.pile", n=count), small, theme.TEXT, bold=True,
                   midtop=(g.pile[0], below))
        blit_label(surface, t("elfer.stack", n=len(view["bonus_stack"])), small, theme.TEXT,
                   bold=True, midtop=(g.stack[0], below))

    def board_background(self, view: ElferView, s: float) -> pygame.Surface:
        """Row heads, faint tracks and the numbered empty slots: one cached image."""
        g = self.geo
        colours = tuple(row["colour"] for row in view["rows"])
        key = (g.board.size, g.slot, colours)
        if self._background is not None and self._background[0] == key:
            return self._background[1]
        image = pygame.Surface(g.board.size, pygame.SRCALPHA)
        ox, oy = g.board.topleft
        radius = max(3, round(g.slot[0] * 0.1))
        number_px = max(11, round(g.slot[0] * 0.34))
        ends = {i + 1 for half in HALVES for i in (half[0], half[-1])}   # 1, 10, 12, 21
        for i, colour in enumerate(colours):
            suit = theme.SUITS[self.game][colour]
            y = g.row_y[i] - oy
            head = pygame.Rect(0, round(y - g.slot[1] / 2), g.head_w, g.slot[1])
            pygame.draw.rect(image, suit.colour, head, border_radius=radius)
            icon = symbol_icon(suit.symbol, round(g.head_w * 0.7), suit.ink)
            image.blit(icon, icon.get_rect(center=head.center))
            track = pygame.Rect(round(g.first_x - g.pitch / 2 - ox), head.y - px(3, s),
                                round(LENGTH * g.pitch), g.slot[1] + 2 * px(3, s))
            image.blit(rounded(track.size, (*suit.colour, 34), radius), track)
            for n in range(1, LENGTH + 1):
                box = pygame.Rect(0, 0, *g.slot)
                box.center = (round(g.first_x + (n - 1) * g.pitch - ox), round(y))
                image.blit(rounded(box.size, (0, 0, 0, 40), radius, (255, 255, 255, 60)), box)
                text = label(str(n), number_px, SLOT_INK, bold=n in ends)
                image.blit(text, text.get_rect(center=box.center))
        self._background = (key, image)
        return image

    def draw_flash(self, surface: pygame.Surface, view: ElferView, colour: str, half: int,
                   glow: float, s: float) -> None:
        """A finished half-row glows gold (ER-R10)."""
        indexes = HALVES[half]
        names = NAMES[colour]
        a = slot_rect(self.geo, view, names[indexes[0]])
        b = slot_rect(self.geo, view, names[indexes[-1]])
        box = a.union(b).inflate(px(10, s), px(10, s))
        alpha = round(200 * glow)
        surface.blit(rounded(box.size, (*theme.GOLD, alpha // 2), px(8, s),
                             (*theme.GOLD_LIGHT, alpha), px(4, s)), box)

    def draw_lit(self, surface: pygame.Surface, s: float) -> None:
        """The places the picked card may go, lit; those of the card under the pointer,
        which is not picked until it is clicked, only outlined."""
        pointed = self.hovered()
        picked = pointed in (None, self.selected)
        width = max(2, round(theme.HIGHLIGHT_WIDTH * s))
        for target in self.lit(self.selected if picked else pointed):
            if picked:
                image = rounded(target.rect.size, (*theme.HIGHLIGHT, 45), px(6, s),
                                (*theme.HIGHLIGHT, 255), width)
            else:
                image = rounded(target.rect.size, (0, 0, 0, 0), px(6, s),
                                (*theme.HIGHLIGHT, 150), max(1, width // 2))
            surface.blit(image, target.rect)

    def draw_focus(self, surface: pygame.Surface, s: float) -> None:
        """The place Enter plays the chosen card to."""
        lit = self.lit(self.selected)
        if not lit or self.hovered() not in (None, self.selected):
            return
        rect = lit[self.target_index % len(lit)].rect.inflate(px(6, s), px(6, s))
        pygame.draw.rect(surface, theme.SELECTED, rect, max(2, px(3, s)),
                         border_radius=px(8, s))

    def draw_jokers(self, surface: pygame.Surface, view: ElferView, s: float,
                    settled: set[str]) -> None:
        """A joker on the table shows the card it stands for, on a pill of its colour."""
        size = max(11, round(self.geo.slot[0] * 0.3))
        for row in view["rows"]:
            suit = theme.SUITS[self.game][row["colour"]]
            for here in row["slots"]:
                if here is None or not here["joker"] or here["id"] not in settled:
                    continue
                text = label(str(SLOTS[here["card"]][1]), size, suit.ink, bold=True)
                icon = symbol_icon(suit.symbol, size, suit.ink)
                rect = self.cards[here["id"]].rect
                pill = pygame.Rect(0, 0, text.get_width() + icon.get_width() + px(8, s),
                                   text.get_height())
                pill.midbottom = (rect.centerx, rect.bottom - px(2, s))
                pygame.draw.rect(surface, suit.colour, pill, border_radius=pill.h // 2)
                pygame.draw.rect(surface, (255, 255, 255), pill, 1, border_radius=pill.h // 2)
                surface.blit(icon, icon.get_rect(midleft=(pill.x + px(3, s), pill.centery)))
                surface.blit(text, text.get_rect(midright=(pill.right - px(4, s), pill.centery)))

    def draw_legend(self, surface: pygame.Surface, s: float) -> None:
        """Above my connection and bonus cards, their names with the symbols the other
        seats' counters use."""
        g = self.geo
        size, pad = text_px(theme.FONT_SMALL - 2, s), px(theme.PAD, s)
        y = g.mine.bottom - pad - g.small[1] * (1 + theme.SELECT_LIFT) - px(2, s) - size // 2
        star = symbol_icon("star", size, theme.GOLD)
        bonus = label(t("elfer.bonuses"), size, theme.TEXT_DIM)
        right = g.mine.right - pad
        surface.blit(bonus, bonus.get_rect(midright=(right, y)))
        surface.blit(star, star.get_rect(midright=(right - bonus.get_width() - px(4, s), y)))
        ring = symbol_icon("ring", size, LINK_COLOUR)
        x = g.mine.x + pad
        surface.blit(ring, ring.get_rect(midleft=(x, y)))
        room = g.mine.w - 3 * pad - 2 * ring.get_width() - bonus.get_width()
        blit_label(surface, fit(t("elfer.links"), size, room), size, theme.TEXT_DIM,
                   midleft=(x + ring.get_width() + px(4, s), y))

    def draw_turn(self, surface: pygame.Surface, view: ElferView, s: float) -> None:
        """Cards played this turn of at most four (ER-R5), and a badge on my connection
        cards with how many are left."""
        g = self.geo
        colour = theme.ACCENT if view["played"] >= view["max_cards"] else theme.TEXT
        blit_label(surface, t("elfer.this_turn", n=view["played"], max=view["max_cards"]),
                   text_px(theme.FONT_SMALL, s), colour, bold=True, midtop=g.turn_label)
        mine = view["connections"][self.bottom]
        if mine:
            x, y = links_spot(g, len(mine) - 1)
            badge(surface, len(mine), (x + g.small[0] / 2 - 2, y + g.small[1] / 2 - 2), s)
