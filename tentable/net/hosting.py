"""Play with friends: the app hosts one table for its player and their friends.

    hosting = Hosting.start(session, mine=0, port=47100)   # the next free port if taken
    hosting.invites()        # [(seat, name, Invite)] for each friend's seat
    hosting.joined()         # the seats whose players are connected now
    link = hosting.open_own()   # the player's own seat, a `RemoteSeat` over 127.0.0.1
    hosting.release()        # the computers may move: the player has started
    hosting.stop()

A `Host` in a `HostThread` beside the window, listening on every interface (`BIND`) so
that friends on the home network reach it; the invites name this computer's address on
that network (`lan_address`: found without sending a packet anywhere). The player's own
table is a remote seat like the friends', over 127.0.0.1: host and friends play the same
way. The room closes by itself when the game is over and nobody is connected any more
(`Host`'s lobby rule); the hosting is then `finished`, and the app stops it (it stops
listening). A friend's seat away for `AWAY_AFTER` is played by the computer until they
are back. Nothing here knows pygame.
"""
from __future__ import annotations

import asyncio
import socket

from tentable.match import Match
from tentable.net.host import Host, HostThread, Room
from tentable.net.protocol import Invite
from tentable.net.remote import RemoteSeat
from tentable.session import Session

DEFAULT_PORT = 47100     # the port a host listens on, unless the player chose another
PORT_TRIES = 20          # taken: the next port, this many in all
BIND = "0.0.0.0"         # every interface: friends on the home network reach it
AWAY_AFTER = 60.0        # seconds a friend may be gone before the computer plays for them
STAND_IN = "normal"      # the computer level that plays for them meanwhile
TIMEOUT = 5.0            # seconds any call into the host may take
# an address in a private range that nothing needs to answer: a UDP socket "connected"
# to it learns which address of this computer faces the home network; no packet is sent
PROBE = ("10.255.255.255", 1)


def lan_address() -> str:
    """This computer's address on the home network, found without contacting anyone;
    127.0.0.1 where it has none."""
    found = ""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            found = probe.getsockname()[0]
    except OSError:
        pass
    if not found or found.startswith(("0.", "127.")):
        try:
            found = socket.gethostbyname(socket.gethostname())
        except OSError:
            found = ""
    return found if found and not found.startswith("0.") else "127.0.0.1"


def groups(text: str, size: int = 4) -> str:
    """Letters in groups, to read aloud: "K7QX2M" -> "K7Q X2M" (size 3)."""
    return " ".join(text[i:i + size] for i in range(0, len(text), size))


class Hosting:
    """One table this app hosts: its host's thread, the room, the player's own seat."""

    def __init__(self, thread: HostThread, room: Room, mine: int | None) -> None:
        self.thread, self.room, self.mine = thread, room, mine
        self.own: RemoteSeat | None = None
        self.started = False         # the player opened their table: the computers move
        self.stopped = False

    @classmethod
    def start(cls, session: Session, mine: int | None, *, port: int = DEFAULT_PORT,
              bind: str | None = None, address: str | None = None,
              tries: int = PORT_TRIES) -> "Hosting":
        """Host `session` on `port`, or the next free one (`tries` in all): OSError if
        none is. `mine`: the player's own seat (None: they only watch); the others that
        a person plays are their friends'. `address`: what the invites name (None: this
        computer's on the home network); `bind`: where it listens (None: `BIND`)."""
        match = Match(session)
        bind = bind or BIND
        address = address or lan_address()
        failed: OSError | None = None
        for candidate in range(port, port + max(1, tries)):
            host = Host(host=bind, port=candidate, away_after=AWAY_AFTER, stand_in=STAND_IN,
                        idle_after=None, replace=False)
            thread = HostThread(host)
            try:
                thread.start(TIMEOUT)
            except OSError as exc:       # taken (or not ours to listen on): the next one
                failed = exc
                thread.stop(TIMEOUT)
                continue
            room = thread.call(lambda: _open(host, match, address), timeout=TIMEOUT)
            return cls(thread, room, mine)
        match.close()
        raise failed or OSError("no port to listen on")

    # -- what the invite screen shows -------------------------------------------------
    @property
    def port(self) -> int:
        return self.thread.host.port

    @property
    def game_id(self) -> str:
        return self.room.match.session.game_id

    @property
    def names(self) -> list[str]:
        return list(self.room.match.names)

    def friends(self) -> list[int]:
        """The seats a friend plays (every human seat but the player's own)."""
        return [seat for seat in sorted(self.room.secrets) if seat != self.mine]

    def invites(self) -> list[tuple[int, str, Invite]]:
        """(seat, name, invite) for each friend's seat."""
        names = self.names
        return [(seat, names[seat], self.room.invite(seat)) for seat in self.friends()]

    def spectator(self) -> Invite:
        return self.room.invite(None)

    def joined(self) -> set[int]:
        """The seats whose players are connected now (the host's own knowledge)."""
        if self.stopped or not self.thread_alive:
            return set()
        try:
            return self.thread.call(lambda: set(self.room.links), timeout=TIMEOUT)
        except (TimeoutError, RuntimeError, asyncio.CancelledError):
            return set()

    @property
    def thread_alive(self) -> bool:
        return self.thread.loop.is_running()

    @property
    def finished(self) -> bool:
        """The game is over and everyone left (the room closed), or it was stopped."""
        return self.stopped or self.room.closed

    # -- the player's own seat --------------------------------------------------------
    def own_invite(self) -> Invite:
        """The player's own seat, reached over this computer's loopback."""
        return Invite("127.0.0.1", self.port, self.room.code,
                      self.room.secrets[self.mine], self.room.address[2])

    def open_own(self, timeout: float = TIMEOUT) -> RemoteSeat:
        """The player's own seat, connected (NetError if the host refused it)."""
        if self.own is not None:
            self.own.close()
        self.own = RemoteSeat(self.own_invite(), timeout=timeout).connect()
        return self.own

    def release(self) -> None:
        """The player started: the computers may move."""
        self.thread.call(lambda: _release(self.room), timeout=TIMEOUT)
        self.started = True

    def stop(self) -> None:
        """Close the table (friends are told it closed) and stop listening."""
        if self.stopped:
            return
        self.stopped = True
        if self.own is not None:
            self.own.close()
        self.thread.stop(TIMEOUT)


def _open(host: Host, match: Match, address: str) -> Room:
    """On the host's thread: the room, its computers held until the player starts; it
    closes by itself when the game is over and nobody is connected (`from_lobby`)."""
    _, port, tls = host.address
    room = host.open_room(match, from_lobby=True, address=(address, port, tls))
    room.held = True
    return room


def _release(room: Room) -> None:
    room.held = False
    room.nudge.set()
