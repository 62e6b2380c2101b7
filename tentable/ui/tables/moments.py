"""The moments a table holds: a bust, a showdown, a joker won, the end of a round or of a
game in a match. The engine keeps the position of each (`State.moment`), which the rest of
the action clears; the match hands it on (`match.Moment`). The table draws that frozen
position under a banner telling what happened until the player goes on (a click, Enter or
Space; with the setting "moments: auto", by itself after `AUTO` seconds); computer players
wait, and a "Pass to …" curtain comes only after it, so everyone sees it first.
"""
from __future__ import annotations

from typing import Callable

import pygame

from tentable.match import Moment
from tentable.text import t
from tentable.ui.tables.screens import Banner

AUTO = 3.0        # seconds a moment stays with "moments: auto", once the table is still
GUARD = 0.4       # seconds before a click or key goes on: the fast clicks that made the
                  # moment (flip, flip) must not also skip it


class MomentHold:
    """The moments waiting for the player, oldest first, and the banner over the first."""

    def __init__(self, go_on: Callable[[], None]) -> None:
        self.queue: list[Moment] = []
        self.banner = Banner(t("moment.go_on"), go_on, anywhere=True)
        self.waited = 0.0        # seconds the first moment has been still on screen
        self.shown = 0.0         # seconds it has been on screen at all

    def __bool__(self) -> bool:
        return bool(self.queue)

    @property
    def current(self) -> Moment:
        return self.queue[0]

    def add(self, moments: list[Moment]) -> None:
        self.queue += moments

    def done(self) -> None:
        """The player went on from the first moment."""
        self.queue.pop(0)
        self.waited = self.shown = 0.0

    def tick(self, dt: float, still: bool, auto: bool) -> bool:
        """Count the time the table has stood still; True when "auto" should go on."""
        self.shown += dt
        if still:
            self.waited += dt
        return auto and self.waited >= AUTO

    def layout(self, size: tuple[int, int], column: pygame.Rect | None = None) -> None:
        self.banner.layout(size, column)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.shown >= GUARD and self.banner.handle(event)

    def draw(self, surface: pygame.Surface, title: str, lines: list[str],
             button: str | None = None) -> None:
        self.banner.draw(surface, title, lines, button or t("moment.go_on"))


def play_to_moment(table, kind: str, choose: Callable) -> None:
    """For showcases and tests: `choose(state)` plays every seat straight on the engine up
    to the move that makes a `kind` moment; that move is played through the table (told,
    animated and held). Raises LookupError if the game ends first."""
    state = table.match.state
    while not state.is_over:
        action = choose(state)
        trial = state.clone()
        trial.keep_moments = True
        trial.apply(action)
        if any(moment.kind == kind for moment in trial.moments):
            table.match.set_position(state)
            table.view = state.view(table.seat)
            table.on_seat_change(table.seat, False)    # drawn again from the position
            table._handle(table.match.play(state.current_player, [action]))
            return
        state.apply(action)
    raise LookupError(f"the game ended with no {kind} moment")
