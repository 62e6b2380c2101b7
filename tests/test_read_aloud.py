"""Reading aloud at the table and in the settings (#25), driven by real events: a refusal
is said with the toast's reason, every move as the log tells it, whose turn it is when it
changes, a moment's banner, the end of the game and who won; nothing at all (no thread,
no command) while the setting is off; the settings row turns it on at once and keeps it.
"""
import random
import threading

import pygame
import pytest

from tentable import i18n, speech, store
from tentable.speech import NEWS, NOW, TURN, Speaker
from tentable.text import t
from test_moments import open_table, stacked
from test_table_input import human_turn
from uitools import click, go_on, key, new_table, record_labels, step, wait_for


class Done:
    """A speech command that has finished at once."""

    def __init__(self, argv, data):
        self.argv, self.data = argv, data
        self.returncode = None

    def communicate(self, data=None, timeout=None):
        self.data = data
        self.returncode = 0
        return None, None

    def terminate(self):
        pass

    kill = terminate


class Commands:
    """A stand-in for `subprocess.Popen` that records each command run."""

    def __init__(self):
        self.runs = []
        self.lock = threading.Lock()

    def __call__(self, argv, **kwargs):
        assert "shell" not in kwargs
        process = Done(list(argv), None)
        with self.lock:
            self.runs.append(process)
        return process

    def texts(self):
        with self.lock:
            return [run.data.decode("utf-8") for run in self.runs]


def real_speaker(commands):
    """The real speaker and its thread, with espeak as the platform's speech."""
    return Speaker(find=lambda: speech.Espeak("espeak-ng"), popen=commands)


class Heard(Speaker):
    """A speaker that writes down what it is asked to say (and runs nothing)."""

    def __init__(self):
        super().__init__(find=lambda: speech.Espeak("espeak-ng"), popen=None)
        self.heard = []

    def queue(self, text, level=NEWS):
        self.heard.append((text, level))

    def texts(self):
        return [text for text, _ in self.heard]


@pytest.fixture
def heard(app):
    app.speech = Heard()
    app.set_read_aloud(True)
    return app.speech


def bot_lines(table, seat, since):
    """The log's lines told about `seat` since entry number `since` was added."""
    new = table.log.added - since
    return [entry.text for entry in table.log.entries[-new:]
            if table.names[seat] in entry.text] if new > 0 else []


# -- at the table -----------------------------------------------------------------------------
def test_the_first_frame_says_whose_turn_it_is(app, heard):
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    step(app)
    first = table.link.match.current_player
    expected = t("table.your_turn") if first == 0 else t("table.turn_of",
                                                         name=table.names[first])
    assert heard.heard[0] == (expected, TURN if first == 0 else NEWS)


def test_a_refused_click_is_read_aloud_with_its_reason(app, heard):
    """TT-R6: the row may not be taken while it is empty: the toast's words, said at once."""
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(2), 0, lambda table: "take" not in table.legal())
    reason = table.why_not("take")
    heard.heard.clear()
    click(app, table.take_button.rect.center)
    assert (reason, NOW) in heard.heard
    assert any(toast.text == reason for toast in app.toasts.items)


def test_a_refused_key_is_read_aloud(app, heard):
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(1), 0, lambda table: table.forced is None)
    heard.heard.clear()
    key(app, pygame.K_RETURN)                  # Enter with nothing picked
    assert heard.heard == [(t("table.pick_first"), NOW)]


def test_each_move_and_the_turn_are_read_aloud(app, heard):
    """My move and whose turn it is now; then the computer's move, as the log tells it,
    and "Your turn", which may cut off what is stale."""
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(3), 0, lambda table: table.forced is None)
    heard.heard.clear()
    mark = table.log.added
    assert table.submit(table.legal_actions()[0])
    mine = table.log.entries[-1].text
    assert mine.startswith("You ")
    assert heard.heard == [(speech.joined([mine, t("table.turn_of", name=table.names[1])]),
                            NEWS)]
    wait_for(app, lambda: table.my_turn or table.link.match.is_over)
    text, level = heard.heard[-1]
    moves = bot_lines(table, 1, mark)
    assert moves and all(line in text for line in moves), (moves, text)
    assert text.endswith(t("table.your_turn")) and level == TURN


def test_the_computer_to_move_after_the_computer_is_named(app, heard):
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=2, game="takethat")
    human_turn(app, table, random.Random(3), 0, lambda table: table.forced is None)
    heard.heard.clear()
    table.submit(table.legal_actions()[0])
    wait_for(app, lambda: table.my_turn or table.link.match.is_over)
    said = " ".join(heard.texts())
    assert t("table.turn_of", name=table.names[1]) in said
    assert t("table.turn_of", name=table.names[2]) in said


def test_a_moment_is_read_aloud_with_its_button(app, heard):
    """TEN-R4: you bust: the banner's words are said, then the turn once you go on."""
    table = open_table(app, "ten", ["human", "heuristic"], stacked(["B9", "G5"]))
    key(app, pygame.K_f)
    key(app, pygame.K_f)
    assert table.moments
    said = heard.texts()[-1]
    assert "You flip green 5 and bust" in said and said.endswith(t("moment.go_on"))
    assert said.count("You flip green 5 and bust") == 1      # the log's line, once
    assert t("table.turn_of", name=table.names[1]) not in said   # not while it holds
    go_on(app, table)
    assert t("table.turn_of", name=table.names[1]) in heard.texts()[-1]


def test_hot_seat_reads_who_to_pass_to_and_whose_turn(app, heard):
    table = new_table(app, ["human", "human"], seed=4, game="takethat")
    step(app)
    assert table.curtain == 0
    assert heard.heard[-1] == (t("table.pass_title", name=table.names[0]), TURN)
    key(app, pygame.K_RETURN)
    assert heard.heard[-1] == (t("table.your_turn_named", name=table.names[0]), TURN)


def test_the_end_of_the_game_and_who_won_are_read_aloud(app, heard):
    table = new_table(app, ["human", "heuristic"], seed=5, game="takethat", rounds=1)
    rng = random.Random(5)
    while not table.link.match.is_over:
        wait_for(app, lambda: table.my_turn or table.link.match.is_over or table.moments)
        if table.moments:
            go_on(app, table)
        elif table.my_turn:
            table.submit(rng.choice(table.legal_actions()))
    go_on(app, table)
    said = " ".join(heard.texts())
    assert t("table.over") in said
    wait_for(app, lambda: type(app.top).__name__ == "ResultsScene")
    assert heard.texts()[-1].startswith(app.top.headline())


def test_nothing_is_read_and_no_thread_starts_with_the_setting_off(app):
    commands = Commands()
    app.speech = real_speaker(commands)
    assert app.settings["read_aloud"] is False      # the default
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(2), 2, lambda table: "take" not in table.legal())
    click(app, table.take_button.rect.center)       # a refusal
    key(app, pygame.K_RETURN)
    step(app, 10)
    assert commands.runs == [] and not app.speech.started


def test_a_refusal_reaches_the_speech_command_in_the_apps_language(app):
    """Through the real thread: the reason goes to the command's stdin; the voice is the
    app's language."""
    commands = Commands()
    app.speech = real_speaker(commands)
    app.set_read_aloud(True)
    table = new_table(app, ["human", "heuristic"], seed=4, game="takethat")
    human_turn(app, table, random.Random(2), 0, lambda table: "take" not in table.legal())
    reason = table.why_not("take")
    click(app, table.take_button.rect.center)
    assert app.speech.wait_idle()
    assert reason in commands.texts()
    assert all(run.argv[:3] == ["espeak-ng", "-v", "en"] for run in commands.runs)
    try:
        app.set_language("de")
        table = app.top
        step(app, 2)
        assert app.speech.wait_idle()
        assert commands.runs[-1].argv[:3] == ["espeak-ng", "-v", "de"]
        assert commands.texts()[-1] == "Du bist dran"      # said again, in German
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game", ["takethat", "elfer", "retro10", "ten", "tentiles"])
@pytest.mark.parametrize("seats", [["human", "heuristic"], ["human", "human"]])
def test_every_game_reads_aloud_as_it_is_played(app, heard, game, seats):
    """Moves, turns, only moves, moments and curtains of every game, read by the one hook
    of the table base: every text said is whole, and the turns are said."""
    table = new_table(app, seats, seed=7, game=game)
    rng = random.Random(7)
    turns = 0
    for _ in range(40):
        if table.link.match.is_over:
            break
        before = table.link.match.current_player
        if table.curtain is not None:
            key(app, pygame.K_RETURN)
        elif table.moments:
            go_on(app, table)
        elif table.my_turn:
            table.submit(rng.choice(table.legal_actions()))
        else:
            step(app)
            if table.link.match.job is not None:
                table.link.match.job.done.wait(0.05)
        turns += table.link.match.current_player != before
    assert heard.heard and turns
    for text, level in heard.heard:
        assert text and level in (NEWS, TURN, NOW)
        assert "{" not in text and "None" not in text, text    # every placeholder filled
    assert sum(level == TURN for _, level in heard.heard) >= 1


@pytest.mark.parametrize("game,step_key", [("takethat", pygame.K_RIGHT),
                                           ("elfer", pygame.K_RIGHT),
                                           ("retro10", pygame.K_RIGHT),
                                           ("tentiles", pygame.K_TAB)])
def test_the_card_the_keys_pick_is_read_aloud(app, heard, game, step_key):
    """Picking by keys alone: each card the keys come to is named at once, in the game's
    words, cutting off the one before it."""
    options = {"open": True} if game == "tentiles" else {}    # both ends of a row to pick
    table = new_table(app, ["human", "heuristic"], seed=5, game=game, **options)
    human_turn(app, table, random.Random(5), 2, lambda table: len(table.picks) > 1)
    named = []
    for _ in range(2):
        heard.heard.clear()
        key(app, step_key)
        assert table.selected is not None
        named.append(table.selected)
        assert heard.heard == [(table.words.card(table.selected), NOW)]
    assert named[0] != named[1] or len(table.playable_picks()) == 1


def test_the_end_of_the_open_row_taken_by_keys_is_read_aloud(app, heard):
    """TL-R2: L and R take an end of the open row; the tile is named."""
    table = new_table(app, ["human", "heuristic"], seed=5, game="tentiles", open=True)
    human_turn(app, table, random.Random(5), 0, lambda table: len(table.picks) > 1)
    for letter in (pygame.K_r, pygame.K_l):
        heard.heard.clear()
        key(app, letter)
        assert heard.heard == [(table.words.card(table.selected), NOW)]


def test_the_market_card_the_keys_come_to_is_read_aloud(app, heard):
    """TEN-R10: buying by keys, each market card the arrows come to is named."""
    table = new_table(app, ["human", "heuristic"], seed=3, game="ten")
    human_turn(app, table, random.Random(3), 0,
               lambda table: table.buying() and len(table.market_codes()) > 1)
    for arrow in (pygame.K_RIGHT, pygame.K_RIGHT):
        heard.heard.clear()
        key(app, arrow)
        assert heard.heard == [(table.words.card(table.cursor), NOW)]


# -- the settings -------------------------------------------------------------------------------
def settings_row(app):
    scene = app.push("settings")
    return scene, dict(scene.rows)["read_aloud"]


def test_the_settings_row_turns_reading_aloud_on_at_once_and_keeps_it(app):
    commands = Commands()
    app.speech = real_speaker(commands)
    scene, row = settings_row(app)
    assert row.enabled and row.value is False and [v for v, _ in row.choices] == [False, True]
    click(app, row.rects[1].center)                     # On
    assert app.settings["read_aloud"] is True and app.speech.enabled
    assert app.speech.wait_idle()
    assert commands.texts() == ["Read aloud: On"]       # heard at once
    click(app, scene.done.rect.center)
    assert store.load_settings()[0]["read_aloud"] is True
    scene, row = settings_row(app)
    assert row.value is True
    click(app, row.rects[0].center)                     # Off
    assert app.settings["read_aloud"] is False and not app.speech.enabled
    app.pop()
    assert store.load_settings()[0]["read_aloud"] is False


def test_the_settings_row_says_when_this_computer_cannot_read_aloud(app, monkeypatch):
    app.speech = Speaker(find=lambda: None)
    drawn = record_labels(monkeypatch)
    scene, row = settings_row(app)
    app.invalidate()
    step(app)
    assert not row.enabled and row.choices == [(False, t("aloud.unavailable"))]
    assert t("aloud.unavailable") in drawn
    click(app, row.rects[0].center)
    assert app.settings["read_aloud"] is False and not app.speech.started


def test_a_saved_on_starts_reading_aloud_with_the_app(tmp_path, monkeypatch):
    from tentable.ui.app import App
    from uitools import FakeClock
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    store.save_settings({**store.DEFAULT_SETTINGS, "read_aloud": True})
    monkeypatch.setattr(speech, "find_backend", lambda **kw: speech.Espeak("espeak-ng"))
    app = App(size=(1280, 720), clock=FakeClock())
    try:
        assert app.speech.enabled and not app.speech.started   # no thread before a word
    finally:
        app.close()


@pytest.mark.parametrize("value, kept", [(True, True), (False, False), ("yes", False),
                                         (1, False), (None, False), ([True], False)])
def test_a_garbage_read_aloud_setting_is_off(value, kept):
    assert store.clean_settings({"read_aloud": value})["read_aloud"] is kept
    assert store.clean_settings({})["read_aloud"] is False
