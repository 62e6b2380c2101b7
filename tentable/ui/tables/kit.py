"""The table kit: what every card table repeats, written once.

`CardTable` is a `TableScene` (the picture of a `Match`) that owns the parts every game's
table had a copy of, as Tuxemon's base `State` gives each state its animation and sprite
groups:

- `tweens`, `drag` (drop targets lit when legal, a refused drop springs back with the
  engine's reason), `cards` (a `SpriteSync` keyed by the view's stable ids), `seat_panel`,
  `log`, `buttons`, and `selected`, the card the keyboard or a click has picked;
- the legal set of the seat at the screen (`legal`, `target`), and acting on it (`act`,
  `act_or_shake`): the table never decides legality, it lights what `legal()` holds;
- input as a chain of handlers (`input_chain`): each takes the event and returns it, or
  None once handled, so nothing is an `if button.handle(event): return` ladder; the
  pointer and keys end in `on_pointer`, `on_press`, `on_release`, `on_key`;
- keyboard focus over the cards to pick (`picks`: the hand, unless the game lifts
  other cards) with `focus_step`, card by card, afresh for each player at the screen;
  hover marks, click-to-pick (`click`) and drag;
- `on_actions`, the one template of a move: told in the log through the game's narration
  module (`words`), the summary between parts, the game's hooks (`moved`, `settled`)
  around every sprite moving to where the new view puts it (`sync`);
- every no said and seen (`refuse`): the reason in a toast and a jolt of what was
  tried (the card, the button pressed, else the keys line); a press on a card that may
  not move, a drop on the felt, a click on a disabled button and a key with nothing to
  do all end there;
- the hint (H, or the Hint button) and the keys line of the current mode, from its part
  `Hints` (tentable/ui/tables/hints.py).

A game fills in: `game` and `words` (class attributes), `layout` (sets `self.geo` and
places the log and buttons), `spots` and `origin` (where cards belong and come from),
`refresh` (marks and buttons), `drop_targets`, `default_action`, `draw_view`, `moved` and
`settled` (what a move adds besides the log and the cards' new places), and the
keys of its own (`on_key`); where a pick is more than a hand card (Elfer's connection
cards, held as one), `pick_at`, `held_sprite` and `pick`. docs/architecture.md, "The
table", tells how the kit, the table base and a game's package fit together.
"""
from __future__ import annotations

import math
from typing import Callable, Hashable

import pygame

from tentable import speech
from tentable.engine.cards import code_of
from tentable.events import Moment
from tentable.ui.tables.hints import KEYS, Hints
from tentable.text import t
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.widgets.panel import blit_label
from tentable.ui.widgets import layout as layouts
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.cards import card_back
from tentable.ui.widgets.dragdrop import DragManager, DropTarget
from tentable.ui.widgets.logpanel import LogPanel
from tentable.ui.widgets.seatpanel import SeatPanel, seat_colour
from tentable.ui.widgets.sprite import CardSprite
from tentable.ui.widgets.spritesync import Point, Spot, SpriteSync
from tentable.ui.widgets.tween import Tweens, linear

#: A link of the input chain: the event back if it is not used up, else None.
Handler = Callable[[pygame.event.Event], "pygame.event.Event | None"]

HELD_Z = 1000          # a held card is drawn above everything
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
JOLT_TIME = 0.3        # seconds a refused button or the keys line shakes
JOLT_PX = 7            # how far (at scale 1)
MODES = ("select", "holding", "target", "dialog")


def consumed(handle: Callable[[pygame.event.Event], bool]) -> Handler:
    """A widget's `handle` (True once it used the event) as a link of the input chain."""
    def link(event: pygame.event.Event) -> pygame.event.Event | None:
        return None if handle(event) else event
    return link


class CardTable(Hints):
    game: str = ""                     # the game id: its card art and seat panels
    # the kit's words that name a card, as a game of other pieces says them (its tiles)
    kit_words: dict[str, str] = {}

    def __init__(self, app, session, link=None) -> None:
        super().__init__(app, session, link)
        self.tweens = Tweens()
        self.drag = DragManager(self.tweens)
        self.cards = SpriteSync(self.game, self.tweens, code=self.card_code)
        self.seat_panel = SeatPanel(self.game, self.seat_note)
        self.log = LogPanel((0, 0, 10, 10))
        self.selected: Hashable | None = None
        # words drawn this frame that a lesson's bubble should leave readable (TEN's total,
        # its auction's title and bids): a game's painter adds them as it draws
        self.readable: list[pygame.Rect] = []
        self.holding: Hashable | None = None   # what the pressed sprite was picked up as
        self.geo = None                # the game's geometry, set by `layout`
        self.hinting = False           # the legal moves are lit (H) until the next gesture
        self.suggestion = None         # Hard's move asked for by the hint (tentable.suggest)
        self._suggestion_seen = False  # its answer has been drawn
        self.suggestion_rect = pygame.Rect(0, 0, 0, 0)   # where its line was drawn
        self.hint_button = Button(t("table.hint"), self.show_hint)
        self.jolted: object = None     # what the last refusal shook: a card, a Button, KEYS
        self.jolt_dx = 0.0             # the shaking button's or keys line's offset now
        self.focus_index: int | None = None    # where in `picks` the last played pick was
        self.keyed = False             # the gesture under way is a key (not the pointer)
        self._bound: dict[int, Callable[[], str | None]] = {}

    def kit_text(self, key: str) -> str:
        """One of the kit's texts ("table.drop_nowhere"), in the game's own words."""
        return t(self.kit_words.get(key, key))

    @staticmethod
    def card_code(key: Hashable) -> str:
        """The printed code of a card id, for its art ("B1#2" -> "B1")."""
        return code_of(key)

    @property
    def buttons(self) -> tuple[Button, ...]:
        """The table's buttons, in the order they take input and are drawn."""
        return ()

    # -- the legal set of the seat at the screen ----------------------------------------
    def legal(self) -> set[str]:
        """What the seat at the screen may do now; empty when it is not its turn."""
        return set(self.view["legal_actions"]) if self.my_turn else set()

    def target(self, rect: pygame.Rect, action: str) -> DropTarget:
        """A drop target for `action`, lit when it is legal. An unlit one still takes the
        drop, so the engine can say why not."""
        return DropTarget(rect, action, action in self.legal())

    @property
    def hand(self) -> list:
        """The hand cards of the seat at the screen (none for a spectator)."""
        return self.view.get("hand") or []

    def shown_hand(self, view: dict, seat: int) -> tuple[str, ...] | None:
        """`seat`'s hand face up when the view shows every seat's (a replay with
        everyone's cards, `State.view_all`), as the codes of its card art; None: backs."""
        hands = view.get("hands")
        if hands is None or hands[seat] is None:
            return None
        return tuple(self.card_code(card) for card in hands[seat])

    @property
    def picks(self) -> list:
        """The cards the pointer and the keys may pick up, in focus order: the hand, or
        what a game lifts instead (the ends of a row of tiles, the tiles that may move)."""
        return self.hand

    # -- sprites -------------------------------------------------------------------------
    def spots(self) -> dict[Hashable, Spot]:
        """Where every card the view shows belongs."""
        raise NotImplementedError

    def origin(self, key: Hashable, seat: int | None) -> Point:
        """Where a card new to the view comes from after `seat`'s move (None: no move)."""
        raise NotImplementedError

    def sync(self, origin: int | None = None, animate: bool = True) -> None:
        """Move every sprite to where the view now puts its card; a card new to the view
        starts at `self.origin(card, origin)`, face down while it travels into the hand."""
        if self.geo is None:
            return
        self.tweens.duration_scale = self.duration_scale
        self.cards.sync(self.spots(), lambda key: self.origin(key, origin), animate,
                        hidden=self.hand)
        self.refresh()

    def show_position(self, seat: int | None = None) -> None:
        """The one way a position set by hand reaches a table (tests, the showcases,
        screenshots; #40 item 5): the link's position now (`LocalLink.set_position` set
        it), drawn at rest as `seat` sees it (None: the seat at the screen)."""
        self.view = self.link.view(self.seat if seat is None else seat)
        self.layers.clear()
        self.sync(animate=False)
        self.app.invalidate()

    def refresh(self) -> None:
        """Marks (picked, lit, hover) and buttons from the view, the pick and the pointer."""

    def hovered(self) -> Hashable | None:
        """The card to pick under the pointer, if any."""
        for card in self.picks:
            sprite = self.cards.get(card)
            if sprite is not None and sprite.hover:
                return card
        return None

    # -- acting ----------------------------------------------------------------------------
    def act(self, action: str) -> bool:
        """Play `action` for the seat at the screen; the pick is spent once it is applied,
        and the keyboard's place in the hand is kept (`focus_index`). A refusal is told by
        `refuse` (the engine's reason in a toast, and a jolt)."""
        if not self.my_turn:
            self.refuse(self.why_not(action) or t("table.not_your_turn"))
            return False
        picks = self.picks
        index = picks.index(self.selected) if self.selected in picks else None
        if self.submit(action):
            self.selected = None
            self.focus_index = index
            if self.keyed and index is not None and self.picks:
                # by keys, the pick stays where it was: on the card that slid into place
                self.selected = self.picks[min(index, len(self.picks) - 1)]
            self.refresh()
            return True
        return False

    def shake(self, card: Hashable | None) -> None:
        """The same no as a refused drop, for a key: the card jolts and springs back."""
        if card in self.cards.spots:
            self.tweens.duration_scale = self.duration_scale
            self.tweens.shake(self.cards[card], self.cards.spots[card].pos)
            self.jolted = card

    def act_or_shake(self, action: str, card: Hashable | None) -> bool:
        if self.act(action):
            return True
        if card != self.selected:     # `refuse` shook the pick already
            self.shake(card)
        return False

    # -- refusals: every no is said and seen -------------------------------------------------
    def refuse(self, reason, card: Hashable | None = None) -> None:
        """The reason in a toast, and a jolt: of `card` (else the pick) where it is on
        the table, else of the keys line."""
        super().refuse(reason)
        card = self.selected if card is None else card
        if card in self.cards.spots:
            self.shake(card)
        else:
            self.jolt(KEYS)

    def jolt(self, what: object) -> None:
        """A button or the keys line shakes sideways and settles (a refusal without a
        card to shake)."""
        self.jolted = what
        self.tweens.duration_scale = self.duration_scale
        amount = JOLT_PX * theme.ui_scale(self.app.size)

        def apply(value) -> None:
            self.jolt_dx = amount * math.sin(float(value) * math.pi * 4) * (1 - float(value))
        self.tweens.animate(("jolt",), 0.0, 1.0, JOLT_TIME, apply, linear,
                            then=lambda: setattr(self, "jolt_dx", 0.0))
        self.app.invalidate()

    def bind(self, button: Button, action: Callable[[], str | None]) -> Button:
        """Name the move `button` plays (None: it needs a pick first), so a press on it
        while it is off says the engine's reason."""
        self._bound[id(button)] = action
        return button

    def card_rect(self, card) -> pygame.Rect | None:
        """Where `card` (an id, "O4#1"; Take That's 34) is drawn, for a bubble to point at; None: not on
        the table. A table that draws some cards without sprites (TEN's market) adds them."""
        sprite = self.cards.sprites.get(card)
        return sprite.rect if sprite is not None else None

    def bound_move(self, button: Button) -> str | None:
        """The move `button` plays now, as `bind` named it (None: none, or a pick first)."""
        moves = self._bound.get(id(button))
        return moves() if moves is not None else None

    def live_buttons(self) -> list[Button]:
        """The buttons that take input now."""
        return list(self.buttons)

    def button_refusal(self, button: Button) -> str:
        """Why `button` is off, in the player's words."""
        if not self.my_turn:
            return self.status_text() or t("table.not_your_turn")
        moves = self._bound.get(id(button))
        action = moves() if moves is not None else None
        if action is None:
            return t("table.pick_first") if moves is not None else t("table.button_off")
        return self.why_not(action) or t("table.button_off")

    def press_refusal(self, pos: tuple[int, int]) -> str | None:
        """Why a press at `pos` that picked nothing up did nothing: a card there may not
        be moved (someone else's, one already laid, or it is not my turn); a table adds
        its own places (the draw pile). None: the felt, nothing was tried."""
        if self.cards.at(list(self.cards.sprites), pos) is None:
            return None
        if not self.my_turn:
            return self.status_text() or t("table.not_your_turn")
        return self.kit_text("table.not_movable")

    def forced_pill(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The pill that says "Your only move: …" plays it when clicked (a pass at TEN
        tiles has no button of its own)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.forced \
                and self.drag.sprite is None and self.status_rect.collidepoint(event.pos):
            self.act(self.forced)
            return None
        return event

    def disabled_buttons(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A click on a button that is off says why, with a jolt of the button."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.drag.sprite is None:
            for button in self.live_buttons():
                if not button.enabled and button.rect.collidepoint(event.pos):
                    super().refuse(self.button_refusal(button))
                    self.jolt(button)
                    return None
        return event

    def default_action(self, card: Hashable) -> str | None:
        """What a second click on a picked card plays (None: nothing)."""
        return None

    def drop_targets(self, card: Hashable) -> list[DropTarget]:
        """The places `card` may be dropped on, each keyed by its action (`target`)."""
        return []

    # -- input: a chain of handlers ----------------------------------------------------------
    def input_chain(self) -> list[Handler]:
        """The log's wheel, then the buttons, then the pointer and keys. A table puts its
        own links in front (a dialog of its own) or between (a tray)."""
        return [consumed(self.log.handle), *(consumed(b.handle) for b in self.buttons),
                self.pointer_and_keys]

    def process_event(self, event: pygame.event.Event) -> None:
        """Esc while a card is held puts it back (a second Esc pauses)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and self.drag.sprite is not None:
            self.drag.cancel()
            self.app.invalidate()
            return
        super().process_event(event)

    def handle_input(self, event: pygame.event.Event) -> None:
        """The hint and the disabled buttons first, then the table's chain."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.keyed = event.type == pygame.KEYDOWN
        for handler in [self.hint_input, self.disabled_buttons, self.forced_pill,
                        *self.input_chain()]:
            if handler(event) is None:
                return

    def pointer_and_keys(self, event: pygame.event.Event) -> None:
        self.route_input(event)
        return None

    def on_pointer(self, pos: tuple[int, int]) -> None:
        """A held card follows; the card to pick under the pointer is marked, and the marks
        are refreshed when that card changed (not on every motion: a table may rebuild
        its buttons in `refresh`)."""
        self.drag.motion(pos)
        hand = self.picks
        top = self.cards.at(hand, pos) if self.drag.sprite is None else \
            self.cards.key_of(self.drag.sprite)
        changed = False
        for card in hand:
            sprite = self.cards.get(card)
            if sprite is not None and sprite.hover != (card == top):
                sprite.hover = card == top
                changed = True
        if changed:
            self.refresh()

    def on_press(self, pos: tuple[int, int]) -> None:
        """What `pick_at` finds is picked up on our turn; anywhere else is `press_table`,
        and a press there that did nothing on a card says why (`press_refusal`)."""
        card = self.pick_at(pos)
        if card is not None and self.my_turn:
            sprite = self.held_sprite(card)
            self.holding = card
            self.drag.set_targets(self.drop_targets(card))
            self.drag.press(sprite, pos)
            sprite.z = HELD_Z
            return
        if card is None and self.press_table(pos):
            return
        reason = self.press_refusal(pos)
        if reason is not None:
            self.refuse(reason, self.cards.at(list(self.cards.sprites), pos))

    def pick_at(self, pos: tuple[int, int]) -> Hashable | None:
        """What a press at `pos` picks up: one of `picks` there. A table may pick more (a
        stack of its own cards, held as one)."""
        return self.cards.at(self.picks, pos)

    def held_sprite(self, card: Hashable) -> CardSprite:
        """The sprite that travels with the pointer when `card` is picked up."""
        return self.cards[card]

    def pick(self, card: Hashable | None) -> None:
        """Make `card` the pick (a click, ← →); a table may reset what goes with it."""
        self.selected = card

    def press_table(self, pos: tuple[int, int]) -> bool:
        """A press on the table outside the hand (a click on a place for the pick). True
        if it was used (a move tried, a pan begun)."""
        return False

    def on_release(self, pos: tuple[int, int]) -> None:
        """A click picks a card (a second click plays `default_action`); a drop asks
        the engine, and a refused card springs home."""
        result = self.drag.release(pos)
        if result is None:
            return
        card = self.holding
        spot = self.cards.spots.get(self.cards.key_of(result.sprite))
        if spot is not None:
            result.sprite.z = spot.z            # back among its neighbours
        # An applied action re-places every card through on_actions; otherwise the card
        # is already on its way home and only the marks change.
        if result.clicked:
            self.click(card)
        elif result.target is not None:
            # The engine has the last word and the clearer message: ask it even when the
            # target is marked illegal, then send the card home if it said no.
            if not self.act(result.target.key) and spot is not None:
                self.drag.spring_back(result.sprite, spot.pos)
        else:
            self.refuse(self.kit_text("table.drop_nowhere"), card)
        self.refresh()

    def click(self, card: Hashable) -> None:
        """A click on a card to pick picks it; a second click plays `default_action`."""
        action = self.default_action(card) if self.selected == card else None
        if action is not None:
            self.act(action)
        else:
            self.pick(card)

    def on_key(self, event: pygame.event.Event) -> None:
        """← → move the pick through the hand; a table adds its own keys."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus_step(1 if event.key == pygame.K_RIGHT else -1)

    def focus_step(self, step: int) -> None:
        """Pick the next (or previous) card as they lie, every one of them (a card that
        may not move says why when it is played); at either end the pick stays, with a
        jolt. With none picked: from where the last played card was, else from the
        first (→) or the last (←)."""
        hand = self.picks
        if not hand:
            self.refuse(self.status_text() if not self.my_turn else self.kit_text("table.nothing_to_pick"))
            return
        if self.selected in hand:
            index = hand.index(self.selected) + step
        elif self.focus_index is not None:
            index = min(self.focus_index, len(hand)) - (1 if step > 0 else 0) + step
        else:
            index = 0 if step > 0 else len(hand) - 1
        card = hand[max(0, min(len(hand) - 1, index))]
        if card == self.selected:
            self.shake(card)                   # the end of the hand: no wrap round
        self.pick(card)
        self.refresh()
        # read aloud, the card the keys came to: at once, cutting off the one before it
        self.reader.speak(self.pick_words(card), speech.NOW)

    def pick_first(self, text: str) -> str:
        """Why a key for the pick did nothing with none picked: `text` ("Pick a card
        first: …"), saying so when a card is under the pointer, which is not the pick."""
        pointed = self.hovered()
        if pointed is None:
            return text
        return t("table.pointed", card=self.pick_words(pointed), then=text)

    def pick_words(self, card: Hashable) -> str:
        """A pick in the game's words ("red 7", "a white 3"), to read aloud."""
        return self.words.card(card) if self.words is not None else ""

    # -- events from the match: one template for every game --------------------------------
    settle_once = False   # a gesture's cards move once, at its end (TEN: a buy and its payment)

    def on_actions(self, seat: int, actions: list[str], views: list[dict]) -> None:
        """Every move of every game goes this way, never overridden: each action told in
        the log (`narrate`), then the game's own reaction (`moved`), every card to where
        the view puts it (`sync`) and what follows that (`settled`) — after each action,
        or once at the end of a gesture (`settle_once`). A game fills in the hooks."""
        for action, before, after in zip(actions, views, views[1:]):
            self.narrate(seat, action, before, after)
            if not self.settle_once:
                self._settle(seat, action, before, after)
        if self.settle_once:
            self._settle(seat, actions[-1], views[0], views[-1])

    def _settle(self, seat: int, action: str, before: dict, after: dict) -> None:
        self.moved(seat, action, before, after)
        self.sync(origin=seat)
        self.settled(seat, action, before, after)

    def moved(self, seat: int, action: str, before: dict, after: dict) -> None:
        """What the game adds after `seat`'s `action`, before the cards move (a camera that
        follows, a flash, cards carried from one key to another)."""

    def settled(self, seat: int, action: str, before: dict, after: dict) -> None:
        """What the game adds once the cards have their new places (a pot that flies)."""

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        self.selected = self.focus_index = None     # each player picks afresh
        if self.geo is not None:
            self.layout(self.app.size)

    def moment_column(self) -> pygame.Rect | None:
        return self.log.rect            # the banner stands in for the log while it holds

    def moment_passed(self, moment: Moment) -> None:
        """From a moment's position to the next the cards move as after a move."""
        self.selected = None
        self.layers.clear()
        self.sync()

    def animate(self, dt: float) -> bool:
        return self.tweens.update(dt) or self.drag.dragging

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.drag.draw_held(surface)     # a dragged card passes over the log and buttons

    def leave(self) -> None:
        """Covered (the menu, how to play): a card held goes home. Its release comes to
        the scene above, and a drag left open holds the computer players (`animate`)."""
        super().leave()
        self.drag.cancel()
        self.holding = None

    # -- words -------------------------------------------------------------------------------
    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        for line in self.words.tell(self.teller, seat, action, before, after):
            self.log.add(line.text, None if line.seat is None else seat_colour(line.seat))
        if self.parts is not None and self.part_ended(before, after):
            self.part_over(after)

    def forced_text(self, action: str) -> str:
        return t("table.forced", action=self.words.move(action))

    # -- painting ------------------------------------------------------------------------------
    def draw_backs(self, surface: pygame.Surface, n: int, center: Point, width: float,
                   size: tuple[int, int]) -> None:
        """A hand the screen may not show: `n` backs in a fan (a spectator's view)."""
        back = card_back(self.game, size)
        for slot in layouts.fan(n, center, width, size):
            surface.blit(back, back.get_rect(center=slot.pos))

    def draw_pile(self, surface: pygame.Surface, count: int, centre: Point,
                  size: tuple[int, int], text: str, s: float, shown: int | None = None) -> None:
        """A face-down draw pile of `count` cards (at most `shown` drawn), an outline where
        it ran out, and `text` ("52 left") under it."""
        back = card_back(self.game, size)
        for dx, dy in layouts.pile_offsets(count if shown is None else min(count, shown)):
            surface.blit(back, back.get_rect(center=(centre[0] + dx, centre[1] + dy)))
        if not count:
            pygame.draw.rect(surface, theme.FELT_LIGHT,
                             pygame.Rect(0, 0, *size).move(centre[0] - size[0] / 2,
                                                           centre[1] - size[1] / 2),
                             max(1, px(2, s)), border_radius=px(8, s))
        blit_label(surface, text, text_px(theme.FONT_SMALL, s), theme.TEXT, bold=True,
                   midtop=(centre[0], centre[1] + size[1] / 2 + px(6, s)))

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The log and the buttons (the refused one shaking)."""
        self.log.draw(surface)
        for button in self.buttons:
            self.draw_shaken(surface, button)

    def draw_shaken(self, surface: pygame.Surface, button: Button) -> None:
        if button is not self.jolted or not self.jolt_dx:
            button.draw(surface)
            return
        home = button.rect
        button.rect = home.move(round(self.jolt_dx), 0)
        button.draw(surface)
        button.rect = home
