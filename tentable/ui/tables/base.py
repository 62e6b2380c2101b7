"""The base of every game's table: the picture of a `Match`; games draw views.

A card table builds on `tentable.ui.tables.kit.CardTable`, which subclasses this and adds
the parts every table repeats (sprites, drag, log, seat panels, input chain, focus). A
game's table sees the game only through views
(`view(seat)` of the seat at the screen), never the full state:

    class TakeThatTable(TableScene):
        def __init__(self, app, session):
            super().__init__(app, session)        # first: the base sets up the match
            ...                                   # then the table's own fields
        def layout(self, size): ...                    # place things; card size: self.card_size
        def draw_view(self, surface, view, seat): ...  # paint the view (seat None: spectator)
        def handle_input(self, event): ...             # mouse/keys -> self.submit("play 34")
        def moved(self, seat, action, before, after): ...      # the game's own after a move
        def animate(self, dt): return tweens.update(dt)        # True while moving

and is registered in `tentable.ui.scenes.TABLES`. The table reaches its game only through
a link (`tentable.link`: a `LocalLink` to a match on this computer, which owns the state,
the bots, the automata and the autosave, or a `RemoteLink` to a seat a host serves); the
base asks it what the seats may know, hands it the gestures, turns its events into the
table's hooks, decides which seat is at the screen (the human to move; a "Pass to <name>"
curtain between two humans), paces the computer's moves by the animation speed, plays a
human's only possible move by itself once its banner has been read (`Match.only_choice`),
holds the moments (a bust, a showdown, the end of a round: `tables.moments`) and
everything while a dialog is up, and shows the results.
"""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Callable

import pygame

from tentable import keeping, narration, speech, store
from tentable.narration import shown_name
from tentable.engine import IllegalAction
from tentable.events import (Applied, Away, BotFailed, BotLate, Moment, OnlyChoice,
                             Refused, SaveFailed, SeatChanged, Undone)
from tentable.events import GameOver as GameOverEvent
from tentable.link import LocalLink
from tentable.session import Session
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes.common import backdrop, px, text_px
from tentable.ui.tables.aloud import Aloud
from tentable.ui.tables.ending import Ending
from tentable.ui.tables.faraway import FarAway
from tentable.ui.tables.heard import Heard
from tentable.ui.tables.moments import HoldsMoments, MomentHold
from tentable.ui.tables.parts import InParts, Parts  # noqa: F401  (tables import Parts here)
from tentable.ui.tables.screen import AtTheScreen
from tentable.ui.tables.screens import Curtain, GameOver
from tentable.ui.tables.seats import Seats
from tentable.ui.tables.undo import UndoControl
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.layers import Layers
from tentable.ui.widgets.panel import draw_panel, label, wrap
from tentable.ui.widgets.seatpanel import seat_colour, seat_symbol
from tentable.ui.widgets.shapes import symbol_icon

if TYPE_CHECKING:
    from tentable.ui.app import App

# seconds between two computer moves, and the factor on every animation's duration
BOT_DELAY = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
DURATION_SCALE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
# a human's only possible move waits this long, its reason in the banner, then plays itself
ONLY_CHOICE_DELAY = {"slow": 2.4, "normal": 1.5, "fast": 0.8, "instant": 0.0}
END_DELAY = 0.8          # a moment to see the last move before the results cover the table
THINKING_AFTER = 0.3     # "… is thinking" only once a bot takes noticeably long


class TableScene(HoldsMoments, AtTheScreen, Seats, FarAway, InParts, Ending, Scene):
    words: ModuleType | None = None    # its narration module, tentable.narration.<game>

    def __init__(self, app: "App", session: Session, link=None) -> None:
        super().__init__(app)
        # SetupError for a bad setup or record, ValueError for an unknown bot: the caller
        # shows it. No taking back on the solo ladder: a rung is earned. A table built
        # again in another language (`relanguage`) goes on with the link it had; a table
        # of a seat another computer hosts is given its link (`tentable.net.link`).
        self.link = link or LocalLink.start(
            session, clock=app.clock, save=None if session.watch else store.save_autosave,
            keep=None if session.watch else keeping.keep,
            undo=not session.watch and keeping.mode_of(session.record([])) != "ladder")
        self.link.session = self.named(self.link.session)
        self.undo = UndoControl(self)
        self.heard = Heard(self)       # the table's sounds, from the events it shows
        self.reader = Aloud(self)      # what it reads aloud, from what it shows
        self._since_action = 0.0
        self._results_shown = False
        self._final_board = False      # the game is over and its banner is up
        self._save_failed = False
        self._laid_out: tuple = ()
        self.dialog: Dialog | None = None     # a modal dialog holds the game (bots too)
        self.toast_area: pygame.Rect | None = None   # free felt for toasts (set by layout)
        self.status_rect = pygame.Rect(0, 0, 0, 0)   # the status pill, where it was drawn
        self.seat: int | None = None      # the seat at the screen; None: spectator view
        self.curtain: int | None = None   # the human the screen must be passed to
        self.view: dict = self.link.view(None)
        self.pause_button = Button(t("table.menu"), self.pause)
        self.curtain_screen = Curtain(self._lift_curtain)
        self.over = GameOver(self.show_results)   # the final board, until results are asked
        self.moments = MomentHold(self.go_on)     # positions held until the player goes on
        self._follow_turn(notify=False)
        # The seat drawn at the bottom of the table: the one at the screen, or the first
        # human's while the screen shows a spectator's view (a bot's turn, the curtain).
        self.bottom: int = self.seat if self.seat is not None else (session.humans or [0])[0]
        self.layers = Layers()      # parts drawn once per view, then copied (kept_layer)
        self._in_front = self.in_front()   # new with the table: the app's glance covers it

    # -- what subclasses may use ------------------------------------------------
    @property
    def session(self) -> Session:
        """Who sits where (a seat handed to the computer shows as a computer's)."""
        return self.link.session

    @property
    def names(self) -> list[str]:
        """The seats' names as shown: "You" in the player's language (`shown_name`)."""
        return [shown_name(seat.name) for seat in self.session.seats]

    @property
    def game_over(self) -> bool:
        return self.link.is_over

    @property
    def current_player(self) -> int | None:
        return self.link.current_player

    @property
    def my_turn(self) -> bool:
        """The seat at the screen is a human to move and may act now (never in a replay,
        where the table only watches, nor while a moment holds the table)."""
        return (not self.session.watch and self.curtain is None and self.dialog is None
                and not self.moments and self.seat is not None and not self.link.busy
                and self.link.current_player == self.seat and self.link.is_human(self.seat))

    def legal_actions(self) -> list[str]:
        """The legal actions of the seat at the screen when it is its turn, else []."""
        return self.link.legal_actions(self.seat) if self.my_turn else []

    @property
    def forced(self) -> str | None:
        """The only action the human at the screen has, if there is just one. The banner
        says so and why; after a moment (`ONLY_CHOICE_DELAY`) it is played by itself (not
        behind a curtain: `waits_for_player`), and a click or key plays it at once."""
        return self.link.only_choice if self.my_turn else None

    def why_not(self, action: str) -> str | None:
        """None if the seat at the screen may play `action` now, else the engine's reason
        in the player's words (e.g. to label an illegal drop target). Changes nothing."""
        if not self.my_turn:
            busy = self.link.busy and self.link.current_player == self.seat
            return t("table.busy") if busy else self.status_text() or t("table.not_your_turn")
        refusal = self.link.why_not(self.seat, action)
        return None if refusal is None else self.worded(refusal)

    def worded(self, refusal: IllegalAction) -> str:
        """An engine's refusal as the player reads it: cards, moves and seats in the
        game's words (`narration.refusal`), never the notation."""
        return narration.refusal(self.words, refusal, self.names) if self.words \
            else str(refusal)

    @property
    def settings(self) -> dict:
        return self.app.settings

    @property
    def card_size(self) -> tuple[int, int]:
        return theme.card_size(self.app.size, self.app.settings.get("card_size", "medium"))

    @property
    def duration_scale(self) -> float:
        """Multiply animation durations by this (0: instant)."""
        return DURATION_SCALE.get(self.app.settings.get("animation_speed"), 1.0)

    @property
    def bot_delay(self) -> float:
        return BOT_DELAY.get(self.app.settings.get("animation_speed"), 0.6)

    @property
    def only_choice_delay(self) -> float:
        return ONLY_CHOICE_DELAY.get(self.app.settings.get("animation_speed"), 1.5)

    def submit(self, action: str) -> bool:
        """Play `action` for the seat at the screen. An illegal action is shown as an
        error toast and changes nothing. True if it was applied."""
        return self.submit_all([action])

    def submit_all(self, actions: list[str]) -> bool:
        """Play several actions as one gesture (a whole payment): checked on a copy first,
        then applied, saved and animated once. Nothing happens if any is refused. True
        unless refused (a remote seat's gesture is on its way: its outcome comes as events)."""
        if not self.my_turn or not actions:
            return False
        events = self.link.submit(self.seat, actions)
        self._handle(events)
        return not any(isinstance(event, Refused) for event in events)

    def play(self, seat: int, actions: list[str]) -> bool:
        """Play for any seat to move, told and animated like a real move (showcases and
        tests that direct every seat)."""
        events = self.link.play(seat, actions)
        self._handle(events)
        return not any(isinstance(event, Refused) for event in events)

    def refuse(self, reason: str | IllegalAction) -> None:
        """Say why a move was refused: a sentence of the table's, or the engine's refusal
        in the player's words."""
        if isinstance(reason, IllegalAction):
            reason = self.worded(reason)
        self.app.toasts.show(reason, 3.5, "error")
        self.heard.hear("refused")
        self.reader.speak(reason, speech.NOW)

    def status_text(self) -> str:
        current = self.link.current_player
        if current is None:
            return ""
        if self.session.watch:
            return self.say("table.turn_of", current)
        if not self.link.is_human(current):
            waited = self.link.thinking_for
            slow = waited is not None and waited >= THINKING_AFTER
            key = "table.thinking" if slow else "table.turn_of"
            if current in self.link.assisted:       # "The computer plays for you"
                key += ".helped"
            return self.say(key, current)
        if current != self.seat:
            return self.say(self.waiting_key(current), current)
        return self.my_turn_text(current)

    def my_turn_text(self, seat: int) -> str:
        """"Your turn" to the human at the screen; "Your turn, Ana" when several share it."""
        if len(self.session.humans) == 1:
            return t("table.your_turn")
        return self.say("table.your_turn_named", seat)

    def show_dialog(self, dialog: Dialog | None) -> None:
        self.dialog = dialog
        self.mind_keys()
        self.app.invalidate()

    def kept_layer(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: tuple,
                   paint: Callable[[], None]) -> None:
        """A part drawn once per view (and bottom seat), then copied: see widgets.layers."""
        self.layers.draw(surface, name, rect, (self.bottom, self.away_key(), key), paint)

    def pause(self) -> None:
        self.app.push("pause", table=self)

    def relanguage(self) -> "TableScene":
        """The same table in the player's new language: built again around the same match
        (its log told again in the new words), where it stood: the seat at the screen, a
        curtain, the moments still held, the final board."""
        fresh = type(self)(self.app, self.session, link=self.link)
        fresh.curtain, fresh._final_board = self.curtain, self._final_board
        fresh._results_shown = self._results_shown
        fresh.moments.queue = list(self.moments.queue)
        fresh.heard.owed = self.heard.owed      # the cues the held moments still owe
        if fresh.moments:
            fresh.view = fresh.moments.current.views[self.seat]
        fresh._set_seat(self.seat, fresh.view)
        return fresh

    def close(self) -> None:
        """Leaving the table: stop the bot, make sure the last move is on disk."""
        self.link.close()

    flush_autosave = close

    # -- hooks for subclasses ---------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Place the table for a window of `size` (and the current card size setting)."""

    def draw_view(self, surface: pygame.Surface, view: dict, seat: int | None) -> None:
        """Paint the table as `seat` sees it. `view` is `state.view(seat)`."""
        raise NotImplementedError

    def handle_input(self, event: pygame.event.Event) -> None:
        """Mouse and keys (not Esc) while no curtain or dialog is up; ends in `submit`.
        Tables handle their buttons and log first, then `route_input(event)`."""

    def route_input(self, event: pygame.event.Event) -> None:
        """The pointer and the keys to the hooks every table has: on_pointer (moves),
        on_press / on_release (left button), on_key (a key press)."""
        if event.type == pygame.MOUSEMOTION:
            self.on_pointer(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.on_key(event)

    def on_pointer(self, pos: tuple[int, int]) -> None:
        """The pointer moved (hover marks, a held card follows)."""

    def on_press(self, pos: tuple[int, int]) -> None:
        """Left button down: pick up a card, or start a click."""

    def on_release(self, pos: tuple[int, int]) -> None:
        """Left button up: a drop or a click."""

    def on_key(self, event: pygame.event.Event) -> None:
        """A key press (event.key, event.mod)."""

    def animate(self, dt: float) -> bool:
        """Advance animations; True while something moves (bots and results wait for it)."""
        return False

    def on_actions(self, seat: int, actions: list[str], views: list[dict]) -> None:
        """`seat` played `actions` (one, or several in one gesture: `submit_all`, a chain of
        only moves); `views`, all of the seat at the screen (`self.seat`): before the
        first, between them, after the last. The kit's template (`CardTable.on_actions`)
        tells and shows them; a game fills in its hooks."""

    def on_seat_change(self, seat: int | None, turned: bool) -> None:
        """The seat at the screen changed; `self.view` is already its view. `turned`: the
        table turned to another bottom seat (`self.bottom` is already it)."""

    def narrate(self, seat: int, action: str, before: dict, after: dict) -> None:
        """Put `seat`'s `action` in the log, worded from the views around it."""

    def retell(self) -> None:
        """Fill the log as the game began and went on, so a resumed game shows its log as
        it was: the moves as the match tells them to the seat at the screen
        (`link.past`). Tables call it at the end of __init__."""
        past = self.link.past(self.seat)
        self.log_start(past["start"])
        chain = None        # the seat whose run of only moves is being told
        for move in past["moves"]:
            seat, only = move["seat"], move["only"]
            if only and chain != seat:       # as `Match.play_only_choice` runs them
                self.tell_only_choice(seat)
            chain = seat if only and not move["revealed"] else None
            self.narrate(seat, move["action"], move["before"], move["after"])
        if self.session.history and not self.session.watch:
            self.log.add(t("table.resumed", n=len(self.session.history)))

    def forced_text(self, action: str) -> str:
        """What to tell a human whose only move is `action` (override per game)."""
        return t("table.forced", action=action)

    def tell_only_choice(self, seat: int) -> None:
        """Say that `seat`'s next move was its only one, once: a move told by no line of
        its own (an item of a payment, told whole when complete) leaves the line said
        before it as the last, and another only move then needs no second one."""
        said = self.only_choice_told(seat)
        entries = self.log.entries
        if not entries or entries[-1].text != said:
            self.log.add(said, seat_colour(seat))

    def only_choice_told(self, seat: int) -> str:
        """The log's line before a move that was `seat`'s only one and played itself."""
        return self.say("table.only_choice", seat)

    def draw_status(self, surface: pygame.Surface) -> None:
        """Whose turn it is (or the only move), in a pill at the top centre, left of the
        buttons there; a text too long for that room in smaller type, on two lines."""
        forced = self.forced
        text = self.forced_text(forced) if forced else self.status_text()
        if not text:
            return
        w = surface.get_width()
        scale = theme.ui_scale(surface.get_size())
        size = text_px(theme.FONT_BODY, scale)
        current = self.link.current_player
        icon = symbol_icon(seat_symbol(current), size, seat_colour(current))
        pad = px(theme.PAD, scale)
        right = min(b.x for b in self.top_buttons()) - pad
        room = right - pad - icon.get_width() - 3 * pad
        lines = [text]
        if theme.font(size, True).size(text)[0] > room:
            size = text_px(theme.FONT_SMALL, scale)
            lines = wrap(text, size, room, bold=True, most=2)
        images = [label(line, size, theme.TEXT, bold=True) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in images) + icon.get_width() + 3 * pad,
                          sum(i.get_height() for i in images) + pad)
        box.midtop = (w // 2, pad)
        box.right = min(box.right, right)
        self.status_rect = box      # a click on it plays the only move (the kit)
        draw_panel(surface, box, radius=min(box.h // 2, px(20, scale)),
                   edge=theme.HIGHLIGHT if forced else theme.PANEL_EDGE)
        surface.blit(icon, icon.get_rect(midleft=(box.x + pad, box.centery)))
        y = box.y + pad // 2
        for image in images:
            surface.blit(image, (box.x + 2 * pad + icon.get_width(), y))
            y += image.get_height()

    def top_buttons(self) -> list[pygame.Rect]:
        """The buttons along the top right (the status pill keeps left of them)."""
        return [self.pause_button.rect, self.undo.button.rect]

    # -- Scene protocol -----------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        scale = theme.ui_scale(size)
        pad = px(theme.PAD, scale)
        w, h = px(110, scale, 80), px(theme.BUTTON_HEIGHT, scale, 30)
        self.pause_button.layout((size[0] - w - pad, pad, w, h))
        self.undo.layout(self.pause_button.rect)
        self.curtain_screen.layout(size)
        self.over.layout(size)
        self._laid_out = (tuple(size), self.card_size)
        self.layout(size)
        self.moments.layout(size, self.moment_column())
        self.app.toasts.area = self.toast_area

    def enter(self) -> None:
        self.heard.start()
        # back from the settings: lay out again if the card size changed meanwhile
        if self._laid_out != (self.app.size, self.card_size):
            self.resize(self.app.size)
        self.app.toasts.area = self.toast_area

    def leave(self) -> None:
        self.app.toasts.area = None

    def process_event(self, event: pygame.event.Event) -> None:
        self.mind_keys()                   # what came up since is new for the keys
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.push("rules", game_id=self.session.game_id)   # how to play
            return
        if self.pause_button.handle(event) or self.undo.handle(event):
            return
        if self.curtain is not None:
            self.curtain_screen.handle(event)
            return
        if self.dialog is not None:
            self.dialog.handle(event)
            return
        if self.moments:
            self.moments.handle(event)
            return
        if self._final_board and self.over.handle(event):
            return
        self.handle_input(event)

    def update(self, dt: float) -> bool:
        self.mind_keys()
        self.keep_in_touch(dt)             # a remote seat's line to its host (`FarAway`)
        self._since_action += dt
        self.reader.first()                # whose turn it is, as the table comes up
        moving = self.animate(dt)
        if self.curtain is not None or self.dialog is not None:
            return moving          # a dialog or the curtain holds the game, bots included
        if self.moments:           # so does a moment, until the player goes on
            if self.moments.tick(dt, not moving, self.settings.get("moments") == "auto"):
                self.go_on()
                return True
            return moving
        link = self.link
        if link.is_over:
            if not self._final_board and not moving and self._since_action >= END_DELAY:
                self._final_board = True             # the banner holds the final board
                return True
            auto = self.settings.get("moments") == "auto"
            if self._final_board and auto and not self._results_shown \
                    and self._since_action >= END_DELAY + GameOver.AUTO:
                self.show_results()
                return True
            return moving
        asked = link.job is None
        # the match paces its computers (and Mona): a decision started, then its move
        # once the pause after what was shown is over and nothing moves on the table; the
        # frame a decision starts in is drawn before its move, even at "instant" speed
        link.pace = self.bot_delay
        starting = asked and link.current_player not in link.automata
        events = link.step(still=not moving and not starting)
        self._handle(events)
        if any(isinstance(event, Applied) for event in events):
            return True
        current = link.current_player
        if link.is_human(current):
            if self.forced is None or self.waits_for_player:
                return moving
            if moving or self._since_action < self.only_choice_delay:
                return True         # the banner is read, then the move plays itself
            self._handle(link.play_only_choice())
            return True
        if asked and link.job is not None:
            return True            # the frame with the last move is drawn before the answer
        # the status pill changes to "thinking…" after a moment: draw that frame
        waited = link.thinking_for
        return moving or (waited is not None and waited < THINKING_AFTER + 0.1)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        if self.curtain is not None:
            self.curtain_screen.draw(surface, self.curtain, self.say("table.pass_title",
                                                                     self.curtain))
        else:
            self.draw_view(surface, self.view, self.seat)
            if self.moments:
                self.moments.draw(surface, *self.moment_words(self.moments.current))
            else:
                self.draw_status(surface)
            if self._final_board and not self.session.watch:
                self.over.draw(surface)
            if self.dialog is not None:
                self.dialog.draw(surface)
        if not self.session.watch:        # a replay has the viewer's own controls
            self.pause_button.draw(surface)
            self.undo.draw(surface)

    def tell(self, text: str) -> None:
        """A line in the table's log (every game's table has one)."""
        self.log.add(text)

    def take_back_move(self) -> None:
        """Undo the last gesture of the seat at the screen (see `UndoControl`)."""
        self._handle(self.link.undo(self.seat))

    # -- inside -----------------------------------------------------------------
    def _handle(self, events: list) -> None:
        """Every event of the match comes to the table here: shown (`_handle_events`), and
        what that changed read aloud as one batch (`Aloud`)."""
        if events:
            with self.reader.batch():
                self._handle_events(events)

    def _handle_events(self, events: list) -> None:
        """Turn the match's events into the table's hooks, toasts and seat changes (the
        tables call `_handle`, which reads aloud what they changed: `Aloud`)."""
        # a replay shows every position as it comes: it holds nothing
        moments = [] if self.session.watch else [e for e in events if isinstance(e, Moment)]
        self.heard.events(events)          # as the table shows them
        for event in events:
            if isinstance(event, Applied):
                self._since_action = 0.0
                # the table goes to the first moment's position; the live one waits
                self.view = moments[0].view if moments else event.after
                self.moments.add(moments)
                self.on_actions(event.seat, list(event.actions),
                                [event.before, *event.steps, event.after])
                if moments:
                    self._hold(moments)
                else:
                    self._follow_turn()
                self.app.invalidate()
            elif isinstance(event, OnlyChoice):
                self.tell_only_choice(event.seat)
            elif isinstance(event, GameOverEvent):
                self._told_kept(event.kept)
            elif isinstance(event, Undone):
                self._since_action = 0.0
                self.view = event.after
                self.tell(self.say("table.undone", event.seat))
                self.on_seat_change(self.seat, False)   # everything drawn again from the view
                self.app.invalidate()
            elif isinstance(event, SeatChanged):
                self.tell(self.seat_changed_text(event))
                if not self.moments:
                    self._follow_turn()
                self.app.invalidate()
            elif isinstance(event, Refused):
                self.refuse(event.reason or t("table.not_your_turn"))
            elif isinstance(event, Away):
                self.friend_away(event.seat, event.away)
            elif isinstance(event, BotLate):
                self.app.toasts.show(self.say("table.bot_late", event.seat), 4.0, "error")
            elif isinstance(event, BotFailed):
                self.app.toasts.show(self.say("table.bot_failed", event.seat,
                                              reason=event.reason or t("table.bot_illegal")),
                                     4.0, "error")
            elif isinstance(event, SaveFailed) and not self._save_failed:
                self._save_failed = True       # say it once, not after every move
                self.app.toasts.show(t("table.save_failed", reason=event.reason), 4.0, "error")
                self.app.invalidate()
        self.mind_keys()
