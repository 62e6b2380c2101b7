"""A table hosted from the app survives the app (#41 item 5, the host's side): written down
in the data folder's `hosting/` after every move, it is offered again by Play with friends
after a crash or a quit mid-game; hosted again, it has the same room code and secrets, the
same port if free (else the next, and the invite screen shows the new lines), the
player's own table opens at the last move and a friend's `RemoteSeat` dials the same
invite and gets its seat back there. A game over, or a table closed on purpose, leaves
nothing to host again. Real sockets on 127.0.0.1 (the `loopback` fixture), a crash as an
in-process cut of every socket and as a hosting process killed with SIGKILL; every wait
bounded."""
import json
import os
import signal
import socket
import subprocess
import sys
import threading

import pygame

from nettools import WAIT
from test_net_resume import ROOT, applied, free_port, play_one
from test_play_with_friends import host_from_the_menu, loopback, press_until  # noqa: F401
from test_takethat_table import play_by_keys
from tentable.net.hosting import APP_FOLDER, Hosting, Kept
from tentable.net.protocol import Invite
from tentable.net.remote import RemoteSeat
from tentable.net.tables import FOLDER
from tentable.session import Seat, Session
from tentable.text import t
from tentable.ui import hosted
from tentable.ui.scenes.friends import FriendsScene
from tentable.ui.scenes.invite import InviteScene
from uitools import FakeClock, click, key, step

PAUSE = threading.Event()          # never set: each wait is 20 ms


def history(hosting) -> int:
    match = hosting.room.match
    return hosting.thread.call(lambda: len(match.history))


def written(hosting) -> int:
    """The moves of the table's file in the data folder's hosting/ (-1: none)."""
    path = hosted.tables().path(hosting.room.code)
    try:
        return len(json.loads(path.read_text())["record"]["history"])
    except (OSError, ValueError, KeyError):
        return -1


def until(condition, most=int(3 * WAIT / 0.02)) -> bool:
    for _ in range(most):
        if condition():
            return True
        PAUSE.wait(0.02)
    return condition()


def play_until_the_friend_moves(app, hosting, table, friend, least=4):
    """The host's moves by keys, the friend's by its seat, the computer's by the host,
    until `least` moves are made and it is the friend's turn again (nothing moves while
    the host is away); the number of moves."""
    submitted = -1
    for _ in range(5000):
        moves = history(hosting)
        turn = friend.view.get("current_player")
        if moves >= least and turn == 1 and len(friend.legal_actions()):
            return moves
        step(app)
        if app.top is table and table.moments:
            key(app, pygame.K_RETURN)
        elif app.top is table and table.my_turn and not table.forced:
            play_by_keys(app, table, sorted(table.legal())[0])
        elif turn == 1 and submitted != moves and moves < least:
            actions = friend.legal_actions()
            if actions:
                friend.submit(actions[:1])
                submitted = moves
        PAUSE.wait(0.01)
    raise AssertionError("the friend's turn never came")


def crash(hosting) -> None:
    """The hosting app dies as a crash would: every connection cut (the system closes a
    dead process's sockets), the host's loop stopped; nothing closed on purpose."""
    thread = hosting.thread

    def die():
        thread.host._server.server.close()          # the listening socket
        for room in thread.host.rooms.values():
            for link in (*room.links.values(), *room.watchers):
                link.ws.transport.abort()
    thread.call(die)
    thread.loop.call_soon_threadsafe(thread.loop.stop)
    thread._thread.join(WAIT)
    assert not thread._thread.is_alive()


def a_new_app(old):
    """The app closed (its hosting dead or stopped) and started again on the same data
    folder."""
    from tentable.ui.app import App
    old.close()
    again = App(size=(1280, 720), clock=FakeClock())
    again.settings.update(animation_speed="instant", moments="auto")
    again.reset("menu")
    again.step(wait=False)
    return again


def test_a_hosted_table_killed_mid_game_is_hosted_again_and_the_friend_comes_back(
        app, loopback):
    """TT-R4…R10 with a friend: moves made, the hosting app crashes; the app started
    again offers the table on Play with friends, hosts it again on the same port, the
    player's table opens at the last move, and the friend's seat dials the same invite
    and is back at seat 1 with the same view; the game goes on and is written down."""
    invite = host_from_the_menu(app)
    hosting = app.hosting
    line, port, code = invite.rows[0].line, hosting.port, hosting.room.code
    friend = RemoteSeat(line, timeout=WAIT).connect()
    try:
        click(app, invite.play_button.rect.center)          # Start playing
        table = app.top
        moves = play_until_the_friend_moves(app, hosting, table, friend)
        assert until(lambda: written(hosting) == moves)
        view = friend.view
        crash(hosting)
        assert friend.wait_for(lambda: not friend.connected, WAIT)
        app = a_new_app(app)
        click(app, app.top.friends_button.rect.center)
        chooser = app.top
        assert isinstance(chooser, FriendsScene) and chooser.kept is not None
        assert chooser.offer() == t("friends.offer", game="Take That", names=t(
            "friends.and", first="Ann", last="Bot"), n=moves)
        click(app, chooser.again_button.rect.center)         # Host again
        again = app.hosting
        assert again is not None and again.port == port and again.room.code == code
        back = app.top
        assert back.seat == 0 and back.link.moves_made == moves
        joined = friend.redial().result(WAIT)                 # as the friend's table does
        assert joined["seat"] == 1 and friend.seat == 1
        assert friend.wait_for(lambda: friend.view == view, WAIT)
        assert friend.received[0]["type"] == "welcome"
        assert len(friend.received[0]["moves"]) == moves
        assert again.joined() == {0, 1}
        friend.submit(friend.legal_actions()[:1])             # and the game goes on
        assert until(lambda: history(again) > moves)
        assert until(lambda: written(again) == history(again))
    finally:
        friend.close()
        app.close()


def test_a_quit_mid_game_hosts_again_on_the_next_port_if_its_own_is_taken(app, loopback):
    """Quit (the app closes the table, the friends are told): the table stays written
    down; its port taken meanwhile, hosting it again takes the next, says so, and the
    invite screen shows the new lines, with the same room and secrets."""
    invite = host_from_the_menu(app)
    hosting = app.hosting
    old = [Invite.parse(row.line) for row in invite.rows]
    with socket.socket() as taken:
        app = a_new_app(app)             # the quit: Hosting.stop, nothing forgotten
        assert hosting.stopped
        taken.bind(("127.0.0.1", hosting.port))
        taken.listen()
        try:
            click(app, app.top.friends_button.rect.center)
            chooser = app.top
            assert chooser.kept is not None and chooser.kept.room == old[0].room
            click(app, chooser.again_button.rect.center)
            shown = app.top
            assert isinstance(shown, InviteScene) and app.hosting.port != hosting.port
            assert t("friends.moved", old=hosting.port, port=app.hosting.port) in [
                toast.text for toast in app.toasts.items]
            new = [Invite.parse(row.line) for row in shown.rows]
            assert [(i.room, i.secret) for i in new] == [(i.room, i.secret) for i in old]
            assert {i.port for i in new} == {app.hosting.port}
            friend = RemoteSeat(shown.rows[0].line, timeout=WAIT).connect()
            assert friend.seat == 1
            friend.close()
        finally:
            app.close()


def test_forget_it_and_close_the_table_leave_nothing_to_host_again(app, loopback):
    """Forget it (by keys) drops the table left behind; a table closed on purpose is not
    kept either: Play with friends offers nothing."""
    host_from_the_menu(app)
    app = a_new_app(app)
    try:
        menu = app.top
        press_until(app, menu, menu.friends_button)
        chooser = app.top
        assert chooser.kept is not None
        press_until(app, chooser, chooser.drop_button)
        assert chooser.kept is None and chooser.drop_button not in chooser.buttons
        assert hosted.kept() is None
        assert not list((hosted.tables().folder).glob("*.json"))
        invite = host_from_the_menu(app)
        assert hosted.tables().flush(WAIT) and hosted.kept() is not None
        press_until(app, invite, invite.close_button)      # Close the table
        assert app.hosting is None and hosted.kept() is None
        click(app, app.top.friends_button.rect.center)
        assert isinstance(app.top, FriendsScene) and app.top.kept is None
    finally:
        app.close()


def test_a_finished_game_leaves_nothing_to_host_again(tmp_path, monkeypatch):
    """The last move written: the file goes (the players saw the end), nothing offered."""
    from tentable.engine import new_game
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    tables = hosted.tables()
    assert tables.folder == tmp_path / APP_FOLDER != tmp_path / FOLDER
    session = Session("takethat", (Seat("Me"), Seat("Ann")), 5, {"rounds": 1})
    hosting = Hosting.start(session, 0, port=0, bind="127.0.0.1", address="127.0.0.1",
                            tables=tables)
    try:
        assert tables.flush(WAIT) and Kept.read(tables).mine == 0
        state = new_game("takethat", 2, seed=5, options={"rounds": 1})
        while not state.is_over:
            state.apply(state.legal_actions()[0])

        def finish():
            hosting.room.match.set_position(state)
            hosting.room.flush()
        hosting.thread.call(finish)
        assert tables.flush(WAIT) and Kept.read(tables) is None
    finally:
        hosting.stop()
    assert Kept.read(tables) is None


HOST_APP = """
import sys, threading
from tentable import userfiles
from tentable.net.hosting import APP_FOLDER, Hosting
from tentable.net.tables import HostedTables
from tentable.session import Seat, Session
session = Session("takethat", (Seat("Me"), Seat("Ann")), 11, {"rounds": 1})
hosting = Hosting.start(session, 0, port=int(sys.argv[1]), bind="127.0.0.1",
                        address="127.0.0.1",
                        tables=HostedTables(userfiles.data_dir() / APP_FOLDER))
hosting.release()
print(hosting.own_invite().line(), hosting.invites()[0][2].line(), flush=True)
threading.Event().wait(60)        # killed long before
"""


def test_a_hosting_killed_with_sigkill_is_hosted_again_from_the_menu(app, loopback,
                                                                      tmp_path):
    """The app's hosting in a process of its own, four moves played by the player's
    seat and the friend's, then SIGKILL: a new app on the same data folder hosts it
    again from the menu on the same port, the player's table at move 4, and the friend
    dials the same invite back into seat 1 at the same view."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TENTABLE_HOME": str(tmp_path)}
    process = subprocess.Popen([sys.executable, "-c", HOST_APP, str(port)], env=env,
                               cwd=ROOT, stdout=subprocess.PIPE, text=True)
    seats = []
    try:
        own_line, friend_line = process.stdout.readline().split()
        seats = [RemoteSeat(line, timeout=WAIT).connect() for line in (own_line, friend_line)]
        for k in range(1, 5):
            play_one(seats)
            assert all(seat.wait_for(lambda seat=seat: applied(seat) == k) for seat in seats)
        folder = tmp_path / APP_FOLDER
        assert until(lambda: [len(json.loads(p.read_text())["record"]["history"])
                              for p in folder.glob("*.json")] == [4])
        view = seats[1].view
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
        assert seats[1].wait_for(lambda: not seats[1].connected, WAIT)
        app.reset("menu")
        app.step(wait=False)
        click(app, app.top.friends_button.rect.center)
        chooser = app.top
        assert chooser.offer() == t("friends.offer", game="Take That", names="Ann", n=4)
        key(app, pygame.K_RETURN)                     # Host again: the first in the ring
        assert app.hosting is not None and app.hosting.port == port
        assert app.top.seat == 0 and app.top.link.moves_made == 4
        friend = seats[1]
        assert friend.redial().result(WAIT)["seat"] == 1
        assert friend.wait_for(lambda: friend.view == view, WAIT)
    finally:
        for seat in seats:
            seat.close()
        if process.poll() is None:
            process.kill()
        process.wait(WAIT)
