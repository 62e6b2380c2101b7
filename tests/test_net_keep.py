"""A room keeps a bounded number of messages for each seat (issue #41: a long game's
memory): `Host(keep=K)` keeps each seat's latest K messages. Whoever
needs older ones — a late joiner, a friend back after a long time away — is told the
game anew (one `welcome` numbered as the latest message it stands for) and then what
came after: nothing missed. Real sockets on 127.0.0.1; Take That (TT-R4…R10)."""
import json

from nettools import WAIT, hosting, match_of
from tentable.net.remote import NetError, RemoteSeat

KEEP = 8


def kept_bytes(room) -> int:
    return sum(len(text) for client in room.clients.values() for text in client._inbox)


def test_a_long_game_keeps_a_bounded_number_of_messages_and_misses_nothing():
    match = match_of("takethat", ("human", "human"), 12, {"rounds": 1})
    with hosting(keep=KEEP, away_after=0) as thread:
        room = thread.call(thread.host.open_room, match)
        invites = room.invites()
        mine = RemoteSeat(invites[0], timeout=WAIT).connect()
        gone = RemoteSeat(invites[1], timeout=WAIT).connect()
        try:
            seen = gone.last_seq
            gone._loop.call_soon_threadsafe(gone._ws.transport.abort)   # a friend away
            for _ in range(40):           # this seat plays; the host's computer for theirs
                if not mine.wait_for(lambda: mine.view.get("current_player") == 0
                                     or thread.call(lambda: match.is_over), WAIT):
                    raise AssertionError("the host's computer never moved")
                if thread.call(lambda: match.is_over):
                    break
                mark = mine.last_seq
                mine.submit(mine.view["legal_actions"][:1])
                assert mine.wait_for(lambda: mine.last_seq != mark, WAIT)
            history = thread.call(lambda: list(match.history))
            clients = thread.call(lambda: list(room.clients.values()))
            assert len(history) > 4 * KEEP
            assert all(len(c._inbox) == KEEP and c.first > 0 for c in clients)
            # the seat that stayed got every message, in order, each once
            numbers = [m["seq"] for m in mine.received]
            assert numbers == list(range(len(numbers)))
            # back after long away: its last message is let go, so it is told anew
            assert gone.last_seq == seen and not thread.call(
                lambda: room.clients[1].kept_since(seen + 1))
            gone.redial().result(WAIT)
            assert gone.wait_for(lambda: gone.received and gone.last_seq >= gone.joined["last"])
            welcome = gone.received[0]
            assert welcome["type"] == "welcome" and welcome["seq"] > seen
            assert len(welcome["moves"]) == len(thread.call(lambda: match.history))
            assert gone.view == thread.call(match.view, 1)
            # a spectator joining late: the game anew too, its view the public one
            watcher = RemoteSeat(invites[None], timeout=WAIT).connect()
            assert watcher.received[0]["type"] == "welcome"
            assert watcher.view == thread.call(match.view, None)
            watcher.close()
            # an old number at hello is refused: the client joins from the start
            with_old = RemoteSeat(invites[1], timeout=WAIT)
            try:
                with_old._open(room.code, invites[1].secret, 0)
                raise AssertionError("an old seq was taken")
            except NetError as exc:
                assert exc.key == "net.seq"
            finally:
                with_old.close()
            bounded = kept_bytes(room)
        finally:
            mine.close()
            gone.close()
    # the same game kept whole, for the numbers
    whole = match_of("takethat", ("human", "human"), 12, {"rounds": 1})
    with hosting(keep=None) as thread:
        room = thread.call(thread.host.open_room, whole)

        def play():
            for action in history:
                whole.play(whole.current_player, [action])
            return kept_bytes(room)
        everything = thread.call(play)
    assert bounded < everything
    print(json.dumps({"moves": len(history), "kept_bytes_bounded": bounded,
                      "kept_bytes_whole": everything}))
