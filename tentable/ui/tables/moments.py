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

from tentable.events import Moment
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


class HoldsMoments:
    """The table base's side of a hold (a part of `TableScene`): the hooks a table words
    its moments with, and going on from one. Uses the base's `moments` (a `MomentHold`),
    `link`, `seat`, `view`, `parts`, `heard`, `_follow_turn`, `_set_seat`, `sitting`,
    `mind_keys` and `reader`."""

    def moment_words(self, moment: Moment) -> tuple[str, list[str], str | None]:
        """The banner of a moment: its title, lines under it and the button's words (None:
        "Go on"), in the player's words. The end of a part of a match is told here; a table
        words its game's own moments."""
        if moment.kind == "part" and self.parts is not None:
            return self.part_summary(moment.view, moment.facts["part"],
                                     moment.facts.get("winners"))
        raise NotImplementedError(f"{type(self).__name__} has no words for a {moment.kind}")

    def moment_column(self) -> pygame.Rect | None:
        """Where a moment's banner goes, once laid out: a column of the table that shows
        no card (the log's); None: a strip at the top centre."""
        return None

    def moment_passed(self, moment: Moment) -> None:
        """The player went on from `moment`: `self.view` is already the next position (the
        next moment's, or the live one). By default everything is drawn again."""
        self.on_seat_change(self.seat, False)

    def show_played(self, events: list) -> None:
        """Show a move played on the match from a position set up off the table
        (`tentable.positions`): the table is drawn again at the position before it, then
        the move is told, animated and held like any other."""
        before = next(e.before for e in events if type(e).__name__ == "Applied")
        self.view = before
        self.on_seat_change(self.seat, False)
        self._handle(events)

    def go_on(self) -> None:
        """The player goes on from the moment held: to the next one, or to the live table
        (and only then the turn passes on, behind a curtain if it must)."""
        if not self.moments:
            return
        with self.reader.batch():          # the next moment's banner, or whose turn
            passed = self.moments.current
            self.moments.done()
            self._since_action = 0.0
            self.link.rest()               # the next computer move waits its pause again
            self.view = self.moments.current.views[self.seat] if self.moments else \
                self.link.view(self.seat)
            self.moment_passed(passed)
            if not self.moments:
                self._follow_turn()
            self.heard.went_on()            # what it held back is heard now
        self.mind_keys()
        self.app.invalidate()

    def _hold(self, moments: list[Moment]) -> None:
        """Hold the moments of the move just told (`self.moments` has them already).
        Several humans who must not see each other's hands all see it, so it is drawn as
        a spectator sees it."""
        self.moments.layout(self.app.size, self.moment_column())   # the table may have moved
        if len(self.session.humans) > 1 and self.link.secret_between(self.session.humans):
            self.sitting = None          # everyone looks: the next player sits down anew
            if self.seat is not None:
                self._set_seat(None, moments[0].views[None])
