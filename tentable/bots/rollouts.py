"""Rollout policies and cut-off evaluations: how the search plays a sampled world on and
judges it where it stops, per game where a measurement showed a cheap rule of thumb beats
uniform play and the bare scores (docs/ai.md). A policy reads
the sampled world directly — every card of it is already a guess — and must cost next to
nothing: it runs for every action of every iteration.
"""
from __future__ import annotations

import random
from functools import partial
from typing import Callable, cast

from tentable.bots.base import Bot
from tentable.bots.ismcts import Evaluation, Policy, random_policy
from tentable.bots import takethat_exact
from tentable.bots.retro10 import Retro10Heuristic
from tentable.bots.ten_bids import cash, rollout_bid
from tentable.engine.core import State
from tentable.engine.ten import Ten
from tentable.engine import ten_moves
from tentable.engine.ten_cards import CARD, LIMIT, deck_for
from tentable.engine.ten_moves import (FLIP, PAY_BUST, PAY_DUPLICATE, PAY_TOKEN,
                                       STOP_MONEY, STOP_NUMBERS)
from tentable.engine.ten_paying import best_payment, coin_worth, collection_outlook

# How a rollout's sensible player plays TEN, drawn afresh at each decision so the worlds
# hold players a little bolder and a little more careful than one fixed rule.
# Flip while the chance that the next card busts (counted from the cards not yet seen,
# TEN-R4) is below a risk drawn from these: more when the numbers showing join no run of
# one's own (little to lose), less when they do. Drawn so, the share of flips at each
# chance of busting is near the heuristic's (fitted on its 940 flip decisions in 12 games
# with itself; in 8 others most tenths of chance agree within 0.1): the heuristic flips
# half the time at 0.5 with nothing to lose, a third with runs to lose, where a fixed stop
# at a total of 6-8 all but never did.
TEN_RISK = ((0.15, 0.35, 0.45, 0.55, 0.65, 0.75),     # the numbers showing join no run
            (0.05, 0.25, 0.35, 0.45, 0.55, 0.65))     # they join one
TEN_MONEY_TAKEN = 4         # money this high is taken instead of numbers that join no run


def ten(state: State, rng: random.Random) -> str:
    """TEN played as a sensible player would, for next to nothing: flip while the chance
    of busting, counted over the cards not yet seen, is below a risk drawn from `TEN_RISK`
    (TEN-R4; as the heuristic flips), take the numbers unless money is showing and none
    of them joins a run; bid as the heuristic bids (`ten_bids.rollout_bid`: an earlier
    bidder opens at most of what the joker is worth to it, the last bids the lowest);
    buy only a card beside one of one's own colour that tokens can pay, the dearest; pay
    tokens before cards, and cards by the plan every level pays by.
    The cautious beginner it replaced (flip at 5 or less, bid the lowest on four jokers in
    ten, buy any card six times in ten) played no one the search meets: against it a
    search stopped at a total of 1 and bid 1 where a person outbids it; nor did a fixed
    stop at a total of 6 to 8, which all but never flipped where the heuristic flips half
    the time, so the search stopped where flipping won against it (docs/ai.md); nor one
    who bid the lowest bid up to 5, where the heuristic bidding first opens at 4: the
    search imagined rivals who let jokers go cheap."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    phase, seat = state.phase, state.current_player
    if phase == "flip":
        total = money = 0
        numbers = []
        for card in state.tableau:
            _, kind, value, colour = CARD[card]
            if kind == "money":
                money += value
            else:
                total += value
                numbers.append((colour, value))
        joins = _joins(state, seat, numbers)
        if FLIP in actions and _bust_chance(state, total - money, money) < \
                rng.choice(TEN_RISK[joins]):
            return FLIP
        if STOP_MONEY in actions and (STOP_NUMBERS not in actions or (
                money >= TEN_MONEY_TAKEN and not joins)):
            return STOP_MONEY
        return STOP_NUMBERS if STOP_NUMBERS in actions else actions[0]
    if phase == "pay":
        for item in (PAY_TOKEN, PAY_DUPLICATE, PAY_BUST):
            if item in actions:
                return item
        # out of tokens: the cards every level pays with (`best_payment`), never at random
        return _card_to_pay(cast(Ten, state))
    if phase == "auction":
        return rollout_bid(cast(Ten, state), seat, actions, rng)
    pays = cash(cast(Ten, state), seat)
    best, choice = 0, None
    for action in actions:
        move = ten_moves.read(action)
        if move.kind == "buy":
            _, kind, value, colour = CARD[move.card]
            if kind == "number" and value <= pays and value > best and \
                    _joins(state, seat, [(colour, value)]):
                best, choice = value, action
    if choice:
        return choice
    for action in ("bust token", "skip"):
        if action in actions:
            return action
    return actions[0]


# The rest of the last card payment planned, under the payment it expects next: one plan
# per payment, as the heuristic pays. Since rollouts bid as the heuristic does they pay
# with cards far more often, and planning each card anew made Hard's decision half again
# as dear (`best_payment` took a third of its time).
_planned: list = [None, []]


def _card_to_pay(state: Ten) -> str:
    payer, due, card = state.payment["payer"], state.payment["due"], state.payment["card"]
    codes = sorted(state.codes(payer))
    expected, rest = _planned
    plan = rest if expected == (payer, due, card, codes) else best_payment(state, payer, due)
    paid = ten_moves.read(plan[0]).card
    if paid in codes and len(plan) > 1:
        codes.remove(paid)
        _planned[:] = [(payer, due - 1, card, codes), plan[1:]]
    return plan[0]


def _bust_chance(state: State, running: int, money: int) -> float:
    """The chance that the next flip busts (TEN-R4), counted over the pile: a seat knows
    its contents as a multiset (every other card is in sight), and in a search's world the
    pile is one dealing of exactly those."""
    pile = state.pile
    if not pile:
        return 0.0
    busts = 0
    for card in pile:
        _, kind, value, _ = CARD[card]
        if kind == "number":
            busts += running + value > LIMIT
        elif kind == "money":
            busts += money + value > LIMIT
    return busts / len(pile)


def _joins(state: State, seat: int, numbers: list[tuple[str, int]]) -> bool:
    """Whether one of the (colour, number) cards lies beside a card of `seat`'s
    collection in its colour: it extends a run, as a person sees it."""
    held = state.held_codes(seat)
    return any(f"{colour}{value + d}" in held for colour, value in numbers for d in (-1, 1))


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
    # rollouts with (0.2 s each), so they play the sensible player `ten` (about 1 ms)
    "ten": lambda seat, seed=0, **_: PolicyPlayer(ten, seat, seed)}

POLICIES: dict[str, Policy] = {"ten": ten}
EVALUATIONS: dict[str, Evaluation] = {"ten": ten_standing}
# A level's own evaluation, where a measurement showed it helps (docs/ai.md): TEN's Expert
# judged by the collections' outlook won 33 of 48 games against Hard (55-80%); by the
# runs alone its moves were all but Hard's (they gave away 0.0020 of a win, Hard 0.0033).
LEVEL_EVALUATIONS: dict[str, dict[str, Evaluation]] = {"ten": {"expert": ten_outlook}}


# The end of a round searched exactly instead of by rollouts, per game and level: Take
# That's last cards to draw (`takethat_exact`; two players), over dealt worlds, within
# nodes that keep the level's seconds (about 30,000 nodes a second).
FINISHES: dict[str, dict[str, Callable[[State, int, int], str | None]]] = {
    "takethat": {level: partial(takethat_exact.endgame, pile=pile, worlds=worlds, nodes=nodes)
                 for level, pile, worlds, nodes in (("normal", 1, 10, 4_000),
                                                    ("hard", 2, 16, 20_000),
                                                    ("expert", 2, 32, 40_000))}}


def finish_for(game_id: str, level: str) -> Callable[[State, int, int], str | None] | None:
    return FINISHES.get(game_id, {}).get(level)


def policy_for(game_id: str) -> Policy:
    return POLICIES.get(game_id, random_policy)


def evaluation_for(game_id: str, level: str | None = None) -> Evaluation | None:
    return LEVEL_EVALUATIONS.get(game_id, {}).get(level) or EVALUATIONS.get(game_id)


__all__ = ["EVALUATIONS", "FINISHES", "LEVEL_EVALUATIONS", "finish_for", "POLICIES", "ROLLOUT_PLAYERS", "evaluation_for",
           "policy_for"]
