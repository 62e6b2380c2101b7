"""Computer players: seeded, legal, no peeking, and the Take That heuristic plays sensibly."""
import pytest

from tentable.bots import make_bot
from tentable.engine import GAMES, new_game
from tentable.sim import simulate
from test_takethat import ALL, position


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("name", ["random", "easy"])
def test_bots_choose_legal_actions_and_cannot_peek(game_id, name):
    state = new_game(game_id, GAMES[game_id].min_players, seed=21)
    for step in range(60):
        if state.is_over:
            break
        seat = state.current_player
        choice = make_bot(name, game_id, seat, seed=step).choose(state)
        assert choice in state.legal_actions()
        for k in range(3):   # the hidden parts differ, the choice must not
            copy = state.determinize(seat, seed=1000 * step + k)
            assert make_bot(name, game_id, seat, seed=step).choose(copy) == choice
        state.apply(choice)


def test_random_bot_is_seeded():
    state = new_game("takethat", 2, seed=3)
    picks = [make_bot("random", "takethat", 0, seed=5).choose(state) for _ in range(3)]
    assert len(set(picks)) == 1


def test_unknown_bots_are_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", "takethat", 0)


def heuristic(state):
    return make_bot("heuristic", "takethat", state.current_player).choose(state)


def test_heuristic_twists_when_it_can():
    state = position(hands=[[43, 35, 36], [12, 13, 14]], row=[29, 34], pile=[59, 51])
    assert heuristic(state) == "twist 43"


def test_heuristic_uses_a_twin_pair_plays_one_half_then_twists_it():
    state = position(hands=[[34, 43, 38], [36, 13, 14]], row=[], pile=[59, 51, 57])
    first = heuristic(state)
    assert first in ("play 34", "play 43")
    state.apply(first)
    state.apply("play 36")
    assert heuristic(state) == f"twist {'43' if first == 'play 34' else '34'}"


def test_heuristic_avoids_playing_a_toad_into_a_long_row():
    # the next player holds nine cards: likely one of them answers the row (TT-R4), and
    # then the toad stays in it
    row = [41, 45, 47, 49, 52, 51]
    state = position(hands=[[55, 53, 12], [13, 14, 15, 16, 17, 18, 19, 21, 23]], row=row,
                     pile=[62, 63])
    assert heuristic(state) == "play 53"


def test_heuristic_leaves_the_next_player_a_row_they_cannot_answer():
    """TT-R4, TT-R6: the cards it has not seen are the next player's (the pile is empty):
    none lies within 10 of 42, so they must take the row; 58 they could answer."""
    hands = [[42, 58, 12], [61, 62, 63, 64]]
    row = [51]
    rest = [c for c in ALL if c not in {*hands[0], *hands[1], *row}]
    state = position(hands=hands, row=row, face_down=[[], rest])
    assert heuristic(state) == "play 42"


def test_heuristic_takes_a_small_row_rather_than_feed_it_a_toad():
    # the cards it has not seen are the next player's three and the pile's two: whatever
    # they hold, they answer the toad (TT-R4) and the row comes back with it
    hands, row = [[44, 12, 98], [46, 47, 48]], [45]
    rest = [c for c in ALL if c not in {*hands[0], *hands[1], *row, 62, 63}]
    state = position(hands=hands, row=row, pile=[62, 63], face_down=[[], rest])
    assert heuristic(state) == "take"


def test_heuristic_feeds_a_toad_to_a_row_the_next_player_cannot_answer():
    """TT-R6, TT-R9: none of the cards it has not seen lies within 10 of 44 or twins a
    card of the row: the next player must take the row, toad and all."""
    hands, row = [[44, 12, 98], [13, 14, 15]], [45]
    rest = [c for c in ALL if c not in {*hands[0], *hands[1], *row, 62, 63}]
    state = position(hands=hands, row=row, pile=[62, 63], face_down=[[], rest])
    assert heuristic(state) == "play 44"


def test_heuristic_does_not_take_a_long_row_it_can_feed():
    row = [41, 45, 47, 49, 52, 51]
    state = position(hands=[[58, 12, 98], [13, 14, 15]], row=row, pile=[62, 63])
    assert heuristic(state) == "play 58"


def test_heuristic_beats_random_in_most_two_player_games():
    result = simulate("takethat", 2, 100, seed=100, bots=["random", "heuristic"]).as_json()
    assert not result["errors"]
    assert result["wins"]["heuristic"] >= 0.8 * result["games"]
