"""Take That's end of a round, searched exactly by the levels above Easy (issue 39, item 5;
docs/ai.md "Take That: the end of a round searched exactly")."""
from __future__ import annotations

import math
import random

import pytest

from test_takethat import position

from tentable.bots import make_bot
from tentable.bots.takethat_exact import OutOfBudget, endgame, solve
from tentable.engine import new_game
from tentable.engine.takethat import cards


def brute(state, seat: int) -> int:
    """`seat`'s points minus the other's at the end of the round (rounds=1: the game),
    both playing their best, found by the engine itself: every legal action applied."""
    if state.is_over:
        scores = state.scores()
        return scores[seat] - scores[1 - seat]
    results = []
    for action in state.legal_actions():
        copy = state.clone()
        copy.apply(action)
        results.append(brute(copy, seat))
    return max(results) if state.current_player == seat else min(results)


def small_positions(count: int, seed: int):
    """Random short rounds: three or four cards a hand, a row of one to three, zero to
    two cards to draw, V1 on or off."""
    rng = random.Random(seed)
    for _ in range(count):
        deal = rng.sample(sorted(cards()), 13)
        size = rng.choice((3, 4))
        hands = [deal[:size], deal[size:2 * size]]
        rest = deal[2 * size:]
        row, pile = rest[:rng.randint(1, 3)], rest[3:3 + rng.randint(0, 2)]
        yield position(hands=hands, row=row, pile=pile, turn=rng.randint(0, 1),
                       options={"rounds": 1, "pro": rng.random() < 0.5})


def test_the_exact_search_agrees_with_the_rules_to_the_round_end():
    """TT-R4..R9, V1: in 60 small dealt worlds every move's result, searched with
    alpha-beta on the search's own copy of the rules, equals the engine's full game tree."""
    for state in small_positions(60, seed=5):
        seat = state.current_player
        scores = state.scores()
        now = scores[seat] - scores[1 - seat]
        for action, result in solve(state, 10**6).items():
            copy = state.clone()
            copy.apply(action)
            assert now + result == brute(copy, seat), (state.hands, state.row, action)


def ends_of_rounds(count: int):
    """Positions of two-player games (Easy against the sensible newcomer) once the pile is
    empty, each with a choice to make."""
    found, seed = 0, 40
    while found < count:
        state = new_game("takethat", 2, seed=seed)
        bots = [make_bot(name, "takethat", s, seed) for s, name in enumerate(("easy",
                                                                           "newcomer"))]
        seed += 1
        while not state.is_over:
            legal = state.legal_actions()
            if not state.pile and len(legal) > 1 and found < count:
                found += 1
                yield state.clone()
                break
            state.apply(legal[0] if len(legal) == 1 else bots[state.current_player].choose(state))


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_with_the_pile_empty_a_level_gives_away_no_point_it_could_keep(level):
    """TT-R8: once the pile is empty the round ends at the next take, and nothing is
    hidden between two players: the levels play a move with the best exact result (with
    rollouts alone Normal, Hard and Expert gave away points in some of these rounds)."""
    for n, state in enumerate(ends_of_rounds(12)):
        seat = state.current_player
        exact = solve(state, 10**6)
        choice = make_bot(level, "takethat", seat, n, math.inf).choose(
            state.determinize(seat, n))
        assert exact[choice] == max(exact.values()), (n, choice, exact)


def test_the_rollouts_decide_where_the_round_is_long_or_too_big():
    """More cards to draw than the level searches, three players, or more nodes than its
    budget: no move from the exact search (the rollouts decide)."""
    state = next(ends_of_rounds(1))
    seat = state.current_player
    assert endgame(state, seat, 1, pile=0, worlds=1, nodes=10_000) in state.legal_actions()
    with pytest.raises(OutOfBudget):
        solve(state, 0)
    assert endgame(state, seat, 1, pile=0, worlds=1, nodes=0) is None
    early = new_game("takethat", 2, seed=3)
    assert endgame(early, 0, 1, pile=2, worlds=4, nodes=10_000) is None
    three = new_game("takethat", 3, seed=3)
    three.pile = []
    assert endgame(three, 0, 1, pile=2, worlds=4, nodes=10_000) is None
