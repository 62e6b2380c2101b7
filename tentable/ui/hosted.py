"""The table this app hosts for friends (#41), kept by the app (`app.hosting`) while the
game runs: started from the setup with friends, its invites shown on the invite screen,
the player's own table opened on a remote seat over 127.0.0.1, stopped when the app
closes, when the player closes it, or after the game is over and everyone left.

    hosting = hosted.host(app, session, mine)   # OSError: no port to listen on
    hosted.open_table(app, hosting)             # the player's own table replaces the stack
"""
from __future__ import annotations

from tentable.net.hosting import DEFAULT_PORT, Hosting
from tentable.net.link import RemoteLink
from tentable.ui.scenes import table_for

LOWEST_PORT, HIGHEST_PORT = 1024, 65535


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
    stop(app)
    app.hosting = Hosting.start(session, mine, port=port_of(app.settings))
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
    hosting = getattr(app, "hosting", None)
    app.hosting = None
    if hosting is not None:
        hosting.stop()
