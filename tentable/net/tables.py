"""A host's tables on disk: each open table's game and the secrets of its invites, written
after every move, so that a host that quits or crashes serves the same tables again and
everyone rejoins with the invite they had (issue #41, item 5).

    host = Host(port=4710, lobby=True, tables=HostedTables())   # data folder/hosted/
    await host.start()
    host.resume()              # every table kept there, open again under its room code

A file is written off the event loop (`AutosaveWriter`: fsync never holds up the other
tables), after each move and each seat taken or given back; a move the host had no time to
write before a crash is lost, like a move a player made as the power went. The files hold
the seed and every seat's secret: they are the host's, like its autosave, and nothing in
them goes on the wire but what a seat is sent anyway. A file that cannot be read is set
aside (`userfiles.set_aside`) and the other tables are served; a finished game's file is
removed (its players have seen the end).
"""
from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tentable import userfiles
from tentable.autosave import AutosaveWriter
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
    """The folder a host keeps its tables in, a file per room (`<room code>.json`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else userfiles.data_dir() / FOLDER
        self._writers: dict[str, AutosaveWriter] = {}
        self.failed: list[str] = []         # what could not be written, for the log

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    # -- writing ---------------------------------------------------------------------
    def keep(self, room: "Room") -> None:
        """Write the room's table as it is now (off the caller's thread); a finished
        game's file goes."""
        if room.match.is_over:
            self.forget(room.code)
            return
        writer = self._writers.get(room.code)
        if writer is None:
            path = self.path(room.code)
            writer = self._writers[room.code] = AutosaveWriter(
                lambda data: userfiles.write_versioned(path, data, VERSION), self._failed)
        writer.save(table_data(room))

    def forget(self, code: str) -> None:
        writer = self._writers.pop(code, None)
        if writer is not None:
            writer.close()
        userfiles.remove_file(self.path(code))

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every table asked for is on disk (the host stopping)."""
        return all(writer.flush(timeout) for writer in list(self._writers.values()))

    def _failed(self, exc: Exception) -> None:
        message = f"a hosted table could not be kept ({type(exc).__name__}: {exc})"
        self.failed.append(message)
        log.warning(message)

    # -- reading ---------------------------------------------------------------------
    def resume(self, host: "Host") -> list[str]:
        """Open every table kept in the folder on `host` again, each under its room code
        with its seats' secrets; the messages of the files set aside."""
        problems = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            data, problem = userfiles.read_json(path, VERSION)
            if problem:
                problems.append(problem)
            if data is None:
                continue
            try:
                found = checked(data)
                if found["room"] in host.rooms or path.stem != found["room"]:
                    raise userfiles.DamagedFile("it names a room that is open already")
                match = Match(Session.from_record(found["record"]))
            except (userfiles.DamagedFile, SetupError, ValueError) as exc:
                problems.append(userfiles.set_aside(path, str(exc)))
                continue
            room = host.open_room(match, public=found["public"],
                                  from_lobby=found["from_lobby"], address=found["address"],
                                  code=found["room"], secrets=found["secrets"],
                                  spectator=found["spectator"])
            room.claimed.update(found["claimed"])
        return problems


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
