"""The friends at other screens, as a table of a hosted game shows them (issue #41): a
friend whose connection dropped is "away" at their seat, in the status line on their
turn and in the log, and "back" when they reconnect; while the host's computer plays for
them, the table says so ("The computer plays for Ana until they are back"). The link
tells who is away (`RemoteLink.away`, `handed`); a table on this computer has nobody
away (`LocalLink.away` is empty) and shows nothing of this. A part of the table base
(`TableScene`); uses its `link`, `say`, `tell` and `app`."""
from __future__ import annotations

from tentable.events import SeatChanged
from tentable.text import t

TOAST = 3.5        # seconds a friend away or back is shown in a toast


class FarAway:
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
