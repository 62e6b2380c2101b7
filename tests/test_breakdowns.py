"""How a finished game was scored, in words (each game's `narration.<game>.breakdown`): the
items of every player's score, the cards they are about, and what the game ended on. The
scenarios end games on fixed decks; a random playout of every game checks that the items
add up to the engine's score."""
import random
import re

import pytest

from tentable.engine import GAMES, new_game
from tentable.engine.cards import code_of
from tentable.narration import MINUS, Teller, drawn, words_for
from tentable.narration import elfer as elfer_words
from tentable.narration import retro10 as retro10_words
from tentable.narration import takethat as takethat_words
from tentable.narration import ten as ten_words
from tentable.narration import tentiles as tiles_words

import test_retro10
import test_takethat
import test_ten
import test_tentiles


def worth(value: str) -> int:
    """The number an item's value says, with its sign: "−17 points" -> -17."""
    return int(re.match(r"[+\-]?\d+", value.replace(MINUS, "-")).group())


def played_out(game_id: str, seed: int, players: int):
    state = new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


# -- TEN-R14 / TEN-R15 ---------------------------------------------------------------------
def test_ten_r14_each_colour_run_with_its_cards_and_where_the_jokers_went():
    state = test_ten._ended([["B3", "B4", "W5", "B6", "G1"],
                             [f"O{n}" for n in range(1, 9)] + ["O#"],
                             ["B1", "G1", "O1", "P1", "W1"]], [2, 0, 0], [0, 0, 0])
    seats = ten_words.breakdown(state.view(None)).seats
    blue, green, joker = seats[0]
    assert (blue.label, blue.value, blue.note) == ("Blue run", "+4 points", "3 to 6")
    assert blue.cards == ("B3", "B4", "W5", "B6")         # the joker 5 where it went
    assert (green.label, green.value, green.note) == ("Green run", "+1 point", "1 alone")
    assert (joker.label, joker.cards, joker.note) == ("Joker", ("W5",), "joker 5 as blue 5")
    assert sum(worth(i.value) for i in seats[0] if i.value) == state.scores()[0] == 5
    orange, joker = seats[1]
    assert (orange.value, orange.note) == ("+10 points", "1 to 9, the full run")
    assert orange.cards[-1] == "O#" and joker.note == "orange joker as orange 9"
    *runs, joker = seats[2]                            # every 1 is there: W1 fills nothing
    assert len(runs) == 4 and joker.note == "joker 1 not needed"


def test_ten_r15_the_tie_breaks_are_shown_only_when_the_best_points_tie():
    state = test_ten._ended([["B1"], ["G1"], []], [4, 1, 0], [0, 1, 0])
    seats = ten_words.breakdown(state.view(None)).seats
    assert [(i.label, i.value) for i in seats[0][1:]] == [
        ("Tie-break: money", "4 money"), ("Then: number cards outside the runs", "0 cards")]
    assert seats[1][1].value == "4 money"                  # 1 token + a bust token (3)
    assert [i.label for i in seats[2]] == ["No run"] and seats[2][0].value == "0 points"
    state = test_ten._ended([["B1", "B2"], ["G1"]], [0, 9], [0, 0])
    assert all(len(items) == 1 for items in ten_words.breakdown(state.view(None)).seats.values())


# -- ER-R14 -------------------------------------------------------------------------------
def test_elfer_r14_every_hand_is_shown_once_the_game_is_over_and_costs_its_cards():
    state = played_out("elfer", 2, 3)
    view = state.view(None)
    assert view["hands"] == [sorted(h, key=state._hand_order) for h in state.hands]
    assert "hands" not in played_out_before_end("elfer", 2, 3).view(None)
    seats = elfer_words.breakdown(view).seats
    for seat, items in seats.items():
        bonus, hand = items[0], items[1]
        assert bonus.value == f"{'+' if state.bonuses[seat] else ''}" \
            f"{11 * len(state.bonuses[seat])} points"
        assert bonus.cards == ("bonus",) * len(state.bonuses[seat])
        assert hand.label == "Cards left in hand" and len(hand.cards) == len(state.hands[seat])
        assert hand.penalty == bool(state.hands[seat]) and worth(hand.value) <= 0
        assert sum(worth(i.value) for i in items) == state.game_scores[-1][seat]
        if not state.hands[seat]:                       # ER-R13: who went out
            assert (hand.value, hand.note) == ("0 points", "none: went out")


def played_out_before_end(game_id, seed, players):
    """The same game one move before its end."""
    state = played_out(game_id, seed, players)
    before = new_game(game_id, players=players, seed=seed)
    for action in state.history[:-1]:
        before.apply(action)
    return before


def test_elfer_r14_a_single_bonus_card_says_so_and_a_match_explains_every_game():
    view = played_out("elfer", 2, 3).view(None)
    view["bonuses"] = [["bonus#1"], [], []]
    bd = elfer_words.breakdown(view)
    assert bd.seats[0][0].label == "Bonus card" and bd.seats[0][0].value == "+11 points"
    assert bd.seats[1][0].label == "Bonus cards" and bd.seats[1][0].value == "0 points"
    # ER-R15: three games, each explained: the earlier ones by their points, bonus cards
    # and what was left in hand, the last card by card
    view["game_scores"] = [[22, -5, 0], [-3, 11, 4]] + view["game_scores"]
    view["game_bonuses"] = [[2, 0, 0], [0, 1, 1]] + view["game_bonuses"]
    bd = elfer_words.breakdown(view)
    labels = [item.label for item in bd.seats[1]]
    assert labels[:4] == ["Game 1", "Game 2", "Game 3", "Bonus cards"] and bd.title == ""
    assert [item.value for item in bd.seats[1][:2]] == ["−5 points", "+11 points"]
    assert bd.seats[1][0].note == "cards left in hand \u22125"
    assert bd.seats[1][1].note == "1 bonus card +11, went out"
    assert bd.seats[0][0].note == "2 bonus cards +22, went out"


# -- TT-R9 ----------------------------------------------------------------------------------
def test_takethat_r9_plus_minus_and_toads_of_the_round():
    state = test_takethat.position(hands=[[98, 97], []], row=[22, 31], pile=[], turn=1,
                                   face_up=[[34, 43], [19, 91, 27, 72]],
                                   face_down=[[15], [66, 12, 13]], options={"rounds": 1})
    state.apply("take")                                # seat 1 takes 22 (a toad) and 31
    bd = takethat_words.breakdown(state.view(None))
    assert bd.title == ""                              # one round: the whole game
    plus, minus = bd.seats[0]
    assert (plus.value, plus.note, plus.cards) == ("+2 points", "1 twist", ("34", "43"))
    assert (minus.value, minus.note, minus.penalty) == ("−1 point", "1 card", True)
    plus, minus, toads = bd.seats[1]
    assert (plus.value, plus.note) == ("+4 points", "2 twists")
    assert (minus.label, minus.value, minus.note) == ("Minus: rows taken", "−3 points",
                                                      "3 cards")
    assert (toads.label, toads.value, toads.cards) == ("Toads taken", "−10 points",
                                                       ("22", "66"))
    assert toads.penalty and state.scores() == [1, 4 - 3 - 10]


def test_takethat_r9_a_match_of_rounds_explains_the_last_one():
    state = played_out("takethat", 4, 3)
    bd = takethat_words.breakdown(state.view(None))
    assert bd.title == "The last round (2 of 2)"
    for seat, items in bd.seats.items():
        assert sum(worth(i.value) for i in items) == state.round_scores[-1][seat]


# -- RX-R10 ---------------------------------------------------------------------------------
def test_retro10_r10_the_cards_taken_are_penalty_points_and_chips_take_points_off():
    state = test_retro10.to_phase4(test_retro10.play(
        test_retro10.game(2, [["9", "3", "5"], ["8", "2", "6"]], draws=["J"]),
        "place 9 up", "place 8 up"))
    state.draw_deck = state.draw_deck[-1:]
    state.changed()
    test_retro10.play(state, "stand", "stand")          # the game ends early (RX-R9)
    bd = retro10_words.breakdown(state.view(None))
    items = {i.label: i for i in bd.seats[0]}
    assert list(items) == ["Jokers", "Number cards", "Chips kept"]
    jokers = items["Jokers"]
    assert (jokers.value, jokers.note, jokers.cards) == ("20 penalty points", "2 cards",
                                                         ("J", "J"))
    assert jokers.penalty and MINUS not in jokers.value
    numbers = items["Number cards"]
    assert (numbers.value, numbers.cards) == ("2 penalty points", ("3", "5"))
    chips = items["Chips kept"]
    assert (chips.value, chips.note, chips.penalty) == ("14 penalty points off", "7 chips",
                                                        False)
    assert 20 + 2 - 14 == state.scores()[0]
    rounds = bd.seats[1][0]              # the loser took the round cards left (RX-R9)
    assert rounds.label == "Round cards" and rounds.value == "55 penalty points"
    assert rounds.cards == tuple(f"R{n}" for n in range(1, 11)) and rounds.penalty


def test_retro10_one_penalty_point_and_one_chip_are_singular():
    assert retro10_words.penalty(1) == "1 penalty point"
    view = played_out("retro10", 3, 3).view(None)
    view["chips"] = [1, 0, 0]
    chips = retro10_words.breakdown(view).seats[0][-1]
    assert (chips.value, chips.note) == ("2 penalty points off", "1 chip")


# -- TL-R6 / TL-R8 --------------------------------------------------------------------------
def test_tiles_r6_the_winning_line_its_tiles_and_sum():
    tiles = {"0,0": "W3", "1,0": "W3", "2,0": "W2", "0,1": "B1", "1,1": "B2"}
    state = test_tentiles.build(tiles, turn=0, drawn="W2")
    state.apply("place 3,0")
    bd = tiles_words.breakdown(state.view(None))
    [line] = bd.items
    assert (line.label, line.value) == ("White's line of ten", "3 + 3 + 2 + 2 = 10")
    assert line.cards == ("W3", "W3", "W2", "W2") and not bd.draw
    assert bd.outcome == "White made a line of exactly ten."


def test_tiles_r8_a_draw_after_100_moves_is_said_as_a_draw_everywhere():
    state = test_tentiles.phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2"},
                                 moves=test_tentiles.MOVE_LIMIT - 1)
    before = state.view(None)
    state.apply("move 2,0>1,1")
    after = state.view(None)
    bd = tiles_words.breakdown(after)
    assert bd.draw and drawn("tentiles", after) and not drawn("takethat", after)
    assert bd.outcome == "A draw: 100 moves without a line of ten."
    assert [i.label for i in bd.items] == [bd.outcome]
    log = tiles_words.tell(Teller(["Ana", "Ben"]), 0, "move 2,0>1,1", before, after)
    assert log[-1].text == bd.outcome
    assert state.view(None)["end_text"] == bd.outcome
    assert not any("share" in line.text or "win" in line.text for line in log)


def test_tiles_r8_a_third_repetition_is_a_draw_too():
    state = test_tentiles.phase2({"0,0": "W1", "1,0": "B1", "2,0": "W2", "-1,0": "B2"})
    shuttle = ["move 2,0>1,1", "move -1,0>0,1", "move 1,1>2,0", "move 0,1>-1,0"]
    for action in shuttle * 2:
        if not state.is_over:
            state.apply(action)
    bd = tiles_words.breakdown(state.view(None))
    assert bd.draw and bd.outcome == "A draw: the same position came up for the third time."


# -- every game ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_players_items_add_up_to_the_score_and_name_no_code(game_id):
    players = 2 if game_id == "tentiles" else 3
    for seed in range(4):
        state = played_out(game_id, seed, players)
        view = state.view(None)
        bd = words_for(game_id).breakdown(view)
        parts = view.get("round_scores", view.get("game_scores"))
        for seat, items in bd.seats.items():
            counted = [i for i in items if i.value and "money" not in i.value
                       and "cards" not in i.value]
            total = sum(-worth(i.value) if i.value.endswith("off") else worth(i.value)
                        for i in counted)
            assert total == (parts[-1][seat] if parts else state.scores()[seat]), items
            for item in items:
                assert "#" not in item.note + item.label + item.value
                assert all("#" not in c or code_of(c) == c for c in item.cards)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_breakdown_says_no_code_action_rule_id_or_seat_number(game_id):
    from test_words_on_screen import codes, offences
    game_codes = codes(game_id)
    players = GAMES[game_id].max_players
    for seed in range(3):
        bd = words_for(game_id).breakdown(played_out(game_id, seed, players).view(None))
        items = bd.items + [item for rows in bd.seats.values() for item in rows]
        for text in [bd.title, bd.outcome] + [w for i in items for w in (i.label, i.value,
                                                                         i.note)]:
            assert not offences(text, game_codes), text
