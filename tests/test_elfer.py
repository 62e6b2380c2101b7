"""Elfer raus! Master, rule by rule (rules/elfer.md), as rulebook scenarios with fixed decks.

Unless a test says otherwise the rows are, top to bottom, yellow, blue, red, green: the
yellow, blue and red rows are neighbours as in the rulebook's pictures, and the top
(yellow) and bottom (green) rows are not.
"""
import json
from typing import get_type_hints

import pytest

from tentable.engine import GAMES, IllegalAction, SetupError, from_json, new_game, replay
from tentable.engine.cards import card_ids
from tentable.engine.elfer import Elfer
from tentable.engine.elfer_cards import (ElferView, Row, Slot, all_ids, connections_each,
                                         hand_size, shuffle_codes)
from tentable.engine.elfer_moves import SLOTS, ElferMove, is_joker, read

ROWS = ["Y", "B", "R", "G"]
NUMBERS = [c for c in shuffle_codes() if c != "J"]
# Padding for hands: the cards farthest from the 11s first, so they rarely get in the way.
FILLER = sorted(NUMBERS, key=lambda c: (-abs(SLOTS[c][1] - 11), c))


def stacked(players, hands, pile=(), bottom=(), start=0):
    """A whole deck (top first) that deals `hands` (one list per seat, padded with
    filler), then puts `pile` on top of the draw pile and `bottom` at its bottom."""
    named = [c for h in hands for c in h] + list(pile) + list(bottom)
    spare = [c for c in FILLER if c not in named]
    size = hand_size(players)
    full = []
    for seat in range(players):
        hand = list(hands[seat]) if seat < len(hands) else []
        while len(hand) < size:
            hand.append(spare.pop(0))
        full.append(hand)
    deck = [full[(start + k) % players][k // players] for k in range(size * players)]
    return deck + list(pile) + spare + ["J"] * (4 - named.count("J")) + list(bottom)


def game(players, hands, pile=(), bottom=(), rows=ROWS, **options):
    return new_game("elfer", players, seed=1, options={"rows": list(rows), **options},
                    deck=stacked(players, hands, pile, bottom, options.get("start", 0)))


def arrange(players=2, board=(), hands=None, pile=(), rest=None, turn=0, bridges=(),
            rows=ROWS, **options):
    """A position set by hand. `board`: positions ("B9"; "J@B9" is a joker there);
    `hands`: cards per seat ("J" a joker); `pile`: top first; every other card goes to
    the bottom of the pile, or into the hand of seat `rest`. `bridges`: (from, to, seat)."""
    state = new_game("elfer", players, seed=1, options={"rows": list(rows), **options})
    jokers = iter(card_ids(["J"] * 4))

    def card(code):
        return next(jokers) if code == "J" else code

    state.board = {c: [""] * 21 for c in "RYGB"}
    for c in "RYGB":
        state.board[c][10] = f"{c}11"
    for item in board:
        slot = item[2:] if item.startswith("J@") else item
        c, n = SLOTS[slot]
        state.board[c][n - 1] = card("J") if item.startswith("J@") else slot
    state.hands = [[card(c) for c in h] for h in (hands or [[]] * players)]
    top = [card(c) for c in pile]
    placed = {x for row in state.board.values() for x in row} | set(top) | {
        x for h in state.hands for x in h}
    others = [c for c in NUMBERS if c not in placed] + list(jokers)
    if rest is None:
        state.pile = (top + others)[::-1]
    else:
        state.pile = top[::-1]
        state.hands[rest] += others
    for source, target, seat in bridges:
        state.bridges.append({"id": state.connections[seat].pop(0), "from": source,
                              "to": target, "seat": seat})
    state._begin_turn(turn)
    state.validate()
    return state


def plays(state):
    return sorted(a for a in state.legal_actions() if a.startswith("play"))


def refused(state, action, match):
    """The action is refused with a sentence naming the problem; nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert state.to_json() == before


def run(state, *actions):
    for action in actions:
        state.apply(action)
    return state


# -- the rulebook's examples -------------------------------------------------------------
TIMO = ["Y10", "Y9", "Y8", "Y7", "B9", "R9"]
VERA = ["R8", "R7", "R5"]
LISA = ["J", "B8", "B6", "B5"]


def example():
    """Timo, Vera and Lisa; nobody holds B10, R10, R6 or B7; only Lisa has a joker."""
    state = game(3, [TIMO, VERA, LISA], bottom=["B10", "R10", "R6", "B7"])
    return run(state, "play Y10", "play Y9", "play Y8", "play Y7", "end", "draw", "draw")


def test_example_1_timo_bridges_yellow_9_to_blue_9_and_blue_9_to_red_9():
    state = example()
    assert "play B9" not in state.legal_actions()          # a: blue 10 is missing
    state.apply("bridge Y9-B9")
    assert state.legal_actions() == ["play B9"]            # b: blue 9 must follow at once
    refused(state, "end", "leads to B9")
    state.apply("play B9")
    state.apply("bridge B9-R9")                            # c: on to the red row
    state.apply("play R9")
    assert state.view(0)["played"] == 2 and state.connections[0] == ["connection#3",
                                                                     "connection#4"]
    state.apply("end")
    assert [b["from"] + "-" + b["to"] for b in state.bridges] == ["Y9-B9", "B9-R9"]


def test_example_1_vera_plays_red_8_and_7_but_not_red_5():
    state = run(example(), "bridge Y9-B9", "play B9", "bridge B9-R9", "play R9", "end")
    assert {"play R8", "play R7"} & set(state.legal_actions()) == {"play R8"}
    run(state, "play R8", "play R7")                       # d
    refused(state, "play R5", "next to a card of its row")       # e
    assert not any("R5" in a for a in state.legal_actions())
    assert not any(a.startswith("play J@") for a in state.legal_actions())


def test_example_2_lisa_bridges_with_a_joker_then_plays_blue_8_6_5_and_is_done():
    state = run(example(), "bridge Y9-B9", "play B9", "bridge B9-R9", "play R9", "end",
                "play R8", "play R7", "end")
    assert state.current_player == 2 and "bridge Y7-B7" in state.legal_actions()
    state.apply("bridge Y7-B7")
    assert state.legal_actions() == ["play J@B7"]
    run(state, "play J@B7", "play B8", "play B6", "play B5")
    assert state.legal_actions() == ["end"]                 # four cards: the turn is over
    refused(state, "play B4", "four cards")
    view = state.view(2)
    assert view["played"] == 4 and view["turn_cards"] == ["B7", "B8", "B6", "B5"]
    blue = next(r for r in view["rows"] if r["colour"] == "B")
    assert blue["slots"][6] == {"id": "J#1", "card": "B7", "joker": True}


# -- ER-R1 -------------------------------------------------------------------------------
def test_r1_the_four_11s_lie_in_a_column_in_the_chosen_order():
    state = game(2, [])
    view = state.view(0)
    assert [r["colour"] for r in view["rows"]] == ROWS
    for row in view["rows"]:
        filled = [s for s in row["slots"] if s]
        assert len(row["slots"]) == 21 and filled == [
            {"id": row["colour"] + "11", "card": row["colour"] + "11", "joker": False}]
    assert [(i["row"], i["low"], i["high"]) for i in view["islands"]] == [
        (c, 11, 11) for c in ROWS]


def test_r1_without_the_option_the_order_comes_from_the_seed():
    orders = {tuple(new_game("elfer", 2, seed=s).rows) for s in range(12)}
    assert len(orders) > 1 and all(sorted(o) == ["B", "G", "R", "Y"] for o in orders)
    assert new_game("elfer", 2, seed=5).rows == new_game("elfer", 2, seed=5).rows


@pytest.mark.parametrize("rows", [["R", "R", "G", "B"], ["R", "Y", "G"], ["R", "Y", "G", "X"],
                                  "RYGB", [1, 2, 3, 4]])
def test_r1_the_rows_option_names_each_colour_once(rows):
    with pytest.raises(SetupError, match="rows"):
        new_game("elfer", 2, options={"rows": rows})


def test_r1_top_and_bottom_rows_are_not_neighbours():
    state = arrange(board=["Y10", "Y9"], hands=[["G9", "B9"], ["R1"]])
    assert "bridge Y9-B9" in state.legal_actions()
    assert not any(a.endswith("G9") for a in state.legal_actions())
    refused(state, "bridge Y9-G9", "row of G9 is not next to the row of Y9")
    refused(state, "bridge Y9-R9", "row of R9 is not next to the row of Y9")


# -- ER-R2 -------------------------------------------------------------------------------
@pytest.mark.parametrize("players,each,out", [(2, 4, 7), (3, 4, 3), (4, 3, 3), (5, 3, 0),
                                              (6, 2, 3)])
def test_r2_connection_cards_per_player_and_the_bonus_cards_aside(players, each, out):
    state = new_game("elfer", players, seed=3)
    view = state.view(None)
    assert connections_each(players) == each
    assert [len(c) for c in view["connections"]] == [each] * players
    assert len(view["connections_out"]) == out
    assert len(view["bonus_stack"]) == 7 and view["bonuses"] == [[]] * players


# -- ER-R3 -------------------------------------------------------------------------------
@pytest.mark.parametrize("players,size", [(2, 20), (3, 20), (4, 15), (5, 12), (6, 12)])
def test_r3_deal_one_at_a_time_the_rest_is_the_pile(players, size):
    deck = stacked(players, [])
    state = new_game("elfer", players, seed=1, deck=deck)
    assert [len(h) for h in state.hands] == [size] * players
    assert state.hands[0][:2] == [deck[0], deck[players]] and state.hands[1][0] == deck[1]
    assert state.view(0)["pile"] == 84 - size * players
    state.apply("draw")
    assert deck[size * players] in state.hands[0]          # the pile's top card


def test_r3_hands_are_secret():
    state = new_game("elfer", 3, seed=2)
    view = state.view(1)
    assert view["hand"] == sorted(state.hands[1], key=state._hand_order)
    assert view["hand_sizes"] == [20, 20, 20] and "hands" not in view
    text = json.dumps(state.view(None))
    assert state.view(None)["hand"] is None
    assert not any(json.dumps(sorted(h)) in text for h in state.hands)


def test_r3_the_hand_is_sorted_by_row_and_number_jokers_last():
    state = arrange(hands=[["J", "G2", "Y5", "B1", "Y3"], ["R1"]])
    assert state.view(0)["hand"] == ["Y3", "Y5", "B1", "G2", "J#1"]


# -- ER-R4 -------------------------------------------------------------------------------
def test_r4_the_start_player_is_an_option_and_is_dealt_first():
    deck = stacked(3, [], start=2)
    state = new_game("elfer", 3, seed=1, options={"start": 2}, deck=deck)
    assert state.current_player == 2 and state.hands[2][0] == deck[0]
    assert new_game("elfer", 3).current_player == 0
    with pytest.raises(SetupError, match="start"):
        new_game("elfer", 2, options={"start": 2})


# -- ER-R5 -------------------------------------------------------------------------------
def test_r5_one_to_four_cards_then_only_end():
    state = game(2, [["Y10", "Y9", "Y12", "R10", "R9"]])
    refused(state, "end", "at least one card")
    run(state, "play Y10")
    assert "end" in state.legal_actions() and "draw" not in state.legal_actions()
    run(state, "play Y9", "play Y12", "play R10")
    assert state.legal_actions() == ["end"]
    refused(state, "play R9", "four cards")
    state.apply("end")
    assert state.current_player == 1 and state.view(1)["played"] == 0


def test_r5_cards_may_go_onto_different_rows():
    state = run(game(2, [["Y10", "G12", "B10"]]), "play Y10", "play G12", "play B10")
    assert state.board["G"][11] == "G12" and state.board["B"][9] == "B10"


# -- ER-R6 -------------------------------------------------------------------------------
def test_r6_from_the_11_down_to_1_and_up_to_21_without_gaps():
    state = game(2, [["R10", "R12", "R9", "R13", "R8", "R21"]])
    assert plays(state) == ["play R10", "play R12"]
    refused(state, "play R9", "next to a card of its row")
    refused(state, "play R21", "next to a card of its row")
    run(state, "play R10", "play R12")
    assert plays(state) == ["play R13", "play R9"]


def test_r6_a_card_goes_only_on_its_own_empty_position():
    state = arrange(board=["Y10"], hands=[["Y9", "R1"], ["R2"]])
    refused(state, "play Y10", "You don't hold Y10")
    refused(state, "play Y22", "not a position")
    refused(state, "play R0", "not a position")


# -- ER-R7 -------------------------------------------------------------------------------
def test_r7_a_joker_goes_wherever_a_number_card_could_and_stands_for_it():
    state = game(2, [["J", "R9"]])
    jokers = [a for a in state.legal_actions() if a.startswith("play J@")]
    assert jokers == sorted(f"play J@{c}{n}" for c in "RYGB" for n in (10, 12))
    refused(state, "play J@R9", "next to a card of its row")
    run(state, "play J@R10", "play R9")                    # the joker is the red 10
    assert state.board["R"][9:11] == ["J#1", "R11"] and state.board["R"][8] == "R9"
    red = next(r for r in state.view(1)["rows"] if r["colour"] == "R")
    assert red["slots"][9] == {"id": "J#1", "card": "R10", "joker": True}


def test_r7_several_jokers_in_one_turn():
    state = run(game(2, [["J", "J", "J"]]), "play J@R10", "play J@R9", "play J@R8")
    assert sorted(state.board["R"][7:10]) == ["J#1", "J#2", "J#3"]


def test_r7_no_joker_no_joker_play():
    refused(game(2, [["R10"]]), "play J@R10", "no joker")


# -- ER-R8 -------------------------------------------------------------------------------
def test_r8_the_island_grows_both_ways_and_the_bridge_costs_no_card_of_the_four():
    state = arrange(board=["Y10", "Y9", "Y8", "Y7"], hands=[["B7", "B8", "B6", "B5", "B4"],
                                                            ["R1"]])
    run(state, "bridge Y7-B7", "play B7")
    assert plays(state) == ["play B6", "play B8"]          # both sides of the island
    run(state, "play B6", "play B8", "play B5")
    assert state.legal_actions() == ["end"] and len(state.connections[0]) == 3
    island = [i for i in state.view(0)["islands"] if i["row"] == "B"]
    assert island == [{"row": "B", "low": 5, "high": 8, "anchors": ["B7"]},
                      {"row": "B", "low": 11, "high": 11, "anchors": ["B11"]}]


def test_r8_the_follow_up_card_counts_so_no_bridge_after_the_fourth_card():
    state = arrange(board=["Y10", "Y9"], hands=[["R10", "R12", "R13", "B9", "Y8"], ["R1"]])
    run(state, "play R10", "play R12")
    assert "bridge Y9-B9" in state.legal_actions()
    run(state, "play R13")
    run(state, "bridge Y9-B9", "play B9")                  # the follow-up is the fourth
    assert state.legal_actions() == ["end"]
    state = arrange(board=["Y10", "Y9"], hands=[["R10", "R12", "R13", "Y8", "B9"], ["R1"]])
    run(state, "play R10", "play R12", "play R13", "play Y8")
    refused(state, "bridge Y9-B9", "four cards")


def test_r8_a_bridge_needs_its_follow_up_card_or_a_joker_in_hand():
    state = arrange(board=["Y10", "Y9"], hands=[["B8", "R1"], ["R2"]])
    assert not any(a.startswith("bridge") for a in state.legal_actions())
    refused(state, "bridge Y9-B9", "you hold neither")
    with_joker = arrange(board=["Y10", "Y9"], hands=[["J", "R1"], ["R2"]])
    assert "bridge Y9-B9" in with_joker.legal_actions()
    assert "bridge B11-Y11" not in with_joker.legal_actions()
    with_joker.apply("bridge Y9-B9")
    assert with_joker.legal_actions() == ["play J@B9"]
    refused(with_joker, "play J@B10", "leads to B9")


def test_r8_a_bridge_leads_from_a_card_or_a_joker_to_an_empty_position():
    state = arrange(board=["J@Y10", "B10"], hands=[["B9", "Y9", "R10"], ["R2"]])
    assert "bridge Y10-R10" not in state.legal_actions()      # not neighbours
    assert "bridge B10-R10" in state.legal_actions()
    refused(state, "bridge Y9-B9", "Y9 is empty")
    refused(state, "bridge Y10-B10", "B10 is taken")
    refused(state, "bridge Y10-B9", "same number")
    refused(state, "bridge Y10", "not a position")


def test_r8_a_bridge_may_lead_where_adjacency_would_reach_too():
    state = arrange(board=["Y10"], hands=[["B10", "R1"], ["R2"]])
    assert {"play B10", "bridge Y10-B10"} <= set(state.legal_actions())
    run(state, "bridge Y10-B10", "play B10")
    assert state.connections[0] == ["connection#2", "connection#3", "connection#4"]


def test_r8_no_bridges_left_no_bridge():
    state = arrange(board=["Y10", "Y9"], hands=[["B9", "R1"], ["R2"]])
    state.connections[0] = []
    state.connections_out += ["connection#1", "connection#2", "connection#3", "connection#4"]
    state.changed()
    refused(state, "bridge Y9-B9", "no connection cards")


# -- ER-R9 -------------------------------------------------------------------------------
def test_r9_swap_after_a_card_and_play_the_joker_again_at_once():
    state = arrange(board=["J@Y10", "Y9"], hands=[["Y10", "Y8", "R10", "R12", "G1"], ["R1"]])
    refused(state, "swap Y9", "You don't hold Y9")
    run(state, "play Y8", "swap Y10")
    assert state.board["Y"][9] == "Y10" and "J#1" in state.hands[0]
    assert state.view(0)["played"] == 1                    # the swap does not count
    run(state, "play J@Y7", "play R10", "play R12")         # the joker counts
    assert state.legal_actions() == ["end"]


def test_r9_swap_before_the_cards_then_no_draw_no_pass():
    state = arrange(board=["J@Y10"], hands=[["Y10", "R1"], ["R2"]])
    assert "draw" in state.legal_actions()
    state.apply("swap Y10")
    assert "draw" not in state.legal_actions() and "end" not in state.legal_actions()
    refused(state, "draw", "swapped a joker")
    refused(state, "end", "at least one card")
    assert "play J@Y9" in state.legal_actions()


def test_r9_swaps_remain_after_the_fourth_card():
    state = arrange(board=["J@Y10"], hands=[["Y10", "R10", "R12", "R13", "R9", "R1"],
                                            ["R2"]])
    run(state, "play R10", "play R12", "play R13", "play R9")
    assert state.legal_actions() == ["end", "swap Y10"]
    state.apply("swap Y10")
    assert state.legal_actions() == ["end"]


def test_r9_no_swap_without_a_joker_on_the_table_or_after_drawing():
    state = arrange(board=["Y10"], hands=[["Y9", "R1"], ["Y12"]])
    refused(state, "swap Y9", "No joker stands for Y9")
    state = arrange(board=["J@Y10"], hands=[["Y10", "R1"], ["Y12"]])
    state.apply("draw")                                    # the turn is over
    assert state.current_player == 1 and "swap Y10" not in state.legal_actions()


def test_r9_no_swap_before_playing_when_nothing_could_follow():
    every = [s for s in SLOTS if not s.endswith("11") and s != "Y10"]
    state = arrange(board=every + ["J@Y10"], hands=[["Y10", "J"], ["J", "J"]])
    assert state.legal_actions() == ["pass"]
    refused(state, "swap Y10", "still play a card")


# -- ER-R10 ------------------------------------------------------------------------------
def test_r10_the_last_card_of_a_half_row_takes_a_bonus_card():
    board = [f"Y{n}" for n in range(12, 21)]
    state = arrange(board=board, hands=[["Y21", "R1"], ["R2"]])
    state.apply("play Y21")
    assert state.bonuses[0] == ["bonus#1"] and len(state.bonus_stack) == 6
    assert state.scores() == [11, 0]


def test_r10_an_island_completes_a_half_row_too_and_a_joker_earns_it():
    board = ["B10", "B9", "B8", "B7", "B6", "Y10", "Y9", "Y8"] + [f"Y{n}" for n in range(1, 7)]
    for last in ("Y7", "J@Y7"):
        state = arrange(board=board, hands=[["Y7", "J", "R1"], ["R2"]],
                        bridges=[("B6", "Y6", 1)])
        state.apply(f"play {last}")
        assert len(state.bonuses[0]) == 1, last


def test_r10_completing_by_a_swap_earns_nothing():
    board = ["J@Y10"] + [f"Y{n}" for n in range(1, 10)]
    state = arrange(board=board, hands=[["Y10", "R10", "R1"], ["R2"]])
    run(state, "play R10", "swap Y10")
    assert state.bonuses == [[], []] and len(state.bonus_stack) == 7


def test_r10_the_seven_bonus_cards_can_run_out():
    done = [s for s in SLOTS if s[0] in "RYG" or SLOTS[s][1] > 11]
    board = [s for s in done if not s.endswith("11")] + [f"B{n}" for n in range(2, 11)]
    state = arrange(board=board, hands=[["B1", "J"], ["J"]], rest=1)
    state.bonuses[1], state.bonus_stack = state.bonus_stack[::-1], []
    state.validate()
    state.apply("play B1")
    assert state.bonuses[0] == [] and len(state.bonuses[1]) == 7


# -- ER-R11 ------------------------------------------------------------------------------
def test_r11_draw_the_top_card_even_if_a_card_could_be_played():
    state = game(2, [["R10"]], pile=["G3", "G4"])
    assert "play R10" in state.legal_actions() and "draw" in state.legal_actions()
    state.apply("draw")
    assert "G3" in state.hands[0] and state.current_player == 1
    assert state.view(1)["pile"] == 43
    state = run(game(2, [["R10"]]), "play R10")
    refused(state, "draw", "cannot 'draw' any more")


# -- ER-R12 ------------------------------------------------------------------------------
def test_r12_empty_pile_a_player_who_can_play_must():
    state = arrange(hands=[["R10", "R3"], ["R2"]], rest=1)
    assert "draw" not in state.legal_actions() and "pass" not in state.legal_actions()
    refused(state, "draw", "pile is empty")
    refused(state, "pass", "you must play")


def test_r12_empty_pile_a_player_who_cannot_play_passes():
    state = arrange(hands=[["R3", "Y1"], ["R2"]], rest=1)
    assert state.legal_actions() == ["pass"]
    state.apply("pass")
    assert state.current_player == 1 and state.passes == 1


def test_r12_a_joker_need_not_be_played():
    state = arrange(hands=[["R3", "J"], ["R2"]], rest=1)
    assert "pass" in state.legal_actions() and "play J@R10" in state.legal_actions()
    state.apply("pass")


def test_r12_a_connection_card_is_never_forced():
    """ER-R12 (changed 2026-11-25): "Das Ausspielen von Verbindungskarten ist freiwillig":
    a card that fits only over a bridge does not oblige; the player may pass or bridge."""
    state = arrange(board=["Y10", "Y9"], hands=[["B9", "R3"], ["R2"]], rest=1)
    assert state.legal_actions() == ["bridge Y9-B9", "pass"]
    before = state.to_json()
    run(state.clone(), "bridge Y9-B9", "play B9")
    assert state.to_json() == before
    state.apply("pass")
    assert state.current_player == 1 and state.passes == 1


def test_r12_a_number_card_that_fits_directly_still_obliges_beside_a_bridge():
    state = arrange(board=["Y10", "Y9"], hands=[["B9", "R10"], ["R2"]], rest=1)
    assert {"bridge Y9-B9", "play R10"} <= set(state.legal_actions())
    assert "pass" not in state.legal_actions()
    refused(state, "pass", "you must play")


def test_r12_a_joker_and_a_connection_card_together_do_not_oblige():
    state = arrange(board=["Y10", "Y9"], hands=[["B9", "J"], ["R2"]], rest=1)
    assert "pass" in state.legal_actions() and "bridge Y9-B9" in state.legal_actions()


def test_r12_no_pass_while_the_pile_has_cards():
    refused(arrange(hands=[["R3"], ["R2"]]), "pass", "only when the draw pile is empty")


# -- ER-R13 ------------------------------------------------------------------------------
def test_r13_the_game_ends_the_moment_a_hand_is_empty():
    state = arrange(hands=[["R10", "R9"], ["R2", "J"]], rest=None)
    run(state, "play R10", "play R9")
    assert state.is_over and state.legal_actions() == []
    assert state.scores() == [0, -13] and state.winners() == [0]
    refused(state, "end", "game is over")


def test_r13_a_joker_may_be_the_last_card():
    state = arrange(hands=[["R10", "J"], ["R2"]])
    run(state, "play R10", "play J@R9")
    assert state.is_over and state.winners() == [0]


# -- ER-R14 ------------------------------------------------------------------------------
def test_r14_bonus_plus_11_hand_cards_minus_their_value_jokers_minus_11():
    board = [f"Y{n}" for n in range(12, 21)]
    state = arrange(board=board, hands=[["Y21"], ["R2", "G20", "J"]])
    state.apply("play Y21")                                # its bonus counts at the end
    assert state.is_over and state.scores() == [11, -33]
    assert state.view(1)["game_scores"] == [[11, -33]]


def test_r14_ties_are_shared():
    state = arrange(hands=[["R10"], ["R1"]], rest=None)
    state.hands[1] = []
    state.pile.append("R1")
    state.validate()
    state.apply("play R10")
    assert state.scores() == [0, 0] and state.winners() == [0, 1]


def test_r14_cards_in_hand_stay_secret_in_the_running_score():
    state = game(2, [])
    assert state.scores() == [0, 0]


# -- ER-R15 ------------------------------------------------------------------------------
def test_r15_a_match_moves_the_start_player_and_adds_up():
    deck = stacked(3, [["R10"]])
    state = new_game("elfer", 3, seed=4, options={"games": 3, "rows": ROWS}, deck=deck)
    starts, firsts = [], []
    while not state.is_over:
        before = state.game_no
        state.apply(sorted(state.legal_actions(), key=lambda a: (a == "draw", a))[0])
        if state.game_no != before:
            starts.append(state.current_player)
            firsts.append(list(state.hands[state.current_player]))
    assert starts == [1, 2] and len(state.game_scores) == 3
    assert state.scores() == [sum(g[s] for g in state.game_scores) for s in range(3)]
    assert firsts[0] != deck[0::3][:20]                       # deck= fixed game 1 only


def test_r15_the_setup_screen_proposes_as_many_games_as_players():
    games = GAMES["elfer"].option("games")
    assert games.default_for(4) == 1 and games.suggested(4) == 4 and games.suggested(6) == 6
    with pytest.raises(SetupError, match="games"):
        new_game("elfer", 2, options={"games": 0})


# -- ER-R16 ------------------------------------------------------------------------------
FULL = [s for s in SLOTS if not s.endswith("11")]


def test_r16_when_everyone_passes_in_a_row_the_game_ends():
    # With the pile empty, only a full table leaves every player without a play.
    board = [s for s in FULL if s != "Y10"] + ["J@Y10"]
    state = arrange(board=board, hands=[["Y10"], ["J", "J", "J"]])
    assert state.pile == [] and state.legal_actions() == ["pass"]
    state.apply("pass")
    assert not state.is_over and state.legal_actions() == ["pass"]
    state.apply("pass")
    assert state.is_over and state.scores() == [-10, -33] and state.winners() == [0]


def test_r16_a_play_in_between_restarts_the_count():
    board = [s for s in FULL if s not in ("Y1", "Y2")]
    state = arrange(board=board, hands=[["J"], ["Y2", "Y1", "J", "J", "J"]])
    assert "pass" in state.legal_actions() and "play J@Y2" in state.legal_actions()
    run(state, "pass", "play Y2", "end")
    assert state.passes == 0 and not state.is_over
    run(state, "pass")
    assert state.passes == 1 and "play Y1" in state.legal_actions()
    assert "pass" not in state.legal_actions()


# -- notation, bad input, views, saves ------------------------------------------------------
@pytest.mark.parametrize("action", [5, None, "", "x" * 10_000, "play", "play R7 R8",
                                    "spiel R10", "play 🂡", "play J@", "play J@J",
                                    "bridge", "bridge Y10-", "bridge -B10", "swap",
                                    "swap J", "end now", "play r10", "PLAY R10"])
def test_garbage_actions_are_refused_and_change_nothing(action):
    state = game(2, [["R10", "J"]])
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("deck", ["R1", 5, {"R1": 1}, ["R1"] * 84, list(shuffle_codes())[:-1],
                                  list(shuffle_codes())[:-1] + ["R11"],
                                  list(shuffle_codes())[:-1] + [7]])
def test_bad_decks_are_refused(deck):
    with pytest.raises(SetupError, match="elfer"):
        new_game("elfer", 2, deck=deck)


def test_the_deck_is_the_84_shuffled_cards_and_every_card_has_one_id():
    assert len(shuffle_codes()) == 84 and shuffle_codes().count("J") == 4
    assert not any(c.endswith("11") and c in SLOTS for c in shuffle_codes())
    assert len(all_ids()) == 110 == len(set(all_ids()))
    state = new_game("elfer", 4, seed=9)
    assert sorted(x for z in state.zones().values() for x in z) == list(all_ids())


def test_the_view_shows_what_a_table_needs():
    state = run(example(), "bridge Y9-B9")
    view = state.view(0)
    assert view["pending"] == "B9" and view["phase"] == "follow"
    assert view["bridges"] == [{"id": "connection#1", "from": "Y9", "to": "B9", "seat": 0}]
    assert view["hand_sizes"] == [16, 21, 21] and view["pile"] == 22
    assert view["max_cards"] == 4 and view["played"] == 0
    assert len(view["bonus_stack"]) == 7 and view["games"] == 1 and view["game_no"] == 1
    assert view["legal_actions"] == ["play B9"] and state.view(1)["legal_actions"] == []


def test_the_typed_view_names_every_key_of_the_view():
    """ElferView is the view's shape: no key missing from it, none it invents."""
    state = run(example(), "bridge Y9-B9", "play B9")
    view = state.view(0)
    assert set(get_type_hints(ElferView)) - {"hands"} == set(view)    # "hands": at the end
    assert set(get_type_hints(Row)) == set(view["rows"][0])
    assert set(get_type_hints(Slot)) == set(view["rows"][0]["slots"][10])


def test_an_action_is_read_without_a_position():
    """read: the words of ER-R5..R12's actions, so no table takes them apart."""
    assert read("play R7") == ElferMove("play", "R7", "R7", "")
    assert read("play J@R7") == ElferMove("play", "R7", "J", "")
    assert read("bridge Y9-B9") == ElferMove("bridge", "B9", "", "Y9")
    assert read("swap B9") == ElferMove("swap", "B9", "B9", "")
    assert [read(a) for a in ("end", "draw", "pass")] == [
        ElferMove("end"), ElferMove("draw"), ElferMove("pass")]
    # ER-R8, Lisa: every action she may take names a real position
    state = run(example(), "bridge Y9-B9", "play B9", "bridge B9-R9", "play R9", "end",
                "play R8", "play R7", "end")
    for action in state.legal_actions():
        move = read(action)
        assert move.kind == action.split()[0] and (move.slot in SLOTS or not move.slot)
    assert is_joker("J#3") and not is_joker("B9")


def test_saves_and_replays_give_the_same_position():
    state = run(example(), "bridge Y9-B9", "play B9")
    assert from_json(state.to_json()).to_json() == state.to_json()
    assert replay(state.record()).to_json() == state.to_json()
    assert isinstance(state.clone(), Elfer)


def test_determinize_keeps_what_the_seat_sees():
    state = example()
    copy = state.determinize(1, 7)
    assert copy.view(1) == state.view(1)
    assert copy.hands[1] == state.hands[1] and copy.board == state.board
    assert sorted(copy.hands[0] + copy.hands[2] + copy.pile) == \
        sorted(state.hands[0] + state.hands[2] + state.pile)


def test_validate_refuses_cards_that_grow_from_nothing():
    state = arrange(hands=[["R10"], ["R1"]])
    state.board["Y"][4], state.pile = "Y5", [c for c in state.pile if c != "Y5"]
    with pytest.raises(SetupError, match="grow from neither"):
        state.validate()
    state = arrange(hands=[["R10"], ["R1"]])
    state.hands[0].append("R1")
    with pytest.raises(SetupError, match="each of the 110 cards once"):
        state.validate()
    state = arrange(hands=[["R10"], ["R1"]])
    state.board["Y"][4] = "R5"
    with pytest.raises(SetupError):
        state.validate()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_the_table_sound_after_every_action(players):
    """Cards conserved, no position filled twice, every card grows from its 11 or a
    bridged island, at most four cards a turn (validate checks all of it)."""
    import random
    rng = random.Random(players)
    for seed in range(4):
        state = new_game("elfer", players, seed=seed, options={"games": 2})
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            state.validate()
            assert len(state.turn_cards) <= 4
        assert len(state.game_scores) == 2


# -- the heuristic bot ----------------------------------------------------------------------
def choice(state, seat=0):
    from tentable.bots import make_bot
    action = make_bot("heuristic", "elfer", seat, 1).choose(state)
    assert action in state.legal_actions()
    return action


def test_bot_plays_what_unlocks_its_own_hand():
    state = arrange(hands=[["G12", "R10", "R9", "B1"], ["R2"]])
    assert choice(state) == "play R10"


def test_bot_holds_back_a_card_that_only_helps_others_while_it_can_draw():
    # Two cards left in the pile: a freshly opened place is almost surely for an opponent.
    state = arrange(hands=[["G12", "Y1"], ["R2"]], pile=["B1", "B2"], rest=1)
    assert choice(state) == "draw"
    run(state, "draw", "draw")
    assert state.pile == [] and choice(state) == "play G12"   # ER-R12: now it must play


def test_bot_saves_its_joker_for_a_bonus():
    state = arrange(hands=[["J", "G1", "Y1"], ["R2"]])
    assert not choice(state).startswith("play J@")
    state = arrange(board=[f"Y{n}" for n in range(12, 21)], hands=[["J", "G1", "Y1"], ["R2"]])
    assert choice(state) == "play J@Y21"


def test_bot_bridges_when_the_island_frees_several_of_its_cards():
    several = arrange(board=["Y10", "Y9"], hands=[["B9", "B8", "B7", "G1"], ["R2"]])
    assert choice(several) == "bridge Y9-B9"
    one = arrange(board=["Y10", "Y9"], hands=[["B9", "G1", "R21"], ["R2"]])
    assert choice(one) != "bridge Y9-B9"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bot_finishes_games_with_legal_moves_only(players):
    from tentable.bots import make_bot
    state = new_game("elfer", players, seed=players)
    bots = [make_bot("heuristic", "elfer", s, s) for s in range(players)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state.determinize(
            state.current_player, len(state.history))))
    assert state.winners()
