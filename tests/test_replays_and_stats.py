"""Your games, the replay viewer and the statistics screen, driven by real events."""
from pathlib import Path

import pygame

from tentable import archive, keeping
from tentable.match import Match
from tentable.session import Seat, Session
from tentable.ui.scenes.games import GamesScene
from tentable.ui.scenes.menu import MenuScene
from tentable.ui.scenes.replay import ReplayScene
from tentable.ui.scenes.stats import StatsScene
from uitools import click, key, step


def keep_games(game="takethat", seeds=(1, 2)):
    for seed in seeds:
        seats = (Seat("Ana", "bot", "heuristic"), Seat("Ben", "bot", "random"))
        match = Match(Session(game, seats, seed, {}))
        match.play_out()
        record = {**match.record(), "seats": [{"name": "Ana", "kind": "human", "bot": ""},
                                              {"name": "Ben", "kind": "bot",
                                               "bot": "random"}]}
        keeping.keep(record, match.scores(), match.winners())


def test_your_games_lists_the_kept_games_newest_first_and_opens_a_replay(app):
    keep_games(seeds=(1, 2))
    keep_games("tentiles", seeds=(3,))
    menu = app.reset("menu")
    step(app)
    click(app, menu.games_button.rect.center)
    games = app.top
    assert isinstance(games, GamesScene) and len(games.games) == 3
    assert games.games[0].game == "tentiles"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.game.record["seed"] == 2
    assert replay.step == 0 and replay.table.link.match.history == []


def test_the_replay_steps_forward_and_back_jumps_and_changes_seat(app):
    keep_games(seeds=(4,))
    game = archive.load_all()[0][0]
    app.push("replay", game=game)
    replay = app.top
    step(app)
    n = len(game.record["history"])
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert replay.step == 3 and replay.table.link.match.history == game.record["history"][:3]
    lines = len(replay.table.log.entries)
    key(app, pygame.K_LEFT)
    assert replay.step == 2 and replay.table.link.match.history == game.record["history"][:2]
    assert len(replay.table.log.entries) < lines          # the log is told again to there
    key(app, pygame.K_END)
    assert replay.step == n and replay.table.link.match.is_over
    click(app, replay.buttons["start"].rect.center)
    assert replay.step == 0
    bar = replay.bar
    click(app, (bar.x + bar.w // 2, bar.centery))         # the slider: half way
    assert abs(replay.step - n // 2) <= 1
    assert replay.seat is None and "hands" in replay.table.view   # everyone's cards
    key(app, pygame.K_TAB)                                # seen by Ana
    assert replay.table.seat == 0 and "hands" not in replay.table.view
    key(app, pygame.K_TAB)                                # seen by the other seat
    assert replay.table.seat == 1 and replay.table.view["seat"] == 1
    for _ in range(5):
        step(app)                                         # the table only watches
    assert replay.table.link.match.history == game.record["history"][:replay.step]
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, ReplayScene)


def test_a_replay_saves_nothing(app, tmp_path):
    from tentable import store
    keep_games(seeds=(5,))
    app.push("replay", game=archive.load_all()[0][0])
    for _ in range(4):
        key(app, pygame.K_RIGHT)
    app.top.table.link.match.flush()
    assert store.load_autosave("takethat") == (None, None)


def test_the_statistics_screen_shows_each_player_per_game(app):
    keep_games(seeds=(1, 2, 3))
    keep_games("tentiles", seeds=(4,))
    menu = app.reset("menu")
    step(app)
    assert isinstance(menu, MenuScene)
    click(app, menu.stats_button.rect.center)
    screen = app.top
    assert isinstance(screen, StatsScene) and set(screen.games) == {"takethat", "tentiles"}
    first = screen.game
    rows = screen.shown()
    assert {r.name for r in rows} == {"Ana", "Ben"} and all(r.games for r in rows)
    key(app, pygame.K_RIGHT)
    assert screen.game != first
    click(app, screen.game_buttons[screen.games.index(first)].rect.center)
    assert screen.game == first
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_with_no_games_the_screens_say_so(app):
    app.push("games")
    step(app)
    assert app.top.games == []
    key(app, pygame.K_RETURN)                             # nothing to watch: nothing breaks
    assert isinstance(app.top, GamesScene)
    app.push("stats")
    step(app)
    assert app.top.game is None


def test_a_game_is_saved_to_a_file_of_your_choice_and_opened_from_it(app, tmp_path):
    keep_games(seeds=(6,))
    app.push("games")
    games = app.top
    step(app)
    target = tmp_path / "shared" / "our game.json"
    click(app, games.path.rect.center)                    # type where it goes
    for _ in range(len(games.path.text)):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(target)))
    key(app, pygame.K_RETURN)                             # leaves the field
    click(app, games.save_button.rect.center)
    assert target.exists() and "Saved to" in app.toasts.items[-1].text
    click(app, games.open_button.rect.center)             # and opened again from there
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.game.record["history"] == games.games[0].record["history"]
    key(app, pygame.K_ESCAPE)
    target.write_bytes(b"\x00 not a game")
    click(app, games.open_button.rect.center)
    assert app.top is games and "our game.json" in app.toasts.items[-1].text


# -- a thousand kept games: listed from their files, replayed only when opened (#44) -------

def kept_copies(n: int) -> list:
    """`n` kept games made quickly: one finished game's archive file copied under `n` names
    as the archive names its files (the time it ended, a count, the game)."""
    keep_games(seeds=(7,))
    [kept] = archive.archive_dir().glob("*.json")
    stamp, _, game = kept.stem.split("-", 2)
    copies = [kept.with_name(f"{stamp}-{i:03d}-{game}.json") for i in range(2, n + 1)]
    for copy in copies:
        copy.write_bytes(kept.read_bytes())
    return [kept, *copies]


def count_replays(monkeypatch) -> list:
    """Every replay of a record by the engine, wherever it is called from."""
    from tentable import engine
    from tentable.engine import records
    calls, original = [], records.replay

    def counted(record):
        calls.append(record)
        return original(record)
    monkeypatch.setattr(records, "replay", counted)
    monkeypatch.setattr(engine, "replay", counted)
    return calls


def test_your_games_opens_a_thousand_games_without_replaying_one(app, monkeypatch):
    kept_copies(1000)
    replays = count_replays(monkeypatch)
    app.push("games")
    games = app.top
    step(app)
    assert isinstance(games, GamesScene) and len(games.games) == 1000
    assert replays == []                      # each listed from its file's own summary
    assert all(g.winners and len(g.scores) == 2 for g in games.games)
    key(app, pygame.K_END)
    key(app, pygame.K_RETURN)                 # the game watched is replayed, and it alone
    assert isinstance(app.top, ReplayScene) and replays


def test_a_kept_game_whose_moves_do_not_replay_is_listed_and_refused_when_opened(
        app, tmp_path):
    import json
    good, bad = kept_copies(2)
    data = json.loads(bad.read_text())
    data["record"]["history"][3] = "twist 99"             # no such move there
    bad.write_text(json.dumps(data))
    app.push("games")
    games = app.top
    step(app)
    assert [g.name for g in games.games] == [bad.stem, good.stem]   # listed, not set aside
    assert games.index == 0
    key(app, pygame.K_RETURN)                             # watch it: refused, says why
    assert app.top is games and app.toasts.items[-1].kind == "error"
    assert "do not replay" in app.toasts.items[-1].text
    target = tmp_path / "copy.json"
    games.path.set_text(str(target))
    click(app, games.save_button.rect.center)             # save a copy: refused too
    assert not target.exists() and "Could not save it" in app.toasts.items[-1].text
    assert bad.exists()                                   # the file stays as it was
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                             # the other game opens
    assert isinstance(app.top, ReplayScene) and app.top.game.name == good.stem


def type_path(app, games, text):
    """Type `text` into the file field, as a player does: click it, clear it, type, Enter."""
    click(app, games.path.rect.center)
    for _ in range(len(games.path.text)):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    key(app, pygame.K_RETURN)                             # leaves the field


def test_a_click_chooses_a_game_and_the_copy_is_named_after_it(app, tmp_path):
    """#37: a click chose nothing the file name knew of, so a copy went out under the
    name of the game chosen before."""
    keep_games(seeds=(7, 8))
    app.push("games")
    games = app.top
    step(app)
    first, second = games.games
    assert Path(games.path.text).name == f"{first.name}.json"
    click(app, games.rows[1].center)                      # choose the second game
    assert app.top is games and games.index == 1
    assert Path(games.path.text).name == f"{second.name}.json"
    type_path(app, games, str(tmp_path / f"{second.name}.json"))   # a folder of my own
    click(app, games.rows[0].center)                      # the name follows the game there
    assert games.path.text == str(tmp_path / f"{first.name}.json")
    click(app, games.save_button.rect.center)
    assert archive.load(tmp_path / f"{first.name}.json")[0].record == first.record
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))   # the wheel chooses
    step(app)
    assert games.index == 1 and games.path.text == str(tmp_path / f"{second.name}.json")
    click(app, games.rows[1].center)                      # a click on the chosen one watches it
    assert isinstance(app.top, ReplayScene) and app.top.game.name == second.name


def test_saving_onto_a_file_asks_first_by_mouse_or_keys(app, tmp_path):
    """#37: a copy saved onto an existing file replaced it without a word."""
    keep_games(seeds=(9,))
    app.push("games")
    games = app.top
    step(app)
    mine = tmp_path / "mine.json"
    mine.write_text("my own notes")
    type_path(app, games, str(mine))
    click(app, games.save_button.rect.center)
    assert games.confirm is not None and mine.read_text() == "my own notes"
    assert any("mine.json" in line for line in games.confirm.lines)
    step(app)                                             # the question is drawn
    key(app, pygame.K_ESCAPE)                             # no: nothing is written
    assert games.confirm is None and mine.read_text() == "my own notes"
    assert app.top is games
    click(app, games.save_button.rect.center)
    cancel = games.confirm.buttons[-1]
    click(app, cancel.rect.center)                        # no, by mouse
    assert games.confirm is None and mine.read_text() == "my own notes"
    while games.nav.current is None or games.nav.current.rect() != games.save_button.rect:
        key(app, pygame.K_TAB)                            # Save a copy by keys
    key(app, pygame.K_RETURN)
    assert games.confirm is not None and mine.read_text() == "my own notes"
    key(app, pygame.K_RETURN)                             # yes: replace it
    assert games.confirm is None and archive.load(mine)[0].record == games.games[0].record
    assert "Saved to" in app.toasts.items[-1].text
    fresh = tmp_path / "new.json"                         # no file there: no question
    type_path(app, games, str(fresh))
    click(app, games.save_button.rect.center)
    assert games.confirm is None and fresh.exists()
