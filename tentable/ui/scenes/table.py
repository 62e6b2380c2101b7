"""The base of every game's table: turns, seats, bots, saving; the game draws views.

A game's table subclasses `TableScene` and sees the game only through views
(`state.view(seat)` of the seat at the screen), never the full state:

    class TakeThatTable(TableScene):
        def layout(self, size): ...                    # place things; card size: self.card_size
        def draw_view(self, surface, view, seat): ...  # paint the view (seat None: spectator)
        def handle_input(self, event): ...             # mouse/keys -> self.submit("play 34")
        def on_action(self, seat, action, before, after): ...  # animate, log
        def animate(self, dt): return tweens.update(dt)        # True while moving

and is registered in `tentable.ui.scenes.TABLES`. The base decides which seat is at
the screen (the human to move; a "Pass to <name>" curtain between two humans), runs
bots on a worker thread over a clone of the state, paces their moves by the
player's animation speed, applies every action on the frame thread, reports
illegal ones as toasts, autosaves after each action and shows the results.
"""
from __future__ import annotations

import random
import threading
from typing import TYPE_CHECKING

import pygame

from tentable import store
from tentable.bots import make_bot
from tentable.engine import IllegalAction, new_game
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes.common import backdrop, px, text_px
from tentable.ui.session import Session
from tentable.ui.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, label
from tentable.ui.widgets.shapes import symbol_icon

if TYPE_CHECKING:
    from tentable.ui.app import App

AUTOSAVE = "autosave"
# seconds between two computer moves, and the factor on every animation's duration
BOT_DELAY = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
DURATION_SCALE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
END_DELAY = 0.8   # a moment to see the last move before the results cover the table


class BotJob:
    """One `bot.choose(state)` on a worker thread; the frame thread polls `done`."""

    def __init__(self, bot, state, seat: int) -> None:
        self.seat = seat
        self.action: str | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(bot, state), daemon=True,
                                       name=f"bot-seat-{seat}")
        self.thread.start()

    def _run(self, bot, state) -> None:
        try:
            self.action = bot.choose(state)
        except Exception as exc:  # reported on the frame thread; the game goes on
            self.error = exc
        finally:
            self.done.set()


class TableScene(Scene):
    #: apply a human's only legal action by itself (after the usual pause)
    auto_forced = False

    def __init__(self, app: "App", session: Session) -> None:
        super().__init__(app)
        self.session = session
        # new_game raises SetupError and make_bot ValueError for a bad setup: the caller shows it
        self._state = new_game(session.game_id, session.players, session.seed,
                               dict(session.options), session.deck)
        for action in session.history:
            self._state.apply(action)
        self._bots = {i: make_bot(seat.bot, session.game_id, i, session.seed * 31 + i)
                      for i, seat in enumerate(session.seats) if not seat.is_human}
        self._job: BotJob | None = None
        self._since_action = 0.0
        self._results_shown = False
        self._forced_checked = -1
        self._save_failed = False
        self._laid_out: tuple = ()
        self.seat: int | None = None      # the seat at the screen; None: spectator view
        self.curtain: int | None = None   # the human the screen must be passed to
        self.view: dict = self._state.view(None)
        self.pause_button = Button(t("table.menu"), self.pause)
        self.curtain_button = Button(t("table.pass_ready"), self._lift_curtain,
                                     key=pygame.K_RETURN, kind="primary")
        # No hooks yet: a subclass's own __init__ has not run. It starts from self.view.
        self._follow_turn(notify=False)

    # -- what subclasses may use ------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    @property
    def game_over(self) -> bool:
        return self._state.is_over

    @property
    def current_player(self) -> int | None:
        return self._state.current_player

    @property
    def my_turn(self) -> bool:
        """The seat at the screen is a human to move and may act now."""
        return (self.curtain is None and self.seat is not None
                and self._state.current_player == self.seat
                and self.session.seats[self.seat].is_human)

    def legal_actions(self) -> list[str]:
        """The legal actions of the seat at the screen when it is its turn, else []."""
        return self._state.legal_actions() if self.my_turn else []

    def why_not(self, action: str) -> str | None:
        """None if the seat at the screen may play `action` now, else the engine's reason
        (e.g. to label an illegal drop target). Changes nothing."""
        if not self.my_turn:
            return self.status_text() or t("table.not_your_turn")
        if action in self._state.legal_actions():
            return None
        try:
            self._state.clone().apply(action)
        except IllegalAction as exc:
            return str(exc)
        return None

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

    def submit(self, action: str) -> bool:
        """Play `action` for the seat at the screen. An illegal action is shown as an
        error toast and changes nothing. True if it was applied."""
        if not self.my_turn:
            return False
        return self._apply(self.seat, action)

    def status_text(self) -> str:
        current = self._state.current_player
        if current is None:
            return ""
        name = self.names[current]
        if not self.session.seats[current].is_human:
            return t("table.thinking", name=name)
        if current != self.seat:
            return t("table.waiting", name=name)
        return t("table.your_turn") if len(self.session.humans) == 1 else t(
            "table.your_turn_named", name=name)

    def pause(self) -> None:
        from tentable.ui.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    def restart(self) -> None:
        """A new deal with the same seats and options."""
        self.app.reset(type(self)(self.app, self.session.with_new_seed()))

    # -- hooks for subclasses ---------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Place the table for a window of `size` (and the current card size setting)."""

    def draw_view(self, surface: pygame.Surface, view: dict, seat: int | None) -> None:
        """Paint the table as `seat` sees it. `view` is `state.view(seat)`."""
        raise NotImplementedError

    def handle_input(self, event: pygame.event.Event) -> None:
        """Mouse and keys (not Esc) while no curtain is up; ends in `self.submit(action)`."""

    def animate(self, dt: float) -> bool:
        """Advance animations; True while something moves (bots and results wait for it)."""
        return False

    def on_action(self, seat: int, action: str, before: dict, after: dict) -> None:
        """`seat` played `action`; both views are of the seat at the screen (`self.seat`)."""

    def on_seat_change(self, seat: int | None) -> None:
        """The seat at the screen changed; `self.view` is already its view."""

    def draw_status(self, surface: pygame.Surface) -> None:
        """Whose turn it is, in a pill at the top centre. Override to place it elsewhere."""
        text = self.status_text()
        if not text:
            return
        scale = theme.ui_scale(surface.get_size())
        size = text_px(theme.FONT_BODY, scale)
        image = label(text, size, theme.TEXT, bold=True)
        current = self._state.current_player
        icon = symbol_icon("circle", size, theme.SEAT_COLOURS[current % len(theme.SEAT_COLOURS)])
        pad = px(theme.PAD, scale)
        box = pygame.Rect(0, 0, image.get_width() + icon.get_width() + 3 * pad,
                          image.get_height() + pad)
        box.midtop = (surface.get_width() // 2, pad)
        draw_panel(surface, box, radius=box.h // 2)
        surface.blit(icon, icon.get_rect(midleft=(box.x + pad, box.centery)))
        surface.blit(image, image.get_rect(midleft=(box.x + 2 * pad + icon.get_width(),
                                                    box.centery)))

    # -- Scene protocol -----------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        scale = theme.ui_scale(size)
        pad = px(theme.PAD, scale)
        w, h = px(110, scale, 80), px(theme.BUTTON_HEIGHT, scale, 30)
        self.pause_button.layout((size[0] - w - pad, pad, w, h))
        box = self._curtain_box(size)
        bw, bh = px(420, scale), px(56, scale)
        self.curtain_button.layout((box.centerx - bw // 2, box.bottom - px(92, scale), bw, bh))
        self._laid_out = (tuple(size), self.card_size)
        self.layout(size)

    def enter(self) -> None:
        # back from the settings: lay out again if the card size changed meanwhile
        if self._laid_out != (self.app.size, self.card_size):
            self.resize(self.app.size)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
            return
        if self.pause_button.handle(event):
            return
        if self.curtain is not None:
            self.curtain_button.handle(event)
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
                self._lift_curtain()
            return
        self.handle_input(event)

    def update(self, dt: float) -> bool:
        self._since_action += dt
        moving = self.animate(dt)
        if self.curtain is not None:
            return moving
        if self._state.is_over:
            if not self._results_shown and not moving and self._since_action >= END_DELAY:
                self._results_shown = True
                self.show_results()
                return True
            return moving
        current = self._state.current_player
        settled = not moving and self._since_action >= self.bot_delay
        if not self.session.seats[current].is_human:
            if self._job is None:
                self._job = BotJob(self._bots[current], self._state.clone(), current)
            elif self._job.done.is_set() and settled:
                return self._play_bot_move(self._job) or moving
        elif (self.auto_forced and settled and current == self.seat
              and self._forced_checked != len(self._state.history)):
            self._forced_checked = len(self._state.history)   # once per position, not per frame
            legal = self._state.legal_actions()
            if len(legal) == 1:
                return self._apply(current, legal[0]) or moving
        return moving

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        if self.curtain is not None:
            self._draw_curtain(surface)
        else:
            self.draw_view(surface, self.view, self.seat)
            self.draw_status(surface)
        self.pause_button.draw(surface)

    def show_results(self) -> None:
        from tentable.ui.scenes.results import ResultsScene
        final = self._state.view(None)
        self.app.push(ResultsScene(self.app, self.session, final, self._state.scores(),
                                   self._state.winners(), type(self)))

    # -- inside -----------------------------------------------------------------
    def _play_bot_move(self, job: BotJob) -> bool:
        self._job = None
        legal = self._state.legal_actions()
        action = job.action
        if job.error is not None or action not in legal:
            reason = job.error if job.error is not None else t("table.bot_illegal", action=action)
            self.app.toasts.show(t("table.bot_failed", name=self.names[job.seat],
                                   reason=reason), 4.0, "error")
            action = random.Random(len(self._state.history)).choice(legal)
        return self._apply(job.seat, action)

    def _apply(self, seat: int, action: str) -> bool:
        viewer, before = self.seat, self.view
        try:
            self._state.apply(action)
        except IllegalAction as exc:
            self.app.toasts.show(str(exc), 3.5, "error")
            return False
        self._since_action = 0.0
        self.view = self._state.view(viewer)
        self.on_action(seat, action, before, self.view)
        self._autosave()
        self._follow_turn()
        self.app.invalidate()
        return True

    def _autosave(self) -> None:
        try:
            store.save_game(AUTOSAVE, self.session.record(self._state.history))
            self._save_failed = False
        except (OSError, ValueError) as exc:
            if not self._save_failed:  # say it once, not after every move
                self.app.toasts.show(t("table.save_failed", reason=exc), 4.0, "error")
            self._save_failed = True

    def _follow_turn(self, notify: bool = True) -> None:
        """Put the right seat at the screen after a move (or at the start)."""
        humans = self.session.humans
        current = self._state.current_player
        if len(humans) == 1:
            seat = humans[0]
        elif current in humans:
            if current != self.seat:
                self.curtain = current
            seat = self.seat if current == self.seat else None
        else:  # only computers, or several humans while a computer moves: hide every hand
            seat = None
        self._set_seat(seat, notify)

    def _lift_curtain(self) -> None:
        if self.curtain is None:
            return
        seat, self.curtain = self.curtain, None
        self._since_action = 0.0
        self._set_seat(seat)
        self.app.invalidate()

    def _set_seat(self, seat: int | None, notify: bool = True) -> None:
        if seat == self.seat:
            return
        self.seat = seat
        self.view = self._state.view(seat)
        if notify:
            self.on_seat_change(seat)

    @staticmethod
    def _curtain_box(size: tuple[int, int]) -> pygame.Rect:
        scale = theme.ui_scale(size)
        box = pygame.Rect(0, 0, px(620, scale), px(300, scale))
        box.center = (size[0] // 2, size[1] // 2)
        return box

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        scale = theme.ui_scale(surface.get_size())
        name = self.names[self.curtain]
        box = self._curtain_box(surface.get_size())
        draw_panel(surface, box)
        icon = symbol_icon("circle", px(28, scale),
                           theme.SEAT_COLOURS[self.curtain % len(theme.SEAT_COLOURS)])
        surface.blit(icon, icon.get_rect(center=(box.centerx, box.y + px(44, scale))))
        blit_label(surface, t("table.pass_title", name=name), text_px(40, scale), theme.TEXT,
                   bold=True, center=(box.centerx, box.y + px(100, scale)))
        blit_label(surface, t("table.pass_hint"), text_px(theme.FONT_BODY, scale),
                   theme.TEXT_DIM, center=(box.centerx, box.y + px(146, scale)))
        self.curtain_button.draw(surface)
