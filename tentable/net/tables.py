"""A host's tables on disk: each open table's game and the secrets of its invites, written
after every move, so that a host that quits or crashes serves the same tables again and
everyone rejoins with the invite they had (issue #41, item 5).

    host = Host(port=4710, lobby=True, tables=HostedTables())   # data folder/hosted/
    await host.start()
    host.resume()              # every table kept there, open again under its room code

A table is written off the event loop (a thread of its own: fsync never holds up the
tables), within half a second of each move and each seat taken or given back; a move the
host had no time to write before a crash is lost, like a move made as the power went. The files hold
the seed and every seat's secret: they are the host's, like its autosave, and nothing in
them goes on the wire but what a seat is sent anyway. A file that cannot be read is set
aside (`userfiles.set_aside`) and the other tables are served; a finished game's file is
removed (its players have seen the end).
"""
from __future__ import annotations

import logging
import re
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tentable import userfiles
from tentable.engine import SetupError
from tentable.match import Match
from tentable.session import Session
from tentable.store import check_record

if TYPE_CHECKING:
    from tentable.net.host import Host, Room

log = logging.getLogger(__name__)

VERSION = 1
FOLDER = "hosted"
CODE = re.compile(r"[A-Z0-9]{4,12}")
SECRET = re.compile(r"[A-Za-z0-9_-]{8,64}")


class HostedTables:
    """The folder a host keeps its tables in, a file per room (`<room code>.json`), written
    by one thread of its own at most every `period` seconds: the moves made meanwhile at a
    table become one write (a busy server does not fsync once a move per table)."""

    def __init__(self, folder: Path | None = None, period: float = 0.5,
                 extra: dict | None = None) -> None:
        """`extra`: fields written into every table's file besides the table's own (the
        app writes which seat is its player's)."""
        self.folder = folder if folder is not None else userfiles.data_dir() / FOLDER
        self.period = period
        self.extra = dict(extra or {})
        self.failed: list[str] = []         # what could not be written, for the log
        self._due: dict[str, dict | None] = {}    # room code -> its data, None: remove it
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        threading.Thread(target=self._run, daemon=True, name="hosted-tables").start()

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    # -- writing ---------------------------------------------------------------------
    def keep(self, room: "Room") -> None:
        """Write the room's table down as it is now (soon, off the caller's thread); a
        finished game's file goes."""
        self._ask(room.code, None if room.match.is_over else {**table_data(room), **self.extra})

    def forget(self, code: str) -> None:
        self._ask(code, None)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every table asked for is on disk (the host stopping)."""
        return self._idle.wait(timeout)

    def _ask(self, code: str, data: dict | None) -> None:
        with self._lock:
            self._due[code] = data
            self._idle.clear()
        self._wake.set()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                due, self._due = self._due, {}
            for code, data in due.items():
                try:
                    if data is None:
                        userfiles.remove_file(self.path(code))
                    else:
                        userfiles.write_versioned(self.path(code), data, VERSION)
                except (OSError, ValueError) as exc:
                    self._failed(exc)
            with self._lock:
                if not self._due:
                    self._idle.set()
            time.sleep(self.period)     # what comes meanwhile waits for the next round

    def _failed(self, exc: Exception) -> None:
        message = f"a hosted table could not be kept ({type(exc).__name__}: {exc})"
        self.failed.append(message)
        log.warning(message)

    # -- reading ---------------------------------------------------------------------
    def kept(self, taken: Any = ()) -> tuple[list[tuple[dict, Match]], list[str]]:
        """Every table kept in the folder, checked, with its match set up again:
        ([(its file's fields, match)], the messages of the files set aside). `taken`: the
        room codes open already (a file naming one is set aside)."""
        found, problems = [], []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            data, problem = userfiles.read_json(path, VERSION)
            if problem:
                problems.append(problem)
            if data is None:
                continue
            try:
                fields = {**data, **checked(data)}
                if fields["room"] in taken or path.stem != fields["room"]:
                    raise userfiles.DamagedFile("it names a room that is open already")
                found.append((fields, Match(Session.from_record(fields["record"]))))
            except (userfiles.DamagedFile, SetupError, ValueError) as exc:
                problems.append(userfiles.set_aside(path, str(exc)))
        return found, problems

    def resume(self, host: "Host") -> list[str]:
        """Open every table kept in the folder on `host` again, each under its room code
        with its seats' secrets; the messages of the files set aside."""
        found, problems = self.kept(host.rooms)
        for fields, match in found:
            reopen(host, fields, match)
        return problems


def reopen(host: "Host", fields: dict, match: Match,
           address: tuple[str, int, bool] | None = None) -> "Room":
    """A kept table open again on `host` (on its loop's thread), under its room code with
    its seats' secrets; `address`: what its invites name now (None: what they named)."""
    room = host.open_room(match, public=fields["public"], from_lobby=fields["from_lobby"],
                          address=address or fields["address"], code=fields["room"],
                          secrets=fields["secrets"], spectator=fields["spectator"])
    room.claimed.update(fields["claimed"])
    return room


def table_data(room: "Room") -> dict:
    """What a room's file holds: the game so far and how its seats are proved."""
    return {"room": room.code, "record": room.match.record(),
            "secrets": {str(seat): secret for seat, secret in room.secrets.items()},
            "spectator": room.spectator, "public": room.public,
            "from_lobby": room.from_lobby, "claimed": sorted(room.claimed),
            "address": list(room.address)}


def checked(data: dict) -> dict[str, Any]:
    """A room's file, field by field, or DamagedFile saying which field is wrong."""
    def need(ok: bool, problem: str) -> None:
        if not ok:
            raise userfiles.DamagedFile(problem)

    room = data.get("room")
    need(isinstance(room, str) and CODE.fullmatch(room) is not None, "'room' is no room code")
    record = check_record(data.get("record"))
    secrets = data.get("secrets")
    need(isinstance(secrets, dict) and all(
        isinstance(seat, str) and seat.isdigit() and int(seat) < record["players"]
        and isinstance(secret, str) and SECRET.fullmatch(secret)
        for seat, secret in secrets.items()), "'secrets' are not a secret per seat")
    spectator = data.get("spectator")
    need(isinstance(spectator, str) and SECRET.fullmatch(spectator) is not None,
         "'spectator' is no secret")
    address = data.get("address")
    need(isinstance(address, list) and len(address) == 3 and isinstance(address[0], str)
         and type(address[1]) is int and 0 < address[1] < 65536
         and isinstance(address[2], bool), "'address' is not a host, a port and TLS")
    claimed = data.get("claimed")
    need(isinstance(claimed, list) and all(type(s) is int for s in claimed),
         "'claimed' is not a list of seats")
    need(all(isinstance(data.get(k), bool) for k in ("public", "from_lobby")),
         "'public' and 'from_lobby' must be true or false")
    return {"room": room, "record": record, "spectator": spectator,
            "secrets": {int(seat): secret for seat, secret in secrets.items()},
            "address": (address[0], address[1], address[2]), "claimed": claimed,
            "public": data["public"], "from_lobby": data["from_lobby"]}
