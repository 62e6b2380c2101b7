"""release.yml, read as GitHub would: valid against the workflow schema, every action
pinned by commit, bounded in time, one run per ref, and an archive for every system and
processor the README offers, published with its checksum."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from scripttools import load_script

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
RELEASE = ROOT / ".github" / "workflows" / "release.yml"
PINNED = re.compile(r"^\s*(?:-\s+)?uses:\s+[\w.-]+/[\w.-]+@[0-9a-f]{40} # v\d+(\.\d+)*\s*$")
# What each runner builds for: its system and processor, as build.py names the archive
RUNNERS = {"ubuntu-22.04": ("linux", "x86_64"), "windows-latest": ("win32", "AMD64"),
           "macos-14": ("darwin", "arm64"), "macos-15-intel": ("darwin", "x86_64")}
EXTENSION = {"linux": "tar.gz", "win32": "zip", "darwin": "zip"}


def workflow() -> dict:
    return yaml.safe_load(RELEASE.read_text(encoding="utf-8"))


def schema_check(*files: Path) -> subprocess.CompletedProcess:
    pytest.importorskip("check_jsonschema", reason="check-jsonschema: the 'test' extra")
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", *map(str, files)],
                          capture_output=True, text=True, timeout=120)


def test_the_workflows_are_valid_for_github():
    done = schema_check(*WORKFLOWS)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_schema_check_would_catch_a_mistake(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(RELEASE.read_text(encoding="utf-8").replace(
        "timeout-minutes: 30", "timeout-minuets: 30"), encoding="utf-8")
    assert schema_check(broken).returncode != 0


def test_every_action_is_pinned_to_a_commit_with_its_release_named():
    for path in WORKFLOWS:
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.match(r"^\s*(-\s+)?uses:", line):
                assert PINNED.match(line), f"{path.name}: {line.strip()}"


def test_every_job_has_a_time_limit_and_runs_are_one_per_ref():
    jobs = workflow()["jobs"]
    for name, job in jobs.items():
        assert 0 < job["timeout-minutes"] <= 60, name
    group = workflow()["concurrency"]["group"]
    assert "github.ref" in group and "github.workflow" in group


def test_the_tests_do_not_build_the_bundle_that_the_next_step_builds():
    steps = workflow()["jobs"]["build"]["steps"]
    runs = [step.get("run", "") for step in steps]
    test = runs.index("python scripts/test.py")
    assert steps[test]["env"]["TENTABLE_SKIP_PACKAGING"] == "1"
    assert runs[test + 1] == "python scripts/build.py --smoke"


def test_every_archive_the_readme_offers_is_built_checked_and_published_with_checksums():
    build = load_script("build")
    job = workflow()["jobs"]["build"]
    kinds = {f"{build.platform_tag(*RUNNERS[runner])}.{EXTENSION[RUNNERS[runner][0]]}"
             for runner in job["strategy"]["matrix"]["os"]}
    assert kinds == {"linux-x86_64.tar.gz", "windows-x64.zip", "macos-arm64.zip",
                     "macos-x86_64.zip"}
    assert "tentable-${{ matrix.os }}" == job["steps"][-1]["with"]["name"], \
        "one artifact per runner: two macOS runners must not share a name"
    release = workflow()["jobs"]["release"]
    script = "\n".join(step.get("run", "") for step in release["steps"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for kind in kinds:
        assert kind in script, f"the release job does not look for {kind}"
        assert f"tentable-<version>-{kind}" in readme, f"the README does not offer {kind}"
    assert "sha256sum tentable-* > SHA256SUMS" in script
    published = release["steps"][-1]
    assert published["uses"].startswith("softprops/action-gh-release@")
    assert published["with"]["files"] == "dist/*"   # the archives and SHA256SUMS
