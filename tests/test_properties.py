"""Property tests (hypothesis): whatever a player or a file throws at the engine."""
import json

from hypothesis import given, settings, strategies as st

from tentable.engine import GAMES, IllegalAction, SetupError, from_json, new_game

GAME_IDS = sorted(GAMES)
words = st.sampled_from(["play", "twist", "take", "bid", "pass", "flip", "buy", "pay"])
numbers = st.integers(-10**30, 10**30).map(str)
action_text = st.one_of(st.text(max_size=40), st.tuples(words, numbers).map(" ".join),
                        st.tuples(words, st.text(max_size=8)).map(" ".join))


@settings(max_examples=300, deadline=None)
@given(game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 10**6),
       moves=st.integers(0, 40), text=action_text)
def test_any_text_is_either_a_legal_move_or_refused_without_a_change(game_id, seed, moves,
                                                                      text):
    state = new_game(game_id, GAMES[game_id].min_players, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    before = state.to_json()
    legal = state.legal_actions()
    try:
        state.apply(text)
    except IllegalAction as err:
        assert state.to_json() == before and str(err)
    else:
        assert text.strip() in legal


@settings(max_examples=200, deadline=None)
@given(game_id=st.sampled_from(GAME_IDS), seed=st.integers(0, 10**6),
       key=st.text(min_size=1, max_size=12),
       value=st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers())))
def test_a_tampered_saved_state_loads_correctly_or_is_refused_clearly(game_id, seed, key,
                                                                       value):
    text = new_game(game_id, GAMES[game_id].min_players, seed=seed).to_json()
    data = json.loads(text)
    state = data["state"]
    target = key if key in state else sorted(state)[len(key) % len(state)]
    state[target] = value
    try:
        loaded = from_json(json.dumps(data))
    except SetupError as err:
        assert str(err)
        return
    # Whatever loads must be a playable, consistent game.
    if not loaded.is_over:
        loaded.apply(loaded.legal_actions()[0])
