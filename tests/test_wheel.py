"""`pip install .` (or `pipx install .`) as a player would: build the wheel, install it into
a fresh virtual environment and run `tentable --smoke` there, away from this checkout.

Offline: the wheel is built with this environment's setuptools and wheel (no build
isolation, the `test` extra brings them) from a copy of the checkout, so the build leaves
nothing behind in it; it is installed without its dependencies, which the fresh
environment reads from the site-packages this test runs in, through a `.pth` file and so
after its own: the tentable it imports is the wheel's, and the test checks that it is.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import venv
from dataclasses import dataclass
from importlib.metadata import distribution
from pathlib import Path

import pytest

from scripttools import first_start_env
from tentable import i18n, resources, tutorial

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 300   # seconds; only stops a hung build or start


@dataclass(frozen=True)
class Installed:
    python: Path        # the fresh environment's
    program: Path       # its `tentable` command
    package: Path       # where the wheel put the tentable package
    seconds: float      # to build the wheel and install it


def run(args: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(arg) for arg in args], capture_output=True, text=True,
                          timeout=TIMEOUT, **kwargs)
    assert done.returncode == 0, f"{args[1:4]} failed:\n{done.stdout}\n{done.stderr}"
    return done


def checkout_copy(target: Path) -> Path:
    """The checkout without what git ignores (.venv, build/, dist/, egg-info, caches)."""
    ignored = [line.strip().rstrip("/") for line in
               (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")]
    shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(".git", *ignored))
    return target


def dependency_folders(wheel: Path) -> list[str]:
    """Where this environment has the packages the wheel depends on (not its extras)."""
    import zipfile
    with zipfile.ZipFile(wheel) as archive:
        [metadata] = [name for name in archive.namelist()
                      if name.endswith(".dist-info/METADATA")]
        lines = archive.read(metadata).decode("utf-8").splitlines()
    names = [re.match(r"[A-Za-z0-9._-]+", line.split(":", 1)[1].strip()).group()
             for line in lines if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert names, "the wheel declares no dependencies: has its metadata changed?"
    return sorted({str(distribution(name).locate_file("")) for name in names})


def executables(folder: Path) -> tuple[Path, Path]:
    bin_dir = folder / ("Scripts" if os.name == "nt" else "bin")
    suffix = ".exe" if os.name == "nt" else ""
    return bin_dir / f"python{suffix}", bin_dir / f"tentable{suffix}"


def can_build_wheels() -> bool:
    """setuptools builds wheels itself from 70.1 on, with the `wheel` package before."""
    import importlib.util

    import setuptools
    release = tuple(int(part) for part in re.findall(r"\d+", setuptools.__version__)[:2])
    return release >= (70, 1) or importlib.util.find_spec("wheel") is not None


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    if not can_build_wheels():
        pytest.fail("building the wheel offline needs setuptools 70.1 or the wheel package, "
                    "which the test extra brings: run python3 scripts/test.py once to update "
                    ".venv")
    started = time.perf_counter()
    source = checkout_copy(tmp_path_factory.mktemp("source") / "tentable")
    wheels = tmp_path_factory.mktemp("wheels")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "--disable-pip-version-check", "--wheel-dir", wheels, source])
    [wheel] = wheels.glob("tentable-*.whl")
    fresh = tmp_path_factory.mktemp("fresh") / "venv"
    venv.EnvBuilder(with_pip=False).create(fresh)
    python, program = executables(fresh)
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
         "--no-index", "--disable-pip-version-check", wheel])
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
                    ).stdout.strip())
    (site / "dependencies.pth").write_text("\n".join(dependency_folders(wheel)) + "\n",
                                           encoding="utf-8")
    seconds = time.perf_counter() - started
    print(f"\nwheel built and installed in {seconds:.1f} s")
    return Installed(python, program, site / "tentable", seconds)


@pytest.fixture
def env(tmp_path) -> dict[str, str]:
    """A player's first start, with nothing of this checkout on the import path."""
    return {key: value for key, value in first_start_env(tmp_path / "home").items()
            if key not in ("PYTHONPATH", "PYTHONHOME")}


def test_the_fresh_environment_imports_the_installed_wheel(installed, env, tmp_path):
    said = run([installed.python, "-c", "import tentable, tentable.resources as r; "
                "print(tentable.__file__); print(r.root())"], env=env, cwd=tmp_path)
    module, root = map(Path, said.stdout.splitlines())
    assert module == installed.package / "__init__.py"
    assert root == installed.package / resources.INSTALLED


def test_the_installed_tentable_passes_its_smoke_test(installed, env, tmp_path):
    started = time.perf_counter()
    done = subprocess.run([str(installed.program), "--smoke"], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=TIMEOUT)
    print(f"\nsmoke run from the wheel: {time.perf_counter() - started:.1f} s")
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout
    assert "smoke ok:" in said
    shipped = installed.package / resources.INSTALLED
    for game_id in resources.DECKS:
        assert f"found deck {game_id}: {shipped / 'decks' / f'{game_id}.yaml'}" in said
    for name in resources.FONTS:
        assert f"found font: {shipped / 'assets' / 'fonts' / name}" in said
    for game_id in tutorial.SCRIPTS:
        script = installed.package / "tutorials" / f"{game_id}.yaml"
        assert f"found tutorial {game_id}: {script}" in said
    for code in i18n.LANGUAGES.keys() - {i18n.ENGLISH}:
        catalogue = shipped / "locale" / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        assert f"found catalogue {code}: {catalogue}" in said
    assert str(ROOT) not in said, "the installed app read files of this checkout"


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES.keys() - {i18n.ENGLISH}))
def test_the_installed_tentable_speaks_each_language(installed, env, tmp_path, language):
    done = subprocess.run([str(installed.program), "--lang", language, "--help"],
                          capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    english = subprocess.run([str(installed.program), "--lang", "en", "--help"],
                             capture_output=True, text=True, env=env, cwd=tmp_path,
                             timeout=TIMEOUT)
    assert done.stdout != english.stdout, f"the {language} help is the English one"


def test_the_readme_says_how_to_install_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pipx install ." in readme and "pip install ." in readme
