"""Every finished game kept, statistics that survive anything: the archive and stats files,
damaged ones set aside, and a game killed at random moments that resumes intact."""
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tentable import archive, keeping, stats, store
from tentable.match import Match
from tentable.session import Seat, Session
from tentable.engine import replay

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    return tmp_path


def finished(game="takethat", seed=1, names=("Ana", "Ben"), levels=("human", "heuristic")):
    seats = tuple(Seat(n, "human" if lv == "human" else "bot", "" if lv == "human" else lv)
                  for n, lv in zip(names, levels))
    session = Session(game, seats, seed, {})
    match = Match(Session(game, tuple(Seat(n, "bot", "heuristic") for n in names), seed, {}))
    match.play_out()
    record = session.record(match.history)
    return record, match.scores(), match.winners()


def test_a_finished_game_is_kept_and_loads_back_newest_first():
    first = keeping.keep(*finished(seed=1))
    second = keeping.keep(*finished(seed=2))
    assert first.failed is None and second.failed is None
    assert first.messages == [] and second.messages == []
    games, messages = archive.load_all()
    assert messages == [] and [g.record["seed"] for g in games] == [2, 1]
    game = games[0]
    assert game.names == ["Ana", "Ben"] and game.levels == ["human", "heuristic"]
    assert game.mode == "table" and game.winners and len(game.scores) == 2


def test_the_archive_keeps_the_newest_games_only(monkeypatch):
    monkeypatch.setattr(archive, "KEEP", 3)
    record, scores, winners = finished()
    for minute in range(5):
        archive.keep(archive.finished_game(record, scores, winners,
                                           finished=f"2026-11-25T10:0{minute}:00"))
    games, _ = archive.load_all()
    assert [g.finished[-5:] for g in games] == ["04:00", "03:00", "02:00"]


def test_statistics_count_games_wins_scores_and_streaks():
    results = [finished(seed=s) for s in range(6)]
    for record, scores, winners in results:
        keeping.keep(record, scores, winners)
    table, message = stats.load()
    assert message is None
    ana = table.row("takethat", "table", "ana", "human")
    won = [winners == [0] for _, _, winners in results]          # a level end is a draw
    assert ana.games == 6 and ana.wins == sum(won)
    assert ana.draws == sum(winners == [0, 1] for _, _, winners in results)
    assert ana.best == max(s[0] for _, s, _ in results)
    assert ana.average == pytest.approx(sum(s[0] for _, s, _ in results) / 6)
    streak = longest = 0
    for win in won:
        streak = streak + 1 if win else 0
        longest = max(longest, streak)
    assert ana.best_streak == longest and ana.streak == streak
    assert table.row("takethat", "table", "ben", "normal").games == 6   # "heuristic": Normal


def test_solo_ladder_and_practice_games_count_apart():
    record, scores, winners = finished("ten", names=("Ana", "Mona"), levels=("human", "rules"))
    ladder = {**record, "options": {"solo": True, "target": 5}}
    practice = {**record, "options": {"solo": True, "target": 9}}
    assert keeping.mode_of(ladder) == "ladder" and keeping.mode_of(practice) == "practice"
    assert keeping.mode_of(record) == "table"


def test_an_assisted_seat_is_counted_so():
    record, scores, winners = finished()
    keeping.keep({**record, "assisted": [0]}, scores, winners)
    row = stats.load()[0].row("takethat", "table", "ana", "human")
    assert (row.games, row.helped, row.wins, row.draws) == (1, 1, 0, 0)
    game = archive.load_all()[0][0]
    assert game.assisted == [0] and game.helped_by == ["computer", ""]


@pytest.mark.parametrize("content", [
    b"", b"{", b"\xff\xfe garbage", b"[]", b'{"version": 2, "rows": [{"game": "takethat"}]}',
    b'{"version": 2, "rows": [{"game": 1, "mode": "table", "player": "a", "level": "h",'
    b' "name": "A", "games": -1, "wins": 0, "draws": 0, "helped": 0, "score_sum": 0,'
    b' "best": null, "streak": 0, "best_streak": 0}]}',
    b'{"version": 2, "rows": "many"}',
    b'{"version": 1, "rows": [], "counted": []}',          # an older format: counted again
])
def test_damaged_truncated_or_old_statistics_are_set_aside_and_counted_again(content, home):
    keeping.keep(*finished())
    path = stats.stats_path()
    path.write_bytes(content)
    table, message = stats.load()
    assert [row.games for row in table.rows if row.player == "ana"] == [1]
    assert "stats.json" in message and list(home.glob("stats.json.damaged-*"))
    assert stats.load() == (table, None)     # written again from the archive
    keeping.keep(*finished(seed=3))          # and the rest keeps working
    assert stats.load()[0].row("takethat", "table", "ana", "human").games == 2


def test_damaged_truncated_or_future_archive_files_are_set_aside_the_rest_loads():
    for seed in range(4):
        keeping.keep(*finished(seed=seed))
    paths = sorted(archive.archive_dir().glob("*.json"))
    full = paths[0].read_bytes()
    paths[0].write_bytes(full[: len(full) // 2])                       # truncated
    data = json.loads(paths[1].read_text())
    paths[1].write_text(json.dumps({**data, "version": 2}))            # from the future
    data = json.loads(paths[2].read_text())
    paths[2].write_text(json.dumps({**data, "winners": [7]}))         # no such seat
    data = json.loads(paths[3].read_text())
    data["record"]["history"] = data["record"]["history"][:3]          # not finished
    paths[3].write_text(json.dumps(data))
    games, messages = archive.load_all()
    assert len(games) == 1 and len(messages) == 3
    # the newer version's file is left for it (#37), the others set aside
    assert len(list(archive.archive_dir().glob("*.damaged-*"))) == 2 and paths[1].exists()
    # listed from its summary, the unfinished game is refused when it is replayed
    assert archive.replayed(games[0]) == (None, "its game is not finished")


@pytest.mark.parametrize("summary, says", [
    ({"scores": [3]}, "'scores'"),                                    # one seat's only
    ({"scores": [1, "2"]}, "'scores'"),
    # refused by the reader of every file (#44), before the summary is looked at
    ({"scores": [1, float("nan")]}, "not a number"),
    ({"scores": [1, float("inf")]}, "not a number"),
    ({"scores": [1, 10 ** 400]}, "too large"),
    ({"scores": [True, 0]}, "'scores'"),
    ({"scores": None}, "'scores'"),
    ({"winners": []}, "'winners'"),
    ({"winners": [0, 0]}, "'winners'"),
    ({"winners": [-1]}, "'winners'"),
    ({"winners": [False]}, "'winners'"),
    ({"winners": "0"}, "'winners'"),
    ({"winners": [[0], [0]]}, "'winners'"),
])
def test_a_kept_games_summary_is_checked_before_it_is_listed(summary, says):
    """The list shows each file's own scores and winners (it replays no game), so they
    are checked: a score per seat, each a finite number; winners, seats of the game."""
    keeping.keep(*finished())
    [path] = archive.archive_dir().glob("*.json")
    path.write_text(json.dumps({**json.loads(path.read_text()), **summary}))
    games, [message] = archive.load_all()
    assert games == [] and says in message and not path.exists()


def test_the_list_shows_the_kept_summary_and_a_replay_the_moves_own():
    record, scores, winners = finished()
    keeping.keep(record, scores, winners)
    [path] = archive.archive_dir().glob("*.json")
    [listed], _ = archive.load_all()
    assert listed.scores == scores and listed.winners == winners
    game, message = archive.replayed(listed)
    assert message is None and game.scores == replay(record).scores()
    assert game.record == listed.record and game.names == listed.names


def test_a_shared_file_is_checked_and_never_moved(tmp_path):
    record, scores, winners = finished()
    kept = archive.finished_game(record, scores, winners)
    shared = tmp_path / "mine.json"
    archive.export(kept, shared)
    loaded, message = archive.load(shared)
    assert message is None and loaded.record["history"] == record["history"]
    shared.write_bytes(b"\x00garbage")
    loaded, message = archive.load(shared)
    assert loaded is None and "mine.json" in message and shared.exists()
    assert archive.load(tmp_path / "absent.json")[0] is None


PLAYER = r"""
import sys
from tentable import keeping, store
from tentable.match import Match
from tentable.session import Seat, Session
from tentable.engine import replay

seed = int(sys.argv[1])
while True:
    record, _ = store.load_autosave("takethat")
    if record is None:
        session = Session("takethat", (Seat("Ana", "bot", "random"), Seat("Ben", "bot", "random")),
                          seed, {})
    else:
        session = Session.from_record(record)
    # kept by the match as the app keeps a game: archive, statistics, then forgotten
    match = Match(session, save=store.save_autosave, keep=keeping.keep)
    while not match.is_over:
        match.poll()
        match.advance()
        print("moved", len(match.history), flush=True)
    assert match.kept.failed is None, match.kept.failed
    print("finished", flush=True)
    seed += 1
"""


def test_killed_at_random_moments_the_game_resumes_and_nothing_kept_is_lost(home):
    """SIGKILL a player of whole games at random moments, again and again: every time, after
    what a start does, the game in progress replays to a position of that game, the archive
    loads whole and the statistics count every game the archive holds, once."""
    env = {**os.environ, "TENTABLE_HOME": str(home), "PYTHONPATH": str(ROOT)}
    rng = random.Random(7)
    finished = 0
    for round_ in range(6):
        # each round starts at seeds of its own: a round that plays on into the next seed
        # would otherwise replay the very game the next round starts with (same seed, same
        # random players: the same game, rightly kept twice, told apart only by its key)
        child = subprocess.Popen([sys.executable, "-c", PLAYER, str(100 + 10 * round_)],
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        for _ in range(rng.randrange(5, 400)):     # let it get somewhere first
            line = child.stdout.readline()
            assert line, f"the player stopped by itself: {child.stderr.read()}"
            finished += line.startswith("finished")
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        child.stderr.close()
        store.remove_stray_temp_files()            # what the app does at start,
        _, messages = keeping.games_in_progress()  # and it keeps a finished game not kept
        assert messages == []
        record, message = store.load_autosave("takethat")
        assert message is None
        if record is not None:
            state = replay(record)                 # resumes at the last completed action
            assert state.history == record["history"]
        games, messages = archive.load_all()
        assert messages == []
        table, message = stats.load()
        assert message is None
        # every game kept is counted, once (#44: a kill between the archive and the
        # statistics no longer loses the count); none is kept twice
        counted = sum(r.games for r in table.rows if r.name == "Ana")
        assert counted == len(games)
        seeds = [(g.record["seed"], len(g.record["history"])) for g in games]
        assert len(seeds) == len(set(seeds))
    assert finished >= 1 and len(games) >= finished     # games did end, and each was kept



