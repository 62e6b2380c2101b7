"""`tentable --smoke` in-process: it passes on a good checkout, and a build that lost or
broke a file fails with one line naming that file."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tentable import i18n, resources, smoke


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv(smoke.REPORT_ENV, raising=False)


@pytest.fixture
def shipped(tmp_path, monkeypatch) -> Path:
    """A copy of the shipped decks, fonts, sounds, rules pages and catalogues, which
    `resources` now finds."""
    source = resources.root()
    copy = tmp_path / "bundle"
    shutil.copytree(source / "decks", copy / "decks")
    shutil.copytree(source / "assets" / "fonts", copy / "assets" / "fonts")
    shutil.copytree(source / "assets" / "sounds", copy / "assets" / "sounds")
    shutil.copytree(source / "docs" / "rules", copy / "docs" / "rules")
    shutil.copytree(source / "locale", copy / "locale")
    monkeypatch.setattr(resources, "root", lambda: copy)
    return copy


def test_smoke_passes_and_lists_every_deck_font_and_catalogue(capsys):
    assert smoke.run() == 0
    out = capsys.readouterr().out
    for game_id in resources.DECKS:
        assert f"found deck {game_id}: {resources.deck_path(game_id)}" in out
    for name in resources.FONTS:
        assert f"found font: {resources.font_path(name)}" in out
    for cue in resources.SOUNDS:        # the build carries the sounds (#42)
        assert f"found sound {cue}: {resources.sound_path(cue)} (" in out
    for code in ("de", "nl"):
        assert f"found catalogue {code}: {i18n.catalogue_path(code)}" in out
    assert "first frame" in out
    assert "smoke ok:" in out


def test_the_report_file_gets_the_same_lines(tmp_path, monkeypatch, capsys):
    report = tmp_path / "report.txt"
    monkeypatch.setenv(smoke.REPORT_ENV, str(report))
    assert smoke.run() == 0
    assert report.read_text(encoding="utf-8") == capsys.readouterr().out


def test_a_copied_bundle_passes(shipped, capsys):
    assert smoke.run() == 0
    assert f"found deck ten: {shipped / 'decks' / 'ten.yaml'}" in capsys.readouterr().out


def cut_short(path):
    """A download or copy that stopped halfway."""
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


@pytest.mark.parametrize("damage, named", [
    (lambda root: (root / "decks" / "tentiles.yaml").unlink(), "tentiles.yaml"),
    (lambda root: (root / "decks" / "takethat.yaml").write_text("cards: [\n"), "takethat.yaml"),
    (lambda root: (root / "decks" / "elfer.yaml").write_text("format: 1\n"), "elfer.yaml"),
    (lambda root: (root / "assets" / "fonts" / "Lato-Bold.ttf").unlink(), "Lato-Bold.ttf"),
    (lambda root: (root / "assets" / "fonts" / "Lato-Regular.ttf").write_bytes(b"not a font"),
     "Lato-Regular.ttf"),
    (lambda root: (root / "assets" / "sounds" / "chips.ogg").unlink(), "chips.ogg"),
    (lambda root: (root / "assets" / "sounds" / "bust.ogg").write_bytes(b"RIFF"), "bust.ogg"),
    (lambda root: cut_short(root / "assets" / "sounds" / "game_won.ogg"), "game_won.ogg"),
    (lambda root: (root / "locale" / "nl" / "LC_MESSAGES" / "tentable.mo").unlink(),
     "nl/LC_MESSAGES/tentable.mo"),
    (lambda root: (root / "locale" / "de" / "LC_MESSAGES" / "tentable.mo").write_bytes(b"x" * 40),
     "de/LC_MESSAGES/tentable.mo"),
], ids=["deck missing", "deck not YAML", "deck incomplete", "font missing", "font broken",
        "sound missing", "sound broken", "sound cut short", "catalogue missing", "catalogue broken"])
def test_a_lost_or_broken_file_fails_naming_it(shipped, capsys, damage, named):
    damage(shipped)
    assert smoke.run() == 1
    reason = capsys.readouterr().err.strip().splitlines()[-1]
    assert reason.startswith("smoke failed: ")
    assert named in reason


def test_an_error_while_drawing_ends_with_the_step_and_the_reason(monkeypatch, capsys):
    import pygame

    def no_window(*args, **kwargs):
        raise pygame.error("No available video device")

    monkeypatch.setattr("tentable.ui.app.App", no_window)
    assert smoke.run() == 1
    err = capsys.readouterr().err
    assert "Traceback" in err
    assert err.strip().splitlines()[-1] == (
        "smoke failed: opening the window: pygame.error: No available video device")


def test_a_table_that_cannot_draw_is_named(monkeypatch, capsys):
    from tentable.ui.scenes import TABLES

    class BrokenTable:
        def __init__(self, app, session):
            raise RuntimeError("no layout for 2 players")

    monkeypatch.setitem(TABLES, "takethat", BrokenTable)
    assert smoke.run() == 1
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        "smoke failed: drawing the takethat table: RuntimeError: no layout for 2 players")
