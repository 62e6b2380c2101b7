"""10 – Special Retro Edition, rule by rule (rules/retro10.md), as rulebook scenarios with
fixed decks (`deck=`) and round orders (`rounds=`)."""
import json
import random
from collections import Counter

import pytest

from tentable.bots import make_bot
from tentable.engine import IllegalAction, SetupError, from_json, new_game, replay
from tentable.engine.cards import code_of
from tentable.engine.retro10 import Retro10
from tentable.engine.retro10_cards import CHIPS, cards, fits, total_and_best

DRAW = list(cards().draw_codes)          # the 63 normal and penalty cards


def full_deck(players):
    """RX-R2: what `deck=` holds: DRAW and the 7 - N jokers nobody got."""
    return DRAW + ["J"] * (7 - players)
ROUNDS = [f"R{n}" for n in range(1, 11)]


def stacked(players, hands, draws=()):
    """A draw deck (top first) that deals `hands` (3 codes per seat; dealt one at a time
    from seat 0) and then puts `draws` on top; the rest follows in manifest order, the
    spare jokers last."""
    full = full_deck(players)
    deck = [hands[i % players][i // players] for i in range(3 * players)] + list(draws)
    rest = Counter(full) - Counter(deck)
    return deck + [c for c in full if rest[c] and not rest.subtract([c])]


def game(players, hands, draws=(), rounds=ROUNDS):
    return new_game("retro10", players, seed=1, deck=stacked(players, hands, draws),
                    rounds=list(rounds))


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def codes(ids):
    return sorted(code_of(c) for c in ids)


def refused(state, action, match):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert state.to_json() == before


THREE = [["9", "3", "5"], ["8", "2", "6"], ["1", "4", "7"]]


def to_phase4(state):
    """Everyone passes in phase 3."""
    while state.phase == "deal":
        state.apply("pass")
    return state


# -- RX-R1 / RX-R2 setup ----------------------------------------------------------------
def test_r1_the_round_cards_come_in_the_given_order_and_are_kept_in_the_record():
    order = ["R7", "R2", "R10", "R1", "R3", "R4", "R5", "R6", "R8", "R9"]
    state = game(3, THREE, rounds=order)
    assert code_of(state.round_card) == "R7" and state.view(None)["rounds_left"] == 9
    record = state.record()
    assert record["chance"] == {"rounds": order} and record["deck"][:3] == ["9", "8", "1"]
    assert replay(record).to_json() == state.to_json()


def test_r1_without_rounds_the_seed_shuffles_them():
    a, b = new_game("retro10", 3, seed=4), new_game("retro10", 3, seed=4)
    assert a.round_stack == b.round_stack and "chance" not in a.record()
    assert sorted(map(code_of, a.round_stack + [a.round_card])) == sorted(ROUNDS)


@pytest.mark.parametrize("players", range(2, 8))
def test_r2_a_joker_and_three_dealt_cards_seven_chips_seat_0_starts(players):
    hands = [[str(s), str(s + 3), f"S{s + 1}"] for s in range(players)]
    state = game(players, hands)
    for s in range(players):
        assert codes(state.hands[s]) == sorted(["J"] + hands[s])
    assert state.chips == [CHIPS] * players and state.pot == 0
    assert state.current_player == 0 and state.phase == "place"


@pytest.mark.parametrize("players", range(2, 8))
def test_r2_the_jokers_nobody_got_are_shuffled_into_the_draw_deck(players):
    fixed = new_game("retro10", players, seed=1, deck=full_deck(players))   # J last
    assert codes(fixed.draw_deck).count("J") == 7 - players
    for state in (fixed, new_game("retro10", players, seed=players)):
        assert state.view(0)["deck"] == 70 - 4 * players
        assert all("J" in codes(hand) for hand in state.hands)
        jokers = [c for zone in state.zones().values() for c in zone if code_of(c) == "J"]
        assert sorted(jokers) == [f"J#{k}" for k in range(1, 8)]      # seven ids, no twin


def test_r2_a_spare_joker_may_be_dealt_a_hand_of_two_jokers_from_the_start():
    doubles = [seed for seed in range(40)
               if any(codes(h).count("J") == 2 for h in new_game("retro10", 2, seed).hands)]
    assert doubles


def test_r2_which_joker_id_a_seat_gets_is_drawn_so_it_tells_nothing():
    dealt = {new_game("retro10", 3, seed=seed).hands[0][0] for seed in range(30)}
    assert len(dealt) > 3 and all(code_of(c) == "J" for c in dealt)


@pytest.mark.parametrize("players", range(2, 7))
def test_r2_a_deck_without_the_spare_jokers_is_refused(players):
    spare = 7 - players
    with pytest.raises(SetupError, match=f"with {players} players the deck holds the 63 "
                                         f"normal and penalty cards and the {spare} jokers "
                                         f"nobody got \\({63 + spare} cards\\), so {spare} J; "
                                         f"it holds 0"):
        new_game("retro10", players, deck=DRAW)
    with pytest.raises(SetupError, match=f"so {spare} J; it holds {spare + 1}"):
        new_game("retro10", players, deck=DRAW + ["J"] * (spare + 1))
    state = new_game("retro10", players, deck=full_deck(players))
    assert state.record()["deck"] == full_deck(players)
    assert replay(state.record()).to_json() == state.to_json()


def test_r2_seven_players_get_every_joker_and_the_deck_holds_none():
    state = new_game("retro10", 7, deck=DRAW)
    assert all(codes(state.hands[s]).count("J") == 1 for s in range(7))
    assert "J" not in codes(state.draw_deck) and len(state.draw_deck) == 63 - 21
    with pytest.raises(SetupError, match="every joker is dealt, so the deck holds no J"):
        new_game("retro10", 7, deck=DRAW + ["J"])


def test_r2_r7_a_drawn_joker_makes_two_in_hand_and_both_are_played_as_jokers():
    # Seat 0 draws the spare joker on top of the deck after round 1: two jokers in hand.
    state = game(2, [["9", "3", "5"], ["8", "2", "6"]], draws=["J", "4"])
    play(state, "place 9 up", "place 8 up", "pass", "pass", "stand", "stand")
    assert codes(state.hands[0]) == ["3", "5", "J", "J"]
    first, second = [c for c in state.hands[0] if code_of(c) == "J"]
    assert first != second                                       # two cards, two ids
    view = state.view(0)["hand"]
    assert len(view) == 4 and len(set(view)) == 4
    play(state, "start 0", "place J up", "place 4 up", "pass", "pass")
    assert state.legal_actions() == ["add 3", "add 5", "add J", "stand"]
    play(state, "add J", "stand")
    assert codes(state.taken[1]) == ["4", "8", "9", "J", "J", "R1", "R2"]
    assert state.last_round["totals"] == [10, 4] and state.last_round["best"][0] == 10
    assert state.last_round["winner"] == 0


def test_r2_r10_a_drawn_joker_held_at_the_end_scores_10_penalty_points():
    state = to_phase4(play(game(2, [["9", "3", "5"], ["8", "2", "6"]], draws=["J"]),
                           "place 9 up", "place 8 up"))
    state.draw_deck = state.draw_deck[-1:]            # only the spare joker is left
    state.changed()
    play(state, "stand", "stand")                     # seat 0 draws it, seat 1 cannot refill
    assert state.ended_early and codes(state.taken[0]) == ["3", "5", "J", "J"]
    assert state.penalty(0) == 1 + 1 + 10 + 10 and state.scores()[0] == 22 - 2 * 7


@pytest.mark.parametrize("deck,rounds,match", [
    ("9 8 7", None, "deck must be a list"),
    (full_deck(3)[1:], None, "missing 0"),
    (full_deck(3)[1:] + ["R1"], None, "no card"),
    (full_deck(3)[1:] + [7], None, "in quotes"),
    (None, ROUNDS[:-1] + ["R1"], "rounds must be exactly"),
    (None, "R1", "rounds must be a list"),
    (None, [1] * 10, "in quotes"),
    (None, {"R1": 1}, "rounds must be a list"),
])
def test_bad_deck_or_rounds_is_a_setup_error(deck, rounds, match):
    with pytest.raises(SetupError, match=match):
        new_game("retro10", 3, deck=deck, rounds=rounds)


# -- RX-R3 ------------------------------------------------------------------------------
def test_r3_each_round_turns_up_the_next_round_card():
    state = game(2, [["9", "3", "5"], ["8", "2", "6"]], rounds=["R4", "R9"] + ROUNDS[:3]
                 + ROUNDS[4:8] + ["R10"])
    assert code_of(state.round_card) == "R4"
    play(state, "place 9 up", "place 8 up", "pass", "pass", "stand", "stand", "start 1")
    assert code_of(state.round_card) == "R9" and state.round_no == 2
    assert codes(state.taken[1]) == ["8", "9", "R4"] and state.current_player == 1


# -- RX-R4 ------------------------------------------------------------------------------
def test_r4_place_up_or_down_with_0_1_or_2_chips_from_the_start_player():
    state = game(3, THREE)
    assert "place 9 down protect 2" in state.legal_actions()
    assert "place 9 down protect 3" not in state.legal_actions()
    refused(state, "place 9 down protect 3", "1 or 2 chips")
    refused(state, "place 8 up", "no 8 in your hand")
    play(state, "place 9 down protect 2")
    assert state.protection[0] == 2 and state.chips[0] == 5 and not state.up[0]
    assert state.current_player == 1
    play(state, "place 8 up", "place J up protect 1")
    assert state.phase == "deal" and state.current_player == 0
    assert state.protection == [2, 0, 1] and state.chips == [5, 7, 6]


def test_r4_protection_only_from_the_supply():
    state = game(2, [["9", "3", "5"], ["8", "2", "6"]])
    state.chips = [1, 13]
    state.changed()
    assert "place 9 up protect 1" in state.legal_actions()
    refused(state, "place 9 up protect 2", "only 1 chip\\.")


# -- RX-R5 ------------------------------------------------------------------------------
def test_r5_an_unprotected_card_is_swapped_at_once_for_one_chip_to_the_pot():
    state = play(game(3, THREE), "place 5 down", "place 8 down", "place 7 up")
    assert "swap 1" in state.legal_actions() and "bid 1 1" not in state.legal_actions()
    play(state, "swap 1")
    assert state.chips[0] == 6 and state.pot == 1
    assert codes(state.table[0]) == ["8"] and codes(state.table[1]) == ["5"]
    assert state.up[0] is False and state.up[1] is False        # sides kept
    assert state.phase == "protect" and state.current_player == 0


def test_r5_the_minimum_bid_equals_the_protection():
    state = play(game(3, THREE), "place 3 up", "place 8 down protect 2", "place 7 up protect 1")
    legal = state.legal_actions()
    assert "bid 1 2" in legal and "bid 1 1" not in legal and "swap 1" not in legal
    assert "bid 2 1" in legal and "bid 2 7" in legal and "bid 2 8" not in legal
    refused(state, "bid 1 1", "at least 2")
    refused(state, "swap 1", "protected: open a bid of at least 2")
    refused(state, "bid 2 8", "only 7 chips")


def test_r5_no_bid_on_your_own_card():
    state = play(game(3, THREE), "place 9 down protect 1", "place 8 up", "place 7 up")
    assert not any(a.split()[1:2] == ["0"] for a in state.legal_actions() if a != "pass")
    refused(state, "bid 0 1", "your own card")
    refused(state, "swap 0", "your own card")
    play(state, "pass")
    assert "bid 0 1" in state.legal_actions()                   # seat 1 may bid on it


def test_r5_bidding_goes_round_the_table_and_the_high_bidder_pays_the_owner():
    state = play(game(4, THREE + [["0", "0", "0"]]),
                 "place 9 down protect 1", "place 8 up", "place 7 up", "place 0 up")
    play(state, "pass")                                         # seat 0 does not open
    play(state, "bid 0 1")                                      # seat 1 opens on seat 0
    assert state.phase == "bid" and state.current_player == 2   # the opener's left
    play(state, "raise 2")
    assert state.current_player == 3
    play(state, "pass")
    assert state.current_player == 1                            # owner 0 skipped
    play(state, "raise 3", "pass")                              # seat 2 passes
    assert state.current_player == 3                            # seat 3 passed, may raise
    play(state, "raise 4", "pass")
    assert state.current_player == 2 and state.phase == "bid"   # a full circle is 2 passes
    play(state, "pass")
    assert state.phase == "protect" and state.current_player == 3
    assert state.chips == [6 + 4, 7, 7, 3]                      # seat 3 paid 4 to seat 0
    assert codes(state.table[3]) == ["9"] and codes(state.table[0]) == ["0"]
    assert state.up[3] is False and state.up[0] is True
    assert state.protection[0] == 1 and state.protection[3] == 0  # chips stay with players


def test_r5_the_opener_wins_when_everyone_passes_and_bids_only_from_the_supply():
    state = play(game(3, THREE), "place 9 down protect 2", "place 8 up", "place 7 up")
    play(state, "pass")
    state.chips[2] = 2
    state.changed()
    play(state, "bid 0 2")
    assert state.current_player == 2 and state.legal_actions() == ["pass"]
    refused(state, "raise 3", "only 2 chips")
    play(state, "pass")
    assert state.phase == "protect" and state.current_player == 1
    assert state.chips[:2] == [5 + 2, 5] and codes(state.table[1]) == ["9"]


def test_r5_two_players_a_bid_is_settled_at_once():
    state = play(game(2, [["9", "3", "5"], ["8", "2", "6"]]),
                 "place 9 up protect 2", "place 8 up", "pass", "bid 0 3")
    assert state.phase == "protect" and state.chips == [5 + 3, 4]


def test_r5_after_a_swap_the_bidder_then_the_owner_may_raise_protection_never_lower():
    state = play(game(3, THREE), "place 9 up protect 1", "place 8 up", "place 7 up")
    play(state, "pass", "bid 0 1")                              # seat 1 opens
    play(state, "pass")                                         # seat 2
    assert state.current_player == 1 and state.legal_actions() == [
        "keep", "protect 1", "protect 2"]
    play(state, "protect 2")
    assert state.protection[1] == 2 and state.chips[1] == 7 - 1 - 2
    assert state.current_player == 0
    assert state.legal_actions() == ["keep", "protect 2"]
    refused(state, "protect 1", "only rises")
    refused(state, "protect 0", "only rises")
    refused(state, "protect 3", "at most 2")
    play(state, "keep")
    assert state.protection == [1, 2, 0] and state.phase == "deal"
    assert state.current_player == 2                            # the next opener


def test_r5_each_player_opens_once_and_a_face_down_card_is_seen_by_its_holders_only():
    state = play(game(3, THREE), "place 9 down", "place 8 up", "place 7 up")
    play(state, "pass", "swap 0", "keep", "keep")
    # Seat 1 now holds the face-down 9; it and the placer know it, seat 2 does not.
    assert state.view(1)["table"][1] == [{"id": state.table[1][0], "code": "9", "up": False}]
    assert state.view(0)["table"][1][0]["code"] == "9"
    assert state.view(2)["table"][1] == [{"id": None, "code": None, "up": False}]
    assert state.view(None)["table"][1][0]["id"] is None
    play(state, "swap 1", "keep", "keep")                       # seat 2 takes it on
    assert state.phase == "add" and state.current_player == 0   # its 8 lies face up
    for seat in range(3):                                       # all three have held it
        assert state.view(seat)["table"][2][0]["code"] == "9"
    assert state.chips == [7, 6, 6] and state.pot == 2


# -- RX-R6 ------------------------------------------------------------------------------
def test_r6_protection_chips_go_to_the_pot_in_phase_4():
    state = play(game(3, THREE), "place 9 down protect 2", "place 8 up protect 1",
                 "place 7 up")
    to_phase4(state)
    assert state.protection == [0, 0, 0] and state.pot == 3 and state.chips == [5, 6, 7]


def test_r6_a_face_down_first_card_forbids_a_second():
    state = to_phase4(play(game(3, THREE), "place 5 down", "place 2 up", "place 4 up"))
    assert state.phase == "reveal" and state.legal_actions() == ["hide", "reveal"]
    refused(state, "add 3", "reveal")
    play(state, "hide")
    assert state.current_player == 1 and state.phase == "add" and len(state.table[0]) == 1
    assert state.view(2)["table"][0] == [{"id": None, "code": None, "up": False}]


def test_r6_a_revealed_card_may_take_a_second_up_to_a_total_of_10():
    state = to_phase4(play(game(3, THREE), "place 5 down", "place 2 up", "place 4 up"))
    play(state, "reveal")
    assert state.phase == "add" and state.current_player == 0
    assert state.legal_actions() == ["add 3", "add J", "stand"]
    refused(state, "add 9", "make 14")
    play(state, "add 3")
    assert codes(state.table[0]) == ["3", "5"] and state.up[0]
    assert state.view(2)["table"][0][0]["code"] == "5"


def test_r6_totals_above_10_are_refused():
    state = to_phase4(play(game(3, THREE), "place 9 up", "place 8 up", "place 7 up"))
    assert state.legal_actions() == ["add J", "stand"]          # 9+3, 9+5 too much
    refused(state, "add 3", "may not exceed 10")
    play(state, "stand")
    assert state.legal_actions() == ["add 2", "add J", "stand"]
    play(state, "add 2")
    assert codes(state.table[1]) == ["2", "8"]


# -- RX-R7 ------------------------------------------------------------------------------
def test_r7_joker_values():
    assert total_and_best([None]) == (10, 10)
    assert total_and_best([None, 3]) == (10, 7)
    assert total_and_best([8, None]) == (10, 8)
    assert total_and_best([None, None]) == (10, 10)
    assert total_and_best([4, 5]) == (9, 5)
    assert fits(None, 10) and fits(10, None) and fits(3, 7) and not fits(3, 8)


def test_r7_a_face_up_joker_accepts_any_second_card_and_a_penalty_card_counts_its_number():
    state = game(2, [["S7", "10", "5"], ["S3", "2", "6"]])
    to_phase4(play(state, "place J up", "place S3 up"))
    assert state.legal_actions() == ["add 10", "add 5", "add S7", "stand"]
    play(state, "add S7")
    assert state.legal_actions() == ["add 2", "add 6", "add J", "stand"]
    play(state, "add 6")
    assert state.last_round["totals"] == [10, 9] and state.last_round["winner"] == 0


# -- RX-R8 ------------------------------------------------------------------------------
def finish(players, hands, places, adds=None, start=0):
    """Play one round: `places` in turn order, no deals, the given second cards."""
    state = game(players, hands)
    for action in places:
        state.apply(action)
    to_phase4(state)
    adds = adds or {}
    while state.phase in ("reveal", "add"):
        seat = state.current_player
        state.apply("reveal" if state.phase == "reveal" else adds.get(seat, "stand"))
    return state


def test_r8_highest_wins_lowest_loses_takes_the_cards_and_the_round_card_winner_the_pot():
    state = finish(3, THREE, ["place 9 up protect 1", "place 8 up protect 2", "place 1 up"])
    result = state.last_round
    assert result["winner"] == 0 and result["loser"] == 2 and result["totals"] == [9, 8, 1]
    assert codes(state.taken[2]) == ["1", "8", "9", "R1"]
    assert state.chips == [6 + 3, 5, 7] and state.pot == 0
    assert state.phase == "start" and state.current_player == 0
    assert state.scores() == [-18, -10, 4 - 14]


def test_r8_equal_totals_the_higher_single_card_wins():
    hands = [["4", "5", "0"], ["8", "1", "0"], ["2", "2", "0"]]
    state = finish(3, hands, ["place 4 up", "place 1 up", "place 2 up"],
                   {0: "add 5", 1: "add 8"})
    assert state.last_round["totals"] == [9, 9, 2] and state.last_round["winner"] == 1


def test_r8_equal_totals_and_single_cards_the_earlier_in_turn_order_wins():
    hands = [["4", "5", "0"], ["5", "4", "0"], ["2", "2", "0"]]
    state = finish(3, hands, ["place 4 up", "place 4 up", "place 2 up"],
                   {0: "add 5", 1: "add 5"})
    assert state.last_round["winner"] == 0 and state.last_round["loser"] == 2


def test_r8_a_joker_counts_its_fixed_value_in_the_tie_break():
    hands = [["3", "5", "0"], ["7", "2", "0"], ["1", "1", "0"]]
    # seat 0: J + 3 -> 10 with a joker worth 7; seat 1: 7 + J -> 10 with 7 and a joker of 3.
    state = finish(3, hands, ["place J up", "place 7 up", "place 1 up"],
                   {0: "add 3", 1: "add J"})
    assert state.last_round["totals"][:2] == [10, 10] and state.last_round["best"][:2] == [7, 7]
    assert state.last_round["winner"] == 0                      # earlier in turn order


def test_r8_equal_lowest_totals_the_later_in_turn_order_loses():
    hands = [["9", "0", "1"], ["3", "0", "1"], ["3", "2", "2"], ["5", "4", "4"]]
    state = finish(4, hands, ["place 9 up", "place 3 up", "place 3 up", "place 5 up"])
    assert state.last_round["loser"] == 2


def test_r8_the_single_card_rule_does_not_decide_the_loser():
    # Seats 1 (1 + 2) and 2 (3) both total 3; seat 1 has the lower single card, but on
    # equal lowest totals the later in turn order loses: seat 2.
    hands = [["9", "0", "0"], ["1", "2", "0"], ["3", "0", "0"]]
    state = finish(3, hands, ["place 9 up", "place 1 up", "place 3 up"], {1: "add 2"})
    assert state.last_round["totals"] == [9, 3, 3] and state.last_round["best"][1:] == [2, 3]
    assert state.last_round["loser"] == 2


def test_r8_two_players_the_other_player_loses_even_with_an_equal_total():
    state = game(2, [["3", "1", "0"], ["1", "2", "0"]])
    play(state, "place 3 up", "place 1 up", "pass", "pass", "stand", "add 2")
    assert state.last_round["totals"] == [3, 3]
    assert state.last_round["winner"] == 0 and state.last_round["loser"] == 1


def test_r8_refill_in_turn_order_then_the_winner_names_the_start_player():
    state = finish(2, [["9", "3", "5"], ["8", "2", "6"]], ["place 9 up", "place 8 up"],
                   {})
    # draws follow the dealt cards in the stacked deck: refill from the top
    assert [len(h) for h in state.hands] == [4, 4]
    assert state.legal_actions() == ["start 0", "start 1"]
    refused(state, "start 2", "no seat 2")
    play(state, "start 1")
    assert state.current_player == 1 and state.start == 1 and state.phase == "place"


def test_r8_refill_draws_from_the_top_in_turn_order():
    state = game(2, [["9", "3", "5"], ["8", "2", "6"]], draws=["S8", "S2"])
    play(state, "place 9 up", "place 8 up", "pass", "pass", "stand", "stand")
    assert "S8#1" in state.hands[0] and "S2#1" in state.hands[1]


def test_r8_refill_om_de_beurt_each_player_fills_to_four_before_the_next_draws():
    # Seat 0 played two cards and needs two, seat 1 needs one: seat 0 takes the top two.
    state = game(2, [["3", "5", "0"], ["8", "2", "6"]], draws=["S8", "S2", "S5"])
    play(state, "place 3 up", "place 8 up", "pass", "pass", "add 5", "stand")
    assert codes(state.hands[0]) == ["0", "J", "S2", "S8"]
    assert codes(state.hands[1]) == ["2", "6", "J", "S5"]


# -- RX-R9 ------------------------------------------------------------------------------
def test_r9_the_game_ends_after_the_10th_round_without_refill():
    state = new_game("retro10", 2, seed=3, rounds=ROUNDS)
    rng = random.Random(1)
    while not state.is_over:
        if state.phase == "place" and state.round_no == 10 and state.turn == state.start:
            deck_before = len(state.draw_deck)
        state.apply(rng.choice(state.legal_actions()))
    assert state.round_no == 10 and not state.ended_early
    assert len(state.draw_deck) == deck_before and state.hands == [[], []]
    assert sum(len(t) for t in state.taken) + len(state.draw_deck) == 80


def test_r9_early_end_when_a_hand_cannot_be_refilled_the_loser_takes_the_round_cards():
    state = game(7, [[str(v)] * 3 for v in range(7)])
    for seat in range(7):
        state.apply(f"place {seat} up")
    to_phase4(state)
    state.draw_deck = state.draw_deck[-5:]            # only five cards left to draw
    state.changed()
    while not state.is_over:
        state.apply("stand")
    assert state.ended_early and state.is_over and state.current_player is None
    assert state.last_round["loser"] == 0 and state.last_round["winner"] == 6
    taken = codes(state.taken[0])
    assert [c for c in taken if c.startswith("R")] == sorted(ROUNDS)   # all ten round cards
    assert len(taken) == 7 + 10 + 4           # the round's cards, round cards, the hand
    assert state.draw_deck == [] and all(not h for h in state.hands)
    # seats 0..4 drew one card each (turn order from seat 0) before the deck ran out
    assert [len(t) for t in state.taken[1:]] == [4, 4, 4, 4, 3, 3]
    assert state.legal_actions() == []


def test_r9_a_refill_that_empties_the_deck_exactly_does_not_end_the_game():
    state = to_phase4(play(game(2, [["9", "3", "5"], ["8", "2", "6"]]),
                           "place 9 up", "place 8 up"))
    state.draw_deck = state.draw_deck[-2:]
    state.changed()
    play(state, "stand", "stand")
    assert not state.is_over and state.draw_deck == [] and state.phase == "start"


# -- RX-R10 -----------------------------------------------------------------------------
def test_r10_penalty_points_minus_two_per_chip_lowest_wins():
    state = new_game("retro10", 3, seed=9)
    state.taken = [["S8#1", "3#1"], ["J#1", "R5#1"], ["R1#1"]]
    assert [state.penalty(s) for s in range(3)] == [11, 15, 1]
    assert state.scores() == [11 - 14, 15 - 14, 1 - 14]
    assert state.winners() == []


def test_r10_ties_are_shared():
    state = new_game("retro10", 3, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    state.taken = [["R1#1"], ["R2#1"], ["R3#1"]]
    state.chips = [7, 7, 7]
    assert state.winners() == [0]
    state.taken = [["R2#1"], ["R1#1", "1#1"], ["R9#1"]]
    assert state.scores() == [-12, -12, -5] and state.winners() == [0, 1]


def test_r10_a_whole_game_scores_the_hands_too():
    state = new_game("retro10", 4, seed=12)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    points = cards().points
    assert state.scores() == [sum(points[c] for c in state.taken[s]) - 2 * state.chips[s]
                              for s in range(4)]
    best = min(state.scores())
    assert state.winners() == [s for s in range(4) if state.scores()[s] == best]


# -- knowledge, accounting, input ------------------------------------------------------------
def test_views_never_show_another_hand_or_an_unseen_face_down_card():
    rng = random.Random(5)
    for seed in range(6):
        state = new_game("retro10", 2 + seed, seed=seed)
        while not state.is_over:
            for seat in range(state.players):
                text = json.dumps(state.view(seat))
                for card in state.hidden_cards(seat):
                    assert f'"{card}"' not in text
                for other in range(state.players):
                    if other != seat:
                        assert not set(state.hands[other]) & set(state.view(seat)["hand"])
            state.apply(rng.choice(state.legal_actions()))


def test_what_a_seat_learned_by_a_swap_stays_known_until_the_reveal():
    state = play(game(3, THREE), "place 9 down", "place 8 down", "place 7 down")
    play(state, "swap 1", "keep", "keep")               # 0 takes 8, 1 takes 9
    play(state, "swap 2", "keep", "keep")               # 1 takes 7, 2 takes 9
    hidden = {s: state.hidden_cards(s) for s in range(3)}
    assert state.table[2][0] not in hidden[0] | hidden[1] | hidden[2]   # the 9: all held it
    assert state.table[0][0] in hidden[2] and state.table[0][0] not in hidden[1]  # the 8
    assert state.table[1][0] not in hidden[2] and state.table[1][0] in hidden[0]  # the 7


def test_chips_and_cards_are_conserved_and_validate_catches_a_stray_chip():
    state = new_game("retro10", 5, seed=7)
    rng = random.Random(7)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        assert sum(state.chips) + sum(state.protection) + state.pot == 7 * 5
        assert sorted(c for z in state.zones().values() for c in z) == sorted(cards().ids)
    state.validate()
    state.chips[0] += 1
    with pytest.raises(SetupError, match="7 chips per player"):
        state.validate()


def test_saves_and_replays_keep_a_fixed_game():
    state = play(game(3, THREE, draws=["S8"]), "place 9 down protect 2", "place 8 up",
                 "place 7 up", "swap 2")
    again = from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.chance == {"rounds": ROUNDS}


@pytest.mark.parametrize("action", ["", "place", "place 9 sideways", "place 99 up",
                                    "place 9 up protect x", "place 9 up protect 1 2",
                                    "swap 1", "bid 1 1", "⑨", "place ９ up", "x" * 10_000,
                                    None, 9, ["place 9 up"]])
def test_garbage_is_refused_and_changes_nothing(action):
    state = game(3, THREE)
    refused(state, action, ".")


def test_refusals_in_every_phase_are_sentences():
    state = play(game(3, THREE), "place 9 down protect 1", "place 8 up", "place 7 up")
    for bad in ("raise 3", "bid 1 x", "bid 7 1", "swap 99", "keep"):
        refused(state, bad, r"\w")
    play(state, "pass", "bid 0 1")
    refused(state, "raise 1", "top the bid")
    refused(state, "bid 0 2", "raise")
    assert isinstance(state, Retro10)


def test_r5_a_bid_uses_only_the_chips_in_front_of_you_not_those_on_your_card():
    state = play(game(3, THREE), "place 9 down protect 2", "place 8 up protect 1",
                 "place 7 up")
    assert state.chips[0] == 5
    assert "bid 1 5" in state.legal_actions() and "bid 1 6" not in state.legal_actions()
    refused(state, "bid 1 6", "only 5 chips")


# -- the heuristic ------------------------------------------------------------------------
def heuristic(state, seed=1):
    return make_bot("heuristic", "retro10", state.current_player, seed=seed).choose(state)


def without_joker(state, seat=0):
    """Seat `seat` has played its joker and lost it: a low card from the deck replaces it."""
    joker = next(c for c in state.hands[seat] if code_of(c) == "J")
    state.hands[seat].remove(joker)
    state.taken[seat].append(joker)
    state.joker_shown[seat] = True
    state.hands[seat].append(state.draw_deck.pop())
    state.validate()
    return state


def test_heuristic_plays_its_best_card_face_down_and_protects_it():
    for seed in range(3):
        state = game(3, THREE)
        action = heuristic(state, seed)
        assert action.startswith("place J down protect")


def test_heuristic_goes_after_a_face_up_10_when_its_own_card_is_poor():
    state = without_joker(game(3, [["0", "1", "1"], ["10", "2", "6"], ["1", "4", "7"]]))
    play(state, "place 0 down", "place 10 up", "place 1 up")
    assert heuristic(state) == "swap 1"
    state = without_joker(game(3, [["0", "1", "1"], ["10", "2", "6"], ["1", "4", "7"]]))
    play(state, "place 0 down", "place 10 down protect 2", "place 1 up")
    assert heuristic(state) == "bid 1 2"                        # the minimum: the protection


def test_r2_heuristic_counts_the_spare_jokers_among_the_cards_it_has_not_seen():
    state = play(game(2, [["9", "3", "5"], ["8", "2", "6"]]), "place 9 up")
    bot = make_bot("heuristic", "retro10", 1, seed=1)
    bot._read(state.view(1))
    assert Counter(bot.pool)["J"] == 6                  # seven, less the one in its hand
    assert len(bot.pool) == 70 - 4 - 1                  # all it cannot see: hand 0 and deck


def test_heuristic_sheds_a_penalty_card_when_two_cards_make_10_alike():
    state = to_phase4(play(game(3, [["7", "3", "S7"], ["8", "2", "6"], ["1", "4", "7"]]),
                           "place 3 up", "place 8 up", "place 1 up"))
    assert state.legal_actions() == ["add 7", "add J", "add S7", "stand"]
    assert heuristic(state) == "add S7"


def jokers_in(ids):
    return sum(code_of(c) == "J" for c in ids)


def test_r2_determinize_keeps_a_joker_with_each_player_who_was_dealt_one_and_has_not_shown_it():
    state = play(game(3, THREE), "place 9 up", "place J down", "place 7 up")
    where, spare = set(), set()
    for seed in range(60):
        copy = state.determinize(0, seed)
        copy.validate()
        assert copy.view(0) == state.view(0)
        assert jokers_in(copy.hands[2])                  # seat 2 placed a 7 face up
        if code_of(copy.table[1][0]) == "J":             # seat 1 placed face down
            where.add("table")
        else:
            assert jokers_in(copy.hands[1])
            where.add("hand")
        # The four spare jokers may be anywhere seat 0 cannot see.
        if jokers_in(copy.draw_deck) < 4:
            spare.add("in a hand")
        if jokers_in(copy.hands[1]) + jokers_in(copy.hands[2]) + jokers_in(copy.table[1]) > 2:
            spare.add("two for a player")
        if jokers_in(copy.draw_deck):
            spare.add("in the deck")
    assert where == {"table", "hand"}
    assert spare == {"in a hand", "two for a player", "in the deck"}


def test_r2_determinize_a_player_seen_to_play_a_joker_may_hold_none():
    # Seat 2 plays its joker face up in round 1 and loses it; afterwards seat 0 cannot
    # tell whether seat 2 drew another.
    state = game(3, THREE)
    play(state, "place 9 up", "place 8 up", "place J up", "pass", "pass", "pass")
    play(state, "stand", "stand", "stand", "start 0")
    assert state.joker_shown == [False, False, True]
    seat2 = {jokers_in(state.determinize(0, seed).hands[2]) > 0 for seed in range(60)}
    assert seat2 == {True, False}
    assert all(jokers_in(state.determinize(0, seed).hands[1]) for seed in range(60))


def test_r2_determinize_knows_a_joker_a_seat_has_held_face_down():
    # Seat 0 swaps for seat 1's face-down joker: seat 1's must-hold is met by it.
    state = play(game(3, THREE), "place 9 down", "place J down", "place 7 up",
                 "swap 1", "keep", "keep")
    assert code_of(state.view(0)["table"][0][0]["code"]) == "J"
    seat1 = {jokers_in(state.determinize(0, seed).hands[1]) > 0 for seed in range(60)}
    assert seat1 == {True, False}


def test_r8_turn_order_runs_from_the_named_start_player_and_breaks_the_last_tie():
    state = game(3, THREE, draws=["5", "6", "5"])
    play(state, "place 9 up", "place 8 up", "place 7 up", "pass", "pass", "pass",
         "stand", "stand", "stand", "start 2")
    assert state.order() == [2, 0, 1] and state.current_player == 2
    play(state, "place 5 up")
    assert state.current_player == 0
    play(state, "place 5 up", "place 2 up")
    assert state.phase == "deal" and state.current_player == 2
    play(state, "pass", "pass", "pass")
    assert state.current_player == 2
    play(state, "stand", "stand", "stand")
    assert state.last_round["totals"] == [5, 2, 5]
    assert state.last_round["winner"] == 2 and state.last_round["loser"] == 1


def test_a_log_shows_a_face_down_placement_without_its_card_to_the_others():
    assert Retro10.public_action("place 9 down protect 2", 0, 0) == "place 9 down protect 2"
    assert Retro10.public_action("place 9 down protect 2", 0, 1) == \
        "place a card down protect 2"
    assert Retro10.public_action("place 9 down", 0, None) == "place a card down"
    assert Retro10.public_action("place 9 up", 0, 1) == "place 9 up"
    assert Retro10.public_action("add J", 2, 1) == "add J"


# -- what the table asks the engine --------------------------------------------------------
def test_r7_r10_face_value_kind_and_penalty_points_of_a_card():
    """RX-R7: a card counts its number (S7 counts 7), a joker has no fixed value; RX-R10:
    normal 1, penalty card value + 2, joker 10, round card its number."""
    from tentable.engine.retro10_cards import face_value, kind_of, penalty_points
    assert [face_value(c) for c in ("0#1", "7#3", "S7#1", "R3#1")] == [0, 7, 7, 3]
    assert face_value("J#2") is None and face_value("J") is None
    assert [kind_of(c) for c in ("7#3", "S4#1", "J#2", "R10#1")] == [
        "normal", "penalty", "joker", "round"]
    assert penalty_points(["7#1", "S4#1", "J#1", "R3#1"]) == 1 + 6 + 10 + 3
    assert penalty_points([]) == 0


def test_r5_raises_are_the_legal_amounts_above_the_bid():
    from tentable.engine.retro10_moves import raises
    state = play(game(3, THREE), "place 9 up protect 1", "place 8 up", "place 7 up",
                 "pass", "bid 0 2")
    assert raises(state.legal_actions()) == [3, 4, 5, 6, 7]
    assert raises(["pass", "keep"]) == []
