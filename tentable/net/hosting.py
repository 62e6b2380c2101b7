"""Play with friends: the app hosts one table for its player and their friends.

    hosting = Hosting.start(session, mine=0, port=47100)   # the next free port if taken
    hosting.invites()        # [(seat, name, Invite)] for each friend's seat
    hosting.joined()         # the seats whose players are connected now
    link = hosting.open_own()   # the player's own seat, a `RemoteSeat` over 127.0.0.1
    hosting.release()        # the computers may move: the player has started
    hosting.stop()           # the app quits: the table stays written down
    hosting.close()          # the player closes the table: nor is it kept

    kept = Kept.read(tables)         # a table hosted before the app crashed or quit
    hosting = Hosting.again(kept, tables=tables)   # its room code, secrets, port if free

A `Host` in a `HostThread` beside the window, listening on every interface (`BIND`) so
that friends on the home network reach it; the invites name this computer's address on
that network (`lan_address`: found without sending a packet anywhere). The player's own
table is a remote seat like the friends', over 127.0.0.1: host and friends play the same
way. The room closes by itself when the game is over and nobody is connected any more
(`Host`'s lobby rule); the hosting is then `finished`, and the app stops it (it stops
listening). A friend's seat away for `AWAY_AFTER` is played by the computer until they
are back. Nothing here knows pygame.

With `tables` (a `HostedTables` of the app's own folder, `APP_FOLDER`) the table is
written down after every move with the player's seat (`mine`), and forgotten when the
game ends or the player closes it; after a crash or a quit mid-game `Kept.read` finds it
and `Hosting.again` hosts it again under the same room code and secrets, on the same
port if it is free: the friends' tables, dialling the same invite, come back by
themselves.
"""
from __future__ import annotations

import asyncio
import socket
from dataclasses import dataclass

from tentable import userfiles
from tentable.match import Match
from tentable.net.host import Host, HostThread, Room
from tentable.net.protocol import Invite
from tentable.net.remote import RemoteSeat
from tentable.net.tables import HostedTables, reopen
from tentable.session import Session

DEFAULT_PORT = 47100     # the port a host listens on, unless the player chose another
PORT_TRIES = 20          # taken: the next port, this many in all
BIND = "0.0.0.0"         # every interface: friends on the home network reach it
AWAY_AFTER = 60.0        # seconds a friend may be gone before the computer plays for them
STAND_IN = "normal"      # the computer level that plays for them meanwhile
PACE = 0.6               # seconds between what was shown and a computer's move (`Host`)
TIMEOUT = 5.0            # seconds any call into the host may take
APP_FOLDER = "hosting"   # in the data folder: the app's table, apart from a server's
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


@dataclass
class Kept:
    """A table the app hosted, written down and not finished: to host again."""

    fields: dict            # its file's (`tentable.net.tables.checked`), and `mine`
    mine: int
    game_id: str
    names: list[str]
    moves: int

    @property
    def room(self) -> str:
        return self.fields["room"]

    @property
    def port(self) -> int:
        return self.fields["address"][1]

    @classmethod
    def read(cls, tables: HostedTables) -> "Kept | None":
        """The table kept in `tables`' folder (the first, should there be more), or None;
        a file that cannot be used is set aside."""
        found, _ = tables.kept()
        chosen = None
        for fields, match in found:
            match.close()              # set up to check it; hosted again on its own
            mine = fields.get("mine")
            if type(mine) is not int or mine not in fields["secrets"]:
                userfiles.set_aside(tables.path(fields["room"]), "'mine' is no friend's seat")
            elif chosen is None:
                record = fields["record"]
                chosen = cls(fields, mine, record["game"], list(match.names),
                             len(record["history"]))
        return chosen

    def drop(self, tables: HostedTables) -> None:
        """Not to be hosted again: forgotten."""
        tables.forget(self.room)
        tables.flush()


class Hosting:
    """One table this app hosts: its host's thread, the room, the player's own seat."""

    def __init__(self, thread: HostThread, room: Room, mine: int | None,
                 tables: HostedTables | None = None) -> None:
        self.thread, self.room, self.mine, self.tables = thread, room, mine, tables
        self.own: RemoteSeat | None = None
        self.started = False         # the player opened their table: the computers move
        self.stopped = False

    @classmethod
    def start(cls, session: Session, mine: int | None, *, port: int = DEFAULT_PORT,
              bind: str | None = None, address: str | None = None,
              tries: int = PORT_TRIES, tables: HostedTables | None = None) -> "Hosting":
        """Host `session` on `port`, or the next free one (`tries` in all): OSError if
        none is. `mine`: the player's own seat (None: they only watch); the others that
        a person plays are their friends'. `address`: what the invites name (None: this
        computer's on the home network); `bind`: where it listens (None: `BIND`);
        `tables`: where it is written down after every move (None: nowhere)."""
        return cls._listen(Match(session), mine, None, port, bind, address, tries, tables)

    @classmethod
    def again(cls, kept: Kept, *, port: int | None = None, bind: str | None = None,
              address: str | None = None, tries: int = PORT_TRIES,
              tables: HostedTables | None = None) -> "Hosting":
        """Host a kept table again at its last move: the same room code and secrets, on
        the port it had (`port`: another) or the next free one; OSError if none is,
        SetupError or ValueError if its record no longer sets up a game."""
        match = Match(Session.from_record(kept.fields["record"]))
        return cls._listen(match, kept.mine, kept.fields, port or kept.port, bind, address,
                           tries, tables)

    @classmethod
    def _listen(cls, match: Match, mine: int | None, kept: dict | None, port: int,
                bind: str | None, address: str | None, tries: int,
                tables: HostedTables | None) -> "Hosting":
        if tables is not None:
            tables.extra["mine"] = mine
        bind = bind or BIND
        address = address or lan_address()
        failed: OSError | None = None
        for candidate in range(port, port + max(1, tries)):
            host = Host(host=bind, port=candidate, pace=PACE, away_after=AWAY_AFTER,
                        stand_in=STAND_IN, idle_after=None, replace=False, tables=tables)
            thread = HostThread(host)
            try:
                thread.start(TIMEOUT)
            except OSError as exc:       # taken (or not ours to listen on): the next one
                failed = exc
                thread.stop(TIMEOUT)
                continue
            room = thread.call(lambda: _open(host, match, address, kept), timeout=TIMEOUT)
            return cls(thread, room, mine, tables)
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
        """Stop listening (friends are told it closed): what was written down stays, to
        be hosted again (the app quits)."""
        if self.stopped:
            return
        self.stopped = True
        if self.own is not None:
            self.own.close()
        self.thread.stop(TIMEOUT)

    def close(self) -> None:
        """The player closes the table on purpose: stopped, and not to be hosted again."""
        self.stop()
        if self.tables is not None:
            self.tables.forget(self.room.code)
            self.tables.flush(TIMEOUT)


def _open(host: Host, match: Match, address: str, kept: dict | None) -> Room:
    """On the host's thread: the room (a kept one under its code and secrets), its
    computers held until the player starts; it closes by itself when the game is over and
    nobody is connected (`from_lobby`)."""
    _, port, tls = host.address
    if kept is not None:
        room = reopen(host, kept, match, (address, port, tls))
    else:
        room = host.open_room(match, from_lobby=True, address=(address, port, tls))
    room.held = True
    return room


def _release(room: Room) -> None:
    room.held = False
    room.nudge.set()
