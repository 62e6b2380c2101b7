"""The table this app hosts for friends (#41), kept by the app (`app.hosting`) while the
game runs: started from the setup with friends, its invites shown on the invite screen,
the player's own table opened on a remote seat over 127.0.0.1, stopped when the app
closes, when the player closes it, or after the game is over and everyone left.

    hosting = hosted.host(app, session, mine)   # OSError: no port to listen on
    hosted.open_table(app, hosting)             # the player's own table replaces the stack
    hosted.close(app)                           # closed on purpose: not kept either

The table is written down after every move in the data folder's `hosting/` (a server's
tables are in `hosted/`): after a crash or a quit mid-game, `kept()` finds it and
`again(app, kept)` hosts it again (`Hosting.again`).
"""
from __future__ import annotations

from pathlib import Path

from tentable import userfiles
from tentable.net.hosting import APP_FOLDER, DEFAULT_PORT, Hosting, Kept
from tentable.net.link import RemoteLink
from tentable.net.tables import HostedTables
from tentable.ui.scenes import table_for

LOWEST_PORT, HIGHEST_PORT = 1024, 65535
_TABLES: dict[Path, HostedTables] = {}     # one writer per data folder (a thread each)


def tables() -> HostedTables:
    """Where the app's hosted table is written down (the data folder's `hosting/`)."""
    folder = userfiles.data_dir() / APP_FOLDER
    if folder not in _TABLES:
        _TABLES[folder] = HostedTables(folder)
    return _TABLES[folder]


def kept() -> Kept | None:
    """The table hosted before the app crashed or quit mid-game, to host again."""
    return Kept.read(tables())


def port_of(settings: dict) -> int:
    """The port the player chose (`host_port` in the settings), else the default."""
    port = settings.get("host_port")
    if type(port) is int and LOWEST_PORT <= port <= HIGHEST_PORT:
        return port
    return DEFAULT_PORT


def current(app) -> Hosting | None:
    """The table this app hosts, if it still runs (a finished one is stopped here)."""
    hosting = getattr(app, "hosting", None)
    if hosting is not None and hosting.finished:
        stop(app)
        return None
    return hosting


def host(app, session, mine: int) -> Hosting:
    """Host `session` for friends (the one before is closed): the player sits at `mine`."""
    close(app)
    left = kept()
    if left is not None:        # a new table: the one left behind is not offered again
        left.drop(tables())
    app.hosting = Hosting.start(session, mine, port=port_of(app.settings), tables=tables())
    return app.hosting


def again(app, table: Kept) -> Hosting:
    """Host a kept table again (the one before is closed): on its port if free, else the
    next; OSError, SetupError or ValueError if it cannot be."""
    close(app)
    app.hosting = Hosting.again(table, tables=tables())
    return app.hosting


def open_table(app, hosting: Hosting) -> None:
    """The player's own table, on their seat over loopback; the computers start moving."""
    link = RemoteLink(hosting.open_own())
    try:
        table = table_for(link.session.game_id)(app, link.session, link)
    except Exception:
        link.close()
        raise
    hosting.release()
    app.reset(table)


def stop(app) -> None:
    """Stop hosting (the app quits, or the game is over): what is written down stays."""
    hosting = getattr(app, "hosting", None)
    app.hosting = None
    if hosting is not None:
        hosting.stop()


def close(app) -> None:
    """The player closes the table on purpose: it is not offered to host again."""
    hosting = getattr(app, "hosting", None)
    app.hosting = None
    if hosting is not None:
        hosting.close()
