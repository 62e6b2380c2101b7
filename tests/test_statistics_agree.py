"""The statistics, the ladder and the archive agree with each other and with the games
played (#37), whatever happened on the way.

A seeded run of a few hundred games of every kind through the match, each kept as the app
keeps it (`keeping.keep`): tables of two or three, solo TEN on the ladder and in practice,
draws (TEN tiles at its move limit, a solo game of equal points), a human's seat handed to
the computer and taken back, moves taken back, the human at the default name in English,
German or Dutch, and the app killed between two moves or at any step of a game's end (the
kill is an exception before or after a file's rename or delete; the next start sweeps the
temp files and calls `games_in_progress`, as the app's start does). Each game starts from a position of a random game played on the engine
(a game in progress the app resumes), so the match plays its last stretch and its end.

Afterwards the test's own account of every game finished — who sat where, who was helped,
the scores and the mode — is compared with the archive, with the statistics (counted
here by the rules of docs/architecture.md, "What the statistics count"), with the ladder,
and `stats.rebuild()` with the statistics kept.
"""
from __future__ import annotations

import itertools
import os
import random
from contextlib import contextmanager
from dataclasses import asdict, dataclass

import pytest

from tentable import archive, keeping, stats, store
from tentable.bots import make_bot
from tentable.engine import new_game, replay
from tentable.ladder import HELPED, LADDER, PRACTICE
from tentable.match import Match
from tentable.session import BOT, RULES, Seat, Session

GAMES = int(os.environ.get('AGREE_GAMES', 200))                    # games finished in the run
YOU = ("You", "Du", "Jij")      # the default name of "you" in each language
TABLES = {"takethat": (2, 3), "ten": (2, 2), "elfer": (2, 3), "retro10": (2, 3),
          "tentiles": (2, 2)}


class Killed(BaseException):
    """The app killed: nothing runs after it, not even an `except Exception`."""


@dataclass
class Finished:
    """A game as the test saw it end."""
    key: str
    game: str
    mode: str
    names: list[str]
    players: list[str]
    levels: list[str]
    helped: list[bool]
    scores: list
    winners: list[int]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    monkeypatch.setattr(os, "fsync", lambda fd: None)     # the kills are simulated
    return tmp_path


def solo_draw() -> list[str]:
    """The heuristic against Mona, seed 77: 19-19, a draw (S8)."""
    state = new_game("ten", 2, seed=77, options={"solo": True, "target": 5})
    bot = make_bot("heuristic", "ten", 0, 77)
    while not state.is_over:
        state.apply(bot.choose(state.clone()) if state.current_player == 0
                    else state.legal_actions()[0])
    return list(state.history)


class Run:
    def __init__(self, rng: random.Random, draw: list[str]) -> None:
        self.rng, self.solo_draw = rng, draw
        self.finished: list[Finished] = []
        self.counts = {"kills in a game": 0, "kills at its end": 0, "hand-overs": 0,
                       "taken back": 0, "undone": 0, "draws": 0, "resumed": 0}

    def level(self, game_id: str) -> str:
        """Easy, by its own name or its old one ("random"); TEN tiles' Easy searches, so
        there the quick random player stands in for it."""
        return "random" if game_id == "tentiles" else self.rng.choice(["random", "easy"])

    # -- one game --------------------------------------------------------------------
    def setup(self) -> tuple[Session, list[str], str, list[str], list[str]]:
        """A session in progress, the moves to play exactly (a known draw) or [], the mode,
        and each seat's player and level as the test counts them."""
        rng = self.rng
        kind = rng.choice(["takethat", "ten", "elfer", "retro10", "tentiles", "solo", "solo"])
        you = rng.choice(YOU)
        if kind == "solo":
            target = store.load_ladder()[0].target
            mode = rng.choice(["ladder", "practice"])
            if mode == "practice":
                target = rng.choice([t for t in range(5, 11) if t != target])
            options = {"solo": True, "target": target}
            seats = (Seat(you), Seat("Mona", RULES))
            players, levels = ["you", "mona"], ["human", "rules"]
            exact = self.solo_draw if target == 5 and rng.random() < 0.3 else []
            game_id, seed = "ten", 77 if exact else rng.randrange(10_000)
        else:
            game_id, mode, options, exact = kind, "table", {}, []
            low, high = TABLES[kind]
            seats, players, levels = [Seat(you)], ["you"], ["human"]
            for name in ("Ana", "Ben", "Cleo")[:rng.randint(low, high) - 1]:
                if rng.random() < 0.3:                   # a person, in any case
                    seats.append(Seat(rng.choice([name, name.upper(), name.lower()])))
                    players.append(name.lower())
                    levels.append("human")
                else:                                    # "random" is the Easy level
                    seats.append(Seat(name, BOT, self.level(kind)))
                    players.append(name.lower())
                    levels.append("easy")
            seed = rng.randrange(10_000)
        state = new_game(game_id, len(seats), seed=seed, options=options)
        history = exact[:]
        if not exact:
            play = random.Random(seed)
            while not state.is_over:
                state.apply(state.random_action(play))
            history = list(state.history)
        cut = max(0, len(history) - rng.randint(1, 30))   # the match plays the rest
        session = Session(game_id, tuple(seats), seed, options, history=tuple(history[:cut]))
        return session, history[cut:] if exact else [], mode, players, levels

    def play_one(self) -> None:
        session, exact, mode, players, levels = self.setup()
        rng = self.rng
        helped = [False] * session.players
        kill_at = (rng.randrange(6), rng.random() < 0.5) if rng.random() < 0.25 else None
        match = self.match(session, mode)
        # the game in progress on disk, as the app's writer left it: written here once
        # (each write costs a rename), so a kill at the end before the finished record
        # replaced it resumes the game from here, a writer that lagged a few moves
        store.save_autosave(match.record())
        while True:
            try:
                with killed_at(match, kill_at):
                    while not match.is_over:
                        self.gesture(match, exact, helped)
                        if not match.is_over and rng.random() < 0.01:
                            store.save_autosave(match.record())   # the writer was done
                            self.counts["kills in a game"] += 1
                            raise Killed
            except Killed:
                if match.is_over:                      # once at its end is enough
                    self.counts["kills at its end"] += 1
                    kill_at = None
                match = self.start_again(match, mode)
                if match is not None:          # on from its autosave, as it was there
                    helped[:] = [seat in match.assisted for seat in range(len(helped))]
                    continue
                break
            assert match.kept.failed is None
            break
        final = replay(store.check_record(self.last_record))
        self.finished.append(Finished(
            self.last_record["key"], session.game_id, mode,
            [seat.name for seat in session.seats], players, levels, helped,
            final.scores(), final.winners()))
        self.counts["draws"] += len(set(final.winners())) == session.players

    def match(self, session: Session, mode: str) -> Match:
        match = Match(session, keep=self.keep, undo=mode != "ladder")
        self.last_record = match.record()
        return match

    def keep(self, record, scores, winners):
        self.last_record = record
        return keeping.keep(record, scores, winners)

    def gesture(self, match: Match, exact: list[str], helped: list[bool]) -> None:
        """One step: a human's move, a computer's, a hand-over, a seat taken back, an undo."""
        rng, seat = self.rng, match.current_player
        if exact:                                       # a known ending, move by move
            match.play(seat, [exact.pop(0)])
            return
        if match.is_human(seat):
            roll = rng.random()
            if roll < 0.03:
                match.hand_over(seat, self.level(match.session.game_id))
                helped[seat] = True
                self.counts["hand-overs"] += 1
                return
            if roll < 0.10 and match.undo_refusal(seat) is None:
                match.undo(seat)
                self.counts["undone"] += 1
                return
            match.submit(seat, [match.state.random_action(rng)])
            return
        handed = [s for s in match.assisted if not match.is_human(s)]
        if handed and rng.random() < 0.05:
            match.take_back(rng.choice(handed))
            self.counts["taken back"] += 1
            return
        match.poll()
        match.advance()

    def start_again(self, killed: Match, mode: str) -> Match | None:
        """The app starts after a kill: a finished game is kept now (None is returned);
        a game in progress goes on from its autosave."""
        game_id = killed.session.game_id
        store.remove_stray_temp_files()
        going, messages = keeping.games_in_progress()
        assert messages == []
        if killed.is_over:
            self.last_record = killed.record()
            record = going.get(game_id)
            if record is None:
                return None
        else:
            record = going[game_id]
        self.counts["resumed"] += 1
        return self.match(Session.from_record(record), mode)


@contextmanager
def killed_at(match: Match, kill_at: tuple[int, bool] | None):
    """Kill the app at a step of keeping `match`'s game once it is over: at the n-th
    rename of a file written or delete, before it (a write then leaves its temp file) or
    after it, as tests/keepkill.py kills a real process."""
    if kill_at is None:
        yield
        return
    step, after = kill_at
    steps = itertools.count()
    rename, delete = os.replace, os.unlink

    def point() -> None:
        if match.is_over and next(steps) == step:
            raise Killed

    def killing(act):
        def done(*args, **kwargs):
            if not after:
                point()
            act(*args, **kwargs)
            if after:
                point()
        return done
    os.replace, os.unlink = killing(rename), killing(delete)
    try:
        yield
    finally:
        os.replace, os.unlink = rename, delete


def expected(finished: list[Finished]) -> dict[tuple, dict]:
    """The statistics of these games by the rules of docs/architecture.md."""
    rows: dict[tuple, dict] = {}
    for game in finished:
        drawn = len(set(game.winners)) == len(game.scores) > 1
        better = min if game.game == "retro10" else max
        for seat, score in enumerate(game.scores):
            row = rows.setdefault((game.game, game.mode, game.players[seat], game.levels[seat]),
                                  dict(games=0, wins=0, draws=0, helped=0, score_sum=0,
                                       best=None, streak=0, best_streak=0))
            row["games"] += 1
            if game.helped[seat]:
                row["helped"] += 1
                continue
            won = seat in game.winners and not drawn
            row["wins"] += won
            row["draws"] += drawn
            row["score_sum"] += score
            row["best"] = score if row["best"] is None else better(row["best"], score)
            row["streak"] = row["streak"] + 1 if won else 0
            row["best_streak"] = max(row["best_streak"], row["streak"])
    return rows


def by_key(table: stats.Stats) -> dict[tuple, dict]:
    return {row.key: {k: v for k, v in asdict(row).items()
                      if k not in ("game", "mode", "player", "level", "name")}
            for row in table.rows}


def test_statistics_ladder_and_archive_agree_with_every_game_played(home):
    rng = random.Random(37)
    run = Run(rng, solo_draw())
    for _ in range(GAMES):
        run.play_one()
    finished = run.finished
    counts = run.counts
    # every kind of thing happened, and more than once
    assert all(n >= 3 for n in counts.values()), counts
    assert {g.mode for g in finished} == {"table", "ladder", "practice"}
    assert sum(len(set(g.winners)) == 2 for g in finished if g.game == "ten") >= 1

    # the archive: every game finished, once, as it was played
    games, messages = archive.load_all()
    assert messages == []
    kept = {game.key: game for game in games}
    assert len(games) == len(kept) == len(finished)
    for game in finished:
        seen = kept[game.key]
        assert (seen.game, seen.mode, seen.names, seen.players, seen.scores, seen.winners) \
            == (game.game, game.mode, game.names, game.players, game.scores, game.winners)
        assert [bool(h) for h in seen.helped_by] == game.helped
        assert [lv if lv in ("human", "rules") else "easy" for lv in seen.levels] \
            == game.levels

    # the statistics: as counted here, every game once, in the order played
    table, message = stats.load()
    assert message is None
    assert table.counted == [game.key for game in finished]
    assert by_key(table) == expected(finished)

    # counted again from the archive: the same
    rebuilt, messages = stats.rebuild()
    assert messages == [] and rebuilt.counted == table.counted
    assert by_key(rebuilt) == by_key(table)

    # the ladder: each solo game once, with its scores and its kind (docs/ladder.md)
    ladder, message = store.load_ladder()
    assert message is None
    solo = {g.key: g for g in finished if g.mode in ("ladder", "practice")}
    assert [entry.key for entry in ladder.games] == list(solo)
    for entry in ladder.games:
        game = solo[entry.key]
        kind = PRACTICE if game.mode == "practice" else HELPED if game.helped[0] else LADDER
        assert ([entry.you, entry.mona], entry.kind) == (game.scores, kind)

    # and nothing left over: no game in progress, nothing set aside, no temp file
    assert store.load_autosaves() == ({}, [])
    assert not list(home.rglob("*.damaged-*")) and not list(home.rglob("*.tmp"))
