"""The narration layer: cards and moves in words, plurals, "you" for the one reader, and
secrets kept (tentable/narration). Take That is its first game (rules digest TT-Rn)."""
import subprocess
import sys
from typing import get_type_hints

from test_elfer import arrange
from tentable.engine import new_game
from tentable.engine.takethat import TakeThatView
from tentable.narration import Teller, plural, points, signed
from tentable.engine.retro10_cards import Retro10View, cards as rx_cards
from tentable.narration import elfer as elfer_words
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
    assert told(state, "take", Teller(NAMES, 1)) == ["You take the row of 2 cards: −2"]


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


def test_retro10_a_bid_for_the_readers_card_says_your_card():
    """RX-R5: a bid for the reader's own card is "for your card", not "for you's card"."""
    state = retro_game()
    lines = retro(state, Teller(NAMES, 0), "place 9 up protect 1", "place 8 up",
                  "place 7 up", "pass", "bid 0 1", "pass")
    assert "Ben bids 1 for your card" in lines
    assert lines[-1] == "Ben pays 1 to you and swaps cards"


def test_retro10_an_only_move_with_an_amount_says_it_in_every_language():
    """RX-R5: a bid, a raise and a protection are named with their amount ("bid 2",
    "raise your protection to 2"), as the tutorial's refusal and a forced move say them:
    "protect" alone did not say how far."""
    from tentable import i18n
    from tentable.engine.retro10_moves import bid, protect, raise_to
    try:
        for language in i18n.available():
            i18n.set_language(language)
            for action, amount in ((bid(1, 3), 3), (raise_to(4), 4), (protect(2), 2)):
                told = rx_words.move(action)
                assert str(amount) in told and action not in told, (language, told)
    finally:
        i18n.set_language("en")


def test_retro10_the_typed_view_names_every_key_of_the_view():
    assert set(get_type_hints(Retro10View)) == set(retro_game().view(0))


def test_narration_needs_no_pygame():
    code = ("import sys, tentable.narration.takethat, tentable.narration.elfer, "
            "tentable.narration.tentiles, tentable.narration.retro10; "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# -- Elfer raus! Master (rules digest ER-Rn) -------------------------------------------------
def elfer_told(state, action, teller, viewer=None):
    """The lines told to `teller` from the views of `viewer` (the seat at the screen; by
    default the reader)."""
    viewer = teller.reader if viewer is None else viewer
    seat, before = state.current_player, state.view(viewer)
    state.apply(action)
    return [line.text for line in elfer_words.tell(teller, seat, action, before,
                                                   state.view(viewer))]


def test_elfer_cards_and_moves_are_colours_and_numbers():
    assert elfer_words.card("R7") == "red 7" and elfer_words.card("J#2") == "joker"
    assert [elfer_words.move(a) for a in ("play Y5", "play J@B12", "bridge Y9-B9", "swap G3",
                                          "end", "draw", "pass")] == [
        "play yellow 5", "play a joker as blue 12",
        "lay a connection card from yellow 9 to blue 9", "swap green 3 for its joker",
        "end your turn", "draw a card", "pass"]


def test_elfer_moves_are_told_to_you_and_by_name():
    """ER-R8 (the rulebook's Timo) and ER-R9: a bridge, its card, a swap; an end is silent."""
    state = arrange(board=["Y10", "Y9", "R10", "J@R9"], hands=[["B9", "R9", "R1"], ["R2"]])
    assert elfer_told(state, "bridge Y9-B9", Teller(NAMES, 0)) == [
        "You lay a connection card from yellow 9 to blue 9"]
    assert elfer_told(state, "play B9", Teller(NAMES, 1)) == ["Ana plays blue 9"]
    assert elfer_told(state, "swap R9", Teller(NAMES, None)) == ["Ana swaps red 9 for its joker"]
    assert elfer_told(state, "play J@R8", Teller(NAMES, 0)) == ["You play a joker as red 8"]
    assert elfer_told(state, "end", Teller(NAMES, 0)) == []


def test_elfer_a_drawn_card_is_named_to_its_drawer_reading_alone():
    """ER-R11: the drawn card is secret; with several humans at the screen (hot seat, the
    log is everybody's) it stays so, even told from the drawer's own views."""
    alone = arrange(board=[], hands=[["Y5"], ["R1"]], pile=["B3"])
    shared = alone.clone()
    assert elfer_told(alone, "draw", Teller(NAMES, 0)) == ["You draw blue 3"]
    assert elfer_told(shared, "draw", Teller(NAMES, None), viewer=0) == ["Ana draws a card"]


def test_elfer_a_finished_half_row_wins_a_bonus_card():
    """ER-R10: the move, then the bonus line, for the player who completed it."""
    state = arrange(board=[f"Y{n}" for n in range(3, 11)], hands=[["Y2", "Y1", "R1"], ["B1"]])
    elfer_told(state, "play Y2", Teller(NAMES, 0))
    assert elfer_told(state, "play Y1", Teller(NAMES, 1)) == [
        "Ana plays yellow 1", "Ana completes a half-row: bonus card +11"]


# -- TEN (tiles), rules digest TL-Rn ------------------------------------------------------
from tentable.narration import tentiles as tiles                         # noqa: E402
from test_tentiles import build, game as tiles_game                      # noqa: E402


def told_tiles(state, action, teller):
    seat, before = state.current_player, state.view(teller.reader)
    state.apply(action)
    return [line.text for line in tiles.tell(teller, seat, action, before,
                                             state.view(teller.reader))]


def test_tiles_are_told_by_colour_and_number_and_places_by_coordinates():
    """TL-R4/TL-R5, hidden game: white (seat 0) starts and places the tile drawn on 0,0."""
    state = tiles_game(white_front=["W3"], black_front=["B2"])
    assert tiles.start(Teller(NAMES, 0), state.view(0)).text == "You (White) start"
    assert tiles.start(Teller(NAMES, 1), state.view(1)).text == "Ana (White) starts"
    assert told_tiles(state, "place 0,0", Teller(NAMES, 0)) == ["You place a white 3 on 0,0"]
    assert told_tiles(state, "place 0,1", Teller(NAMES, 0)) == ["Ben places a black 2 on 0,1"]


def test_an_open_row_end_is_told_by_its_side():
    """TL-R2/TL-R4, open game: a tile taken from the left or the right end of a row."""
    state = tiles_game(white_front=["W1"], open=True)
    right = state.view(0)["rows"][0][-1]
    assert told_tiles(state, "place R 0,0", Teller(NAMES, None)) == [
        f"Ana takes the right end, {tiles.card(right)}, to 0,0"]
    assert told_tiles(state, "place L 1,0", Teller(NAMES, 1)) == [
        "You take the left end, a black 1, to 1,0"]


def test_phase_2_and_the_end_are_told_after_the_move():
    """TL-R7: the 30th tile starts phase 2; TL-R6: lifting the 1 off 3-3-2-2-1 wins."""
    last = build({"0,0": "W3", "1,0": "W3", "2,0": "W2", "3,0": "W2", "4,0": "W1",
                  "0,1": "B1", "1,1": "B2"}, fill=True)
    assert told_tiles(last, "move 4,0>2,1", Teller(NAMES, 0)) == [
        "You move a white 1 from 4,0 to 2,1", "White made a line of exactly ten."]
    state = tiles_game()
    while len(state.view(None)["board"]) < 29:
        state.apply(state.legal_actions()[0])
    lines = told_tiles(state, state.legal_actions()[0], Teller(NAMES, None))
    assert lines[1:] == ["All 30 tiles are placed: now each turn moves a tile"]


def test_tiles_moves_in_words_never_the_action_string():
    assert tiles.move("place 0,0") == "place the tile on 0,0"
    assert tiles.move("place L -1,0") == "take the left end to -1,0"
    assert tiles.move("place R 0,2") == "take the right end to 0,2"
    assert tiles.move("move 0,0>1,1") == "move the tile from 0,0 to 1,1"
    assert tiles.move("pass") == "pass"
    assert tiles.card("B2#4") == "a black 2"


# -- TEN (rules digest TEN-Rn, section S) ---------------------------------------------------
def test_ten_cards_and_moves_are_player_words():
    from tentable.narration import ten as ten_words
    assert [ten_words.card(c) for c in ("B5#2", "G##1", "W7#1", "W##1", "$3#4", "P9")] == [
        "blue 5", "green joker", "joker 7", "joker", "3 money", "pink 9"]
    assert [ten_words.move(a) for a in ("flip", "stop numbers", "stop money", "buy B5",
                                         "bid 4", "skip", "pay t", "pay O#")] == [
        "flip", "take the numbers", "take the money", "buy blue 5", "bid 4", "buy nothing",
        "pay with the money token", "pay with the orange joker"]
    assert ten_words.items(["pay t", "pay B2", "pay t", "pay x"]) == \
        "2 money tokens, blue 2, bust token"


def test_ten_r7_r11_a_flip_an_auction_and_its_payment_in_words():
    """TEN-R7: Ana flips the joker; TEN-R11: Ben bids 2, Ana passes; TEN-R12: Ben pays."""
    from test_ten import game as ten_game
    from tentable.narration import ten as ten_words
    state = ten_game(["B5", "W7"])
    teller = Teller(names=["Ana", "Ben"], reader=0)
    lines, paid = [], []
    for action in ["flip", "flip", "bid 2", "pass", "pay t", "pay t"]:
        seat, before = state.current_player, state.view(0)
        state.apply(action)
        lines += [line.text for line in ten_words.tell(teller, seat, action, before,
                                                       state.view(0), paid)]
        paid = paid + [action] if action.startswith("pay ") and state.payment else []
    assert lines == ["You flip blue 5: total 5", "You flip the joker 7: auction!",
                     "Ben bids 2", "You pass", "Ben wins the joker 7 for 2",
                     "Ben pays 2 money tokens"]


# -- "You" is a pronoun (#38) ------------------------------------------------------------------
# A text names a seat as a label ("Ana: +3 this round"), or says what it does: then it has a
# `.you` twin, and `Teller.say` picks it for the reader and for a seat named "You".
LABELS = {"tt.round_line", "elfer.game_line", "ten.score_line"}
NEVER_YOU = {"rx.log.bid_yours",       # "Ana bids 1 for your card": never your own card
             "ten.log.numbers_to_you",  # "Ana takes blue 5; you get 2 money"
             # Learn to play: a computer's step, explained; the learner's have only ".you"
             "tutorial.takethat.near", "tutorial.takethat.toad", "tutorial.tentiles.edge",
             "tutorial.tentiles.blocked", "tutorial.tentiles.threat",
             "tutorial.elfer.nothing_fits", "tutorial.elfer.room", "tutorial.ten.bust",
             "tutorial.ten.robin_bids", "tutorial.ten.later", "tutorial.retro10.shown",
             "tutorial.retro10.pot", "tutorial.retro10.showdown"}


def test_every_text_that_names_a_seat_has_its_you_form():
    from tentable.text import STRINGS
    missing = [key for key, text in STRINGS.items()
               if "{name}" in text and not key.endswith(".you") and key + ".you" not in STRINGS
               and key not in LABELS | NEVER_YOU]
    assert missing == []


def test_a_seat_named_you_is_told_as_you_in_every_language_without_a_reader():
    """A replay, `tentable replay`, a seat the computer plays: no reader, and yet "You" is
    never a third person, whichever language the save was made in."""
    from tentable import i18n
    from tentable.narration import is_you, shown_name
    for name in ("You", "Du", "Jij"):
        assert is_you(name) and shown_name(name) == "You"
        assert told(game(), "play 12", Teller([name, "Ben", "Cleo"])) == [
            "You open a new row with 12"]
    try:
        i18n.set_language("de")
        assert shown_name("You") == "Du" and shown_name("Ana") == "Ana"
        teller = Teller(["You", "Ana"])
        assert teller.say("table.turn_of", 0) == "Du bist dran"
        assert teller.say("table.turn_of", 1) == "Ana ist dran"
    finally:
        i18n.set_language("en")
    assert not is_you("Youssef") and not is_you("you")


def test_ten_r10_a_refused_buy_names_only_the_moves_there_are():
    """#38: "Buy a card from the market, like buy blue 5" named a card not for sale. After
    TEN-R6 (a), the refusal of another move lists exactly the buys that are legal and
    buying nothing, in words."""
    import random
    from tentable.narration import refusal
    from tentable.narration import ten as ten_words
    rng = random.Random(5)
    state = new_game("ten", 3, seed=5)
    while not (state.phase == "buy" and len(state.legal_actions()) > 2
               and len(state.market) > len(state.legal_actions())):
        state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    said = refusal(ten_words, state.refused("flip"), ["Ana", "Ben", "Cleo"])
    assert all(ten_words.move(action) in said for action in legal), said
    unbuyable = {ten_words.card(card) for card in state.market} - {
        ten_words.card(action[4:]) for action in legal if action.startswith("buy ")}
    assert unbuyable and not any(f"buy {card}," in said or f"buy {card} " in said
                                 or said.endswith(f"buy {card}.") for card in unbuyable), said


def test_ten_r12_tentable_replay_tells_a_payment_whole(tmp_path, capsys):
    """`tentable replay` tells TEN's moves one by one, as the log does: a payment of
    several items is one line with all of them, not its last item alone."""
    import json
    from test_ten import game as ten_game
    from tentable.cli import main
    state = ten_game(["B5", "W7"])
    for action in ["flip", "flip", "bid 2", "pass", "pay t", "pay t"]:
        state.apply(action)
    record = state.record()
    record["seats"] = [{"name": "You", "kind": "human", "bot": ""},
                       {"name": "Ben", "kind": "bot", "bot": "easy"}]
    path = tmp_path / "ten.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ben pays 2 money tokens" in out and "You flip blue 5: total 5" in out, out


def test_ten_r8_with_one_other_player_the_money_goes_to_them_by_name():
    """TEN-R8 (a): the other players get the money showing. With two players there are no
    "others": Ben gets it, or you do."""
    from test_ten import game as ten_game
    from tentable.narration import ten as ten_words

    def taken(names, reader, players=2):
        state = ten_game(["B5", "$2"], players=players)
        teller = Teller(names=names, reader=reader)
        for action in ("flip", "flip"):
            state.apply(action)
        before = state.view(0)
        state.apply("stop numbers")
        return [line.text for line in ten_words.tell(teller, 0, "stop numbers", before,
                                                     state.view(0), [])]
    assert taken(["Ana", "Ben"], 0) == ["You take blue 5; Ben gets 2 money"]
    assert taken(["Ana", "Ben"], 1) == ["Ana takes blue 5; you get 2 money"]
    assert taken(["Ana", "Ben"], None) == ["Ana takes blue 5; Ben gets 2 money"]
    assert taken(["Ana", "Ben", "Cleo"], 0, players=3) == [
        "You take blue 5; the others get 2 money"]
