"""A table of a game another computer hosts (issue #41): the friends at other screens
and the line to the host.

A friend whose connection dropped is "away" at their seat, in the status line on their
turn and in the log, and "back" when they reconnect; while the host's computer plays for
them, the table says so ("The computer plays for Ana until they are back"). The link
tells who is away (`RemoteLink.away`, `handed`).

When this screen's own line drops (the host gone, the network), a banner says so with the
reason and keeps the last board; the table dials the host again (the same invite, the
last message seen: `RemoteLink.redial`) every `RETRY_EVERY` seconds for `RETRY_FOR`,
then offers *Try again* and *Leave* (mouse, or ← → and Enter). Connected again, it takes
up what it missed; a host started again tells the game anew, and the table is built
again around it (its log retold).

A table on this computer has nobody away and no line to lose (`LocalLink.away` empty,
`lost` None) and shows nothing of this. A part of the table base (`TableScene`); uses its
`link`, `say`, `tell`, `dialog` and `app`."""
from __future__ import annotations

import pygame

from tentable.events import SeatChanged
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog

TOAST = 3.5        # seconds a friend away or back is shown in a toast
RETRY_EVERY, RETRY_FOR = 2.0, 60.0     # seconds between dials, and how long to keep on
GIVE_UP = ("net.replaced", "net.left")     # the seat is someone else's now, or given back


class FarAway:
    _lost_for: float | None = None     # seconds since the line dropped (None: connected)
    _since_dial = 0.0
    _dials = 0
    _banner: Dialog | None = None
    _banner_key: tuple = ()
    _fresh_seen: int | None = None     # the link's fresh starts this table was built on

    # -- the line to the host ----------------------------------------------------------
    def keep_in_touch(self, dt: float) -> None:
        """Each frame: notice a dropped line, dial again on time, say how it goes."""
        link = self.link
        if self._fresh_seen is None:
            self._fresh_seen = link.fresh_starts
        elif link.fresh_starts != self._fresh_seen:
            self._built_anew()
            return
        lost = link.lost
        if lost is None:
            if self._lost_for is not None:
                self._lost_for = None
                self._show_banner(None)
                if not link.is_over:
                    self.app.toasts.show(t("table.lost.back"), TOAST)
            return
        if self._lost_for is None:
            self._lost_for, self._since_dial, self._dials = 0.0, RETRY_EVERY, 0
        self._lost_for += dt
        self._since_dial += dt
        gave_up = self._lost_for >= RETRY_FOR or lost in GIVE_UP
        if not gave_up and not link.dialing and self._since_dial >= RETRY_EVERY:
            self._since_dial, self._dials = 0.0, self._dials + 1
            link.redial()
        self._lost_banner(lost, gave_up)

    def _lost_banner(self, lost: str, gave_up: bool) -> None:
        """The banner over the last board: the reason; trying again, or the choice."""
        key = (lost, gave_up, self._dials)
        if self._banner is not None and self.dialog is self._banner \
                and key == self._banner_key:
            return
        self._banner_key = key
        leave = Button(t("table.lost.leave"), self.leave_table)
        if gave_up:
            lines = [t(lost), t("table.lost.gave_up")]
            buttons = [Button(t("table.lost.again"), self.try_again, key=pygame.K_RETURN,
                              kind="primary"), leave]
        else:
            lines = [t(lost), t("table.lost.trying", n=self._dials)]
            buttons = [leave]
        self._show_banner(Dialog(t("table.lost.title"), lines, buttons))

    def _show_banner(self, banner: Dialog | None) -> None:
        if banner is None and (self._banner is None or self.dialog is not self._banner):
            return
        self._banner = banner
        self.show_dialog(banner)

    def try_again(self) -> None:
        """Dial again at once, and for another `RETRY_FOR` seconds."""
        self._lost_for, self._since_dial = 0.0, RETRY_EVERY

    def leave_table(self) -> None:
        self.app.reset("menu")

    def _built_anew(self) -> None:
        """The host told the game anew (it was started again): this table built again
        around it, in its place, its log retold."""
        fresh = type(self)(self.app, self.session, link=self.link)
        fresh._fresh_seen = self.link.fresh_starts
        scenes = self.app.scenes
        if self in scenes:
            scenes[scenes.index(self)] = fresh
            fresh.resize(self.app.size)
            if scenes[-1] is fresh:
                fresh.enter()
        self.app.invalidate()

    # -- the friends at other screens ------------------------------------------------------
    def friend_away(self, seat: int, away: bool) -> None:
        """`seat`'s player lost their connection (`away`) or came back: in the log and
        a toast, and at their seat (`seat_note`) until it changes."""
        text = self.say("table.away" if away else "table.away_back", seat)
        self.tell(text)
        self.app.toasts.show(text, TOAST)
        self.app.invalidate()

    def seat_changed_text(self, event: SeatChanged) -> str:
        """What the log says of a seat handed to the computer or taken back: of a friend
        away, until they are back (the link tells no take-back of theirs: their return
        says itself, "Ana is back")."""
        if event.away:
            return self.say("table.helped_away", event.seat)
        return self.say("table.helped" if event.level else "table.back", event.seat)

    def waiting_key(self, seat: int) -> str:
        """The status line's text while a person at another screen is to move."""
        if seat not in self.link.away:
            return "table.waiting"
        return "table.turn_of.helped" if seat in self.link.handed else "table.away"

    def seat_note(self, seat: int) -> str:
        """A word at `seat`'s panel: away, or the computer playing for them meanwhile."""
        if seat not in self.link.away:
            return ""
        return t("table.helped_note" if seat in self.link.handed else "table.away_note")

    def away_key(self) -> tuple:
        """What `seat_note` shows, for the layers drawn once per view (`kept_layer`)."""
        return tuple(sorted(self.link.away)), tuple(sorted(self.link.handed))
