"""What the network tests share: a host on a thread of its own serving real sockets on
127.0.0.1 (the system picks the port), and tables set up for it. Every wait is bounded."""
from __future__ import annotations

from contextlib import contextmanager

from tentable.match import Match
from tentable.net.host import Host, HostThread
from tentable.session import Seat, Session

WAIT = 10.0          # seconds any one wait may take before the test fails


def match_of(game_id, kinds, seed, options=None):
    seats = tuple(Seat(f"P{i}", kind="human") if kind == "human" else
                  Seat(f"P{i}", kind="bot", bot=kind) for i, kind in enumerate(kinds))
    return Match(Session(game_id, seats, seed, options or {}), undo=True)


@contextmanager
def hosting(**settings):
    """A started host on 127.0.0.1 (its `HostThread`), stopped afterwards."""
    settings.setdefault("pace", 0)
    thread = HostThread(Host(host="127.0.0.1", port=0, **settings))
    thread.start(WAIT)
    try:
        yield thread
    finally:
        thread.stop(WAIT)


@contextmanager
def seats_of(*remotes):
    """Connected `RemoteSeat`s, each closed afterwards."""
    try:
        yield [remote.connect() for remote in remotes]
    finally:
        for remote in remotes:
            remote.close()
