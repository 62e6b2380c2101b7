"""What the player at the Elfer raus! Master table can do: pick a card (click, ← →) or the
connection cards (click them, B), and drop it on a lit place: its own slot (ER-R6), the
joker standing for it (a swap, ER-R9), any open slot for a joker (ER-R7), the gap to the
same number in a neighbouring row for a connection card (ER-R8). ↑ ↓ Tab choose among
the lit places, Enter plays there; D, E, P and the buttons draw, end and pass.

Only `legal()` says what may be done; the action strings come from the engine's tables
(`elfer_moves`: `PLAY`, `PLAY_JOKER`, `SWAP`, `BRIDGE`) and are read with its `read`.
"""
from __future__ import annotations

from typing import Hashable

import pygame

from tentable.engine.elfer_moves import (BRIDGE, NAMES, PLAY, PLAY_JOKER, SLOTS, SWAP, is_joker,
                                         read)
from tentable.ui.tables.elfer.layout import bridge_rect, slot_rect
from tentable.ui.tables.kit import CONFIRM_KEYS, CardTable
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dragdrop import DropTarget
from tentable.ui.widgets.sprite import CardSprite

LINKS = "links"            # the pick "my connection cards" (bridge mode), held as one
BUTTON_KEYS = {pygame.K_d: "draw", pygame.K_e: "end", pygame.K_p: "pass"}


class Controls(CardTable):
    def make_buttons(self) -> None:
        self.target_index = 0              # the keyboard's place among the lit targets
        self.draw_button = self.bind(Button(t("elfer.draw"), lambda: self.act("draw")),
                                     lambda: "draw")
        self.end_button = self.bind(Button(t("elfer.end"), lambda: self.act("end"),
                                           kind="primary"), lambda: "end")
        self.pass_button = self.bind(Button(t("elfer.pass"), lambda: self.act("pass"),
                                            kind="danger"), lambda: "pass")

    @property
    def buttons(self) -> tuple[Button, ...]:
        return self.draw_button, self.end_button, self.pass_button

    @property
    def links(self) -> list[str]:
        """The connection cards of the bottom seat, not yet laid."""
        return self.view["connections"][self.bottom]

    # -- where a pick may go -------------------------------------------------------------
    def drop_targets(self, card: Hashable | None) -> list[DropTarget]:
        """The places `card` (a hand card's id, or LINKS) may be dropped on, each keyed
        by its action; legal ones light up, the rest let the engine say why not."""
        if card is None or self.geo is None:
            return []
        g, v = self.geo, self.view
        if card == LINKS:
            out = []
            rows = v["rows"]
            for upper, lower in zip(rows, rows[1:]):
                for i, (a, b) in enumerate(zip(upper["slots"], lower["slots"])):
                    if (a is None) == (b is None):
                        continue
                    source, target = (upper, lower) if a is not None else (lower, upper)
                    start, end = NAMES[source["colour"]][i], NAMES[target["colour"]][i]
                    out.append(self.target(bridge_rect(g, v, start, end),
                                           BRIDGE[source["colour"], target["colour"]][i]))
            return out
        if is_joker(card):
            return [self.target(slot_rect(g, v, name), PLAY_JOKER[name])
                    for row in v["rows"]
                    for name, here in zip(NAMES[row["colour"]], row["slots"]) if here is None]
        colour, n = SLOTS[card]
        row = next(r for r in v["rows"] if r["colour"] == colour)
        here = row["slots"][n - 1]
        action = SWAP[card] if here is not None and here["joker"] else PLAY[card]
        return [self.target(slot_rect(g, v, card), action)]

    def lit(self, card: Hashable | None) -> list[DropTarget]:
        return [target for target in self.drop_targets(card) if target.legal]

    def playable(self, legal: set[str]) -> set[str]:
        """The hand cards with something legal to do."""
        jokers = any(read(a).kind == "play" and is_joker(read(a).card) for a in legal)
        return {card for card in self.hand
                if (jokers if is_joker(card) else PLAY[card] in legal or SWAP[card] in legal)}

    def refresh(self) -> None:
        """The pick lifts; the hand cards with a legal move and, when a bridge may be laid,
        the connection cards light; a number card's joker lights when it may be swapped."""
        v, legal = self.view, self.legal()
        hand, mine = self.hand, self.links
        if self.selected not in hand and not (self.selected == LINKS and mine and self.my_turn):
            self.selected = None
        hovered = self.hovered()
        focus = hovered if hovered is not None else self.selected
        swap = {read(target.key).slot for target in self.lit(focus)
                if read(target.key).kind == "swap"}
        playable = self.playable(legal)
        bridging = any(read(a).kind == "bridge" for a in legal)
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

    # -- acting --------------------------------------------------------------------------
    def act(self, action: str) -> bool:
        if super().act(action):
            self.follow_up()
            return True
        return False

    def follow_up(self) -> None:
        """After my move: a connection card asks for its card at once (ER-R8), so that
        card (or a joker) is picked and its slot is the place Enter plays to."""
        self.target_index = 0
        pending = self.view["pending"]
        if pending and self.my_turn:
            hand = self.hand
            jokers = [c for c in hand if is_joker(c)]
            self.selected = pending if pending in hand else (jokers[0] if jokers else None)
            if self.selected and is_joker(self.selected):
                keys = [target.key for target in self.lit(self.selected)]
                wanted = PLAY_JOKER[pending]
                self.target_index = keys.index(wanted) if wanted in keys else 0
        self.refresh()

    def shake(self, card: Hashable | None) -> None:
        super().shake(self.links[0] if card == LINKS and self.links else card)

    def pick(self, card: Hashable | None) -> None:
        self.selected, self.target_index = card, 0

    def default_action(self, card: Hashable) -> str | None:
        """A second click on the pick plays it where it has one place to go."""
        lit = self.lit(card)
        return lit[0].key if len(lit) == 1 else None

    # -- input ---------------------------------------------------------------------------
    def pick_at(self, pos: tuple[int, int]) -> Hashable | None:
        """A hand card, or my connection cards as one (LINKS)."""
        card = super().pick_at(pos)
        if card is None and self.cards.at(self.links, pos) is not None:
            return LINKS
        return card

    def held_sprite(self, card: Hashable) -> CardSprite:
        return self.cards[self.links[0] if card == LINKS else card]

    def press_table(self, pos: tuple[int, int]) -> bool:
        """A click on a place of the pick plays it there (a legal one first); a click on
        the draw pile draws."""
        if not self.my_turn:
            return False
        if self.pile_rect().collidepoint(pos):
            self.act("draw")
            return True
        hits = [target for target in self.drop_targets(self.selected)
                if target.rect.collidepoint(pos)]
        if hits:
            hits.sort(key=lambda target: not target.legal)
            self.act(hits[0].key)
            return True
        return False

    def pile_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self.geo.small)
        rect.center = (round(self.geo.pile[0]), round(self.geo.pile[1]))
        return rect

    def press_refusal(self, pos: tuple[int, int]) -> str | None:
        if not self.my_turn and self.pile_rect().collidepoint(pos):
            return self.status_text() or t("table.not_your_turn")
        return super().press_refusal(pos)

    def hint_marks(self) -> list[pygame.Rect]:
        """The hand's moves and the buttons, and my connection cards with their gaps
        when a bridge may be laid."""
        marks = super().hint_marks()
        gaps = self.lit(LINKS) if self.my_turn and self.links else []
        if gaps:
            marks.append(pygame.Rect(self.cards[self.links[0]].rect))
            marks += [pygame.Rect(target.rect) for target in gaps]
        return marks

    def mode(self) -> str:
        """Choosing among a pick's places (↑ ↓) is a mode of its own."""
        mode = super().mode()
        if mode == "holding" and len(self.lit(self.selected)) > 1:
            return "target"
        return mode

    def on_key(self, event: pygame.event.Event) -> None:
        key, mod = event.key, event.mod
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            lit = self.lit(self.selected)
            back = key == pygame.K_UP or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT)
            if lit:
                self.target_index = (self.target_index + (-1 if back else 1)) % len(lit)
            else:
                self.refuse(self.pick_first(t("table.pick_first")) if self.selected is None
                            else t("elfer.nowhere"))
        elif key in CONFIRM_KEYS:
            self.confirm()
        elif key == pygame.K_b:
            if self.selected == LINKS:
                self.selected = None
            elif self.links:
                self.pick(LINKS)
            else:
                self.refuse(t("elfer.no_links"))
            self.refresh()
        elif key == pygame.K_s:
            self.swap_key()
        elif key in BUTTON_KEYS:
            self.act(BUTTON_KEYS[key])
        else:
            super().on_key(event)

    def confirm(self) -> None:
        """Enter plays the pick to the place ↑ ↓ chose, or the only move there is."""
        if self.selected is None:
            if self.forced:
                self.act(self.forced)
            else:
                self.refuse(self.pick_first(t("elfer.pick_first")))
            return
        targets = self.lit(self.selected) or self.drop_targets(self.selected)
        if not targets:
            self.refuse(t("elfer.nowhere"))
            return
        self.act_or_shake(targets[self.target_index % len(targets)].key, self.selected)

    def swap_key(self) -> None:
        """S swaps the picked card for its joker, or the only swap there is."""
        card = self.selected
        if card is None or card == LINKS or is_joker(card):
            swaps = sorted(a for a in self.legal() if read(a).kind == "swap")
            if len(swaps) == 1:
                self.act(swaps[0])
            else:
                self.refuse(t("elfer.swap_pick" if swaps else "elfer.no_swap"))
            return
        self.act_or_shake(SWAP[card], card)
