"""A game that ends when its files cannot be written (#44): a full disk, a read-only data
folder, `archive` that is a file. Never a crash; the game stays in its autosave (as far as
it could be written), the player is told where, and it is kept once the disk allows it:
when the table is left, or at the next start, exactly once.

The full disk and the read-only folder are real where this machine lets a test mount a
small file system (root on Linux, as CI runs); elsewhere the same failures are raised by
the calls that write and delete files.
"""
import errno
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from keepkill import KEY, near_end
from tentable import archive, keeping, stats, store
from tentable.engine import replay
from tentable.match import GameOver, Match
from tentable.session import Seat
from tentable.ui.app import App
from tentable.ui.scenes import table_for
from uitools import FakeClock, wait_for


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def ending(game_id="ten"):
    """A match one move before its game ends, kept as the app keeps games; its last move."""
    session, last = near_end(game_id)
    store.save_autosave(session.record(list(session.history)))
    return Match(session, save=store.save_autosave, keep=keeping.keep), last


def end(match, last) -> GameOver:
    *_, over = match.play(match.current_player, [last])
    assert isinstance(over, GameOver)
    return over


def kept_once(game_id="ten", ladder=False):
    """The game is in the archive, the statistics (and the ladder) once, its autosave gone."""
    games, messages = archive.load_all()
    assert messages == [] and [game.key for game in games] == [KEY]
    table, _ = stats.load()
    assert table.counted == [KEY] and {row.games for row in table.rows} == {1}
    assert [game.key for game in store.load_ladder()[0].games] == ([KEY] if ladder else [])
    assert store.load_autosave(game_id) == (None, None)


def waits_finished(game_id="ten"):
    record, message = store.load_autosave(game_id)
    assert message is None and record["key"] == KEY and replay(record).is_over


def test_archive_a_file_at_the_end_leaves_the_game_in_its_autosave_and_says_where(home):
    match, last = ending()
    (home / "archive").write_text("a file where the archive folder belongs")
    over = end(match, last)
    assert over.kept.kept is None and over.kept.reason.endswith(": archive")
    assert str(store.autosave_path("ten")) in over.kept.failed
    waits_finished()
    assert stats.load()[0].rows == []                  # it stopped at the archive
    (home / "archive").unlink()                        # the player mends it
    match.close()                                      # leaving the table: kept now
    assert match.kept.failed is None
    kept_once()


def test_a_ladder_game_whose_archive_fails_is_on_the_ladder_after_the_next_start(home):
    match, last = ending("ladder")
    (home / "archive").write_text("")
    assert end(match, last).kept.ladder is None
    assert store.load_ladder()[0].games == ()
    (home / "archive").unlink()
    _, messages = keeping.games_in_progress()          # the next start
    assert messages == []
    kept_once(ladder=True)
    assert store.load_ladder()[0].target in (5, 6)


def test_the_table_tells_where_the_game_waits_and_keeps_it_when_left(home):
    session, _ = near_end("retro10")
    store.save_autosave(session.record(list(session.history)))
    session = replace(session, seats=tuple(Seat(s.name, "bot", "easy") for s in session.seats))
    (home / "archive").write_text("")
    app = App(size=(1024, 640), clock=FakeClock())
    try:
        table = table_for("retro10")(app, session)
        app.reset(table)
        wait_for(app, lambda: table.link.match.is_over)
        app.step(wait=False)
        said = [toast.text for toast in app.toasts.items]
        assert any(str(store.autosave_path("retro10")) in text for text in said), said
        waits_finished("retro10")
        (home / "archive").unlink()
        app.reset("menu")                              # the table closes: kept now
        kept_once("retro10")
    finally:
        app.close()


def test_an_autosave_that_cannot_be_deleted_is_kept_once_and_forgotten_at_the_next_start(
        home, monkeypatch):
    match, last = ending()
    unlink = os.unlink

    def read_only(path, *args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", str(path))
    monkeypatch.setattr(os, "unlink", read_only)
    over = end(match, last)
    assert over.kept.failed is None and over.kept.kept.key == KEY   # kept, not forgotten
    waits_finished()
    _, messages = keeping.games_in_progress()          # a start while it is still read-only
    assert messages == []
    monkeypatch.setattr(os, "unlink", unlink)
    keeping.games_in_progress()                        # and one after
    kept_once()


# -- a full disk and a read-only folder --------------------------------------------------
@contextmanager
def small_disk(where: Path):
    """A 256 KiB file system mounted at `where`, or the test is skipped."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root on Linux")
    where.mkdir(parents=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(where)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small file system here: {mounted.stderr!r}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(disk: Path) -> Path:
    """Fill `disk` to the last byte; the file that filled it."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def failing_writes(monkeypatch, code: int, words: str) -> None:
    def refused(*args, **kwargs):
        raise OSError(code, words)
    monkeypatch.setattr(tempfile, "mkstemp", refused)
    monkeypatch.setattr(os, "unlink", refused)


def check_nothing_lost(match, over, before: int) -> None:
    """The end could not be written: said so, the autosave as the move before left it."""
    assert over.kept.reason and over.kept.waits_in == "" and over.kept.failed
    record, message = store.load_autosave("ten")
    assert message is None and len(record["history"]) == before
    assert archive.load_all() == ([], []) and stats.load()[0].rows == []


def full(disk: Path):
    """The disk is full; the way to make room again."""
    filler = fill(disk)
    return filler.unlink


def read_only(disk: Path):
    """The folder is read-only; the way to make it writable again."""
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    return lambda: subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)


@pytest.mark.parametrize("trouble, words", [(full, "No space left"), (read_only, "Read-only")])
def test_a_full_disk_or_a_read_only_folder_at_the_end_loses_nothing(trouble, words, tmp_path,
                                                                    monkeypatch):
    """Real: a small file system, filled to the last byte or mounted read-only."""
    with small_disk(tmp_path / "disk") as disk:
        monkeypatch.setenv("TENTABLE_HOME", str(disk))
        match, last = ending()
        before = len(match.history)
        mend = trouble(disk)
        over = end(match, last)
        assert words in over.kept.failed
        check_nothing_lost(match, over, before)
        mend()
        match.close()                                  # leaving the table: kept now
        kept_once()


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "No space left on device"),
                                         (errno.EROFS, "Read-only file system")])
def test_writes_refused_at_the_end_lose_nothing_anywhere(code, words, home, monkeypatch):
    match, last = ending()
    before = len(match.history)
    failing_writes(monkeypatch, code, words)
    over = end(match, last)
    assert words in over.kept.failed
    monkeypatch.undo()
    monkeypatch.setenv("TENTABLE_HOME", str(home))
    check_nothing_lost(match, over, before)
    match.close()
    kept_once()


def test_tentable_ladder_first_keeps_a_ladder_game_that_waited_in_its_autosave(home, capsys):
    from tentable.cli import main
    match, last = ending("ladder")
    (home / "archive").write_text("")
    end(match, last)
    (home / "archive").unlink()
    assert main(["ladder"]) == 0
    kept_once(ladder=True)
    solo = store.load_ladder()[0].games[0]
    assert f"{solo.you}" in capsys.readouterr().out


def test_a_start_in_a_read_only_folder_says_the_game_waits_and_keeps_it_later(home,
                                                                             monkeypatch):
    """A finished game in its autosave, and the data folder read-only at the next start:
    nothing is written or lost, and the message says where the game waits."""
    match, last = ending()
    (home / "archive").write_text("")
    end(match, last)
    (home / "archive").unlink()
    failing_writes(monkeypatch, errno.EROFS, "Read-only file system")
    going, [message] = keeping.games_in_progress()
    assert going == {} and str(store.autosave_path("ten")) in message
    monkeypatch.undo()
    monkeypatch.setenv("TENTABLE_HOME", str(home))
    waits_finished()
    keeping.games_in_progress()
    kept_once()
