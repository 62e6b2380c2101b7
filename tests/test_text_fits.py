"""Text is never cut off at the smallest window (1024×640), at any card size: random games at
every table, and no text drawn may need shortening with an ellipsis.

`panel.fit` is what shortens a text that does not fit; every module that draws text
imports it, so the test watches each of those imports."""
import random
import importlib
import pkgutil
import sys

import pygame
import pytest

import uitools
from tentable import i18n
from tentable.engine import GAMES
from tentable.ui.widgets import panel
from uitools import step


def watch_fit(monkeypatch) -> set[str]:
    cut: set[str] = set()
    original = panel.fit

    def fit(text, px, width, bold=False):
        out = original(text, px, width, bold)
        if out != text:
            cut.add(text)
        return out
    # every module of the window, imported now: one imported later (the results scene,
    # first reached at a game's end) would keep the unwatched `fit`
    import tentable.ui
    for found in pkgutil.walk_packages(tentable.ui.__path__, "tentable.ui."):
        importlib.import_module(found.name)
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("tentable.ui") \
                and getattr(module, "fit", None) is original:
            monkeypatch.setattr(module, "fit", fit)
    return cut


@pytest.fixture
def small_app(tmp_path, monkeypatch):
    from tentable.ui.app import App
    from uitools import FakeClock
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    the_app = App(size=(1024, 640), clock=FakeClock())
    the_app.settings.update(animation_speed="instant", moments="auto")
    yield the_app
    the_app.close()
    i18n.set_language("en")


@pytest.mark.parametrize("language", i18n.available())
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_text_is_cut_off_at_1024_by_640(small_app, monkeypatch, game_id, language):
    """In every language the app ships (#25): German runs long. Small cards at 100%: the
    medium and large cards play below at 200%, where the window leaves them less room
    (960×600 and 960×540 units against 1024×640 here)."""
    plays_without_cut_text(small_app, monkeypatch, game_id, "small", language)


# The scale setting's ends: the least room any scale leaves (960×540 units at 200%, large
# cards, shared by the most players the game seats) in every language; 960×600 (200%,
# medium) or the most room (75%, small: 1365×853), one per game in one language, ends
# and languages turning with the game.
LEAST_ROOM = ((1280, 720), "200", "large", True)
OTHER_ENDS = [((1024, 640), "200", "medium", False), ((1024, 640), "75", "small", False)]
LANGUAGES = i18n.available()
SCALES = [(game_id, language, *LEAST_ROOM) for game_id in sorted(GAMES)
          for language in LANGUAGES]
SCALES += [(game_id, LANGUAGES[(g + 1) % len(LANGUAGES)], *OTHER_ENDS[g % len(OTHER_ENDS)])
           for g, game_id in enumerate(sorted(GAMES))]


@pytest.mark.parametrize("game_id, language, window, ui_size, card_size, fullest", SCALES)
def test_no_text_is_cut_off_at_any_scale(small_app, monkeypatch, game_id, language, window,
                                         ui_size, card_size, fullest):
    """The scale setting (#25), at its ends: the window has room for 75% and caps 200%
    (each table's `least_room` caps it where its seats need more); the least room is
    played by the fullest table, in every language."""
    small_app._on_resize(window)
    small_app.set_ui_size(ui_size)
    plays_without_cut_text(small_app, monkeypatch, game_id, card_size, language,
                           players=GAMES[game_id].max_players if fullest else None)


def plays_without_cut_text(app, monkeypatch, game_id: str, card_size: str,
                           language: str, players: int | None = None) -> None:
    from tentable.ui.scenes import table_for
    table_for(game_id)                     # its modules imported, so their `fit` is watched
    cut = watch_fit(monkeypatch)
    size = app.size
    app.set_language(language)
    app.settings["card_size"] = card_size
    players = players or min(4, GAMES[game_id].max_players)
    table = uitools.new_table(app, ["human"] + ["easy"] * (players - 1), seed=3, game=game_id)
    rng = random.Random(1)
    for _ in range(250):
        if table.link.match.is_over or app.top is not table:
            break
        if table.my_turn:
            table.submit(rng.choice(table.legal_actions()))
        app.invalidate()
        step(app)
    assert app.size == size
    assert not cut, sorted(cut)


def finished(game_id: str, players: int, seed: int):
    from tentable.engine import new_game
    state = new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def pieces(scene) -> list:
    """The rects of the results' breakdown texts and cards, in the content's coordinates."""
    rects = []
    for piece in scene._layout:
        if piece[0] == "text":
            _, text, size, ink, bold, x, y, *right = piece
            image = panel.label(text, size, ink, bold)
            rects.append((text, image.get_rect(topleft=(
                x + right[0] - image.get_width() if right else x, y))))
        elif piece[0] == "card":
            rects.append((piece[1], piece[2]))
    return rects


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_results_breakdown_is_neither_cut_nor_overlapping_at_1024_by_640(
        small_app, monkeypatch, game_id):
    """At the most players the game takes, with long names: every text of the ranking and
    the breakdown whole, none on another or on a card, all inside the panel, and the
    end of the breakdown reachable by the keys."""
    from tentable.session import Seat, Session
    from tentable.ui.scenes import results
    cut = watch_fit(monkeypatch)
    app = small_app
    players = GAMES[game_id].max_players
    seats = tuple(Seat(f"Maximiliana {i + 1}") for i in range(players))
    for seed in range(3):
        state = finished(game_id, players, seed)
        scene = app.push("results", session=Session(game_id, seats, seed, {}),
                         final=state.view(None), scores=state.scores(),
                         winners=state.winners())
        assert isinstance(scene, results.ResultsScene)
        assert scene.breakdown.seats or scene.breakdown.items
        step(app)
        drawn = pieces(scene)
        assert drawn
        for i, (what, rect) in enumerate(drawn):
            assert 0 <= rect.x and rect.right <= scene.view.w, (what, rect)
            assert rect.y >= scene.table_rect.bottom, (what, rect)
            for other, rect2 in drawn[i + 1:]:
                assert not rect.colliderect(rect2), (what, other)
        uitools.key(app, pygame.K_END)
        step(app)
        assert scene.scroll == scene.max_scroll
        assert scene.view.bottom <= scene.panel.bottom and scene.panel.bottom <= 640
        app.pop()
    assert not cut, sorted(cut)
