"""The wire of network play: JSON text frames over a WebSocket, checked before they
reach a match.

A connection opens with the client's `hello`; the host answers `joined` (a seat or the
lobby) or `refused` and closes. After that the host sends the seat's messages exactly as
its `SeatClient` numbered them (`tentable.clients`: they hold only what the seat may
know), and a few unnumbered answers: `legal`, `refused`, the lobby's `created`/`tables`/
`seat`/`left`. Nothing on the wire is English: a refusal is a text key and values, which
each client words in its own language.

Client -> host (every field type-checked here, an unknown field refused):

    hello   {protocol, app, room (str|null: the lobby), secret (str|null), seq (int|null)}
    submit  {actions: [str, ...], seq}   seq: the last message seen; a move made on a view
                                         the seat has not caught up with is refused
    undo    {seq}
    legal   {id, why: [str]}             the legal actions of the connection's own seat,
                                         whether it may take back now, and why each action
                                         in `why` (optional) is refused: what a seat's
                                         messages do not say (a remote table asks once a view)
    bye     {}
    create  {game, seats: ["human"|level, ...], options: {}, names: [str]|null, public}
    list    {}
    join    {room, seat}                 claim an open seat of a public table
    leave   {room, secret}               give a claimed seat back

`check(kind, text)` turns a frame into a checked message or raises `Refusal`.
"""
from __future__ import annotations

import json
import secrets
import string
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from tentable.clients import PROTOCOL

MAX_FRAME = 64 * 1024        # the socket's limit (websockets' max_size): above it, cut off
MAX_MESSAGE = 16 * 1024      # a client's message above this is refused, not read
MAX_ACTIONS = 64             # actions in one gesture (a whole payment is a few)
MAX_TEXT = 200               # an action, a secret, a name, a room code
MAX_OPTIONS = 16             # a table's options
CLIENT_MAX_FRAME = 32 * 1024 * 1024   # what a client accepts: a late joiner's welcome
                                      # holds the game so far, views and all
ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud, typed again
ROOM_LENGTH = 6
SCHEME, TLS_SCHEME = "tentable", "tentables"


class Refusal(Exception):
    """A message the host will not pass on: `key` (a text key, `net.*`) and values."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, values

    def frame(self) -> dict:
        return refused(self.key, **self.values)


def refused(key: str, **values: Any) -> dict:
    return {"type": "refused", "key": key, "values": values}


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"))


# -- what each kind of message may hold ---------------------------------------------
def _text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


def _seq(value: Any) -> bool:
    return value is None or (type(value) is int and -1 <= value < 2**31)


def _texts(value: Any, most: int) -> bool:
    return isinstance(value, list) and 0 < len(value) <= most and all(map(_text, value))


def _optional_text(value: Any) -> bool:
    return value is None or _text(value)


def _scalar_options(value: Any) -> bool:
    """A table's options: a small object of names to plain values (the engine checks
    their meaning: `new_game`)."""
    return isinstance(value, dict) and len(value) <= MAX_OPTIONS and all(
        _text(k) and (v is None or type(v) in (bool, int, float) or _text(v))
        for k, v in value.items())


def _names(value: Any) -> bool:
    return value is None or (_texts(value, 8))


FIELDS: dict[str, dict[str, Any]] = {
    "hello": {"protocol": lambda v: type(v) is int, "app": _text, "room": _optional_text,
              "secret": _optional_text, "seq": _seq},
    "submit": {"actions": lambda v: _texts(v, MAX_ACTIONS), "seq": _seq},
    "undo": {"seq": _seq},
    "legal": {"id": lambda v: type(v) is int and 0 <= v < 2**31,
              "why": lambda v: _texts(v, MAX_ACTIONS)},
    "bye": {},
    "create": {"game": _text, "seats": lambda v: _texts(v, 8), "options": _scalar_options,
               "names": _names, "public": lambda v: type(v) is bool},
    "list": {},
    "join": {"room": _text, "seat": lambda v: type(v) is int and 0 <= v < 8},
    "leave": {"room": _text, "secret": _text},
}
OPTIONAL = {"hello": {"seq", "app"}, "undo": {"seq"}, "legal": {"why"},
            "create": {"options", "names", "public"}}


def check(text: Any) -> dict:
    """A client's frame as a message whose every field has its type, or `Refusal`:
    net.binary, net.size, net.json, net.shape (not an object with a known `type`),
    net.field (a missing, unknown or wrongly typed field, named in `field`)."""
    if not isinstance(text, str):
        raise Refusal("net.binary")
    if len(text) > MAX_MESSAGE:
        raise Refusal("net.size", limit=MAX_MESSAGE)
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):       # deep nesting too: not a message of ours
        raise Refusal("net.json") from None
    if not isinstance(message, dict) or message.get("type") not in FIELDS:
        raise Refusal("net.shape")
    kind = message["type"]
    fields = FIELDS[kind]
    for name in message:
        if name != "type" and name not in fields:
            raise Refusal("net.field", field=name[:MAX_TEXT] if isinstance(name, str) else "?")
    for name, ok in fields.items():
        if name not in message:
            if name in OPTIONAL.get(kind, ()):
                continue
            raise Refusal("net.field", field=name)
        if not ok(message[name]):
            raise Refusal("net.field", field=name)
    return message


def hello(room: str | None, secret: str | None, seq: int | None, app: str) -> dict:
    return {"type": "hello", "protocol": PROTOCOL, "app": app, "room": room,
            "secret": secret, "seq": seq}


# -- rooms, secrets, invites ------------------------------------------------------
def room_code() -> str:
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH))


def seat_secret() -> str:
    return secrets.token_urlsafe(16)          # 128 bits: not guessed over a network


@dataclass(frozen=True)
class Invite:
    """Where a table is and which seat the bearer takes: `tentable://HOST:PORT/ROOM#SECRET`
    (`tentables://` over TLS). An invite without a room is the server's lobby."""

    host: str
    port: int
    room: str | None = None
    secret: str | None = None
    tls: bool = False

    @property
    def url(self) -> str:
        """The WebSocket address to connect to."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}/"

    def line(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        text = f"{TLS_SCHEME if self.tls else SCHEME}://{host}:{self.port}/{self.room or ''}"
        return text + (f"#{self.secret}" if self.secret else "")

    @classmethod
    def parse(cls, line: str) -> "Invite":
        """An invite line as pasted (spaces around it ignored); ValueError if it is none."""
        if not isinstance(line, str) or len(line) > 4 * MAX_TEXT:
            raise ValueError("not an invite")
        parts = urlsplit(line.strip())
        if parts.scheme not in (SCHEME, TLS_SCHEME) or not parts.hostname:
            raise ValueError("not an invite")
        try:
            port = parts.port
        except ValueError:
            raise ValueError("not an invite") from None
        room = parts.path.strip("/").upper() or None
        allowed = set(ROOM_LETTERS)
        if port is None or (room is not None and not (
                len(room) == ROOM_LENGTH and set(room) <= allowed)):
            raise ValueError("not an invite")
        secret = parts.fragment or None
        if secret is not None and not set(secret) <= set(string.ascii_letters
                                                         + string.digits + "-_"):
            raise ValueError("not an invite")
        return cls(parts.hostname, port, room, secret, parts.scheme == TLS_SCHEME)
