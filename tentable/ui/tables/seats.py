"""Who sits at the table, as the table names them: the one human the log calls "you",
an automaton by its own name, and the seats a human may hand to the computer and take
back (the pause menu). A part of the table base (`TableScene`); uses its `match`,
`session` and `_handle`."""
from __future__ import annotations

from dataclasses import replace

from tentable.bots import available_bots
from tentable.session import Session
from tentable.text import t


class Seats:
    def named(self, session: Session) -> Session:
        """The seats as the table names them: an automaton by its own name (Mona, not the
        name typed at setup), and, when several people share the screen, nobody called
        "You" ("Pass to You", "You plays"): that seat takes the first free default name."""
        you = t("setup.name_you")
        seats, several = list(session.seats), len(session.humans) > 1
        free = [n for n in t("setup.names").split(",") if n not in {s.name for s in seats}]
        for i, seat in enumerate(seats):
            own = self.automaton_name(i) if i in self.match.automata else None
            if own:
                seats[i] = replace(seat, name=own)
            elif several and seat.is_human and seat.name == you and free:
                seats[i] = replace(seat, name=free.pop(0))
        return replace(session, seats=tuple(seats))

    def automaton_name(self, seat: int) -> str | None:
        """The name the rules give the automaton at `seat` (override per game)."""
        return None

    def speaks_to(self, seat: int) -> bool:
        """The log says "You play 34" to the one human at the screen (while the computer
        plays for them too); others by name. A replay of everyone's cards is nobody's."""
        if self.session.reveal:
            return False
        people = set(self.session.humans) | self.match.assisted
        return people == {seat}

    def you(self, seat: int) -> str:
        """The text key suffix for `speaks_to`: t("tt.log.play" + self.you(seat), …)."""
        return ".you" if self.speaks_to(seat) else ""

    def helped_seats(self) -> list[tuple[int, str, bool, bool]]:
        """(seat, name, played by the computer now, the one human at the screen) for every
        seat a human may hand to the computer or take back: what the pause menu offers."""
        return [(i, seat.name, not seat.is_human, self.speaks_to(i))
                for i, seat in enumerate(self.session.seats)
                if seat.is_human or i in self.match.assisted]

    def helper_levels(self) -> list[str]:
        """The levels a computer may take over a seat at, the easiest first."""
        return available_bots(self.session.game_id)

    def hand_over(self, seat: int, level: str) -> None:
        """The computer plays `seat` at `level` until taken back."""
        self._handle(self.match.hand_over(seat, level))

    def take_seat_back(self, seat: int) -> None:
        self._handle(self.match.take_back(seat))
