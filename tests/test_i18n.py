"""The player's language (#25): catalogues made by scripts/i18n.py from the text table,
chosen by the system locale, the settings or --lang, and never a crash on a bad choice or a
damaged catalogue."""
from __future__ import annotations

import re
from io import BytesIO

import pytest

from tentable import i18n, text

babel = pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402


@pytest.fixture
def catalogues(tmp_path, monkeypatch):
    """A German catalogue with one text, in a locale folder of its own."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    catalog = Catalog(locale="de", domain=i18n.DOMAIN)
    catalog.add(text.STRINGS["menu.play"], "Spielen", context="menu.play")
    catalog.add(text.STRINGS["menu.players"], "{low}–{high} Spieler", context="menu.players")
    catalog.add(text.STRINGS["menu.settings"], "Einstellungen", context="menu.settings")
    catalog.add(text.STRINGS["table.menu"], "Menü", context="table.menu")
    path = tmp_path / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    path.parent.mkdir(parents=True)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    path.write_bytes(buffer.getvalue())
    yield path
    i18n.set_language("en")


def test_a_chosen_language_translates_by_key_and_fills_placeholders(catalogues):
    assert i18n.set_language("de") == "de"
    assert text.t("menu.play") == "Spielen"
    assert text.t("menu.players", low=2, high=4) == "2–4 Spieler"
    assert text.t("menu.quit") == text.STRINGS["menu.quit"]   # not yet translated
    assert text.english("menu.play") == "Play"      # the command line keeps English


def test_the_language_follows_the_system_unless_chosen(catalogues, monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert i18n.set_language(None) == "de"
    assert i18n.set_language("system") == "de"
    assert i18n.set_language("en") == "en"
    monkeypatch.setenv("LANG", "nl_BE.UTF-8")      # no Dutch catalogue here: English
    assert i18n.set_language(None) == "en"


@pytest.mark.parametrize("choice", ["DE", "de_DE.UTF-8", "Deutsch", "de-CH"])
def test_a_language_is_read_as_people_write_it(catalogues, choice):
    assert i18n.set_language(choice) == "de"


@pytest.mark.parametrize("garbage", [None, "", "xx", "klingon", 42, b"de", ["de"], "\udcff",
                                     "d" * 10_000])
def test_garbage_names_no_language_and_falls_back(catalogues, garbage, monkeypatch):
    monkeypatch.setattr(i18n, "system_language", lambda: "en")
    assert i18n.set_language(garbage) == "en"
    assert text.t("menu.play") == "Play"


@pytest.mark.parametrize("damage", [b"", b"not a catalogue", b"\xde\x12\x04\x95" + b"\0" * 3])
def test_a_damaged_catalogue_is_english_not_a_crash(catalogues, damage):
    catalogues.write_bytes(damage)
    assert i18n.set_language("de") == "en"
    assert text.t("menu.play") == "Play"


def test_the_settings_offer_only_english_until_a_catalogue_ships(app, tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "none")
    scene = app.push("settings")
    assert "language" not in [key for key, _ in scene.rows]


def test_a_language_chosen_in_the_settings_speaks_at_once(app, catalogues):
    """Every open screen is built again in the new words: the menu under the settings too,
    and the choice is kept for the next start."""
    from uitools import click, step
    app.reset("menu")
    scene = app.push("settings")
    step(app)
    control = dict(scene.rows)["language"]
    values = [value for value, _ in control.choices]
    assert values == ["system", "en", "de"]          # Dutch ships no catalogue here
    click(app, control.rects[values.index("de")].center)
    step(app)
    assert app.settings["language"] == "de" and i18n.current() == "de"
    menu, settings = app.scenes
    assert settings is not scene and menu.spec[0] == "menu"
    assert menu.settings_button.text == "Einstellungen"     # built again in German
    app.pop()
    assert app.top is menu


@pytest.mark.parametrize("lang", ["xx", "", "\udcff", "d" * 500, "1"])
def test_lang_on_the_command_line_refuses_garbage(lang, capsys, tmp_path, monkeypatch):
    from tentable.cli import main
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))   # no saved language: English
    assert main(["--lang", lang, "play"]) == 2
    assert "not a language" in capsys.readouterr().err


def shipped(code: str):
    """The shipped catalogue of `code`: its `.po` (Babel) and its compiled `.mo`."""
    import gettext
    from babel.messages.pofile import read_po
    with open(i18n.catalogue_path(code).with_suffix(".po"), "rb") as file:
        po = read_po(file, locale=code, domain=i18n.DOMAIN)
    with open(i18n.catalogue_path(code), "rb") as file:
        mo = gettext.GNUTranslations(file)
    return po, mo


PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.ENGLISH])
def test_every_translation_keeps_the_placeholders_of_its_english(code):
    """A translation that drops, adds or misspells a {name} would show the raw text (or
    lose a number) on screen: each one fills with exactly its English's values."""
    po, _ = shipped(code)
    wrong = []
    for message in po:
        if not message.id or not message.string:
            continue
        names = PLACEHOLDER.findall(message.id)
        if set(PLACEHOLDER.findall(message.string)) != set(names):
            wrong.append(message.context)
            continue
        message.string.format(**{name: "x" for name in names})    # well-formed braces
    assert wrong == []


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.ENGLISH])
def test_the_shipped_mo_says_what_its_po_says(code):
    """The app reads the `.mo`: a `.po` edited without `scripts/i18n.py compile` would
    leave players with the old words."""
    po, mo = shipped(code)
    stale = [m.context for m in po
             if m.id and m.string and not m.fuzzy and mo.pgettext(m.context, m.id) != m.string]
    assert stale == []


def test_german_and_dutch_reach_the_screen():
    try:
        assert i18n.set_language("de") == "de"
        assert text.t("menu.players", low=2, high=4) == "2–4 Spieler"
        assert i18n.set_language("nl") == "nl"
        assert text.t("menu.play") == "Spelen"
    finally:
        i18n.set_language("en")
    assert text.t("menu.play") == "Play"


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.ENGLISH])
def test_every_text_has_its_translation(code):
    """Every text of the table in every language: a new text comes with its German and
    Dutch (`scripts/i18n.py update`, translate, `compile`), and an English text that changed
    is looked at again (its translation is fuzzy until then)."""
    po, _ = shipped(code)
    missing = [key for key, english in text.STRINGS.items()
               if not ((m := po.get(english, context=key)) and m.string and not m.fuzzy)]
    assert missing == [], f"{len(missing)} texts to translate, e.g. {missing[:5]}"


def test_a_count_picks_its_form_in_every_language():
    """#22: "1 card", "2 cards": a text worded by count has a `.one` and an `.other` key,
    chosen by `n`, in the engine's English refusals too."""
    from tentable.engine import IllegalAction
    assert text.t("ten.market", n=1) == "Market · 1 card"
    assert text.t("ten.market", n=0) == "Market · 0 cards"
    assert str(IllegalAction("refuse.rx.only_chips", n=1)) == "You have only 1 chip."
    try:
        i18n.set_language("de")
        assert text.t("ten.market", n=1) == "Markt · 1 Karte"
        assert text.t("ten.market", n=3) == "Markt · 3 Karten"
    finally:
        i18n.set_language("en")


def test_a_table_under_the_settings_speaks_the_new_language_at_once(app, catalogues):
    """From the pause menu's settings: the table is built again around the same match, its
    buttons and log in the new words, and the game goes on where it was."""
    import uitools
    from uitools import click, step
    catalogues_de = catalogues
    table = uitools.new_table(app, ["human", "easy"], seed=3, game="takethat")
    table.submit(table.legal_actions()[0])
    step(app, 5)
    history = list(table.link.match.history)
    app.push("pause", table=table)
    settings = app.push("settings")
    step(app)
    control = dict(settings.rows)["language"]
    click(app, control.rects[[v for v, _ in control.choices].index("de")].center)
    fresh, pause, _ = app.scenes
    assert fresh is not table and fresh.link.match is table.link.match
    assert pause.table is fresh
    assert fresh.pause_button.text == "Menü" and list(fresh.link.match.history) == history
    assert catalogues_de.exists()


def test_a_text_key_written_in_two_areas_of_the_table_is_refused():
    """`tentable.text` is kept by area; a key in two areas would lose one text silently."""
    from types import SimpleNamespace
    from tentable.text import AREAS, merged
    one = SimpleNamespace(__name__="one", STRINGS={"a.x": "X", "a.y": "Y"})
    other = SimpleNamespace(__name__="other", STRINGS={"a.y": "Why", "a.z": "Z"})
    with pytest.raises(ImportError, match=r"other repeats the text keys \['a.y'\]"):
        merged([one, other])
    assert merged(AREAS) == text.STRINGS and len(text.STRINGS) == sum(
        len(area.STRINGS) for area in AREAS)
