"""The statistics say what happened (#37), games played through the match as the app
keeps them: a draw is nobody's win, a game the computer helped is its human's and says
so, and the files of a newer tentable are left alone."""
import json
import random
from dataclasses import asdict

import pytest

from tentable import archive, keeping, stats, store
from tentable.bots import make_bot
from tentable.engine import new_game
from tentable.match import Match
from tentable.session import BOT, RULES, Seat, Session
from tentable.stats import Row

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


def solo_draw():
    """Seed 77: the heuristic against Mona ends 19-19, a draw (S8)."""
    state = new_game("ten", 2, seed=77, options=SOLO)
    bot = make_bot("heuristic", "ten", 0, 77)
    while not state.is_over:
        state.apply(bot.choose(state.clone()) if state.current_player == 0
                    else state.legal_actions()[0])
    assert state.scores() == [19, 19]
    return state.history


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
    play(Session("ten", (Seat("You"), Seat("Mona", RULES)), 77, SOLO), solo_draw())
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

