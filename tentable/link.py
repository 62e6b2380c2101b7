"""The table's window on a game: everything a table asks, and nothing else.

A table (`tentable.ui.tables.base.TableScene`) never holds a `Match`: it holds a link, and
asks it what its seats may know — a seat's view, its legal moves, why a move is refused,
whose turn it is, whether the game is over, the scores and winners, who is human, the
moves so far as told to a seat — and hands it a seat's gestures (submit, undo) and
takes the next events (`tentable.events`). Two links answer the same questions:

    link = LocalLink.start(session, clock=..., save=..., keep=..., undo=True)   # this computer
    link = RemoteLink(RemoteSeat(invite).connect())                            # a host's seat

`LocalLink` asks a `Match` on this computer, which paces its computer players itself
(`tentable.pacing`): the table sets the pace from the speed setting, says each frame
whether it is still animating (`step`) and when it has just shown something (`rest`).
`RemoteLink` (`tentable.net.link`) answers from the messages a host sent its seat (the
host paces), and asks the host for what the messages lack.

`REASONS`: why a seat cannot take back a move (`Match.undo_refusal`), as the table words it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tentable import clients
from tentable.engine import IllegalAction
from tentable.events import Event, Refused
from tentable.match import NOT_YOURS, NOTHING, REVEALED, TURN_OVER, UNDO_OFF, Match
from tentable.session import Session

if TYPE_CHECKING:
    from tentable.suggest import Suggestion

UNDO_REFUSALS = (NOTHING, REVEALED, TURN_OVER, NOT_YOURS, UNDO_OFF)


class LocalLink:
    """A table's window on a `Match` on this computer (hot seat, computers, a replay)."""

    local = True        # the game is this computer's: it may be restarted, seats handed over
    away: frozenset[int] = frozenset()      # every player is at this screen: none away
    handed: frozenset[int] = frozenset()    # nor a seat of one away played meanwhile
    lost: str | None = None     # no connection to lose: the game is on this computer
    dialing = False
    fresh_starts = 0

    def redial(self) -> None:
        """Nothing to dial (`RemoteLink.redial`)."""

    def __init__(self, match: Match) -> None:
        # the match itself is for tools and tests that set up positions (`link.match`);
        # no module under tentable/ui/ reads it (tests/test_ui_boundary.py)
        self.match = match

    @classmethod
    def start(cls, session: Session, *, clock: Callable[[], float],
              save: Callable[[dict], object] | None, keep: Callable[..., object] | None,
              undo: bool) -> "LocalLink":
        """A new match for `session` (SetupError, ValueError: see `Match`)."""
        return cls(Match(session, clock=clock, save=save, keep=keep, undo=undo))

    def set_position(self, state=None) -> None:
        """Play on from a position set by hand (tests, the showcases, screenshots): `state`,
        or (None) the match's own, changed in place. Only a game on this computer can be."""
        if state is not None:
            self.match.set_position(state)
        self.match.state.changed()

    # -- who sits where -----------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self.match.session

    @session.setter
    def session(self, session: Session) -> None:
        """The seats as the table names them (an automaton by its own name)."""
        self.match.session = session

    def sit(self, seat: int | None) -> None:
        """The seat at the screen: the events' views are its own."""
        self.match.viewer = seat

    @property
    def automata(self) -> list[int]:
        return self.match.automata

    @property
    def assisted(self) -> set[int]:
        return self.match.assisted

    def is_human(self, seat: int | None) -> bool:
        return self.match.is_human(seat)

    def secret_between(self, seats: list[int]) -> bool:
        return self.match.secret_between(seats)

    # -- what a seat may know -----------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        return self.match.view(seat)

    @property
    def current_player(self) -> int | None:
        return self.match.current_player

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def legal_actions(self, seat: int | None) -> list[str]:
        return self.match.legal_actions(seat)

    def why_not(self, seat: int | None, action: str) -> IllegalAction | None:
        return self.match.why_not(seat, action)

    @property
    def only_choice(self) -> str | None:
        return self.match.only_choice

    @property
    def moves_made(self) -> int:
        """How many actions were played so far (a position's number for the hint)."""
        return len(self.match.history)

    def past(self, seat: int | None) -> dict:
        """The game so far as `seat` may be told it (`clients.past`)."""
        return clients.past(self.match, seat)

    def scores(self) -> list:
        return self.match.scores()

    def winners(self) -> list[int]:
        return self.match.winners()

    def record(self) -> dict | None:
        """The game's record (None: not this computer's to keep)."""
        return self.match.record()

    @property
    def kept(self) -> object:
        return self.match.kept

    def suggest(self, seat: int) -> "Suggestion | None":
        """Hard's move for `seat` here, thought about in the bot worker."""
        from tentable.suggest import Suggestion
        return Suggestion(self.match, seat)

    # -- a seat's gestures ----------------------------------------------------------------
    def submit(self, seat: int, actions: list[str]) -> list[Event]:
        return self.match.submit(seat, actions)

    def play(self, seat: int, actions: list[str]) -> list[Event]:
        """A move for any seat (a replay's step, showcases)."""
        return self.match.play(seat, actions)

    @property
    def undo_allowed(self) -> bool:
        return self.match.undo_allowed

    @property
    def humans(self) -> list[int]:
        return self.match.humans

    def undo_refusal(self, seat: int | None) -> str | None:
        return self.match.undo_refusal(seat)

    def undo(self, seat: int) -> list[Event]:
        return self.match.undo(seat)

    def hand_over(self, seat: int, level: str) -> list[Event]:
        return self.match.hand_over(seat, level)

    def take_back(self, seat: int) -> list[Event]:
        return self.match.take_back(seat)

    @property
    def busy(self) -> bool:
        """A gesture is on its way and its outcome not known yet (never here)."""
        return False

    # -- the next events, and the computers paced by the match ---------------------------
    @property
    def pace(self) -> float:
        return self.match.pacer.pace

    @pace.setter
    def pace(self, seconds: float) -> None:
        """Seconds from what was shown to the next computer move (the speed setting)."""
        self.match.pacer.pace = seconds

    def step(self, still: bool = True) -> list[Event]:
        """The events due now: a computer's decision started, its move once the match's
        pause is over and the screen is `still` (`tentable.pacing`)."""
        return self.match.pacer.step(still)

    def rest(self) -> None:
        """The screen has just shown something (a moment gone on from, a curtain lifted):
        the pause before the next computer move starts again."""
        self.match.pacer.rest()

    @property
    def job(self):
        return self.match.job

    @property
    def thinking_for(self) -> float | None:
        return self.match.thinking_for

    def play_only_choice(self) -> list[Event]:
        return self.match.play_only_choice()

    def close(self) -> None:
        self.match.close()


def refused(seat: int | None, actions, told: dict | None) -> Refused:
    """A refusal as the wire carries it (key and values: `clients.refusal`) as an event."""
    return Refused(seat, tuple(actions), None if told is None else clients.illegal(told))
