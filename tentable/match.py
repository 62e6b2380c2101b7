"""One game being played, without pygame: the state, the seats, the bot jobs, the autosave.

The table, `tentable sim`, `tentable replay` and the tests drive the same `Match`:

    match = Match(session, clock=time.monotonic, save=store.save_autosave)
    match.viewer = 0                      # the seat whose views the events carry
    events = match.submit(0, ["play 34"]) # a human's gesture: Refused, or what happened
    match.pacer.pace = 0.6                # seconds between what is shown and the next
    events = match.pacer.step(still=True) # computer move: its decision, then its move
    match.close()                         # (`poll`/`ready`/`advance` at no pace: sims)

    client = match.join(1)                # or a client per seat: only what seat 1 may know
    client.submit(["play 34"]); client.take()   # (`tentable.clients`; None: a spectator)

Events (`tentable.events`, importable from here too) say what happened: `Applied` (with
the viewer's views before and after), the `Moment`s it went through (a bust, a showdown:
positions the table holds), `TurnChanged`, `PartOver`, `GameOver`, `Refused`, `BotLate`,
`BotFailed`, `SaveFailed`.

Fair bots: every bot decides from `state.determinize(seat, ...)`, a copy in which all its seat
cannot see is resampled, in a simulation as at the table. Light bots answer at once on the
caller's thread; bots that search think in the shared worker process (`tentable.botjobs`)
and a late one is replaced by a cheaper level of the same bot, never by a random move.
"""
from __future__ import annotations

import random
import time
from dataclasses import replace
from functools import wraps
from typing import Callable

from tentable.autosave import AutosaveWriter
from tentable.bots import CPU_HEAVY, fallback, make_bot
from tentable.botjobs import Job, run_inline, worker
from tentable.clients import SeatClient, message, welcome
from tentable.engine import IllegalAction, replay
from tentable.engine.core import State
from tentable.events import (Applied, BotFailed, BotLate, Event, GameOver, Moment,
                             OnlyChoice, PartOver, Refused, SaveFailed, SeatChanged,
                             TurnChanged, Undone)
from tentable.pacing import Pacer
from tentable.session import BOT, HUMAN, Seat, Session, new_key

DEADLINE_SLACK = 1.5     # a searching bot's thinking time may run this far past its limit
SEARCH_LIMIT = 1.0       # seconds per decision of a searching bot with no limit of its own


def quick_fallback(level: str) -> str:
    """The cheaper level that answers at once, for a decision that is already late: down
    the levels (`bots.fallback`) to the first that needs no worker."""
    instead = fallback(level)
    while instead is not None and instead in CPU_HEAVY:
        instead = fallback(instead)
    return instead or level


# Why a human cannot take back a move now (`Match.undo_refusal`); the table words them.
NOTHING, REVEALED, TURN_OVER, NOT_YOURS, UNDO_OFF = (
    "nothing", "revealed", "turn over", "not yours", "off")


def published(method):
    """A method whose events the match's clients (`join`) hear of too, each as its seat
    may: once, when the outermost such call returns (`play_only_choice` calls `submit`)."""
    @wraps(method)
    def publishing(self, *args, **kwargs):
        self._depth += 1
        try:
            events = method(self, *args, **kwargs)
        finally:
            self._depth -= 1
        if self._depth == 0:
            self._publish(events)
        return events
    return publishing


class Match:
    def __init__(self, session: Session, *, clock: Callable[[], float] = time.monotonic,
                 save: Callable[[dict], object] | None = None,
                 time_limit: float | None = None, state: State | None = None,
                 undo: bool = True, keep: Callable[..., object] | None = None) -> None:
        """`save`: where each position's record goes (off the caller's thread); `keep`: how
        the finished game is kept (`tentable.keeping.keep`: archive, statistics, ladder,
        then the autosave forgotten), called once when the game ends; `state`: a position
        to play from instead of the session's (tests, tutorials); `undo`: whether humans
        may take back moves (off in ladder games). Raises SetupError for a bad session or
        record, ValueError for an unknown bot."""
        # the game's identity, in every record from its first autosave on: a game kept
        # before a crash is known again after it (`tentable.keeping`)
        self.session = session if session.key else replace(session, key=new_key())
        self.clock = clock
        self._state = state if state is not None else replay(session.record(session.history))
        self._time_limit = time_limit
        self._bots = {i: self._make_bot(i, seat.bot)
                      for i, seat in enumerate(session.seats)
                      if seat.is_bot and i not in self._state.automata}
        self.undo_allowed = undo and not self._state.one_move_turns   # TEN tiles: never
        # The gestures of the human to move that may be taken back: the position before
        # each (BGA's policy: own moves of this turn, nothing revealed, nobody else moved).
        self._takeback: list[tuple[State, tuple[str, ...]]] = []
        self._no_takeback = NOTHING
        self.viewer: int | None = None
        self._job: Job | None = None
        self._job_level = ""
        self._pending: list[Event] = []      # found off the caller's thread (save errors)
        self._writer = AutosaveWriter(save, self._save_failed) if save is not None else None
        self._keep = keep
        self.kept: object = None        # what keeping the finished game did, once it ended
        self._clients: list[SeatClient] = []
        # how a light computer player decides: at once on the caller's thread (a frame
        # waits a few ms); a host serving many tables sets `botjobs.run_aside`
        self.light: Callable[..., Job] = run_inline
        self._seen_by: dict[int, dict] = {}  # id(event) -> each client seat's views of it
        self._depth = 0
        self.pacer = Pacer(self)     # when a computer's move is due (`tentable.pacing`)

    # -- what anyone may ask ------------------------------------------------------
    @property
    def state(self) -> State:
        """The real state: for tools and tests that set up or inspect a position. Tables
        never read it; they see views."""
        return self._state

    def set_position(self, state: State) -> None:
        """Play on from a position set by hand (tests, tutorials); a decision being made
        for the old position is dropped."""
        self._drop_job()
        self._state = state

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    @property
    def assisted(self) -> set[int]:
        """Human seats a computer played a while (the session's: `Session.with_new_seed`)."""
        return set(self.session.assisted)

    @property
    def humans(self) -> list[int]:
        return self.session.humans

    @property
    def automata(self) -> list[int]:
        return list(self._state.automata)

    @property
    def current_player(self) -> int | None:
        return self._state.current_player

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def history(self) -> list[str]:
        return list(self._state.history)

    @property
    def lowest_wins(self) -> bool:
        return self._state.lowest_wins

    def is_human(self, seat: int | None) -> bool:
        return (seat is not None and seat not in self._state.automata
                and self.session.seats[seat].is_human)

    def view(self, seat: int | None) -> dict:
        """What `seat` may see; in a replay with everyone's cards (`session.reveal`,
        which only a watching session may have) what all the seats see together."""
        if self.session.reveal and seat is not None:
            return self._state.view_all(seat)
        return self._state.view(seat)

    def scores(self) -> list:
        return self._state.scores()

    def winners(self) -> list[int]:
        return self._state.winners()

    def secret_between(self, seats: list[int]) -> bool:
        """Does one of these seats see something another may not (a hand)? Then the screen
        is hidden when it passes between them; in a game with no private information
        (TEN, the open TEN tiles) it need not be."""
        hidden = [self._state.hidden_cards(seat) for seat in seats]
        return any(mine != theirs for mine in hidden for theirs in hidden)

    def legal_actions(self, seat: int | None) -> list[str]:
        """What `seat` may do now: [] unless it is that human's turn."""
        if not self.is_human(seat) or self._state.current_player != seat:
            return []
        return self._state.legal_actions()

    def why_not(self, seat: int | None, action: str) -> IllegalAction | None:
        """None if `seat` may play `action` now; else the engine's refusal (or that it
        is not that seat's turn). Changes nothing."""
        if not self.is_human(seat) or self._state.current_player != seat:
            return IllegalAction("refuse.not_your_turn")
        return None if self._state.is_legal(action) else self._state.refused(action)

    def record(self) -> dict:
        record = self.session.record(self._state.history)
        if self.assisted:
            record["assisted"] = sorted(self.assisted)
        return record

    @property
    def thinking_for(self) -> float | None:
        """Seconds since the computer to move was asked, or None."""
        return None if self._job is None else self.clock() - self._job.created

    # -- the seats' clients -----------------------------------------------------------
    def join(self, seat: int | None) -> SeatClient:
        """Subscribe a client for `seat` (None: a spectator): from now on it receives
        what that seat may know of every event (`tentable.clients`), starting with a
        welcome that holds the seat's view. ValueError for a seat the game has not."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or seat not in self._state.seats):
            raise ValueError(f"no seat {seat!r} in a game of {self._state.players}")
        client = SeatClient(self, seat)
        self._clients.append(client)
        client.receive(welcome(self, seat))
        return client

    def leave(self, client: SeatClient) -> None:
        if client in self._clients:
            self._clients.remove(client)

    def _watching(self) -> set[int | None]:
        return {client.seat for client in self._clients}

    def _publish(self, events: list[Event]) -> None:
        seen_by, self._seen_by = self._seen_by, {}
        for event in events:
            seen = seen_by.get(id(event), {})
            for client in list(self._clients):
                told = message(event, client.seat, seen.get(client.seat),
                               self._state.public_action)
                if told is not None:
                    client.receive(told)

    # -- a human's gesture --------------------------------------------------------
    @published
    def submit(self, seat: int, actions: list[str]) -> list[Event]:
        """Play several actions as one gesture (a whole payment): checked on a copy first,
        then applied and saved once. A refused gesture changes nothing."""
        actions = list(actions)
        if not actions:
            return []
        if not self.is_human(seat) or self._state.current_player != seat:
            return [Refused(seat, tuple(actions), None)]
        trial = self._state.clone()
        revealed = False
        for action in actions:
            if trial.current_player != seat:
                return [Refused(seat, tuple(actions), None)]
            hidden = trial.hidden_cards(seat) if self.undo_allowed else set()
            try:
                trial.apply(action)
            except IllegalAction as exc:
                return [Refused(seat, tuple(actions), exc)]
            # a card the seat could not see before and can now: drawn, flipped, dealt
            revealed = revealed or bool(hidden - trial.hidden_cards(seat))
        before = self._state.clone() if self.undo_allowed else None
        only = [OnlyChoice(seat, tuple(actions))] if self.only_choice == actions[0] else []
        events = only + self._apply(seat, actions)
        self._note_takeback(seat, before, tuple(actions), revealed)
        return events

    # -- a decision with one possible choice ------------------------------------------
    @property
    def only_choice(self) -> str | None:
        """The move of the human to move when it is the one legal action (a skip with
        nothing to buy, a forced payment, a pass with nothing to bid): no real choice, so
        it is played by itself (`play_only_choice`) once the table has shown it. None
        when the human has a choice, or it is not a human's turn."""
        seat = self._state.current_player
        if not self.is_human(seat):
            return None
        legal = self._state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    @published
    def play_only_choice(self) -> list[Event]:
        """Play the human's only move, and the next ones while each is again the only
        one and shows nothing new (a forced payment item by item), as one gesture: what
        `submit` gives (an `OnlyChoice` first)."""
        seat, action = self._state.current_player, self.only_choice
        if action is None:
            return []
        actions, trial = [action], self._state.clone()
        while True:
            hidden = trial.hidden_cards(seat)
            trial.apply(actions[-1])
            if trial.current_player != seat or hidden - trial.hidden_cards(seat):
                break
            legal = trial.legal_actions()
            if len(legal) != 1:
                break
            actions.append(legal[0])
        earlier = len(self._takeback)
        events = self.submit(seat, actions)
        # Undone alone, the same moves would play themselves again: they go back together
        # with the gesture before them in this turn, if any; else nothing goes back.
        if len(self._takeback) > earlier:
            self._takeback.pop()
            if self._takeback:
                position, before = self._takeback[-1]
                self._takeback[-1] = (position, before + tuple(actions))
            else:
                self._no_takeback = NOTHING
        return events

    # -- taking a move back ---------------------------------------------------------
    def undo_refusal(self, seat: int | None) -> str | None:
        """None if `seat` may take back its last gesture now, else why not: NOTHING,
        REVEALED (a card was drawn, flipped or shown), TURN_OVER, NOT_YOURS, UNDO_OFF."""
        if not self.undo_allowed:
            return UNDO_OFF
        if not self.is_human(seat) or self._state.current_player != seat:
            return NOT_YOURS
        return None if self._takeback else self._no_takeback

    @published
    def undo(self, seat: int) -> list[Event]:
        """Take back `seat`'s last gesture of this turn (see `undo_refusal`). It is still
        that seat's turn afterwards: undo never changes whose turn it is."""
        if self.undo_refusal(seat) is not None:
            return []
        position, actions = self._takeback.pop()
        before = self.view(self.viewer)
        seen = {s: {"before": self.view(s)} for s in self._watching()}
        self._state = position
        self.pacer.rest()
        if self._writer is not None:
            self._writer.save(self.record())
        undone = Undone(seat, actions, before, self.view(self.viewer))
        for s, views in seen.items():
            views["after"] = self.view(s)
        self._seen_by[id(undone)] = seen
        return [undone]

    def _note_takeback(self, seat: int, before: State | None, actions: tuple,
                       revealed: bool) -> None:
        """After a human's gesture: keep the position before it if the gesture may be
        taken back, else forget every earlier one too (they cannot be reached again)."""
        if before is None:
            return
        if self._state.current_player != seat:
            self._takeback, self._no_takeback = [], TURN_OVER
        elif revealed:
            self._takeback, self._no_takeback = [], REVEALED
        else:
            self._takeback.append((before, actions))

    # -- a computer player at a human's seat -----------------------------------------
    @published
    def hand_over(self, seat: int, level: str) -> list[Event]:
        """A computer player (`level`) takes over a human's seat until `take_back`. The
        record and the statistics say a computer helped at that seat."""
        if not self.is_human(seat):
            return []
        bot = self._make_bot(seat, level)           # ValueError for an unknown level
        self._set_seat(seat, replace(self.session.seats[seat], kind=BOT, bot=level))
        self.session = replace(self.session, assisted={*self.session.assisted, seat})
        self._bots[seat] = bot
        self._takeback = []
        return [SeatChanged(seat, level)]

    @published
    def take_back(self, seat: int) -> list[Event]:
        """The human returns to a seat handed over; a decision being made for it is
        dropped, so the human plays the seat's turn."""
        if seat not in self.assisted or self.session.seats[seat].kind != BOT:
            return []
        if self._job is not None and self._job.seat == seat:
            self._drop_job()
        # the seat keeps the level that helped as its `bot`: the record says who helped
        self._set_seat(seat, replace(self.session.seats[seat], kind=HUMAN))
        del self._bots[seat]
        self._no_takeback = NOTHING
        return [SeatChanged(seat, "")]

    def _set_seat(self, seat: int, new: Seat) -> None:
        seats = list(self.session.seats)
        seats[seat] = new
        self.session = replace(self.session, seats=tuple(seats))

    @published
    def play(self, seat: int, actions: list[str]) -> list[Event]:
        """Play a gesture for any seat to move, human or not: showcases, tutorials and
        tests that direct every seat. Refused like `submit` when illegal."""
        if self._state.current_player != seat:
            return [Refused(seat, tuple(actions), None)]
        self._drop_job()
        try:
            trial = self._state.clone()
            for action in actions:
                trial.apply(action)
        except IllegalAction as exc:
            return [Refused(seat, tuple(actions), exc)]
        return self._apply(seat, list(actions))

    # -- the computer players -----------------------------------------------------
    @published
    def poll(self) -> list[Event]:
        """Start the decision of a computer to move, or replace a late one. Cheap: call it
        every frame."""
        events, self._pending = self._pending, []
        seat = self._state.current_player
        if seat is None or self.is_human(seat) or seat in self._state.automata:
            return events
        if self._job is None:
            self._job = self._start(seat)
        elif self._job.late:
            late, level = self._job, self._job_level
            late.cancel()
            instead = quick_fallback(level)
            self._job = self._decide_inline(seat, instead)
            events.append(BotLate(seat, level, instead))
        if self._job_level in CPU_HEAVY:
            worker().check()
        return events

    @property
    def ready(self) -> bool:
        """A move of an automaton or a computer player waits to be applied."""
        seat = self._state.current_player
        if seat is None or self.is_human(seat):
            return False
        return seat in self._state.automata or (
            self._job is not None and self._job.done.is_set())

    @property
    def job(self) -> Job | None:
        """The decision being made, if any (tests wait on `job.done`)."""
        return self._job

    @published
    def advance(self) -> list[Event]:
        """Apply the waiting move of an automaton or a computer player (see `ready`)."""
        if not self.ready:
            return []
        seat = self._state.current_player
        if seat in self._state.automata:
            return self._apply(seat, self._state.legal_actions()[:1])
        job, level, self._job = self._job, self._job_level, None
        events: list[Event] = []
        action = job.action
        if job.error is not None or not self._state.is_legal(action):
            events.append(BotFailed(seat, None if job.error is None else str(job.error)))
            action = self._rescue(seat, level)
        return events + self._apply(seat, [action])

    def play_out(self, max_actions: int = 100_000,
                 decided: Callable[[int, float, int], None] | None = None) -> None:
        """Play the game to its end with no one at the screen: every seat a computer or an
        automaton, each decision made at once (simulations, the bench, tournaments).
        `decided(seat, seconds, choices)` hears of every computer decision and its time."""
        if self.humans:
            raise ValueError("play_out needs a match of computer players only")
        state = self._state
        while not state.is_over:
            if len(state.history) >= max_actions:
                raise RuntimeError(f"no end after {max_actions} actions")
            seat = state.current_player
            if seat in state.automata:
                state.apply(state.legal_actions()[0])
                continue
            copy = self._copy_for(seat)
            tick = time.perf_counter()
            action = self._bots[seat].choose(copy)
            if decided is not None:
                decided(seat, time.perf_counter() - tick, len(copy.legal_actions()))
            state.apply(action)

    # -- leaving --------------------------------------------------------------------
    def flush(self) -> bool:
        """Wait until the last position is on disk."""
        return self._writer.flush() if self._writer is not None else True

    def close(self) -> None:
        """Stop waiting for a computer, make sure the last move is on disk, and try once
        more to keep a finished game that could not be kept when it ended (the player may
        have freed the disk meanwhile)."""
        self._drop_job()
        if self._writer is not None:
            self._writer.close()
        if getattr(self.kept, "failed", None):
            self.kept = self._keep_game()

    # -- inside ----------------------------------------------------------------------
    def _drop_job(self) -> None:
        """Stop waiting for the decision being made, if any."""
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def _make_bot(self, seat: int, level: str):
        return make_bot(level, self.session.game_id, seat, self.session.seed * 31 + seat,
                        self._time_limit)

    def _copy_for(self, seat: int) -> State:
        """What a bot may decide from: all its seat cannot see is resampled."""
        seed = random.Random(len(self._state.history)).getrandbits(62)
        return self._state.determinize(seat, seed)

    def _start(self, seat: int) -> Job:
        level = self.session.seats[seat].bot
        if level not in CPU_HEAVY:
            return self._decide_inline(seat, level, self.light)
        bot = self._bots[seat]
        limit = bot.time_limit or SEARCH_LIMIT
        self._job_level = level
        spec = (level, self.session.game_id, seat, self.session.seed * 31 + seat, limit)
        return worker().submit(spec, self._copy_for(seat), seat, limit + DEADLINE_SLACK,
                               self.clock)

    def _decide_inline(self, seat: int, level: str, run: Callable[..., Job] = run_inline) -> Job:
        self._job_level = level
        bot = self._bots[seat] if level == self.session.seats[seat].bot else \
            self._make_bot(seat, level)
        return run(bot, self._copy_for(seat), seat, self.clock)

    def _rescue(self, seat: int, level: str) -> str:
        """A move for a bot that failed: its cheaper levels first; a legal move by lot only
        if every level fails (a bug, reported by BotFailed)."""
        level = fallback(level)
        while level is not None:
            job = self._decide_inline(seat, level)
            if job.error is None and self._state.is_legal(job.action):
                return job.action
            level = fallback(level)
        rng = random.Random(len(self._state.history))
        return self._state.random_action(rng)

    def _apply(self, seat: int, actions: list[str]) -> list[Event]:
        state = self._state
        if not self.is_human(seat):
            self._takeback, self._no_takeback = [], NOTHING   # another seat acted
        before = self.view(self.viewer)
        seen = {s: {"before": self.view(s), "steps": []} for s in self._watching()}
        parts = self._parts_done()
        # moments are kept only while the match applies a move: never in a copy or a bot's
        # rollout, nor for moves a test or a showcase applies to the state by hand
        state.keep_moments, state.moments = True, []
        steps = []
        try:
            for n, action in enumerate(actions, 1):
                state.apply(action)
                if n < len(actions):
                    steps.append(self.view(self.viewer))
                    for s, views in seen.items():
                        views["steps"].append(self.view(s))
        finally:
            state.keep_moments = False
        moments, state.moments = state.moments, []
        self.pacer.rest()
        applied = Applied(seat, tuple(actions), before, self.view(self.viewer), tuple(steps))
        for s, views in seen.items():
            views["after"] = self.view(s)
        self._seen_by[id(applied)] = seen
        events: list[Event] = [applied]
        events += [Moment(m.kind, m.facts, m.views[self.viewer], m.views) for m in moments]
        if self._writer is not None and not (state.is_over and self._keep is not None):
            self._writer.save(self.record())     # a finished game's record: keeping writes it
        if self._parts_done() > parts:
            finished = getattr(state, state.parts)
            events.append(PartOver(len(finished), list(finished[-1])))
        if state.is_over:
            if self._keep is not None:
                self.kept = self._keep_game()
            events.append(GameOver(state.scores(), state.winners(), self.kept))
        elif state.current_player != seat:
            events.append(TurnChanged(state.current_player))
        return events

    def _keep_game(self):
        """Keep the finished game, once the positions before it are on disk (so no late
        write of an earlier position can land after the finished record)."""
        self.flush()
        return self._keep(self.record(), self._state.scores(), self._state.winners())

    def _parts_done(self) -> int:
        name = self._state.parts
        return len(getattr(self._state, name)) if name else 0

    def _save_failed(self, exc: Exception) -> None:
        # on the writer's thread: the next poll reports it
        self._pending.append(SaveFailed(str(exc)))

