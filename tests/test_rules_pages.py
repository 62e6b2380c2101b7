"""How to play, in the app: every game's rules page opens from the pause menu and with F1,
reads as text (no Markdown marks), scrolls, and goes back."""
import pygame
import pytest

import uitools
from tentable.engine import GAMES
from tentable.resources import rules_path
from tentable.ui.scenes.pause import PauseScene
from tentable.ui.scenes.rules import RulesScene, blocks
from uitools import click, key, step


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_f1_opens_the_rules_and_esc_comes_back(app, game_id):
    table = uitools.new_table(app, ["human", "easy"], seed=2, game=game_id)
    key(app, pygame.K_F1)
    page = app.top
    assert isinstance(page, RulesScene) and page.game_id == game_id
    step(app)
    texts = [text for text, *_ in page.lines if text]
    assert texts and GAMES[game_id].title.split()[0] in texts[0]
    assert not any(mark in text for text in texts for mark in ("**", "](", "`", "## "))
    key(app, pygame.K_END)
    assert page.scroll == page.max_scroll > 0
    key(app, pygame.K_HOME)
    assert page.scroll == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_the_pause_menu_has_how_to_play(app):
    table = uitools.new_table(app, ["human", "easy"], seed=2, game="takethat")
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, pause.rules_button.rect.center)
    assert isinstance(app.top, RulesScene)
    click(app, app.top.back.rect.center)
    assert app.top is pause and table is app.scenes[0]


def test_the_page_parts_are_read_simply():
    page = blocks("# Title\n\nA *long*\nparagraph with **bold**.\n\n"
                  "## Heading\n\n- one\n  goes on\n- [two](x.md)\n1. three")
    assert [(b.kind, b.text) for b in page] == [
        ("title", "Title"), ("text", "A long paragraph with bold."), ("heading", "Heading"),
        ("item", "one goes on"), ("item", "two"), ("item", "three")]


def test_every_game_ships_its_rules_page():
    for game_id in GAMES:
        assert rules_path(game_id).is_file()
