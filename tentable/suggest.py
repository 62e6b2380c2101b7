"""The hint's suggestion: the move the Hard level would play for the player at the screen,
and why, in a few words.

`Suggestion(match, seat)` asks the bot worker (`tentable.botjobs`) for Hard's choice, so
the window never waits for it (Hard thinks up to a second): on the seat's own determinized
copy of the position, `state.determinize(seat, copy_seed(...))`, with the seed Hard would
have in that seat (`bot_seed`). A test replays the same choice with
`make_bot("hard", game, seat, bot_seed(...))` on the same copy. `reason` words nothing:
it is a text key and its values (`tentable.bots.explain`), which the table words.

Not the table's view but the match's state is read here, as the match's own bots read it:
only the seat's determinized copy goes on, to the bot and to the explainer.
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable

from tentable.botjobs import Job, worker
from tentable.bots import LEVEL_SPECS
from tentable.bots.explain import Reason, why

LEVEL = "hard"
ITERATIONS: int | None = None     # fewer than the level's own (a test, to be quick)
SECONDS: float | None = None      # None: the level's own; math.inf: iterations only
SLACK = 1.5                       # how far past its seconds the thinking may run


def bot_seed(session_seed: int, seat: int) -> int:
    """The seed of the level seated at `seat` (as `Match` seeds its computer players)."""
    return session_seed * 31 + seat


def copy_seed(moves: int, seat: int) -> int:
    """The seed of the copy a suggestion is made on, after `moves` moves: the same position
    asked twice gets the same answer."""
    return random.Random(moves * 8 + seat).getrandbits(62)


class Suggestion:
    """Hard's move for `seat` in the match's position now, thought about in the worker."""

    def __init__(self, match, seat: int, clock: Callable[[], float] = time.monotonic) -> None:
        state = match.state
        self.seat = seat
        self.moves = len(state.history)
        self.copy = state.determinize(seat, copy_seed(self.moves, seat))
        seconds = LEVEL_SPECS[LEVEL].seconds if SECONDS is None else SECONDS
        spec = (LEVEL, match.session.game_id, seat, bot_seed(match.session.seed, seat),
                seconds) + ((ITERATIONS,) if ITERATIONS else ())
        limit = LEVEL_SPECS[LEVEL].seconds if math.isinf(seconds) else seconds
        self.job: Job = worker().submit(spec, self.copy, seat, limit + SLACK, clock)
        self._reason: Reason | None = None

    def for_position(self, moves: int, seat: int | None) -> bool:
        """Whether this suggestion is for the position after `moves` moves, `seat` to play."""
        return self.moves == moves and self.seat == seat

    @property
    def done(self) -> bool:
        return self.job.done.is_set()

    @property
    def action(self) -> str | None:
        """The suggested move once there is one (None while thinking, or if it failed)."""
        if not self.done or self.job.error is not None:
            return None
        action = self.job.action
        return action if action is not None and self.copy.is_legal(action) else None

    @property
    def reason(self) -> Reason | None:
        """Why, as a text key and its values (None until there is a move)."""
        action = self.action
        if action is None:
            return None
        if self._reason is None:
            self._reason = why(self.copy, self.seat, action)
        return self._reason

    def cancel(self) -> None:
        self.job.cancel()
