"""The pace of the computer players: a match's own, by its clock (`Match.pacer`).

People follow a game move by move, so a computer's move (and an automaton's, Mona's in
TEN's solo game) is applied `pace` seconds after the last thing the players were shown:
the last move, a move taken back, or what the screen says it has just shown (`rest`: a
moment gone on from, a curtain lifted). The table sets the pace from the player's speed
setting and says whether it is still animating; a host sets its own pace and never
holds. The clock is the match's, so a test that fakes it fakes the pace too.

    match.pacer.pace = 0.6
    events = match.pacer.step(still=True)     # every frame, or every tick of a host
    match.pacer.due_in()                      # seconds until the waiting move is due
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tentable.events import Event, Moment

if TYPE_CHECKING:
    from tentable.match import Match


class Pacer:
    def __init__(self, match: "Match") -> None:
        self.match = match
        self.pace = 0.0                 # seconds from what was shown to the next move
        self.rested_at = match.clock()   # when the players were last shown something

    def rest(self) -> None:
        """Count the pause again from now: something was just shown."""
        self.rested_at = self.match.clock()

    def due_in(self) -> float | None:
        """Seconds until the move waiting is applied (0: now); None while no move waits
        (a human's turn, a computer still deciding)."""
        if not self.match.ready:
            return None
        return max(0.0, self.rested_at + self.pace - self.match.clock())

    def step(self, still: bool = True) -> list[Event]:
        """Move the game on as far as is due now: start (or replace) a computer's
        decision, and apply the move waiting once the pause is over and the screen is
        `still`. At no pace an automaton's whole turn goes at once, up to a moment the
        players are to see; a computer plays one move a step."""
        match = self.match
        events = match.poll()
        while still and self.due_in() == 0.0:
            automaton = match.current_player in match.automata
            events += match.advance()
            if self.pace > 0 or not automaton or any(isinstance(e, Moment) for e in events) \
                    or match.current_player not in match.automata:
                break
        return events
