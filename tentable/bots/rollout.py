"""Policy improvement by rollouts: the game's heuristic, made stronger by trying each move.

For each move the seat may make, the search deals worlds from what the seat knows
(`state.determinize(seat, …)`), makes the move, and plays the world on with every seat
played by the game's heuristic, to the end or to a cut-off judged by an evaluation. The
move with the best mean result is played. This is one step of policy iteration on the
heuristic: against players who play like the heuristic it can only gain, and it finds the
moves the heuristic's rules of thumb misjudge.

Two things make few rollouts enough:

- **Common random numbers.** Every move is tried on the same worlds with the same seeds for
  the players of the rollout, so two moves' results differ only by what the moves do: the
  luck of the deal cancels in the comparison.
- **Sequential halving.** The budget (`iterations` rollouts) is spent in rounds; after each
  round the worse half of the moves is dropped (the heuristic's own move is always kept),
  so the close calls get most of the rollouts.

A game may search the end of a round exactly instead (`finish(state, seat, seed)`: a move,
or None to leave the decision to the rollouts): Take That's last few cards.

A heuristic may narrow the moves tried (`sane(state, legal)`): TEN's and 10 Retro's hand
the search only the bids and payments their money plans allow. The heuristic's move is
played unless another beats it on the same worlds by `defer` and
by `confidence` standard errors of the paired difference. The moves left in play that the
worlds cannot tell from the one chosen (within `tie` or one standard error) are played at
random, seeded (variety); a game may keep that to the moves within `tie` alone, and keep
out the moves that looked better than the heuristic's but did not clear the bar.
"""
from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Callable

from tentable.bots.base import Bot
from tentable.bots.ismcts import Evaluation, outcome
from tentable.engine.core import State

ROLLOUT_LIMIT = 5_000     # actions: far beyond any game's length, a guard against a loop


@dataclass(frozen=True)
class RolloutConfig:
    iterations: int                 # rollouts per decision, over all moves (0: none)
    cutoff: int | None = None       # actions into a rollout before judging by `evaluate`
    margin: float = 0.3             # weight of the score margin beside the win share
    defer: float = 0.0              # a move must beat the heuristic's by this much ...
    confidence: float = 1.0         # ... and by this many standard errors of the difference
    tie: float = 0.02               # results this close to the best's are played at random
    vary: bool = True               # ... (False: the choice alone)
    vary_by_error: bool = True      # ... and those within one standard error of it
    # ... and those that looked better than the choice but did not clear the bar (False:
    # only those within `tie` above it: the bar is not undone by chance)
    vary_past_bar: bool = True
    # worlds a move must be tried on before a standard error is trusted: with fewer (Normal's
    # 30 rollouts over 24 placements in 10 Retro) the heuristic's move is kept and only
    # results within `tie` count as equal, not every move the few worlds cannot separate
    min_worlds: int = 6
    noise: float = 0.0              # std. dev. of noise on each result (weaker levels)


class RolloutSearch(Bot):
    """`heuristic(seat, seed)` makes the game's heuristic for a seat: its move is kept
    unless a better one is found, and it plays every seat of the rollouts unless `player`
    (the same kind of factory) names a quicker one."""

    def __init__(self, seat: int, seed: int, time_limit: float | None,
                 config: RolloutConfig, heuristic: Callable[..., Bot],
                 evaluate: Evaluation | None = None,
                 player: Callable[..., Bot] | None = None,
                 finish: Callable[[State, int, int], str | None] | None = None) -> None:
        super().__init__(seat, seed, time_limit)
        self.config = config
        self.heuristic = player or heuristic
        self.evaluate = evaluate
        self.finish = finish
        self.guide = heuristic(seat, seed)
        self._players: dict[int, Bot] = {}
        self.iterations_run = 0

    def choose(self, state: State) -> str:
        start = time.perf_counter()     # narrowing the moves counts in the budget too
        legal = state.legal_actions()
        sane = getattr(self.guide, "sane", None)
        if sane is not None and len(legal) > 1:
            # decisions about money: the search chooses among the moves the game's own plan
            # allows, where a few hundred worlds' noise once paid run cards (issue #39)
            legal = sane(state, legal)
        if len(legal) == 1:
            return legal[0]
        deadline = self.deadline(start)
        config, me = self.config, self.seat
        if self.finish is not None:
            exact = self.finish(state, me, self.rng.randrange(1 << 62))
            if exact is not None:
                return exact
        guided = self.guide.choose(state)
        if not config.iterations:       # a level of no rollouts: the heuristic's move
            return guided
        if guided not in legal:         # the heuristic's own move is always tried
            legal = [*legal, guided]
        # one number per decision: the worlds depend on the seed and what the seat sees
        base = self.rng.randrange(1 << 62)
        alive = list(legal)
        results: dict[str, list[float]] = {a: [] for a in legal}
        rounds = max(1, math.ceil(math.log2(len(alive))))
        per_round = config.iterations / rounds
        k, spent, late = 0, 0, False
        while not late and spent < config.iterations:
            # the last two moves get what is left of the budget
            share = config.iterations - spent if len(alive) <= 2 else per_round
            n = max(1, int(share / len(alive)))
            for _ in range(n):
                world = state.determinize(me, base + k)
                for action in alive:
                    results[action].append(self.rollout(world, action, base + k))
                    spent += 1
                k += 1
                if deadline is not None and time.perf_counter() > deadline:
                    late = True
                    break
            if len(alive) <= 2:
                continue
            keep = max(2, len(alive) // 2)
            ranked = sorted(alive, key=lambda a: (-statistics.fmean(results[a]), a))
            alive = ranked[:keep]
            if guided not in alive:
                alive[-1] = guided
        self.iterations_run = spent
        return self._pick(alive, results, guided, k)

    def _pick(self, alive: list[str], results: dict[str, list[float]], guided: str,
              worlds: int) -> str:
        config = self.config
        # the moves still in play were all tried on the same worlds, the latest k of them
        n = min(len(results[a]) for a in alive)
        mean = {a: statistics.fmean(results[a][-n:]) for a in alive}
        best = max(alive, key=lambda a: (mean[a], a == guided, a))

        def paired(a: str, b: str) -> tuple[float, float]:
            """How much better `a` did than `b` on the same worlds, and its standard error."""
            diffs = [x - y for x, y in zip(results[a][-n:], results[b][-n:])]
            spread = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
            return statistics.fmean(diffs), spread

        trusted = n >= config.min_worlds
        choice = guided
        if best != guided and trusted:
            gain, spread = paired(best, guided)
            if gain > config.defer and gain > config.confidence * spread:
                choice = best
        # variety: the moves still in play that the worlds cannot tell from the choice
        # (within `tie`, or one standard error) are played at random, seeded
        equal = [choice]
        for a in sorted(alive) if config.vary else ():
            if a != choice:
                gain, spread = paired(choice, a)
                band = max(config.tie, spread) if trusted and config.vary_by_error else config.tie
                if gain <= band and (config.vary_past_bar or gain >= -config.tie):
                    equal.append(a)
        return self.rng.choice(sorted(equal))

    def rollout(self, world: State, action: str, seed: int) -> float:
        """The seat's result after `action` in a copy of `world`, the heuristic playing on,
        its players seeded by `seed` so every move meets the same luck."""
        config = self.config
        copy = world.clone()
        copy.apply(action)
        limit = config.cutoff or ROLLOUT_LIMIT
        players = self._players
        steps = 0
        for i, bot in players.items():
            bot.rng.seed(seed + i)
        while not copy.is_over and steps < limit:
            seat = copy.current_player
            legal = copy.legal_actions()
            if len(legal) == 1 or seat in copy.automata:
                copy.apply(legal[0])
            else:
                bot = players.get(seat)
                if bot is None:
                    bot = players[seat] = self.heuristic(seat, seed + seat)
                copy.apply(bot.choose(copy))
            steps += 1
        won, lead = outcome(copy, self.evaluate)[self.seat]
        share = won + config.margin * lead
        if config.noise:
            share += self.rng.gauss(0.0, config.noise)
        return share


__all__ = ["RolloutConfig", "RolloutSearch"]
