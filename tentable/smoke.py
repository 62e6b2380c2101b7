"""`tentable --smoke`: does this build start? Find every deck, font, sound and catalogue,
open the window, draw the menu and one frame of every game's table, exit 0 — or 1 and the
reason.

Made for packaged builds: CI runs the frozen binary with the SDL dummy drivers
(`SDL_VIDEODRIVER=dummy`; the environment is the caller's to set). A windowed
build on Windows has no stdout, so the report also goes, line by line, to the file
named by `TENTABLE_SMOKE_REPORT` when it is set; written as it goes, so a crash
still leaves what happened before it.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
from contextlib import contextmanager
from typing import Iterator, TextIO

REPORT_ENV = "TENTABLE_SMOKE_REPORT"
SEED = 10          # a fixed deal, so every smoke run draws the same tables
WINDOW = (1280, 720)


class SmokeFailure(Exception):
    """A check that failed; the message is the reason line."""


class Report:
    """Prints each line and copies it to the report file, if one was asked for
    (`mode` "a" adds to what is there)."""

    def __init__(self, path: str | None, mode: str = "w") -> None:
        self._file: TextIO | None = None
        if path:
            self._file = open(path, mode, encoding="utf-8")

    def say(self, line: str, error: bool = False) -> None:
        print(line, file=sys.stderr if error else sys.stdout, flush=True)
        if self._file is not None:
            self._file.write(line + "\n")
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def run(seed: int = SEED, language: str | None = None) -> int:
    started = time.perf_counter()
    try:
        report = Report(os.environ.get(REPORT_ENV))
    except OSError as exc:
        print(f"smoke failed: cannot write the report {exc.filename}: {exc.strerror}",
              file=sys.stderr)
        return 1
    try:
        check_resources(report)
        tables = draw_screens(report, seed, started, language)
        report.say(f"smoke ok: {tables} tables in {time.perf_counter() - started:.2f} s")
        return 0
    except SmokeFailure as exc:
        if exc.__cause__ is not None:  # an error inside a step: where it came from
            report.say("".join(traceback.format_exception(exc.__cause__)).rstrip(), error=True)
        report.say(f"smoke failed: {exc}", error=True)
    except Exception as exc:  # anything at all: the reason line must still come out
        report.say(traceback.format_exc().rstrip(), error=True)
        report.say(f"smoke failed: {_kind(exc)}: {exc}", error=True)
    finally:
        report.close()
    return 1


def check_resources(report: Report) -> None:
    """Every deck manifest loads, every font opens, every sound reads (named in the report),
    every tutorial's script replays and every language's catalogue reads, each from where
    this build keeps it."""
    import pygame

    from tentable import i18n, resources, tutorial
    from tentable.engine.decks import ManifestError, load_manifest
    from tentable.ogg import vorbis_info

    lost = resources.missing()
    if lost:
        raise SmokeFailure("missing " + ", ".join(str(path) for path in lost))
    for game_id in resources.DECKS:
        path = resources.deck_path(game_id)
        try:
            load_manifest(path)
        except ManifestError as exc:
            raise SmokeFailure(f"deck {game_id}: {exc}") from None
        report.say(f"found deck {game_id}: {path}")
    pygame.font.init()
    for name in resources.FONTS:
        path = resources.font_path(name)
        try:
            pygame.font.Font(str(path), 24).render("Take That 10", True, (0, 0, 0))
        except (pygame.error, OSError) as exc:
            raise SmokeFailure(f"font {path}: {exc}") from None
        report.say(f"found font: {path}")
    for cue in resources.SOUNDS:
        path = resources.sound_path(cue)
        try:
            seconds = vorbis_info(path).seconds
        except (ValueError, OSError) as exc:
            raise SmokeFailure(f"sound {path}: {exc}") from None
        report.say(f"found sound {cue}: {path} ({seconds:.2f} s)")
    for game_id in tutorial.SCRIPTS:        # Learn to play: the script reads and replays
        path = tutorial.path_of(game_id)
        try:
            problems = tutorial.check(tutorial.load(game_id))
        except tutorial.ScriptError as exc:
            problems = [str(exc)]
        if problems:
            raise SmokeFailure(f"tutorial {path}: {problems[0]}")
        report.say(f"found tutorial {game_id}: {path}")
    for code in i18n.LANGUAGES:
        if code != i18n.ENGLISH:
            path = i18n.catalogue_path(code)
            if not path.is_file():
                raise SmokeFailure(f"missing {path}")
            try:
                i18n.catalogue(code)
            except i18n.DAMAGED as exc:
                raise SmokeFailure(f"catalogue {path}: {exc}") from None
            report.say(f"found catalogue {code}: {path}")


def draw_screens(report: Report, seed: int, started: float, language: str | None = None) -> int:
    """The menu, then each game's table and its rules page, one frame each, in `language`
    (None: the settings' or the system's). Returns how many tables drew."""
    from tentable import i18n
    from tentable.engine import GAMES
    from tentable.ui.app import App
    from tentable.ui.scenes import table_for

    with _step("opening the window"):
        app = App(size=WINDOW, language=language)
    if language is not None and i18n.current() != language:
        raise SmokeFailure(f"no {i18n.LANGUAGES[language]} catalogue at "
                           f"{i18n.catalogue_path(language)}")
    report.say(f"language: {i18n.LANGUAGES[i18n.current()]}")
    try:
        with _step("drawing the menu"):
            _draw_frame(app)
        report.say(f"first frame {time.perf_counter() - started:.2f} s after the smoke began")
        drawn = 0
        for game_id in GAMES:
            with _step(f"drawing the {game_id} table"):
                table = table_for(game_id)
                if table is None:
                    report.say(f"no table yet for {game_id}")
                    continue
                app.reset(table(app, _session(game_id, seed)))
                _draw_frame(app)
            report.say(f"drew table {game_id}")
            drawn += 1
            with _step(f"drawing how to play {game_id}"):
                app.push("rules", game_id=game_id)
                page = app.top
                _draw_frame(app)
                while page.scroll < page.max_scroll:    # down the page, so every diagram draws
                    page.scroll_by(page.view_height)
                    app.invalidate()
                    _draw_frame(app)
                diagrams = len(page.diagrams)
                if diagrams < sum(b.kind == "diagram" for b in page.blocks):
                    raise SmokeFailure("a diagram names a card the game does not have")
            report.say(f"drew how to play {game_id} with {diagrams} diagram{'' if diagrams == 1 else 's'}")
        return drawn
    finally:
        app.close()


@contextmanager
def _step(what: str) -> Iterator[None]:
    """Name the step in the reason line when something inside it raises."""
    try:
        yield
    except SmokeFailure as exc:
        raise SmokeFailure(f"{what}: {exc}") from exc.__cause__
    except Exception as exc:
        raise SmokeFailure(f"{what}: {_kind(exc)}: {exc}") from exc


def _session(game_id: str, seed: int):
    """You against the default computer players, as few seats as the game allows."""
    from tentable.engine import GAMES
    from tentable.ui.launch import session_for
    from tentable.ui.scenes.setup_rows import default_bot

    players = GAMES[game_id].min_players
    return session_for(game_id, ["human"] + [default_bot(game_id)] * (players - 1), seed)


def _draw_frame(app) -> None:
    before = app.frame_count
    app.step(wait=False)
    if app.frame_count == before:
        raise SmokeFailure("no frame was drawn")


def _kind(exc: Exception) -> str:
    """`ValueError`, `pygame.error`: the exception's name as one would import it."""
    kind = type(exc)
    return kind.__qualname__ if kind.__module__ == "builtins" else (
        f"{kind.__module__}.{kind.__qualname__}")
