"""The Elfer raus! Master table (docs/rules/elfer.md).

The four colour rows run across the middle as tracks of 21 slots, the other seats sit
along the top beside the draw pile and the bonus stack, your hand fans out at the bottom
between your own seat (connection and bonus cards) and the buttons and log. Everything
drawn comes from `self.view`: cards are sprites of the shared `SpriteSync`, keyed by the
view's ids ("B9", "J#2", "connection#4", "bonus#1"), so a card glides from where it was
to where the new view puts it.

A card in hand lights the places it may go: its own slot (or the joker standing for it,
to swap), any legal slot for a joker; a connection card lights the gaps between an
occupied slot and the empty one of the same number in a neighbouring row. Drop there,
or choose with the keys (←/→ card, ↑/↓/Tab place, Enter play, B bridge, S swap).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

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
from tentable.ui.widgets.panel import blit_label, fit, label, rounded
from tentable.ui.widgets.seatpanel import Counter, SeatInfo, SeatPanel, badge, seat_colour
from tentable.ui.widgets.sprite import CardSprite
from tentable.ui.widgets.spritesync import Spot, SpriteSync
from tentable.ui.widgets.shapes import symbol_icon
from tentable.ui.widgets.tween import Tweens, linear

GAME = "elfer"
LENGTH = 21                # slots per row
HALVES = ((1, 10), (12, 21))
SMALL = 0.55               # pile, stack and the seat's own cards, as a share of the card size
HAND_ANGLE = 5.0
SLOT_FILL = 0.92           # a board card's width as a share of the slot pitch
ROW_GAP = 0.42             # the gap between rows (where connection cards lie), per card width
LINKS = "links"            # the selection "my connection cards" (bridge mode)
FLASH_TIME = 1.2           # seconds a finished half-row glows
LINK_COLOUR = (170, 186, 206)
SUITS = theme.SUITS[GAME]


def card_name(code: str) -> str:
    """"R7" -> "red 7" (the log speaks in colours, the buttons and notation in codes)."""
    return t("elfer.card", colour=t(f"elfer.colour.{code[0]}"), n=code[1:])


def slot_of(code: str) -> tuple[str, int]:
    return code[0], int(code[1:])


def is_joker(card: str) -> bool:
    return card.startswith("J")


@dataclass
class Geometry:
    card: tuple[int, int]
    small: tuple[int, int]
    slot: tuple[int, int]                 # a board card
    pitch: float                          # from one slot's centre to the next
    first_x: float                        # the centre of slot 1
    row_y: list[float]                    # centre of each row, top first
    head_w: int
    board: pygame.Rect                    # heads and slots: the cached background
    pile: tuple[float, float]
    stack: tuple[float, float]
    hand_center: tuple[float, float]
    hand_width: float
    mine: pygame.Rect
    panels: dict[int, pygame.Rect]
    turn_label: tuple[int, int]           # midtop of "Cards this turn"


@register_table(GAME)
class ElferTable(TableScene):
    parts = Parts("game_no", "games", "game_scores", "elfer.log.game", "elfer.log.game_over",
                  "elfer.game_title", "elfer.game_line", "elfer.next_game")

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.tweens = Tweens()
        self.drag = DragManager(self.tweens)
        self.cards = SpriteSync(GAME, self.tweens)
        self.seat_panel = SeatPanel(GAME)
        self.selected: str | None = None   # a hand card's id, LINKS, or nothing
        self.target = 0                    # the keyboard's place among the lit targets
        self.flashes: dict[tuple[str, int], float] = {}   # (colour, half) -> glow 0..1
        self.flyers: list[CardSprite] = []  # bonus cards on their way to another seat
        self.log = LogPanel((0, 0, 10, 10))
        self.draw_button = Button(t("elfer.draw"), lambda: self._act("draw"))
        self.end_button = Button(t("elfer.end"), lambda: self._act("end"), kind="primary")
        self.pass_button = Button(t("elfer.pass"), lambda: self._act("pass"), kind="danger")
        self.geo: Geometry | None = None
        self._background: tuple[tuple, pygame.Surface] | None = None
        self._hint: tuple[tuple, str] | None = None
        self.retell()

    @property
    def buttons(self) -> tuple[Button, ...]:
        return self.draw_button, self.end_button, self.pass_button

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        pad = px(theme.PAD, s)
        card = self.card_size
        small = (round(card[0] * SMALL), round(card[1] * SMALL))
        top = px(62, s)
        header = SeatPanel.header_height(s)
        panel_h = max(small[1] + text_px(theme.FONT_SMALL, s) + 2 * pad,
                      header + round(small[1] * 0.6) + pad)
        # the draw pile and the bonus stack at the top left, the other seats beside them
        pile = (pad + small[0] / 2 + px(4, s), top + small[1] / 2 + px(4, s))
        stack = (pile[0] + small[0] + 2 * pad, pile[1])
        left = round(stack[0] + small[0] / 2 + 2 * pad)
        others = [(self.bottom + 1 + i) % self.session.players
                  for i in range(self.session.players - 1)]
        rects = layout.panels_in_row(len(others), pygame.Rect(left, top, w - left - pad,
                                                              panel_h), pad, px(320, s))
        # the bottom band: my seat | my hand | the turn's buttons | the log
        bottom_h = round(card[1] * (1 + theme.SELECT_LIFT)) + px(26, s) + pad
        band_top = h - pad - bottom_h
        mine = pygame.Rect(pad, band_top, max(px(250, s), small[0] * 4 + 4 * pad), bottom_h)
        log_w, buttons_w = px(260, s), px(170, s)
        log_rect = pygame.Rect(w - pad - log_w, band_top, log_w, bottom_h)
        self.log.layout(log_rect, text_px(theme.FONT_SMALL, s))
        bx = log_rect.x - pad - buttons_w
        line = text_px(theme.FONT_SMALL, s) + px(6, s)
        bh = min(px(theme.BUTTON_HEIGHT, s, 28), (bottom_h - line - 2 * px(6, s)) // 3)
        for i, button in enumerate(self.buttons):
            button.layout((bx, band_top + line + i * (bh + px(6, s)), buttons_w, bh))
        hand_left, hand_right = mine.right + pad, bx - pad
        hand_y = h - pad - px(22, s) - card[1] * 0.5
        # the board: as large as the space between the seats and the bottom band allows
        head_w = px(34, s)
        area_top, area_bottom = top + panel_h + pad, band_top - pad
        board_w = w - 2 * pad - head_w - px(6, s)
        per_height = SLOT_FILL * (4 * theme.CARD_RATIO + 3 * ROW_GAP)   # board height per pitch
        pitch = min(board_w / LENGTH, (area_bottom - area_top) / per_height)
        slot_w = round(pitch * SLOT_FILL)
        slot = (slot_w, round(slot_w * theme.CARD_RATIO))
        gap = slot_w * ROW_GAP
        total_h = 4 * slot[1] + 3 * gap
        total_w = head_w + px(6, s) + LENGTH * pitch
        x0 = (w - total_w) / 2
        y0 = area_top + (area_bottom - area_top - total_h) / 2
        first_x = x0 + head_w + px(6, s) + pitch / 2
        row_y = [y0 + slot[1] / 2 + i * (slot[1] + gap) for i in range(4)]
        board = pygame.Rect(round(x0), round(y0), round(total_w), round(total_h))
        self.geo = Geometry(card=card, small=small, slot=slot, pitch=pitch, first_x=first_x,
                            row_y=row_y, head_w=head_w, board=board, pile=pile, stack=stack,
                            hand_center=((hand_left + hand_right) / 2, hand_y),
                            hand_width=hand_right - hand_left, mine=mine,
                            panels=dict(zip(others, rects)),
                            turn_label=(bx + buttons_w // 2, band_top))
        self._background = None
        self.toast_area = pygame.Rect(board.x, area_top, board.w, board.h)
        self._sync(animate=False)

    def _slot_center(self, code: str) -> tuple[float, float]:
        g = self.geo
        colour, n = slot_of(code)
        row = [r["colour"] for r in self.view["rows"]].index(colour)
        return g.first_x + (n - 1) * g.pitch, g.row_y[row]

    def _slot_rect(self, code: str) -> pygame.Rect:
        x, y = self._slot_center(code)
        r = pygame.Rect(0, 0, *self.geo.slot)
        r.center = (round(x), round(y))
        return r

    def _bridge_rect(self, source: str, target: str) -> pygame.Rect:
        """The gap between two slots of neighbouring rows, with an edge of each card."""
        a, b = self._slot_rect(source), self._slot_rect(target)
        upper, lower = (a, b) if a.y < b.y else (b, a)
        edge = round(self.geo.slot[1] * 0.3)
        return pygame.Rect(upper.x, upper.bottom - edge, upper.w, lower.y + edge
                           - (upper.bottom - edge))

    def _links_spot(self, i: int) -> tuple[float, float]:
        g = self.geo
        step = g.small[0] * 0.32
        return (g.mine.x + px(theme.PAD, self._s) + g.small[0] / 2 + i * step,
                g.mine.bottom - px(theme.PAD, self._s) - g.small[1] / 2)

    def _bonus_spot(self, i: int) -> tuple[float, float]:
        g = self.geo
        step = g.small[0] * 0.2
        return (g.mine.right - px(theme.PAD, self._s) - g.small[0] / 2 - i * step,
                g.mine.bottom - px(theme.PAD, self._s) - g.small[1] / 2)

    @property
    def _s(self) -> float:
        return theme.ui_scale(self.app.size)

    def _layout_spots(self) -> dict[str, Spot]:
        """Where every card the view shows belongs."""
        v, g = self.view, self.geo
        spots: dict[str, Spot] = {}
        for row in v["rows"]:
            for n, here in enumerate(row["slots"], 1):
                if here is not None:
                    spots[here["id"]] = Spot(self._slot_center(here["card"]), True, 100 + n,
                                             g.slot)
        link = (round(g.slot[0] * 0.46), round(g.slot[0] * 0.46 * theme.CARD_RATIO))
        for i, bridge in enumerate(v["bridges"]):
            a, b = self._slot_center(bridge["from"]), self._slot_center(bridge["to"])
            spots[bridge["id"]] = Spot(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), True, 400 + i,
                                       link, 90.0)
        hand = v["hand"] or []
        for i, (card, slot) in enumerate(zip(hand, layout.fan(
                len(hand), g.hand_center, g.hand_width, g.card, HAND_ANGLE))):
            spots[card] = Spot(slot.pos, True, 600 + i, g.card, slot.angle)
        for i, card in enumerate(v["connections"][self.bottom]):
            spots[card] = Spot(self._links_spot(i), True, 20 + i, g.small)
        for i, card in enumerate(v["bonuses"][self.bottom]):
            spots[card] = Spot(self._bonus_spot(i), True, 40 - i, g.small)
        stack = v["bonus_stack"]
        offsets = layout.pile_offsets(len(stack))
        for i, card in enumerate(stack):
            depth = len(stack) - 1 - i
            dx, dy = offsets[max(0, len(offsets) - 1 - depth)]
            spots[card] = Spot((g.stack[0] + dx, g.stack[1] + dy), True, 50 + i, g.small,
                               pile_depth=depth)
        return spots

    def _sync(self, origin: int | None = None, animate: bool = True) -> None:
        """Move every sprite to where the view now puts its card; a new card comes from
        the seat that acted (a card played from a hidden hand) or from the draw pile."""
        if self.geo is None:
            return
        self.tweens.duration_scale = self.duration_scale
        hand = set(self.view["hand"] or [])
        g = self.geo

        def start(card: str) -> tuple[float, float]:
            if origin is not None and origin != self.bottom and card not in hand \
                    and origin in g.panels:
                return g.panels[origin].center
            return g.stack if card.startswith("bonus") else g.pile

        self.cards.sync(self._layout_spots(), start, animate, hidden=hand)
        self._refresh_marks()

    # -- what the player can do ------------------------------------------------------
    def _legal(self) -> set[str]:
        return set(self.view["legal_actions"]) if self.my_turn else set()

    def _targets(self, card: str | None) -> list[DropTarget]:
        """The places `card` (a hand card's id, or LINKS) may be dropped on, each keyed
        by its action; legal ones light up, the rest let the engine say why not."""
        if card is None or self.geo is None:
            return []
        legal, v = self._legal(), self.view
        out = []
        if card == LINKS:
            rows = v["rows"]
            for upper, lower in zip(rows, rows[1:]):
                for n, (a, b) in enumerate(zip(upper["slots"], lower["slots"]), 1):
                    if (a is None) == (b is None):
                        continue
                    source, target = (upper, lower) if a is not None else (lower, upper)
                    action = f"bridge {source['colour']}{n}-{target['colour']}{n}"
                    out.append(DropTarget(self._bridge_rect(f"{source['colour']}{n}",
                                                            f"{target['colour']}{n}"),
                                          action, action in legal))
            return out
        if is_joker(card):
            for row in v["rows"]:
                for n, here in enumerate(row["slots"], 1):
                    if here is None:
                        action = f"play J@{row['colour']}{n}"
                        out.append(DropTarget(self._slot_rect(f"{row['colour']}{n}"), action,
                                              action in legal))
            return out
        colour, n = slot_of(card)
        row = next(r for r in v["rows"] if r["colour"] == colour)
        here = row["slots"][n - 1]
        action = f"swap {card}" if here is not None and here["joker"] else f"play {card}"
        return [DropTarget(self._slot_rect(card), action, action in legal)]

    def _lit(self, card: str | None) -> list[DropTarget]:
        return [target for target in self._targets(card) if target.legal]

    def _refresh_marks(self) -> None:
        v, legal = self.view, self._legal()
        hand = v["hand"] or []
        mine = v["connections"][self.bottom]
        if self.selected not in hand and not (self.selected == LINKS and mine and self.my_turn):
            self.selected = None
        hovered = self._hovered_hand_card()
        focus = hovered if hovered is not None else self.selected
        swap = {target.key.split()[1] for target in self._lit(focus)
                if target.key.startswith("swap")}
        playable = self._playable(legal)
        bridging = any(a.startswith("bridge") for a in legal)
        for card, sprite in self.cards.sprites.items():
            sprite.selected = card == self.selected
            if card in hand:
                sprite.highlight = card in playable
            elif card in mine:
                sprite.highlight = bridging
                sprite.selected = self.selected == LINKS and card == mine[0]
            else:
                sprite.highlight = False
                sprite.hover = False
        for row in v["rows"]:   # a number card over its joker: the joker lights
            for here in row["slots"]:
                if here is not None and here["joker"] and here["card"] in swap:
                    self.cards[here["id"]].highlight = True
        self.draw_button.enabled = "draw" in legal
        self.end_button.enabled = "end" in legal
        self.pass_button.enabled = "pass" in legal

    def _playable(self, legal: set[str]) -> set[str]:
        """The hand cards with something legal to do."""
        out = set()
        for card in self.view["hand"] or []:
            if is_joker(card):
                if any(a.startswith("play J@") for a in legal):
                    out.add(card)
            elif f"play {card}" in legal or f"swap {card}" in legal:
                out.add(card)
        return out

    def _hovered_hand_card(self) -> str | None:
        for card in self.view["hand"] or []:
            sprite = self.cards.get(card)
            if sprite is not None and sprite.hover:
                return card
        return None

    def _act(self, action: str) -> bool:
        if self.submit(action):
            self._after_act()
            return True
        return False

    def _after_act(self) -> None:
        """After my move: a connection card asks for its card at once (ER-R8), so that
        card (or a joker) is picked and its slot is the place Enter plays to."""
        self.selected, self.target = None, 0
        pending = self.view["pending"]
        if pending and self.my_turn:
            hand = self.view["hand"] or []
            jokers = [c for c in hand if is_joker(c)]
            self.selected = pending if pending in hand else (jokers[0] if jokers else None)
            if self.selected and is_joker(self.selected):
                keys = [target.key for target in self._lit(self.selected)]
                self.target = keys.index(f"play J@{pending}") if f"play J@{pending}" in keys \
                    else 0
        self._refresh_marks()

    # -- input -----------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.log.handle(event):
            return
        for button in self.buttons:
            if button.handle(event):
                return
        self.route_input(event)

    def on_pointer(self, pos: tuple[int, int]) -> None:
        self.drag.motion(pos)
        hand = self.view["hand"] or []
        top = self.cards.at(hand, pos) if self.drag.sprite is None else None
        for card in hand:
            if card in self.cards.sprites:
                self.cards[card].hover = card == top
        self._refresh_marks()

    def on_press(self, pos: tuple[int, int]) -> None:
        if not self.my_turn:
            return
        card = self.cards.at(self.view["hand"] or [], pos)
        mine = self.view["connections"][self.bottom]
        grabbed = card if card is not None else (
            LINKS if self.cards.at(mine, pos) is not None else None)
        if grabbed is not None:
            sprite = self.cards[card] if card is not None else self.cards[mine[0]]
            self.drag.set_targets(self._targets(grabbed))
            self.drag.press(sprite, pos)
            sprite.z = 2000                     # a held card is drawn above everything
            return
        # a click on a lit place plays the chosen card there
        hits = [target for target in self._targets(self.selected)
                if target.rect.collidepoint(pos)]
        if hits:
            hits.sort(key=lambda target: not target.legal)
            self._act(hits[0].key)

    def on_release(self, pos: tuple[int, int]) -> None:
        result = self.drag.release(pos)
        if result is None:
            return
        key = self.cards.key_of(result.sprite)
        spot = self.cards.spots.get(key)
        if spot is not None:
            result.sprite.z = spot.z            # back among its neighbours
        chosen = LINKS if key in self.view["connections"][self.bottom] else key
        if result.clicked:
            lit = self._lit(chosen)
            if self.selected == chosen and len(lit) == 1:
                self._act(lit[0].key)
            else:
                self.selected, self.target = chosen, 0
        elif result.target is not None:
            # The engine has the last word and the clearer message: ask it even when the
            # target is marked illegal, then send the card home if it said no.
            if not self._act(result.target.key) and spot is not None:
                self.drag.spring_back(result.sprite, spot.pos)
        self._refresh_marks()

    def on_key(self, event: pygame.event.Event) -> None:
        key, mod = event.key, event.mod
        hand = self.view["hand"] or []
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if key == pygame.K_RIGHT else -1
            if self.selected in hand:
                index = (hand.index(self.selected) + step) % len(hand)
            else:
                index = 0 if step > 0 else len(hand) - 1
            self.selected, self.target = hand[index], 0
            self._refresh_marks()
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            lit = self._lit(self.selected)
            back = key == pygame.K_UP or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            if lit:
                self.target = (self.target + (-1 if back else 1)) % len(lit)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._enter()
        elif key == pygame.K_b:
            if self.selected == LINKS:
                self.selected = None
            elif self.view["connections"][self.bottom]:
                self.selected, self.target = LINKS, 0
            else:
                self.refuse(t("elfer.no_links"))
            self._refresh_marks()
        elif key == pygame.K_s:
            self._swap_key()
        elif key in (pygame.K_d, pygame.K_e, pygame.K_p):
            self._act({pygame.K_d: "draw", pygame.K_e: "end", pygame.K_p: "pass"}[key])

    def _enter(self) -> None:
        if self.selected is None:
            if self.forced:
                self._act(self.forced)
            else:
                self.app.toasts.show(t("elfer.pick_first"), 2.5)
            return
        lit = self._lit(self.selected)
        targets = lit or self._targets(self.selected)
        if not targets:
            self.refuse(t("elfer.nowhere"))
            return
        action = targets[self.target % len(targets)].key
        card = self.selected
        if not self._act(action):
            self._shake(card)

    def _swap_key(self) -> None:
        card = self.selected
        swaps = sorted(a for a in self._legal() if a.startswith("swap"))
        if card is None or card == LINKS or is_joker(card):
            if len(swaps) == 1:
                self._act(swaps[0])
            else:
                self.app.toasts.show(t("elfer.swap_pick" if swaps else "elfer.no_swap"), 2.5)
            return
        if not self._act(f"swap {card}"):
            self._shake(card)

    def _shake(self, card: str | None) -> None:
        """The same no as a refused drop: the engine's reason, and the card jolts."""
        if card == LINKS:
            card = (self.view["connections"][self.bottom] or [None])[0]
        if card in self.cards.spots:
            self.tweens.duration_scale = self.duration_scale
            self.tweens.shake(self.cards[card], self.cards.spots[card].pos)

    # -- events from the base ----------------------------------------------------------
    def on_action(self, seat: int, action: str, before: dict, after: dict) -> None:
        self.narrate(seat, action, before, after)
        if self.part_ended(before, after):
            self.show_part_summary(after)
        else:
            self._celebrate(seat, before, after)
        self._sync(origin=seat)

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        self.selected, self.target = None, 0
        if self.geo is not None:
            self.layout(self.app.size)

    def forced_text(self, action: str) -> str:
        verb = action.split()[0]
        if self.view["pending"]:
            return t("elfer.follow", slot=self.view["pending"])
        if verb in ("draw", "pass", "end"):
            return t(f"elfer.forced_{verb}")
        return super().forced_text(action)

    def status_text(self) -> str:
        if self.my_turn and self.view["pending"]:
            return t("elfer.follow", slot=self.view["pending"])
        return super().status_text()

    def animate(self, dt: float) -> bool:
        return self.tweens.update(dt) or self.drag.dragging

    def _celebrate(self, seat: int, before: dict, after: dict) -> None:
        """A finished half-row flashes; its bonus card flies to the player (ER-R10)."""
        self.tweens.duration_scale = self.duration_scale
        for old, new in zip(before["rows"], after["rows"]):
            for half, (low, high) in enumerate(HALVES):
                done = all(new["slots"][n - 1] for n in range(low, high + 1))
                if done and not all(old["slots"][n - 1] for n in range(low, high + 1)):
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
            sprite.z = 3000
            self.tweens.move(sprite, self.geo.panels[seat].center, 0.6,
                             then=lambda sprite=sprite: self.flyers.remove(sprite))

    # -- words ---------------------------------------------------------------------------
    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        name, you = self.names[seat], self.you(seat)
        verb, _, what = action.partition(" ")
        if verb == "play" and what.startswith("J@"):
            text = t("elfer.log.joker" + you, name=name, card=card_name(what[2:]))
        elif verb == "play":
            text = t("elfer.log.play" + you, name=name, card=card_name(what))
        elif verb == "bridge":
            source, _, target = what.partition("-")
            text = t("elfer.log.bridge" + you, name=name, source=card_name(source),
                     target=card_name(target))
        elif verb == "swap":
            text = t("elfer.log.swap" + you, name=name, card=card_name(what))
        elif verb == "draw":
            drawn = [c for c in after["hand"] or [] if c not in (before["hand"] or [])] \
                if seat == self.seat and after["game_no"] == before["game_no"] else []
            text = t("elfer.log.draw_card.you", card=card_name(drawn[0])) \
                if drawn and not is_joker(drawn[0]) else \
                t("elfer.log.draw_joker.you") if drawn else t("elfer.log.draw" + you, name=name)
        elif verb == "pass":
            text = t("elfer.log.pass" + you, name=name)
        else:
            return    # "end": the next player's first move says it
        self.log.add(text, seat_colour(seat))
        if not self.part_ended(before, after):
            if len(after["bonuses"][seat]) > len(before["bonuses"][seat]):
                self.log.add(t("elfer.log.bonus" + you, name=name), seat_colour(seat))
            return
        self.part_over(after)

    # -- drawing ---------------------------------------------------------------------------
    def draw_view(self, surface: pygame.Surface, view: dict, seat: int | None) -> None:
        g = self.geo
        if g is None:
            return
        s = theme.ui_scale(surface.get_size())
        pad = px(theme.PAD, s)
        seats = {seat: self._seat_info(view, seat, seat != self.bottom)
                 for seat in [*g.panels, self.bottom]}
        top = pygame.Rect(0, g.mine.y, 0, 0)   # the strip of the pile, stack and seats
        top.y = min(r.y for r in [*g.panels.values(), pygame.Rect(0, round(g.pile[1]
                    - g.small[1] / 2), 1, 1)]) - pad
        top.size = (surface.get_width(), g.board.y - pad // 2 - top.y)
        self.kept_layer(surface, "seats", top, (view["pile"], len(view["bonus_stack"]),
                                            *(info.key() for info in seats.values())),
                    lambda: self._draw_seats(surface, view, seats, s))
        baked = self._draw_board(surface, view, s)
        for (colour, half), glow in self.flashes.items():
            self._draw_flash(surface, colour, half, glow, s)
        self.kept_layer(surface, "mine", g.mine, (seats[self.bottom].key(),),
                    lambda: self._draw_mine(surface, seats[self.bottom], s))
        if view["hand"] is None:
            self._draw_hidden_hand(surface, view)
        self.drag.draw_targets(surface)
        self._draw_sprites(surface, baked)
        if not self.drag.dragging:   # over the cards: a bridge's place overlaps two of them
            self._draw_lit(surface, s)
            self._draw_focus(surface, s)
        for sprite in self.flyers:
            sprite.draw(surface)
        self.log.draw(surface)
        self._draw_turn(surface, view, s)
        if self.my_turn:
            size = text_px(theme.FONT_SMALL - 2, s)
            key = (size, round(g.hand_width))
            if self._hint is None or self._hint[0] != key:   # fitting measures: once
                full = t("elfer.hint")
                short = fit(full, size, key[1])
                self._hint = (key, full if short == full else fit(t("elfer.hint_short"),
                                                                  size, key[1]))
            blit_label(surface, self._hint[1], size, theme.TEXT_DIM,
                       midbottom=(g.hand_center[0], surface.get_height() - px(6, s)))

    def _draw_board(self, surface: pygame.Surface, view: dict, s: float) -> set[str]:
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
            surface.blit(self._board_background(view, s), g.board)
            for card in sorted(baked, key=lambda c: self.cards[c].z):
                self.cards[card].draw(surface)
            self._draw_jokers(surface, view, s, set(baked))

        self.kept_layer(surface, "board", box, key, paint)
        return set(baked)


    def _draw_sprites(self, surface: pygame.Surface, baked: set[str]) -> None:
        """Every card not already in the board image, by z; a pile's covered cards not."""
        for card, sprite in sorted(self.cards.sprites.items(), key=lambda item: item[1].z):
            if card in baked:
                continue
            spot = self.cards.spots.get(card)
            if spot is not None and spot.pile_depth >= 3 and sprite.pos == spot.pos:
                continue
            sprite.draw(surface)

    def _draw_seats(self, surface: pygame.Surface, view: dict, seats: dict[int, SeatInfo],
                    s: float) -> None:
        g = self.geo
        self._draw_piles(surface, view, s)
        backs = (round(g.small[0] * 0.6), round(g.small[1] * 0.6))
        for other, rect in g.panels.items():
            self.seat_panel.draw(surface, rect, seats[other], s, backs)

    def _draw_mine(self, surface: pygame.Surface, info: SeatInfo, s: float) -> None:
        self.seat_panel.draw(surface, self.geo.mine, info, s)
        self._draw_legend(surface, s)

    def _seat_info(self, view: dict, seat: int, others: bool) -> SeatInfo:
        counters = [Counter("ring", len(view["connections"][seat]), LINK_COLOUR),
                    Counter("star", len(view["bonuses"][seat]), theme.GOLD)] if others else []
        return SeatInfo(seat, self.names[seat], t("elfer.score", score=signed(view["scores"][seat])),
                        active=view["current_player"] == seat,
                        hand=view["hand_sizes"][seat] if others else None, counters=counters)

    def _draw_piles(self, surface: pygame.Surface, view: dict, s: float) -> None:
        g = self.geo
        count = view["pile"]
        back = card_back(GAME, g.small)
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

    def _board_background(self, view: dict, s: float) -> pygame.Surface:
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
        for i, colour in enumerate(colours):
            suit = SUITS[colour]
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
                ink = (150, 178, 170)
                text = label(str(n), number_px, ink, bold=n in (1, 10, 12, 21))
                image.blit(text, text.get_rect(center=box.center))
        self._background = (key, image)
        return image

    def _draw_flash(self, surface: pygame.Surface, colour: str, half: int, glow: float,
                    s: float) -> None:
        low, high = HALVES[half]
        a, b = self._slot_rect(f"{colour}{low}"), self._slot_rect(f"{colour}{high}")
        box = a.union(b).inflate(px(10, s), px(10, s))
        alpha = round(200 * glow)
        surface.blit(rounded(box.size, (*theme.GOLD, alpha // 2), px(8, s),
                             (*theme.GOLD_LIGHT, alpha), px(4, s)), box)

    def _draw_lit(self, surface: pygame.Surface, s: float) -> None:
        """The places the chosen (or hovered) card may go."""
        focus = self._hovered_hand_card() or self.selected
        width = max(2, round(theme.HIGHLIGHT_WIDTH * s))
        for target in self._lit(focus):
            surface.blit(rounded(target.rect.size, (*theme.HIGHLIGHT, 45), px(6, s),
                                 (*theme.HIGHLIGHT, 255), width), target.rect)

    def _draw_focus(self, surface: pygame.Surface, s: float) -> None:
        """The place Enter plays the chosen card to."""
        lit = self._lit(self.selected)
        if not lit or self._hovered_hand_card() not in (None, self.selected):
            return
        rect = lit[self.target % len(lit)].rect.inflate(px(6, s), px(6, s))
        pygame.draw.rect(surface, theme.SELECTED, rect, max(2, px(3, s)),
                         border_radius=px(8, s))

    def _draw_jokers(self, surface: pygame.Surface, view: dict, s: float,
                     settled: set[str]) -> None:
        """A joker on the table shows the card it stands for, on a pill of its colour."""
        size = max(11, round(self.geo.slot[0] * 0.3))
        for row in view["rows"]:
            suit = SUITS[row["colour"]]
            for here in row["slots"]:
                if here is None or not here["joker"] or here["id"] not in settled:
                    continue
                text = label(here["card"][1:], size, suit.ink, bold=True)
                icon = symbol_icon(suit.symbol, size, suit.ink)
                rect = self.cards[here["id"]].rect
                pill = pygame.Rect(0, 0, text.get_width() + icon.get_width() + px(8, s),
                                   text.get_height())
                pill.midbottom = (rect.centerx, rect.bottom - px(2, s))
                pygame.draw.rect(surface, suit.colour, pill, border_radius=pill.h // 2)
                pygame.draw.rect(surface, (255, 255, 255), pill, 1, border_radius=pill.h // 2)
                surface.blit(icon, icon.get_rect(midleft=(pill.x + px(3, s), pill.centery)))
                surface.blit(text, text.get_rect(midright=(pill.right - px(4, s), pill.centery)))

    def _draw_legend(self, surface: pygame.Surface, s: float) -> None:
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

    def _draw_turn(self, surface: pygame.Surface, view: dict, s: float) -> None:
        g = self.geo
        colour = theme.ACCENT if view["played"] >= view["max_cards"] else theme.TEXT
        blit_label(surface, t("elfer.this_turn", n=view["played"], max=view["max_cards"]),
                   text_px(theme.FONT_SMALL, s), colour, bold=True, midtop=g.turn_label)
        for button in self.buttons:
            button.draw(surface)
        mine = view["connections"][self.bottom]
        if mine:
            x, y = self._links_spot(len(mine) - 1)
            badge(surface, len(mine), (x + g.small[0] / 2 - 2, y + g.small[1] / 2 - 2), s)

    def _draw_hidden_hand(self, surface: pygame.Surface, view: dict) -> None:
        g = self.geo
        back = card_back(GAME, g.card)
        for slot in layout.fan(view["hand_sizes"][self.bottom], g.hand_center, g.hand_width,
                               g.card):
            surface.blit(back, back.get_rect(center=slot.pos))
