"""The program's entry point (`tentable`, `python -m tentable`, the frozen app).

It runs the command line, which answers every error of its own with a line and an exit
code, and the app's crash handler catches the rest once the window is up. What fails
before either is in place — a module a build left out, a broken install — lands here.
A windowed build has no console, and PyInstaller would answer such an error with its
blocking "Unhandled exception" box, which in CI only ends with the job's time-out. So
the error is written to `logs/startup-*.log` in the user data folder, to stderr when
there is one, to the smoke report under `--smoke`, and the program exits 1. A player
on Windows, with no console, is told in a message box (never under `--smoke`, where
nobody is there to close it).
"""
from __future__ import annotations

import os
import sys
import traceback
from typing import MutableMapping, Sequence

from tentable import logs
from tentable.smoke import REPORT_ENV, Report

FAILURE = 1
# What a desktop groups the window by, in its taskbar and with its launcher (X11's
# WM_CLASS, Wayland's app id; the .desktop file's StartupWMClass): the program's name.
# Unset, pygame names it after sys.argv[0] as it is imported ("__main__.py" under
# `python -m tentable`), and SDL reads it when the display starts.
WINDOW_CLASS = "tentable"
WINDOW_CLASS_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    name_the_window()
    try:
        from tentable.cli import main as command_line
        return command_line(args)
    except Exception as exc:  # noqa: BLE001 — whatever it is, it must be seen
        return failed(exc, smoke="--smoke" in args)


def name_the_window(environ: MutableMapping[str, str] = os.environ) -> None:
    """Give the window its class before anything imports pygame; a class the player set
    in the environment stays theirs."""
    for variable in WINDOW_CLASS_VARIABLES:
        environ.setdefault(variable, WINDOW_CLASS)


def failed(exc: Exception, smoke: bool = False) -> int:
    """Tell of a start-up error wherever someone (or CI) will read it; return the exit code."""
    reason = f"{type(exc).__name__}: {exc}"
    try:
        where = f"the details are in {logs.write('startup', logs.report(exc, 'could not start'))}"
    except OSError as why:
        where = f"no log could be written: {why}"
    if smoke:
        _to_smoke_report(exc, where, f"smoke failed: start-up: {reason}")
    elif sys.stderr is not None:
        print(f"tentable could not start: {reason}\n{where}", file=sys.stderr, flush=True)
    elif sys.platform == "win32":
        _message_box(f"tentable could not start.\n\n{reason}\n\n{where}")
    return FAILURE


def _to_smoke_report(exc: Exception, where: str, reason: str) -> None:
    """The same lines as a failing smoke check: the traceback, then the reason last."""
    try:
        report = Report(os.environ.get(REPORT_ENV), mode="a")
    except OSError:
        report = Report(None)
    for line in ("".join(traceback.format_exception(exc)).rstrip(), where, reason):
        report.say(line, error=True)
    report.close()


def _message_box(text: str) -> None:
    try:
        import ctypes
        ctypes.windll.user32.MessageBoxW(None, text, "tentable", 0x10)  # MB_ICONERROR
    except Exception:  # noqa: BLE001 — the log is written; a box is a courtesy
        pass
