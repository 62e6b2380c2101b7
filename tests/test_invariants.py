"""One random-playout test for every registered game (OpenSpiel's random-sim test).

After every action: cards conserved; legal actions sorted, unique and non-empty
while the game runs; JSON and clone round-trips equal; a determinized copy keeps
every card and the seat's view, and the view never shows a hidden zone; the game
ends within a bound.
"""
import json
import os
import random
from concurrent.futures import ProcessPoolExecutor
from itertools import chain

import pytest

from tentable.engine import GAMES, from_json, new_game

# Take That is cheap enough for thousands; later games may set their own count.
PLAYOUTS = {"takethat": 2000}
DEFAULT_PLAYOUTS = 300
MAX_ACTIONS = 20_000


def all_cards(state):
    return sorted(chain.from_iterable(state.zones().values()))


def compact(value):
    return json.dumps(value, separators=(",", ":"))


def check_hidden(state, seat, rng, changed):
    view = state.view(seat)
    zones = state.zones()
    hidden = state.hidden_zones(seat)
    shown = compact(view)
    for name in hidden:
        cards = zones[name]
        if len(cards) > 1:   # a single card could equal a public list by chance
            for order in (cards, sorted(cards)):
                assert compact(order) not in shown, \
                    f"hidden zone {name!r} appears in the view of seat {seat}"
    copy = state.determinize(seat, rng.randrange(1 << 30))
    assert copy.view(seat) == view, "determinize changed what the seat sees"
    assert all_cards(copy) == all_cards(state)
    copy_zones = copy.zones()
    for name, cards in zones.items():
        if name not in hidden:
            assert copy_zones[name] == cards, f"determinize changed visible zone {name!r}"
        elif sorted(copy_zones[name]) != sorted(cards):
            changed.add(name)


def playouts(game_id, first, last):
    """Play games first..last-1 with every check; return the zones determinize varied."""
    game = GAMES[game_id]
    rng = random.Random(f"invariants/{game_id}/{first}")
    changed: set[str] = set()
    for n in range(first, last):
        players = game.min_players + n % (game.max_players - game.min_players + 1)
        options = {o.name: rng.choice([o.default, not o.default]) if o.kind is bool
                   else o.default for o in game.options}
        state = new_game(game_id, players, seed=n, options=options)
        deck = all_cards(state)
        while not state.is_over:
            actions = state.legal_actions()
            assert actions and actions == sorted(set(actions)), actions
            assert 0 <= state.current_player < players
            assert not state.winners()
            state.apply(rng.choice(actions))
            assert all_cards(state) == deck, "a card appeared or vanished"
            text = state.to_json()
            assert from_json(text).to_json() == text
            assert state.clone()._to_data() == state._to_data()
            check_hidden(state, len(state.history) % players, rng, changed)
            assert len(state.history) < MAX_ACTIONS, "the game does not end"
        assert state.legal_actions() == [] and state.current_player is None
        scores = state.scores()
        assert len(scores) == players
        assert state.winners() and set(state.winners()) <= set(range(players))
    return changed


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_playouts_keep_every_invariant(game_id):
    count = PLAYOUTS.get(game_id, DEFAULT_PLAYOUTS)
    workers = max(1, min(4, os.cpu_count() or 1))
    bounds = [count * i // (workers * 4) for i in range(workers * 4 + 1)]
    with ProcessPoolExecutor(workers) as pool:
        parts = pool.map(playouts, [game_id] * (len(bounds) - 1), bounds[:-1], bounds[1:])
        changed = set().union(*parts)
    # The hidden-information checks above can only fail if hidden parts really vary.
    assert changed, "determinize never resampled anything"
