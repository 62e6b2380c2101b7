"""Bot decisions off the caller's thread: one long-lived worker process for the bots that
search, the caller's own thread for the rest.

A `Job` is one `bot.choose(state)`; the caller polls `done`. Its deadline counts thinking
time only: for a worker job the clock starts when the worker starts on it (not while the
process starts up or another job runs), so a busy machine does not make a job late. A job
that is late anyway is abandoned by the caller, which falls back to a cheaper level (see
`tentable.match`); the worker is restarted only if it stays stuck well past the deadline.

The worker is started on first use and shared by every match of the process; `shutdown()`
(also at exit) ends it, so no process outlives the app.
"""
from __future__ import annotations

import atexit
import collections
import itertools
import multiprocessing
import threading
from typing import Callable

from tentable.bots import make_bot

STUCK = 5.0        # seconds past its deadline before a worker still on a job is restarted


class Job:
    """One decision. `action` or `error` is set when `done` is."""

    def __init__(self, seat: int, deadline: float, clock: Callable[[], float]) -> None:
        self.seat = seat
        self.clock = clock
        self.limit = deadline
        self.created = clock()
        self.started: float | None = None        # when the thinking began
        self.action: str | None = None
        self.error: BaseException | None = None
        self.cancelled = False
        self.done = threading.Event()

    def begin(self) -> None:
        self.started = self.clock()

    def finish(self, action: str | None = None, error: BaseException | None = None) -> None:
        self.action, self.error = action, error
        self.done.set()

    @property
    def thinking(self) -> float:
        """Seconds spent thinking so far (0 while it waits to start)."""
        return 0.0 if self.started is None else self.clock() - self.started

    @property
    def late(self) -> bool:
        return not self.done.is_set() and self.thinking > self.limit

    def cancel(self) -> None:
        """Forget the answer: a decision cannot be interrupted, only ignored."""
        self.cancelled = True


def run_inline(bot, state, seat: int, clock: Callable[[], float]) -> Job:
    """A quick bot decides at once on the caller's thread (a light bot answers in
    milliseconds: a thread would only add a frame of delay)."""
    job = Job(seat, float("inf"), clock)
    job.begin()
    try:
        job.finish(bot.choose(state))
    except Exception as exc:  # reported by the caller; the game goes on
        job.finish(error=exc)
    return job


def run_aside(bot, state, seat: int, clock: Callable[[], float]) -> Job:
    """A quick bot decides on a thread of its own: what a host serving many tables uses, so
    that a light bot's tenth of a second does not hold up every other table's messages.
    `state` must be the bot's own copy (`Match._copy_for`): nothing else reads it."""
    job = Job(seat, float("inf"), clock)

    def decide() -> None:
        job.begin()
        try:
            job.finish(bot.choose(state))
        except Exception as exc:  # reported by the caller; the game goes on
            job.finish(error=exc)
    threading.Thread(target=decide, daemon=True, name="tentable-light-bot").start()
    return job


def _serve(requests, replies) -> None:
    """The worker process: decide each request in turn, say when thinking starts. When the
    app is gone (killed, so its ends of the pipes closed under us) there is nobody left to
    answer: the worker ends quietly, exit code 0, for a traceback would land on the
    player's terminal (the worker shares it) long after the app itself had gone."""
    try:
        _decide_each(requests, replies)
    except (BrokenPipeError, ConnectionResetError, EOFError, KeyboardInterrupt):
        return      # (Ctrl-C in that terminal reaches the worker too: the app handles it)


def bot_for(spec: tuple):
    """The bot a job's `spec` names: (bot name, game id, seat, seed, time limit), and
    optionally a smaller iteration count (a test's hint)."""
    name, game_id, seat, seed, time_limit, *rest = spec
    return make_bot(name, game_id, seat, seed, time_limit, iterations=rest[0] if rest else None)


def _decide_each(requests, replies) -> None:
    from tentable.engine import GAMES
    while True:
        try:
            request = requests.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        job_id, spec, data = request
        replies.send(("started", job_id, None))
        try:
            state = GAMES[spec[1]].state_for(data["options"])._from_data(data)
            answer = ("ok", job_id, bot_for(spec).choose(state))
        except Exception as exc:  # sent back and reported like any failed decision
            answer = ("error", job_id, f"{type(exc).__name__}: {exc}")
        replies.send(answer)


def start_process():
    """A new worker process: (the process, the connection to send it requests on, the one
    its replies come on). The caller keeps only its own ends of the pipes, so the worker
    sees the caller's end close (an end of file) when the caller goes."""
    context = multiprocessing.get_context("spawn")
    parent_requests, child_requests = context.Pipe()
    child_replies, parent_replies = context.Pipe()
    process = context.Process(target=_serve, args=(child_requests, parent_replies),
                              daemon=True, name="tentable-bots")
    process.start()
    child_requests.close()
    parent_replies.close()
    return process, parent_requests, child_replies


class Worker:
    """One process that decides for the searching bots, job after job."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process = None
        self._requests = None
        self._jobs: dict[int, Job] = {}
        self._ids = itertools.count(1)
        # Jobs wait here, not in the pipe, and the process gets one at a time: a caller
        # that asks again and again (the hint key held down) never blocks on a full pipe,
        # and a job cancelled while it waits is never worked on.
        self._queue: collections.deque = collections.deque()
        self._sent: int | None = None       # the job the process is on

    @property
    def busy(self) -> bool:
        """A job is being thought about or waits its turn."""
        return self._sent is not None or bool(self._queue)

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def submit(self, spec: tuple, state, seat: int, deadline: float,
               clock: Callable[[], float]) -> Job:
        """`spec` = (bot name, game id, seat, seed, time limit[, iterations]) (`bot_for`);
        `state` is the copy the bot may see (a determinization of its seat's knowledge).
        Never waits for the process: the job is queued here and sent when the process is
        free (see `_send_next_locked`)."""
        job = Job(seat, deadline, clock)
        data = state._to_data()
        with self._lock:
            self._ensure()
            job_id = next(self._ids)
            self._jobs[job_id] = job
            self._queue.append((job_id, spec, data))
            self._send_next_locked()
        return job

    def check(self) -> None:
        """Restart the process if a job it is on is stuck far past its deadline."""
        with self._lock:
            stuck = any(job.started is not None and job.thinking > job.limit + STUCK
                        for job in self._jobs.values())
            if stuck:
                self._stop_locked()

    def shutdown(self) -> None:
        with self._lock:
            self._stop_locked()

    # -- inside ------------------------------------------------------------------
    def _send_next_locked(self) -> None:
        """Send the process its next job still wanted, if it is free."""
        while self._sent is None and self._queue and self._requests is not None:
            job_id, spec, data = self._queue.popleft()
            job = self._jobs.get(job_id)
            if job is None:
                continue
            if job.cancelled:             # nobody waits for its answer any more
                del self._jobs[job_id]
                job.finish(error=RuntimeError("cancelled before it began"))
                continue
            try:
                self._requests.send((job_id, spec, data))
            except (OSError, ValueError) as exc:
                del self._jobs[job_id]
                job.finish(error=exc)
                self._stop_locked()
                return
            self._sent = job_id

    def _ensure(self) -> None:
        if self._process is not None:
            return
        process, parent_requests, child_replies = start_process()
        # each process has its own jobs: when it ends, whatever it still had fails
        self._process, self._requests, self._jobs = process, parent_requests, {}
        threading.Thread(target=self._read, args=(child_replies, self._jobs, process),
                         daemon=True, name="bot-replies").start()

    def _read(self, replies, jobs: dict[int, Job], process) -> None:
        while True:
            try:
                kind, job_id, value = replies.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                job = jobs.get(job_id) if kind == "started" else jobs.pop(job_id, None)
                if kind != "started" and self._sent == job_id and self._jobs is jobs:
                    self._sent = None
                    self._send_next_locked()
            if job is None:
                continue
            if kind == "started":
                job.begin()
            elif kind == "ok":
                job.finish(value)
            else:
                job.finish(error=RuntimeError(value))
        replies.close()
        with self._lock:
            # the process ended: no job may go to it any more (the next starts another)
            requests = None
            if self._process is process:
                requests, self._process, self._requests = self._requests, None, None
                self._queue.clear()
                self._sent = None
            orphans = list(jobs.values())
            jobs.clear()
        if requests is not None:
            requests.close()
        for job in orphans:
            job.finish(error=RuntimeError("the computer player's process stopped"))
        process.join(5.0)      # reap it: no zombie

    def _stop_locked(self) -> None:
        process, requests = self._process, self._requests
        thinking = self._sent is not None
        self._process = self._requests = None
        self._queue.clear()        # their jobs fail with the process (`_read`)
        self._sent = None
        if requests is not None:
            try:
                requests.send(None)
                requests.close()
            except (OSError, ValueError):
                pass
        if process is not None:
            # an idle process ends by itself at the None; one still thinking would only
            # finish a thought nobody waits for: it is stopped at once
            process.join(0.0 if thinking else 0.5)
            if process.is_alive():
                process.terminate()
                process.join(2.0)
            if process.is_alive():
                process.kill()
                process.join()


_worker: Worker | None = None


def worker() -> Worker:
    """The process-wide worker (started on its first job)."""
    global _worker
    if _worker is None:
        _worker = Worker()
        atexit.register(_worker.shutdown)
    return _worker


def busy() -> bool:
    """The process-wide worker thinks about a job or has one waiting."""
    return _worker is not None and _worker.busy


def shutdown() -> None:
    if _worker is not None:
        _worker.shutdown()

