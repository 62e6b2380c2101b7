"""A host: one asyncio WebSocket server serving one or more matches (rooms) to remote seats.

    host = Host(port=0)                   # 127.0.0.1, a port the system picks
    thread = HostThread(host); thread.start()
    room = thread.call(host.open_room, match)
    room.invites()                        # {seat: Invite} for each human seat, and None:
                                          # the spectators' (`Invite.line()` to copy)

The match stays the master (`tentable.match`): each room subscribes one `SeatClient` per
seat and one for the spectators, and a connection that proves a seat with its secret is
sent that client's numbered messages, from where it says it was (a reconnecting client
gets exactly what it missed). Everything a connection sends is checked first
(`protocol.check`, the seat, the turn, the sequence number, a rate cap); a refusal is a
key and values, changes nothing, and repeated abuse cuts the connection off. The room's
loop moves the computer seats on at the host's pace (the match's `pacer`) and, when
`away_after` is set, hands a seat whose player dropped to a computer until they come
back.

Every call into a match happens on the host's event loop thread: the match is not
thread-safe, and `HostThread.call` is how another thread (the app, a test) reaches it.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import ssl as ssl_module
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tentable import __version__
from tentable.botjobs import run_aside
from tentable.clients import PROTOCOL, SeatClient, refusal
from tentable.events import Applied
from tentable.match import Match
from tentable.net import lobby
from tentable.net.tables import HostedTables
from tentable.net.protocol import (MAX_FRAME, Invite, Refusal, check, encode, refused,
                                   room_code, seat_secret)

log = logging.getLogger(__name__)

HELLO_WAIT = 10.0        # seconds a connection may take to say hello
CLOSE_WAIT = 2.0         # seconds a closing client may take to answer (a flooder: never)
TICK = 0.05              # the longest a room's loop sleeps between looks at its match
RATE, BURST = 50.0, 100  # messages a second a connection may send, and in one burst
STRIKES = 5              # refused messages before a connection is cut off
# connections open at once, and tables made and open, from one address: a client that
# opens connection after connection gets no more than a handful (loopback, this computer
# itself or a proxy in front of the server, is the host's own and not counted)
PER_ADDRESS, ROOMS_PER_ADDRESS = 16, 8
IDLE_AFTER = 1800.0      # seconds a lobby table may stay with nobody connected
POSITION = ("welcome", "applied", "undone", "seat_changed")   # they change what a seat sees
# refusals an honest client meets in a race (a move as the position changed, a seat taken
# a moment before): they do not count towards cutting it off
HONEST = ("net.stale", "net.seat_taken", "net.undo")
# the latest messages a room keeps for each seat: a reconnection or a late joiner from
# before them is told the game anew (`SeatClient.anew`), as complete and often smaller
KEEP = 128
ABUSE, GOING = 1008, 1001                                     # WebSocket close codes


@dataclass(eq=False)
class Link:
    """One connection: the seat it proved (None: a spectator), what it was sent, its
    budget of messages and strikes."""

    ws: ServerConnection
    room: "Room | None" = None
    seat: int | None = None
    bound: bool = False
    sent: int = 0                    # the seq of the next numbered message to send
    strikes: int = 0
    tokens: float = BURST
    refilled: float = 0.0
    rooms_made: int = 0
    address: str = ""                # where it comes from (its IP address)
    anew: str | None = None          # the game told anew, sent before the messages after it
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    async def send(self, frame: dict) -> None:
        await self.send_text(encode(frame))

    async def send_text(self, text: str) -> None:
        async with self.lock:
            await self.ws.send(text)


@dataclass(eq=False)
class Room:
    """A match served to its seats: the secrets, the clients, who is connected."""

    code: str
    match: Match
    address: tuple[str, int, bool]
    secrets: dict[int, str]
    spectator: str
    public: bool = False
    from_lobby: bool = False
    made_by: str = ""                                       # the address it was made from
    clients: dict[int | None, SeatClient] = field(default_factory=dict)
    links: dict[int, Link] = field(default_factory=dict)
    watchers: set[Link] = field(default_factory=set)
    away: dict[int, float] = field(default_factory=dict)    # seat -> since when
    handed: set[int] = field(default_factory=set)           # seats a computer plays
    claimed: set[int] = field(default_factory=set)          # seats taken in the lobby
    closed: bool = False
    held: bool = False            # its computers wait (the host's player has not started)
    nudge: asyncio.Event = field(default_factory=asyncio.Event)
    pacer: asyncio.Future | None = None                     # the loop that paces it
    keeper: Callable[["Room"], None] | None = None          # writes it down (HostedTables)
    quiet_since: float | None = None                        # nobody connected since then
    kept: tuple = ()                                        # what was written down last

    def invite(self, seat: int | None) -> Invite:
        host, port, tls = self.address
        secret = self.spectator if seat is None else self.secrets[seat]
        return Invite(host, port, self.code, secret, tls)

    def invites(self) -> dict[int | None, Invite]:
        """An invite for each human seat, and (key None) the spectators'."""
        return {**{seat: self.invite(seat) for seat in self.secrets}, None: self.invite(None)}

    def seat_of(self, secret: str) -> tuple[bool, int | None]:
        """(found, seat) for a secret; every secret compared in constant time."""
        found, seat = False, None
        for candidate, known in self.secrets.items():
            if hmac.compare_digest(known, secret):
                found, seat = True, candidate
        if hmac.compare_digest(self.spectator, secret):
            found, seat = True, None
        return found, seat

    def open_seats(self) -> list[int]:
        return [seat for seat in self.secrets if seat not in self.claimed | set(self.links)]

    def flush(self) -> None:
        """Wake every connection's writer: new messages may wait in its client; and write
        the table down if a move was made or a seat taken since it last was."""
        for link in (*self.links.values(), *self.watchers):
            link.wake.set()
        if self.keeper is None:       # every tick of the room's loop: nothing to write
            return
        now = (len(self.match.history), tuple(sorted(self.claimed)),
               tuple(sorted(self.match.assisted)))
        if now != self.kept:
            self.kept = now
            self.keeper(self)

    def tell(self, message: dict) -> None:
        """A message of the host's own to every seat, numbered in each seat's stream
        (a seat away, back): a reconnecting client is told it with what it missed."""
        for client in self.clients.values():
            client.receive(message)
        self.flush()


class Host:
    def __init__(self, *, host: str = "127.0.0.1", port: int = 0,
                 ssl: ssl_module.SSLContext | None = None, lobby: bool = False,
                 pace: float = 0.6, away_after: float | None = None,
                 stand_in: str = "easy", clock: Callable[[], float] = time.monotonic,
                 rate: float = RATE, burst: int = BURST, strikes: int = STRIKES,
                 max_rooms: int = 200, tables: HostedTables | None = None,
                 per_address: int = PER_ADDRESS, rooms_per_address: int = ROOMS_PER_ADDRESS,
                 count_loopback: bool = False, idle_after: float | None = IDLE_AFTER,
                 keep: int | None = KEEP, replace: bool = True) -> None:
        """`pace`: seconds between computer moves (a person follows them); `away_after`:
        seconds after which a dropped seat is played by the computer (`stand_in`), None:
        never; `lobby`: whether connections may create and list tables (`tentable serve`);
        `tables`: where the tables are written down after every move, to be served again
        after a restart (`resume`), None: nowhere; `per_address`, `rooms_per_address`: the
        connections open at once and the lobby tables open that one address may have
        (loopback counted only with `count_loopback`: tests); `idle_after`: seconds after
        which a lobby table nobody is connected to closes (None: never); `keep`: the
        latest messages kept for each seat (`KEEP`; None: every one); `replace`: whether
        a seat's invite used while the seat is connected takes it over (a line that died
        unnoticed), else it is refused (net.seat_taken: a table hosted from the app)."""
        self.bind, self.port, self.ssl = host, port, ssl
        self.lobby, self.pace, self.away_after, self.stand_in = lobby, pace, away_after, stand_in
        self.clock, self.rate, self.burst, self.max_strikes = clock, rate, burst, strikes
        self.max_rooms = max_rooms
        self.tables = tables
        self.per_address, self.rooms_per_address = per_address, rooms_per_address
        self.count_loopback, self.idle_after = count_loopback, idle_after
        self.keep, self.replace = keep, replace
        self.connections: dict[str, int] = {}       # address -> connections open
        self.rooms: dict[str, Room] = {}
        self._server = None
        self._tasks: set[asyncio.Task] = set()
        self.frames_in = self.frames_out = 0

    # -- the server ------------------------------------------------------------------
    async def start(self) -> int:
        """Listen; returns the port."""
        self._server = await serve(self._serve, self.bind, self.port, ssl=self.ssl,
                                   max_size=MAX_FRAME, max_queue=16, compression=None,
                                   ping_interval=20, ping_timeout=20, open_timeout=HELLO_WAIT,
                                   close_timeout=CLOSE_WAIT)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        for room in list(self.rooms.values()):
            self.close_room(room)
        if self.tables is not None:       # what was written down stays, to be resumed
            await asyncio.get_running_loop().run_in_executor(None, self.tables.flush)
        if self._server is not None:
            self._server.close()
            await asyncio.wait_for(self._server.wait_closed(), HELLO_WAIT)
        for task in list(self._tasks):
            task.cancel()

    @property
    def address(self) -> tuple[str, int, bool]:
        return self.bind, self.port, self.ssl is not None

    # -- rooms ------------------------------------------------------------------------
    def open_room(self, match: Match, *, public: bool = False, from_lobby: bool = False,
                  address: tuple[str, int, bool] | None = None, code: str | None = None,
                  secrets: dict[int, str] | None = None,
                  spectator: str | None = None) -> Room:
        """Serve `match` (on the loop's thread): a room code, a secret per human seat and
        one for the spectators (those given: a table served again), and the loop that
        paces its computer seats."""
        while code is None or code in self.rooms:
            code = room_code()
        room = Room(code, match, address or self.address,
                    secrets or {seat: seat_secret() for seat in match.humans},
                    spectator or seat_secret(), public=public, from_lobby=from_lobby)
        room.clients = {seat: match.join(seat) for seat in (*match.state.seats, None)}
        for client in room.clients.values():
            client.keep = self.keep
        room.quiet_since = self.clock()
        match.light = run_aside          # a light bot's thinking never holds the other rooms
        self.rooms[code] = room
        if self.tables is not None:
            room.keeper = self.tables.keep
            room.flush()
        room.pacer = self._spawn(self._pace(room))
        return room

    def resume(self) -> list[str]:
        """Serve again every table written down before (`tables`); what could not be."""
        return self.tables.resume(self) if self.tables is not None else []

    def close_room(self, room: Room) -> None:
        room.closed = True
        room.nudge.set()
        self.rooms.pop(room.code, None)
        for link in (*room.links.values(), *room.watchers):
            self._spawn(link.ws.close(GOING, "net.closed"))
        for client in room.clients.values():
            client.leave()
        room.match.close()

    async def _pace(self, room: Room) -> None:
        """Play the computer seats' moves, one each `pace` seconds, while the room is open;
        hand a seat away too long to the computer."""
        match = room.match
        match.pacer.pace = self.pace          # the match paces its computers (`pacing`)
        while not room.closed:
            # a room held (hosted from the app, not started yet): its computers wait
            if any(isinstance(event, Applied) for event in match.pacer.step(not room.held)):
                room.flush()
                # with no pace still yield: the other rooms and connections go on meanwhile
                await asyncio.sleep(0)
                continue
            # a move waiting for its pause: wake for it (a held room's: when nudged)
            due = None if room.held else match.pacer.due_in()
            self._hand_over(room)
            room.flush()
            room.nudge.clear()
            try:
                await asyncio.wait_for(room.nudge.wait(), TICK if due is None else min(TICK, due))
            except asyncio.TimeoutError:
                pass
            if room.from_lobby and match.is_over and not room.links and not room.watchers:
                self.close_room(room)
            elif room.from_lobby and self._idle(room):
                self.close_room(room)
                if self.tables is not None:       # not to be served again either
                    self.tables.forget(room.code)

    def _idle(self, room: Room) -> bool:
        """Has nobody been connected to `room` for `idle_after` seconds?"""
        return (self.idle_after is not None and room.quiet_since is not None
                and self.clock() - room.quiet_since >= self.idle_after)

    def _hand_over(self, room: Room) -> None:
        if self.away_after is None:
            return
        for seat, since in list(room.away.items()):
            if seat not in room.handed and self.clock() - since >= self.away_after:
                room.match.hand_over(seat, self.stand_in)
                room.handed.add(seat)

    # -- a connection -----------------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        link = Link(ws, tokens=self.burst, refilled=self.clock(), address=self._counted(ws))
        writer = None
        if link.address:        # counted from the start: a hello may take its time
            self.connections[link.address] = self.connections.get(link.address, 0) + 1
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), HELLO_WAIT)
                self.frames_in += 1
                if link.address and self.connections[link.address] > self.per_address:
                    raise Refusal("net.busy", most=self.per_address)
                await link.send(self._welcome(link, check(first)))
            except Refusal as refusal:
                await link.send(refusal.frame())
                await ws.close(ABUSE, refusal.key)
                return
            except asyncio.TimeoutError:
                await ws.close(ABUSE, "net.hello")
                return
            writer = asyncio.create_task(self._write(link))
            async for text in ws:
                self.frames_in += 1
                try:
                    self._spend(link)
                    await self._handle(link, check(text))
                except Refusal as refusal:
                    await link.send(refusal.frame())
                    if refusal.key not in HONEST:
                        link.strikes += 1
                    if link.strikes >= self.max_strikes:
                        await ws.close(ABUSE, "net.abuse")
                        break
                except _Bye:
                    await ws.close()
                    break
        except ConnectionClosed:
            pass
        finally:
            if writer is not None:
                writer.cancel()
            self._detach(link)
            if link.address:
                self.connections[link.address] -= 1
                if not self.connections[link.address]:
                    del self.connections[link.address]

    def _counted(self, ws: ServerConnection) -> str:
        """The address a connection is counted under, "" for one not counted."""
        try:
            address = str(ws.remote_address[0])
        except (TypeError, IndexError):
            return ""
        loopback = address in ("127.0.0.1", "::1") or address.startswith("127.")
        return "" if loopback and not self.count_loopback else address

    def rooms_from(self, address: str) -> int:
        """The lobby tables made from `address` that are still open."""
        return sum(room.made_by == address for room in self.rooms.values())

    def _spend(self, link: Link) -> None:
        """The rate cap: a token per message, `rate` tokens a second, at most `burst`."""
        now = self.clock()
        link.tokens = min(self.burst, link.tokens + (now - link.refilled) * self.rate)
        link.refilled = now
        if link.tokens < 1:
            raise Refusal("net.flood", rate=self.rate)
        link.tokens -= 1

    def _welcome(self, link: Link, message: dict) -> dict:
        """Check a hello and bind the connection to its seat (or the lobby); the answer."""
        if message["type"] != "hello":
            raise Refusal("net.hello")
        if message["protocol"] != PROTOCOL:
            raise Refusal("net.version", protocol=PROTOCOL, app=__version__)
        if message.get("room") is None:
            if not self.lobby:
                raise Refusal("net.no_lobby")
            link.bound = True
            return lobby.joined()
        room = self.rooms.get(message["room"].upper())
        if room is None or room.closed:
            raise Refusal("net.room")
        found, seat = room.seat_of(message.get("secret") or "")
        if not found:
            raise Refusal("net.secret")
        client = room.clients[seat]
        seq = message.get("seq")
        last = client.next_seq - 1
        if seq is not None and (seq > last or not client.kept_since(seq + 1)):
            raise Refusal("net.seq", last=last)       # join from the start: told anew
        if seat is not None and seat in room.links and not self.replace:
            raise Refusal("net.seat_taken", seat=seat)
        link.room, link.seat, link.bound = room, seat, True
        room.quiet_since = None
        link.sent = 0 if seq is None else seq + 1
        if seq is None and client.first > 0:          # older messages let go
            link.anew, link.sent = client.anew(), client.next_seq
        if seat is None:
            room.watchers.add(link)
        else:
            old = room.links.get(seat)
            if old is not None:                 # the same seat again: the newer connection
                old.room, old.bound = None, False   # wins (the older is often a dead line)
                self._spawn(self._cut(old, "net.replaced"))
            room.links[seat] = link
            room.claimed.add(seat)
            if seat in room.handed:
                room.handed.discard(seat)
                room.match.take_back(seat)
            if room.away.pop(seat, None) is not None:
                room.tell({"type": "back", "seat": seat})
        link.wake.set()
        room.nudge.set()
        return {"type": "joined", "room": room.code, "seat": seat, "protocol": PROTOCOL,
                "app": __version__, "away": sorted(room.away), "last": last}

    def cut(self, link: Link, key: str) -> None:
        """Close a connection with a reason (its seat given back, taken by another)."""
        self._detach(link)
        link.bound = False
        self._spawn(self._cut(link, key))

    async def _cut(self, link: Link, key: str) -> None:
        try:
            await link.send(refused(key))
            await link.ws.close(ABUSE if key != "net.replaced" else GOING, key)
        except ConnectionClosed:
            pass

    def _detach(self, link: Link) -> None:
        room = link.room
        if room is None:
            return
        link.room = None
        room.watchers.discard(link)
        if link.seat is not None and room.links.get(link.seat) is link:
            del room.links[link.seat]
            if not room.closed and not room.match.is_over:
                room.away[link.seat] = self.clock()
                room.tell({"type": "away", "seat": link.seat})
        if not room.links and not room.watchers:
            room.quiet_since = self.clock()
        room.nudge.set()

    async def _write(self, link: Link) -> None:
        """Send the seat's numbered messages as they arrive, oldest first."""
        try:
            while True:
                await link.wake.wait()
                link.wake.clear()
                room = link.room
                if room is None:
                    return
                if link.anew is not None:
                    text, link.anew = link.anew, None
                    await link.send_text(text)
                    self.frames_out += 1
                for text in room.clients[link.seat].texts_since(link.sent):
                    await link.send_text(text)       # numbered and encoded once, kept so
                    self.frames_out += 1
                    link.sent += 1
        except ConnectionClosed:
            pass

    async def _handle(self, link: Link, message: dict) -> None:
        kind = message["type"]
        if kind == "bye":
            raise _Bye
        if kind == "hello":
            raise Refusal("net.hello_again")
        if not link.bound:                  # a newer connection took this one's seat
            raise Refusal("net.replaced")
        if link.room is None:
            if kind in lobby.REQUESTS and self.lobby:
                await link.send(lobby.answer(self, link, message))
                return
            raise Refusal("net.kind", kind=kind)
        if kind in lobby.REQUESTS:
            raise Refusal("net.kind", kind=kind)
        room, seat = link.room, link.seat
        if kind == "legal":
            await link.send(self._legal(room, seat, message))
            return
        if seat is None:
            raise Refusal("net.spectator")
        self._check_seq(room.clients[seat], message.get("seq"))
        if kind == "submit":
            room.match.submit(seat, message["actions"])
        elif kind == "undo":
            why = room.match.undo_refusal(seat)
            if why is not None:
                raise Refusal("net.undo", why=why)
            room.match.undo(seat)
        room.flush()
        room.nudge.set()

    @staticmethod
    def _legal(room: Room, seat: int | None, message: dict) -> dict:
        """What a seat's messages do not say: its legal actions now, why it may not take
        back (None: it may), and why each action it asks about would be refused (None:
        it would not). It changes nothing."""
        match, why = room.match, {}
        for action in message.get("why", ()):
            try:                     # a spectator's question too: not its turn
                refused_now = match.why_not(seat, action)
            except Exception:        # noqa: BLE001 - garbage an engine did not expect
                raise Refusal("net.field", field="why") from None
            why[action] = None if refused_now is None else refusal(refused_now)
        return {"type": "legal", "id": message["id"],
                "actions": [] if seat is None else match.legal_actions(seat),
                "undo": match.undo_refusal(seat), "why": why,
                "last": room.clients[seat].next_seq - 1}

    @staticmethod
    def _check_seq(client: SeatClient, seq: int | None) -> None:
        """A gesture made on a view the seat has since seen change is refused (net.stale):
        the player must see the position they act on. A seq the host never sent: net.seq."""
        if seq is None:
            return
        last = client.next_seq - 1
        if seq > last:
            raise Refusal("net.seq", last=last)
        if not client.kept_since(seq + 1):
            raise Refusal("net.stale", last=last)
        if any(m["type"] in POSITION for m in client.since(seq + 1)):
            raise Refusal("net.stale", last=last)

    def _spawn(self, coroutine) -> asyncio.Future:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None and \
                not isinstance(task.exception(), ConnectionClosed):
            log.error("host task failed", exc_info=task.exception())


class _Bye(Exception):
    """A client said goodbye."""


class HostThread:
    """A host on an event loop of its own thread: the app (or a test) keeps its own loop
    and reaches the matches through `call`, which runs a function on the host's thread."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="tentable-host",
                                        daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        self._thread.start()
        return asyncio.run_coroutine_threadsafe(self.host.start(), self.loop).result(timeout)

    def call(self, function: Callable[..., Any], *args: Any, timeout: float = 10.0) -> Any:
        async def run():
            return function(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def stop(self, timeout: float = 10.0) -> None:
        if not self._thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self.host.stop(), self.loop).result(timeout)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout)
            if not self._thread.is_alive():
                self.loop.close()
