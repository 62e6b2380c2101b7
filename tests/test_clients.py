"""Every seat a client of the match (issue #40, item 1): whole games of every game played
through `Match.join` clients only — one per seat and a spectator — and what each client
received is exactly what its seat may know: its views are the engine's `view(seat)`, a
moment's view is the seat's view at that instant, and nothing it got holds the seed, the
deck order or a card its seat cannot see.
"""
import json
import random
import re

import pytest

from tentable.engine import GAMES
from tentable.engine.cards import code_of
from tentable.match import Match
from tentable.session import Seat, Session

MAX_GESTURES = 4000


def tables():
    """(game, seats' kinds, options): every game once, with two to five clients, a
    computer at some seats (the match paces it), both supplies of TEN tiles, solo TEN."""
    yield "takethat", ("human", "human", "human", "easy"), {}
    yield "ten", ("human", "human"), {}
    yield "ten", ("human", "rules"), {"solo": True, "target": 5}
    yield "elfer", ("human", "easy", "human"), {}
    yield "retro10", ("human",) * 4, {}
    yield "tentiles", ("human", "easy"), {}
    yield "tentiles", ("human", "human"), {"open": True}


def compact(value):
    return json.dumps(value, separators=(",", ":"))


IDS = re.compile(r'"([^"]*#\d+)"')


def moment_views(state, actions, seats):
    """The views of each seat at the moments the gesture goes through, found on a copy."""
    trial = state.clone()
    trial.keep_moments, trial.moments = True, []
    for action in actions:
        trial.apply(action)
    return {seat: [moment.views[seat] for moment in trial.moments] for seat in seats}


class Watch:
    """What the test, as the host that holds the real state, checks each client against."""

    def __init__(self, match, seat, client):
        self.match, self.seat, self.client = match, seat, client
        self.tokens_seen: set = set()

    def check(self, hidden_before, hidden_after, moments, gesture):
        state, seat = self.match.state, self.seat
        fresh = self.client.take()
        assert [m["seq"] for m in fresh] == list(range(fresh[0]["seq"], fresh[0]["seq"] +
                                                       len(fresh))) if fresh else True
        assert self.client.view == state.view(seat), "the client's view is not view(seat)"
        shown = compact([m for m in fresh if m["type"] != "moment"])
        # a card hidden from the seat both before and after the gesture is never named
        secret = hidden_before & hidden_after
        leaked = set(IDS.findall(shown)) & {str(c) for c in secret}
        assert not leaked, f"seat {seat} was told hidden cards {leaked[:4]} ({gesture})"
        # nor the order of a hidden pile or hand
        zones = state.zones()
        for name in state.hidden_zones(seat):
            if len(zones[name]) > 1:
                assert compact(zones[name]) not in shown
                assert compact(sorted(zones[name])) not in shown
        told_moments = [m["view"] for m in fresh if m["type"] == "moment"]
        assert told_moments == moments, "a moment's view is not the seat's view then"
        return fresh


def moved(before, after):
    """The cards whose zone the gesture changed."""
    was, now = before.zones(), after.zones()
    return {c for name in was for c in set(map(str, was[name])) ^ set(map(str, now[name]))}


def check_told(before, after, mover, action, legal, order, clients, after_seq):
    """The action each seat was told says no more than the seat sees: any other move the
    mover had that leaves the seat's view the same is told the same way (10 Retro's card
    placed face down: 'place a card down', whichever card it was)."""
    secret_moved = {seat: moved(before, after) & {str(c) for c in
                    before.hidden_cards(seat) & after.hidden_cards(seat)} for seat in order}
    told = {}
    for seat in order:
        told[seat] = [m for m in clients[seat].since(after_seq[seat])
                      if m["type"] == "applied"][-1]["actions"]
        assert told[seat] == [after.public_action(action, mover, seat)]
    watchers = [seat for seat in order if seat != mover and secret_moved[seat]]
    seen = {seat: after.view(seat) for seat in watchers}
    for other in legal if watchers else ():
        trial = before.clone()
        trial.apply(other)
        for seat in watchers:
            if trial.view(seat) == seen[seat]:
                assert [trial.public_action(other, mover, seat)] == told[seat], \
                    f"seat {seat} told {told[seat]} tells apart {other!r}"


def play_through_clients(game_id, players, options, kinds, seed):
    seats = tuple(Seat(f"P{i}", kind="human" if kind == "human" else "bot",
                       bot="" if kind == "human" else kind)
                  for i, kind in enumerate(kinds))
    match = Match(Session(game_id, seats, seed, options), undo=True)
    rng = random.Random(seed)
    order = [*match.state.seats, None]
    clients = {seat: match.join(seat) for seat in order}
    watches = {seat: Watch(match, seat, clients[seat]) for seat in order}
    everything = {seat: list(clients[seat].received) for seat in order}
    for seat in order:
        welcome = clients[seat].take()
        assert [m["type"] for m in welcome] == ["welcome"]
        assert welcome[0]["view"] == match.state.view(seat)
    for _ in range(MAX_GESTURES):
        if match.is_over:
            break
        state = match.state
        mover = state.current_player
        hidden = {seat: state.hidden_cards(seat) for seat in order}
        if match.is_human(mover):
            client = clients[mover]
            legal = client.view["legal_actions"]         # what the client knows, no more
            if rng.random() < 0.05:                      # a refusal reaches its seat alone
                before = state.to_json()
                client.submit(["nonsense 99"])
                other = clients[(mover + 1) % players]
                other.submit(legal[:1])                  # not the other's turn
                clients[None].submit(legal[:1])          # a spectator never acts
                assert match.state.to_json() == before
                for seat in order:
                    got = [m["type"] for m in clients[seat].take()]
                    assert got == (["refused"] if seat in (mover, other.seat, None) else [])
            gesture = [rng.choice(legal)]
            moments = moment_views(state, gesture, order)
            position = state.clone()
            marks = {seat: clients[seat].next_seq for seat in order}
            client.submit(gesture)
            check_told(position, match.state, mover, gesture[0], legal, order, clients, marks)
        else:
            match.poll()
            if not match.ready:
                match.job.done.wait(30)
            gesture = ["(computer)"]
            trial = state.clone()
            match.advance()
            applied = match.state.history[len(trial.history):]
            moments = moment_views(trial, applied, order)
        for seat in order:
            fresh = watches[seat].check(hidden[seat], match.state.hidden_cards(seat),
                                        moments[seat], gesture)
            everything[seat] += fresh
    assert match.is_over, f"no end after {MAX_GESTURES} gestures"
    for seat in order:
        dump = compact(everything[seat])
        assert str(seed) not in dump, "the seed was sent"
        kinds_told = [m["type"] for m in everything[seat]]
        assert kinds_told[-1] == "game_over" or "game_over" in kinds_told
        assert [m["seq"] for m in clients[seat].received] == \
            list(range(len(clients[seat].received)))
    return match, everything


@pytest.mark.parametrize("game_id,kinds,options", list(tables()),
                         ids=lambda v: "-".join(v) if isinstance(v, tuple) else str(v))
def test_a_whole_game_through_one_client_per_seat_and_a_spectator(game_id, kinds, options):
    seed = 987_654_000 + len(kinds) * 13 + len(options) * 7 + kinds.count("easy")
    match, everything = play_through_clients(game_id, len(kinds), options, kinds, seed)
    last = everything[None][-1] if everything[None][-1]["type"] == "game_over" else \
        [m for m in everything[None] if m["type"] == "game_over"][-1]
    assert last["scores"] == match.scores() and last["winners"] == match.winners()


def test_a_client_joins_only_a_seat_the_game_has_and_a_leaver_hears_no_more():
    seats = (Seat("A", kind="human"), Seat("B", kind="human"))
    match = Match(Session("takethat", seats, 5, {}))
    for bad in (2, -1, "0", True, 1.0):
        with pytest.raises(ValueError):
            match.join(bad)
    client = match.join(1)
    client.leave()
    match.submit(0, match.state.legal_actions()[:1])
    assert [m["type"] for m in client.received] == ["welcome"]


def test_undo_tells_each_seat_its_own_views():
    """Elfer raus!: cards played from the hand may be taken back (nothing revealed)."""
    seats = (Seat("A", kind="human"), Seat("B", kind="human"), Seat("C", kind="human"))
    match = Match(Session("elfer", seats, 11, {}))
    clients = {seat: match.join(seat) for seat in (0, 1, 2, None)}
    rng = random.Random(3)
    for _ in range(400):
        mover = match.current_player
        plays = [a for a in match.legal_actions(mover) if a.startswith("play")]
        clients[mover].submit([rng.choice(plays or match.legal_actions(mover))])
        if match.undo_refusal(mover) is None:
            break
    assert match.undo_refusal(mover) is None, "no gesture that may be taken back"
    for client in clients.values():
        client.take()
    clients[mover].undo()
    for seat, client in clients.items():
        told = client.take()
        assert [m["type"] for m in told] == ["undone"]
        assert told[0]["after"] == match.state.view(seat)
        assert told[0]["before"] != told[0]["after"]


def test_a_seats_messages_are_kept_small_enough_for_a_server_of_hundreds_of_tables():
    """#41: a host keeps every message of every seat (a reconnecting player is sent what it
    missed): as the wire's JSON text, a 220-move game of TEN for two seats and the
    spectators stays near a megabyte (kept as Python objects it took 7.7 MB)."""
    import tracemalloc
    tracemalloc.start()
    try:
        match = Match(Session("ten", (Seat("A", kind="human"), Seat("B", kind="human")), 5, {}))
        clients = [match.join(seat) for seat in (0, 1, None)]
        before = tracemalloc.get_traced_memory()[0]
        rng = random.Random(1)
        for _ in range(220):
            seat = match.current_player
            match.submit(seat, [rng.choice(match.legal_actions(seat))])
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(clients[2].received) > 300
    assert held < 2_500_000, held
