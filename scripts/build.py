#!/usr/bin/env python3
"""Build the double-click tentable for this OS, archive it, and optionally smoke-test it.

    python3 scripts/build.py            # dist/tentable-<version>-<os>.{tar.gz,zip}
    python3 scripts/build.py --smoke    # ... then unpack the archive and check that it starts

Sets up .venv with PyInstaller on the first run (like play.py and test.py), builds
from `tentable.spec` (one folder, windowed), then archives what players download:

    Linux    tentable-<version>-linux-x86_64.tar.gz  the folder tentable-<version>/ with
                                                     a .desktop file, the icon, INSTALL.txt
    Windows  tentable-<version>-windows-x64.zip      the folder tentable-<version>/, with
                                                     tentable.exe and tentable-cli.exe
    macOS    tentable-<version>-macos-arm64.zip      tentable.app (Apple silicon)
             tentable-<version>-macos-x86_64.zip     tentable.app (Intel)

Every archive also holds LICENSE and THIRD_PARTY_NOTICES.md at its top. A new version
unpacks into a folder of its own, so it never mixes its files with an older one.

Every build is checked: the licence texts are in it, its command line answers
`--version`, and on macOS the .app's signature verifies (`codesign --strict`: a
bundle macOS would call "damaged" fails the build) and its binary is of the
processor its archive is named for. `--smoke` then unpacks the archive as a player
would, checks that copy the same way and runs its `--smoke` from an empty data
folder: the program itself, and on macOS the .app through `open` too, as Finder
starts it. The smoke runs use the SDL dummy drivers, so they need no display; the
report comes back through a file because a windowed build on Windows has no stdout.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from _venv import ROOT, ensure_venv

DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
SPEC = ROOT / "tentable.spec"
NAME = "tentable"
SMOKE_TIMEOUT = 60  # seconds; the budget is 10, this only stops a hung window
REPORT_ENV = "TENTABLE_SMOKE_REPORT"   # tentable.smoke reads it
# What every bundle must carry beside the program's data (THIRD_PARTY_NOTICES.md names them)
NOTICES = ("LICENSE", "THIRD_PARTY_NOTICES.md", "licenses/LGPL-2.1.txt", "licenses/Apache-2.0.txt",
           "licenses/Python/LICENSE.txt", "licenses/PyYAML/LICENSE",
           "licenses/platformdirs/LICENSE", "licenses/websockets/LICENSE",
           "assets/fonts/OFL.txt")
# Beside the program at the top of every archive, and for Linux what a desktop needs
TOP_FILES = (ROOT / "LICENSE", ROOT / "THIRD_PARTY_NOTICES.md")
LINUX_FILES = (ROOT / "packaging" / "linux" / "tentable.desktop",
               ROOT / "packaging" / "linux" / "INSTALL.txt",
               ROOT / "assets" / "icons" / "tentable.png")


@dataclass(frozen=True)
class Smoke:
    exit_code: int
    report: str
    seconds: float


def version(python: Path) -> str:
    """The version in the package metadata, as the build will show it."""
    return subprocess.check_output(
        [str(python), "-c", f"from importlib.metadata import version; print(version({NAME!r}))"],
        text=True).strip()


def platform_tag(system: str = sys.platform, machine: str = platform.machine()) -> str:
    """The system and processor an archive is for, as its name says: PyInstaller builds
    for the Python that runs it, so an Intel Mac needs an archive built on Intel."""
    machine = machine.lower()
    if system == "win32":
        return "windows-x64" if machine in ("amd64", "x86_64") else f"windows-{machine}"
    if system == "darwin":
        return "macos-" + {"aarch64": "arm64", "amd64": "x86_64"}.get(machine, machine)
    return "linux-" + {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)


def bundle_path() -> Path:
    """What the players get: the .app on macOS, the one folder elsewhere."""
    return DIST / (f"{NAME}.app" if sys.platform == "darwin" else NAME)


def executable(bundle: Path, system: str = sys.platform) -> Path:
    if system == "darwin":
        return bundle / "Contents" / "MacOS" / NAME
    return bundle / (f"{NAME}.exe" if system == "win32" else NAME)


def cli_executable(bundle: Path, system: str = sys.platform) -> Path:
    """The program for the command line: on Windows the console twin of the windowed
    tentable.exe (which has no stdout); elsewhere the one program is both."""
    if system == "win32":
        return bundle / f"{NAME}-cli.exe"
    return executable(bundle, system)


def data_folder(bundle: Path, system: str = sys.platform) -> Path:
    """Where PyInstaller put the data files (sys._MEIPASS, or the .app's Resources)."""
    if system == "darwin":
        return bundle / "Contents" / "Resources"
    return bundle / "_internal"


def missing_notices(bundle: Path) -> list[str]:
    return [name for name in NOTICES if not (data_folder(bundle) / name).is_file()]


def build(python: Path) -> Path:
    """Run PyInstaller on the spec; return the bundle."""
    subprocess.run([str(python), "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--log-level", "WARN", "--distpath", str(DIST), "--workpath", str(WORK),
                    str(SPEC)], cwd=ROOT, check=True,
                   # PyInstaller's hooks import pygame in processes of their own
                   env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    bundle = bundle_path()
    if not executable(bundle).is_file():
        raise SystemExit(f"build.py: PyInstaller made no {executable(bundle)}")
    return bundle


# -- checks ---------------------------------------------------------------------------
def problems(bundle: Path, expected_version: str, tag: str = platform_tag()) -> list[str]:
    """What is wrong with a built (or unpacked) bundle, a line each; [] when all is well."""
    found = [f"no licence text {name}" for name in missing_notices(bundle)]
    found += _cli_problems(bundle, expected_version)
    if sys.platform == "darwin":
        found += _signature_problems(bundle) + _architecture_problems(bundle, tag)
    return found


def _cli_problems(bundle: Path, expected_version: str) -> list[str]:
    program = cli_executable(bundle)
    try:
        done = subprocess.run([str(program), "--version"], capture_output=True, text=True,
                              timeout=SMOKE_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return [f"{program.name} --version did not run: {exc}"]
    said, wanted = done.stdout.strip(), f"{NAME} {expected_version}"
    if done.returncode != 0 or said != wanted:
        return [f"{program.name} --version said {said!r} (exit {done.returncode}), not "
                f"{wanted!r} {done.stderr.strip()}".rstrip()]
    return []


def codesign_command(app: Path) -> list[str]:
    """What Gatekeeper checks of a signature, every nested binary included: an ad-hoc
    signing that failed (PyInstaller only warns) shows up here, not in a smoke run."""
    return ["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)]


def _signature_problems(app: Path) -> list[str]:
    done = subprocess.run(codesign_command(app), capture_output=True, text=True)
    if done.returncode != 0:
        return [f"the signature of {app.name} does not verify: {done.stderr.strip()}"]
    return []


def _architecture_problems(app: Path, tag: str) -> list[str]:
    wanted = tag.split("-", 1)[1]
    done = subprocess.run(["lipo", "-archs", str(executable(app))], capture_output=True,
                          text=True)
    built_for = done.stdout.split()
    if wanted not in built_for:
        return [f"{executable(app).name} is built for {' '.join(built_for) or 'nothing known'}"
                f", but its archive says {wanted}"]
    return []


# -- archives ---------------------------------------------------------------------------
def archive_name(version_text: str, tag: str = platform_tag()) -> str:
    return f"{NAME}-{version_text}-{tag}"


# deflate level 6, not 9: a third of the time (2 s, not 6, for this 40 MB bundle) for
# 0.3% more to download
LEVEL = 6


def archive(bundle: Path, version_text: str) -> Path:
    """Pack the bundle as players download it (see the module's docstring); return it."""
    top = f"{NAME}-{version_text}"          # one folder per version: nothing mixes
    name = archive_name(version_text)
    if sys.platform == "win32":
        target = DIST / f"{name}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=LEVEL) as out:
            for path in sorted(bundle.rglob("*")):
                out.write(path, f"{top}/{path.relative_to(bundle).as_posix()}")
            for path in TOP_FILES:
                out.write(path, f"{top}/{path.name}")
    elif sys.platform == "darwin":
        # ditto keeps the .app's symlinks, extended attributes and signature, which
        # zipfile would not; the notices go beside the .app, outside its signature
        target = DIST / f"{name}.zip"
        target.unlink(missing_ok=True)
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle),
                        str(target)], check=True)
        with zipfile.ZipFile(target, "a", zipfile.ZIP_DEFLATED) as out:
            for path in TOP_FILES:
                out.write(path, path.name)
    else:
        target = DIST / f"{name}.tar.gz"
        with tarfile.open(target, "w:gz", compresslevel=LEVEL) as out:
            out.add(bundle, arcname=top)
            for path in TOP_FILES + LINUX_FILES:
                out.add(path, arcname=f"{top}/{path.name}")
    return target


def unpack(packed: Path, into: Path) -> Path:
    """Unpack an archive as a player would; return the bundle in it (its one folder)."""
    if packed.name.endswith(".tar.gz"):
        with tarfile.open(packed) as source:
            # the "tar" filter (Python 3.12+, and backported) refuses links out of `into`
            source.extractall(into, **({"filter": "tar"} if hasattr(tarfile, "tar_filter")
                                       else {}))
    elif sys.platform == "darwin":     # like Archive Utility: links and attributes kept
        subprocess.run(["ditto", "-x", "-k", str(packed), str(into)], check=True)
    else:
        with zipfile.ZipFile(packed) as source:
            source.extractall(into)
    [bundle] = [path for path in into.iterdir() if path.is_dir() and path.name.startswith(NAME)]
    return bundle


def size_of(path: Path) -> int:
    """Bytes on disk once unpacked (symlinks count as themselves, not their target)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


# -- smoke tests --------------------------------------------------------------------------
def open_command(app: Path, settings: dict[str, str], stderr: Path,
                 arguments: list[str]) -> list[str]:
    """`open` starts the .app through Launch Services, as Finder does. The app gets none of
    the caller's environment, so each setting goes with --env (macOS 13 and later)."""
    options = [part for key, value in settings.items() for part in ("--env", f"{key}={value}")]
    return ["open", "-W", "-n", "--stderr", str(stderr), *options, str(app),
            "--args", *arguments]


def languages() -> list[str]:
    """The languages whose compiled catalogues the build carries (besides English)."""
    return sorted(mo.parent.parent.name for mo in (ROOT / "locale").glob("*/LC_MESSAGES/*.mo"))


def smoke(bundle: Path, env: dict[str, str] | None = None, through_open: bool = False,
          language: str | None = None) -> Smoke:
    """Run the built app's `--smoke` headless (in `language` when given: it fails if the
    build lacks that catalogue); its report comes back through a file. It starts in an
    empty folder, so nothing can be found beside the checkout by luck, and (unless `env`
    says otherwise) with an empty data folder of its own."""
    arguments = ["--smoke"] + (["--lang", language] if language else [])
    with tempfile.TemporaryDirectory(prefix="tentable-smoke-") as tmp:
        folder = Path(tmp)
        report, stderr_file = folder / "report.txt", folder / "stderr.txt"
        env = dict(os.environ, TENTABLE_HOME=str(folder / "home")) if env is None else env
        settings = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                    REPORT_ENV: str(report)}
        if "TENTABLE_HOME" in env:
            settings["TENTABLE_HOME"] = env["TENTABLE_HOME"]
        command = (open_command(bundle, settings, stderr_file, arguments) if through_open
                   else [str(executable(bundle)), *arguments])
        started = time.perf_counter()
        try:
            done = subprocess.run(command, cwd=tmp, env={**env, **settings},
                                  capture_output=True, text=True, timeout=SMOKE_TIMEOUT)
            code, stderr = done.returncode, done.stderr
        except subprocess.TimeoutExpired:
            code, stderr = -1, f"smoke failed: no exit within {SMOKE_TIMEOUT} s"
        seconds = time.perf_counter() - started
        text = report.read_text(encoding="utf-8") if report.exists() else ""
        if stderr_file.exists():
            stderr += stderr_file.read_text(encoding="utf-8", errors="replace")
    if through_open and code == 0:   # open's exit code tells only that the app started
        code = 0 if any(line.startswith("smoke ok:") for line in text.splitlines()) else 1
    # What only reached stderr: a crash before the report opened, or a fatal error
    said = set(text.splitlines())
    text += "".join(line + "\n" for line in stderr.splitlines() if line not in said)
    return Smoke(code, text, seconds)


def megabytes(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--smoke", action="store_true",
                        help="unpack the archive, check it and run its --smoke afterwards")
    args = parser.parse_args()
    python = ensure_venv("build")
    started = time.perf_counter()
    bundle = build(python)
    built = time.perf_counter() - started
    expected = version(python)
    packed = archive(bundle, expected)
    print(f"built {bundle.relative_to(ROOT)} in {built:.0f} s: "
          f"{megabytes(size_of(bundle))} unpacked")
    print(f"archive {packed.relative_to(ROOT)}: {megabytes(size_of(packed))}")
    wrong = problems(bundle, expected)
    if wrong or not args.smoke:
        return _verdict(wrong)
    with tempfile.TemporaryDirectory(prefix="tentable-unpacked-") as tmp:
        unpacked = unpack(packed, Path(tmp))
        wrong = problems(unpacked, expected)
        for through_open in (False, True) if sys.platform == "darwin" else (False,):
            how = "through open" if through_open else "of the program"
            result = smoke(unpacked, through_open=through_open)
            print(result.report.rstrip())
            print(f"smoke {how} (unpacked archive): exit code {result.exit_code} after "
                  f"{result.seconds:.1f} s")
            if result.exit_code != 0:
                wrong.append(f"the smoke test {how} failed")
        for language in languages():          # each language the build carries
            result = smoke(unpacked, language=language)
            print(f"smoke in {language} (unpacked archive): exit code {result.exit_code} "
                  f"after {result.seconds:.1f} s")
            if result.exit_code != 0:
                print(result.report.rstrip())
                wrong.append(f"the smoke test in {language} failed")
    return _verdict(wrong)


def _verdict(wrong: list[str]) -> int:
    for line in wrong:
        print(f"build.py: {line}", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
