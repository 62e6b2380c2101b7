"""The command line in the player's language (#25): `--lang` before or after the command,
else the language saved in the settings, else the system's, English when none of them is
spoken here; never a traceback for a bad choice. The tests look for a few words only the
translation has, and for the English words that must not leak through."""
from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tentable import i18n, store
from tentable.cli import ARGPARSE, main
from tentable.ladder import SoloGame
from tentable.text import STRINGS

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ["de", "nl"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """A data folder of the test's own (no saved language unless the test saves one), and
    the process's language as it was, whatever a test did to it."""
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path / "data"))
    yield tmp_path / "data"
    i18n.set_language("en")


def save_language(language: object) -> None:
    store.settings_path().parent.mkdir(parents=True, exist_ok=True)
    store.settings_path().write_text(json.dumps({"version": store.SETTINGS_VERSION,
                                                 "language": language}))


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# -- usage errors --------------------------------------------------------------------------
@pytest.mark.parametrize("args, lang, says", [
    (["sim", "chess"], "de", ["unbekanntes Spiel 'chess'", "siehe tentable sim --help"]),
    (["sim", "chess"], "nl", ["onbekend spel 'chess'", "zie tentable sim --help"]),
    (["sim", "takethat", "--games", "0"], "de", ["muss mindestens 1 sein"]),
    (["play", "--continue"], "nl", ["--continue heeft een spel nodig"]),
    # argparse's own words, from the table too
    (["sim"], "de", ["diese Argumente fehlen: game"]),
    (["sim", "takethat", "--players", "two"], "nl", ["argument --players",
                                                     "ongeldige waarde voor int"]),
    (["fly"], "de", ["ungültige Wahl: 'fly'"]),
    (["--colour"], "nl", ["onbekende argumenten: --colour"]),
])
def test_a_usage_error_is_one_line_in_the_chosen_language(args, lang, says, capsys):
    for argv in (["--lang", lang, *args], [*args, f"--lang={lang}"]):   # before or after
        assert main(argv) == 2
        err = one_line_error(capsys)
        assert all(words in err for words in says), err
        assert "see " not in err and "invalid" not in err and "expected" not in err


# -- --help ----------------------------------------------------------------------------------
HELP = {"de": ["Aufruf: tentable", "Optionen:", "Befehle:", "fünf Spiele", "Spieler; Bots:"],
        "nl": ["gebruik: tentable", "opties:", "opdrachten:", "vijf spellen", "spelers; bots:"]}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_help_speaks_the_chosen_language(lang, capsys):
    assert main(["--lang", lang, "--help"]) == 0
    out = capsys.readouterr().out
    assert all(words in out for words in HELP[lang]), out
    assert not any(english in out for english in ("usage:", "options:", "show this help",
                                                  "commands:", "A desktop card table"))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("command", ["play", "sim", "replay", "ladder", "check-deck"])
def test_every_command_s_help_is_translated(command, lang, capsys):
    """Each help text goes through argparse's %-formatting: a stray % in a translation
    would crash here, and an English help text would show."""
    assert main([command, "--help", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert HELP[lang][0].replace(" tentable", f" tentable {command}") in out
    assert "the language of this run" not in out and "show this help" not in out


# -- what the commands print -------------------------------------------------------------------
def test_sim_prints_its_table_in_the_chosen_language(capsys):
    assert main(["sim", "takethat", "--games", "2", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "2 Spiele, 2 Spieler" in out and "Siege" in out and "Fehler: keine" in out
    assert "errors" not in out and "games" not in out
    assert main(["sim", "ten", "--solo", "--target", "all", "--games", "1", "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert "1 spel per streefwaarde" in out and "verlies %" in out and "fouten: geen" in out
    rows = [line.split() for line in out.splitlines() if line.split()[0].isdigit()]
    assert [row[0] for row in rows] == ["5", "6", "7", "8", "9", "10"]


@pytest.mark.parametrize("lang, note, seat, progress", [
    ("de", "(easy spielte auf jedem Platz, darum steht jede Zeile für einen Platz, nicht für "
           "eine Stärke)", "Platz 2", "Spiel 2 von 2"),
    ("nl", "(easy speelde op elke plek, dus elke regel is een plek, geen niveau)", "plek 2",
     "spel 2 van 2"),
])
def test_one_level_and_the_progress_in_the_chosen_language(monkeypatch, capsys, lang, note,
                                                           seat, progress):
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["sim", "takethat", "--games", "2", "--bots", "easy", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == note and lines[4].startswith(seat)
    assert f"\r{progress}\r" in terminal.getvalue()


def test_json_stays_machine_readable_in_every_language(capsys):
    """--json is read by programs: the same keys and bot names in any language."""
    said = {}
    for lang in ("en", *TRANSLATED):
        assert main(["sim", "takethat", "--games", "2", "--json", "--lang", lang]) == 0
        data = json.loads(capsys.readouterr().out)
        said[lang] = (sorted(data), data["wins"], data["mean_score"])
    assert said["de"] == said["en"] == said["nl"]


LADDER = {"de": ["Solo-Leiter gegen Mona (TEN): Zielwert 6", "Stufen: 5 [6] 7",
                 "höchster geschaffter Zielwert: 5", "2 Leiter-Partien: 1 gewonnen",
                 "Niederlage", "Spielnummer 12"],
          "nl": ["Sololadder tegen Mona (TEN): streefwaarde 6", "treden: 5 [6] 7",
                 "hoogste gehaalde streefwaarde: 5", "2 ladderpotjes: 1 gewonnen", "Verlies",
                 "spelnummer 12"]}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_ladder_prints_the_rungs_and_games_in_the_chosen_language(lang, capsys):
    assert main(["ladder", "--lang", lang]) == 0
    assert ("noch keine Partien" if lang == "de" else "nog geen potjes") in capsys.readouterr().out
    store.add_ladder_game(SoloGame("2026-11-23T20:00:00", 5, 11, 21, 14))
    store.add_ladder_game(SoloGame("2026-11-24T20:00:00", 6, 12, 9, 17))
    assert main(["ladder", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert all(words in out for words in LADDER[lang]), out
    assert "target" not in out and "games" not in out


@pytest.mark.parametrize("answer, reset", [("ja\n", True), ("j\n", True), ("yes\n", True),
                                           ("nein\n", False), ("n\n", False)])
def test_the_reset_question_is_asked_and_answered_in_german(answer, reset, monkeypatch,
                                                            capsys):
    import io
    store.add_ladder_game(SoloGame("2026-11-23T20:00:00", 5, 11, 21, 14))
    monkeypatch.setattr(sys, "stdin", io.StringIO(answer))
    assert main(["ladder", "--reset", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "ihre einzige Partie vergessen? [j/N]" in out
    assert ("Die Leiter beginnt wieder" if reset else "nicht zurückgesetzt") in out
    assert (len(store.load_ladder()[0].games) == 0) == reset


@pytest.fixture
def finished_game(tmp_path) -> Path:
    from tentable.engine import new_game
    state = new_game("takethat", 2, seed=8, options={"rounds": 1})
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**state.record(), "seats": [
        {"name": "Ann", "kind": "human"}, {"name": "", "kind": "bot", "bot": "normal"}]}))
    return path


REPLAY = {"de": ("beginnt eine neue Reihe mit", "Spieler 2", "hat gewonnen"),
          "nl": ("begint een nieuwe rij met", "speler 2", " won")}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_replay_tells_the_moves_and_the_result_in_the_chosen_language(finished_game, lang,
                                                                      capsys):
    assert main(["replay", str(finished_game), "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    move, seat, won = REPLAY[lang]
    assert move in out[0] and any(line.partition(". ")[2].startswith(seat) for line in out)
    assert won in out[-1] and out[-1].count(" · ") == 2
    assert not any("opens a new row" in line or "seat 2" in line for line in out)


def test_replay_of_a_missing_file_says_so_in_the_chosen_language(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.json"), "--lang", "de"]) == 1
    assert "none.json: nicht lesbar:" in one_line_error(capsys)


def test_check_deck_frames_its_report_in_the_chosen_language(capsys):
    assert main(["check-deck", "decks/ten.yaml", "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert "2 spelers: 91 kaarten" in out and "kaarten per soort" in out
    assert "players" not in out


def test_the_no_display_message_speaks_the_chosen_language():
    from tentable.text import t
    from tentable.ui.launch import display_problem
    i18n.set_language("de")
    assert "kein Display gefunden (weder DISPLAY noch WAYLAND_DISPLAY" in display_problem(
        {}, "linux")
    assert t("cli.no_display.unopened") == "das Display ließ sich nicht öffnen"


# -- which language --------------------------------------------------------------------------
def cli_env(tmp_path, lang: str) -> dict[str, str]:
    """A fresh process whose system language is `lang` (LANG alone decides it)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE")}
    return {**env, "LANG": lang, "TENTABLE_HOME": str(tmp_path / "data")}


@pytest.mark.parametrize("lang, says", [("C", "unknown game 'chess'"),
                                        ("de_DE.UTF-8", "unbekanntes Spiel 'chess'")])
def test_the_system_language_is_the_default(tmp_path, lang, says):
    done = subprocess.run([sys.executable, "-m", "tentable", "sim", "chess"], cwd=ROOT,
                          env=cli_env(tmp_path, lang), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and says in done.stderr and "Traceback" not in done.stderr


def test_the_saved_language_speaks_unless_lang_says_otherwise(capsys):
    save_language("nl")
    assert main(["sim", "chess"]) == 2
    assert "onbekend spel" in one_line_error(capsys)
    assert main(["sim", "chess", "--lang", "de"]) == 2
    assert "unbekanntes Spiel" in one_line_error(capsys)
    assert main(["--lang", "en", "sim", "chess"]) == 2
    assert "unknown game" in one_line_error(capsys)


@pytest.mark.parametrize("lang", ["", "xx\udcff", "xx", "system"])
@pytest.mark.parametrize("where", ["before", "after"])
def test_a_garbage_lang_is_a_usage_error_in_english(lang, where, capsys):
    args = ["--lang", lang]
    assert main([*args, "sim", "chess"] if where == "before" else ["sim", "chess", *args]) == 2
    err = one_line_error(capsys)
    assert "is not a language here (en, de, nl)" in err and "see tentable" in err


@pytest.mark.parametrize("settings", [
    {"version": 1, "language": 5}, {"version": 1, "language": ["de"]},
    {"version": "1", "language": "de"}, [1, 2], None])
def test_broken_settings_leave_english_and_the_file_alone(settings, capsys):
    store.settings_path().parent.mkdir(parents=True, exist_ok=True)
    raw = b"{ not json" if settings is None else json.dumps(settings).encode()
    store.settings_path().write_bytes(raw)
    assert main(["sim", "chess"]) == 2
    assert "unknown game" in one_line_error(capsys)
    assert store.settings_path().read_bytes() == raw       # the app's to set aside, not ours


def test_a_missing_catalogue_speaks_english(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "no catalogues")
    assert main(["--lang", "de", "sim", "chess"]) == 2
    assert "unknown game" in one_line_error(capsys)


def test_the_command_line_leaves_the_language_as_it_found_it(capsys):
    i18n.set_language("nl")
    assert main(["--lang", "de", "sim", "chess"]) == 2
    assert i18n.current() == "nl"
    assert main(["sim", "chess"]) == 2                   # no choice: the system's (English)
    assert "unknown game" in capsys.readouterr().err and i18n.current() == "nl"


# -- the texts themselves -----------------------------------------------------------------------
def source_of_the_app() -> str:
    """Every module of the app but the text table itself (the package `tentable/text/`)."""
    table = ROOT / "tentable" / "text"
    assert (table / "__init__.py").exists()         # else this would read the table too
    return "\n".join(path.read_text(encoding="utf-8")
                     for path in (ROOT / "tentable").rglob("*.py")
                     if table not in path.parents)


def test_every_cli_text_is_used():
    """No dead texts: each `cli.*` key is named in the code (a plural pair by its stem),
    and each of argparse's words is still a message argparse itself asks for."""
    source, argparse_source = source_of_the_app(), inspect.getsource(argparse)
    unused = []
    for key, english in STRINGS.items():
        if not key.startswith("cli."):
            continue
        if key.startswith(ARGPARSE):
            used = f"_({english!r})" in argparse_source or f'_("{english}")' in argparse_source
        else:
            stem = re.sub(r"\.(one|other)$", "", key)
            used = f'"{stem}"' in source or f"'{stem}'" in source
        if not used:
            unused.append(key)
    assert unused == []


PERCENT = re.compile(r"%(?:\(\w+\))?[sr]")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_argparse_s_words_keep_their_percent_placeholders(lang):
    """argparse fills its words with %: a translation that loses or renames one would
    crash the parse or drop the offending word."""
    from tentable.text import t
    i18n.set_language(lang)
    wrong = [key for key, english in STRINGS.items() if key.startswith(ARGPARSE)
             and sorted(PERCENT.findall(t(key))) != sorted(PERCENT.findall(english))]
    assert wrong == []
