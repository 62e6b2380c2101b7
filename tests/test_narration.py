"""The narration layer: cards and moves in words, plurals, "you" for the one reader, and
secrets kept (tentable/narration). Take That is its first game (rules digest TT-Rn)."""
import subprocess
import sys
from typing import get_type_hints

from tentable.engine import new_game
from tentable.engine.takethat import TakeThatView
from tentable.narration import Teller, plural, points, signed
from tentable.engine.retro10 import Retro10View, cards as rx_cards
from tentable.narration import retro10 as rx_words
from tentable.narration import takethat as words

NAMES = ["Ana", "Ben", "Cleo"]
HANDS = [[12, 13, 14, 21, 23, 24, 31, 32, 34],     # Ana
         [15, 16, 17, 25, 26, 27, 35, 36, 37],     # Ben
         [18, 19, 28, 29, 38, 39, 41, 42, 43]]     # Cleo
PILE = [45, 46, 47, 48, 49]                        # top first


def game(**options):
    """TT-R2: nine cards each, dealt one at a time from seat 0, then the pile."""
    dealt = [card for cards in zip(*HANDS) for card in cards]
    rest = [c for c in range(12, 99) if c % 10 and c not in dealt + PILE]
    return new_game("takethat", players=3, seed=1, options=options, deck=dealt + PILE + rest)


def told(state, action, teller):
    seat, before = state.current_player, state.view(teller.reader)
    state.apply(action)
    return [line.text for line in words.tell(teller, seat, action, before,
                                             state.view(teller.reader))]


def test_points_are_singular_for_one_either_way():
    assert [points(n) for n in (1, -1, 0, 2, -6)] == [
        "+1 point", "−1 point", "0 points", "+2 points", "−6 points"]
    assert plural("words.points", 1, score="x") == "x point"
    assert signed(-3) == "−3" and signed(0) == "0"


def test_the_one_reader_is_you_everybody_else_by_name():
    """TT-R4 and TT-R3: Ana (seat 0) opens round 1; then Ben plays within ten."""
    state = game()
    assert told(state, "play 12", Teller(NAMES, reader=0)) == ["You open a new row with 12"]
    assert told(state, "play 15", Teller(NAMES, reader=0)) == ["Ben plays 15"]
    assert told(state, "play 18", Teller(NAMES, reader=None)) == ["Cleo plays 18"]


def test_a_twist_and_a_take_are_told_with_their_points():
    """TT-R5 twist (+2) and TT-R6 take (−1 a card) from the views around them."""
    state = game()
    state.apply("play 12")
    assert told(state, "play 16", Teller(NAMES, 1)) == ["You play 16"]
    assert told(state, "play 19", Teller(NAMES, 1)) == ["Cleo plays 19"]
    assert told(state, "twist 21", Teller(NAMES, 1)) == ["Ana shows 21 and twists 12 out: +2"]
    assert told(state, "take", Teller(NAMES, 1)) == ["You take the row of 2: −2"]


def test_v1_the_pile_card_is_named_to_its_taker_reading_alone():
    """V1: the single card taken with the top of the pile; only its taker may read it."""
    alone = game(pro=True)
    alone.apply("play 12")                         # and Ana draws 45 (TT-R7)
    shared, other = alone.clone(), alone.clone()
    assert told(alone, "take", Teller(NAMES, 1)) == [
        "You take the single 12 and the top card of the pile, 46, face down: −2"]
    hidden = "Ben takes the single 12 and the top card of the pile, face down"
    assert told(shared, "take", Teller(NAMES, None)) == [hidden]
    assert told(other, "take", Teller(NAMES, 0)) == [hidden]


def test_moves_in_words_never_the_action_string():
    assert words.move("take") == "take the row"
    assert words.move("play 34") == "play 34" and words.move("twist 43") == "twist 43"
    assert words.card(77) == "77 (a toad)" and words.card(34) == "34"


def test_the_typed_view_names_every_key_of_the_view():
    """TakeThatView is the view's shape: no key missing from it, none it invents."""
    view = game(pro=True).view(0)
    assert set(get_type_hints(TakeThatView)) == set(view)


def retro(state, teller, *actions):
    """Retro10's log lines for `actions`, told to `teller.reader`'s eyes."""
    lines = []
    for action in actions:
        seat, before = state.current_player, state.view(teller.reader)
        state.apply(action)
        lines += [line.text for line in rx_words.tell(teller, seat, action, before,
                                                      state.view(teller.reader))]
    return lines


def retro_game():
    """RX-R2 on a fixed deck: Ana is dealt 9 3 S4, Ben 8 2 6, Cleo 1 4 7 (and a joker each)."""
    hands = [["9", "3", "S4"], ["8", "2", "6"], ["1", "4", "7"]]
    draw = list(rx_cards().draw_codes) + ["J"] * 4
    deck = [hands[i % 3][i // 3] for i in range(9)]
    for code in deck:
        draw.remove(code)
    return new_game("retro10", 3, seed=1, deck=deck + draw,
                    rounds=[f"R{n}" for n in range(1, 11)])


def test_retro10_a_face_down_card_is_named_only_to_its_placer_alone():
    """RX-R4: a card placed face down is secret; a penalty card and a joker in words."""
    assert retro(retro_game(), Teller(NAMES, 0), "place S4 down protect 1") == [
        "You place penalty 4 face down, protected by 1"]
    assert retro(retro_game(), Teller(NAMES, 1), "place S4 down") == [
        "Ana places a card face down"]
    assert retro(retro_game(), Teller(NAMES, None), "place J up") == [
        "Ana places joker face up"]
    assert rx_words.card("S4#1") == "penalty 4" and rx_words.card("7#2") == "7"
    assert rx_words.move("keep") == "keep your protection"


def test_retro10_a_settled_bid_and_the_next_round_are_told():
    """RX-R5: when the bidding ends, who pays whom; RX-R8: the showdown's winner and loser
    and the next round's first line."""
    state = retro_game()
    teller = Teller(NAMES, 2)
    lines = retro(state, teller, "place 9 up protect 1", "place 8 up", "place 7 up",
                  "pass", "bid 0 1", "pass")
    assert lines[-2:] == ["You pass", "Ben pays 1 to Ana and swaps cards"]
    while state.phase != "start":
        lines = retro(state, teller, state.legal_actions()[0])
    assert any(" wins with " in line for line in lines)
    assert any(" penalty points" in line for line in lines)
    lines = retro(state, teller, state.legal_actions()[0])
    assert lines[-1].startswith("Round 2, round card 2:")


def test_retro10_the_typed_view_names_every_key_of_the_view():
    assert set(get_type_hints(Retro10View)) == set(retro_game().view(0))


def test_narration_needs_no_pygame():
    code = ("import sys, tentable.narration.takethat, tentable.narration.retro10; "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
