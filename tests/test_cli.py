"""The command line: sim, check-deck, replay."""
import io
import json
import sys

import pytest

from tentable.cli import main
from tentable.engine import GAMES


# Take That's sims with searching levels play one round a game (TT-R10): the tables and
# counts are what is checked, and a level's search plays every one of its moves' rollouts
ONE_ROUND = '{"rounds": 1}'


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """A data folder of the test's own: the command line reads the language saved in the
    settings, and these tests read English whatever the person running them chose."""
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path / "data"))


def test_sim_json_has_every_field_and_the_old_bot_names_are_levels(capsys):
    assert main(["sim", "takethat", "--players", "3", "--games", "3", "--seed", "4",
                 "--bots", "random,heuristic", "--time-limit", "0.01", "--json",
                 "--options", ONE_ROUND]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"games", "wins", "mean_score", "actions_per_game", "games_per_s", "actions_per_s",
            "errors"} <= set(data)
    assert data["games"] == 3 and data["errors"] == []
    assert set(data["wins"]) == {"easy", "normal"}
    assert sum(data["wins"].values()) == pytest.approx(3)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_sim_runs_every_registered_game(game_id, capsys):
    players = str(GAMES[game_id].min_players)
    assert main(["sim", game_id, "--players", players, "--games", "3", "--bots", "easy"]) == 0
    out = capsys.readouterr().out
    assert "3 games" in out and "errors: none" in out and "actions/s" in out


def test_sim_reports_a_failing_game_and_goes_on(capsys, monkeypatch):
    from tentable.engine.takethat import TakeThat
    original = TakeThat.apply

    def flaky(self, action):
        if self.seed == 1 and len(self.history) == 5:
            raise RuntimeError("boom")
        original(self, action)

    monkeypatch.setattr(TakeThat, "apply", flaky)
    assert main(["sim", "takethat", "--games", "3", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and len(data["errors"]) == 1
    error = data["errors"][0]
    assert error["seed"] == 1 and len(error["history"]) == 5 and "boom" in error["error"]


def test_sim_refuses_bad_arguments(capsys):
    assert main(["sim", "chess"]) == 2
    assert main(["sim", "takethat", "--players", "9"]) == 2
    assert main(["sim", "takethat", "--bots", "genius"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_check_deck_prints_the_count_for_every_player_count(capsys):
    assert main(["check-deck", "decks/ten.yaml"]) == 0
    out = capsys.readouterr().out
    for line in ("2 players: 91 cards", "3 players: 108 cards", "4 players: 129 cards"):
        assert line in out


def test_check_deck_names_the_file_and_problem(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\ngame: x\ntitle: X\nplayers: [2, 2]\nkinds: {a: b}\n"
                   "cards:\n  - {code: A, kind: a, count: -1}\ntotals: {2: 1}\n")
    assert main(["check-deck", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml" in err and "cards[0]" in err and "Traceback" not in err


def test_replay_plays_a_saved_game_back(tmp_path, capsys):
    from tentable.engine import new_game
    state = new_game("takethat", 2, seed=8, options={"rounds": 1})
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    save = tmp_path / "game.json"
    save.write_text(json.dumps({"game": "takethat", "players": 2, "seed": 8,
                                "options": {"rounds": 1}, "history": state.history,
                                "version": 1}))
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) >= len(state.history) + 1
    winner = ["seat 1", "seat 2"][state.winners()[0]]
    assert out[-1].startswith(f"{winner} won") or "shared the win" in out[-1]
    assert "opens a new row with" in out[0]                 # in words, not "play 34"
    assert not any(line.split(". ", 1)[-1].startswith(("play ", "twist ", "take"))
                   for line in out)
    save.write_text(json.dumps({"game": "takethat", "players": 2, "seed": 8,
                                "options": {"rounds": 1}, "history": ["play 1"],
                                "version": 1}))
    assert main(["replay", str(save)]) == 1
    err = capsys.readouterr().err
    assert "action 1" in err and "'play 1'" in err and err.count("\n") == 1


# -- every error: one line on stderr, exit 2 (usage) or 1 (failure), no traceback ----------

def one_line_error(capsys) -> str:
    out = capsys.readouterr()
    assert out.err.count("\n") == 1 and "Traceback" not in out.err, out.err
    return out.err


@pytest.mark.parametrize("args, says", [
    (["sim", "takethat", "--bots", ""], "at least one bot"),
    (["sim", "takethat", "--bots", " , "], "at least one bot"),
    (["sim", "takethat", "--games", "0"], "at least 1"),
    (["sim", "tentiles", "--time-limit", "0"], "more than 0"),
    (["sim", "tentiles", "--time-limit", "soon"], "expected seconds"),
    (["sim", "takethat", "--games", "-1"], "at least 1"),
    (["sim", "takethat", "--games", "many"], "whole number"),
    (["sim", "chess"], "unknown game 'chess'"),
    (["sim", "takethat", "--players", "9"], "2–4 players"),
    (["sim", "takethat", "--players", "0"], "2–4 players"),
    (["sim", "takethat", "--players", "two"], "invalid int"),
    (["sim", "takethat", "--options", "[1]"], "JSON object"),
    (["sim", "takethat", "--options", "\"pro\""], "JSON object"),
    (["sim", "takethat", "--options", "{pro: yes"], "not JSON"),
    (["sim", "takethat", "--options", "[" * 100_000], "not JSON"),
    (["sim", "takethat", "--options", '{"colour": 1}'], "unknown option 'colour'"),
    (["sim", "takethat", "--seed", "-1"], "seed"),
    (["sim", "takethat", "--seed", str(2 ** 63 - 1)], "2**63"),
    (["sim", "takethat", "--bots", "genius"], "unknown bot"),
    (["play", "chess"], "unknown game"),
    (["play", "takethat", "--seats", "human,genius"], "'genius' is neither"),
    (["play", "takethat", "--seats", "human"], "not 1"),
    (["play", "--seats", "human,random"], "needs a game"),
    (["play", "--continue"], "needs a game"),
    (["play", "takethat", "--seed", "-5"], "--seed"),
    (["play", "tentiles", "--options", '{"open": 1}'], "option 'open' must be true or false"),
    (["play", "takethat", "--options", '{"colour": 1}'], "unknown option 'colour'"),
    (["play", "ten", "--seats", "human,easy,easy", "--options", '{"solo": true}'],
     "option 'solo' needs two players"),
    (["play", "takethat", "--options", "pro=true"], "not JSON"),
    (["play", "--options", '{"pro": true}'], "--options needs a game"),
    (["fly"], "invalid choice"),
    (["--colour"], "unrecognized arguments"),
])
def test_usage_errors_are_one_line_and_exit_2(args, says, capsys):
    assert main(args) == 2
    assert says in one_line_error(capsys)


@pytest.mark.parametrize("args, options", [
    (["play", "tentiles", "--options", '{"open": true}'], {"open": True}),
    (["play", "takethat", "--seats", "human,hard", "--options", '{"pro": true}'], {"pro": True}),
    (["play", "ten", "--options", '{"solo": true, "target": 7}'], {"solo": True, "target": 7}),
    (["play", "ten"], None),
])
def test_play_opens_the_table_with_the_options_given(monkeypatch, args, options):
    """An open TEN tiles game or Take That's pro variant straight from the command line."""
    from tentable.ui import launch
    opened = []
    monkeypatch.setattr(launch, "display_problem", lambda: None)
    monkeypatch.setattr(launch, "run", lambda game_id, seats, seed, options, **kwargs:
                        opened.append((game_id, options)) or 0)
    assert main(args) == 0
    assert opened == [(args[1], options)]


def test_play_help_offers_options(capsys):
    assert main(["play", "--help"]) == 0
    assert "--options" in capsys.readouterr().out


def test_sim_library_refuses_no_bots_and_no_games():
    from tentable.sim import simulate
    with pytest.raises(ValueError, match="at least one bot"):
        simulate("takethat", 2, 3, 0, [])
    with pytest.raises(ValueError, match="at least 1"):
        simulate("takethat", 2, 0, 0, ["random"])


def test_help_lists_the_games_bots_and_commands(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for game in GAMES.values():
        assert game.id in out and game.title in out
    for command in ("play", "sim", "replay", "check-deck", "--smoke"):
        assert command in out
    assert all(level in out for level in ("easy", "normal", "hard", "expert"))
    assert ("five games" in out) == (len(GAMES) == 5)


@pytest.fixture
def record_file(tmp_path):
    from tentable.engine import new_game
    state = new_game("takethat", 3, seed=8)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "autosave-takethat.json"
    seats = [{"name": n, "kind": k, "bot": b} for n, k, b in
             (("Ann", "human", ""), ("Bo", "bot", "random"), ("Cy" * 12, "bot", "heuristic"))]
    path.write_text(json.dumps({**state.record(), "seats": seats}))
    return path


def test_replay_names_the_seats(record_file, capsys):
    assert main(["replay", str(record_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7 and lines[-1].startswith("not finished · Ann ")
    moves = [line.split(". ", 1)[1] for line in lines[:-1]]
    said = {name for name in ("Ann", "Bo", "Cy" * 12) if any(m.startswith(name) for m in moves)}
    assert len(said) > 1 and all(any(m.startswith(n) for n in said) for m in moves)


@pytest.mark.parametrize("content, says", [
    (None, "cannot read it"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"game": "' + b"x" * (4 * 1024 * 1024) + b'"}', "larger than 4 MB"),
    (b"garbage {", "damaged"),
    (b"[1, 2, 3]", "not a game that replays"),
    (b'{"game": "takethat", "players": 2, "seed": 1, "options": {}, "history": "play 34"}',
     "'history' must be a list"),
    (b'{"game": ["takethat"], "players": 2, "seed": 1, "options": {}, "history": []}',
     "'game' does not name a game"),
])
def test_replay_of_a_bad_file_is_one_line_and_exit_1(tmp_path, content, says, capsys):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_bytes(content)
    assert main(["replay", str(path)]) == 1
    err = one_line_error(capsys)
    assert says in err and "game.json" in err


def test_replay_of_a_folder_is_one_line_and_exit_1(tmp_path, capsys):
    assert main(["replay", str(tmp_path)]) == 1
    assert "cannot read it" in one_line_error(capsys)


def test_an_unexpected_error_is_one_line_and_exit_1(monkeypatch, capsys):
    import tentable.sim
    monkeypatch.setattr(tentable.sim, "format_result", lambda result: 1 / 0)
    assert main(["sim", "takethat", "--games", "1"]) == 1
    assert "unexpected error: ZeroDivisionError" in one_line_error(capsys)


@pytest.mark.parametrize("content, says", [
    (None, "cannot read it"),
    (b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00", "control character"),
    (b"\xff\xfe\x00\x00binary", "not UTF-8 text"),
    (b"a: &a [1, 1]\nb: &b [*a, *a]\nc: [*b, *b]\n", "anchors and aliases"),
])
def test_check_deck_of_a_bad_file_is_one_line_and_exit_1(tmp_path, content, says, capsys):
    path = tmp_path / "deck.yaml"
    if content is not None:
        path.write_bytes(content)
    assert main(["check-deck", str(path)]) == 1
    err = one_line_error(capsys)
    assert says in err and "deck.yaml" in err


def test_sim_gives_searching_bots_their_time_limit(capsys):
    assert main(["sim", "tentiles", "--games", "2", "--bots", "search,random",
                 "--time-limit", "0.02", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_tl_r8_replay_and_sim_say_a_draw_not_a_shared_win(tmp_path, capsys):
    import random
    from tentable.engine import new_game
    from tentable.sim import SimResult, format_result
    state = new_game("tentiles", 2, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.result["reason"] == "limit"
    save = tmp_path / "game.json"
    save.write_text(json.dumps({**state.record(), "seats": [{"name": "Ann", "kind": "human"},
                                                            {"name": "Bo", "kind": "human"}]}))
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2].endswith("A draw: 100 moves without a line of ten.")       # the log
    assert out[-1] == "A draw · Ann 0 · Bo 0" and "share" not in out[-1]
    text = format_result(SimResult("tentiles", 2, ["easy"], games=10, draws=3))
    assert "3 drawn games (a draw counts half a win for each)" in text


# -- a replayed file is checked as the app checks it (#44) --------------------------------

def finished_takethat() -> dict:
    from tentable.engine import new_game
    state = new_game("takethat", 2, seed=8, options={"rounds": 1})
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    return {**state.record(), "seats": [{"name": "Ann", "kind": "human", "bot": ""},
                                        {"name": "Bo", "kind": "bot", "bot": "normal"}]}


@pytest.mark.parametrize("field", ["options", "seed", "players", "history"])
def test_replay_refuses_a_record_without_a_field_and_names_it(tmp_path, field, capsys):
    record = finished_takethat()
    del record[field]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    err = one_line_error(capsys)
    assert "unexpected error" not in err and f"no {field}" in err and "game.json" in err


def shared_file(tmp_path, record: dict, name="shared", **changes):
    """A game as Open a file and the archive keep it: the record in its wrapper."""
    from tentable import archive
    from tentable.engine import replay
    final = replay(record)
    kept = archive.finished_game(record, final.scores(), final.winners())
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({**kept.to_json(), **changes}))
    return path


def test_replay_reads_a_kept_or_shared_game_as_open_a_file_does(tmp_path, capsys):
    from tentable import archive
    record = finished_takethat()
    path = shared_file(tmp_path, record)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(record["history"]) + 1 and "not finished" not in out[-1]
    assert archive.load(path)[0] is not None
    refused = [shared_file(tmp_path, record, "future", version=999),
               shared_file(tmp_path, {**record, "history": record["history"][:5]}, "running"),
               shared_file(tmp_path, record, "unnamed", names=["Ann"])]
    for path in refused:
        game, message = archive.load(path)             # Open a file refuses it ...
        assert game is None and message
        assert main(["replay", str(path)]) == 1        # ... and so does the command line
        err = one_line_error(capsys)
        assert message in err and "Traceback" not in err
    assert "format version 999" in archive.load(refused[0])[1]


def unfinished(game_id: str, seed: int = 3):
    """A game of `game_id` played at random to where it runs (not over) and a spectator
    reads a score; for Take That (its variant V1), where a hidden pile card makes the true
    score differ."""
    import random
    from tentable.engine import new_game
    players = GAMES[game_id].min_players
    options = {"pro": True} if game_id == "takethat" else {}
    for seed in range(seed, seed + 50):
        state = new_game(game_id, players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                break
            public = state.view(None)["scores"]
            if game_id == "takethat" and public == state.scores():
                continue
            if any(public) or game_id == "tentiles" and len(state.history) > 4:
                return state
    raise AssertionError(f"no unfinished {game_id} game found")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_replay_of_a_running_game_prints_only_the_scores_a_spectator_sees(
        game_id, tmp_path, capsys):
    """Until the game is over, `tentable replay` tells what a spectator may know: the
    scores of the spectator's view, never a hidden card counted (Take That's V1 pile
    cards); a game that counts nothing until it ends (TEN tiles) prints no score."""
    from tentable.narration import signed
    state = unfinished(game_id)
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:state.players]
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps({**state.record(), "seats": [
        {"name": name, "kind": "human", "bot": ""} for name in names]}))
    assert main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    public = state.view(None)["scores"]
    if game_id == "tentiles":
        assert last == "not finished"
        return
    assert last == "not finished · " + " · ".join(
        f"{name} {signed(score)}" for name, score in zip(names, public))
    if game_id == "takethat":
        assert public != state.scores()


class Terminal(io.StringIO):
    """stderr as a terminal shows it (`isatty`), keeping what was written."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("args, last", [
    (["sim", "takethat", "--games", "3", "--bots", "easy,normal", "--time-limit", "0.01",
      "--options", ONE_ROUND], "game 3 of 3"),
    (["sim", "ten", "--solo", "--target", "all", "--games", "1"], "game 6 of 6"),
])
def test_sim_shows_how_far_it_is_on_a_terminal(monkeypatch, capsys, args, last):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(args) == 0
    shown = terminal.getvalue()
    assert shown.startswith("\rgame 1 of ") and f"\r{last}\r" in shown
    assert shown.endswith(f"\r{' ' * len(last)}\r"), "the last count is wiped"
    assert "\r" not in capsys.readouterr().out


def test_sim_shows_no_progress_where_stderr_is_no_terminal(capsys):
    assert main(["sim", "takethat", "--games", "3"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and "\r" not in out.out


def test_one_level_against_itself_is_told_seat_by_seat(capsys):
    """Not "easy 4.0 wins 100.0%": one level won every game because it sat at every seat."""
    assert main(["sim", "takethat", "--players", "3", "--games", "4", "--bots", "easy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "(easy played every seat, so each row is a seat, not a level)"
    assert lines[2].split()[:2] == ["seat", "wins"]
    seats = [line.split() for line in lines[3:6]]
    assert [row[:2] for row in seats] == [["seat", "1"], ["seat", "2"], ["seat", "3"]]
    assert sum(float(row[2]) for row in seats) == pytest.approx(4)
    assert not any(line.startswith("easy") for line in lines)


def test_sim_json_counts_wins_by_seat_too(capsys):
    assert main(["sim", "takethat", "--games", "2", "--bots", "easy,hard", "--json",
                 "--time-limit", "0.01", "--options", ONE_ROUND]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["seat_wins"]) == len(data["seat_mean_score"]) == 2
    assert sum(data["seat_wins"]) == pytest.approx(sum(data["wins"].values())) == 2


@pytest.mark.parametrize("bots, players", [("easy,hard", 2), ("easy,hard", 3)])
def test_levels_against_each_other_are_told_level_by_level(capsys, bots, players):
    assert main(["sim", "takethat", "--players", str(players), "--games", "3", "--bots", bots,
                 "--time-limit", "0.01", "--options", ONE_ROUND]) == 0
    out = capsys.readouterr().out
    assert "played every seat" not in out
    assert out.splitlines()[1].split()[0] == "bot"


# -- a game in progress is never thrown away unasked ---------------------------------------------
def ladder_game_in_progress():
    """A solo TEN game at the ladder's first target, a few moves in, as the table saves it."""
    from tentable import store
    from tentable.match import Match
    from tentable.session import Seat, Session
    match = Match(Session("ten", (Seat("You"), Seat("Mona", "rules")), 77,
                          {"solo": True, "target": 5}))
    match.play(0, ["flip"])
    store.save_autosave(match.record())
    return match.record()


def test_play_a_game_with_one_in_progress_asks_for_continue_or_new(capsys, monkeypatch):
    """`tentable play ten` over an unfinished ladder game neither opens a window nor writes
    over it: it says how to go on (--continue) or throw it away (--new)."""
    from tentable import store
    from tentable.ui import launch
    opened = []
    monkeypatch.setattr(launch, "display_problem", lambda: None)
    monkeypatch.setattr(launch, "run", lambda *a, **k: opened.append((a, k)) or 0)
    kept = ladder_game_in_progress()
    assert main(["play", "ten"]) == 2
    said = capsys.readouterr().err
    assert "in progress" in said and "--continue" in said and "--new" in said, said
    def still_there():
        record = store.load_autosave("ten")[0]
        return record is not None and (record["key"], record["history"]) == (
            kept["key"], kept["history"])
    assert opened == [] and still_there()
    assert not store.load_ladder()[0].games
    # --continue goes on with it; --new throws it away, counted lost on the ladder, and says so
    assert main(["play", "ten", "--continue"]) == 0 and opened[-1][1]["resume"] is True
    assert still_there()
    assert main(["play", "ten", "--new"]) == 0 and opened[-1][1]["resume"] is False
    assert store.load_autosave("ten")[0] is None
    [game] = store.load_ladder()[0].games
    assert game.abandoned and game.key == kept["key"]
    assert "ladder" in capsys.readouterr().out.lower()
    # with nothing in progress, play simply opens
    assert main(["play", "takethat"]) == 0 and len(opened) == 3


def test_new_and_continue_together_are_a_usage_mistake(capsys):
    assert main(["play", "ten", "--new", "--continue"]) == 2
    assert "--new" in capsys.readouterr().err
