"""What `scripts/build.py` decides without building: names and paths for each system.
(The build itself is `test_packaging.py`, on Linux; release.yml builds the others.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from scripttools import load_build_script

build = load_build_script()


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
