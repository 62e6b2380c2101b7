"""Your games, the replay viewer and the statistics screen, driven by real events."""
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
    assert replay.step == 0 and replay.table.match.history == []


def test_the_replay_steps_forward_and_back_jumps_and_changes_seat(app):
    keep_games(seeds=(4,))
    game = archive.load_all()[0][0]
    app.push("replay", game=game)
    replay = app.top
    step(app)
    n = len(game.record["history"])
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert replay.step == 3 and replay.table.match.history == game.record["history"][:3]
    lines = len(replay.table.log.entries)
    key(app, pygame.K_LEFT)
    assert replay.step == 2 and replay.table.match.history == game.record["history"][:2]
    assert len(replay.table.log.entries) < lines          # the log is told again to there
    key(app, pygame.K_END)
    assert replay.step == n and replay.table.match.is_over
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
    assert replay.table.match.history == game.record["history"][:replay.step]
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, ReplayScene)


def test_a_replay_saves_nothing(app, tmp_path):
    from tentable import store
    keep_games(seeds=(5,))
    app.push("replay", game=archive.load_all()[0][0])
    for _ in range(4):
        key(app, pygame.K_RIGHT)
    app.top.table.match.flush()
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
