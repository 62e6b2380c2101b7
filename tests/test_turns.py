"""The turn structure is declared (boardgame.io's phases): every phase names the phases it
may lead to and the sub-phases it calls, and the core refuses any other transition.

Random games of every game and option (the playout test's setups) watch each transition
as it happens: each one must be declared, a phase may change only through the core, and
every declared transition must turn up somewhere in the run, so no declaration is dead.
"""
import random

import pytest

from tentable.engine import GAMES, new_game
from tentable.engine.core import OVER, Phase, State
from tentable.engine.errors import TransitionError
from tentable.engine.registry import register
from tentable.engine.ten import Ten
from test_invariants import random_setup
from test_ten import game, play, to_market

GAMES_EACH = 40
# Transitions too rare for GAMES_EACH random games, with the reason; the test says so when
# one of them does turn up, so the list stays true.
RARE: dict[str, set] = {}


def declared_edges(cls):
    return {(a, b) for a, targets in cls.transitions.items() for b in targets}


def watched_playouts(game_id, monkeypatch):
    """Play GAMES_EACH random games; return the transitions seen, as (from, to)."""
    moves: list = []
    goto = State.goto

    def watching(self, phase):
        moves.append((self.phase, phase))
        goto(self, phase)

    monkeypatch.setattr(State, "goto", watching)
    game = GAMES[game_id]
    rng = random.Random(f"turns/{game_id}")
    seen = set()
    for n in range(GAMES_EACH):
        players, options, deck = random_setup(game, n, rng)
        moves.clear()
        state = new_game(game_id, players, seed=n, options=options, deck=deck)
        seen.update(moves)
        while not state.is_over:
            before = state.phase
            moves.clear()
            state.apply(rng.choice(state.legal_actions()))
            seen.update(moves)
            path = [before] + [to for _, to in moves]
            assert all(a == path[i] for i, (a, _) in enumerate(moves)), \
                f"{game_id}: the phase changed outside the core: {before} then {moves}"
            assert state.phase == path[-1], \
                f"{game_id}: {path[-1]} became {state.phase} outside the core"
            if state.is_over and state.phase != OVER:
                # Take That and Elfer raus! end with no one to move, the phase unchanged
                seen.add((state.phase, OVER))
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_transition_in_play_is_declared_and_every_declared_one_happens(
        game_id, monkeypatch):
    cls = GAMES[game_id].state
    declared = declared_edges(cls)
    seen = watched_playouts(game_id, monkeypatch)
    assert seen - declared == set(), "undeclared transitions"
    rare = RARE.get(game_id, set())
    assert declared - seen == rare, "declared transitions never seen in play"


def test_a_transition_the_phases_do_not_declare_is_refused():
    state = new_game("ten", 2, seed=1)
    assert state.phase == "flip"
    with pytest.raises(TransitionError, match="'flip' does not lead to 'pay'"):
        state.goto("pay")     # paying is entered only by a call, from what buys
    assert state.phase == "flip"


def test_pay_returns_to_the_phase_that_called_it():
    """TEN-R10, TEN-R12: a purchase is paid, then the buyer's turn ends as after 'skip';
    TEN-R7, TEN-R11: a won joker is paid, then the active player flips on."""
    state = game(["G3"])
    to_market(state, ["B1"])
    play(state, "flip", "stop numbers", "buy B1")
    assert state.phase == "pay" and state.payment["then"] == "buy"
    play(state, "pay t")
    assert (state.phase, state.current_player, state.payment) == ("flip", 1, None)

    state = game(["G3", "W#"])
    play(state, "flip", "flip", "bid 2", "pass")
    assert state.phase == "pay" and state.payment["then"] == "auction"
    play(state, "pay t", "pay t")
    assert (state.phase, state.current_player, state.payment) == ("flip", 0, None)
    assert state.tableau and state.collections[1]


def test_a_turn_structure_that_cannot_work_is_refused_at_registration():
    def nothing(state, *args):
        return []

    class Broken(Ten):
        game_id = "broken"
        phases = {"flip": Phase(nothing, nothing, nothing, next=("nowhere",),
                                player=lambda s: s.turn),
                  "pay": Phase(nothing, nothing, nothing, player=lambda s: s.turn)}
        first_phase = "flip"

    with pytest.raises(TypeError, match="flip -> nowhere"):
        register(Broken)
    Broken.phases["flip"] = Phase(nothing, nothing, nothing, calls=("pay",),
                                  player=lambda s: s.turn)
    with pytest.raises(TypeError, match="pay is called but keeps no frame.*flip calls pay "
                                        "but has no resume"):
        register(Broken)
    assert "broken" not in GAMES


def test_s1_solo_ten_is_a_variant_class_with_the_game_id_options_and_records_of_ten():
    from tentable.engine import from_json, replay
    from tentable.engine.ten_solo import TenSolo
    state = new_game("ten", 2, seed=4, options={"solo": True, "target": 7})
    assert type(state) is TenSolo and state.automata == [1]
    while state.current_player != 1:
        state.apply(state.legal_actions()[0])
    record = state.record()
    assert record["game"] == "ten" and record["options"] == {
        "variant_busted_buy": False, "solo": True, "target": 7}
    for copy in (state.clone(), replay(record), from_json(state.to_json()),
                 state.determinize(0, 1)):
        assert type(copy) is TenSolo and copy.legal_actions() == state.legal_actions()
    assert type(new_game("ten", 2, seed=4)) is Ten
