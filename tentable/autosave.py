"""The game in progress, written after every action without holding anyone up."""
from __future__ import annotations

import threading
from typing import Callable


class AutosaveWriter:
    """Writes the latest record on a background thread: the frame never waits for a disk
    (fsync can take a while), and a burst of moves becomes one write."""

    def __init__(self, write: Callable[[dict], object],
                 failed: Callable[[Exception], None]) -> None:
        self._write, self._failed = write, failed
        self._pending: dict | None = None
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._stop = False
        threading.Thread(target=self._run, daemon=True, name="autosave").start()

    def save(self, record: dict) -> None:
        with self._lock:
            self._pending = record
            self._idle.clear()
        self._wake.set()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything asked for is on disk (leaving the table, quitting)."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        self.flush()
        self._stop = True
        self._wake.set()

    def _run(self) -> None:
        while not self._stop:
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                record, self._pending = self._pending, None
            if record is not None:
                try:
                    self._write(record)
                except (OSError, ValueError) as exc:
                    self._failed(exc)
            with self._lock:
                if self._pending is None:
                    self._idle.set()
