"""Rollout policies and cut-off evaluations: how the search plays a sampled world on and
judges it where it stops, per game where a measurement showed a cheap rule of thumb beats
uniform play and the bare scores (docs/ai.md). A policy reads
the sampled world directly — every card of it is already a guess — and must cost next to
nothing: it runs for every action of every iteration.
"""
from __future__ import annotations

import random
from typing import Callable

from tentable.bots.base import Bot
from tentable.bots.ismcts import Evaluation, Policy, random_policy
from tentable.bots.retro10 import Retro10Heuristic
from tentable.engine.core import State
from tentable.engine.ten_cards import CARD, deck_for
from tentable.engine.ten_paying import best_payment, coin_worth, collection_outlook

TEN_SAFE_TOTAL = 5          # flip on while a flip cannot take the total far past ten


def ten(state: State, rng: random.Random) -> str:
    """TEN played as a cautious beginner would: flip while the running total is low, then
    take the numbers; pay with tokens before cards, and cards by the plan every level pays
    by; bid now and then; buy a card when offered more often than not. Uniform play pays with collection cards and busts at
    random, which drowns what a decision is worth in noise."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    phase = state.phase
    if phase == "flip":
        total = 0
        for card in state.tableau:
            _, kind, value, _ = CARD[card]
            total += -value if kind == "money" else value
        if "flip" in actions and total <= TEN_SAFE_TOTAL and rng.random() < 0.9:
            return "flip"
        if "stop numbers" in actions and rng.random() < 0.8:
            return "stop numbers"
        return rng.choice(actions)
    if phase == "pay":
        for item in ("pay t", "pay d", "pay x"):
            if item in actions:
                return item
        # out of tokens: the cards every level pays with (`best_payment`), never at random
        return best_payment(state, state.payment["payer"], state.payment["due"])[0]
    if phase == "auction":
        bids = [a for a in actions if a.startswith("bid ")]
        if bids and rng.random() < 0.4:
            return bids[0]
        return "pass" if "pass" in actions else rng.choice(actions)
    buys = [a for a in actions if a.startswith("buy ")]
    if buys and rng.random() < 0.6:
        return rng.choice(buys)
    return rng.choice(actions)


def ten_standing(state: State) -> list[float]:
    """A TEN game cut off early, judged as the payments are (`best_payment`): the score of
    each collection plus its money at what money is worth with this much still to come."""
    coin = coin_worth(len(state.pile) / len(deck_for(state.players)))
    return [score + coin * state.wealth(seat, cards=False)
            for seat, score in enumerate(state.scores())]


def ten_outlook(state: State) -> list[float]:
    """A TEN game cut off early, judged as the payments value what each seat holds
    (`collection_outlook`): its runs, what the cards outside them may still add, and its
    money at `coin_worth`. Scores alone count a card that joins no run yet as nothing, so
    a search judged by them after 40 actions pays with jokers and spare cards that are
    likely to score by the end."""
    left = len(state.pile) / len(deck_for(state.players))
    coin = coin_worth(left)
    return [collection_outlook(state.codes(seat), left) + coin * state.wealth(seat, cards=False)
            for seat in range(state.players)]


class QuickRetro10(Retro10Heuristic):
    """10 Retro's heuristic pricing its moves on fewer worlds: it plays every seat of a
    rollout, where five times the rollouts count for more than each move priced finely."""

    samples = 8


class PolicyPlayer(Bot):
    """A rollout policy as a player of `tentable/bots/rollout.py`'s rollouts."""

    def __init__(self, policy: Policy, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.policy = policy

    def choose(self, state: State) -> str:
        return self.policy(state, self.rng)


# The players of the rollouts of `tentable/bots/rollout.py`, where not the heuristic itself.
ROLLOUT_PLAYERS: dict[str, Callable[..., Bot]] = {
    "retro10": QuickRetro10,
    # TEN's heuristic prices every card by the best runs it makes: too dear to play
    # rollouts with (0.2 s each), so they play the cautious beginner
    "ten": lambda seat, seed=0, **_: PolicyPlayer(ten, seat, seed)}

POLICIES: dict[str, Policy] = {"ten": ten}
EVALUATIONS: dict[str, Evaluation] = {"ten": ten_standing}
# A level's own evaluation, where a measurement showed it helps (docs/ai.md): TEN's Expert
# judged by the collections' outlook won 33 of 48 games against Hard (55-80%); by the
# runs alone its moves were all but Hard's (they gave away 0.0020 of a win, Hard 0.0033).
LEVEL_EVALUATIONS: dict[str, dict[str, Evaluation]] = {"ten": {"expert": ten_outlook}}


def policy_for(game_id: str) -> Policy:
    return POLICIES.get(game_id, random_policy)


def evaluation_for(game_id: str, level: str | None = None) -> Evaluation | None:
    return LEVEL_EVALUATIONS.get(game_id, {}).get(level) or EVALUATIONS.get(game_id)


__all__ = ["EVALUATIONS", "LEVEL_EVALUATIONS", "POLICIES", "ROLLOUT_PLAYERS", "evaluation_for",
           "policy_for"]
