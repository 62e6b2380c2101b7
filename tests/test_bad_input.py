"""Bad input never crashes and never changes anything: illegal actions, options, decks, saves."""
import json

import pytest

from tentable.engine import GAMES, IllegalAction, SetupError, from_json, new_game

GARBAGE = ["", " ", "play", "play play", "play 34 35", "twist", "take 3", "Play 34", "play -3",
           "play 3.5", "play ３４", "play 34\x00", "pläy 34", "🃏", "play 🃏", "play " + "9" * 500,
           "play 99999999999999999999999", "x" * 10_000, "bid 1", "pass", "take\ntake"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("action", GARBAGE)
def test_garbage_actions_raise_and_leave_the_state_untouched(game_id, action):
    state = new_game(game_id, GAMES[game_id].min_players, seed=4)
    state.apply(state.legal_actions()[0])
    before = state.to_json()
    if action.strip() in state.legal_actions():
        pytest.skip("legal here")
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert str(err.value) and "Traceback" not in str(err.value)
    assert len(str(err.value)) < 200, "messages stay short even for huge input"
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("action", [None, 34, b"take", ["take"]])
def test_non_text_actions_raise(game_id, action):
    state = new_game(game_id, GAMES[game_id].min_players, seed=4)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def test_another_seats_card_is_refused_and_nothing_changes():
    state = new_game("takethat", 2, seed=9)
    theirs = state.hands[1][0]
    before = state.to_json()
    with pytest.raises(IllegalAction, match=f"You don't hold {theirs}"):
        state.apply(f"play {theirs}")
    assert state.to_json() == before


def test_every_illegal_message_is_for_a_player():
    state = new_game("takethat", 2, seed=9)
    state.apply(f"play {min(state.hands[0])}")
    far = max(state.hands[1]) if max(state.hands[1]) - state.row[-1] > 10 else None
    if far:
        with pytest.raises(IllegalAction, match="too far"):
            state.apply(f"play {far}")
    with pytest.raises(IllegalAction, match="not a card number"):
        state.apply("play ab")
    with pytest.raises(IllegalAction, match="not a move: you may 'play 34'"):
        state.apply("fold")


def test_the_finished_game_takes_no_more_moves():
    state = new_game("takethat", 2, seed=1, options={"rounds": 1})
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="over"):
        state.apply("take")


@pytest.mark.parametrize("options,message", [
    ({"round": 2}, "unknown option 'round'"),
    ({"rounds": 0}, "between 1 and 20"),
    ({"rounds": "2"}, "must be a whole number"),
    ({"rounds": True}, "must be a whole number"),
    ({"pro": 1}, "must be true or false"),
    ({"rounds": 10**9}, "between 1 and 20"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(SetupError, match=message):
        new_game("takethat", 2, options=options)


@pytest.mark.parametrize("players", [0, 1, 5, -2, 2.0, "2", None])
def test_bad_player_counts(players):
    with pytest.raises(SetupError, match="2–4 players"):
        new_game("takethat", players)


def test_unknown_game_and_bad_seed():
    with pytest.raises(SetupError, match="unknown game 'chess'"):
        new_game("chess", 2)
    with pytest.raises(SetupError, match="seed must be a whole number"):
        new_game("takethat", 2, seed="7")


@pytest.mark.parametrize("deck,message", [
    (list(range(12, 91)), "'20', which is no card"),
    ("12 13 14", "must be a list"),
    ([34] * 79, "too many 34"),
    ([], "missing 12"),
    ([[1, 2]], r"deck holds \[1, 2\]"),
    ([12.0] * 79, "deck holds 12.0"),
    ([True] * 79, "deck holds True"),
    (["012"] * 79, "'012', which is no card"),
    ({"12": 1}, "must be a list"),
])
def test_bad_decks_are_refused_clearly(deck, message):
    with pytest.raises(SetupError, match=message):
        new_game("takethat", 2, deck=deck)


def test_deck_speaks_the_digests_codes():
    codes = [str(c) for c in range(98, 11, -1) if c % 10]
    state = new_game("takethat", 2, deck=codes)
    assert state.view(0)["hand"] == sorted([98, 96, 94, 92, 89, 87, 85, 83, 81])
    assert state.record()["deck"] == codes
    assert new_game("takethat", 2, deck=[int(c) for c in codes]).to_json() == state.to_json()


@pytest.mark.parametrize("text", ["", "{}", "[]", '{"game": "takethat"}', "not json",
                                  '{"game": "chess", "version": 1, "state": {}}',
                                  '{"game": "takethat", "version": 99, "state": {}}',
                                  '{"game": "takethat", "version": 1, "state": {"players": 2}}'])
def test_broken_saved_states_give_a_clear_error(text):
    with pytest.raises(SetupError):
        from_json(text)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seat", [-1, True, 7, "0", 0.0, None])
def test_view_and_determinize_take_only_a_seat_of_the_game(game_id, seat):
    state = new_game(game_id, GAMES[game_id].min_players)
    if seat is None:
        state.view(None)             # the spectator
    else:
        with pytest.raises(ValueError, match="no seat"):
            state.view(seat)
    with pytest.raises(ValueError, match="no seat"):
        state.determinize(seat, 1)


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2])
def test_a_save_with_a_wrong_version_is_refused(version):
    data = json.loads(new_game("takethat", 2, seed=3).to_json())
    data["version"] = version
    with pytest.raises(SetupError, match="version"):
        from_json(json.dumps(data))


def test_deep_or_huge_saves_are_refused_not_crashed():
    with pytest.raises(SetupError, match="nested too deeply"):
        from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SetupError, match="larger than"):
        from_json(" " * 5_000_000)
    with pytest.raises(SetupError, match="UTF-8"):
        from_json(b"\xff\xfe{")


def test_a_save_the_rules_cannot_reach_is_refused():
    state = new_game("takethat", 2, seed=3)
    state.apply(state.legal_actions()[0])
    data = json.loads(state.to_json())
    data["state"]["face_up"][0] += [data["state"]["pile"].pop()]    # a card moved by hand
    with pytest.raises(SetupError, match="does not follow from its moves"):
        from_json(json.dumps(data))


def test_determinize_hides_the_next_rounds_deal():
    """Foundation #5: the copy gets a fresh seed, so Take That's round-2 deal in a bot's
    copy is not the real one (before, the copy kept the seed and so the real future)."""
    state = new_game("takethat", 2, seed=11)
    copies = [state.determinize(0, s) for s in range(3)]
    assert all(copy.seed != state.seed for copy in copies)
    state._deal(2)
    for copy in copies:
        copy._deal(2)
        assert copy.hands != state.hands and copy.pile != state.pile


def test_a_refusal_reads_the_notation_on_the_command_line_and_words_at_the_table():
    """The same refusal twice: the English sentence with the card's code for the command
    line, and the player's words ("red 7") through the game's narration."""
    from tentable import narration
    from tentable.narration import elfer as words
    state = new_game("elfer", 2, seed=4)
    hand = state.hands[state.current_player]
    code = next(c for c in hand if not c.startswith("J") and f"play {c}" not in
                state.legal_actions())
    with pytest.raises(IllegalAction) as err:
        state.apply(f"play {code}")
    assert err.value.key == "refuse.elfer.not_next"
    assert str(err.value).startswith(f"{code} must go next to a card of its row")
    said = narration.refusal(words, err.value, ["Ana", "Ben"])
    assert said.startswith(f"{words.card(code)} must go next to a card of its row")
    assert code not in said.split()
