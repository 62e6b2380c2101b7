"""The command line: sim, check-deck, replay."""
import json

import pytest

from tentable.cli import main
from tentable.engine import GAMES


def test_sim_json_has_every_field(capsys):
    assert main(["sim", "takethat", "--players", "3", "--games", "20", "--seed", "4",
                 "--bots", "random,heuristic", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"games", "wins", "mean_score", "actions_per_game", "games_per_s", "actions_per_s",
            "errors"} <= set(data)
    assert data["games"] == 20 and data["errors"] == []
    assert set(data["wins"]) == {"random", "heuristic"}
    assert sum(data["wins"].values()) == pytest.approx(20)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_sim_runs_every_registered_game(game_id, capsys):
    players = str(GAMES[game_id].min_players)
    assert main(["sim", game_id, "--players", players, "--games", "3", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "3 games" in out and "errors: none" in out and "actions/s" in out


def test_sim_reports_a_failing_game_and_goes_on(capsys, monkeypatch):
    from tentable.engine.takethat import TakeThat
    original = TakeThat._perform

    def flaky(self, move):
        if self.seed == 1 and len(self.history) == 5:
            raise RuntimeError("boom")
        original(self, move)

    monkeypatch.setattr(TakeThat, "_perform", flaky)
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
    assert f"scores {state.scores()}" in capsys.readouterr().out
    save.write_text(json.dumps({"game": "takethat", "players": 2, "seed": 8,
                                "history": ["play 1"], "version": 1}))
    assert main(["replay", str(save)]) == 1
    assert "illegal action" in capsys.readouterr().err
