"""The moments that matter wait for the player: a bust, a joker won, a showdown, the end of
a round or of a game in a match hold the table in that position under a banner until a
click or a key (or, with "moments: auto", a few seconds). Engine, match and tables."""
from collections import Counter

from tentable.bots import make_bot
from tentable.engine import new_game
from tentable.engine.ten import deck_for
from tentable.match import Applied, Match, Moment, PartOver, TurnChanged
from tentable.session import BOT, HUMAN, Seat, Session


def stacked(top, players=2):
    """TEN's mix with `top` flipped first, the rest after."""
    rest = Counter(deck_for(players))
    rest.subtract(top)
    return list(top) + sorted(rest.elements())


# -- engine and match -----------------------------------------------------------------------

def test_ten_r4_a_bust_is_kept_as_a_moment_only_when_asked():
    """TEN-R4/R5: the busting card is on the tableau in the moment's views, which offer no
    move; a state that does not keep moments (copies, simulations, bots) records none."""
    state = new_game("ten", 2, seed=1, deck=stacked(["B9", "G5"]))
    plain = state.clone()
    for s in (state, plain):
        s.keep_moments = s is state
        s.apply("flip")
        s.apply("flip")
    assert plain.moments == [] and state.tableau == []
    [moment] = state.moments
    assert moment.kind == "bust" and moment.facts == {"seat": 0, "card": "G5#1"}
    assert set(moment.views) == {0, 1, None}
    for view in moment.views.values():
        assert view["tableau"] == ["B9#1", "G5#1"] and view["legal_actions"] == []
    assert state.clone().keep_moments is False and state.record()["history"] == ["flip"] * 2


def test_a_moments_views_hide_what_each_seat_may_not_see():
    """The end of a Take That round (TT-R9): every seat sees its own cards only."""
    state = new_game("takethat", 3, seed=2, options={"rounds": 2})
    state.keep_moments = True
    while not state.moments:
        state.apply(make_bot("random", "takethat", state.current_player,
                             seed=len(state.history)).choose(state))
    moment = state.moments[0]
    assert moment.kind == "part" and moment.facts["part"] == 1
    assert moment.views[None]["hand"] is None
    for seat in range(3):
        assert moment.views[seat]["round"] == 1 and moment.views[seat]["seat"] == seat
        assert moment.views[seat]["round_scores"] == [moment.facts["scores"]]
    assert state.round == 2             # the next round was dealt in the same move


def test_the_match_tells_a_moment_after_the_move_and_before_the_turn_passes():
    session = Session("ten", (Seat("Ana", HUMAN), Seat("Ben", BOT, "random")), 1,
                      deck=stacked(["B9", "G5"]))
    match = Match(session)
    match.viewer = 0
    assert [type(e) for e in match.submit(0, ["flip"])] == [Applied]
    events = match.submit(0, ["flip"])
    assert [type(e) for e in events] == [Applied, Moment, TurnChanged]
    moment = events[1]
    assert moment.kind == "bust" and moment.view == moment.views[0]
    assert moment.view["tableau"] == ["B9#1", "G5#1"] and events[0].after["tableau"] == []
    match.close()


def test_a_part_over_comes_after_its_moment():
    session = Session("takethat", (Seat("A", BOT, "random"), Seat("B", BOT, "random")), 4,
                      {"rounds": 2})
    match = Match(session)
    events = []
    while not any(isinstance(e, PartOver) for e in events):
        match.poll()
        match.job.done.wait(5)
        events = match.advance()
    kinds = [type(e) for e in events]
    assert kinds.index(Moment) < kinds.index(PartOver)
    match.close()
