"""The sensible newcomer (issue 39, item 5): a scripted player per game, named in
`make_bot` for `tentable sim` but not a level of the setup screen, that keeps its rules."""
import random

import pytest

from tentable.bots import LEVELS, available_bots, make_bot
from tentable.engine import GAMES, new_game
from tentable.engine.cards import code_of
from tentable.sim import simulate


def positions(game_id, count, seed, players=2, options=None):
    """Positions of random games where seat 0 chooses among several moves."""
    rng = random.Random(seed)
    found = 0
    for game in range(10_000):
        state = new_game(game_id, players, seed * 1000 + game, options or {})
        stop = rng.randrange(1, 250)
        while not state.is_over and len(state.history) < stop:
            state.apply(state.random_action(rng))
        if not state.is_over and state.current_player == 0 \
                and len(state.legal_actions()) > 1:
            found += 1
            yield state
            if found == count:
                return


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_newcomer_plays_whole_games_of_every_game_and_is_no_level(game_id):
    # two games: the seats turn, so the newcomer moves first in one and second in the other
    result = simulate(game_id, 2, 2, 0, ["newcomer", "easy"])
    assert result.games == 2 and not result.errors
    assert "newcomer" not in available_bots(game_id) and "newcomer" not in LEVELS


def test_ten_newcomer_stops_at_7_bids_up_to_3_and_pays_with_tokens_first():
    """TEN-R3/R6 stop at 7+, TEN-R11 a bid of at most 3, TEN-R12 tokens before cards."""
    seen = set()
    for state in positions("ten", 400, 5):
        view, legal = state.view(0), state.legal_actions()
        choice = make_bot("newcomer", "ten", 0).choose(state)
        assert choice in legal
        if "flip" in legal and ("stop numbers" in legal or "stop money" in legal):
            seen.add("flip")
            assert (choice != "flip") == (view["total"] >= 7 or view["money_showing"] >= 7)
        if any(a.startswith("bid ") for a in legal):
            seen.add("bid")
            lowest = min(int(a.split()[1]) for a in legal if a.startswith("bid "))
            assert choice == (f"bid {lowest}" if lowest <= 3 else "pass")
        if "pay t" in legal:
            seen.add("pay")
            assert choice == "pay t"
        if choice.startswith("buy "):
            seen.add("buy")
            colour, number = choice[4], int(choice[5])
            mine = {code_of(c) for c in view["collections"][0]}
            assert f"{colour}{number - 1}" in mine or f"{colour}{number + 1}" in mine
    assert seen == {"flip", "bid", "pay", "buy"}


def test_take_that_newcomer_twists_whenever_it_can_and_takes_only_when_nothing_fits():
    """TT-R5 a twist is +2 for sure; TT-R6 taking is allowed even when a card fits."""
    for state in positions("takethat", 60, 3):
        legal = state.legal_actions()
        choice = make_bot("newcomer", "takethat", 0).choose(state)
        twists = [a for a in legal if a.startswith("twist")]
        plays = [a for a in legal if a.startswith("play")]
        assert (choice in twists) if twists else (choice in plays or not plays)


def test_tiles_newcomer_makes_ten_when_it_can():
    """TL-R6: a line of exactly ten wins at once."""
    checked = 0
    for state in positions("tentiles", 300, 4, options={"open": True}):
        wins = []
        for action in state.legal_actions():
            trial = state.clone()
            trial.apply(action)
            if trial.is_over and trial.winners() == [0]:
                wins.append(action)
        if wins:
            checked += 1
            assert make_bot("newcomer", "tentiles", 0).choose(state) in wins
            if checked == 12:         # enough: each position costs every move tried
                break
    assert checked >= 3
