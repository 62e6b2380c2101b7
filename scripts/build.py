#!/usr/bin/env python3
"""Build the double-click tentable for this OS, archive it, and optionally smoke-test it.

    python3 scripts/build.py            # dist/tentable-<version>-<os>.{tar.gz,zip}
    python3 scripts/build.py --smoke    # ... then run the built app's `--smoke` check

Sets up .venv with PyInstaller on the first run (like play.py and test.py), builds
from `tentable.spec` (one folder, windowed), then archives what players download:

    Linux    tentable-<version>-linux-x86_64.tar.gz   the folder tentable/
    Windows  tentable-<version>-windows-x64.zip       the folder tentable/
    macOS    tentable-<version>-macos.zip             tentable.app

The smoke run uses the SDL dummy drivers, so it needs no display; it reads the app's
report from a file because a windowed build on Windows has no stdout.
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
# What every bundle must carry beside the program's data (THIRD_PARTY_NOTICES.md names them)
NOTICES = ("LICENSE", "THIRD_PARTY_NOTICES.md", "licenses/LGPL-2.1.txt",
           "licenses/Python/LICENSE.txt", "licenses/PyYAML/LICENSE",
           "licenses/platformdirs/LICENSE", "assets/fonts/OFL.txt")


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


def platform_tag() -> str:
    machine = platform.machine().lower()
    if sys.platform == "win32":
        return "windows-x64" if machine in ("amd64", "x86_64") else f"windows-{machine}"
    if sys.platform == "darwin":
        return "macos"
    return "linux-" + {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)


def bundle_path() -> Path:
    """What the players get: the .app on macOS, the one folder elsewhere."""
    return DIST / (f"{NAME}.app" if sys.platform == "darwin" else NAME)


def executable(bundle: Path) -> Path:
    if sys.platform == "darwin":
        return bundle / "Contents" / "MacOS" / NAME
    return bundle / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def data_folder(bundle: Path) -> Path:
    """Where PyInstaller put the data files (sys._MEIPASS, or the .app's Resources)."""
    if sys.platform == "darwin":
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
    missing = missing_notices(bundle)
    if missing:
        raise SystemExit(f"build.py: the bundle lacks the licence texts {', '.join(missing)}")
    return bundle


def archive(bundle: Path, name: str) -> Path:
    """Pack the bundle with its folder name at the top; return the archive."""
    if sys.platform == "win32":
        target = DIST / f"{name}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for path in sorted(bundle.rglob("*")):
                out.write(path, path.relative_to(bundle.parent))
    elif sys.platform == "darwin":
        # ditto keeps the .app's symlinks and extended attributes, which zipfile would not
        target = DIST / f"{name}.zip"
        target.unlink(missing_ok=True)
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle),
                        str(target)], check=True)
    else:
        target = DIST / f"{name}.tar.gz"
        with tarfile.open(target, "w:gz") as out:
            out.add(bundle, arcname=bundle.name)
    return target


def size_of(path: Path) -> int:
    """Bytes on disk once unpacked (symlinks count as themselves, not their target)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def smoke(bundle: Path, env: dict[str, str] | None = None) -> Smoke:
    """Run the built app's `--smoke` headless; its report comes back through a file.
    It starts in an empty folder, so nothing can be found beside the checkout by luck."""
    with tempfile.TemporaryDirectory(prefix="tentable-smoke-") as tmp:
        report = Path(tmp) / "report.txt"
        env = dict(os.environ if env is None else env, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", TENTABLE_SMOKE_REPORT=str(report))
        started = time.perf_counter()
        try:
            done = subprocess.run([str(executable(bundle)), "--smoke"], cwd=tmp, env=env,
                                  capture_output=True, text=True, timeout=SMOKE_TIMEOUT)
            code, stderr = done.returncode, done.stderr
        except subprocess.TimeoutExpired:
            code, stderr = -1, f"smoke failed: no exit within {SMOKE_TIMEOUT} s"
        seconds = time.perf_counter() - started
        text = report.read_text(encoding="utf-8") if report.exists() else ""
    # What only reached stderr: a crash before the report opened, or a fatal error
    said = set(text.splitlines())
    text += "".join(line + "\n" for line in stderr.splitlines() if line not in said)
    return Smoke(code, text, seconds)


def megabytes(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--smoke", action="store_true",
                        help="run the built app's --smoke check afterwards")
    args = parser.parse_args()
    python = ensure_venv("build")
    started = time.perf_counter()
    bundle = build(python)
    built = time.perf_counter() - started
    packed = archive(bundle, f"{NAME}-{version(python)}-{platform_tag()}")
    print(f"built {bundle.relative_to(ROOT)} in {built:.0f} s: "
          f"{megabytes(size_of(bundle))} unpacked")
    print(f"archive {packed.relative_to(ROOT)}: {megabytes(size_of(packed))}")
    if not args.smoke:
        return 0
    result = smoke(bundle)
    print(result.report.rstrip())
    print(f"smoke exit code {result.exit_code} after {result.seconds:.1f} s")
    return 0 if result.exit_code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
