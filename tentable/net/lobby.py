"""The lobby of a server for many tables (`tentable serve`): a connection that says hello
without a room may create a table, list the public tables' open seats, take one, and
give it back. Each answer is one unnumbered frame (`created`, `tables`, `seat`, `left`)
or a `Refusal`; the tables themselves are rooms of the same host (`tentable.net.host`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from tentable import __version__
from tentable.bots import available_bots, level_of
from tentable.clients import PROTOCOL
from tentable.engine import GAMES, SetupError, new_game
from tentable.match import Match
from tentable.net.protocol import Refusal
from tentable.session import BOT, HUMAN, Seat, Session, random_seed

if TYPE_CHECKING:
    from tentable.net.host import Host, Link

REQUESTS = ("create", "list", "join", "leave")
ROOMS_PER_CONNECTION = 4      # tables one connection may open: creating is not a flood


def joined() -> dict:
    return {"type": "joined", "room": None, "seat": None, "protocol": PROTOCOL,
            "app": __version__}


def answer(host: "Host", link: "Link", message: dict) -> dict:
    return {"create": create, "list": listing, "join": join, "leave": leave}[
        message["type"]](host, link, message)


def create(host: "Host", link: "Link", message: dict) -> dict:
    """A new table: `seats` "human" or a computer level each; the answer holds every
    invite, for the creator to hand out (a public table's open seats are listed too)."""
    if len(host.rooms) >= host.max_rooms:
        raise Refusal("net.full", rooms=host.max_rooms)
    if link.rooms_made >= ROOMS_PER_CONNECTION:
        raise Refusal("net.too_many", most=ROOMS_PER_CONNECTION)
    if link.address and host.rooms_from(link.address) >= host.rooms_per_address:
        raise Refusal("net.too_many", most=host.rooms_per_address)
    game = GAMES.get(message["game"])
    if game is None:
        raise Refusal("net.game", game=message["game"][:40])
    kinds = []
    for kind in message["seats"]:
        level = kind if kind == HUMAN else level_of(kind) or kind
        if level != HUMAN and level not in available_bots(game.id):
            raise Refusal("net.seat_kind", value=kind[:40])
        kinds.append(level)
    if not game.min_players <= len(kinds) <= game.max_players:
        raise Refusal("net.players", low=game.min_players, high=game.max_players)
    if HUMAN not in kinds:
        raise Refusal("net.no_human")
    names = message.get("names") or [f"#{n}" for n in range(1, len(kinds) + 1)]
    if len(names) != len(kinds):
        raise Refusal("net.field", field="names")
    options = message.get("options") or {}
    try:
        new_game(game.id, len(kinds), 0, options)
    except SetupError:
        raise Refusal("net.setup", game=game.id) from None
    seats = tuple(Seat(name, kind=HUMAN) if kind == HUMAN else Seat(name, kind=BOT, bot=kind)
                  for name, kind in zip(names, kinds))
    match = Match(Session(game.id, seats, random_seed(), options))
    room = host.open_room(match, public=bool(message.get("public")), from_lobby=True,
                          address=_address(host, link))
    room.made_by = link.address
    link.rooms_made += 1
    invites = room.invites()
    return {"type": "created", "room": room.code, "game": game.id,
            "invites": {str(seat): invites[seat].line() for seat in room.secrets},
            "spectator": invites[None].line()}


def listing(host: "Host", link: "Link", message: dict) -> dict:
    """The public tables with a seat open."""
    tables = [{"room": room.code, "game": room.match.session.game_id,
               "names": room.match.names, "open": room.open_seats()}
              for room in host.rooms.values()
              if room.public and not room.closed and room.open_seats()]
    return {"type": "tables", "tables": tables}


def join(host: "Host", link: "Link", message: dict) -> dict:
    """Take an open seat of a public table: its invite, to connect with."""
    room = host.rooms.get(message["room"].upper())
    if room is None or not room.public:
        raise Refusal("net.room")
    seat = message["seat"]
    if seat not in room.open_seats():
        raise Refusal("net.seat_taken", seat=seat)
    room.claimed.add(seat)
    return {"type": "seat", "room": room.code, "seat": seat,
            "invite": room.invite(seat).line()}


def leave(host: "Host", link: "Link", message: dict) -> dict:
    """Give a seat back (its connection, if any, is closed): it is open again."""
    room = host.rooms.get(message["room"].upper())
    if room is None:
        raise Refusal("net.room")
    found, seat = room.seat_of(message["secret"])
    if not found or seat is None:
        raise Refusal("net.secret")
    room.claimed.discard(seat)
    connected = room.links.get(seat)
    if connected is not None:
        host.cut(connected, "net.left")
    return {"type": "left", "room": room.code, "seat": seat}


def _address(host: "Host", link: "Link") -> tuple[str, int, bool]:
    """Where the creator reached this server (the request's Host header): the address its
    friends' invites should name, which a server bound to every interface cannot know."""
    bind, port, tls = host.address
    try:
        named = urlsplit("//" + (link.ws.request.headers.get("Host") or ""))
        if named.hostname and named.port:
            return named.hostname, named.port, tls
    except (AttributeError, ValueError):
        pass
    return bind, port, tls
