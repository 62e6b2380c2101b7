"""Every word on screen is a player's word (#38), the grammar half: "you" is never a third
person, in any language — in the pill, banners, log, read-aloud, results, the replay viewer
and `tentable replay` of a game whose human seat the computer played — and a count of one
is singular. (Apart from `test_words_on_screen.py` so the two halves run side by side.)
"""
import random
import re

import pygame
import pytest

import uitools
from tentable import i18n, speech
from tentable.engine import GAMES
from tentable.ui.tables.moments import GUARD
from uitools import step

# "1 points", "1 cards": a count of one with the plural (#22: plurals right)
ONE_PLURAL = re.compile(r"(?<![\d.,])[−+-]?1 (?:points|cards|chips|games|moves|tokens|twists|"
                        r"rounds|players|penalty points)\b")

# The human's default name is a pronoun: "You" ("Du", "Jij") is told "You play", never "You
# plays", wherever a name stands: the status pill, banners, the log, a replay, a seat the
# computer plays, read aloud, `tentable replay`. And counts of one are singular.
LANGUAGES = ("en", "de", "nl")
YOU = {"en": "You", "de": "Du", "nl": "Jij"}
# the pronoun written where a name stands: mid-sentence after a word ("Pass to You", "an Du",
# "door Jij"); as a label before a score, a colon or its colour it is a name ("Ana +3, Du −2")
NAME_AS_NAME = r"(?<=[\w,] ){you}\b(?!\s*[−+\-\d:(])"
THIRD_PERSON = {
    # "You is", "You's", "You places", "you starts" (but "You pass")
    "en": re.compile(r"\b[Yy]ou(?:'s\b| (?:is|has|was|does)\b)|(?:^|[:.!?·—] )[Yy]ou "
                     r"(?!pass\b)[a-z]+s\b"),
    # "Du ist", "Dus Zug", "Du spielt" (but "du passt", "du setzt": -st after s, z, ß)
    "de": re.compile(r"\b[Dd]u(?:'?s\b| (?:ist|hat|war|wird|kann|darf|muss|soll|will|"
                     r"hatte|konnte|nimmt|gibt|hält)\b| (?!nicht\b)[a-zäöü]*[^\Wsxzß]t\b)"),
    # "Jij is", "Jij heeft", "Jij's beurt" (Dutch conjugates jij as a name elsewhere)
    "nl": re.compile(r"\b[Jj]ij(?:'?s\b| (?:is|heeft)\b)"),
}
ONE_PLURALS = {
    "en": ONE_PLURAL,
    "de": re.compile(r"(?<![\d.,])[−+-]?1 (?:Spiele|Spiels|Partien|Punkte|Karten|Züge|Steine|"
                     r"Runden|Durchgänge|Strafpunkte|Minuspunkte|Pluspunkte|Twists|Chips|"
                     r"Bonuskarten|Verbindungskarten)\b"),
    "nl": re.compile(r"(?<![\d.,])[−+-]?1 (?:spellen|potjes|punten|kaarten|fiches|zetten|"
                     r"stenen|rondes|strafpunten|spelers|twists|bonuskaarten|"
                     r"verbindingskaarten)\b"),
}


def bad_grammar(text: str, language: str) -> list[str]:
    """Where `text` names "you" as a third person, or counts one in the plural."""
    you = YOU[language]
    found = [m.group() for rx in (THIRD_PERSON[language], ONE_PLURALS[language],
                                  re.compile(NAME_AS_NAME.format(you=you)))
             for m in rx.finditer(text)]
    if language != "en":                   # the English name left in another language
        found += re.findall(r"\bYou\b", text)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_grammar_check_knows_you_as_a_third_person(language):
    """The check itself, on the texts #38 found: it fails on each of them."""
    wrong = {"en": ["You is thinking…", "You's turn", "Round 1 of 2: You starts",
                    "You places 7 face up", "You wins with 9", "1 games", "Pass to You",
                    "Ana and You share the win!", "Round 1 of 2: you starts"],
             "de": ["Du ist dran", "Dus Zug", "Durchgang 1 von 2: Du beginnt", "Du legt 7",
                    "Gib weiter an Du", "1 Spiele", "You spielt 34", "Höchstes Gebot: 3 von Du"],
             "nl": ["Jij is aan de beurt", "Jij's beurt", "Jij heeft gewonnen",
                    "Geef door aan Jij", "1 potjes", "Ronde 1 van 2: You begint"]}[language]
    right = {"en": ["You play 34", "You pass", "Your turn", "Ana +3, You −2",
                    "The computer is thinking for you…", "Round 1 of 2: you start"],
             "de": ["Du bist dran", "Durchgang 1 von 2: Du beginnst", "Du passt",
                    "Ana +3, Du −2", "Du (Weiß) beginnst", "Gib weiter an dich"],
             "nl": ["Jij bent aan de beurt", "Jij wint met 9", "Ana +3, Jij −2",
                    "Jouw beurt", "Ronde 1 van 2: jij begint"]}[language]
    assert all(bad_grammar(text, language) for text in wrong), \
        [text for text in wrong if not bad_grammar(text, language)]
    assert not any(bad_grammar(text, language) for text in right), \
        {text: bad_grammar(text, language) for text in right}


class Heard(speech.Speaker):
    """Read aloud: what the table asks the speech to say, written down (nothing is run)."""

    def __init__(self):
        super().__init__(find=lambda: speech.Espeak("espeak-ng"), popen=None)
        self.texts = []

    def queue(self, text, level=speech.NEWS):
        self.texts.append(text)


def to_results(app, table, rng):
    """Play the table to its results: a human at the screen at random, the rest by itself."""
    for _ in range(30_000):
        if type(app.top).__name__ == "ResultsScene":
            return
        if table.curtain is not None or table.dialog is not None:
            uitools.key(app, pygame.K_RETURN)
            continue
        if table.moments:
            uitools.pass_time(app, GUARD)
            uitools.key(app, pygame.K_RETURN)
            continue
        if table.my_turn:
            table.submit(rng.choice(table.legal_actions()))
        app.invalidate()
        step(app)
        if table.link.match.job is not None:
            table.link.match.job.done.wait(0.05)
    raise AssertionError("the results never came")


def replay_all(app, kept):
    """The replay viewer through the whole game: everyone's cards, then each seat's view."""
    app.push("replay", game=kept)
    viewer = app.top
    moves = len(kept.record["history"])
    for i in range(moves):
        uitools.key(app, pygame.K_RIGHT)
        if i in (moves // 3, 2 * moves // 3):
            uitools.key(app, pygame.K_TAB)          # seen by a seat
        step(app)
    for _ in range(len(kept.names)):
        uitools.key(app, pygame.K_TAB)
        step(app)
    return viewer.table.log.entries


# each game in one language, in turn: each pair is a whole game, its replay and `tentable
# replay` (fifteen pairs took a sixth of the suite); the check itself is proved in every
# language above
PAIRS = [(game_id, LANGUAGES[i % len(LANGUAGES)]) for i, game_id in enumerate(sorted(GAMES))]


@pytest.mark.parametrize("game_id, language", PAIRS)
def test_you_is_told_as_you_for_a_seat_the_computer_plays_and_in_replays(
        app, monkeypatch, capsys, game_id, language):
    """The human "You" hands the seat to the computer at the first move and the game plays
    to its end: the pill, banners, log, read-aloud, results; then the kept game in the
    replay viewer (everyone's cards and each seat's view) and in `tentable replay`."""
    from tentable import archive
    from tentable.cli import main
    from tentable.ui.tables import base
    monkeypatch.setattr(base, "THINKING_AFTER", 0.0)     # "… is thinking" at once
    monkeypatch.setattr(i18n, "_translation", i18n._translation)    # English again after
    monkeypatch.setattr(i18n, "_current", i18n._current)
    app.set_language(language)
    drawn = uitools.record_labels(monkeypatch)
    app.speech = Heard()
    app.set_read_aloud(True)
    players = min(3, GAMES[game_id].max_players)
    table = uitools.new_table(app, ["human"] + ["easy"] * (players - 1), seed=3, game=game_id)
    assert table.names[0] == YOU[language]
    table.hand_over(0, "easy")
    to_results(app, table, random.Random(3))
    told = [entry.text for entry in table.log.entries]
    kept = table.link.match.kept.kept
    told += [entry.text for entry in replay_all(app, kept)]
    assert main(["replay", str(archive.archive_dir() / f"{kept.name}.json"),
                 "--lang", language]) == 0
    printed = capsys.readouterr().out.splitlines()
    texts = set(drawn) | set(told) | set(app.speech.texts) | set(printed)
    assert any(YOU[language] in text for text in texts)
    bad = {text: found for text in texts if (found := bad_grammar(text, language))}
    assert not bad, "\n".join(f"{text!r}: {found}" for text, found in sorted(bad.items()))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_count_of_one_is_singular_on_the_ladder(app, monkeypatch, language):
    """#38: the solo ladder after one game said "1 games" ("1 Spiele", "1 spellen")."""
    from tentable import store
    from tentable.ladder import Ladder, SoloGame
    monkeypatch.setattr(i18n, "_translation", i18n._translation)    # English again after
    monkeypatch.setattr(i18n, "_current", i18n._current)
    app.set_language(language)
    ladder, _ = Ladder().record(SoloGame("2026-11-23T20:15:00", 5, 1, 20, 15))
    store.save_ladder(ladder)
    drawn = uitools.record_labels(monkeypatch)
    app.push("ladder")
    app.step(wait=False)
    assert any(re.match(r"1 \w", text) for text in drawn), drawn
    bad = {text: found for text in drawn if (found := bad_grammar(text, language))}
    assert not bad, bad
