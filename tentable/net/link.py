"""A table's window on a seat another computer hosts: `RemoteLink` answers what a table
asks (`tentable.link`) from the messages the host sent its seat (`tentable.clients`),
as boardgame.io's client holds the latest state it was sent for its playerID.

    seat = RemoteSeat(invite).connect()           # NetError: refused, unreachable
    table = table_for(game)(app, link.session, RemoteLink(seat))

The table draws the seat's latest view and takes its events each frame (`poll`); its
gestures go to the host (`submit`, `undo`) and come back as events. What the messages
lack — whether the seat may take back now, why a move would be refused before it is
sent — is asked of the host as soon as a view arrives, without waiting
(`RemoteSeat.ask_soon`), and the answer taken in a later `poll`: no frame ever waits for
the host. Until it is here the seat waits as for its move's outcome (`busy`); an action
asked about for the first time is "being asked" (net.asking) for that moment, and asked
about ahead on every later view. The legal moves are in the seat's own view. The host paces its
computer players: here nothing is paced but a human's only move, sent once its banner
has been read, like at home. Nothing here knows pygame.
"""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from tentable.clients import illegal
from tentable.engine import IllegalAction
from tentable.events import (Applied, Away, BotFailed, BotLate, Event, GameOver, Moment,
                             OnlyChoice, PartOver, Refused, SaveFailed, SeatChanged,
                             TurnChanged, Undone)
from tentable.match import NOT_YOURS, UNDO_OFF
from tentable.net.protocol import MAX_ACTIONS
from tentable.net.remote import NetError, RemoteSeat
from tentable.session import BOT, HUMAN, RULES, Seat, Session

# a computer at the host, and a friend at another screen: here both only wait for the host
ELSEWHERE = "easy"
MISSING = object()      # the host was not asked yet, or did not answer


class RemoteLink:
    """One seat of a match on a host (a `RemoteSeat` connected), as a table's link."""

    local = False       # the host's game: no restart, no hand-over from here

    def __init__(self, remote: RemoteSeat) -> None:
        self.remote = remote
        messages = remote.take()
        if not messages or messages[0]["type"] != "welcome":
            raise NetError("net.seq")        # the table opens on the game from its start
        welcome = messages[0]
        self.seat: int | None = welcome["seat"]
        self._wondered: dict[str, None] = {}   # actions the table asked about (asked ahead)
        self._closed = False              # closed here: the table left
        # dialling the host again after the connection dropped (`redial`, in the
        # background): the attempt under way, why the last one failed, and how many
        # times the game had to be taken up from a fresh `welcome` (a host started again)
        self._dial: Future | None = None
        self._dial_error: str | None = None
        self.fresh_starts = 0
        self._start(welcome)
        self.session = self._session(welcome)
        self._waiting: list[dict] = messages[1:]    # what came with the welcome

    def _start(self, welcome: dict) -> None:
        """The game as a `welcome` tells it: when the table opens, and again when a host
        started again sends a fresh one (`fresh_starts`)."""
        self._humans = list(welcome["humans"])
        self._automata = list(welcome.get("automata", []))
        self.undo_allowed = bool(welcome["undo"])
        self._past = {"start": welcome["start"], "moves": welcome["moves"]}
        self._moves = len(welcome["moves"])
        self._view: dict = welcome["view"]
        self._result: tuple[list, list[int]] | None = None
        # the host's answers for the view of message `_asked_at`: undo, and why not
        self._asked_at: int | None = -2
        self._undo: object = MISSING
        self._why: dict[str, dict | None] = {}
        self._asking: set[str] = set()    # actions asked about for this view, not answered
        self._answer: int | None = None   # the id of the view's first question, unanswered
        self._only_next = False           # the next move told was the mover's only one
        self._in_flight = False           # a gesture went off; its outcome is not here yet
        # the friends whose connection dropped (the host's "away", until "back"), and
        # those of them the host's computer plays for meanwhile: as the host said at
        # hello (a welcome told anew stands for the messages that said so), then as the
        # messages after it tell
        self.away: set[int] = set(self.remote.joined.get("away", ()))
        self.handed: set[int] = set()
        self._seen: int = welcome["seq"]   # the last message the table was shown

    def _session(self, welcome: dict) -> Session:
        """Who sits where, as this screen sees it: its own seat the one person here; a
        friend at another screen, a computer and an automaton all move at the host. The
        seed is not the seat's business (it fixes every hidden card): 0 stands for it."""
        seats = tuple(
            Seat(name, HUMAN) if i == self.seat else
            Seat(name, RULES) if i in self._automata else Seat(name, BOT, ELSEWHERE)
            for i, name in enumerate(welcome["names"]))
        return Session(welcome["game"], seats, 0, dict(welcome.get("options") or {}))

    # -- who sits where -----------------------------------------------------------------
    def sit(self, seat: int | None) -> None:
        """This screen shows its own seat only."""

    @property
    def automata(self) -> list[int]:
        return list(self._automata)

    @property
    def assisted(self) -> set[int]:
        return set()

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def is_human(self, seat: int | None) -> bool:
        """A person plays `seat`, here or at another screen."""
        return seat is not None and seat in self._humans and seat not in self._automata

    def secret_between(self, seats: list[int]) -> bool:
        return len(set(seats)) > 1         # one screen, one seat: never asked of two

    # -- what the seat may know -----------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """The seat's latest view, whoever asks: this screen holds no other."""
        return self._view

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self._view.get("current_player")

    @property
    def is_over(self) -> bool:
        return self._result is not None

    def _my_turn(self, seat: int | None) -> bool:
        return (seat is not None and seat == self.seat and not self.is_over
                and self._view.get("current_player") == seat)

    def legal_actions(self, seat: int | None) -> list[str]:
        return list(self._view.get("legal_actions", [])) if self._my_turn(seat) else []

    def why_not(self, seat: int | None, action: str) -> IllegalAction | None:
        """None if the move is legal now; else the host's reason (asked once a view)."""
        if not self._my_turn(seat):
            return IllegalAction("refuse.not_your_turn")
        if action in self._view.get("legal_actions", []):
            return None
        told = self._why.get(action, MISSING)
        if told is MISSING:                  # asked now, answered in a later `poll`
            self._wonder(action)
            return IllegalAction("net.asking" if self.remote.connected else "net.closed")
        return None if told is None else illegal(told)

    @property
    def only_choice(self) -> str | None:
        legal = self.legal_actions(self.seat)
        return legal[0] if len(legal) == 1 else None

    @property
    def moves_made(self) -> int:
        return self._moves

    def past(self, seat: int | None) -> dict:
        """The game so far as the host told it to this seat when it joined, and since."""
        return self._past

    def scores(self) -> list:
        return self._result[0] if self._result else []

    def winners(self) -> list[int]:
        return self._result[1] if self._result else []

    def record(self) -> dict | None:
        """The host keeps the game: none here."""
        return None

    kept = None

    def suggest(self, seat: int):
        """No one here may think about the position: the hint lights the legal moves."""
        return None

    # -- the seat's gestures ----------------------------------------------------------------
    def submit(self, seat: int, actions: list[str]) -> list[Event]:
        """Send a gesture; its outcome comes back as events (`poll`)."""
        if not self._my_turn(seat):
            return [Refused(seat, tuple(actions), None)]
        self._in_flight = True
        self.remote.submit(list(actions), self._seen)
        return []

    def play(self, seat: int, actions: list[str]) -> list[Event]:
        """Only the seat's own moves go from here."""
        return self.submit(seat, actions)

    def undo_refusal(self, seat: int | None) -> str | None:
        if not self.undo_allowed:
            return UNDO_OFF
        if not self._my_turn(seat):
            return NOT_YOURS
        return NOT_YOURS if self._undo is MISSING else self._undo   # not told yet: wait

    def undo(self, seat: int) -> list[Event]:
        if self.undo_refusal(seat) is None:
            self._in_flight = True
            self.remote.undo(self._seen)
        return []

    def hand_over(self, seat: int, level: str) -> list[Event]:
        return []             # the host hands a seat away too long to its computer

    def take_back(self, seat: int) -> list[Event]:
        return []

    @property
    def busy(self) -> bool:
        """A gesture went off and its outcome (applied, undone, refused) is not here
        yet, or the host was not heard yet on what this view lacks: the seat waits, as
        for its move's outcome, and plays nothing on a view about to change."""
        return (self._in_flight or self._answer is not None) and self.remote.connected

    # -- what the messages lack, asked ahead -----------------------------------------------
    def _ask_ahead(self) -> None:
        """On a new view, ask the host at once (no wait: the answer comes in a later
        `poll`) whether the seat may take back, and why each action the table asked about
        before is refused now, so the table rarely has to ask again."""
        if self._asked_at == self._seen:
            return
        self._asked_at, self._undo, self._why = self._seen, MISSING, {}
        self._asking, self._answer = set(), None
        if not self._my_turn(self.seat) or not self.remote.connected:
            return
        legal = set(self._view.get("legal_actions", []))
        why = [action for action in self._wondered if action not in legal][-MAX_ACTIONS:]
        self._asking.update(why)
        self._answer = self.remote.ask_soon(why)

    def _wonder(self, action: str) -> None:
        """The table wants to know why `action` is refused: ask (once a view), and ask
        ahead about it on the next views too (the latest `MAX_ACTIONS`)."""
        self._wondered.pop(action, None)
        self._wondered[action] = None
        while len(self._wondered) > MAX_ACTIONS:
            del self._wondered[next(iter(self._wondered))]
        if action not in self._asking and self._asked_at == self._seen:
            self._asking.add(action)
            self.remote.ask_soon([action])

    def _answered(self, answer: dict) -> None:
        """The host's answer to a question: kept if it is about the view shown."""
        if answer.get("id") == self._answer:
            self._answer = None
        if answer.get("last") != self._asked_at or self._asked_at != self._seen:
            return                        # about a view gone since: asked again there
        self._undo = answer.get("undo")
        why = answer.get("why") or {}
        self._why.update(why)
        self._asking.difference_update(why)

    # -- pacing: the host's; a human's only move is sent from here ---------------------------
    pace = 0.0          # the host's own (`Host.pace`), not the player's speed setting
    job = None
    thinking_for = None

    def step(self, still: bool = True) -> list[Event]:
        """The events of the messages that arrived: the host has paced its computers."""
        return self.poll()

    def rest(self) -> None:
        """Nothing to count here: the host paces."""

    def play_only_choice(self) -> list[Event]:
        """Send the seat's only move, once (its banner was read)."""
        only = self.only_choice
        if only is None or self.busy:
            return []
        return self.submit(self.seat, [only])

    def close(self) -> None:
        self._closed = True
        self.remote.close()

    # -- the connection: lost, and dialled again --------------------------------------------
    @property
    def lost(self) -> str | None:
        """None while the seat is connected (or its game is over, or the table left);
        else why not, as a text key: the host's reason for closing, why dialling it
        again failed last, or net.lost (the line dropped)."""
        if self.remote.connected or self.is_over or self._closed:
            return None
        self._dialled()
        if self._dial_error is not None:
            return self._dial_error
        reason = (self.remote.closed_by or (None, ""))[1]
        return reason if reason.startswith("net.") else "net.lost"

    @property
    def dialing(self) -> bool:
        """A dial is under way (one that ended is taken up here: why it failed)."""
        self._dialled()
        return self._dial is not None

    def redial(self) -> None:
        """Dial the host again with the same invite and the last message seen, in the
        background (`RemoteSeat.redial`): `poll` takes up what was missed."""
        if not self.dialing and not self.remote.connected and not self._closed:
            self._dial = self.remote.redial()

    def _dialled(self) -> None:
        """The end of a dial: connected again (a gesture on its way when the line dropped
        is in what was missed, or was never had), or why not."""
        if self._dial is None or not self._dial.done():
            return
        dial, self._dial = self._dial, None
        error = NetError("net.timeout") if dial.cancelled() else dial.exception()
        self._dial_error = getattr(error, "key", "net.unreachable") if error else None
        if error is None:
            self._in_flight, self._asked_at, self._answer = False, -2, None

    # -- the next events ---------------------------------------------------------------------
    def poll(self) -> list[Event]:
        """The events of the messages that arrived since the last call."""
        self._dialled()
        messages, self._waiting = self._waiting + self.remote.take(), []
        events = [event for message in messages for event in self._events(message)]
        for notice in self.remote.take_notices():
            if notice.get("type") == "legal":
                self._answered(notice)
            elif notice.get("type") == "refused":
                self._in_flight = False
                self._answer = None          # a question refused is not waited for
                if notice.get("key") == "net.field":
                    self._wondered.clear()   # not asked again each view: a strike each
                events.append(Refused(self.seat, (), illegal(notice)))
        self._ask_ahead()
        return events

    def _events(self, message: dict) -> list[Event]:
        kind, seat = message["type"], message.get("seat")
        if kind == "welcome":           # a host started again: the game told anew
            self._start(message)
            self.fresh_starts += 1
            return []
        self._seen = message["seq"]
        if kind in ("applied", "undone", "refused") and seat == self.seat:
            self._in_flight = False
        actions = tuple(message.get("actions", ()))
        if kind == "applied":
            self._view, self._moves = message["after"], self._moves + len(actions)
            views = [message["before"], *message["steps"], message["after"]]
            self._past["moves"] += [{"seat": seat, "action": action, "revealed": False,
                                     "only": self._only_next and n == 0,
                                     "before": views[n], "after": views[n + 1]}
                                    for n, action in enumerate(actions)]
            self._only_next = False
            return [Applied(seat, actions, message["before"], message["after"],
                            tuple(message["steps"]))]
        if kind == "undone":
            self._view, self._moves = message["after"], self._moves - len(actions)
            del self._past["moves"][len(self._past["moves"]) - len(actions):]
            return [Undone(seat, actions, message["before"], message["after"])]
        if kind == "moment":
            return [Moment(message["kind"], message["facts"], message["view"],
                           {self.seat: message["view"]})]
        if kind == "game_over":
            self._result = (message["scores"], message["winners"])
            return [GameOver(message["scores"], message["winners"])]
        if kind == "only_choice":
            self._only_next = True
        if kind == "refused":
            return [Refused(seat, actions, illegal(message))]
        if kind in ("away", "back"):
            (self.away.add if kind == "away" else self.away.discard)(seat)
            self.handed.discard(seat)
            return [Away(seat, kind == "away")]
        if kind == "seat_changed" and seat in self.away:
            # the host's computer for a friend away; its end says itself ("back")
            (self.handed.add if message["level"] else self.handed.discard)(seat)
            return [SeatChanged(seat, message["level"], True)] if message["level"] else []
        return _TOLD.get(kind, _nothing)(message)


def _nothing(message: dict) -> list[Event]:
    """A message this table shows nothing of."""
    return []


_TOLD: dict[str, Any] = {
    "only_choice": lambda m: [OnlyChoice(m["seat"], tuple(m["actions"]))],
    "seat_changed": lambda m: [SeatChanged(m["seat"], m["level"])],
    "turn": lambda m: [TurnChanged(m["seat"])],
    "part_over": lambda m: [PartOver(m["part"], m["scores"])],
    "bot_late": lambda m: [BotLate(m["seat"], m["level"], m["instead"])],
    "bot_failed": lambda m: [BotFailed(m["seat"], None)],
    "save_failed": lambda m: [SaveFailed("")],
}
