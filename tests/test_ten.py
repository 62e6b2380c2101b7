"""TEN, rule by rule (rules/ten.md), as rulebook scenarios with fixed decks."""
import itertools
import json
import random
import time
from collections import Counter

import pytest

from tentable.bots import make_bot
from tentable.engine import IllegalAction, SetupError, new_game
from tentable.engine.cards import code_of
from tentable.engine.ten_cards import MONA, best_runs, deck_for, odds, score_of, unseen
from tentable.engine.ten_paying import best_payment

NUMBERS = [f"{c}{n}" for c in "BGOP" for n in range(1, 10)]
JOKERS = ["B#", "G#", "O#", "P#", "W#"] + [f"W{n}" for n in range(1, 10)]


def stacked(top, players=2):
    """The whole mix with `top` flipped first (top of the pile first), the rest after in
    reverse manifest order (money, jokers, then numbers ... B2, B1 at the bottom)."""
    rest = Counter(deck_for(players))
    rest.subtract(top)
    assert not -rest, f"not in the mix: {-rest}"
    return list(top) + list(rest.elements())[::-1]


def game(top=(), players=2, **options):
    return new_game("ten", players, seed=1, options=options, deck=stacked(top, players))


def take(state, code):
    """Take one card of `code` out of the pile (from the bottom), to hand it out."""
    for i, card in enumerate(state.pile[:-8] if len(state.pile) > 8 else state.pile):
        if code_of(card) == code:
            return state.pile.pop(i)
    raise AssertionError(f"no {code} left low in the pile")


def give(state, seat, codes):
    for code in codes:
        state.collections[seat].append(take(state, code))
    state.changed()


def to_market(state, codes):
    for code in codes:
        state.market.append(take(state, code))
    state.changed()


def shorten(state, keep):
    """Only the top `keep` cards stay in the pile (the rest leave the game)."""
    state.removed += state.pile[:-keep] if keep else state.pile
    state.pile = state.pile[-keep:] if keep else []
    state.changed()


def play(state, *actions):
    for action in actions:
        state.apply(action)


def codes(cards):
    return sorted(code_of(c) for c in cards)


def refused(state, action, words):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=words):
        state.apply(action)
    assert state.to_json() == before


# -- TEN-R1 -----------------------------------------------------------------------------
@pytest.mark.parametrize("players,size", [(2, 91), (3, 108), (4, 129), (5, 129)])
def test_r1_the_mix_for_each_player_count(players, size):
    state = new_game("ten", players, seed=3)
    assert state.view(0)["pile"] == size
    assert len(set(state.pile)) == size and all("#" in c for c in state.pile)


def test_r1_deck_fixes_the_pile_top_first_and_is_checked():
    state = game(["B3", "$2", "G7"])
    play(state, "flip", "flip", "flip")
    assert codes(state.tableau) == ["$2", "B3", "G7"]
    assert state.view(1)["total"] == 8
    with pytest.raises(SetupError):
        new_game("ten", 2, deck=["B1"] * 91)
    with pytest.raises(SetupError):
        new_game("ten", 2, deck="B1 B2")
    with pytest.raises(SetupError):
        new_game("ten", 2, deck=[1] * 91)


# -- TEN-R2 -----------------------------------------------------------------------------
def test_r2_five_tokens_each_and_seat_0_starts():
    state = new_game("ten", 4, seed=2)
    assert state.money == [5, 5, 5, 5] and state.bust == [0] * 4
    assert state.current_player == 0


# -- TEN-R3 -----------------------------------------------------------------------------
def test_r3_the_first_flip_is_compulsory_then_flip_or_stop():
    state = game(["B3", "$2"])
    assert state.legal_actions() == ["flip"]
    refused(state, "stop numbers", "no number cards")
    play(state, "flip")
    assert state.legal_actions() == ["flip", "stop numbers"]
    play(state, "flip")
    assert state.legal_actions() == ["flip", "stop money", "stop numbers"]


# -- TEN-R4 -----------------------------------------------------------------------------
def test_r4_running_total_subtracts_money_and_may_be_negative():
    state = game(["$5", "B2", "$1"])
    play(state, "flip")
    assert state.view(0)["total"] == -5
    play(state, "flip", "flip")
    assert state.view(0)["total"] == -4 and state.view(0)["money_showing"] == 6


def test_r4_ten_is_safe_eleven_busts():
    state = game(["B6", "G4", "O1"])
    play(state, "flip", "flip")
    assert state.view(0)["total"] == 10 and state.current_player == 0
    play(state, "flip")
    assert state.bust[0] == 1 and state.current_player == 1


# -- TEN-R5 -----------------------------------------------------------------------------
def test_r5_bust_on_the_total_pays_the_others():
    state = game(["B6", "$3", "G5", "O3"], players=3)
    play(state, "flip", "flip", "flip", "flip")        # 6 - 3 + 5 + 3 = 11
    assert state.bust == [1, 0, 0]
    assert state.money == [5, 8, 8]
    assert codes(state.market) == ["B6", "G5", "O3"]
    assert codes(state.removed) == ["$3"] and state.tableau == []
    assert state.current_player == 1


def test_r5_bust_on_money_alone_pays_nobody():
    state = game(["B9", "$5", "$4", "$2"], players=3)  # money 11, total -2
    play(state, "flip", "flip", "flip", "flip")
    assert state.bust == [1, 0, 0] and state.money == [5, 5, 5]
    assert codes(state.market) == ["B9"] and codes(state.removed) == ["$2", "$4", "$5"]


# -- TEN-R6 -----------------------------------------------------------------------------
def test_r6_stop_numbers_takes_the_numbers_and_pays_the_others():
    state = game(["B3", "$2", "G4"], players=3)
    play(state, "flip", "flip", "flip", "stop numbers")
    assert codes(state.collections[0]) == ["B3", "G4"]
    assert state.money == [5, 7, 7]
    assert state.phase == "buy" and state.current_player == 0


def test_r6_stop_money_takes_tokens_and_the_numbers_go_to_the_market():
    state = game(["B3", "$2", "G4"], players=3)
    play(state, "flip", "flip", "flip", "stop money")
    assert state.money == [7, 5, 5] and state.collections[0] == []
    assert codes(state.market) == ["B3", "G4"]
    assert state.phase == "flip" and state.current_player == 1   # no buying


def test_r6_stopping_needs_the_kind_of_card_it_takes():
    state = game(["$2"])
    play(state, "flip")
    assert state.legal_actions() == ["flip", "stop money"]
    refused(state, "stop numbers", "no number cards")


# -- TEN-R7 / TEN-R11 ---------------------------------------------------------------------
def test_r7_r11_a_joker_is_auctioned_left_first_the_active_player_last():
    state = game(["B2", "W5", "G3"], players=3)
    play(state, "flip", "flip")
    assert state.phase == "auction" and state.tableau and len(state.tableau) == 1
    assert state.view(0)["auction"]["order"] == [1, 2, 0]
    assert state.current_player == 1
    play(state, "bid 2")
    refused(state, "bid 2", "at least 3")
    play(state, "pass", "bid 3")                        # seat 2 passes, seat 0 bids 3
    assert state.phase == "pay" and state.current_player == 0
    play(state, "pay t", "pay t", "pay t")
    assert codes(state.collections[0]) == ["W5"] and state.money[0] == 2
    assert state.phase == "flip" and state.current_player == 0   # the turn goes on
    play(state, "flip")
    assert state.view(0)["total"] == 5                  # the joker never counted


def test_r11_nobody_bids_and_the_joker_leaves_the_game():
    state = game(["W#"], players=3)
    play(state, "flip", "pass", "pass", "pass")
    assert codes(state.removed) == ["W#"] and state.phase == "flip"
    assert state.legal_actions() == ["flip"]            # the tableau is still empty


def test_r11_a_bid_only_up_to_what_the_bidder_can_pay():
    state = game(["W3"])
    give(state, 1, ["B1", "B2"])
    state.bust[1] = 1
    play(state, "flip")
    assert state.legal_actions()[-1] == "pass"
    bids = [int(a.split()[1]) for a in state.legal_actions() if a.startswith("bid")]
    assert max(bids) == 5 + 3 + 2 and min(bids) == 1
    refused(state, "bid 11", "at most 10")


# -- TEN-R8 -----------------------------------------------------------------------------
def test_r8_collections_are_public_and_may_hold_identical_cards():
    state = game(["B1", "B1"])
    play(state, "flip", "flip", "stop numbers", "skip")
    assert codes(state.view(1)["collections"][0]) == ["B1", "B1"]
    assert state.view(None)["collections"][0] == state.collections[0]


# -- TEN-R9 -----------------------------------------------------------------------------
def test_r9_nobody_holds_more_than_ten_tokens_bust_tokens_apart():
    state = game(["$5", "$4", "B1"], players=2)
    state.money = [5, 9]
    state.bust = [0, 2]
    play(state, "flip", "flip", "flip", "stop numbers")
    assert state.money == [5, 10] and state.bust == [0, 2]
    state = game(["$5", "$4"])
    state.money = [8, 5]
    play(state, "flip", "flip", "stop money")
    assert state.money[0] == 10


# -- TEN-R10 -------------------------------------------------------------------------------
def test_r10_buy_after_stopping_with_numbers_at_the_card_price():
    state = game(["B2", "$1"])
    to_market(state, ["G3", "O9", "B2"])
    state.money = [4, 5]
    play(state, "flip", "flip", "stop numbers")
    # O9 costs 9 (4 tokens + 1 card cannot), B2 is identical to the one just taken
    assert state.legal_actions() == ["buy G3", "skip"]
    refused(state, "buy B2", "already hold a B2")
    refused(state, "buy O9", "costs 9")
    refused(state, "buy P4", "no P4 in the market")
    play(state, "buy G3", "pay t", "pay t", "pay t")
    assert codes(state.collections[0]) == ["B2", "G3"] and state.money[0] == 1
    assert codes(state.market) == ["B2", "O9"] and state.current_player == 1


def test_r10_a_joker_of_that_number_or_colour_does_not_block_the_card():
    state = game(["G1"])
    give(state, 0, ["W4", "B#"])
    to_market(state, ["B4"])
    play(state, "flip", "stop numbers")
    assert "buy B4" in state.legal_actions()


def test_r10_no_buying_after_stopping_with_money_or_busting():
    state = game(["$2", "B9", "B3"])
    to_market(state, ["G1"])
    play(state, "flip", "stop money")
    assert state.phase == "flip" and state.current_player == 1
    play(state, "flip", "flip")                         # 9 + 3 busts
    assert state.phase == "flip" and state.current_player == 0


# -- TEN-R12 ------------------------------------------------------------------------------
def test_r12_one_item_at_a_time_no_change_and_paid_cards_leave():
    state = game(["B1"])
    give(state, 0, ["G7", "O2"])
    to_market(state, ["P5"])
    state.bust[0] = 1
    play(state, "flip", "stop numbers", "buy P5")
    assert state.legal_actions() == ["pay B1", "pay G7", "pay O2", "pay t", "pay x"]
    play(state, "pay O2", "pay t", "pay t")
    assert state.payment["due"] == 2
    play(state, "pay x")                                # 3 for the last 2: no change
    assert state.bust[0] == 0 and state.money[0] == 3
    assert "O2" in codes(state.removed) and codes(state.collections[0]) == ["B1", "G7", "P5"]
    refused(state, "pay t", "Now flip, or stop")


def test_r12_paying_with_one_of_identical_cards():
    state = game(["B1", "B1"])
    to_market(state, ["G2"])
    state.money[0] = 0
    play(state, "flip", "flip", "stop numbers", "buy G2")
    assert state.legal_actions() == ["pay B1"]
    play(state, "pay B1", "pay B1")
    assert codes(state.collections[0]) == ["G2"]


def _brute_payment(state, seat, price):
    """Every sequence of items, one at a time until the price is reached: the best
    (score kept, money kept) any of them leaves."""
    items = ["t"] * state.money[seat] + ["x"] * state.bust[seat] + state.codes(seat)
    best = None
    for n in range(0, len(items) + 1):
        for combo in set(itertools.combinations(items, n)):
            worth = [3 if i == "x" else 1 for i in combo]
            if sum(worth) < price or (worth and sum(worth) - max(worth) >= price):
                continue
            rest = list(state.codes(seat))
            for i in combo:
                if i not in ("t", "x"):
                    rest.remove(i)
            money = state.money[seat] - combo.count("t") + 3 * (state.bust[seat]
                                                                - combo.count("x"))
            value = (score_of(rest), money)
            best = value if best is None or value > best else best
    return best


def _after(state, seat, actions):
    rest = list(state.codes(seat))
    money = state.money[seat] + 3 * state.bust[seat]
    paid = 0
    for a in actions:
        what = a.split()[1]
        if what == "t":
            money, paid = money - 1, paid + 1
        elif what == "x":
            money, paid = money - 3, paid + 3
        else:
            rest.remove(what)
            paid += 1
    return score_of(rest), money, paid


def test_r12_at_the_end_best_payment_matches_brute_force_on_random_collections():
    """With no card to come, what stays is worth its score, then its money (TEN-R15)."""
    rng = random.Random(12)
    for trial in range(60):
        state = game()
        shorten(state, 0)
        state.collections[0] = [f"{c}#9{i}" for i, c in enumerate(
            rng.sample(NUMBERS, rng.randint(0, 7)) + rng.sample(JOKERS, rng.randint(0, 2)))]
        state.money[0] = rng.randint(0, 4)
        state.bust[0] = rng.randint(0, 2)
        worth = state.wealth(0)
        if worth == 0:
            continue
        price = rng.randint(1, min(worth, 9))
        plan = best_payment(state, 0, price)
        score, money, paid = _after(state, 0, plan)
        assert paid >= price and paid - (3 if "pay x" in plan else 1) < price
        assert (score, money) == _brute_payment(state, 0, price), (state.codes(0), price)


def early_payer(collection, money, bust):
    state = game()
    give(state, 0, collection)
    state.money[0], state.bust[0] = money, bust
    return state


def test_r12_early_on_tokens_pay_before_cards_that_may_still_join_a_run():
    """Issue #23: with 5 tokens and a bust token, an 8 was paid with six collection cards."""
    state = early_payer(["B1", "B2", "B3", "G5", "O2", "O7", "P1", "P4", "P9", "G9", "B6", "B8"],
                        5, 1)
    assert best_payment(state, 0, 8) == ["pay t"] * 5 + ["pay x"]


def test_r12_a_card_next_to_its_colour_is_kept_longer_than_a_lone_one():
    """O8 lies outside the runs but two from O6: it may join a run, the lone green not."""
    state = early_payer(["B4", "B5", "B6", "G2", "G7", "O6", "O8", "P3"], 0, 0)
    assert best_payment(state, 0, 1) in (["pay G2"], ["pay G7"])


def test_r12_the_same_collection_pays_cards_when_the_pile_is_nearly_gone():
    collection = ["B1", "B2", "B3", "G5", "O2", "O7", "P1", "P4", "P9", "G9", "B6", "B8"]
    state = early_payer(collection, 5, 1)
    shorten(state, 2)
    plan = best_payment(state, 0, 8)
    assert plan.count("pay t") + 3 * plan.count("pay x") < 8
    assert _after(state, 0, plan)[0] == score_of(collection)


@pytest.mark.benchmark
def test_r12_best_payment_is_fast_on_a_big_collection():
    state = game()
    state.collections[0] = [f"{c}#9{i}" for i, c in enumerate(
        NUMBERS[:30] + ["W3", "W7", "B#", "W#"])]
    state.money[0], state.bust[0] = 2, 1
    best_payment(state, 0, 9)                 # warm the tables once
    state.collections[0].append("G9#99")
    start = time.perf_counter()
    plan = best_payment(state, 0, 9)
    assert time.perf_counter() - start < 0.05
    assert _after(state, 0, plan)[2] >= 9


# -- TEN-R13 ------------------------------------------------------------------------------
def test_r13_the_last_flip_ends_the_game_after_the_turn_and_one_buy_each():
    state = game(["B2", "G5"], players=3)
    to_market(state, ["O1", "P1", "O4"])
    shorten(state, 2)
    state.turn = 1
    play(state, "flip", "flip")
    assert state.legal_actions() == ["stop numbers"]    # no flip: the pile is empty
    play(state, "stop numbers", "buy O1", "pay t")
    assert state.phase == "final" and state.final == [2, 0, 1]
    play(state, "buy P1", "pay t", "skip")
    assert state.current_player == 1
    refused(state, "buy O1", "no O1")
    play(state, "buy O4", "pay t", "pay t", "pay t")
    assert state.phase == "pay"
    play(state, "pay t")
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.winners()


def test_r13_a_final_joker_on_an_empty_tableau_ends_the_turn():
    state = game(["W2"])
    shorten(state, 1)
    play(state, "flip", "pass", "pass")
    assert state.phase == "final" and state.final == [1, 0]


# -- TEN-R14 ------------------------------------------------------------------------------
def test_r14_rulebook_example_scores_24():
    hand = ["B1", "B2", "B3", "B4", "B5", "B6"] + [f"G{n}" for n in range(1, 10)] + \
        ["P3", "P4", "P5", "P6", "P7", "O7", "O8", "O9"]
    assert score_of(hand) == 6 + 10 + 5 + 3 == 24


def test_r14_jokers_are_assigned_for_the_best_total():
    assert score_of(["B1", "B3", "W2"]) == 3
    assert score_of(["B1", "B3", "G1", "G3", "W2"]) == 4     # one W2 for one colour
    assert score_of(["B1", "B3", "B#", "G5"]) == 4           # B# fills B2, or B4
    assert score_of(["W#"]) == 1 and score_of([]) == 0
    assert score_of([f"O{n}" for n in range(1, 9)] + ["W9"]) == 10


def _brute_score(hand):
    numbers = [c for c in hand if c in NUMBERS]
    jokers = [c for c in hand if c not in NUMBERS]

    def spots(j):
        if j == "W#":
            return NUMBERS
        if j.endswith("#"):
            return [f"{j[0]}{n}" for n in range(1, 10)]
        return [f"{c}{j[1]}" for c in "BGOP"]
    best = (0, 0)
    for placed in itertools.product(*[spots(j) + [None] for j in jokers]):
        taken = [p for p in placed if p]
        if len(set(taken)) != len(taken) or set(taken) & set(numbers):
            continue             # one joker per gap; a joker never replaces a number card
        have = set(numbers) | set(taken)
        score, inside = 0, 0
        for c in "BGOP":
            run, top = 0, (0, 0)
            for n in range(1, 10):
                run = run + 1 if f"{c}{n}" in have else 0
                if run:
                    nat = sum(f"{c}{m}" in numbers for m in range(n - run + 1, n + 1))
                    top = max(top, (run, -nat))
            score += top[0] + (top[0] == 9)
            inside -= top[1]
        best = max(best, (score, len(numbers) - inside))
    return best


def test_r14_r15_scoring_matches_brute_force_on_random_collections():
    rng = random.Random(14)
    for _ in range(150):
        hand = rng.choices(NUMBERS, k=rng.randint(0, 16)) + rng.sample(JOKERS, rng.randint(0, 3))
        assert best_runs(hand) == _brute_score(hand), hand


# -- TEN-R15 ------------------------------------------------------------------------------
def _ended(collections, money, bust):
    state = game(players=len(collections))
    for seat, hand in enumerate(collections):
        give(state, seat, hand)
    state.money, state.bust = list(money), list(bust)
    shorten(state, 0)
    state.turn, state.final, state.phase = None, None, "over"
    state.changed()
    return state


def test_r15_ties_go_to_money_then_to_cards_outside_the_runs():
    assert _ended([["B1", "B2"], ["G1"]], [0, 9], [0, 0]).winners() == [0]
    assert _ended([["B1"], ["G1"]], [4, 1], [0, 1]).winners() == [0, 1]
    assert _ended([["B1"], ["G1"]], [4, 2], [0, 1]).winners() == [1]      # 2 + 3 > 4
    assert _ended([["B1", "O5"], ["G1"]], [3, 3], [0, 0]).winners() == [0]
    assert _ended([["B1", "B1"], ["G1", "G3"]], [3, 3], [0, 0]).winners() == [0, 1]


# -- V1 -------------------------------------------------------------------------------------
def test_v1_a_busted_player_takes_the_token_or_buys():
    state = game(["B9", "G3"], variant_busted_buy=True)
    to_market(state, ["O2"])
    play(state, "flip", "flip")
    assert state.phase == "busted" and state.bust[0] == 0
    assert state.legal_actions() == ["bust token", "buy G3", "buy O2"]   # B9 costs 9
    play(state, "buy G3", "pay t", "pay t", "pay t")
    assert state.bust[0] == 0 and codes(state.collections[0]) == ["G3"]
    assert state.current_player == 1
    state = game(["B9", "G3"], variant_busted_buy=True)
    play(state, "flip", "flip", "bust token")
    assert state.bust[0] == 1 and state.collections[0] == []


# -- solo (section S) --------------------------------------------------------------------
def solo(top=(), target=5):
    return new_game("ten", 2, seed=1, options={"solo": True, "target": target},
                    deck=stacked(top))


def test_s1_solo_is_for_two_and_mona_is_seat_1():
    state = solo()
    assert state.automata == [1] and state.current_player == 0
    with pytest.raises(SetupError, match="two players"):
        new_game("ten", 3, options={"solo": True})
    with pytest.raises(SetupError):
        new_game("ten", 2, options={"solo": True, "target": 11})


def test_s2_mona_flips_to_her_target_and_stops_even_above_ten():
    state = solo(["B1", "B4", "$2", "G3", "B9", "O2"], target=7)
    play(state, "flip", "flip", "stop numbers", "skip")     # you: 5, take B1 B4
    assert state.legal_actions() == ["flip"]
    play(state, "flip", "flip")                              # -2 + 3 = 1
    assert state.legal_actions() == ["flip"]
    play(state, "flip")                                      # + 9 = 10 >= 7
    assert state.legal_actions() == ["stop numbers"]
    play(state, "stop numbers")
    assert codes(state.collections[MONA]) == ["B9", "G3"] and state.money[0] == 7
    state = solo(["B1", "B9", "G8"], target=10)
    play(state, "flip", "stop numbers", "skip", "flip", "flip")
    assert state.view(0)["total"] == 17 and state.legal_actions() == ["stop numbers"]
    play(state, "stop numbers")
    assert state.bust[MONA] == 0 and codes(state.collections[MONA]) == ["B9", "G8"]


def test_s2_money_above_ten_gives_mona_a_bust_token_and_you_nothing():
    state = solo(["B1", "$5", "$4", "G6", "$3"], target=10)
    play(state, "flip", "stop numbers", "skip")
    play(state, "flip", "flip", "flip", "flip")              # money 12
    assert state.bust[MONA] == 1 and codes(state.collections[MONA]) == ["G6"]
    assert state.money == [5, 5] and state.current_player == 0


def test_s3_duplicates_turn_face_down_and_count_one_money():
    state = solo(["B2", "B2", "W3", "B1"])
    give(state, 0, ["B3", "G3", "O3", "P3"])
    play(state, "flip", "flip")
    play(state, "stop numbers")
    assert codes(state.collections[0]).count("B2") == 1 and codes(state.duplicates[0]) == ["B2"]
    assert state.wealth(0, cards=False) == 5 + 1
    state = solo(["W3"])
    give(state, 0, ["B3", "G3", "O3", "P3"])
    state.money[MONA] = 4
    play(state, "flip", "pass", "bid 5")                     # Mona cannot pay 5
    play(state, *["pay t"] * 5)
    assert codes(state.duplicates[0]) == ["W3"]              # superfluous at once


def test_s3_the_fourth_colour_makes_a_number_joker_superfluous():
    state = solo(["P3"])
    give(state, 0, ["B3", "G3", "O3", "W3"])
    play(state, "flip", "stop numbers")
    assert codes(state.duplicates[0]) == ["W3"] and "P3" in codes(state.collections[0])


def holding(state, you, mona):
    """Both purses as (money tokens, bust tokens, duplicates): what pays a solo bid (S4)."""
    for seat, (tokens, busts, dups) in ((0, you), (MONA, mona)):
        state.money[seat], state.bust[seat] = tokens, busts
        state.duplicates[seat] = [take(state, "G2") for _ in range(dups)]
    state.changed()


def test_s5_mona_bids_your_total_when_she_can_pay_it_and_you_must_pass():
    state = solo(["W5"])
    holding(state, you=(6, 1, 0), mona=(9, 0, 1))            # your total 6 + 3 = 9; hers 10
    play(state, "flip")
    assert state.current_player == MONA and state.legal_actions() == ["bid 9"]
    play(state, "bid 9")
    assert state.legal_actions() == ["pass"]
    refused(state, "bid 10", "all the money you have: you cannot outbid her")
    play(state, "pass")
    assert state.legal_actions() == ["pay t"]                # S7: tokens first
    play(state, *["pay t"] * 9)
    assert codes(state.collections[MONA]) == ["W5"] and state.money[MONA] == 0


def test_s5_mona_short_of_your_total_bids_all_she_can_pay_and_you_may_outbid():
    state = solo(["W5"])
    holding(state, you=(10, 0, 0), mona=(2, 1, 1))           # she can pay 2 + 3 + 1 = 6
    play(state, "flip")
    assert state.legal_actions() == ["bid 6"]
    play(state, "bid 6")
    assert state.current_player == 0
    assert state.legal_actions() == ["bid 10", "bid 7", "bid 8", "bid 9", "pass"]
    refused(state, "bid 6", "Mona bid 6: bid more than that, up to 10")
    refused(state, "bid 11", "at most 10")
    play(state, "bid 8")                                     # she does not raise again
    assert state.phase == "pay" and state.payment["payer"] == 0 and state.payment["due"] == 8
    play(state, *["pay t"] * 8)
    assert codes(state.collections[0]) == ["W5"] and state.money == [2, 2]


def test_s5_mona_short_of_your_total_pays_all_she_has_when_you_pass():
    state = solo(["W5"])
    holding(state, you=(10, 0, 0), mona=(2, 1, 1))
    play(state, "flip", "bid 6", "pass")
    seen = []
    while state.phase == "pay":
        seen += state.legal_actions()
        play(state, state.legal_actions()[0])
    assert seen == ["pay t", "pay t", "pay x", "pay d"]      # S7: her fixed order
    assert codes(state.collections[MONA]) == ["W5"]
    assert (state.money[MONA], state.bust[MONA], state.duplicates[MONA]) == (0, 0, [])


def test_s5_mona_with_under_five_passes_and_you_may_take_it_for_five():
    state = solo(["W5"])
    holding(state, you=(9, 0, 0), mona=(1, 1, 0))            # she can pay 4
    play(state, "flip")
    assert state.legal_actions() == ["pass"]
    play(state, "pass")
    assert state.legal_actions() == ["bid 5", "pass"]
    refused(state, "bid 6", "Mona passed: you may bid 5, no more")
    refused(state, "bid 4", "at least 5")
    play(state, "bid 5", *["pay t"] * 5)
    assert codes(state.collections[0]) == ["W5"]
    state = solo(["W5"])
    holding(state, you=(9, 0, 0), mona=(1, 1, 0))
    play(state, "flip", "pass", "pass")
    assert codes(state.removed) == ["W5"]                    # nobody bid: it leaves the game


def test_s5_your_total_under_five_mona_passes_and_so_must_you():
    state = solo(["W5"])
    holding(state, you=(3, 0, 1), mona=(10, 0, 0))           # your total 4
    give(state, 0, ["B1", "B2"])                             # scoring cards do not pay (S4)
    play(state, "flip")
    assert state.legal_actions() == ["pass"]
    play(state, "pass")
    assert state.legal_actions() == ["pass"]                 # you cannot pay 5 either
    refused(state, "bid 5", "at most 4")
    play(state, "pass")
    assert codes(state.removed) == ["W5"] and state.money == [3, 10]


def test_s6_mona_bids_one_more_than_you_or_five():
    state = solo(["B1", "W7"])
    state.money = [8, 7]
    play(state, "flip", "stop numbers", "skip", "flip")
    assert state.current_player == 0
    assert state.legal_actions()[0] == "bid 5" and "bid 4" not in state.legal_actions()
    play(state, "bid 6")
    assert state.legal_actions() == ["bid 7"]
    play(state, "bid 7", *["pay t"] * 7)
    assert codes(state.collections[MONA]) == ["W7"]
    state = solo(["B1", "W7"])
    state.money = [8, 7]
    play(state, "flip", "stop numbers", "skip", "flip", "bid 7")
    assert state.legal_actions() == ["pass"]                 # she cannot pay 8
    state = solo(["B1", "W7"])
    state.money = [8, 5]
    play(state, "flip", "stop numbers", "skip", "flip", "pass")
    assert state.legal_actions() == ["bid 5"]


def test_s4_s7_payments_tokens_then_bust_tokens_then_duplicates():
    state = solo(["B1", "W7"])
    state.money = [9, 1]
    state.bust = [0, 1]
    state.duplicates[MONA] = [take(state, "G2"), take(state, "G2")]
    give(state, MONA, ["P1"])
    play(state, "flip", "stop numbers", "skip", "flip", "pass", "bid 5")
    seen = []
    while state.phase == "pay":
        assert len(state.legal_actions()) == 1
        seen.append(state.legal_actions()[0])
        play(state, seen[-1])
    assert seen == ["pay t", "pay x", "pay d"]               # P1 is never paid (S4)
    assert codes(state.collections[MONA]) == ["P1", "W7"]


def test_s4_your_solo_auction_payment_uses_no_scoring_cards():
    state = solo(["W5"])
    state.money = [5, 3]
    give(state, 0, ["B1", "B2"])
    play(state, "flip", "pass", "bid 5")
    assert state.legal_actions() == ["pay t"]
    assert best_payment(state, 0, 5) == ["pay t"] * 5


def test_s7_mona_only_skips_in_the_final_round_and_never_buys():
    state = solo(["B1", "$2"])
    to_market(state, ["O1"])
    shorten(state, 2)
    play(state, "flip", "flip", "stop money")
    assert state.phase == "final" and state.current_player == MONA
    assert state.legal_actions() == ["skip"]
    refused(state, "buy O1", "never buys")
    play(state, "skip", "buy O1", "pay t")
    assert state.is_over


def test_s8_solo_draws_list_both_seats():
    state = solo()
    give(state, 0, ["B1"])
    give(state, 1, ["G1"])
    state.money = [9, 0]
    shorten(state, 0)
    state.turn, state.final, state.phase = None, None, "over"
    state.changed()
    assert state.winners() == [0, 1]


# -- the coach's card counting -------------------------------------------------------------
def test_odds_count_the_cards_not_yet_seen():
    state = game(["B6", "$1"])
    play(state, "flip", "flip")
    view = state.view(1)
    left = unseen(view)
    assert sum(left.values()) == view["pile"] == 89 and left == Counter(
        code_of(c) for c in state.pile)
    chances = odds(view)
    total, money = 5, 1
    bust = sum(n for code, n in left.items()
               if (code in NUMBERS and total + int(code[1]) > 10) or
               (code.startswith("$") and money + int(code[1]) > 10))
    assert chances["bust"] == pytest.approx(bust / 89)
    assert chances["joker"] == pytest.approx(sum(left[j] for j in JOKERS) / 89)
    expected = sum(n * (total + int(c[1]) if c in NUMBERS else total - int(c[1])
                        if c.startswith("$") else total) for c, n in left.items()) / 89
    assert chances["expected_total"] == pytest.approx(expected)


# -- input that is no move -----------------------------------------------------------------
@pytest.mark.parametrize("junk", ["", "flip ", "FLIP", "bid", "bid -1", "bid 1e9",
                                  "pay", "buy", "buy B55", "x" * 10_000, "\u20ac", 3, None,
                                  ["flip"]])
def test_garbage_is_refused_and_changes_nothing(junk):
    state = game(["W3"])
    for s in (state, game(["B1"])):
        before = s.to_json()
        with pytest.raises(IllegalAction):
            s.apply(junk)
        assert s.to_json() == before


@pytest.mark.parametrize("options", [{"solo": 1}, {"target": 4}, {"target": "7"},
                                     {"variant_busted_buy": "yes"}, {"mona": True}, []])
def test_bad_options_are_setup_errors(options):
    with pytest.raises(SetupError):
        new_game("ten", 2, options=options)


def test_a_game_replays_and_loads():
    state = new_game("ten", 3, seed=9, options={"variant_busted_buy": True})
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    from tentable.engine import from_json, replay
    assert from_json(state.to_json())._to_data() == state._to_data()
    assert replay(json.loads(json.dumps(state.record())))._to_data() == state._to_data()
    assert len(state.view(None)["scoring"]) == 3


# -- the bot -------------------------------------------------------------------------------
def test_heuristic_plays_whole_games_in_every_setup_and_beats_random():
    wins = 0
    for seed in range(4):
        for players, options in ((2, {}), (4, {"variant_busted_buy": True}),
                                 (2, {"solo": True, "target": 5})):
            state = new_game("ten", players, seed=seed, options=options)
            bots = [make_bot("heuristic" if s == 0 else "random", "ten", s, seed)
                    for s in range(players)]
            while not state.is_over:
                state.apply(bots[state.current_player].choose(state))
            if players == 2 and not options:
                wins += 0 in state.winners()
    assert wins >= 3


def test_s5_heuristic_outbids_mona_only_for_a_joker_worth_the_coins():
    """Mona bid all she has (6) against your 10: a super joker that closes a blue gap
    (3 -> 7 in a row) is worth 7 coins; the same joker for an empty collection is not."""
    for held, expected in ((["B1", "B2", "B3", "B5", "B6", "B7"], "bid 7"), ([], "pass")):
        state = solo(["W#"])
        give(state, 0, held)
        holding(state, you=(10, 0, 0), mona=(6, 0, 0))
        play(state, "flip", "bid 6")
        assert make_bot("heuristic", "ten", 0, seed=1).choose(state) == expected


def test_r14_the_scoring_screen_shows_runs_and_joker_places():
    from tentable.engine.ten_cards import score_breakdown
    shown = score_breakdown(["B1", "B3", "W2", "G5", "G#", "O9"])
    assert shown["score"] == 3 + 2 + 1
    assert shown["runs"]["B"] == [1, 3] and shown["runs"]["P"] is None
    assert shown["jokers"] == {"W2": ["B2"], "G#": [shown["jokers"]["G#"][0]]}
    assert shown["jokers"]["G#"][0] in ("G4", "G6")


@pytest.mark.parametrize("target", range(5, 11))
def test_s_mona_always_has_exactly_one_move_at_every_target(target):
    rng = random.Random(target)
    for seed in range(15):
        state = new_game("ten", 2, seed=seed, options={"solo": True, "target": target})
        while not state.is_over:
            actions = state.legal_actions()
            if state.current_player == MONA:
                assert len(actions) == 1, actions
                assert not actions[0].startswith("buy")
            state.apply(rng.choice(actions))
        assert state.winners()


def test_odds_for_mona_count_only_the_money_bust():
    state = solo(["B1", "B9"], target=10)
    play(state, "flip", "stop numbers", "skip", "flip")
    view = state.view(0)
    assert view["active"] == MONA and view["total"] == 9
    assert odds(view)["bust"] == 0.0                      # S2: never on the total
    assert odds(dict(view, active=0))["bust"] > 0.5       # anyone else would fear it


# -- the table's questions, answered from a view (#21) ------------------------------------
def test_r12_pay_items_are_worth_one_and_a_bust_token_three():
    from tentable.engine.ten_view import pay_worth, payment_check, payment_order
    assert [pay_worth(a) for a in ("pay t", "pay x", "pay d", "pay G1", "pay W#")] == [
        1, 3, 1, 1, 1]
    # only the item paid last may overshoot: a bust token goes last
    assert payment_order(["pay x", "pay t", "pay d", "pay B2"]) == [
        "pay B2", "pay d", "pay t", "pay x"]
    assert payment_check(["pay t", "pay x"], 4) == (4, True)
    assert payment_check(["pay t", "pay x"], 3) == (4, True)      # the bust token overshoots
    assert payment_check(["pay x", "pay x"], 3) == (6, False)     # one paid for nothing
    assert payment_check(["pay t"] * 4, 3) == (4, False)
    assert payment_check(["pay x"], 2) == (3, True)               # no change (TEN-R12)
    assert payment_check(["pay t", "pay t"], 3) == (2, False)     # short
    assert payment_check([], 0) == (0, False)


def test_r10_a_card_costs_its_number_and_names_its_colour():
    from tentable.engine.ten_view import colour_of, kind_of, number_of, price_of
    assert (price_of("B5"), colour_of("B5"), number_of("O9")) == (5, "B", 9)
    assert (kind_of("B#"), colour_of("B#"), number_of("B#")) == ("colour_wild", "B", 0)
    assert (kind_of("W7"), number_of("W7"), kind_of("W#")) == ("number_wild", 7, "super_wild")
    assert (kind_of("$3"), number_of("$3")) == ("money", 3)


def test_r12_the_suggested_payment_from_a_view_is_the_engines_best_payment():
    from tentable.engine.ten_view import suggested_payment
    rng = random.Random(21)
    for _ in range(30):
        state = game()
        state.collections[0] = [f"{c}#9{i}" for i, c in enumerate(
            rng.sample(NUMBERS, rng.randint(0, 6)) + rng.sample(JOKERS, rng.randint(0, 2)))]
        state.money[0], state.bust[0] = rng.randint(0, 4), rng.randint(0, 2)
        state.changed()
        price = rng.randint(1, 9)
        for cards in (True, False, None):
            try:
                expected = best_payment(state, 0, price, cards)
            except ValueError:
                expected = []
            for seat in (0, 1, None):                  # every zone it reads is public
                assert suggested_payment(state.view(seat), 0, price, cards) == expected


def test_s7_the_suggested_payment_for_mona_follows_her_fixed_order():
    from tentable.engine.ten_view import suggested_payment
    state = game(solo=True)
    state.money[MONA], state.bust[MONA] = 1, 1
    state.changed()
    assert suggested_payment(state.view(0), MONA, 3) == ["pay t", "pay x"]
    assert suggested_payment(state.view(0), MONA, 9) == []          # she cannot


def test_view_keys_are_the_typed_views():
    from typing import get_type_hints
    from tentable.engine.ten_view import TenView
    state = game()
    while not state.is_over:
        state.apply(sorted(state.legal_actions())[0])
    assert set(get_type_hints(TenView)) == set(state.view(0))
    state = game()
    assert set(get_type_hints(TenView)) - {"scoring"} == set(state.view(None))


def test_r15_tie_breaks_from_the_final_view_are_the_engines():
    from tentable.engine.ten_view import tie_breaks
    state = game()
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert tie_breaks(state.view(None)) == [state.tie_break(s) for s in range(2)]


def test_r10_r11_the_legal_buys_and_bids_by_card_and_amount():
    from tentable.engine.ten_view import bids, buys, paid_card
    assert buys(["skip", "buy O3", "buy B5", "pay t"]) == ["B5", "O3"]
    assert [paid_card(a) for a in ("pay G1", "pay W#", "pay t", "pay x", "pay d")] == [
        "G1", "W#", None, None, None]
    assert bids(["pass", "bid 12", "bid 3"]) == [3, 12]
