"""A server for many tables (issue #41, item 3): `tentable serve` with its lobby — create
a table, list the open seats, take one, give it back — over the same protocol, over TLS
when given a certificate. Real sockets on 127.0.0.1 only.
"""
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from nettools import WAIT, hosting
from tentable import cli
from tentable.net.protocol import Invite
from tentable.net.remote import NetError, RemoteLobby, RemoteSeat
from tentable.net.serve import tls_context

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def lobby():
    with hosting(lobby=True) as thread:
        bind, port, _ = thread.host.address
        remote = RemoteLobby(Invite(bind, port), timeout=WAIT).connect()
        try:
            yield thread, remote
        finally:
            remote.close()


def test_a_table_is_created_listed_joined_played_and_given_back(lobby):
    thread, remote = lobby
    made = remote.create("takethat", ["human", "human", "easy"], public=True,
                         names=["Ann", "Ben", "Cy"])
    room = made["room"]
    assert set(made["invites"]) == {"0", "1"} and Invite.parse(made["spectator"]).room == room
    assert [(t["room"], t["game"], t["open"]) for t in remote.tables()] == \
        [(room, "takethat", [0, 1])]
    line = remote.join(room, 0)
    assert Invite.parse(line) == Invite.parse(made["invites"]["0"])
    assert remote.tables()[0]["open"] == [1]
    with pytest.raises(NetError) as taken:
        remote.join(room, 0)
    assert taken.value.key == "net.seat_taken"
    seat = RemoteSeat(line, timeout=WAIT).connect()
    try:
        assert seat.seat == 0 and seat.received[0]["names"] == ["Ann", "Ben", "Cy"]
        seat.submit(seat.legal_actions()[:1])
        assert seat.wait_for(lambda: any(m["type"] == "applied" for m in seat.received))
        remote.give_back(room, Invite.parse(line).secret)
        assert seat.wait_for(lambda: not seat.connected)
        assert seat.closed_by is not None
        assert remote.tables()[0]["open"] == [0, 1]
    finally:
        seat.close()
    # a private table is not listed, and cannot be joined from the lobby
    private = remote.create("ten", ["human", "human"])
    assert private["room"] not in [t["room"] for t in remote.tables()]
    with pytest.raises(NetError) as hidden:
        remote.join(private["room"], 0)
    assert hidden.value.key == "net.room"


@pytest.mark.parametrize("request_,key", [
    (("nogame", ["human", "human"]), "net.game"),
    (("ten", ["human", "grandmaster"]), "net.seat_kind"),
    (("tentiles", ["human", "human", "human"]), "net.players"),
    (("ten", ["easy", "easy"]), "net.no_human"),
    (("ten", ["human", "human"], {"target": "high"}), "net.setup"),
])
def test_a_table_the_lobby_cannot_make_is_refused_with_its_reason(lobby, request_, key):
    thread, remote = lobby
    with pytest.raises(NetError) as refused:
        remote.create(*request_)
    assert refused.value.key == key
    assert thread.host.rooms == {}


def test_a_seat_connection_cannot_use_the_lobby_nor_a_host_without_one(lobby):
    thread, remote = lobby
    made = remote.create("ten", ["human", "human"])
    seat = RemoteSeat(made["invites"]["1"], timeout=WAIT).connect()
    try:
        with pytest.raises(NetError) as refused:
            seat._request({"type": "list"})
        assert refused.value.key == "net.kind"
    finally:
        seat.close()
    with hosting() as plain:
        bind, port, _ = plain.host.address
        with pytest.raises(NetError) as no_lobby:
            RemoteLobby(Invite(bind, port), timeout=WAIT).connect()
        assert no_lobby.value.key == "net.no_lobby"


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.mark.skipif(shutil.which("openssl") is None,
                    reason="no openssl command to make a self-signed certificate with")
def test_over_tls_the_invites_say_so_and_a_seat_plays(tmp_path):
    cert, key = self_signed(tmp_path)
    trust = ssl.create_default_context(cafile=str(cert))
    with hosting(lobby=True, ssl=tls_context(str(cert), str(key))) as thread:
        bind, port, tls = thread.host.address
        assert tls
        remote = RemoteLobby(Invite(bind, port, tls=True), ssl=trust, timeout=WAIT).connect()
        try:
            made = remote.create("ten", ["human", "human"])
            assert made["invites"]["0"].startswith("tentables://")
            seat = RemoteSeat(made["invites"]["0"], ssl=trust, timeout=WAIT).connect()
            assert seat.received[0]["type"] == "welcome"
            seat.close()
            # an unencrypted client reaches nothing, nor does one that does not trust it
            for invite, context in ((Invite(bind, port, made["room"], "x"), None),
                                    (Invite.parse(made["invites"]["0"]), None)):
                with pytest.raises(NetError) as refused:
                    RemoteSeat(invite, ssl=context, timeout=WAIT).connect()
                assert refused.value.key == "net.unreachable"
        finally:
            remote.close()


def test_the_serve_command_refuses_what_it_cannot_use(tmp_path, capsys):
    assert cli.main(["serve", "--cert", str(tmp_path / "c.pem")]) == cli.USAGE
    assert "--cert and --key" in capsys.readouterr().err
    assert cli.main(["serve", "--port", "http"]) == cli.USAGE
    assert cli.main(["serve", "--max-tables", "0"]) == cli.USAGE
    (tmp_path / "c.pem").write_text("not a certificate")
    assert cli.main(["serve", "--cert", str(tmp_path / "c.pem"),
                     "--key", str(tmp_path / "c.pem")]) == cli.FAILURE
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == cli.FAILURE
    assert f"port {port}" in capsys.readouterr().err


def test_tentable_serve_runs_as_a_program_until_interrupted(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en",
           "TENTABLE_HOME": str(tmp_path)}             # where it writes its tables down
    server = subprocess.Popen([sys.executable, "-X", "faulthandler", "-m", "tentable", "serve",
                               "--port", "0",
                               "--max-tables", "1"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env, cwd=ROOT)
    try:
        first = []
        reader = threading.Thread(target=lambda: first.append(server.stdout.readline()))
        reader.start()
        reader.join(30)
        assert first and "serving on ws://127.0.0.1:" in first[0], first
        line = re.search(r"tentable://\S+", first[0]).group()
        remote = RemoteLobby(line, timeout=WAIT).connect()
        try:
            assert remote.create("elfer", ["human", "easy"])["room"]
            with pytest.raises(NetError) as full:       # --max-tables 1
                remote.create("ten", ["human", "easy"])
            assert full.value.key == "net.full"
        finally:
            remote.close()
        server.send_signal(signal.SIGINT)
        try:
            assert server.wait(2 * WAIT) == 130   # closing waits for its tables' writer
        except subprocess.TimeoutExpired:        # say where it hangs (seen once, loaded):
            server.send_signal(signal.SIGABRT)   # faulthandler prints every thread's stack
            pytest.fail(f"no exit after Ctrl+C; it said: {server.communicate(WAIT)[1][-3000:]}")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(WAIT)


def test_a_lobby_table_nobody_is_at_closes_after_a_while(tmp_path, monkeypatch):
    """A table made in the lobby and left (nobody connected) closes after `idle_after`
    seconds of the host's clock, and is not written down to be served again; a table
    someone sits at stays."""
    from tentable.net.tables import HostedTables
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    now = [0.0]
    tables = HostedTables()
    with hosting(lobby=True, clock=lambda: now[0], idle_after=60.0, tables=tables) as thread:
        bind, port, _ = thread.host.address
        remote = RemoteLobby(Invite(bind, port), timeout=WAIT).connect()
        try:
            left = remote.create("ten", ["human", "easy"], public=True)["room"]
            kept = remote.create("ten", ["human", "easy"], public=True)
            seat = RemoteSeat(kept["invites"]["0"], timeout=WAIT).connect()
            now[0] = 59.0
            thread.call(lambda: [room.nudge.set() for room in thread.host.rooms.values()])
            assert {t["room"] for t in remote.tables()} >= {left}
            now[0] = 61.0
            # the room's closing sends the seat no frame to wake `wait_for` on: look again
            # every few hundredths of a second, at most WAIT seconds
            assert any(left not in thread.host.rooms or time.sleep(0.02)
                       for _ in range(int(WAIT / 0.02)))
            assert kept["room"] in thread.host.rooms and seat.connected
            assert tables.flush(WAIT) and not tables.path(left).exists()
            assert tables.path(kept["room"]).exists()
            seat.close()
        finally:
            remote.close()
