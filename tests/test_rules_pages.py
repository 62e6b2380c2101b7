"""How to play, in the app: every game's rules page opens from the pause menu and with F1,
reads as text (no Markdown marks), scrolls, and goes back."""
import pygame
import pytest

import uitools
from tentable.engine import GAMES
from tentable import i18n
from tentable.resources import rules_path
from tentable.ui.scenes.pause import PauseScene
from tentable.ui.scenes.rules import RulesScene, blocks
from tentable.ui import theme
from tentable.ui.widgets.cards import card_face
from tentable.ui.widgets.diagram import CARD, DiagramError, parse
from uitools import click, key, step


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_f1_opens_the_rules_and_esc_comes_back(app, game_id):
    table = uitools.new_table(app, ["human", "easy"], seed=2, game=game_id)
    key(app, pygame.K_F1)
    page = app.top
    assert isinstance(page, RulesScene) and page.game_id == game_id
    step(app)
    texts = [line.text for line in page.lines if line.text]
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


# -- diagrams ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_page_has_diagrams_of_cards_the_game_paints(game_id):
    page = [b for b in blocks(rules_path(game_id).read_text(encoding="utf-8"))
            if b.kind == "diagram"]
    assert page, f"{game_id}: no diagram"
    for block in page:
        rows = parse(game_id, block.text)     # DiagramError names a card the game lacks
        assert any(piece.kind == CARD for row in rows for piece in row.pieces)


def test_a_diagram_names_only_cards_the_game_has():
    with pytest.raises(DiagramError):
        parse("ten", "B3 X9 | a card TEN does not have")
    rows = parse("ten", "B3, *P5 ~ . _ -> | words")
    assert [p.kind for p in rows[0].pieces] == ["card", "card", "back", "empty", "blank",
                                                "arrow"]
    assert rows[0].pieces[1].lit and rows[0].caption == "words"


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_page_draws_each_diagram_with_the_games_cards(app, game_id, size):
    """Scrolled to each diagram, the page shows its first card's own face there."""
    uitools.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    step(app)
    app.push("rules", game_id=game_id)
    page = app.top
    step(app)
    y = 0
    for line in page.lines:
        if line.diagram is not None:
            page.scroll = min(y, page.max_scroll)
            app.invalidate()
            step(app)
            diagram = line.diagram
            top = page.panel.y + theme.scaled(20, page.scale) + y - page.scroll
            origin = (page.panel.x + theme.scaled(36, page.scale) + line.indent,
                      top + line.size // 3)
            cards = [(p, rect) for p, rect in diagram.places() if p.kind == CARD]
            for piece, rect in (cards[0], cards[-1]):
                face = card_face(game_id, piece.code, diagram.card)
                centre = (diagram.card[0] // 2, diagram.card[1] // 2)
                assert (app.screen.get_at(rect.move(origin).move(centre).topleft)
                        == face.get_at(centre))
            assert diagram.card[0] >= 28
        y += line.height
    assert page.diagrams


def test_a_section_marked_for_the_docs_only_is_left_out():
    page = blocks("## Play\n\nText.\n\n<!-- not in the app -->\n## Writing moves\n\n"
                  "`play R7`\n\n## Tips\n\nMore.\n\n```cards\nB3 | x\n```\n")
    assert [(b.kind, b.text) for b in page] == [
        ("heading", "Play"), ("text", "Text."), ("heading", "Tips"), ("text", "More."),
        ("diagram", "B3 | x")]


def test_numbered_lists_keep_their_numbers_and_inner_lists_their_depth():
    page = blocks("1. **Flip.** Turn a card.\n   - a number adds\n   - money subtracts\n"
                  "2. Stop.\n- plain")
    assert [(b.mark, b.depth, b.text) for b in page] == [
        ("1.", 0, "Flip. Turn a card."), ("•", 1, "a number adds"), ("•", 1, "money subtracts"),
        ("2.", 0, "Stop."), ("•", 0, "plain")]


# -- other languages (#25) --------------------------------------------------------------
TRANSLATED = [code for code in i18n.available() if code != i18n.ENGLISH]


def shape(game_id: str, language: str | None) -> tuple[list[str], list[str]]:
    """A page's kinds of blocks in order, and its diagrams' cards (their words aside)."""
    page = blocks(rules_path(game_id, language).read_text(encoding="utf-8"))
    cards = [line.split("|")[0].strip() for b in page if b.kind == "diagram"
             for line in b.text.splitlines() if line.strip()]
    return [b.kind for b in page if b.kind in ("title", "heading", "diagram")], cards


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_language_ships_every_page_with_the_same_diagrams(game_id, language):
    """A language that ships has every game's page, translated: the same headings and
    diagrams of the same cards as the English page, only the words changed."""
    path = rules_path(game_id, language)
    assert path.parent.name == language, f"{game_id} has no {language} page"
    assert path.read_text(encoding="utf-8") != rules_path(game_id).read_text(encoding="utf-8")
    assert shape(game_id, language) == shape(game_id, None)
