"""Who sits at the table, as the table names them: who the words call "you" (the one
human at the screen, a seat named "You"), an automaton by its own name, and the seats a
human may hand to the computer and take back (the pause menu). A part of the table base
(`TableScene`); uses its `link`, `session` and `_handle`."""
from __future__ import annotations

from dataclasses import replace

from tentable.bots import available_bots
from tentable.narration import Teller, is_you
from tentable.session import Session


class Seats:
    def named(self, session: Session) -> Session:
        """The seats as the table names them: an automaton by its own name (Mona, not the
        name typed at setup). A seat named "You" keeps its name, in every language and
        with several people at the screen: the words conjugate for it (`addressed`)."""
        seats = list(session.seats)
        for i, seat in enumerate(seats):
            own = self.automaton_name(i) if i in self.link.automata else None
            if own:
                seats[i] = replace(seat, name=own)
        return replace(session, seats=tuple(seats))

    def automaton_name(self, seat: int) -> str | None:
        """The name the rules give the automaton at `seat` (override per game)."""
        return None

    def speaks_to(self, seat: int) -> bool:
        """The one human at the screen (while the computer plays for them too): the log
        may name their secrets. A replay of everyone's cards is nobody's."""
        if self.session.reveal:
            return False
        people = set(self.session.humans) | self.link.assisted
        return people == {seat}

    def addressed(self, seat: int) -> bool:
        """`seat` is told as "you" ("You play 34", "Your turn", "The computer plays for
        you"): the one human at the screen, and a seat named "You" in any language
        (`narration.is_you`: a replay, a seat the computer plays, a hot seat). A replay
        speaks to nobody else, whose cards ever it shows."""
        if self.speaks_to(seat) and not self.session.watch:
            return True
        return is_you(self.session.seats[seat].name)

    @property
    def teller(self) -> Teller:
        """Who the words are for (`narration.Teller`): the reader whose secrets the log may
        name (`speaks_to`), and the seats told as "you" (`addressed`)."""
        seats = range(len(self.session.seats))
        reader = next((s for s in seats if self.speaks_to(s)), None)
        return Teller(self.names, reader, frozenset(s for s in seats if self.addressed(s)))

    def say(self, key: str, seat: int, **values: object) -> str:
        """`key` worded for `seat`: `<key>.you` or `<key>` with its {name} (`Teller.say`)."""
        return self.teller.say(key, seat, **values)

    def you(self, seat: int) -> str:
        """The text key suffix for `addressed`: t("rx.ui.start" + self.you(seat), …)."""
        return ".you" if self.addressed(seat) else ""

    def helped_seats(self) -> list[tuple[int, str, bool, bool]]:
        """(seat, name, played by the computer now, told as "you") for every
        seat a human may hand to the computer or take back: what the pause menu offers."""
        return [(i, self.names[i], not seat.is_human, self.addressed(i))
                for i, seat in enumerate(self.session.seats)
                if seat.is_human or i in self.link.assisted]

    def helper_levels(self) -> list[str]:
        """The levels a computer may take over a seat at, the easiest first."""
        return available_bots(self.session.game_id)

    def hand_over(self, seat: int, level: str) -> None:
        """The computer plays `seat` at `level` until taken back."""
        self._handle(self.link.hand_over(seat, level))

    def take_seat_back(self, seat: int) -> None:
        self._handle(self.link.take_back(seat))
