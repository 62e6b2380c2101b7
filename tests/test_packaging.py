"""The Linux bundle as players get it: build it with `scripts/build.py`'s own functions,
run the frozen binary's `--smoke`, and hold it to the budgets of the packaging issue.

Builds into the repository's `dist/` and `build/` (both ignored by git), like
`python3 scripts/build.py` does. The build takes about 10-20 s on two cores.
"""
from __future__ import annotations

import importlib.util
import os
import platform
import re
import subprocess
import sys
import tarfile
import time
import warnings
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest

from tentable import resources

if not sys.platform.startswith("linux"):
    pytest.skip("the packaging test builds the Linux bundle; release.yml builds the others",
                allow_module_level=True)
pytest.importorskip("PyInstaller", reason="PyInstaller missing: install the 'build' extra")

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
BUNDLE_BUDGET = 60 * 1000 * 1000   # bytes unpacked
FIRST_FRAME_BUDGET = 2.0           # seconds from launch to the first drawn frame
SMOKE_BUDGET = 10.0                # seconds for the whole smoke run
SLOW_BUILD = 120.0                 # seconds; say so when the build takes longer


def load_build_script():
    sys.path.insert(0, str(SCRIPTS))  # build.py imports its neighbour _venv
    try:
        spec = importlib.util.spec_from_file_location("tentable_build", SCRIPTS / "build.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))


@dataclass(frozen=True)
class Built:
    script: object
    bundle: Path
    archive: Path
    seconds: float


@pytest.fixture(scope="module")
def built() -> Built:
    script = load_build_script()
    started = time.perf_counter()
    bundle = script.build(Path(sys.executable))
    seconds = time.perf_counter() - started
    print(f"\nPyInstaller build: {seconds:.0f} s")
    if seconds > SLOW_BUILD:
        warnings.warn(f"the bundle took {seconds:.0f} s to build (over {SLOW_BUILD:.0f} s)")
    name = f"tentable-{script.version(Path(sys.executable))}-{script.platform_tag()}"
    return Built(script, bundle, script.archive(bundle, name), seconds)


@pytest.fixture
def home(tmp_path) -> dict[str, str]:
    """The environment for the frozen app: its user data goes to a temporary folder."""
    return dict(os.environ, TENTABLE_HOME=str(tmp_path / "home"))


def files_in(folder: Path) -> set[Path]:
    return {path.relative_to(folder) for path in folder.rglob("*")}


def test_the_frozen_smoke_passes_and_finds_everything_inside_the_bundle(built, home):
    before = files_in(built.bundle)
    result = built.script.smoke(built.bundle, home)
    assert result.exit_code == 0, result.report
    assert "smoke ok:" in result.report
    inside = built.bundle / "_internal"
    for game_id in resources.DECKS:
        assert f"found deck {game_id}: {inside / 'decks' / f'{game_id}.yaml'}" in result.report
    for name in resources.FONTS:
        assert f"found font: {inside / 'assets' / 'fonts' / name}" in result.report
    assert result.seconds <= SMOKE_BUDGET, f"smoke took {result.seconds:.1f} s"
    assert files_in(built.bundle) == before, "the app wrote next to its executable"


def test_the_first_frame_comes_within_two_seconds_of_launch(built, home, tmp_path):
    env = dict(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.perf_counter()
    app = subprocess.Popen([str(built.script.executable(built.bundle)), "--smoke"],
                           cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True)
    first_frame = None
    for line in app.stdout:
        if line.startswith("first frame") and first_frame is None:
            first_frame = time.perf_counter() - started
    assert app.wait(timeout=60) == 0
    assert first_frame is not None, "the smoke run reported no frame"
    print(f"\nfrozen start-up to first frame: {first_frame:.2f} s")
    assert first_frame <= FIRST_FRAME_BUDGET


def test_the_bundle_fits_the_size_budget(built):
    size = built.script.size_of(built.bundle)
    print(f"\nbundle {size / 1e6:.1f} MB unpacked, "
          f"{built.script.size_of(built.archive) / 1e6:.1f} MB archived")
    assert size <= BUNDLE_BUDGET, f"{size / 1e6:.1f} MB unpacked"


def test_the_archive_is_named_for_the_release_and_holds_the_folder(built):
    machine = {"amd64": "x86_64", "arm64": "aarch64"}.get(platform.machine().lower(),
                                                          platform.machine().lower())
    assert built.archive.name == f"tentable-{version('tentable')}-linux-{machine}.tar.gz"
    with tarfile.open(built.archive) as archive:
        names = set(archive.getnames())
        executable = archive.getmember("tentable/tentable")
    assert executable.mode & 0o111, "the executable lost its x bit"
    assert "tentable/_internal/decks/ten.yaml" in names
    assert "tentable/_internal/assets/fonts/Lato-Regular.ttf" in names


def test_the_bundle_carries_the_licences_and_names_every_library_it_ships(built):
    inside = built.script.data_folder(built.bundle)
    assert built.script.missing_notices(built.bundle) == []
    notices = (inside / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    for named in re.findall(r"`((?:licenses|assets)/[^`]+)`", notices):
        assert (inside / named).is_file(), f"THIRD_PARTY_NOTICES.md names {named}"
    # Python's own extension modules are the interpreter's; every other shared library
    # came from a wheel or the system and must be in the notices by its name
    libraries = {re.split(r"[-.]", path.name)[0] for path in inside.rglob("*.so*")
                 if "lib-dynload" not in path.parts and "pygame" not in path.parts
                 and "yaml" not in path.parts}
    assert libraries, "no shared libraries found: has the layout changed?"
    unnamed = sorted(name for name in libraries if f"`{name}`" not in notices)
    assert not unnamed, f"not in THIRD_PARTY_NOTICES.md: {unnamed}"
    assert re.search(r"pygame_ce-[\d.]+\.dist-info", " ".join(os.listdir(inside)))
