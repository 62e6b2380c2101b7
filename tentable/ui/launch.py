"""Opening the window from the CLI (`tentable play GAME --seats human,heuristic`)."""
from __future__ import annotations

import os
import sys
from typing import Mapping, Sequence

from tentable.session import BOT, HUMAN, Seat, Session, random_seed


# SDL's fallbacks when no real display can be opened: a window nobody can see.
HEADLESS_DRIVERS = ("offscreen", "dummy")
# `tentable play GAME` without --seats: you against the Normal level
DEFAULT_SEATS = (HUMAN, "normal")


def display_problem(environ: Mapping[str, str] = os.environ,
                    platform: str = sys.platform) -> str | None:
    """Why no window can be shown here (one line for the user), or None. Without a display
    SDL falls back to an invisible off-screen window and the app would seem to hang.
    The command line prints it, in the player's language."""
    from tentable.text import t
    if environ.get("SDL_VIDEODRIVER"):
        return None   # the caller chose a driver (dummy for tests, kmsdrm on a console, ...)
    if (platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
            and not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY")):
        return t("cli.no_display", reason=t("cli.no_display.unset"))
    import pygame
    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        pygame.display.quit()
        return t("cli.no_display", reason=t("cli.no_display.unopened"))
    return None


def session_for(game_id: str, seats: Sequence[str], seed: int | None = None,
                options: dict | None = None) -> Session:
    """Seats given as "human" or a computer level ("easy", "hard"); names as in setup."""
    from tentable.ui.scenes.setup_rows import default_name
    players = []
    # One human at the screen is "You"; when people share the screen (a "Pass to …"
    # curtain between them) everyone gets a name, as do the bots.
    alone = list(seats).count(HUMAN) == 1
    for i, kind in enumerate(seats):
        name = default_name(i if i else len(seats)) if alone else default_name(i + 1)
        if kind == HUMAN:
            players.append(Seat(default_name(0) if alone else name, HUMAN))
        else:
            players.append(Seat(name, BOT, kind))
    return Session(game_id, tuple(players), random_seed() if seed is None else seed,
                   dict(options or {}))


def run(game_id: str | None = None, seats: Sequence[str] | None = None,
        seed: int | None = None, options: dict | None = None,
        language: str | None = None, resume: bool = False) -> int:
    """Open the app at the menu, or straight at a table when `game_id` is given
    (`seats` default to a human against the Normal level; `resume`: the game in progress
    of `game_id` instead, if there is one), in `language` for this run when given (else
    the settings' or the system's). Returns an exit code."""
    from tentable.engine import GAMES, SetupError
    from tentable.ui.app import App
    from tentable.ui.scenes import table_for
    from tentable.text import t
    if game_id is not None and game_id not in GAMES:
        raise SystemExit(f"tentable: unknown game {game_id!r} (games: {', '.join(GAMES)})")
    app = App(language=language)
    code = 0
    try:
        if game_id is not None:
            table = table_for(game_id)
            if table is None:
                app.toasts.show(t("setup.coming_soon", game=GAMES[game_id].title), 4.0)
            else:
                session = in_progress(app, game_id) if resume else None
                if session is None:
                    session = session_for(game_id, seats or DEFAULT_SEATS, seed, options)
                try:
                    app.reset(table(app, session))
                except (SetupError, ValueError) as exc:
                    raise SystemExit(f"tentable: {exc}") from None
        code = app.run()
    finally:
        app.close()
    return code


def in_progress(app, game_id: str) -> Session | None:
    """`game_id`'s game in progress as the menu would continue it, or None; a file that
    cannot be continued is set aside and said, as on the menu."""
    from tentable.ui.scenes.menu import games_in_progress
    return games_in_progress(lambda text: app.toasts.show(text, 6.0, "error")).get(game_id)
