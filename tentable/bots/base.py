"""The bot protocol and the uniform random bot."""
from __future__ import annotations

import random

from tentable.engine.core import State


class Bot:
    def __init__(self, seat: int, seed: int = 0, time_limit: float | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.time_limit = time_limit      # seconds per decision, for bots that search

    def choose(self, state: State) -> str:
        raise NotImplementedError

    def deadline(self, start: float) -> float | None:
        """When a search started at `start` stops: short of the limit, so the last
        iterations and the pick fit within it too (None: no limit)."""
        return None if self.time_limit is None else start + 0.85 * self.time_limit


class RandomBot(Bot):
    """Uniform over the legal actions, seeded so simulations replay."""

    def choose(self, state: State) -> str:
        # The mover's legal actions depend only on what the mover sees, so no peeking.
        return state.random_action(self.rng)
