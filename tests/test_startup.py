"""How the program starts: quietly, from an empty home; and when it cannot, it says so
where someone will read it, and exits 1."""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from scripttools import first_start_env
from tentable import startup
from tentable.smoke import REPORT_ENV

BANNER = "Hello from the pygame community"


def test_the_smoke_check_starts_without_pygames_banner(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tentable", "--smoke"], cwd=tmp_path,
                          env=first_start_env(tmp_path / "home"), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "smoke ok:" in done.stdout
    assert BANNER not in done.stdout + done.stderr
    assert "pygame-ce" not in done.stdout.splitlines()[0]


# -- an error before the command line's own handling ----------------------------------
@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv(REPORT_ENV, raising=False)
    return tmp_path / "home"


def broken_command_line(monkeypatch) -> None:
    def fails(argv):
        raise RuntimeError("the decks module is missing from this build")
    monkeypatch.setattr("tentable.cli.main", fails)


def test_a_start_up_error_is_logged_said_and_exits_1(home, monkeypatch, capsys):
    broken_command_line(monkeypatch)
    assert startup.main(["play"]) == 1
    [log] = (home / "logs").glob("startup-*.log")
    text = log.read_text(encoding="utf-8")
    assert "could not start" in text and "Traceback" in text
    assert "RuntimeError: the decks module is missing from this build" in text
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["tentable could not start: RuntimeError: the decks module is missing "
                   "from this build", f"the details are in {log}"]


def test_under_smoke_it_goes_to_the_report_with_the_reason_last(home, tmp_path, monkeypatch,
                                                                   capsys):
    report = tmp_path / "report.txt"
    monkeypatch.setenv(REPORT_ENV, str(report))
    broken_command_line(monkeypatch)
    assert startup.main(["--smoke"]) == 1
    lines = report.read_text(encoding="utf-8").strip().splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[-2].startswith("the details are in ") and "startup-" in lines[-2]
    assert lines[-1] == ("smoke failed: start-up: RuntimeError: the decks module is missing "
                         "from this build")
    assert capsys.readouterr().err.strip().splitlines()[-1] == lines[-1]


def test_a_module_missing_from_the_build_is_caught_too(home, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tentable.cli", None)   # as if PyInstaller left it out
    assert startup.main(["--version"]) == 1
    assert "tentable could not start: ModuleNotFoundError" in capsys.readouterr().err
    assert len(list((home / "logs").glob("startup-*.log"))) == 1


def test_without_a_data_folder_the_log_goes_to_the_temp_folder(home, tmp_path, monkeypatch,
                                                                 capsys):
    home.parent.mkdir(exist_ok=True)
    home.write_text("a file where the data folder should be")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    broken_command_line(monkeypatch)
    assert startup.main([]) == 1
    [log] = (tmp_path / "temp").glob("startup-*.log")
    assert f"the details are in {log}" in capsys.readouterr().err


def test_a_windowed_build_on_windows_shows_a_box_but_never_under_smoke(home, monkeypatch):
    """No console (PyInstaller's windowed build sets sys.stderr to None): the player gets
    a message box; a smoke run must not wait for someone to close one."""
    shown = []
    monkeypatch.setattr(startup, "_message_box", shown.append)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "platform", "win32")
    broken_command_line(monkeypatch)
    assert startup.main(["--smoke"]) == 1
    assert shown == []
    assert startup.main([]) == 1
    [box] = shown
    assert "could not start" in box and "the decks module is missing" in box
    assert "startup-" in box


def test_the_entry_point_catches_it_in_a_fresh_process(tmp_path):
    """`python -m tentable --smoke` with the command line missing, as a broken build
    would be: exit 1 within seconds, the reason in the smoke report, no hanging."""
    report = tmp_path / "report.txt"
    env = {**first_start_env(tmp_path / "home"), "TENTABLE_HOME": str(tmp_path / "data"),
           REPORT_ENV: str(report)}
    script = ("import runpy, sys; sys.modules['tentable.cli'] = None; "
              "sys.argv = ['tentable', '--smoke']; "
              "runpy.run_module('tentable', run_name='__main__', alter_sys=True)")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    reason = report.read_text(encoding="utf-8").strip().splitlines()[-1]
    assert reason.startswith("smoke failed: start-up: ModuleNotFoundError")
    assert len(list((tmp_path / "data" / "logs").glob("startup-*.log"))) == 1


# -- the window's class ------------------------------------------------------------------
ROOT = Path(__file__).resolve().parent.parent


def test_the_window_class_is_tentable_even_under_python_m(tmp_path):
    """The taskbar groups the window as "tentable", not as pygame's "__main__.py": the
    class is set before pygame is imported, which would name it after sys.argv[0]. A run
    as `python -m tentable` (sys.argv[0] is tentable/__main__.py) on an X11 desktop
    (DISPLAY set, none answering: the dummy driver draws) shows what the window got."""
    code = ("import os, runpy, sys\n"
            "sys.argv = ['', '--smoke']\n"
            "try:\n"
            "    runpy.run_module('tentable', run_name='__main__', alter_sys=True)\n"
            "except SystemExit as exc:\n"
            "    assert exc.code == 0, exc.code\n"
            "print('class:', os.environ['SDL_VIDEO_X11_WMCLASS'],"
            " os.environ['SDL_VIDEO_WAYLAND_WMCLASS'])\n")
    env = {key: value for key, value in first_start_env(tmp_path / "home").items()
           if key not in startup.WINDOW_CLASS_VARIABLES}
    env.update(DISPLAY=":97", PYTHONPATH=str(ROOT))    # this checkout's tentable
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "smoke ok:" in done.stdout
    assert done.stdout.splitlines()[-1] == "class: tentable tentable"


def test_a_window_class_the_player_set_stays():
    environ = {"SDL_VIDEO_X11_WMCLASS": "mine"}
    startup.name_the_window(environ)
    assert environ == {"SDL_VIDEO_X11_WMCLASS": "mine", "SDL_VIDEO_WAYLAND_WMCLASS": "tentable"}


def test_the_desktop_file_names_the_same_window_class():
    """So the launcher in the menu and the running window are one icon in the taskbar."""
    import configparser
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "linux" / "tentable.desktop", encoding="utf-8")
    assert entry["Desktop Entry"]["StartupWMClass"] == startup.WINDOW_CLASS
