"""A host that quits or crashes serves its tables again (issue #41, item 5): `tentable serve`
writes each table down after every move (`tentable.net.tables`); killed with SIGKILL and
started again on the same port and data folder, it opens every table under its room code,
and each friend rejoins with the invite they had, at the last move. Real processes and
sockets on 127.0.0.1; every wait bounded."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from nettools import WAIT, hosting, match_of
from tentable.net.remote import RemoteLobby, RemoteSeat
from tentable.net.tables import FOLDER, HostedTables

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`python -m tentable serve` on 127.0.0.1 with its own data folder."""

    def __init__(self, home: Path, port: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en",
               "TENTABLE_HOME": str(home)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tentable", "serve", "--port", str(port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.lines: list[str] = []
        self.errors: list[str] = []
        for stream, into in ((self.process.stdout, self.lines),
                             (self.process.stderr, self.errors)):
            threading.Thread(target=lambda s=stream, i=into: i.extend(iter(s.readline, "")),
                             daemon=True).start()
        assert self.wait(lambda: self.lines), (self.lines, self.errors)
        self.lobby = re.search(r"tentable://\S+", self.lines[0]).group()

    def wait(self, condition, seconds: float = 3 * WAIT) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.02)
        return condition()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(WAIT)


def applied(seat: RemoteSeat) -> int:
    return sum(message["type"] == "applied" for message in seat.received)


def play_one(seats: list[RemoteSeat]) -> None:
    """The seat to move plays its first legal action."""
    mover = next(seat for seat in seats if seat.view["current_player"] == seat.seat)
    mover.submit(mover.legal_actions()[:1])


def written_moves(home: Path, room: str) -> int:
    try:
        return len(json.loads((home / FOLDER / f"{room}.json").read_text())["record"]["history"])
    except (OSError, ValueError, KeyError):
        return -1


def test_a_table_served_again_after_the_host_is_killed_takes_its_friends_back(tmp_path):
    port = free_port()
    server = Server(tmp_path, port)
    try:
        lobby = RemoteLobby(server.lobby, timeout=WAIT).connect()
        made = lobby.create("takethat", ["human", "human"], names=["Ann", "Ben"])
        lobby.close()
        room, invites = made["room"], [made["invites"]["0"], made["invites"]["1"]]
        seats = [RemoteSeat(line, timeout=WAIT).connect() for line in invites]
        for k in range(1, 5):       # four moves, whoever is to move
            play_one(seats)
            assert all(seat.wait_for(lambda seat=seat: applied(seat) == k) for seat in seats)
        assert server.wait(lambda: written_moves(tmp_path, room) == 4)
        view = seats[0].view
        for seat in seats:
            seat.close()
        (tmp_path / FOLDER / "QQQQQQ.json").write_text("{ not a table")    # one bad file
        server.kill()
        server = Server(tmp_path, port)
        assert server.wait(lambda: any("1 table from before is open again" in line
                                       for line in server.lines)), server.lines
        assert server.wait(lambda: any("QQQQQQ.json" in line for line in server.errors))
        back = [RemoteSeat(line, timeout=WAIT).connect() for line in invites]
        assert back[0].view == view                          # at the last move
        welcome = back[0].received[0]
        assert welcome["names"] == ["Ann", "Ben"] and len(welcome["moves"]) == 4
        play_one(back)
        assert all(seat.wait_for(lambda seat=seat: applied(seat) == 1) for seat in back)
        assert server.wait(lambda: written_moves(tmp_path, room) == 5)
        for seat in back:
            seat.close()
    finally:
        server.stop()


def test_a_finished_games_table_is_no_longer_kept_and_a_bad_file_is_set_aside(tmp_path,
                                                                            monkeypatch):
    from tentable.engine import new_game
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    tables = HostedTables(tmp_path / FOLDER)
    with hosting(tables=tables) as thread:
        room = thread.call(thread.host.open_room, match_of("tentiles", ["human", "human"], 5))
        assert thread.call(tables.flush) and tables.path(room.code).exists()
        state = new_game("tentiles", 2, seed=5)
        while not state.is_over:
            state.apply(state.legal_actions()[0])

        def finish():
            room.match.set_position(state)
            room.flush()
        thread.call(finish)
        assert tables.flush(WAIT) and not tables.path(room.code).exists()
    # what a resumed host refuses to serve: set aside, the rest goes on
    bad = {"room": "ABCDEF", "record": {"game": "ten"}, "version": 1}
    (tmp_path / FOLDER / "ABCDEF.json").write_text(json.dumps(bad))
    with hosting(tables=HostedTables(tmp_path / FOLDER)) as thread:
        problems = thread.call(thread.host.resume)
        assert thread.host.rooms == {} and len(problems) == 1 and "ABCDEF.json" in problems[0]
    assert not (tmp_path / FOLDER / "ABCDEF.json").exists()
    assert list((tmp_path / FOLDER).glob("ABCDEF.json.damaged-*"))


@pytest.mark.parametrize("field, value", [
    ("secrets", {"0": "short"}), ("spectator", 7), ("address", ["127.0.0.1", 0, False]),
    ("claimed", ["0"]), ("public", "yes"), ("room", "no such code!"),
])
def test_every_field_of_a_tables_file_is_checked(tmp_path, field, value):
    from tentable.net.tables import checked, table_data
    with hosting(tables=HostedTables(tmp_path)) as thread:
        room = thread.call(thread.host.open_room, match_of("ten", ["human", "human"], 3))
        good = thread.call(table_data, room)
    assert checked(good)["room"] == room.code
    with pytest.raises(ValueError):
        checked({**good, field: value})
