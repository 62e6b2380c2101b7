"""A remote table whose line to the host drops (issue #41, item 5): it says so in a banner
with the reason, keeps the last board, dials the host again every 2 s of its time with the
same invite and the last message seen, and takes up what it missed; after a minute it
offers Try again and Leave, by keys and mouse. A real `Host` on 127.0.0.1 stopped and
started again on the same port serves the table again from what it wrote down
(`HostedTables`, `Host.resume`); Take That (TT-R4…R10). Every wait bounded."""
import random
import threading

import pygame

from nettools import WAIT, match_of
from test_net_resume import free_port
from test_remote_away import frames_until
from tentable.net.host import Host, HostThread
from tentable.net.link import RemoteLink
from tentable.net.remote import RemoteSeat
from tentable.net.tables import HostedTables
from tentable.ui.scenes import table_for
from tentable.ui.scenes.menu import MenuScene
from tentable.ui.tables import faraway
from tentable.ui.tables.base import TableScene
from uitools import click, key, pass_time, step


def host_on(port: int, folder) -> HostThread:
    """A host on 127.0.0.1:`port` writing its tables into `folder`, started."""
    thread = HostThread(Host(host="127.0.0.1", port=port, pace=0, rate=1e6, burst=10**6,
                             tables=HostedTables(folder)))
    thread.start(WAIT)
    return thread


def seated(app, thread: HostThread, seed: int, signal: threading.Event):
    """A two-player table of Take That on `thread`'s host, its seat 0 open at a remote
    table on the app's screen and seat 1 a friend's `RemoteSeat`: (room, invites, the
    seat, the friend, the table)."""
    match = match_of("takethat", ("human", "human"), seed, {"rounds": 1})
    room = thread.call(thread.host.open_room, match)
    invites = room.invites()
    mine = RemoteSeat(invites[0], signal=signal, timeout=WAIT).connect()
    friend = RemoteSeat(invites[1], signal=signal, timeout=WAIT).connect()
    link = RemoteLink(mine)
    table = table_for("takethat")(app, link.session, link)
    app.reset(table)
    return room, invites, mine, friend, table


def friend_moves(friend: RemoteSeat, rng: random.Random):
    """A condition for `frames_until` that plays the friend's turns as it is asked."""
    def move() -> bool:
        view = friend.view
        if friend.connected and view.get("current_player") == friend.seat \
                and view.get("legal_actions"):
            mark = friend.last_seq
            friend.submit([rng.choice(view["legal_actions"])])
            friend.wait_for(lambda: friend.last_seq != mark, WAIT)
        return False
    return move


def until(app, table, condition, frames=2000) -> None:
    """Step the app until `condition()`, letting real time pass for the sockets."""
    gap = threading.Event()
    for _ in range(frames):
        if condition():
            return
        step(app)
        gap.wait(0.01)
    raise AssertionError("never came to pass")


def applied(seat: RemoteSeat) -> int:
    return sum(m["type"] == "applied" for m in seat.received)


def test_a_host_stopped_and_started_again_takes_the_table_back(app, tmp_path):
    port, rng, signal = free_port(), random.Random(5), threading.Event()
    thread = host_on(port, tmp_path)
    again = None
    try:
        room, invites, mine, friend, table = seated(app, thread, 5, signal)
        link = table.link
        play = friend_moves(friend, rng)
        frames_until(app, table, signal, lambda: play() or applied(mine) >= 4, rng)
        step(app, 3)
        assert thread.call(thread.host.tables.flush)
        board, log = table.view, [e.text for e in table.log.entries]
        friend.close()
        thread.stop(WAIT)                    # the host goes away
        until(app, table, lambda: table._dials >= 2)
        assert link.lost == "net.unreachable" and table.dialog is table._banner
        assert table.dialog.title == "Connection lost" and table.view == board
        assert table.dialog.lines[1].endswith("Trying to reach the host again (attempt 2)…")
        again = host_on(port, tmp_path)      # the same port, the same folder
        assert again.call(again.host.resume) == []
        until(app, table, lambda: app.top is not table and link.lost is None)
        fresh = app.top
        assert isinstance(fresh, TableScene) and fresh.link is link and fresh.dialog is None
        assert link.fresh_starts == 1 and fresh.view == board
        assert [e.text for e in fresh.log.entries][:len(log)] == log   # told again
        # the game goes on: the friend rejoins with their invite, and both play on
        back = RemoteSeat(invites[1], signal=signal, timeout=WAIT).connect()
        play = friend_moves(back, rng)
        moves = applied(mine)
        frames_until(app, fresh, signal, lambda: play() or applied(mine) >= moves + 3, rng)
        until(app, fresh, lambda: fresh.view == again.call(room_view, again.host,
                                                             room.code, 0))
        back.close()
        mine.close()
    finally:
        thread.stop(WAIT)
        if again is not None:
            again.stop(WAIT)


def room_view(host, code, seat):
    return host.rooms[code].match.view(seat)


def test_a_dropped_line_gets_exactly_what_it_missed(app, tmp_path):
    """The host stays; this screen's line drops (its socket cut) while the friend plays
    on: dialled again with the last message seen, the table is sent what it missed, each
    message once, and the friend's moves are in its log."""
    rng, signal = random.Random(9), threading.Event()
    thread = host_on(0, tmp_path)
    try:
        room, invites, mine, friend, table = seated(app, thread, 9, signal)
        link = table.link
        play = friend_moves(friend, rng)
        # to the friend's turn, then this screen's line is cut
        frames_until(app, table, signal, lambda: play() or applied(mine) >= 2
                     and friend.view["current_player"] == 1, rng)
        seen = mine.last_seq
        mine._loop.call_soon_threadsafe(mine._ws.transport.abort)
        until(app, table, lambda: link.lost is not None)
        assert friend.wait_for(lambda: any(m["type"] == "away" and m["seat"] == 0
                                           for m in friend.received), WAIT)
        friend_moves(friend, rng)()          # a move this screen misses
        until(app, table, lambda: link.lost is None and mine.last_seq > seen + 2)
        numbers = [m["seq"] for m in mine.received]
        assert numbers == list(range(len(numbers)))          # each once, none missing
        step(app)                            # the frame that sees the line back
        assert table.dialog is None and link.fresh_starts == 0 and app.top is table
        until(app, table, lambda: table.view == thread.call(room_view, thread.host,
                                                             room.code, 0))
        assert any(e.text.startswith("P1 ") for e in table.log.entries[-4:])
        friend.close()
        mine.close()
    finally:
        thread.stop(WAIT)


def test_after_a_minute_the_table_offers_try_again_and_leave(app, tmp_path):
    """By keys: Enter tries again (and the table dials on); by mouse: Leave goes to the
    menu. Test time, not the wall clock's, makes the minute."""
    match = match_of("takethat", ("human", "human"), 3, {"rounds": 1})
    thread = host_on(0, tmp_path)
    room = thread.call(thread.host.open_room, match)
    mine = RemoteSeat(room.invite(0), timeout=WAIT).connect()
    link = RemoteLink(mine)
    table = table_for("takethat")(app, link.session, link)
    app.reset(table)
    step(app, 3)
    thread.stop(WAIT)
    until(app, table, lambda: link.lost is not None)
    pass_time(app, faraway.RETRY_FOR + 1)
    until(app, table, lambda: not link.dialing and table._banner_key[1])
    labels = [button.text for button in table.dialog.buttons]
    assert labels == ["Try again", "Leave"]
    assert "The host did not answer for a minute." in table.dialog.lines
    dials = table._dials
    key(app, pygame.K_RETURN)               # Try again
    until(app, table, lambda: table._dials > dials)
    assert not table._banner_key[1]         # trying again
    pass_time(app, faraway.RETRY_FOR + 1)
    until(app, table, lambda: not link.dialing and table._banner_key[1])
    step(app)
    click(app, table.dialog.buttons[1].rect.center)      # Leave
    assert isinstance(app.top, MenuScene)
    assert not mine.connected
