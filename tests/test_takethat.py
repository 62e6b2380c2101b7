"""Take That, rule by rule (rules/takethat.md), as rulebook scenarios with fixed decks."""
import pytest

from tentable.engine import IllegalAction, SetupError, new_game
from tentable.engine.takethat import TakeThat, cards, pile_score, toads, twin

ALL = sorted(cards())


def stacked(players, hands, pile=()):
    """A whole deck that deals `hands` (one list per seat, round 1 starts at seat 0)
    and then puts `pile` on top of the draw pile; the rest follows in ascending order."""
    size = len(hands[0])
    deck = [hands[i % players][i // players] for i in range(size * players)]
    deck += list(pile)
    return deck + [c for c in ALL if c not in deck]


def position(players=2, hands=(), row=(), pile=(), face_up=None, face_down=None, turn=0,
             options=None):
    """A mid-round position, for the rules about the end of the pile."""
    state = new_game("takethat", players, seed=1, options=options)
    state.hands = [list(h) for h in hands]
    state.row, state.pile = list(row), list(reversed(pile))
    state.face_up = face_up or [[] for _ in range(players)]
    state.face_down = face_down or [[] for _ in range(players)]
    state.turn = turn
    state.validate()
    return state


def plays(state):
    return sorted(int(a.split()[1]) for a in state.legal_actions() if a.startswith("play"))


def test_built_positions_are_checked():
    with pytest.raises(SetupError, match="no card 30"):
        position(hands=[[30], [12]])
    with pytest.raises(SetupError, match="two places"):
        position(hands=[[34], [12]], row=[34])


# -- TT-R1 -----------------------------------------------------------------------------
def test_r1_79_cards_7_toads_and_36_twin_pairs():
    assert len(ALL) == 79 and min(ALL) == 12 and max(ALL) == 98
    assert not any(c % 10 == 0 for c in ALL)
    assert toads() == {22, 33, 44, 55, 66, 77, 88}
    pairs = {frozenset((c, twin(c))) for c in ALL if c not in toads()}
    assert len(pairs) == 36 and all(twin(c) in ALL for c in ALL)
    assert twin(34) == 43 and twin(19) == 91


# -- TT-R2 -----------------------------------------------------------------------------
@pytest.mark.parametrize("players,size", [(2, 9), (3, 9), (4, 8)])
def test_r2_deal_one_at_a_time_from_the_start_player(players, size):
    deck = stacked(players, [[]] * players)  # ascending deck
    state = new_game("takethat", players, deck=deck)
    assert [len(h) for h in state.hands] == [size] * players
    assert state.hands[0][:2] == [deck[0], deck[players]]
    assert state.hands[1][0] == deck[1]
    assert state.view(0)["pile"] == 79 - size * players
    assert state.view(0)["row"] == []


# -- TT-R3 -----------------------------------------------------------------------------
def test_r3_the_start_player_moves_one_seat_each_round():
    state = new_game("takethat", 3, seed=5, options={"rounds": 3})
    assert state.current_player == 0
    starts = []
    while not state.is_over:
        before = state.round
        state.apply(sorted(state.legal_actions())[-1])
        if state.round != before:
            starts.append(state.current_player)
    assert starts == [1, 2]


# -- TT-R4 -----------------------------------------------------------------------------
def test_r4_after_a_34_the_next_player_may_play_exactly_24_to_44():
    alex = [34, 12, 13, 14, 15, 16, 17, 18, 19]
    sarah = [23, 24, 41, 44, 45, 47, 57, 98, 21]
    state = new_game("takethat", 2, deck=stacked(2, [alex, sarah]))
    assert plays(state) == sorted(alex)                    # empty row: any card
    state.apply("play 34")
    assert plays(state) == [24, 41, 44]
    with pytest.raises(IllegalAction, match="too far from 34"):
        state.apply("play 45")
    state.apply("play 41")
    assert state.row == [34, 41]                           # the row grows to the right


# -- TT-R5 -----------------------------------------------------------------------------
def test_r5_showing_94_twists_49_out_and_the_row_closes_the_gap():
    marlene = [94, 12, 13]
    state = position(hands=[marlene, [21, 15, 16]], row=[34, 41, 49, 51, 61], pile=[71, 72])
    assert "twist 94" in state.legal_actions()
    state.apply("twist 94")
    assert state.row == [34, 41, 51, 61]
    assert state.face_up[0] == [94, 49] and state.scores()[0] == 2
    assert sorted(state.hands[0]) == [12, 13, 71] and state.current_player == 1


def test_r5_toads_can_never_be_twisted():
    state = position(hands=[[33, 12], [21, 13]], row=[34], pile=[59])
    assert "twist 33" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="toad"):
        state.apply("twist 33")


def test_r5_twisting_the_only_card_lets_the_next_player_open_a_new_row():
    state = position(hands=[[43, 12], [98, 13]], row=[34], pile=[59, 51])
    state.apply("twist 43")
    assert state.row == [] and state.current_player == 1
    assert plays(state) == [13, 98]


# -- TT-R6 -----------------------------------------------------------------------------
def test_r6_take_the_row_face_down_even_when_a_play_was_possible_then_open_a_new_row():
    state = position(hands=[[35, 12, 62], [21, 13, 14]], row=[29, 31], pile=[59, 51])
    assert "play 35" in state.legal_actions()
    state.apply("take")
    assert state.face_down[0] == [29, 31] and state.row == []
    assert state.current_player == 0
    assert state.legal_actions() == ["play 12", "play 35", "play 62"]
    with pytest.raises(IllegalAction):
        state.apply("take")
    state.apply("play 62")
    assert state.row == [62] and state.current_player == 1
    assert sorted(state.hands[0]) == [12, 35, 59]          # then drew (TT-R7)


# -- TT-R7 -----------------------------------------------------------------------------
def test_r7_draw_one_card_back_to_the_hand_size():
    state = new_game("takethat", 4, seed=3)
    before = state.view(0)["pile"]
    state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 8 and state.view(0)["pile"] == before - 1


def test_r7_no_draw_from_an_empty_pile():
    state = position(hands=[[35, 12], [21, 13]], row=[29], pile=[])
    state.apply("play 35")
    assert state.hands[0] == [12] and state.current_player == 1


# -- TT-R8 -----------------------------------------------------------------------------
def test_r8_with_the_pile_empty_taking_the_row_ends_the_round_at_once():
    state = position(hands=[[35, 12], [21, 13]], row=[29, 31], pile=[], options={"rounds": 1})
    state.apply("take")
    assert state.is_over and state.row == [] and state.face_down[0] == [29, 31]
    assert state.scores() == [-2, 0] and state.winners() == [1]


def test_r8_with_the_pile_empty_twisting_the_row_away_ends_the_round():
    state = position(hands=[[43, 12], [21, 13]], row=[34], pile=[], options={"rounds": 1})
    state.apply("twist 43")
    assert state.is_over and state.scores() == [2, 0]


def test_r8_a_round_ends_and_the_next_is_dealt():
    state = position(hands=[[43, 12], [21, 13]], row=[34], pile=[], options={"rounds": 2})
    state.apply("twist 43")
    assert not state.is_over and state.round == 2 and state.round_scores == [[2, 0]]
    assert state.current_player == 1 and [len(h) for h in state.hands] == [9, 9]
    assert state.scores() == [2, 0]


def test_r8_a_player_without_hand_cards_must_take_the_row():
    state = position(hands=[[], [21, 13]], row=[29, 31], pile=[], options={"rounds": 1})
    assert state.legal_actions() == ["take"]


def test_r8_before_the_pile_is_empty_a_complete_twist_does_not_end_the_round():
    state = position(hands=[[43, 12], [21, 13]], row=[34], pile=[59])
    state.apply("twist 43")
    assert not state.is_over and state.round == 1 and state.hands[0] == [12, 59]


# -- TT-R9 -----------------------------------------------------------------------------
def test_r9_12_plus_and_17_minus_points_make_minus_5():
    assert pile_score(face_up=list(range(12)), face_down=[12] * 17) == -5


def test_r9_a_face_down_toad_scores_minus_5_and_hand_cards_nothing():
    assert pile_score([94, 49], [22, 31]) == 2 - 5 - 1
    state = position(hands=[[98, 97], []], row=[22, 31], pile=[], turn=1, options={"rounds": 1})
    state.apply("take")
    assert state.scores() == [0, -6]


# -- TT-R10 ----------------------------------------------------------------------------
def test_r10_totals_over_the_rounds_decide_and_ties_are_shared():
    state = position(hands=[[43, 12], [21, 13]], row=[34], pile=[], options={"rounds": 1})
    state.face_down[1] = [15, 16]
    state.apply("twist 43")
    assert state.winners() == [0] and state.scores() == [2, -2]
    tie = position(hands=[[43], [35]], row=[34], pile=[], options={"rounds": 1})
    tie.face_up[1] = [56, 65]
    tie.apply("twist 43")
    assert tie.scores() == [2, 2] and tie.winners() == [0, 1]


def test_r10_the_number_of_rounds_is_an_option():
    for rounds in (1, 3):
        state = new_game("takethat", 2, seed=11, options={"rounds": rounds})
        while not state.is_over:
            state.apply(state.legal_actions()[-1])
        assert len(state.round_scores) == rounds
        assert state.scores() == [sum(r[s] for r in state.round_scores) for s in (0, 1)]


# -- V1 --------------------------------------------------------------------------------
def test_v1_pro_taking_a_single_card_also_takes_the_top_of_the_pile():
    pro = position(hands=[[35, 12], [21, 13]], row=[29], pile=[77, 59], options={"pro": True})
    pro.apply("take")
    assert pro.face_down[0] == [29] and pro.pile_cards[0] == [77]
    assert pro.scores()[0] == -6
    assert pro.view(1)["pile"] == 1


def test_v1_pro_does_not_apply_to_longer_rows_or_without_the_variant():
    longer = position(hands=[[35, 12], [21, 13]], row=[29, 31], pile=[77, 59],
                      options={"pro": True})
    longer.apply("take")
    assert longer.face_down[0] == [29, 31] and longer.pile_cards[0] == []
    plain = position(hands=[[35, 12], [21, 13]], row=[29], pile=[77, 59])
    plain.apply("take")
    assert plain.face_down[0] == [29] and plain.pile_cards[0] == []


ALEX = [93, 12, 13, 14, 16, 17, 18, 19, 21]
SARAH = [23, 24, 25, 26, 27, 28, 29, 31, 32]


def pro_take(pile_card):
    """Alex opens with 93 and draws 15; Sarah takes the single 93, and the pile card."""
    state = new_game("takethat", 2, options={"pro": True},
                     deck=stacked(2, [ALEX, SARAH], pile=[15 if pile_card != 15 else 34,
                                                         pile_card]))
    state.apply("play 93")
    state.apply("take")
    return state


def test_v1_the_pile_card_lies_face_down_the_taker_sees_it_and_nobody_else():
    toad, plain = pro_take(77), pro_take(36)
    assert toad.pile_cards[1] == [77] and plain.pile_cards[1] == [36]
    assert toad.view(1)["pile_cards"] == [[], [77]] and toad.view(1)["scores"] == [0, -6]
    assert plain.view(1)["scores"] == [0, -2]
    # Alex and a spectator cannot tell a toad (-5) from a plain card (-1): same views.
    for seat in (0, None):
        assert toad.view(seat) == plain.view(seat)
        assert toad.view(seat)["pile_cards"] == [[], [None]]
        assert toad.view(seat)["face_down"] == [[], [93]]
        assert toad.view(seat)["scores"] == [0, -1]          # the 93 only, for now
    assert toad.scores() == [0, -6] and plain.scores() == [0, -2]


def test_v1_the_pile_card_is_shown_to_all_and_scored_at_the_end_of_the_round():
    state = position(hands=[[35, 12], [21, 13]], row=[29], pile=[77, 59],
                     options={"pro": True, "rounds": 1})
    state.apply("take")                          # 29 and, face down, the toad 77
    state.apply("play 35")                       # draws 59: the pile is out
    assert state.view(1)["pile_cards"][0] == [None] and state.view(1)["scores"] == [-1, 0]
    state.apply("take")                          # TT-R8: the round and the game end
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["pile_cards"] == [[77], []] and view["revealed"] == [[77], []]
        assert view["scores"] == [-6, -1] and view["round_scores"] == [[-6, -1]]
    assert state.scores() == [-6, -1] and state.winners() == [1]


def test_v1_a_round_that_is_not_the_last_shows_its_pile_cards_as_the_next_is_dealt():
    state = position(hands=[[35, 12], [21, 13]], row=[29], pile=[77, 59],
                     options={"pro": True, "rounds": 2})
    state.apply("take")
    state.apply("play 35")
    state.apply("take")
    assert state.round == 2 and state.pile_cards == [[], []]
    for seat in (0, 1, None):
        assert state.view(seat)["revealed"] == [[77], []]
        assert state.view(seat)["round_scores"] == [[-6, -1]]
    assert state.scores() == [-6, -1]


def test_v1_determinize_resamples_another_seats_pile_card_and_keeps_the_takers():
    state = pro_take(77)
    seen = set()
    for seed in range(30):
        copy = state.determinize(0, seed)
        assert copy.view(0) == state.view(0)
        assert len(copy.pile_cards[1]) == 1 and copy.pile_cards[1][0] not in state.hands[0]
        seen.add(copy.pile_cards[1][0])
        assert state.determinize(1, seed).pile_cards[1] == [77]
    assert len(seen) > 5


def test_v1_the_heuristic_does_not_read_another_seats_pile_card():
    """Its 34's twin 43 is Sarah's pile card: a bot that peeked would play 34 without fear
    of feeding her a twist; not knowing, it plays 26, whose twin 62 it has seen."""
    from tentable.bots import make_bot

    def game(pile_card, pile):
        state = position(hands=[[34, 26], [21, 13]], pile=pile, face_down=[[], [62]],
                         options={"pro": True})
        state.pile_cards[1] = [pile_card]
        state.validate()
        return state

    peek, blind = game(43, [59, 51]), game(51, [59, 43])
    assert peek.view(0) == blind.view(0)
    bot = make_bot("heuristic", "takethat", 0)
    assert bot.choose(peek) == bot.choose(blind) == "play 26"
    mine = position(hands=[[34, 26], [21, 13]], pile=[59, 51], face_down=[[], [62]],
                    options={"pro": True})
    mine.pile_cards[0] = [43]                   # the bot's own pile card: it knows 43
    mine.validate()
    assert bot.choose(mine) == "play 34"


def test_seat_views_hide_other_hands_and_the_pile():
    state = new_game("takethat", 3, seed=2)
    view = state.view(1)
    assert view["hand"] == sorted(state.hands[1])
    assert "hands" not in view and view["hand_sizes"] == [9, 9, 9]
    assert view["legal_actions"] == [] and state.view(0)["legal_actions"]
    assert state.view(None)["hand"] is None
    assert isinstance(state, TakeThat)
