"""Every reader refuses what the screens cannot show (issue #44).

Data the readers used to accept crashed or hung the app and the command line: a number of
309 digits in stats.json (Statistics and every game end crashed), a lone surrogate in a
name (Your games, the replay viewer, Open a file, Statistics, Setup, `tentable replay`),
`~nosuchuser/x` typed as a file's place, a FIFO where a file belongs (the reader waited
for ever), a 4,300-digit number in a deck manifest, and an `archive` folder linked to
another folder (whose files were renamed and deleted). Each case is fed to its reader and
to the screens and commands that show it: a message or a one-line error, never a
traceback, never a hang, and no other file touched.
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

from tentable import archive, keeping, stats, store
from tentable.engine import decks
from tentable.match import Match
from tentable.session import Seat, Session
from uitools import FakeClock, click, key, step

ROOT = Path(__file__).resolve().parent.parent
MARK = "@hostile@"       # where a case's raw JSON goes in a file written by json.dumps
# (name, raw JSON text, where it goes: "number", "name" or "key", what the refusal says)
CASES = [
    ("309 digits", "9" * 309, "number", "too large"),
    ("5000 digits", "-" + "9" * 5000, "number", "too large"),
    ("1e999", "1e999", "number", "too large"),
    ("NaN", "NaN", "number", "not a number"),
    ("a lone surrogate in a name", '"Ana\\ud800"', "name", "not valid Unicode"),
    ("a lone surrogate in a key", '"\\udc00"', "key", "not valid Unicode"),
]
IDS = [case[0] for case in CASES]
BAD_NAMES = ["Ana\x07", "Ana\x00", "Ana\u202e", "Ana\u2028", "Ana\u2029", "A" * 25]
fifos_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """The data folder, inside the test's folder: beside it, the player's other files."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("TENTABLE_HOME", str(folder))
    return folder


@pytest.fixture
def open_app():
    """Start the app on the data folder as the test left it (it reads the settings and the
    games in progress as it starts), with test time and instant animations."""
    from tentable.ui.app import App
    started = []

    def start():
        app = App(size=(1280, 720), clock=FakeClock())
        app.settings["animation_speed"] = "instant"
        app.settings["moments"] = "auto"
        started.append(app)
        step(app)
        return app
    yield start
    for app in started:
        app.close()


# -- the files ---------------------------------------------------------------------
def finished(seed=1, names=("Ana", "Ben")):
    seats = (Seat(names[0]), Seat(names[1], "bot", "heuristic"))
    match = Match(Session("takethat", tuple(Seat(n, "bot", "heuristic") for n in names),
                          seed, {}))
    match.play_out()
    record = Session("takethat", seats, seed, {}).record(match.history)
    return record, match.scores(), match.winners()


def kept_game(seed=1) -> dict:
    return archive.finished_game(*finished(seed)).to_json()


def an_autosave() -> dict:
    record = finished()[0]
    return {**record, "history": record["history"][:4], "version": store.SAVE_VERSION}


def a_stats_file() -> dict:
    row = {"game": "takethat", "mode": "table", "player": "ana", "level": "human",
           "name": "Ana", "games": 2, "wins": 1, "draws": 0, "helped": 0, "score_sum": 30,
           "best": 20, "streak": 0, "best_streak": 1}
    return {"version": stats.STATS_VERSION, "rows": [row]}


def a_settings_file() -> dict:
    seats = [{"name": "Ana", "kind": "human", "bot": ""},
             {"name": "Ben", "kind": "bot", "bot": "heuristic"}]
    return {**store.DEFAULT_SETTINGS, "version": store.SETTINGS_VERSION,
            "games": {"takethat": {"players": 2, "seats": seats, "options": {"rounds": 2}}}}


def a_ladder_file() -> dict:
    game = {"date": "2026-01-31T20:15:00", "target": 5, "seed": 3, "you": 7, "mona": 4}
    return {"version": store.LADDER_VERSION, "target": 6, "best": 5, "complete": False,
            "games": [game]}


# where each case goes in each kind of file: a number, a name, an object for the key
PLACES = {
    "archive": (("scores", 0), ("names", 0), ("record", "options")),
    "autosave": (("options", "rounds"), ("seats", 0, "name"), ("options",)),
    "stats": (("rows", 0, "score_sum"), ("rows", 0, "name"), ("rows", 0)),
    "settings": (("games", "takethat", "options", "rounds"),
                 ("games", "takethat", "seats", 0, "name"), ("games", "takethat")),
    "ladder": (("games", 0, "you"), ("games", 0, "date"), ("games", 0)),
}


def hostile(data: dict, kind: str, raw: str, where: str) -> bytes:
    """`data` as JSON with the case's raw text at its place in this kind of file."""
    data = copy.deepcopy(data)
    path = PLACES[kind][("number", "name", "key").index(where)]
    target = data
    for part in path[:-1]:
        target = target[part]
    if where == "key":
        target[path[-1]][MARK] = 1
    else:
        target[path[-1]] = MARK
    return json.dumps(data).replace(json.dumps(MARK), raw).encode()


def files_in(*folders: Path) -> dict[str, bytes]:
    """Every regular file under the folders with what it holds: what must stay as it was."""
    return {str(path): path.read_bytes() for folder in folders
            for path in sorted(folder.rglob("*")) if path.is_file()}


def toasts(app) -> str:
    return "\n".join(toast.text for toast in app.toasts.items)


@contextlib.contextmanager
def no_hang(*fifos: Path, seconds: float = 20):
    """A reader blocked on one of `fifos` is freed after `seconds` (a writer opens and
    closes the FIFO, so the reader sees its end) and the test fails: a hang is bounded."""
    done, freed = threading.Event(), []

    def watch() -> None:
        if done.wait(seconds):
            return
        freed.append(True)
        while not done.is_set():            # each reader that blocks again is freed again
            for fifo in fifos:
                try:
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:             # no reader waits on it now
                    pass
            done.wait(0.05)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join(5)
    assert not freed, "a reader blocked on a FIFO"


def fifo_at(path: Path, linked: bool) -> Path:
    """A FIFO at `path`, or a link at `path` to a FIFO beside the data folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not linked:
        os.mkfifo(path)
        return path
    target = path.parent.parent / f"{path.name}.fifo"
    while target.exists():
        target = target.with_name("x" + target.name)
    os.mkfifo(target)
    path.symlink_to(target)
    return target


def cli(*args: str, home: Path, process: bool = False) -> subprocess.CompletedProcess:
    """`tentable ARGS` on the data folder: its entry point (`startup.main`) in this process,
    its output caught; `process`: `python -m tentable` from this checkout, bounded in time
    (where a file could make it wait: FIFOs)."""
    env = {"TENTABLE_HOME": str(home), "LANGUAGE": "en",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if process:
        return subprocess.run([sys.executable, "-m", "tentable", *args], cwd=ROOT,
                              env={**os.environ, **env}, capture_output=True, text=True,
                              errors="replace", timeout=60)
    from tentable import i18n, startup
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = startup.main(list(args))
        finally:
            i18n.set_language("en")
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def one_line_error(result: subprocess.CompletedProcess, *says: str) -> str:
    err = result.stderr.strip()
    assert result.returncode == 1, (result.returncode, err)
    assert "Traceback" not in err and "unexpected error" not in err, err
    assert len(err.splitlines()) == 1, err
    assert all(word in err for word in says), err
    return err


# -- the one reader of every JSON file ---------------------------------------------
@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_parse_json_refuses_numbers_too_large_and_text_that_is_not_unicode(
        tmp_path, name, raw, where, says):
    path = tmp_path / "file.json"
    path.write_bytes(hostile(kept_game(), "archive", raw, where))
    with pytest.raises(store.DamagedFile, match=says) as refused:
        store.parse_json(path)
    assert len(str(refused.value)) < 120


@pytest.mark.parametrize("text", ['{"seed": 99999999999999999999}', '{"x": 1e308}',
                                  '{"name": "\\ud83c\\udccf"}', '{"a": "\\\\ud800"}'])
def test_parse_json_keeps_what_is_fine(tmp_path, text):
    """Twenty digits, a large finite float, an emoji written as a surrogate pair, and a
    backslash followed by the letters "ud800" are all fine."""
    path = tmp_path / "file.json"
    path.write_text(text)
    assert store.parse_json(path) == json.loads(text)


# -- the screens -------------------------------------------------------------------
@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_statistics_and_a_game_end_with_a_hostile_stats_file(home, open_app, name, raw,
                                                              where, says):
    path = stats.stats_path()
    content = hostile(a_stats_file(), "stats", raw, where)
    path.write_bytes(content)
    app = open_app()
    others = files_in(home)
    del others[str(path)]
    app.push("stats")
    step(app, 2)
    assert app.top.rows == [] and "stats.json" in toasts(app) and says in toasts(app)
    assert not path.exists() and len(list(home.glob("stats.json.damaged-*"))) == 1
    assert {k: v for k, v in files_in(home).items() if "damaged" not in k} == others
    # the end of a game: the file is set aside with a message, the game counted afresh
    path.write_bytes(content)
    [message] = keeping.keep(*finished(seed=7)).messages
    assert "stats.json" in message and says in message
    assert stats.load()[0].row("takethat", "table", "ana", "human").games == 1


@pytest.mark.parametrize("field, value, says", [
    ("score_sum", 10 ** 15, "'score_sum'"), ("best", -10 ** 10, "'best'"),
    ("games", 10 ** 12, "'games'"), ("wins", 10 ** 12, "'wins'"),
    *[("name", bad, "'name'") for bad in BAD_NAMES]])
def test_a_stats_row_holds_bounded_counts_scores_and_a_clean_name(field, value, says):
    data = a_stats_file()
    data["rows"][0][field] = value
    store.write_json(stats.stats_path(), data)
    table, message = stats.load()
    assert table.rows == [] and says in message and "stats.json" in message


def keep_two_games(home) -> list[Path]:
    for seed in (1, 2):
        archive.keep(archive.finished_game(*finished(seed),
                                           finished=f"2026-01-0{seed}T10:00:00"))
    return sorted((home / "archive").glob("*.json"))


@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_your_games_and_the_replay_with_a_hostile_archive_file(home, open_app, name, raw,
                                                               where, says):
    first, newest = keep_two_games(home)
    newest.write_bytes(hostile(json.loads(newest.read_bytes()), "archive", raw, where))
    app = open_app()
    kept = files_in(home / "archive")
    del kept[str(newest)]
    app.push("games")
    step(app, 2)
    games = app.top
    assert [game.name for game in games.games] == [first.stem]
    assert newest.name in toasts(app) and says in toasts(app)
    assert not newest.exists() and len(list(newest.parent.glob("*.damaged-*"))) == 1
    assert {k: v for k, v in files_in(home / "archive").items() if "damaged" not in k} == kept
    key(app, pygame.K_RETURN)
    step(app, 3)                                      # the game that loaded replays
    assert type(app.top).__name__ == "ReplayScene"


@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_open_a_file_with_a_hostile_shared_file(tmp_path, home, open_app, name, raw, where,
                                                says):
    shared = tmp_path / "shared" / "our game.json"
    shared.parent.mkdir()
    content = hostile(kept_game(), "archive", raw, where)
    shared.write_bytes(content)
    app = open_app()
    app.push("games")
    step(app)
    games = app.top
    games.path.set_text(str(shared))
    click(app, games.open_button.rect.center)
    step(app, 2)
    assert app.top is games and "our game.json" in toasts(app) and says in toasts(app)
    assert files_in(shared.parent) == {str(shared): content}


@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_setup_and_the_start_with_hostile_settings(home, open_app, name, raw, where, says):
    path = store.settings_path()
    path.write_bytes(hostile(a_settings_file(), "settings", raw, where))
    app = open_app()
    assert "settings.json" in toasts(app) and says in toasts(app)
    assert len(list(home.glob("settings.json.damaged-*"))) == 1
    app.push("setup", game_id="takethat")
    step(app, 3)
    assert type(app.top).__name__ == "SetupScene"


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_settings_clean_a_name_they_hold(home, open_app, bad):
    """The settings' names are the player's own: cleaned as when typed, not refused."""
    data = a_settings_file()
    data["games"]["takethat"]["seats"][0]["name"] = bad
    store.write_json(store.settings_path(), data)
    app = open_app()
    assert toasts(app) == ""
    app.push("setup", game_id="takethat")
    step(app, 3)
    assert app.top.rows[0].name.text == store.clean_name(bad)
    assert all(store.is_name(row.name.text) for row in app.top.rows)


@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_the_menu_with_a_hostile_game_in_progress(home, open_app, name, raw, where, says):
    path = store.saves_dir() / "autosave-takethat.json"
    path.parent.mkdir()
    path.write_bytes(hostile(an_autosave(), "autosave", raw, where))
    app = open_app()
    assert "autosave-takethat.json" in toasts(app) and says in toasts(app)
    assert not path.exists() and len(list(path.parent.glob("*.damaged-*"))) == 1


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_a_name_read_from_a_file_is_refused_naming_its_field(home, tmp_path, bad):
    autosave = an_autosave()
    autosave["seats"][1]["name"] = bad
    store.write_json(store.saves_dir() / "autosave-takethat.json", autosave)
    records, messages = store.load_autosaves()
    assert records == {} and "'seats'" in messages[0]
    game = kept_game()
    game["names"][1] = bad
    shared = tmp_path / "shared.json"
    store.write_json(shared, game)
    assert archive.load(shared)[0] is None and "'names'" in archive.load(shared)[1]
    game = kept_game()
    game["record"]["seats"][0]["name"] = bad
    store.write_json(shared, game)
    assert archive.load(shared)[0] is None and "'seats'" in archive.load(shared)[1]


def test_clean_name_drops_a_lone_surrogate():
    assert store.clean_name("An\ud800a") == "Ana"
    assert not store.is_name("An\ud800a") and store.is_name("Ana 🃏")


@pytest.mark.parametrize("place", ["~tentable-no-such-user-44/x.json",
                                   "~tentable-no-such-user-44"])
def test_a_home_folder_that_does_not_exist_is_a_message(home, open_app, place):
    archive.keep(archive.finished_game(*finished()))
    app = open_app()
    app.push("games")
    step(app)
    games = app.top
    for button in (games.open_button, games.save_button):
        games.path.set_text(place)
        click(app, button.rect.center)
        step(app)
        assert app.top is games and toasts(app)
        app.toasts.items.clear()


# -- FIFOs where files belong ------------------------------------------------------
def readers(home: Path, tmp_path: Path):
    """(where a file is read, how it is read, the message(s) it gives)."""
    def manifest(path):
        try:
            decks.load_manifest(path)
        except decks.ManifestError as exc:
            return str(exc)
        return None
    return [
        (store.settings_path(), lambda: store.load_settings()[1]),
        (stats.stats_path(), lambda: stats.load()[1]),
        (store.ladder_path(), lambda: store.load_ladder()[1]),
        (store.saves_dir() / "autosave-takethat.json",
         lambda: " ".join(store.load_autosaves()[1])),
        (home / "archive" / "20260101T100000-001-takethat.json",
         lambda: " ".join(archive.load_all()[1])),
        (tmp_path / "shared" / "game.json",
         lambda: archive.load(tmp_path / "shared" / "game.json")[1]),
        (tmp_path / "decks" / "takethat.yaml",
         lambda: manifest(tmp_path / "decks" / "takethat.yaml")),
    ]


@fifos_only
@pytest.mark.parametrize("linked", [False, True], ids=["a FIFO", "a link to a FIFO"])
@pytest.mark.parametrize("n", range(7), ids=["settings", "stats", "ladder", "autosave",
                                             "archive", "shared", "deck"])
def test_a_fifo_is_refused_without_waiting(home, tmp_path, n, linked):
    path, read = readers(home, tmp_path)[n]
    fifo = fifo_at(path, linked)
    with no_hang(fifo):
        message = read()
    assert path.name in message and "not a regular file" in message


@fifos_only
def test_the_screens_with_fifos_everywhere(home, tmp_path, open_app):
    fifos = [fifo_at(path, False) for path, _ in readers(home, tmp_path)[:6]]
    shared = readers(home, tmp_path)[5][0]
    with no_hang(*fifos):
        app = open_app()                      # the settings, the games in progress
        assert "settings.json" in toasts(app) and "autosave-takethat" in toasts(app)
        # Your games first: the statistics, counted again from the archive when stats.json
        # cannot be used (#37), would set the archive's FIFO aside before it looks
        for scene in ("games", "stats", "ladder"):
            app.toasts.items.clear()
            app.push(scene)
            step(app, 2)
            assert "not a regular file" in toasts(app)
            if scene == "games":
                app.top.path.set_text(str(shared))
                click(app, app.top.open_button.rect.center)
                assert "game.json" in toasts(app) and type(app.top).__name__ == "GamesScene"
            app.pop()
            step(app)
    assert stat.S_ISFIFO(os.lstat(shared).st_mode)         # a file of the player's stays


# -- the command line --------------------------------------------------------------
@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_tentable_replay_of_a_hostile_file_is_one_line(tmp_path, home, name, raw, where,
                                                       says):
    path = tmp_path / "game.json"
    content = hostile(kept_game(), "archive", raw, where)
    path.write_bytes(content)
    one_line_error(cli("replay", str(path), home=home), "game.json", says)
    assert path.read_bytes() == content


@fifos_only
@pytest.mark.parametrize("linked", [False, True], ids=["a FIFO", "a link to a FIFO"])
def test_tentable_replay_and_check_deck_of_a_fifo_are_one_line(tmp_path, home, linked):
    for command, name in (("replay", "game.json"), ("check-deck", "deck.yaml")):
        fifo_at(tmp_path / "files" / name, linked)
        one_line_error(cli(command, str(tmp_path / "files" / name), home=home, process=True),
                       name, "not a regular file")


@pytest.mark.parametrize("name, raw, where, says", CASES, ids=IDS)
def test_tentable_ladder_with_a_hostile_ladder_file(home, name, raw, where, says):
    path = store.ladder_path()
    path.write_bytes(hostile(a_ladder_file(), "ladder", raw, where))
    result = cli("ladder", home=home)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "ladder.json" in result.stderr and says in result.stderr
    assert len(list(home.glob("ladder.json.damaged-*"))) == 1


@fifos_only
@pytest.mark.parametrize("name", ["settings.json", "ladder.json"])
def test_tentable_ladder_with_a_fifo_in_the_data_folder(home, name):
    """Every command reads the settings' language first; `ladder` reads its file."""
    fifo_at(home / name, linked=name == "ladder.json")
    result = cli("ladder", home=home, process=True)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "Solo ladder" in result.stdout


@pytest.mark.parametrize("change, says", [
    (("count: 1,", "count: " + "9" * 5000 + ","), "too large"),
    (("title: Take That", "title: 2001-13-45"), "month must be in 1..12"),
])
def test_check_deck_of_a_number_it_cannot_read_names_the_file(tmp_path, home, change, says):
    text = (ROOT / "decks" / "takethat.yaml").read_text(encoding="utf-8")
    assert change[0] in text
    path = tmp_path / "deck.yaml"
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    err = one_line_error(cli("check-deck", str(path), home=home), "deck.yaml", says)
    assert "line" in err


# -- nothing outside the data folder is renamed or deleted -------------------------
def test_a_linked_archive_folder_is_read_but_never_changed(home, tmp_path, open_app,
                                                           monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "archive").symlink_to(elsewhere, target_is_directory=True)
    keep_two_games(home)
    (elsewhere / "20250101T000000-001-takethat.json").write_bytes(b"not a game")
    (elsewhere / "notes.json").write_text("{}")
    (elsewhere / ".x.json.1.tmp").write_text("mine")
    before = files_in(elsewhere)
    games, messages = archive.load_all()
    assert len(games) == 2 and len(messages) == 2
    assert all("outside" in message for message in messages)
    assert files_in(elsewhere) == before
    app = open_app()
    app.push("games")
    step(app)
    assert "outside" in toasts(app) and files_in(elsewhere) == before
    monkeypatch.setattr(archive, "KEEP", 1)             # prune: nothing there is deleted
    kept = archive.keep(archive.finished_game(*finished(3)))
    archive.delete(games[0].name)
    store.remove_stray_temp_files()
    assert set(files_in(elsewhere)) == set(before) | {str(elsewhere / f"{kept.name}.json")}


def test_a_linked_saves_folder_is_read_but_never_changed(home, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "saves").symlink_to(elsewhere, target_is_directory=True)
    (elsewhere / "autosave-ten.json").write_bytes(b"not a game")
    store.write_json(elsewhere / "autosave-takethat.json", an_autosave())
    before = files_in(elsewhere)
    records, messages = store.load_autosaves()
    assert list(records) == ["takethat"] and "outside" in messages[0]
    store.clear_autosave("takethat")
    store.delete_game("autosave-ten")
    assert files_in(elsewhere) == before


def test_a_data_folder_reached_by_a_link_is_still_ours(tmp_path, monkeypatch):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real, target_is_directory=True)
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path / "link"))
    (real / "stats.json").write_bytes(b"garbage")
    table, message = stats.load()
    assert "kept as" in message and list(real.glob("stats.json.damaged-*"))
