"""The statistics say what happened (#37), games played through the match as the app
keeps them: a draw is nobody's win, a game the computer helped is its human's and says
so, one player is one row in every language, every row can be reached, the figures are
counted again from the archive when `stats.json` cannot be used (and `tentable stats
--rebuild`), and the files of a newer tentable are left alone."""
import json
import random
from dataclasses import asdict

import pygame
import pytest

from tentable import archive, i18n, keeping, stats, store
from tentable.bots import make_bot
from tentable.engine import new_game
from tentable.match import Match
from tentable.session import BOT, RULES, Seat, Session
from tentable.stats import Row
from tentable.text import t
from uitools import click, key, post, step

SOLO = {"solo": True, "target": 5}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    return tmp_path


def random_history(game_id, players, seed, options=None):
    state = new_game(game_id, players, seed=seed, options=options or {})
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(state.random_action(rng))
    return state


def tiles_game(winner):
    """A random TEN tiles game that `winner` wins (None: a draw at the move limit, TL-R8)."""
    for seed in range(100):
        state = random_history("tentiles", 2, seed)
        if state.result["winner"] == winner:
            return seed, state.history
    raise AssertionError("no such game")


def solo_draw() -> tuple[int, list[str]]:
    """A solo game the heuristic draws against Mona (S8): its seed and moves. The first
    such deal is looked for (deal 6 when this was written), so another heuristic finds
    its own."""
    for seed in (6, *range(200)):
        state = new_game("ten", 2, seed=seed, options=SOLO)
        bot = make_bot("heuristic", "ten", 0, seed)
        while not state.is_over:
            state.apply(bot.choose(state.clone()) if state.current_player == 0
                        else state.legal_actions()[0])
        if state.scores()[0] == state.scores()[1]:
            return seed, state.history
    raise AssertionError("no drawn solo game in 200 deals")


def play(session, history):
    """Play a game's moves through a match that keeps it as the app does."""
    match = Match(session, keep=keeping.keep)
    for action in history:
        match.play(match.current_player, [action])
    assert match.is_over and match.kept.failed is None
    match.close()
    return match


def finish(match, rng):
    """Play on to the end: a human's turn by a random legal gesture, a computer's by it."""
    while not match.is_over:
        match.poll()
        if match.ready:
            match.advance()
        elif match.is_human(match.current_player):
            seat = match.current_player
            match.submit(seat, [rng.choice(match.legal_actions(seat))])
    match.close()


def named(table, game, name):
    [row] = [r for r in table.rows if r.game == game and r.name == name]
    return row


def test_a_draw_is_nobodys_win_and_ends_a_winning_streak(home):
    won, won_moves = tiles_game(0)
    drawn, drawn_moves = tiles_game(None)
    seats = (Seat("Ana"), Seat("Ben"))
    play(Session("tentiles", seats, won), won_moves)
    play(Session("tentiles", seats, drawn), drawn_moves)
    table, _ = stats.load()
    ana, ben = named(table, "tentiles", "Ana"), named(table, "tentiles", "Ben")
    assert (ana.games, ana.wins, ana.streak, ben.wins) == (2, 1, 0, 0)
    assert (ana.draws, ana.best_streak) == (1, 1)
    assert (ben.games, ben.wins, ben.draws) == (2, 0, 1)
    assert archive.load_all()[0][0].drawn
    # solo TEN: equal points against Mona are a draw, for both (S8)
    seed, moves = solo_draw()
    play(Session("ten", (Seat("You"), Seat("Mona", RULES)), seed, SOLO), moves)
    table, _ = stats.load()
    for name in ("You", "Mona"):
        row = named(table, "ten", name)
        assert (row.mode, row.games, row.wins, row.draws) == ("ladder", 1, 0, 1)


def test_a_game_the_computer_helped_is_the_humans_and_counted_as_helped(home):
    rng = random.Random(3)
    for take_back in (False, True):
        match = Match(Session("takethat", (Seat("You"), Seat("Ben", BOT, "easy")), 3 + take_back),
                      keep=keeping.keep)
        while match.current_player != 0:
            match.poll()
            match.advance()
        match.submit(0, [rng.choice(match.legal_actions(0))])
        match.hand_over(0, "easy")                  # "play for me", the pause menu's
        for _ in range(6):
            match.poll()
            match.advance()
        if take_back:
            match.take_back(0)
        finish(match, rng)
    games, _ = archive.load_all()
    table, _ = stats.load()
    assert [row.level for row in table.rows if row.name == "You"] == ["human"]
    for game in games:
        assert game.names == ["You", "Ben"] and game.levels == ["human", "easy"]
        assert game.players == ["you", "ben"] and game.helped_by == ["easy", ""]
    table, _ = stats.load()
    you = [row for row in table.rows if row.name == "You"]
    assert [(r.level, r.games, r.helped, r.wins, r.draws, r.best, r.streak) for r in you] \
        == [("human", 2, 2, 0, 0, None, 0)]
    assert named(table, "takethat", "Ben").games == 2     # the computer at its own seat


def test_you_du_and_jij_are_one_player_shown_in_the_language_of_the_day(app, home):
    spoken = i18n.current()
    for seed, language in enumerate(("en", "de", "nl")):
        i18n.set_language(language)
        seats = (Seat(t("setup.name_you")), Seat("Ben", BOT, "random"))
        finish(Match(Session("takethat", seats, seed), keep=keeping.keep), random.Random(seed))
    i18n.set_language(spoken)
    humans = [row for row in stats.load()[0].rows if row.level == "human"]
    assert [row.games for row in humans] == [3]
    # a game kept before identities: the archive file names no players
    old = archive.load_all()[0][0].to_json()
    del old["players"], old["helped_by"]
    old["names"][0] = old["record"]["seats"][0]["name"] = "Jij"
    old["record"]["key"] = "00aa"
    (archive.archive_dir() / "20200101T000000-001-takethat-00aa.json").write_text(json.dumps(old))
    stats.stats_path().unlink()                       # counted again, with the old game
    table, _ = stats.load()
    [you] = [row for row in table.rows if row.level == "human"]
    assert you.player == "you" and you.games == 4
    app.push("stats")
    screen = app.top
    step(app)
    assert screen.who(you) == "You"
    app.set_language("de")
    assert app.top.who(you) == "Du"
    app.set_language("nl")
    assert app.top.who(you) == "Jij"


def keep_players(count):
    """Take That games between `count` players two by two, played through the match."""
    names = [f"Player {n:02d}" for n in range(count)]
    for seed, pair in enumerate(zip(names[::2], names[1::2])):
        seats = tuple(Seat(name, BOT, "random") for name in pair)
        finish(Match(Session("takethat", seats, seed), keep=keeping.keep), random.Random(seed))


def test_every_row_of_the_statistics_is_reached_by_keys_wheel_and_mouse(app, home):
    keep_players(20)
    menu = app.reset("menu")
    step(app)
    click(app, menu.stats_button.rect.center)
    screen = app.top
    rows = [row for row in screen.rows if row.game == screen.game]
    assert len(rows) == 20
    shown = screen.shown()
    assert rows[0] in shown and rows[-1] not in shown
    key(app, pygame.K_END)
    assert rows[-1] in screen.shown() and rows[0] not in screen.shown()
    key(app, pygame.K_HOME)
    assert screen.shown() == shown
    key(app, pygame.K_DOWN)
    assert screen.shown()[0] == rows[1]
    key(app, pygame.K_UP)
    key(app, pygame.K_PAGEDOWN)
    assert screen.shown()[0] == rows[len(shown)]
    key(app, pygame.K_PAGEUP)
    assert screen.shown() == shown
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)     # the wheel, towards you
    step(app)
    assert screen.shown()[0] == rows[1]
    for _ in range(30):                                   # the mouse alone: the track
        click(app, (screen.track.centerx, screen.track.bottom - 2))
    assert rows[-1] in screen.shown()


def keep_six(home):
    rng = random.Random(6)
    for seed in range(6):
        seats = (Seat("Ana"), Seat("Ben", BOT, "random"))
        finish(Match(Session("takethat", seats, seed), keep=keeping.keep), rng)
    return stats.load()[0]


def rows_of(table):
    return sorted((asdict(row) for row in table.rows), key=lambda r: sorted(r.items()))


def test_a_damaged_or_missing_stats_file_is_counted_again_from_the_archive(app, home):
    live = keep_six(home)
    assert sum(row.games for row in live.rows if row.name == "Ana") == 6
    for spoil in (lambda path: path.write_bytes(b"{ half a file"), lambda path: path.unlink()):
        spoil(stats.stats_path())
        menu = app.reset("menu")
        step(app)
        click(app, menu.stats_button.rect.center)
        screen = app.top
        assert screen.game == "takethat"                  # not "No finished games yet"
        assert sum(row.games for row in screen.rows if row.name == "Ana") == 6
        assert rows_of(stats.load()[0]) == rows_of(live)  # and written again
        assert stats.load()[0].counted == live.counted
    assert list(home.glob("stats.json.damaged-*"))


def test_tentable_stats_prints_the_table_and_rebuilds_it_from_the_archive(home, capsys):
    from tentable.cli import main
    live = keep_six(home)
    stats.stats_path().write_text(json.dumps({"version": 2, "rows": [], "counted": []}))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "No finished games" in out                 # what the file says
    assert main(["stats", "--rebuild"]) == 0
    out = capsys.readouterr().out
    assert "6" in out and "Ana" in out and "Ben (computer, Easy)" in out
    assert rows_of(stats.load()[0]) == rows_of(live)
    for language, games in (("de", "Spiele"), ("nl", "Spellen")):
        assert main(["stats", "--lang", language]) == 0
        assert games in capsys.readouterr().out


def test_files_of_a_newer_tentable_are_left_alone_and_skipped(home):
    for seed in range(2):
        keeping.keep(*finished_takethat(seed))
    newest = sorted(archive.archive_dir().glob("*.json"))[-1]
    data = json.loads(newest.read_text())
    newest.write_text(json.dumps({**data, "version": 99}))
    newer = {path: path.read_bytes() for path in [newest]}
    games, messages = archive.load_all()
    assert len(games) == 1 and len(messages) == 1 and "newer" in messages[0]
    for path, content in ((stats.stats_path(), {"version": 99, "rows": "as v99 has them"}),
                          (store.ladder_path(), {"version": 99, "rungs": []}),
                          (store.settings_path(), {"version": 99, "language": "fr"})):
        path.write_text(json.dumps(content))
        newer[path] = path.read_bytes()
    table, message = stats.load()
    assert "newer" in message and sum(r.games for r in table.rows if r.name == "Ana") == 1
    assert keeping.keep(*finished_takethat(5)).failed is None   # kept in the archive
    ladder, message = store.load_ladder()
    assert not ladder.games and "newer" in message
    with pytest.raises(OSError):
        store.reset_ladder()
    settings, message = store.load_settings()
    assert settings["language"] == "system" and "newer" in message
    with pytest.raises(OSError):
        store.save_settings(settings)
    assert not list(home.rglob("*.damaged-*"))
    assert {path: path.read_bytes() for path in newer} == newer


def finished_takethat(seed):
    seats = (Seat("Ana"), Seat("Ben", BOT, "random"))
    match = Match(Session("takethat", seats, seed))
    rng = random.Random(seed)
    while not match.is_over:
        match.play(match.current_player, [match.state.random_action(rng)])
    return match.record(), match.scores(), match.winners()


def test_a_row_counts_no_more_wins_draws_and_helped_games_than_games():
    row = Row("takethat", "table", "ana", "human", "Ana", games=3, wins=2, draws=1, helped=1)
    with pytest.raises(store.DamagedFile):
        stats._from_json({"rows": [asdict(row)]})


@pytest.mark.parametrize("language", i18n.available())
def test_the_statistics_with_their_rows_fit_at_1024_by_640(language, home, monkeypatch):
    """As test_screens_fit, with rows to show: every column's heading, a computer's
    name with its level, the legend and the scroll bar, uncut and apart."""
    from tentable.ui.app import App
    from test_screens_fit import SIZE, Recording, overlaps, watch_fit, watch_labels
    from uitools import FakeClock
    keep_six(home)
    keep_players(24)
    app = App(size=SIZE, clock=FakeClock())
    try:
        app.set_language(language)
        cut, texts = watch_fit(monkeypatch), watch_labels(monkeypatch)
        app.push("stats")
        step(app)
        frame = Recording(app.size, texts)
        app.top.draw(frame)
        assert not cut and not overlaps(frame.drawn)
        assert len(app.top.shown()) >= 5
    finally:
        app.close()
        i18n.set_language("en")


def test_tentable_replay_calls_equal_points_against_mona_a_draw(home, capsys):
    """As the results, the statistics and the ladder do (S8): never "shared the win"."""
    from tentable.cli import main
    seed, moves = solo_draw()
    play(Session("ten", (Seat("You"), Seat("Mona", RULES)), seed, SOLO), moves)
    [game], _ = archive.load_all()
    archive.export(game, home / "draw.json")
    assert main(["replay", str(home / "draw.json")]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("A draw") and "shared" not in last
