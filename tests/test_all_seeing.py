"""A replay hides nothing: the all-seeing view (`State.view_all`) shows every seat's cards,
and only a watching session ever gets it, never a table where someone plays."""
from dataclasses import replace

import pytest

from tentable.engine import GAMES, new_game
from tentable.match import Applied, Match
from tentable.session import Seat, Session


def session(game_id, players, watch=False, reveal=False, seed=4):
    seats = (Seat("Ana"),) + tuple(Seat(f"C{i}", "bot", "easy") for i in range(1, players))
    return Session(game_id, seats, seed, {}, watch=watch, reveal=reveal)


def play_some(match, moves=30):
    """Every seat's moves through the match, as the replay viewer plays them; returns
    each move's event and the position after it."""
    out = []
    state = new_game(match.session.game_id, match.session.players, match.session.seed)
    for _ in range(moves):
        if state.is_over:
            break
        action = state.legal_actions()[0]
        [applied, *_] = match.play(state.current_player, [action])
        state.apply(action)
        assert isinstance(applied, Applied)
        out.append((applied, state.clone()))
    return out


def test_take_that_everyone_sees_each_hand_as_its_seat_does():
    """TT-R2: each seat holds ten cards only it sees; a replay shows all of them."""
    state = new_game("takethat", 3, seed=8)
    view = state.view_all(0)
    assert view["hand"] == state.view(0)["hand"]
    assert view["hands"] == [state.view(s)["hand"] for s in range(3)]
    assert [len(h) for h in view["hands"]] == view["hand_sizes"] == [9, 9, 9]
    assert view["pile"] == state.view(0)["pile"]        # the pile's order stays unknown


def test_retro10_everyone_sees_a_face_down_card_its_owner_knows():
    """RX-R4: a card placed face down is seen by its owner; a replay shows it too."""
    state = new_game("retro10", 3, seed=2)
    while not any(entry["id"] is None for row in state.view(0)["table"] for entry in row):
        state.apply(state.legal_actions()[0])         # until another seat places one down
    mine = state.view(0)["table"]
    seen = state.view_all(0)["table"]
    hidden = [(p, i) for p, row in enumerate(mine) for i, e in enumerate(row) if e["id"] is None]
    assert hidden and all(seen[p][i]["id"] for p, i in hidden)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_session_where_someone_plays_may_not_show_everyones_cards(game_id):
    with pytest.raises(ValueError):
        session(game_id, 2, reveal=True)
    watching = session(game_id, 2, watch=True, reveal=True)
    with pytest.raises(ValueError):
        replace(watching, watch=False)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_played_match_tells_only_what_the_seat_sees(game_id):
    match = Match(session(game_id, 2))
    match.viewer = 0
    played = play_some(match)
    assert played
    for event, position in played:
        assert event.after == position.view(0) and "hands" not in event.before
    state = match.state
    assert match.view(0) == state.view(0) and match.view(None) == state.view(None)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_replay_of_everyones_cards_tells_the_all_seeing_view(game_id):
    match = Match(session(game_id, 2, watch=True, reveal=True))
    match.viewer = 0
    played = play_some(match)
    assert all(event.after == position.view_all(0) for event, position in played)
    assert match.view(0) == match.state.view_all(0)
