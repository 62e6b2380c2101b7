"""A seat's window on a match: what one seat (or a spectator) may know, as messages.

boardgame.io's master/client split (one master, one client per `playerID`, every message
filtered by `playerView`) applied to `tentable.match`: the match is the master, and each
`SeatClient` subscribed to it receives only what its seat may know —

    client = match.join(1)                 # seat 1; match.join(None) for a spectator
    client.take()                          # [{"type": "welcome", "view": {...}, ...}]
    client.submit(["play 34"])             # its seat's gesture; the outcome arrives as
    client.take()                          # "applied", "moment", "turn", ... or "refused"

Every message is plain JSON data (what the wire of network play will carry, copied
through `json` so no client holds a reference into the match), numbered from 0 (`seq`) so
a client that missed some can tell. A message never holds the seed, the deck order, the
session's fixed deck or a card its seat cannot see: the views in it are the engine's
`view(seat)` (its secrecy is the engine's, proven by the invariant tests), a refusal goes
to its own seat only, as a text key and values, and a moment carries the view of the
seat it is sent to. Hot seat is several clients on one screen; the curtain between them
is the screen's business.

The messages, by `type`: `welcome` (game, players, names, options, the seat, its view),
`applied` (seat, actions, the view before, after and between the actions of a gesture),
`only_choice`, `undone`, `seat_changed`, `refused` (key, values), `turn`, `moment` (kind,
facts, view), `part_over`, `game_over` (scores, winners), `bot_late`, `bot_failed`,
`save_failed`. `Match` builds them (`Match._publish`); nothing here knows pygame.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

from tentable.engine import IllegalAction, replay
from tentable.engine.errors import Term

if TYPE_CHECKING:
    from tentable.match import Match

PROTOCOL = 1          # the messages' form; network play checks it at the handshake


def wire(value: Any) -> Any:
    """`value` as plain JSON data: tuples become lists, a refusal's terms
    {"term": kind, "value": ...}. A copy: the client never shares the match's objects."""
    return json.loads(json.dumps(value, default=_plain))


def _plain(value: Any) -> Any:
    kind = getattr(value, "kind", None)
    if kind is not None and hasattr(value, "value"):          # a refusal's Term
        return {"term": kind, "value": value.value}
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    raise TypeError(f"not plain data: {type(value).__name__}")


def refusal(exc: IllegalAction | None) -> dict:
    """A refusal as a key and values (None: it was not that seat's turn)."""
    if exc is None:
        return {"key": "refuse.not_your_turn", "values": {}}
    return {"key": exc.key, "values": wire(exc.values)}


def illegal(told: dict) -> IllegalAction:
    """A refusal received as a key and values (`refusal`) as the engine's again: the
    terms it names as `Term`s, so each reader words them (`narration.refusal`)."""
    return IllegalAction(str(told.get("key", "net.refused")),
                         **{name: _term(value) for name, value in
                            (told.get("values") or {}).items()})


def _term(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"term", "value"}:
        inner = value["value"]
        return Term(value["term"], tuple(inner) if isinstance(inner, list) else inner)
    return value


def welcome(match: "Match", seat: int | None) -> dict:
    """The first message a client gets: the game, its seat, its view and the game so far."""
    return {"type": "welcome", "protocol": PROTOCOL, "game": match.session.game_id,
            "seat": seat, "players": len(match.session.seats), "names": match.names,
            "options": match.session.options, "humans": match.humans,
            "automata": match.automata,
            "lowest_wins": match.lowest_wins, "undo": match.undo_allowed,
            "view": match.view(seat), **past(match, seat)}


def past(match: "Match", seat: int | None) -> dict:
    """The game so far as `seat` may be told it (a resumed game's log, a client that
    joins late): `start`, the seat's view as the game began, and `moves`, each action
    as `State.public_action` tells it to the seat, with its mover, the seat's views
    around it, whether it was a human's only move (`only`, played by itself) and
    whether it showed the mover a card it could not see before (`revealed`)."""
    state = replay(match.session.record([]))
    start, moves = state.view(seat), []
    for action in match.history:
        mover, before = state.current_player, state.view(seat)
        only = match.is_human(mover) and state.legal_actions() == [action]
        hidden = state.hidden_cards(mover)
        state.apply(action)
        moves.append({"seat": mover, "action": state.public_action(action, mover, seat),
                      "only": only, "revealed": bool(hidden - state.hidden_cards(mover)),
                      "before": before, "after": state.view(seat)})
    return {"start": start, "moves": moves}


class SeatClient:
    """One seat's subscription to a match (`Match.join`). `seat` None: a spectator, who
    sees only what is public and cannot act.

    Each message is kept as its compact JSON text, as the wire carries it: a host serving
    hundreds of tables keeps every seat's messages (a reconnecting player is sent what it
    missed), and as text they take an eighth of the memory they take as Python objects
    (1 MB, not 7.7, for three clients of a 220-move game of TEN), and are encoded once."""

    def __init__(self, match: "Match", seat: int | None, keep: int | None = None) -> None:
        self.seat = seat
        self._match = match
        self._inbox: list[str] = []
        self._read = 0
        self.closed = False
        # `keep`: at most this many of the latest messages are kept (a host's bound on a
        # long game; None: all). `first`: the number of the oldest kept: whoever needs
        # older ones is told the game anew (`welcome`) and what came after it
        self.keep = keep
        self.first = 0

    # -- what arrived --------------------------------------------------------------
    def receive(self, message: dict) -> None:
        """Called by the match: keep `message`, numbered."""
        if not self.closed:
            self._inbox.append(json.dumps({**message, "seq": self.next_seq},
                                          default=_plain, separators=(",", ":")))
            if self.keep is not None and len(self._inbox) > self.keep:
                dropped = len(self._inbox) - self.keep
                del self._inbox[:dropped]
                self.first += dropped
                self._read = max(0, self._read - dropped)

    @property
    def received(self) -> list[dict]:
        """Every message kept, oldest first (all of them unless `keep` bounds them)."""
        return [json.loads(text) for text in self._inbox]

    @property
    def next_seq(self) -> int:
        """The number the next message will have (how many came so far)."""
        return self.first + len(self._inbox)

    def take(self) -> list[dict]:
        """The messages not taken yet."""
        fresh, self._read = self._inbox[self._read:], len(self._inbox)
        return [json.loads(text) for text in fresh]

    def since(self, seq: int) -> list[dict]:
        """The messages from number `seq` on (a client that missed some asks again)."""
        return [json.loads(text) for text in self.texts_since(seq)]

    def texts_since(self, seq: int) -> list[str]:
        """`since` as the wire carries it: each message's JSON text (what a host sends);
        from the oldest kept if `seq` is older (`kept_since` says whether it is)."""
        return self._inbox[max(0, seq - self.first):]

    def kept_since(self, seq: int) -> bool:
        """Whether every message from number `seq` on is still kept."""
        return seq >= self.first

    def anew(self) -> str:
        """The game told anew as one `welcome`, numbered as the latest message it stands
        for (a client that joins once older messages were let go starts from it)."""
        return json.dumps({**welcome(self._match, self.seat), "seq": self.next_seq - 1},
                          default=_plain, separators=(",", ":"))

    @property
    def view(self) -> dict:
        """The seat's latest view, as the messages gave it."""
        for text in reversed(self._inbox):
            message = json.loads(text)
            if message["type"] in ("applied", "undone", "welcome"):
                return message["view" if message["type"] == "welcome" else "after"]
        return {}

    # -- what the seat may do --------------------------------------------------------
    def submit(self, actions: list[str]) -> None:
        """Play a gesture as this seat; the outcome arrives as messages (a refusal only
        to this client's seat)."""
        if self.closed:
            return
        if self.seat is None:          # a spectator watches
            self.receive({"type": "refused", "seat": None, "actions": list(actions),
                          **refusal(None)})
            return
        self._match.submit(self.seat, actions)

    def undo(self) -> None:
        if not self.closed and self.seat is not None:
            self._match.undo(self.seat)

    def leave(self) -> None:
        """Stop receiving messages."""
        self.closed = True
        self._match.leave(self)


def message(event: Any, seat: int | None, seen: dict | None,
            public: Callable[[str, int, int | None], str]) -> dict | None:
    """What `event` tells the client of `seat`, or None if nothing. `seen`: the seat's
    views that the match kept for this event (before/after/steps of a gesture, a moment's
    view), since an event itself carries only the table's; `public`: the game's
    `State.public_action`, the action as `seat` may be told it."""
    kind = type(event).__name__
    if kind in ("Applied", "Undone", "OnlyChoice"):
        actions = [public(action, event.seat, seat) for action in event.actions]
    if kind == "Applied":
        return {"type": "applied", "seat": event.seat, "actions": actions,
                "before": seen["before"], "after": seen["after"], "steps": seen["steps"]}
    if kind == "Undone":
        return {"type": "undone", "seat": event.seat, "actions": actions,
                "before": seen["before"], "after": seen["after"]}
    if kind == "Moment":
        return {"type": "moment", "kind": event.kind, "facts": event.facts,
                "view": event.views[seat]}
    if kind == "Refused":
        if event.seat != seat:      # a refusal is its own seat's business
            return None
        return {"type": "refused", "seat": seat, "actions": list(event.actions),
                **refusal(event.reason)}
    if kind == "OnlyChoice":
        return {"type": "only_choice", "seat": event.seat, "actions": actions}
    if kind == "SeatChanged":
        return {"type": "seat_changed", "seat": event.seat, "level": event.level}
    if kind == "TurnChanged":
        return {"type": "turn", "seat": event.seat}
    if kind == "PartOver":
        return {"type": "part_over", "part": event.part, "scores": event.scores}
    if kind == "GameOver":        # how the host kept it is the host's business
        return {"type": "game_over", "scores": event.scores, "winners": event.winners}
    if kind == "BotLate":
        return {"type": "bot_late", "seat": event.seat, "level": event.level,
                "instead": event.instead}
    if kind == "BotFailed":       # the error's text stays in the host's log
        return {"type": "bot_failed", "seat": event.seat}
    if kind == "SaveFailed":      # the host's disk and paths are not the seats' business
        return {"type": "save_failed"}
    raise TypeError(f"an event no client can be told: {kind}")
