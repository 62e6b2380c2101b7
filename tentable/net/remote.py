"""A seat of a match on another computer: `RemoteSeat` offers what `SeatClient` offers
(`take()`, `received`, `view`, `submit`, `undo`, `leave`) plus `legal_actions()`, over
the wire of `tentable.net.protocol`; `RemoteLobby` asks a server for many tables.

    seat = RemoteSeat("tentable://127.0.0.1:4711/K7QX2M#...")
    seat.connect()                  # hello, then the seat's messages as they come
    seat.take()                     # [{"type": "welcome", ...}, ...]: never blocks
    seat.submit(["play 34"])        # the outcome arrives as messages

The socket lives on an event loop in a thread of its own, so a frame loop (pygame) calls
`take()` each frame without waiting; every wait here is bounded (`timeout`). A dropped
connection is noticed (`connected` False); `reconnect()` says the last message seen and
gets exactly what it missed.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import json
import ssl as ssl_module
import threading
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from tentable import __version__
from tentable.net.protocol import CLIENT_MAX_FRAME, Invite, encode, hello

TIMEOUT = 10.0


class NetError(Exception):
    """The host refused (`key`, `values`: a text key to word), or could not be reached
    (net.unreachable), or did not answer in time (net.timeout)."""

    def __init__(self, key: str, values: dict | None = None) -> None:
        super().__init__(key)
        self.key, self.values = key, values or {}


class _Line:
    """A connection to a host on an event loop thread of its own."""

    def __init__(self, invite: Invite | str, *, ssl: ssl_module.SSLContext | None = None,
                 timeout: float = TIMEOUT, signal: threading.Event | None = None) -> None:
        self.invite = Invite.parse(invite) if isinstance(invite, str) else invite
        self.ssl, self.timeout, self.signal = ssl, timeout, signal
        self.notices: list[dict] = []       # unnumbered frames no request waited for
        self.closed_by: tuple[int | None, str] | None = None   # the host's close code, reason
        self._changed = threading.Condition()
        self._ws: ClientConnection | None = None
        self._waiting: dict[Any, concurrent.futures.Future] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="tentable-remote")
        self._thread.start()

    @property
    def connected(self) -> bool:
        return self._ws is not None

    def _run(self, coroutine, timeout: float | None = None) -> Any:
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(self.timeout if timeout is None else timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise NetError("net.timeout") from None

    def _open(self, room: str | None, secret: str | None, seq: int | None) -> dict:
        """Connect and say hello; the host's `joined`, or NetError."""
        return self._run(self._hello(room, secret, seq), self.timeout * 2)

    async def _hello(self, room, secret, seq) -> dict:
        context = self.ssl
        if self.invite.tls and context is None:
            context = ssl_module.create_default_context()
        try:
            ws = await connect(self.invite.url, ssl=context if self.invite.tls else None,
                               max_size=CLIENT_MAX_FRAME, open_timeout=self.timeout,
                               close_timeout=self.timeout, compression=None)
        except (OSError, WebSocketException, asyncio.TimeoutError) as exc:
            raise NetError("net.unreachable", {"error": type(exc).__name__}) from None
        try:
            await ws.send(encode(hello(room, secret, seq, __version__)))
            first = json.loads(await asyncio.wait_for(ws.recv(), self.timeout))
        except (ConnectionClosed, asyncio.TimeoutError, ValueError):
            await ws.close()
            raise NetError("net.unreachable", {"error": "hello"}) from None
        if first.get("type") != "joined":
            await ws.close()
            raise NetError(str(first.get("key", "net.refused")), first.get("values"))
        self._ws = ws
        self.closed_by = None
        asyncio.ensure_future(self._read(ws))
        return first

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for text in ws:
                try:
                    frame = json.loads(text)
                except ValueError:
                    continue
                if isinstance(frame, dict):
                    self._arrived(frame)
        except ConnectionClosed:
            pass
        finally:
            if self._ws is ws:
                self._ws = None
                self.closed_by = (ws.close_code, ws.close_reason or "")
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(NetError("net.closed"))
            self._notify()

    def _arrived(self, frame: dict) -> None:
        """On the loop's thread: keep the frame, or hand it to the request it answers."""
        key = ("legal", frame.get("id")) if frame.get("type") == "legal" else "answer"
        if frame.get("type") == "refused" and "seq" not in frame and self._waiting:
            key = next(iter(self._waiting))      # a refusal answers the request waiting
        future = None if "seq" in frame else self._waiting.pop(key, None)
        if future is not None and not future.done():
            future.set_result(frame)
        else:
            with self._changed:
                self._keep(frame)
        self._notify()

    def _keep(self, frame: dict) -> None:
        self.notices.append(frame)

    def _notify(self) -> None:
        with self._changed:
            self._changed.notify_all()
        if self.signal is not None:
            self.signal.set()

    def _request(self, frame: dict, key: Any = "answer") -> dict:
        """Send `frame` and wait (bounded) for the frame that answers it."""
        if self._ws is None:
            raise NetError("net.closed")
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._loop.call_soon_threadsafe(self._waiting.__setitem__, key, future)
        self._send(frame)
        try:
            answer = future.result(self.timeout)
        except concurrent.futures.TimeoutError:
            self._loop.call_soon_threadsafe(self._waiting.pop, key, None)
            raise NetError("net.timeout") from None
        if answer.get("type") == "refused":
            raise NetError(answer.get("key", "net.refused"), answer.get("values"))
        return answer

    def _send(self, frame: dict) -> None:
        """Send without waiting (a frame loop must not block); nothing if disconnected."""
        ws = self._ws
        if ws is None:
            return

        async def send():
            try:
                await ws.send(encode(frame))
            except ConnectionClosed:
                pass
        asyncio.run_coroutine_threadsafe(send(), self._loop)

    def wait_for(self, condition: Callable[[], bool], timeout: float | None = None) -> bool:
        """Wait until `condition()` holds (checked as frames arrive), at most `timeout`."""
        with self._changed:
            return self._changed.wait_for(condition, self.timeout if timeout is None
                                          else timeout)

    def close(self) -> None:
        """Say goodbye, close the socket and stop the thread (bounded)."""
        ws, self._ws = self._ws, None
        if ws is not None and self._thread.is_alive():
            async def bye():
                try:
                    await ws.send(encode({"type": "bye"}))
                    await ws.close()
                except ConnectionClosed:
                    pass
            try:
                self._run(bye())
            except NetError:
                pass
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(self.timeout)
        if not self._thread.is_alive() and not self._loop.is_closed():
            self._loop.close()


class RemoteSeat(_Line):
    """One seat (or a spectator) of a match on a host, with `SeatClient`'s surface."""

    def __init__(self, invite: Invite | str, **kwargs: Any) -> None:
        super().__init__(invite, **kwargs)
        self.seat: int | None = None
        self.room: str | None = None
        self.joined: dict = {}
        self._inbox: list[dict] = []
        self._first = 0              # the number of the first message had: a welcome's
        self._read_upto = 0
        self._ids = itertools.count()

    def connect(self) -> "RemoteSeat":
        """Say hello and wait (bounded) for every message the host had for the seat then:
        afterwards `view` is the seat's view. NetError if refused or not in time."""
        self.joined = self._open(self.invite.room, self.invite.secret, None)
        self.seat, self.room = self.joined["seat"], self.joined["room"]
        return self._caught_up()

    def _caught_up(self) -> "RemoteSeat":
        if not self.wait_for(lambda: self._first + len(self._inbox) > self.joined["last"]):
            raise NetError("net.timeout")
        return self

    def reconnect(self) -> "RemoteSeat":
        """Connect again with the same invite, saying the last message seen: the host
        sends exactly what was missed."""
        old, self._ws = self._ws, None
        if old is not None:
            asyncio.run_coroutine_threadsafe(old.close(), self._loop)
        self.joined = self._open(self.invite.room, self.invite.secret, self.last_seq)
        return self._caught_up()

    def redial(self) -> concurrent.futures.Future:
        """`reconnect` without waiting (a frame loop must not): the future of the host's
        `joined` (or its NetError). A host started again since (`Host.resume`) numbers
        the seat's messages anew: it does not know the last one seen (net.seq), so the
        seat joins it from the start and its messages begin again with a `welcome`."""
        old, self._ws = self._ws, None
        if old is not None:
            asyncio.run_coroutine_threadsafe(old.close(), self._loop)
        return asyncio.run_coroutine_threadsafe(self._rejoin(), self._loop)

    async def _rejoin(self) -> dict:
        room, secret = self.invite.room, self.invite.secret
        try:
            joined = await self._hello(room, secret, self.last_seq)
        except NetError as exc:
            if exc.key != "net.seq":
                raise
            with self._changed:   # a host started again, or one that let older ones go
                self._inbox, self._read_upto, self._first = [], 0, 0
            joined = await self._hello(room, secret, None)
        self.joined = joined
        return joined

    def _keep(self, frame: dict) -> None:
        if isinstance(frame.get("seq"), int):
            if not self._inbox and frame.get("type") == "welcome":
                self._first = frame["seq"]   # the game told anew: it stands for all before
            if frame["seq"] == self._first + len(self._inbox):   # none had twice
                self._inbox.append(frame)
        else:
            self.notices.append(frame)

    # -- what arrived -----------------------------------------------------------------
    @property
    def last_seq(self) -> int | None:
        with self._changed:
            return self._first + len(self._inbox) - 1 if self._inbox else None

    @property
    def received(self) -> list[dict]:
        with self._changed:
            return list(self._inbox)

    def take(self) -> list[dict]:
        with self._changed:
            fresh, self._read_upto = self._inbox[self._read_upto:], len(self._inbox)
        return fresh

    def since(self, seq: int) -> list[dict]:
        with self._changed:
            return self._inbox[max(0, seq - self._first):]

    @property
    def view(self) -> dict:
        with self._changed:
            for message in reversed(self._inbox):
                if message["type"] in ("applied", "undone", "welcome"):
                    return message["view" if message["type"] == "welcome" else "after"]
        return {}

    # -- what the seat may do ---------------------------------------------------------
    def submit(self, actions: list[str], seen: int | None = None) -> None:
        """Play a gesture, made on the view of message `seen` (by default the last one
        arrived); the outcome (or a refusal) arrives as messages."""
        self._send({"type": "submit", "actions": list(actions),
                    "seq": self.last_seq if seen is None else seen})

    def undo(self, seen: int | None = None) -> None:
        self._send({"type": "undo", "seq": self.last_seq if seen is None else seen})

    def legal_actions(self) -> list[str]:
        """What this seat may do now, asked of the host ([] unless it is its turn)."""
        return self.ask()["actions"]

    def ask(self, why: list[str] = ()) -> dict:
        """What the messages do not say, asked of the host (bounded): `actions`, the
        seat's legal actions now; `undo`, why it may not take back now (None: it may);
        `why`, for each action named, its refusal as key and values (None: legal);
        `last`, the last message the host had sent the seat then."""
        ident = next(self._ids)
        frame = {"type": "legal", "id": ident, **({"why": list(why)} if why else {})}
        return self._request(frame, ("legal", ident))

    def ask_soon(self, why: list[str] = ()) -> int:
        """`ask` without waiting (a frame loop must not): the answer, a `legal` frame
        with this id, arrives among the notices (`take_notices`). Its id."""
        ident = next(self._ids)
        self._send({"type": "legal", "id": ident, **({"why": list(why)} if why else {})})
        return ident

    def take_notices(self) -> list[dict]:
        """The unnumbered frames no request waited for (a refusal of a gesture: the
        position changed before it arrived; the answer to `ask_soon`), each once."""
        with self._changed:
            fresh, self.notices = self.notices, []
        return fresh

    def leave(self) -> None:
        self.close()


class RemoteLobby(_Line):
    """A connection to the lobby of `tentable serve`."""

    def connect(self) -> "RemoteLobby":
        self._open(None, None, None)
        return self

    def create(self, game: str, seats: list[str], options: dict | None = None,
               names: list[str] | None = None, public: bool = False) -> dict:
        """A new table: {"room", "invites": {seat: line}, "spectator": line}."""
        return self._request({"type": "create", "game": game, "seats": list(seats),
                              "options": options or {}, "names": names, "public": public})

    def tables(self) -> list[dict]:
        return self._request({"type": "list"})["tables"]

    def join(self, room: str, seat: int) -> str:
        """Take an open seat of a public table: its invite line."""
        return self._request({"type": "join", "room": room, "seat": seat})["invite"]

    def give_back(self, room: str, secret: str) -> None:
        self._request({"type": "leave", "room": room, "secret": secret})
