"""#40 item 1: the match, not the table, paces its computer players, by its own clock (a
clock the caller can fake): a computer's move `pace` seconds after what was shown, none
while the screen is still moving, the pause counted again when the screen says it showed
something; at no pace an automaton's whole turn at once, up to a moment."""
from tentable.events import Applied, Moment
from tentable.match import Match
from tentable.session import Seat, Session
from uitools import FakeClock


def a_match(game, *kinds, seed=3, clock=None, **options):
    seats = tuple(Seat(f"P{i}", "human" if k == "human" else "bot",
                       "" if k == "human" else k) for i, k in enumerate(kinds))
    return Match(Session(game, seats, seed, options), clock=clock or FakeClock())


def applied(events):
    return [e for e in events if isinstance(e, Applied)]


def test_a_computer_moves_a_pause_after_what_was_shown_and_not_while_it_moves():
    clock = FakeClock()
    match = a_match("takethat", "human", "easy", clock=clock)
    pacer = match.pacer
    pacer.pace = 0.5                   # times in halves and quarters: exact in floats
    clock.advance(4.0)                 # the human thinks a while: the pause is from the move
    match.submit(0, match.legal_actions(0)[:1])
    assert match.current_player == 1
    assert applied(pacer.step()) == [] and pacer.due_in() == 0.5   # decided, waiting
    clock.advance(0.25)
    assert applied(pacer.step()) == [] and pacer.due_in() == 0.25
    clock.advance(0.25)
    assert applied(pacer.step(still=False)) == []      # the table still animates
    pacer.rest()                                       # and it showed something: again
    clock.advance(0.375)
    assert applied(pacer.step()) == []
    clock.advance(0.125)
    [move] = applied(pacer.step())
    assert move.seat == 1 and pacer.due_in() is None     # a human's turn: nothing waits


def test_a_move_taken_back_restarts_the_pause():
    clock = FakeClock()
    match = a_match("elfer", "human", "easy", "easy", clock=clock, seed=11)
    match.pacer.pace = 1.0
    for _ in range(200):         # a card played from the hand that may be taken back
        plays = [a for a in match.legal_actions(0) if a.startswith("play")]
        match.submit(0, plays[:1] or match.legal_actions(0)[:1])
        if match.current_player == 0 and match.undo_refusal(0) is None:
            break
        while match.current_player != 0 and not match.is_over:
            clock.advance(1.0)
            match.pacer.step()
    assert match.undo_refusal(0) is None
    clock.advance(5.0)
    match.undo(0)
    assert match.pacer.rested_at == clock()


def test_at_no_pace_mona_plays_her_whole_turn_at_once_up_to_a_moment():
    """TEN solo (TEN-S…): Mona is an automaton; at "instant" speed her turn goes in one
    step, stopping where a moment is to be seen (a bust)."""
    clock = FakeClock()
    match = a_match("ten", "human", "rules", clock=clock, seed=2, solo=True, target=5)
    match.pacer.pace = 0.0
    for _ in range(40):
        while match.current_player == 0 and not match.is_over:
            legal = match.legal_actions(0)
            match.submit(0, ["stop numbers"] if "stop numbers" in legal else legal[:1])
        if match.is_over:
            break
        events = match.pacer.step()
        moves = applied(events)
        assert moves and all(move.seat == 1 for move in moves)
        moment = any(isinstance(e, Moment) for e in events)
        # her turn went to its end, or up to a moment the player sees first
        assert match.current_player != 1 or moment or match.is_over
        if len(moves) > 1:
            break
    assert len(moves) > 1, "never more than one of Mona's moves in a step"
    match.pacer.pace = 0.6
    while match.current_player == 1 and not match.is_over:
        assert len(applied(match.pacer.step())) <= 1      # at a pace: one move a step
        clock.advance(0.6)
