"""What `scripts/build.py` decides without building: names and paths for each system.
(The build itself is `test_packaging.py`, on Linux; release.yml builds the others.)"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from scripttools import load_script

build = load_script("build")


@pytest.mark.parametrize("system, machine, tag", [
    ("linux", "x86_64", "linux-x86_64"),
    ("linux", "aarch64", "linux-aarch64"),
    ("win32", "AMD64", "windows-x64"),
    ("win32", "ARM64", "windows-arm64"),
    ("darwin", "arm64", "macos-arm64"),       # Apple silicon: macos-14 and later runners
    ("darwin", "x86_64", "macos-x86_64"),     # Intel: the macos-15-intel runner
])
def test_an_archive_is_named_for_its_system_and_processor(system, machine, tag):
    assert build.platform_tag(system, machine) == tag
    assert build.archive_name("1.2.0", tag) == f"tentable-1.2.0-{tag}"


@pytest.mark.parametrize("system, program, data", [
    ("linux", "tentable", "_internal"),
    ("win32", "tentable.exe", "_internal"),
    ("darwin", "Contents/MacOS/tentable", "Contents/Resources"),
])
def test_where_the_program_and_its_data_are_in_a_bundle(system, program, data):
    bundle = Path("bundle")
    assert build.executable(bundle, system) == bundle / program
    assert build.data_folder(bundle, system) == bundle / data


@pytest.mark.parametrize("system, program", [
    ("linux", "tentable"),
    ("win32", "tentable-cli.exe"),    # the windowed tentable.exe has no stdout
    ("darwin", "Contents/MacOS/tentable"),
])
def test_the_command_line_program_of_each_system(system, program):
    assert build.cli_executable(Path("bundle"), system) == Path("bundle") / program


def test_macos_starts_the_app_as_finder_does_with_the_settings_passed_along():
    command = build.open_command(Path("unpacked/tentable.app"),
                                 {"SDL_VIDEODRIVER": "dummy", "TENTABLE_SMOKE_REPORT": "/r"},
                                 Path("/err"), ["--smoke", "--lang", "de"])
    assert command == ["open", "-W", "-n", "--stderr", "/err",
                       "--env", "SDL_VIDEODRIVER=dummy", "--env", "TENTABLE_SMOKE_REPORT=/r",
                       "unpacked/tentable.app", "--args", "--smoke", "--lang", "de"]


def test_the_signature_check_is_the_strict_one():
    command = build.codesign_command(Path("tentable.app"))
    assert command[:2] == ["codesign", "--verify"]
    assert {"--deep", "--strict"} <= set(command) and command[-1] == "tentable.app"


@pytest.mark.parametrize("report, exit_code", [
    ("found deck ten: x\nsmoke ok: 5 tables in 1.00 s\n", 0),
    ("smoke failed: opening the window: pygame.error: no video\n", 1),
    (None, 1),                                      # the app never started
])
def test_through_open_the_report_decides_since_open_exits_0_anyway(monkeypatch, report,
                                                                   exit_code):
    def fake_open(command, **kwargs):
        settings = dict(command[i + 1].split("=", 1) for i, part in enumerate(command)
                        if part == "--env")
        if report is not None:
            Path(settings["TENTABLE_SMOKE_REPORT"]).write_text(report, encoding="utf-8")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(build.subprocess, "run", fake_open)
    result = build.smoke(Path("tentable.app"), env={}, through_open=True)
    assert result.exit_code == exit_code
    assert result.report == (report or "")
