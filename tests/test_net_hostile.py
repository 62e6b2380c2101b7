"""A hostile client on real sockets (issue #41): a wrong protocol version, a wrong
secret, another room's or another seat's secret, garbage, an oversized frame, wrong
types, a move out of turn, a stale move, a flood. Each is refused with a reason (a text
key), repeated abuse cuts the connection off, the match's record is the same before and
after, and the game goes on for the others. And a client that drops gets exactly what it
missed when it comes back, while the others are told it was away.
"""
import json
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from nettools import WAIT, hosting, match_of
from tentable.clients import PROTOCOL
from tentable.net.host import BURST, STRIKES
from tentable.net.protocol import MAX_FRAME, MAX_MESSAGE, Invite, hello
from tentable.net.remote import NetError, RemoteSeat


class Raw:
    """A client that sends whatever it is told to, frame by frame."""

    def __init__(self, invite):
        self._connection = connect(invite.url, open_timeout=WAIT, close_timeout=1,
                                   max_size=2**25, compression=None)
        self.ws = self._connection.__enter__()

    def send(self, frame):
        self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    def recv(self):
        return json.loads(self.ws.recv(timeout=WAIT))

    def until(self, kind, numbered=False):
        """The next frame of `kind`, unnumbered (the host's answer) or numbered (in the
        seat's stream), skipping the others (bounded)."""
        for _ in range(500):
            frame = self.recv()
            if frame["type"] == kind and ("seq" in frame) == numbered:
                return frame
        raise AssertionError(f"no {kind}")

    def closed(self):
        """The close code once the host has closed the connection."""
        try:
            for _ in range(2000):
                self.ws.recv(timeout=WAIT)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
        raise AssertionError("the host did not close the connection")

    def close(self):
        self._connection.__exit__(None, None, None)


@pytest.fixture
def table():
    """A hosted Take That table: two remote humans' seats, a computer, with the default
    rate cap and strikes."""
    match = match_of("takethat", ("human", "human", "easy"), 77)
    with hosting() as thread:
        room = thread.call(thread.host.open_room, match)
        yield thread, match, room


def seat_hello(invite, seq=None, **changes):
    return {**hello(invite.room, invite.secret, seq, "test"), **changes}


def joined(raw, invite):
    raw.send(seat_hello(invite))
    answer = raw.recv()
    assert answer["type"] == "joined", answer
    return answer


@pytest.mark.parametrize("change,key", [
    ({"protocol": PROTOCOL + 1}, "net.version"),
    ({"secret": "x" * 22}, "net.secret"),
    ({"room": "ZZZZZZ"}, "net.room"),
    ({"type": "submit", "actions": ["take"], "seq": 0}, "net.field"),   # no hello first
    ({"protocol": "1"}, "net.field"),
])
def test_a_bad_hello_is_refused_with_its_reason_and_closed(table, change, key):
    thread, match, room = table
    before = thread.call(match.record)
    raw = Raw(room.invite(0))
    raw.send(seat_hello(room.invite(0), **change))
    answer = raw.recv()
    assert answer["type"] == "refused" and answer["key"] == key
    if key == "net.version":
        assert answer["values"]["protocol"] == PROTOCOL
    assert raw.closed() == 1008
    assert thread.call(match.record) == before


def test_another_rooms_secret_opens_nothing_and_a_seat_cannot_become_another(table):
    thread, match, room = table
    other = thread.call(thread.host.open_room, match_of("ten", ("human", "human"), 5))
    raw = Raw(room.invite(0))
    raw.send(seat_hello(room.invite(0), secret=other.invite(0).secret))
    assert raw.until("refused")["key"] == "net.secret"
    raw = Raw(room.invite(1))
    assert joined(raw, room.invite(1))["seat"] == 1
    before = thread.call(match.record)
    raw.send(seat_hello(room.invite(0)))                       # seat 0's secret, as seat 1
    assert raw.until("refused")["key"] == "net.hello_again"
    raw.send({"type": "submit", "actions": ["take"], "seq": 0, "seat": 0})
    assert raw.until("refused") == {"type": "refused", "key": "net.field",
                                    "values": {"field": "seat"}}
    raw.send({"type": "legal", "id": 1})
    assert raw.until("legal")["actions"] == []                  # seat 0 is to move, not 1
    assert thread.call(match.record) == before


GARBAGE = [
    (b"\x00\xff binary", "net.binary"),
    ("{not json", "net.json"),
    ("[" * 5000 + "]" * 5000, "net.json"),                     # deep JSON
    ("[1, 2]", "net.shape"),
    ({"type": "shout"}, "net.shape"),
    ({"type": "submit", "actions": "take", "seq": 0}, "net.field"),
    ({"type": "submit", "actions": [7], "seq": 0}, "net.field"),
    ({"type": "submit", "actions": ["take"] * 65, "seq": 0}, "net.field"),
    ({"type": "submit", "actions": ["take"], "seq": True}, "net.field"),
    ({"type": "legal", "id": -1}, "net.field"),
    ({"type": "create", "game": "ten", "seats": ["human", "human"]}, "net.kind"),
    ("x" * (MAX_MESSAGE + 1), "net.size"),
]


@pytest.mark.parametrize("frame,key", GARBAGE, ids=[key + str(n) for n, (_, key)
                                                     in enumerate(GARBAGE)])
def test_garbage_is_refused_with_its_reason_and_changes_nothing(table, frame, key):
    thread, match, room = table
    raw = Raw(room.invite(0))
    joined(raw, room.invite(0))
    before = thread.call(match.record)
    raw.send(frame)
    answer = raw.until("refused")
    assert answer["key"] == key
    assert thread.call(match.record) == before


def test_repeated_abuse_is_cut_off_and_the_game_goes_on(table):
    thread, match, room = table
    raw = Raw(room.invite(0))
    joined(raw, room.invite(0))
    before = thread.call(match.record)
    for _ in range(STRIKES):
        raw.send("{not json")
    assert raw.closed() == 1008
    assert thread.call(match.record) == before
    # the seat's player comes back with an honest client and plays on
    with_seat = RemoteSeat(room.invite(0), timeout=WAIT).connect()
    try:
        moves = len(thread.call(lambda: match.history))
        with_seat.submit(with_seat.legal_actions()[:1])
        assert with_seat.wait_for(lambda: any(m["type"] == "applied"
                                              for m in with_seat.received), WAIT)
        assert len(thread.call(lambda: match.history)) > moves
    finally:
        with_seat.close()


def test_a_frame_over_the_sockets_limit_is_cut_off(table):
    thread, match, room = table
    raw = Raw(room.invite(0))
    joined(raw, room.invite(0))
    before = thread.call(match.record)
    raw.send("x" * (10 * 1024 * 1024))                     # 10 MB
    assert raw.closed() == 1009                              # "message too big"
    assert MAX_FRAME < 10 * 1024 * 1024
    assert thread.call(match.record) == before


def test_a_flood_is_refused_then_cut_off(table):
    """1,000 messages as fast as a loop sends them: the first `BURST` are answered,
    then refused (net.flood) until the connection is cut off."""
    thread, match, room = table
    raw = Raw(room.invite(1))
    joined(raw, room.invite(1))
    before = thread.call(match.record)
    try:
        for n in range(1000):
            raw.send({"type": "legal", "id": n})
    except ConnectionClosed:
        pass
    frames = []
    try:
        for _ in range(2000):
            frames.append(json.loads(raw.ws.recv(timeout=WAIT)))
    except ConnectionClosed as closed:
        assert closed.rcvd.code == 1008 and closed.rcvd.reason == "net.abuse"
    answered = [f for f in frames if f["type"] == "legal"]
    assert BURST // 2 <= len(answered) < 1000
    assert [f["key"] for f in frames if f["type"] == "refused"] == ["net.flood"] * STRIKES
    assert thread.call(match.record) == before


def test_moves_out_of_turn_stale_or_by_a_spectator_are_refused(table):
    thread, match, room = table
    seat0 = RemoteSeat(room.invite(0), timeout=WAIT).connect()
    seat1, watcher = Raw(room.invite(1)), Raw(room.invite(None))
    try:
        joined(seat1, room.invite(1))
        joined(watcher, room.invite(None))
        before = thread.call(match.record)
        seat1.send({"type": "submit", "actions": ["take"], "seq": 0})       # not its turn
        refusal = seat1.until("refused", numbered=True)
        assert refusal["key"] == "refuse.not_your_turn" and refusal["seq"] >= 1
        watcher.send({"type": "submit", "actions": ["take"], "seq": 0})
        assert watcher.until("refused")["key"] == "net.spectator"
        seat1.send({"type": "submit", "actions": ["take"], "seq": 99})       # never sent
        assert seat1.until("refused")["key"] == "net.seq"
        assert thread.call(match.record) == before
        # seat 0 moves; seat 1, to move now, acting on the view before that is stale
        seat0.submit(seat0.legal_actions()[:1])
        assert seat0.wait_for(lambda: any(m["type"] == "applied" for m in seat0.received))
        assert thread.call(lambda: match.current_player) == 1
        mid = thread.call(match.record)
        legal = thread.call(match.legal_actions, 1)
        seat1.send({"type": "submit", "actions": legal[:1], "seq": 0})
        assert seat1.until("refused")["key"] == "net.stale"
        assert thread.call(match.record) == mid
        seen = thread.call(lambda: len(room.clients[1].received)) - 1
        seat1.send({"type": "submit", "actions": legal[:1], "seq": seen})
        assert seat1.until("applied", numbered=True)["seat"] == 1   # caught up: it plays
    finally:
        seat0.close()
        seat1.close()
        watcher.close()


def test_a_client_that_drops_gets_exactly_what_it_missed(table):
    thread, match, room = table
    seats = {seat: RemoteSeat(room.invite(seat), timeout=WAIT).connect() for seat in (0, 1)}
    try:
        seats[1].close()                           # gone: seat 0 plays on meanwhile
        assert seats[0].wait_for(lambda: any(m["type"] == "away" and m["seat"] == 1
                                             for m in seats[0].received))
        kept = seats[1].received
        for _ in range(6):
            mover = thread.call(lambda: match.current_player)
            if mover != 0:
                break
            mark = len(seats[0].received)
            seats[0].submit(seats[0].legal_actions()[:1])
            assert seats[0].wait_for(lambda: any(m["type"] == "applied"
                                                 for m in seats[0].since(mark)))
        back = RemoteSeat(room.invite(1), timeout=WAIT)
        back._inbox = list(kept)                   # what it had before the line dropped
        back.reconnect()
        host_side = thread.call(lambda: room.clients[1].received)
        assert back.wait_for(lambda: len(back.received) >= len(host_side))
        assert back.received == host_side[:len(back.received)]
        assert [m["seq"] for m in back.received] == list(range(len(back.received)))
        assert back.joined["seat"] == 1 and len(back.received) > len(kept)
        assert "away" in [m["type"] for m in back.received[len(kept):]]
        assert seats[0].wait_for(lambda: any(m["type"] == "back" and m["seat"] == 1
                                             for m in seats[0].received))
        back.close()
    finally:
        for remote in seats.values():
            remote.close()


def test_a_seat_away_is_played_by_the_computer_and_handed_back():
    """With `away_after` set (0 here: at once), the host hands a dropped seat to the
    computer, marked in the record; the player who comes back has the seat again."""
    match = match_of("takethat", ("human", "human"), 91)
    with hosting(away_after=0.0) as thread:
        room = thread.call(thread.host.open_room, match)
        seat0 = RemoteSeat(room.invite(0), timeout=WAIT).connect()
        try:
            assert thread.call(lambda: match.current_player) == 0
            seat0.close()
            seat1 = RemoteSeat(room.invite(1), timeout=WAIT).connect()
            assert seat1.wait_for(lambda: any(m["type"] == "seat_changed" and m["seat"] == 0
                                              and m["level"] for m in seat1.received))
            assert seat1.wait_for(lambda: any(m["type"] == "applied" and m["seat"] == 0
                                              for m in seat1.received)), \
                "the computer did not play the seat away"
            assert 0 in thread.call(match.record)["assisted"]
            again = RemoteSeat(room.invite(0), timeout=WAIT).connect()
            assert seat1.wait_for(lambda: any(m["type"] == "seat_changed" and m["seat"] == 0
                                              and not m["level"] for m in seat1.received))
            assert thread.call(lambda: match.is_human(0))
            again.close()
        finally:
            seat0.close()
            seat1.close()


def test_an_invite_is_read_back_and_garbage_is_no_invite(table):
    thread, match, room = table
    from tentable.net.protocol import Invite
    for seat, invite in room.invites().items():
        assert Invite.parse(invite.line()) == invite
        typed = f" tentable://127.0.0.1:{invite.port}/{invite.room.lower()}#{invite.secret} "
        assert Invite.parse(typed) == invite                  # pasted with spaces, typed
    for bad in ("", "http://127.0.0.1:80/ABCDEF", "tentable://127.0.0.1/ABCDEF",
                "tentable://127.0.0.1:9/AB", "tentable://:9/ABCDEF", "tentable://h:99999/",
                "tentable://h:9/ABCDEF#bad secret!", 7):
        with pytest.raises(ValueError):
            Invite.parse(bad)
    with pytest.raises(NetError) as refused:
        RemoteSeat(Invite("127.0.0.1", room.invite(0).port, room.code, "wrong"),
                   timeout=WAIT).connect()
    assert refused.value.key == "net.secret"


def test_a_rooms_computer_pacing_stops_with_the_room():
    """The host paces a table of computers and one human who never moves; closing the
    room ends its loop and its connections."""
    match = match_of("elfer", ("easy", "easy", "human"), 12)
    with hosting(pace=0.0) as thread:
        room = thread.call(thread.host.open_room, match)
        seat = RemoteSeat(room.invite(2), timeout=WAIT).connect()
        try:
            assert seat.wait_for(lambda: seat.view.get("current_player") == 2), \
                "the computers did not play up to the human's turn"
            assert thread.call(lambda: room.pacer.done()) is False
            thread.call(thread.host.close_room, room)
            assert seat.wait_for(lambda: not seat.connected)
            assert seat.closed_by == (1001, "net.closed")
            for _ in range(200):
                if thread.call(lambda: room.pacer.done()):
                    break
                seat.wait_for(lambda: False, 0.01)
            assert thread.call(lambda: room.pacer.done()), "the room's loop goes on"
            assert room.code not in thread.call(lambda: dict(thread.host.rooms))
        finally:
            seat.close()


def test_one_address_may_hold_only_so_many_connections_and_tables():
    """A client that opens connection after connection (or reconnects to make more tables)
    meets a cap per address; the connections it had go on, and a closed one frees its
    place. (Loopback is counted here only because the tests have no other address.)"""
    from tentable.net.remote import RemoteLobby
    with hosting(lobby=True, per_address=3, rooms_per_address=2, count_loopback=True) as thread:
        bind, port, _ = thread.host.address
        lobby = Invite(bind, port)
        first, second = (RemoteLobby(lobby, timeout=WAIT).connect() for _ in range(2))
        made = first.create("ten", ["human", "easy"])
        seat = RemoteSeat(made["invites"]["0"], timeout=WAIT).connect()
        try:
            with pytest.raises(NetError) as busy:          # a fourth connection
                RemoteLobby(lobby, timeout=WAIT).connect()
            assert busy.value.key == "net.busy" and busy.value.values == {"most": 3}
            assert seat.legal_actions() and first.tables() == []     # the three go on
            second.create("ten", ["human", "easy"])
            with pytest.raises(NetError) as many:           # a third table from the address
                second.create("ten", ["human", "easy"])
            assert many.value.key == "net.too_many"
            seat.close()
            assert thread.call(lambda: sum(thread.host.connections.values())) in (2, 3)
            third = None
            for _ in range(100):                            # its place freed (bounded)
                try:
                    third = RemoteLobby(lobby, timeout=WAIT).connect()
                    break
                except NetError:
                    time.sleep(0.05)
            assert third is not None
            third.close()
        finally:
            seat.close()
            first.close()
            second.close()


def test_a_computer_thinking_at_one_table_never_holds_up_another(monkeypatch):
    """A light computer player decides off the host's event loop: while one table's
    computer is still thinking, another table's seat is answered."""
    import threading
    from tentable import match as match_module
    release, thinking = threading.Event(), threading.Event()

    class Slow:
        """A computer player that thinks until the test lets it go (bounded)."""
        def choose(self, state):
            thinking.set()
            release.wait(WAIT)
            return state.legal_actions()[0]

    real = match_module.make_bot
    monkeypatch.setattr(match_module, "make_bot", lambda level, *rest, **kw:
                        Slow() if level == "easy" else real(level, *rest, **kw))
    with hosting() as thread:
        slow = thread.call(thread.host.open_room, match_of("tentiles", ["easy", "human"], 3))
        other = thread.call(thread.host.open_room, match_of("ten", ["human", "human"], 3))
        assert thinking.wait(WAIT)                          # table one's computer thinks
        seat = RemoteSeat(other.invite(0), timeout=WAIT).connect()
        try:
            assert seat.legal_actions()                     # table two is answered meanwhile
            release.set()
            mine = RemoteSeat(slow.invite(1), timeout=WAIT).connect()
            assert mine.wait_for(lambda: any(m["type"] == "applied" for m in mine.received))
            mine.close()
        finally:
            release.set()
            seat.close()
