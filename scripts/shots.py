#!/usr/bin/env python3
"""Save screenshots of the real scenes to docs/screenshots/ (for the README and for review).

    python3 scripts/shots.py                 # SDL dummy driver, or the display in $DISPLAY
    xvfb-run -s "-screen 0 1400x900x24" python3 scripts/shots.py

Drives the app as a player would: the menu, the Take That setup, the settings, each game's
How to play page at its first diagram, then each game's own scenes from
`scripts/showcase/<game>.py` (tables mid-game played by the bots from a fixed seed,
curtains, summaries, results). `shots.py ten` makes only TEN's.
"""
from __future__ import annotations

import os
import sys
import time
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"

if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "scripts"))
    from _venv import relaunch
    relaunch(__file__)


def showcases():
    """Each game's screenshot script, `scripts/showcase/<game>.py` (`shots(app, shot)`)."""
    import importlib.util
    for path in sorted((ROOT / "scripts" / "showcase").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"showcase_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield path.stem, module


def keep_some_games():
    """A few finished games in the (temporary) data folder, for Your games, the replay
    viewer and the statistics; returns the one the replay shows."""
    from tentable import archive, keeping
    from tentable.match import Match
    from tentable.session import Seat, Session
    for game, seed in (("takethat", 11), ("takethat", 12), ("tentiles", 3), ("takethat", 13),
                       ("elfer", 2)):
        seats = (Seat("Ana", "bot", "heuristic"), Seat("Computer", "bot", "heuristic"))
        match = Match(Session(game, seats, seed, {}))
        match.play_out()
        record = {**match.record(), "seats": [
            {"name": "Ana", "kind": "human", "bot": ""},
            {"name": "Computer", "kind": "bot", "bot": "heuristic"}]}
        keeping.keep(record, match.scores(), match.winners())
    return next(g for g in archive.load_all()[0] if g.game == "takethat")


def first_diagram(page) -> int:
    """How far down a rules page its first diagram starts."""
    y = 0
    for line in page.lines:
        if line.diagram is not None:
            return y
        y += line.height
    return 0


def everyones_cards(app, shot, only: set[str]) -> None:
    """The replay viewer with every seat's cards face up, for each game of secret hands,
    at the app's size and at the smallest window."""
    from tentable import archive, keeping
    from tentable.match import Match
    from tentable.session import Seat, Session
    names = ("Ana", "Ben", "Cleo", "Dan")
    # 10 Retro: after the first cards are placed, face down (each shown to its owner only)
    for game, players, moves in (("takethat", 4, 14), ("elfer", 4, 14), ("retro10", 4, 4)):
        if only and game not in only and "replay" not in only:
            continue
        seats = tuple(Seat(name, "bot", "easy") for name in names[:players])
        match = Match(Session(game, seats, 21, {}))
        match.play_out()
        record = {**match.record(), "seats": [
            {"name": name, "kind": "human" if i == 0 else "bot", "bot": "" if i == 0 else
             "easy"} for i, name in enumerate(names[:players])]}
        keeping.keep(record, match.scores(), match.winners())
        kept = next(g for g in archive.load_all()[0] if g.game == game)
        for size, suffix in (((1280, 720), ""), ((1024, 640), "-1024")):
            app._on_resize(size)
            app.reset("menu")
            app.push("replay", game=kept)
            for _ in range(moves):
                app.top.forward()
            shot(f"replay-{game}{suffix}")
        app._on_resize((1280, 720))


BREAKDOWNS = {"ten": (4, 3), "takethat": (4, 2), "elfer": (4, 1), "retro10": (5, 2),
              "tentiles": (2, 4)}   # game: (players, seed) of the game each results shot explains


def breakdowns(app, shot, only: set[str]) -> None:
    """Each game's results with the breakdown scrolled into view, `<game>-breakdown.png`:
    a finished game of computer players from a fixed seed (tiles: one that ends drawn)."""
    from tentable.match import Match
    from tentable.session import Seat, Session
    names = ["Ana", "Ben", "Carla", "Dev", "Emil"]
    for game, (players, seed) in BREAKDOWNS.items():
        if only and game not in only:
            continue
        seats = tuple(Seat(name, "bot", "easy") for name in names[:players])
        session = Session(game, seats, seed, {})
        if game == "tentiles":          # random moves to the move limit: a draw (TL-R8)
            import random
            from tentable.engine import new_game
            state = new_game(game, players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                state.apply(state.random_action(rng))
        else:
            match = Match(session)
            match.play_out()
            state = match.state
        app.reset("menu")
        scene = app.push("results", session=session, final=state.view(None),
                         scores=state.scores(), winners=state.winners())
        scene.scroll_by(scene.table_rect.bottom)      # the breakdown's top at the top
        shot(f"{game}-breakdown")
    app.reset("menu")


#: per game: (seed, human moves played first, players) for its hint screenshot
HINTS = {"takethat": (31, 3, 3), "elfer": (5, 4, 2), "retro10": (7, 0, 3), "ten": (4, 2, 2),
         "tentiles": (7, 4, 2)}


def hint_shots(app, shot, only: set[str]) -> None:
    """Each game's table mid-game with the hint lit (H) and the Hard level's move in
    gold with its reason, as `<game>-hint.png`."""
    import random
    import time

    import pygame
    from tentable.ui.launch import session_for
    for game, (seed, moves, players) in HINTS.items():
        if only and game not in only:
            continue
        table = app.reset("table", session=session_for(
            game, ["human"] + ["heuristic"] * (players - 1), seed=seed))
        rng = random.Random(seed)
        played = 0
        for _ in range(20_000):
            app.step(wait=False)
            if table.dialog is not None:
                table.show_dialog(None)
            while table.moments:        # a joker won, a bust: the player goes on
                table.go_on()
            if table.link.match.job is not None:
                table.link.match.job.done.wait(0.01)
            if table.my_turn and played >= moves and table.forced is None:
                break
            if table.my_turn:
                table.submit(rng.choice(table.legal_actions()))
                played += 1
        table.mind_keys()            # H once the turn has been seen (tentable.ui.keygate)
        pygame.time.wait(round(app.keys.waiting() * 1000) + 1)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                             unicode="h", scancode=0))
        app.step(wait=False)
        deadline = time.monotonic() + 30         # Hard's move, thought about in the worker
        while table.suggestion is not None and not table.suggestion.done \
                and time.monotonic() < deadline:
            table.suggestion.job.done.wait(0.05)
            app.step(wait=False)
        shot(f"{game}-hint")


def scale_shots(app, shot, only: set[str]) -> None:
    """Settings → Scale at its ends: each game's fullest table at 200% (a 1280×720 window
    has room for 133% of it, and the settings say so) and at 75% in a 1024×640 window."""
    app._on_resize((1280, 720))
    app.reset("menu")
    app.set_ui_size("200")
    app.push("settings")
    shot("settings-scale")
    for name, module in showcases():
        if only and name not in only:
            continue
        for size, choice in ((1280, 720), "200"), ((1024, 640), "75"):
            app._on_resize(size)
            app.set_ui_size(choice)
            module.busiest(app)
            shot(f"{name}-scale-{choice}")
    app.set_ui_size("auto")
    app._on_resize((1280, 720))


# Learn to play (#43): the steps each tutorial is shown at, walked as a newcomer
LEARN_SHOTS = {"takethat": {0: "learn-takethat", 5: "learn-takethat-toad",
                            9: "learn-takethat-last", "end": "learn-takethat-end"},
               "tentiles": {2: "learn-tentiles", 5: "learn-tentiles-blocked",
                            10: "learn-tentiles-win", "end": "learn-tentiles-end"},
               "ten": {2: "learn-ten", 5: "learn-ten-bust", 8: "learn-ten-auction",
                       12: "learn-ten-buy", "end": "learn-ten-end"},
               "retro10": {0: "learn-retro10", 2: "learn-retro10-bid",
                           6: "learn-retro10-showdown", "end": "learn-retro10-end"},
               "elfer": {0: "learn-elfer", 4: "learn-elfer-bridge", 7: "learn-elfer-later",
                         10: "learn-elfer-bonus", "end": "learn-elfer-end"}}


def learn_shots(app, shot, only: set[str]) -> None:
    """Each tutorial from its first step, its bubbles at the steps `LEARN_SHOTS` names
    (a computer's step when its bubble is up), and Take That's twist in German at
    1024×640."""
    from tentable import i18n

    def walk(game_id: str, names: dict, stop: int | None = None) -> None:
        table = app.reset("tutorial", game_id=game_id, at=0)
        guide = table.guide
        while not guide.finished:
            for _ in range(30000):        # the end waits END_DELAY seconds of real time
                if guide.finished or guide.explaining is not None or (
                        table.my_turn and guide.lesson.taught() is not None):
                    break
                if table.moments and guide.explaining is None:
                    table.go_on()             # a bust, a joker won: seen, as a player would
                elif table.dialog is not None:
                    table.show_dialog(None)   # TEN's scoring, read
                app.step(wait=False)
            at = guide.lesson.at
            if guide.explaining is not None:
                if at - 1 in names:
                    shot(names[at - 1])
                guide.go_on()
                continue
            if guide.finished:
                break
            if guide.lesson.step is None:      # the last move seen: the end comes in a moment
                time.sleep(0.05)
                continue
            if at in names:
                shot(names[at])
            if at == stop:
                return
            table.submit_all(list(guide.lesson.step.moves))   # a buy with its payment
        shot(names["end"])

    for game_id, names in LEARN_SHOTS.items():
        if not only or game_id in only:
            walk(game_id, names)
    if not only or "takethat" in only:
        i18n.set_language("de")
        app._on_resize((1024, 640))
        walk("takethat", {2: "learn-takethat-de-1024"}, stop=2)
        i18n.set_language("en")
        app._on_resize((1280, 720))
    app.reset("menu")


def friends_shots(app, shot) -> None:
    """Play with friends (#41): the game to host, its setup with friends, and the invite
    screen at the smallest window (a table hosted on this computer only, its invites
    naming a home-network address; stopped after)."""
    from tentable.net.hosting import Hosting
    from tentable.net.protocol import Invite
    from tentable.net.remote import RemoteSeat
    from tentable.session import BOT, Seat, Session
    from tentable.ui import hosted
    from tentable.ui.scenes.invite import LOOK_EVERY
    app.reset("menu")
    app.push("friends")
    shot("friends")
    app.reset("menu")
    app.push("setup", game_id="takethat", friends=True)
    shot("setup-friends")
    seats = (Seat("Ana"), Seat("Ben"), Seat("Cleo"), Seat("Computer", BOT, "normal"))
    app.hosting = Hosting.start(Session("takethat", seats, 5, {"rounds": 1}), 0, port=47100,
                                bind="127.0.0.1", address="192.168.1.20")
    app._on_resize((1024, 640))
    app.reset("invite", hosting=app.hosting)
    _, _, ben = app.hosting.invites()[0]       # Ben joins (over loopback); Cleo is on her way
    friend = RemoteSeat(Invite("127.0.0.1", ben.port, ben.room, ben.secret)).connect()
    app.top.since = LOOK_EVERY
    shot("invite-1024")
    friend.close()
    hosted.stop(app)
    app._on_resize((1280, 720))
    app.reset("menu")


def main() -> int:
    only = set(sys.argv[1:])     # game ids: only their screenshots (plus the shared ones)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TENTABLE_HOME"] = tempfile.mkdtemp(prefix="tentable-shots-")
    sys.path.insert(0, str(ROOT))
    from tentable.ui.app import App  # first: the package quiets pygame's banner

    import pygame

    OUT.mkdir(parents=True, exist_ok=True)
    app = App(size=(1280, 720))
    app.settings["animation_speed"] = "instant"

    def shot(name: str) -> None:
        for _ in range(3):
            app.invalidate()
            app.step(wait=False)
        path = OUT / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        print(f"saved {path.relative_to(ROOT)} ({app.size[0]}×{app.size[1]})")

    kept = keep_some_games()
    shot("menu")
    app.push("setup", game_id="takethat")
    shot("setup")
    app.push("settings")
    shot("settings")
    app.reset("menu")
    app.push("games")
    shot("games")
    app.push("replay", game=kept)
    for _ in range(9):
        app.top.forward()
    shot("replay")
    app.reset("menu")
    app.push("stats")
    shot("stats")
    app.reset("menu")
    app.push("join", invite="tentable://192.168.1.20:4711/K7QX2M#q3Zt8bVn1xRk0WcY5mLp2A")
    shot("join")
    app.top.field.set_text("tentable://192.168.1.20:4711/")
    app.top.join()                          # an invite to no table: refused, with why
    app.toasts.items.clear()
    shot("join-refused")
    friends_shots(app, shot)
    from tentable.engine import GAMES
    for game_id in GAMES:          # How to play, at its first diagram, large and small
        if only and game_id not in only:
            continue
        for size, suffix in ((1280, 720), ""), ((1024, 640), "-1024"):
            app._on_resize(size)
            app.push("rules", game_id=game_id)
            page = app.top
            page.scroll_by(first_diagram(page) - 3 * page.line_h(page.lines[0].size))
            shot(f"rules-{game_id}{suffix}")
            app.pop()
        app._on_resize((1280, 720))

    everyones_cards(app, shot, only)
    for name, module in showcases():
        if only and name not in only:
            continue
        module.shots(app, shot)
    breakdowns(app, shot, only)


    hint_shots(app, shot, only)
    scale_shots(app, shot, only)
    learn_shots(app, shot, only)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
