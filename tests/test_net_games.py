"""Whole games over real sockets (issue #41): each of the five games hosted on 127.0.0.1,
two human seats played by remote clients, a computer seat paced by the host where the
game has room for one, and a spectator. Every frame each client received is checked
afterwards against the host's own game, replayed move by move: the views are the
engine's `view(seat)` before, between and after each gesture, a moment's view is the
seat's view then, and nothing holds the seed, another seat's secret, the order of a
hidden pile or hand, or a card the seat could not see (the checks of
tests/test_clients.py, whose helpers these are).
"""
import random
import threading

import pytest

from nettools import WAIT, hosting, match_of
from test_clients import IDS, compact, moment_views
from tentable.engine import replay
from tentable.net.remote import RemoteSeat

MAX_GESTURES = 3000

TABLES = [
    ("takethat", ("human", "human", "easy"), {}),
    ("ten", ("human", "human", "easy"), {}),
    ("elfer", ("human", "human", "easy"), {}),
    ("retro10", ("human", "human", "easy"), {}),
    ("tentiles", ("human", "human"), {}),       # two seats only: no room for a computer
]


def over(remote):
    return any(m["type"] == "game_over" for m in remote.received)


def play_remotely(remotes, humans, signal, rng):
    """Each human client plays a random legal move whenever its own view says it is its
    turn (only then: nobody else can move meanwhile), and waits for its outcome."""
    for _ in range(MAX_GESTURES):
        signal.clear()
        if all(over(remote) for remote in remotes.values()):
            return
        acted = False
        for seat in humans:
            remote = remotes[seat]
            view = remote.view
            if view.get("current_player") != seat or not view.get("legal_actions"):
                continue
            legal = view["legal_actions"]
            assert remote.legal_actions() == legal, "the host's legal actions are not the view's"
            mark = len(remote.received)
            remote.submit([rng.choice(legal)])
            assert remote.wait_for(lambda: any(
                m["type"] in ("applied", "refused") and m.get("seat") == seat
                for m in remote.since(mark)), WAIT), "no answer to a move"
            assert not [m for m in remote.since(mark) if m["type"] == "refused"]
            acted = True
        if not acted:
            assert signal.wait(WAIT), "nothing happened: the host stopped pacing the computer"
    raise AssertionError(f"no end after {MAX_GESTURES} gestures")


def check_stream(record, history, seat, messages, secrets):
    """Everything `seat`'s client received, against the host's game replayed."""
    assert [m["seq"] for m in messages] == list(range(len(messages)))
    state = replay(record)
    assert messages[0]["type"] == "welcome" and messages[0]["view"] == state.view(seat)
    dump = compact(messages)
    assert str(record["seed"]) not in dump, "the seed was sent"
    assert not [s for s in secrets if s in dump], "another seat's secret was sent"
    used, moments = 0, []
    for message in messages[1:]:
        kind = message["type"]
        if kind == "applied":
            assert not moments, "a moment was not told"
            actions = history[used:used + len(message["actions"])]
            used += len(actions)
            before, mover = state.clone(), state.current_player
            assert message["seat"] == mover and message["before"] == state.view(seat)
            moments = moment_views(before, actions, [seat])[seat]
            steps = []
            for n, action in enumerate(actions, 1):
                state.apply(action)
                if n < len(actions):
                    steps.append(state.view(seat))
            assert message["steps"] == steps and message["after"] == state.view(seat)
            assert message["actions"] == [state.public_action(a, mover, seat) for a in actions]
            secret = before.hidden_cards(seat) & state.hidden_cards(seat)
            leaked = set(IDS.findall(compact(message))) & {str(c) for c in secret}
            assert not leaked, f"seat {seat} was told hidden cards {sorted(leaked)[:4]}"
            shown, zones = compact(message), state.zones()
            for name in state.hidden_zones(seat):
                if len(zones[name]) > 1:
                    assert compact(zones[name]) not in shown
                    assert compact(sorted(zones[name])) not in shown
        elif kind == "moment":
            assert moments and message["view"] == moments.pop(0), "a moment's view is wrong"
        elif kind == "game_over":
            assert message["scores"] == state.scores() and message["winners"] == state.winners()
        elif kind == "turn":
            assert message["seat"] == state.current_player
    assert used == len(history), "a move was not told"
    assert state.is_over


@pytest.mark.parametrize("game_id,kinds,options", TABLES, ids=[t[0] for t in TABLES])
def test_a_whole_game_played_by_remote_clients_and_watched(game_id, kinds, options):
    seed = 424_242 + len(game_id)
    match = match_of(game_id, kinds, seed, options)
    # clients driven by the test play far faster than people: no rate cap for them
    with hosting(rate=1e6, burst=10**6) as thread:
        room = thread.call(thread.host.open_room, match)
        invites = room.invites()
        humans = [seat for seat in invites if seat is not None]
        assert humans == [0, 1]
        signal = threading.Event()
        remotes = {seat: RemoteSeat(invite, signal=signal, timeout=WAIT)
                   for seat, invite in invites.items()}
        try:
            for remote in remotes.values():
                remote.connect()
            assert [remotes[seat].seat for seat in invites] == list(invites)
            play_remotely(remotes, humans, signal, random.Random(seed))
            record, history = thread.call(match.record), thread.call(lambda: match.history)
            assert thread.call(lambda: match.is_over)
            start = {**record, "history": []}
            for seat, remote in remotes.items():
                others = [invite.secret for other, invite in invites.items() if other != seat]
                check_stream(start, history, seat, remote.received, others)
                assert not remote.notices, f"seat {seat} was refused: {remote.notices}"
            # the result is the game's: the record replays to the scores the seats were told
            told = [m for m in remotes[None].received if m["type"] == "game_over"][-1]
            assert replay(record).scores() == told["scores"] == thread.call(match.scores)
        finally:
            for remote in remotes.values():
                remote.close()
