"""Information-set Monte Carlo tree search for every game, through the engine contract only.

Each iteration deals the world anew from what the seat knows (`state.determinize(seat, …)`:
hidden cards and future chance), walks one shared tree of actions with UCB — counting, for
each action, how often it was legal in the worlds dealt (its availability), so an action
that only some worlds allow is not favoured — adds one node, and plays the rest of the game
out with a rollout policy. Every seat's result is backed up, and at each node the seat that
chose the action reads its own share: the tree models the opponents as players who want
to win, not as the searcher's helpers.

A guide (the game's heuristic) may lead the root: its move is tried first and played unless
the samples show a clearly better one. A level is an `IsmctsConfig`: how many iterations
(and seconds), how much noise on each result (a weaker player misjudges positions, it does
not blunder at random) and how wide "near-equal" is when picking among the best moves at
random (variety).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable

from tentable.bots.base import Bot
from tentable.engine.core import State

ROLLOUT_LIMIT = 5_000     # actions: far beyond any game's length, a guard against a loop


@dataclass(frozen=True)
class IsmctsConfig:
    iterations: int                 # the most iterations per decision
    noise: float = 0.0              # std. dev. of the noise added to every result
    explore: float = 0.7            # UCB constant (results are win shares, 0..1)
    near: float = 0.9               # moves visited at least this share of the best's tie
    margin: float = 0.3             # weight of the score margin beside the win share
    cutoff: int | None = None       # rollout actions before judging by the scores so far
    hint: float = 0.0               # bias towards the guide's move at the root, fading
    defer: float = 0.0              # a move must beat the guide's by this much to be played
    trust: int = 20                 # ... and be tried at least this often
    confidence: float = 2.0         # ... and by this many standard errors of the difference
    # results this close to the guide's move count as equal: below what a point of score
    # adds to a result near an even game (margin / 10), so a point is never given away
    tie: float = 0.02


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0            # summed results of the seat that chose this action


Evaluation = Callable[[State], list[float]]
Policy = Callable[[State, random.Random], str]


def outcome(state: State, evaluate: Evaluation | None = None) -> list[tuple[float, float]]:
    """Each seat's (share of the win, lead): the lead is its score against the best of the
    others, squashed, so a game lost by less still counts. A game cut off before its end
    is judged by `evaluate` (default: the scores so far): the leaders share the win."""
    over = state.is_over
    scores = state.scores() if over or evaluate is None else evaluate(state)
    sign = -1.0 if state.lowest_wins else 1.0
    if over:
        winners = state.winners()
    else:
        best = max(sign * s for s in scores)
        winners = [seat for seat, s in enumerate(scores) if sign * s == best]
    results = []
    for seat in range(state.players):
        won = 1.0 / len(winners) if seat in winners else 0.0
        others = [sign * s for i, s in enumerate(scores) if i != seat]
        lead = sign * scores[seat] - max(others) if others else 0.0
        results.append((won, math.tanh(lead / 10.0)))
    return results


def random_policy(state: State, rng: random.Random) -> str:
    return state.random_action(rng)


class Ismcts(Bot):
    """One search for every game; `policy` plays the rollouts (uniform by default)."""

    def __init__(self, seat: int, seed: int = 0, time_limit: float | None = None,
                 config: IsmctsConfig = IsmctsConfig(400), policy: Policy = random_policy,
                 guide: Bot | None = None, evaluate: Evaluation | None = None) -> None:
        super().__init__(seat, seed, time_limit)
        self.config = config
        self.policy = policy
        # a quick player (the game's heuristic) whose move the root tries first and favours
        # while visits are few: the search leaves it only for a move it finds better
        self.guide = guide
        self.evaluate = evaluate
        self.hinted: str | None = None      # the guide's move in the decision at hand
        self.iterations_run = 0

    def choose(self, state: State) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        deadline = self.deadline(start)
        config, rng, me = self.config, self.rng, self.seat
        root = Node()
        self.hinted = self.guide.choose(state) if self.guide and config.hint else None
        # one number per decision: the worlds dealt depend on the bot's seed and the position
        # as the seat sees it, never on the hidden cards of the copy it was handed
        base = rng.randrange(1 << 62)
        n = 0
        while n < config.iterations:
            if deadline is not None and n and n % 8 == 0 and time.perf_counter() > deadline:
                break
            world = state.determinize(me, base + n)
            self._iterate(root, world)
            n += 1
        self.iterations_run = n
        return self._pick(root, legal)

    def _iterate(self, root: Node, world: State) -> None:
        config, rng = self.config, self.rng
        path: list[tuple[Node, int]] = []
        node = root
        # selection and expansion: down the tree while every legal action has a node
        while not world.is_over:
            legal = world.legal_actions()
            mover = world.current_player
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                hinted = self.hinted if node is root else None
                action = hinted if hinted in untried else rng.choice(untried)
                child = children[action] = Node()
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                world.apply(action)
                path.append((child, mover))
                break
            best, best_value = None, -math.inf
            hinted = self.hinted if node is root else None
            for a in legal:
                child = children[a]
                child.avail += 1
                value = child.total / child.visits + config.explore * math.sqrt(
                    math.log(child.avail) / child.visits)
                if a == hinted:
                    value += config.hint / child.visits
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            world.apply(best)
            path.append((node, mover))
        # rollout
        steps = 0
        policy = self.policy
        limit = config.cutoff or ROLLOUT_LIMIT
        while not world.is_over and steps < limit:
            world.apply(policy(world, rng))
            steps += 1
        results = outcome(world, self.evaluate)
        shares = [won + config.margin * lead for won, lead in results]
        if config.noise:
            shares = [s + rng.gauss(0.0, config.noise) for s in shares]
        for child, mover in path:
            child.visits += 1
            child.total += shares[mover]

    def _pick(self, root: Node, legal: list[str]) -> str:
        """With a guide: its move, unless the search found one clearly better; moves the
        search finds as good are played as often (variety). Without: the most visited
        move, or one at random among those visited nearly as often."""
        config = self.config
        seen = {a: child for a, child in root.children.items() if a in legal and child.visits}
        if not seen:
            return self.rng.choice(legal)
        guided = seen.get(self.hinted) if self.hinted else None
        if guided is not None:
            base = guided.total / guided.visits
            tried = {a: c.total / c.visits for a, c in seen.items() if c.visits >= config.trust}
            # a result is mostly a share of a win, 0 or 1: its variance about 1/4
            better = [a for a, mean in tried.items() if mean >= base + config.defer +
                      config.confidence * math.sqrt(0.25 / seen[a].visits +
                                                    0.25 / guided.visits)]
            if better:
                return max(better, key=lambda a: (seen[a].visits, a))
            equal = sorted({self.hinted, *(a for a, mean in tried.items()
                                           if abs(mean - base) <= config.tie)})
            return self.rng.choice(equal)
        top = max(c.visits for c in seen.values())
        near = sorted(a for a, c in seen.items() if c.visits >= config.near * top)
        return self.rng.choice(near)


__all__ = ["Ismcts", "IsmctsConfig", "outcome", "random_policy"]
