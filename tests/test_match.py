"""The match without a window: gestures, events, bots on determinized copies, the worker
process, late and failing bots, the autosave."""
import multiprocessing
import threading

import pytest

from tentable import botjobs, match as match_module
from tentable.botjobs import Job
from tentable.engine import new_game
from tentable.match import (Applied, BotFailed, BotLate, GameOver, Match, OnlyChoice,
                            PartOver, Refused, SaveFailed, TurnChanged)
from tentable.session import Seat, Session
from uitools import FakeClock


def session(game, *kinds, seed=3, **options):
    seats = tuple(Seat(f"P{i}", "human" if k == "human" else "bot",
                       "" if k == "human" else k) for i, k in enumerate(kinds))
    return Session(game, seats, seed, options)


def test_a_gesture_is_refused_off_turn_or_illegal_and_changes_nothing():
    match = Match(session("takethat", "human", "human"))
    before = match.state.to_json()
    assert match.submit(1, ["take"]) == [Refused(1, ("take",), None)]
    [refused] = match.submit(0, ["play 11"])
    assert isinstance(refused, Refused) and "11" in str(refused.reason)
    assert match.state.to_json() == before and match.history == []


def test_an_applied_gesture_carries_the_viewers_views_and_who_moves_next():
    match = Match(session("takethat", "human", "human"))
    match.viewer = 0
    card = match.view(0)["legal_actions"][0]
    before = match.view(0)
    applied, turned = match.submit(0, [card])
    assert applied == Applied(0, (card,), before, match.view(0))
    assert "hand" in applied.after and applied.after["hand"] != before["hand"]
    assert turned == TurnChanged(1)
    assert match.legal_actions(0) == [] and match.legal_actions(1)


def test_a_part_and_the_game_end_are_told_once():
    """Take That in two rounds: a PartOver after each, a GameOver at the end."""
    match = Match(session("takethat", "human", "human", rounds=2))
    seen = []
    while not match.is_over:
        seat = match.current_player
        seen += match.submit(seat, [match.legal_actions(seat)[0]])
    parts = [e for e in seen if isinstance(e, PartOver)]
    assert [p.part for p in parts] == [1, 2]
    assert sum(map(sum, (p.scores for p in parts))) == sum(match.scores())
    assert [e for e in seen if isinstance(e, GameOver)] == [
        GameOver(match.scores(), match.winners())]
    assert isinstance(seen[-1], GameOver)


class Spy:
    """Records the state each decision was made from."""
    time_limit = None

    def __init__(self, seat):
        self.seat, self.seen = seat, []

    def choose(self, state):
        self.seen.append(state)
        return state.legal_actions()[0]


@pytest.fixture
def spies(monkeypatch):
    made = {}
    monkeypatch.setattr(match_module, "make_bot",
                        lambda name, game_id, seat, seed=0, time_limit=None:
                        made.setdefault(seat, Spy(seat)))
    return made


def _hidden_resampled(spy, real_states):
    """Some decision was made from a copy in which the other hand differs from the real."""
    other = 1 - spy.seat
    return any(copy is not real and copy.hands[other] != real.hands[other]
               for copy, real in zip(spy.seen, real_states))


def test_every_bot_decides_from_its_seats_determinization_in_a_simulation(spies, monkeypatch):
    match = Match(session("takethat", "heuristic", "heuristic"))
    reals = {0: [], 1: []}
    original = Spy.choose

    def remember(self, state):
        reals[self.seat].append(match.state.clone())
        return original(self, state)
    monkeypatch.setattr(Spy, "choose", remember)
    match.play_out()
    assert match.is_over and spies[0].seen and spies[1].seen
    assert all(copy is not match.state for spy in spies.values() for copy in spy.seen)
    assert _hidden_resampled(spies[0], reals[0]) and _hidden_resampled(spies[1], reals[1])


def test_every_bot_decides_from_its_seats_determinization_at_the_table(spies):
    match = Match(session("takethat", "human", "heuristic"))
    reals = []
    for _ in range(40):
        if match.is_over:
            break
        seat = match.current_player
        if seat == 0:
            match.submit(0, [match.legal_actions(0)[0]])
            continue
        reals.append(match.state.clone())
        match.poll()
        assert match.ready
        match.advance()
    assert spies[1].seen and _hidden_resampled(spies[1], reals)


def test_an_automaton_plays_its_single_action_when_the_caller_lets_it():
    match = Match(session("ten", "human", "rules", solo=True, target=5, seed=2))
    assert match.automata == [1]
    while match.current_player == 0:
        match.submit(0, ["stop numbers"] if "stop numbers" in match.legal_actions(0)
                     else [match.legal_actions(0)[0]])
    assert match.current_player == 1 and match.ready and match.poll() == []
    [applied, *_] = match.advance()
    assert applied.seat == 1 and len(applied.actions) == 1


class FakeWorker:
    """The worker process's stand-in: a bot thinking on a thread, released by the test."""

    def __init__(self, answer):
        self.answer, self.release, self.jobs = answer, threading.Event(), []

    def submit(self, spec, state, seat, deadline, clock):
        job = Job(seat, deadline, clock)
        job.begin()
        self.jobs.append(job)

        def think():
            self.release.wait(10)
            job.finish(self.answer(state))
        threading.Thread(target=think, daemon=True).start()
        return job

    def check(self):
        pass


class Quick:
    time_limit = None

    def choose(self, state):
        return sorted(state.legal_actions())[-1]


def searching(monkeypatch, answer):
    fake = FakeWorker(answer)
    monkeypatch.setattr(match_module, "worker", lambda: fake)
    monkeypatch.setattr(match_module, "make_bot",
                        lambda name, game_id, seat, seed=0, time_limit=None: Quick())
    return fake


def test_a_late_search_falls_back_to_a_cheaper_level_never_to_chance(monkeypatch):
    fake = searching(monkeypatch, lambda state: state.legal_actions()[0])
    clock = FakeClock()
    match = Match(session("takethat", "search", "human"), clock=clock)
    assert match.poll() == [] and not match.ready
    clock.advance(match_module.SEARCH_LIMIT + match_module.DEADLINE_SLACK - 0.01)
    assert match.poll() == []                    # thinking, not late yet
    clock.advance(0.02)
    assert match.poll() == [BotLate(0, "search", "easy")]      # down to a level answering at once
    assert fake.jobs[0].cancelled and match.ready
    expected = sorted(match.state.legal_actions())[-1]
    [applied, *_] = match.advance()
    assert applied.actions == (expected,)
    fake.release.set()


def test_a_deadline_counts_thinking_only_not_waiting_for_the_worker(monkeypatch):
    clock = FakeClock()
    job = Job(0, 2.0, clock)
    clock.advance(100)                           # queued behind another job, or starting up
    assert not job.late
    job.begin()
    clock.advance(1.9)
    assert not job.late
    clock.advance(0.2)
    assert job.late


def test_a_failing_or_illegal_bot_is_reported_and_a_cheaper_level_moves(monkeypatch):
    fake = searching(monkeypatch, lambda state: "take the whole table")
    match = Match(session("takethat", "search", "human"))
    match.poll()
    fake.release.set()
    assert fake.jobs[0].done.wait(10)
    expected = sorted(match.state.legal_actions())[-1]
    events = match.advance()
    assert events[0] == BotFailed(0, None) and isinstance(events[1], Applied)
    assert events[1].actions == (expected,)


def test_the_autosave_gets_every_position_and_a_failure_is_told_once_polled():
    saved = []
    match = Match(session("takethat", "human", "human"), save=saved.append)
    match.submit(0, [match.legal_actions(0)[0]])
    assert match.flush() and saved == [match.record()]
    match.close()

    def broken(record):
        raise OSError("disk full")
    match = Match(session("takethat", "human", "human"), save=broken)
    match.submit(0, [match.legal_actions(0)[0]])
    match.flush()
    assert match.poll() == [SaveFailed("disk full")] and match.poll() == []
    match.close()


# -- the worker process -----------------------------------------------------------------
def test_the_worker_is_one_long_lived_process_and_leaves_no_child_behind():
    state = new_game("tentiles", 2, seed=4)
    work = botjobs.Worker()
    try:
        first = work.submit(("search", "tentiles", 0, 1, 0.05), state.determinize(0, 1), 0,
                            30, FakeClock())
        assert first.done.wait(60) and first.error is None and state.is_legal(first.action)
        assert first.started is not None
        pid = work.pid
        second = work.submit(("heuristic", "tentiles", 0, 2, None), state.determinize(0, 2),
                             0, 30, FakeClock())
        assert second.done.wait(60) and state.is_legal(second.action)
        assert work.pid == pid                   # the same process decided both
    finally:
        work.shutdown()
    assert work.pid is None
    assert not [p for p in multiprocessing.active_children() if p.pid == pid]


def midgame(moves=12):
    """A TEN tiles position where the search has something to think about."""
    import random
    state, rng = new_game("tentiles", 2, seed=4), random.Random(4)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_worker_that_dies_fails_its_job_and_the_next_job_gets_a_new_one():
    state = midgame()
    work = botjobs.Worker()
    try:
        seat = state.current_player
        job = work.submit(("search", "tentiles", seat, 1, 30.0), state.determinize(seat, 1),
                          seat, 60, FakeClock())
        pid = work.pid
        work._process.kill()                     # the process dies mid-thought
        assert job.done.wait(30) and job.error is not None
        again = work.submit(("heuristic", "tentiles", seat, 2, None),
                            state.determinize(seat, 2), seat, 30, FakeClock())
        assert again.done.wait(60) and again.error is None and work.pid != pid
    finally:
        work.shutdown()


def test_jobs_wait_in_the_app_one_at_a_time_and_a_cancelled_one_is_never_worked_on():
    """A hint asked again and again while the worker thinks (each ask cancels the one
    before): the asks queue in the app, not in the pipe, so the caller never waits on a
    full pipe, and the worker never thinks about an answer nobody wants any more."""
    state = midgame()
    work = botjobs.Worker()
    try:
        seat = state.current_player
        copy = state.determinize(seat, 1)
        first = work.submit(("search", "tentiles", seat, 1, 1.0), copy, seat, 60, FakeClock())
        asks = []
        for n in range(30):
            if asks:
                asks[-1].cancel()
            asks.append(work.submit(("heuristic", "tentiles", seat, n, None), copy, seat, 60,
                                    FakeClock()))
        assert first.done.wait(60) and first.error is None
        assert asks[-1].done.wait(60) and state.is_legal(asks[-1].action)
        for job in asks[:-1]:
            assert job.done.wait(10) and job.started is None and job.error is not None
    finally:
        work.shutdown()


def test_a_stuck_worker_is_restarted_past_its_deadline():
    state = midgame()
    clock = FakeClock()
    work = botjobs.Worker()
    try:
        seat = state.current_player
        job = work.submit(("search", "tentiles", seat, 1, 30.0), state.determinize(seat, 1),
                          seat, 1.0, clock)
        for _ in range(600):                     # wait (real time) for it to start thinking
            if job.started is not None:
                break
            job.done.wait(0.05)
        assert job.started is not None
        pid = work.pid
        clock.advance(1.0 + botjobs.STUCK + 0.1)
        work.check()
        assert job.done.wait(30) and job.error is not None
        assert not [p for p in multiprocessing.active_children() if p.pid == pid]
    finally:
        work.shutdown()


def test_a_worker_whose_app_is_gone_ends_quietly(capfd):
    """The app's ends of the pipes close under a worker that is thinking (as when the app
    is killed): it ends with exit code 0 when the thought is done, no traceback."""
    state = midgame()
    seat = state.current_player
    process, requests, replies = botjobs.start_process()
    try:
        requests.send((1, ("search", "tentiles", seat, 1, 1.0),
                       state.determinize(seat, 1)._to_data()))
        assert replies.poll(60) and replies.recv()[0] == "started"
        requests.close()
        replies.close()                          # its answer has nowhere to go
        process.join(60)
        assert process.exitcode == 0
    finally:
        if process.is_alive():
            process.kill()
            process.join(5)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


KILLED_APP = """
import sys
from tentable import botjobs
from tentable.engine import new_game
from uitools import FakeClock
import random
state, rng = new_game("tentiles", 2, seed=4), random.Random(4)
for _ in range(12):
    state.apply(rng.choice(state.legal_actions()))
seat = state.current_player
work = botjobs.worker()
job = work.submit(("search", "tentiles", seat, 1, 1.0), state.determinize(seat, 1), seat,
                  60, FakeClock())
for _ in range(1200):
    if job.started is not None:
        break
    job.done.wait(0.05)
print(work.pid, flush=True)
job.done.wait(120)
"""


def test_after_a_kill_9_of_the_app_its_worker_ends_without_a_traceback():
    """kill -9 of the app while its computer player thinks: the worker's answer meets a
    closed pipe, and it ends without a word on the player's terminal."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(root / "tests")])}
    app = subprocess.Popen([sys.executable, "-c", KILLED_APP], env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    worker_pid, ended = None, False
    try:
        worker_pid = int(app.stdout.readline())  # the worker is thinking
        app.send_signal(signal.SIGKILL)
        # the worker holds the app's stdout and stderr: they end when it does
        _, err = app.communicate(timeout=60)
        ended = True
    finally:
        if not ended:                            # a failed test leaves no process behind
            app.kill()
            if worker_pid is not None:
                try:
                    os.kill(worker_pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
    assert app.returncode == -signal.SIGKILL
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


# -- undo (Board Game Arena's policy) and a computer at a human's seat ---------------------
def humans(game, players, seed=1, **options):
    return Match(session(game, *["human"] * players, seed=seed, **options))


def test_undo_never_takes_back_a_flip():
    """TEN: a flip shows a card from the pile: there is nothing to take back."""
    def flipped(seed):
        match = humans("ten", 2, seed=seed)
        match.submit(0, ["flip"])
        return match if match.current_player == 0 else None   # no joker, no bust
    match = next(m for m in map(flipped, range(100)) if m is not None)
    before = match.state.to_json()
    assert match.undo_refusal(0) == match_module.REVEALED
    assert match.undo(0) == [] and match.state.to_json() == before


def test_undo_takes_back_cards_played_this_turn_one_gesture_at_a_time():
    """Elfer: cards played this turn are the player's own choice; each may be taken back
    while the turn lasts, the last first."""
    def two_plays(seed):
        match = humans("elfer", 2, seed=seed)
        plays = [a for a in match.legal_actions(0) if a.startswith("play ")]
        return (match, plays) if plays else None
    match, plays = next(m for m in map(two_plays, range(100)) if m is not None)
    start = match.state.to_json()
    match.submit(0, [plays[0]])
    assert match.current_player == 0 and match.undo_refusal(0) is None
    [undone] = match.undo(0)
    assert undone.actions == (plays[0],) and match.state.to_json() == start
    assert match.current_player == 0 and match.undo_refusal(0) == match_module.NOTHING


def test_a_move_the_game_plays_for_you_leaves_the_turns_earlier_moves_to_take_back():
    """ER-R8: the connection card asks for blue 9 at once; it is the only move, so the
    game plays it. Undo takes back both together (undone alone, the follow-up would
    only play itself again), back to before the connection card."""
    from test_elfer import arrange
    state = arrange(board=["Y10", "Y9"], hands=[["B9", "R10", "G10"], ["G1"]])
    start = state.to_json()
    match = Match(session("elfer", "human", "human"), state=state)
    match.submit(0, ["bridge Y9-B9"])
    assert match.only_choice == "play B9"
    match.play_only_choice()
    assert match.current_player == 0 and match.history == ["bridge Y9-B9", "play B9"]
    assert match.undo_refusal(0) is None
    [undone] = match.undo(0)
    assert undone.actions == ("bridge Y9-B9", "play B9") and match.state.to_json() == start
    assert match.undo_refusal(0) == match_module.NOTHING


def test_undo_is_refused_after_the_turn_passes_and_for_other_seats():
    match = humans("takethat", 2)
    card = match.legal_actions(0)[0]
    match.submit(0, [card])
    assert match.current_player == 1
    assert match.undo_refusal(0) == match_module.NOT_YOURS
    assert match.undo_refusal(1) == match_module.TURN_OVER
    match = Match(session("takethat", "human", "human"), undo=False)
    assert match.undo_refusal(0) == match_module.UNDO_OFF


@pytest.mark.parametrize("game", ["takethat", "ten", "elfer", "retro10", "tentiles"])
def test_undo_never_crosses_a_reveal_or_another_seat_and_redo_gives_the_same(game):
    """Random games with every seat human: whenever undo is offered, the gesture showed
    its seat nothing (tried again on fresh guesses of the hidden cards), the same seat
    is still to move, and undo-then-redo gives the same position."""
    import random
    rng = random.Random(game)
    offered = 0
    for g in range(3):
        match = humans(game, 2, seed=g)
        while not match.is_over and len(match.history) < 400:
            seat = match.current_player
            before = match.state.clone()
            action = rng.choice(match.legal_actions(seat))
            match.submit(seat, [action])
            after = match.state.to_json()
            if match.undo_refusal(seat) is not None:
                continue
            offered += 1
            assert match.current_player == seat
            for guess in range(3):
                copy = before.determinize(seat, 10_000 + guess)
                copy.apply(action)
                trial = before.clone()
                trial.apply(action)
                assert copy.view(seat) == trial.view(seat), (game, action)
            [undone] = match.undo(seat)
            assert match.state.to_json() == before.to_json()
            assert match.current_player == seat and undone.actions == (action,)
            match.submit(seat, [action])
            assert match.state.to_json() == after
    # in TEN tiles every move ends the turn: there is never a move to take back
    assert offered or game == "tentiles", f"{game}: no move was ever offered for undo"


def test_a_human_seat_handed_to_a_computer_plays_itself_and_is_taken_back():
    match = humans("takethat", 2)
    assert match.hand_over(0, "heuristic") == [match_module.SeatChanged(0, "heuristic")]
    assert match.legal_actions(0) == [] and not match.is_human(0)
    match.poll()
    assert match.ready
    [applied, *_] = match.advance()
    assert applied.seat == 0
    assert match.record()["assisted"] == [0]
    assert match.record()["seats"][0]["kind"] == "bot"
    seat = match.current_player
    match.submit(seat, [match.legal_actions(seat)[0]])
    assert match.take_back(0) == [match_module.SeatChanged(0, "")]
    assert match.is_human(0) and match.record()["assisted"] == [0]
    with pytest.raises(ValueError):
        match.hand_over(0, "no such level")
    assert match.is_human(0)


def test_the_next_game_seats_the_humans_as_they_were_set_up():
    """#37: Restart and Play again dealt a new game with the computer still in the seat a
    human had handed over, and no way back."""
    match = humans("takethat", 2)
    match.hand_over(0, "easy")
    again = Match(match.session.with_new_seed())
    assert again.is_human(0) and again.assisted == set() and again.humans == [0, 1]
    assert [seat.to_dict() for seat in again.session.seats] == [
        seat.to_dict() for seat in humans("takethat", 2).session.seats]


def test_a_searching_computer_in_your_solo_seat_plays_solo_ten():
    """#37: handed the solo seat, the searching levels chose moves solo TEN does not allow
    ("You could not move"): their worker rebuilt every position as two-player TEN."""
    match = Match(session("ten", "normal", "rules", seed=5, solo=True, target=5),
                  time_limit=0.02)
    failed = []
    while not match.is_over:
        match.poll()
        if match.job is not None:
            match.job.done.wait(10)
        failed += [e for e in match.advance() if isinstance(e, BotFailed)]
    assert failed == []


def test_an_assisted_game_keeps_its_mark_when_resumed():
    match = humans("takethat", 2)
    match.hand_over(1, "heuristic")
    resumed = Match(Session.from_record(match.record()))
    assert resumed.assisted == {1} and resumed.record()["assisted"] == [1]


def test_a_bots_copy_keeps_no_moves_they_may_name_a_hidden_card():
    """10 Retro: "place 7 down" names the card it hides; a determinized copy has no history
    for a bot to read it from."""
    match = humans("retro10", 2, seed=3)
    seat = match.current_player
    down = next(a for a in match.legal_actions(seat) if " down" in a)
    match.submit(seat, [down])
    other = match.current_player
    assert match.history == [down]
    copy = match.state.determinize(other, 1)
    assert copy.history == [] and copy.view(other) == match.state.view(other)


def test_closing_the_window_ends_the_computer_players_process(app, monkeypatch):
    from conftest import REAL_SHUTDOWN       # the tests' windows keep an idle worker
    monkeypatch.setattr(botjobs, "shutdown", REAL_SHUTDOWN)
    state = new_game("tentiles", 2, seed=4)
    job = botjobs.worker().submit(("heuristic", "tentiles", 0, 1, None),
                                  state.determinize(0, 1), 0, 30, FakeClock())
    assert job.done.wait(60) and job.error is None
    pid = botjobs.worker().pid
    app.close()
    assert botjobs.worker().pid is None
    assert not [p for p in multiprocessing.active_children() if p.pid == pid]


def test_a_humans_only_move_is_offered_to_play_itself_and_stops_at_what_it_shows():
    """TEN-R3: the first flip of a turn is compulsory. It is the human's only choice, so
    the match may play it (the table does, after its banner), as a gesture that says so;
    the chain of only moves stops at the card it shows."""
    match = Match(session("ten", "human", "human"))
    assert match.only_choice == "flip"
    events = match.play_only_choice()
    assert events[0] == OnlyChoice(0, ("flip",))
    assert isinstance(events[1], Applied) and events[1].actions == ("flip",)
    assert match.history == ["flip"]
    assert match.undo_refusal(0) is not None      # undone, it would only play itself again
    # a human who plays the only move by hand hears the same
    match = Match(session("ten", "human", "human"))
    assert match.submit(0, ["flip"])[0] == OnlyChoice(0, ("flip",))


def test_a_computers_only_move_is_not_the_humans_to_play():
    match = Match(session("ten", "random", "human"))
    assert match.only_choice is None and match.play_only_choice() == []
