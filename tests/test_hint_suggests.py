"""The hint suggests a move: the Hard level's, on the seat's determinized copy with Hard's
seed, thought about in the bot worker (here a stand-in thread, and once the real process),
lit in gold and said with a reason (issue 39, item 4)."""
import math
import random
import threading

import pygame
import pytest

import uitools
from tentable import suggest
from tentable.botjobs import Job, bot_for
from tentable.bots import make_bot
from tentable.engine import new_game
from tentable.text import t
from uitools import key, show_position, wait_for

ITERATIONS = 12        # a small Hard: the same choice, quickly


class ThreadWorker:
    """The bot worker's stand-in: each job decided by `bot_for(spec)` on a thread of this
    process, as the worker process decides it; `gate` holds the answers back."""

    def __init__(self):
        self.gate = threading.Event()
        self.gate.set()
        self.specs = []

    def submit(self, spec, state, seat, deadline, clock):
        self.specs.append(spec)
        job = Job(seat, deadline, clock)

        def think():
            job.begin()
            action = bot_for(spec).choose(state)
            self.gate.wait(30)
            job.finish(action)
        threading.Thread(target=think, daemon=True).start()
        return job

    def check(self):
        pass


@pytest.fixture
def worker(monkeypatch):
    fake = ThreadWorker()
    monkeypatch.setattr(suggest, "worker", lambda: fake)
    monkeypatch.setattr(suggest, "ITERATIONS", ITERATIONS)
    monkeypatch.setattr(suggest, "SECONDS", math.inf)
    return fake


def unique_win(state, seat):
    """The one move that wins at once for `seat`, if exactly one does (TL-R6)."""
    wins = []
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply(action)
        if trial.is_over and trial.winners() == [seat]:
            wins.append(action)
    return wins[0] if len(wins) == 1 else None


def position(game, seed):
    """A position of `game` where seat 0 (the human) chooses among several moves, reached
    by random play. TEN tiles (open game, TL-R2): one where exactly one move makes ten,
    which the Hard search takes whatever its time (its choice does not hang on the load)."""
    options = {"open": True} if game == "tentiles" else {}
    for attempt in range(400):
        state = new_game(game, 2, seed + attempt, options)
        rng = random.Random(seed + attempt)
        stop = rng.randrange(4, 40)
        for _ in range(200):
            if state.is_over:
                break
            mine = state.current_player == 0 and len(state.legal_actions()) > 1
            if mine and len(state.history) >= stop and (
                    game != "tentiles" or unique_win(state, 0)):
                return state, options
            state.apply(state.random_action(rng))
    raise AssertionError(f"no position found for {game}")


def open_at(app, game, state, options, seed=7):
    table = uitools.new_table(app, ["human", "easy"], seed=seed, game=game, **options)
    show_position(table, state)
    app.step(wait=False)
    assert table.my_turn
    return table


def hard_choice(state, seed, seat=0):
    """What the Hard level plays here with the suggestion's seeds."""
    copy = state.determinize(seat, suggest.copy_seed(len(state.history), seat))
    bot = make_bot("hard", state.view(None)["game"], seat, suggest.bot_seed(seed, seat),
                   time_limit=math.inf, iterations=ITERATIONS)
    return bot.choose(copy)


@pytest.mark.parametrize("game", ["ten", "takethat", "elfer", "retro10", "tentiles"])
def test_the_hint_suggests_the_hard_levels_move_and_says_why(app, worker, game):
    state, options = position(game, 11)
    table = open_at(app, game, state, options)
    expected = hard_choice(state.clone(), 7)
    key(app, pygame.K_h)
    assert table.hinting and table.suggestion is not None
    wait_for(app, lambda: table.suggestion.done)
    uitools.step(app)
    action = table.suggested()
    assert action in table.legal_actions()
    assert action == expected
    assert worker.specs[-1][:2] == ("hard", game)
    line = table.suggestion_line()
    assert line is not None and table.words.move(action) in line
    assert "why." not in line and "{" not in line          # worded, not a key
    assert table.suggestion_marks(action), "the suggested move is lit somewhere"
    assert table.suggestion_rect.w > 0                       # the line was drawn
    # it covers nothing of the game: it stands where the log is, as a moment's banner
    assert table.log.rect.contains(table.suggestion_rect)
    cards = [sprite.rect for sprite in table.cards.sprites.values()]
    assert not [r for r in cards + [table.status_rect] if r.colliderect(table.suggestion_rect)]


def test_while_hard_thinks_the_legal_moves_are_lit_and_the_table_says_so(app, worker):
    state, options = position("takethat", 3)
    table = open_at(app, "takethat", state, options)
    worker.gate.clear()
    key(app, pygame.K_h)
    uitools.step(app, 3)
    assert table.hint_marks() and table.suggested() is None
    assert table.suggestion_line() == t("hint.thinking")
    worker.gate.set()
    wait_for(app, lambda: table.suggestion.done)
    assert table.suggested() in table.legal_actions()
    key(app, pygame.K_h)                       # asked again: the same answer, not a new job
    assert len(worker.specs) == 1


def test_the_line_is_in_the_players_language(app, worker):
    from tentable import i18n
    state, options = position("ten", 5)
    table = open_at(app, "ten", state, options)
    key(app, pygame.K_h)
    wait_for(app, lambda: table.suggestion.done)
    i18n.set_language("de")
    try:
        line = table.suggestion_line()
        assert line.startswith("Tipp: ")
    finally:
        i18n.set_language("en")


def test_the_real_worker_process_thinks_the_same_move(monkeypatch):
    """Through the bot worker process itself (the spec with its iteration count)."""
    from tentable import botjobs
    from tentable.sim import computers
    monkeypatch.setattr(suggest, "ITERATIONS", ITERATIONS)
    monkeypatch.setattr(suggest, "SECONDS", math.inf)
    state, _ = position("takethat", 9)
    match = computers("takethat", ["easy", "easy"], 7)
    match.set_position(state)
    try:
        suggestion = suggest.Suggestion(match, 0)
        assert suggestion.job.done.wait(60)
        assert suggestion.action == hard_choice(state.clone(), 7)
    finally:
        botjobs.shutdown()


@pytest.mark.parametrize("game", ["ten", "takethat", "elfer", "retro10", "tentiles"])
def test_every_reason_is_a_text_of_the_table_worded_in_every_language(game):
    """Over random positions, each legal move's reason is a key of the text table, and its
    cards and seats come out in words (no placeholder, no engine notation left)."""
    from tentable import i18n
    from tentable.bots.explain import why
    from tentable.narration import said, words_for
    from tentable.text import STRINGS
    words, names = words_for(game), ["You", "Ana"]
    keys = set()
    for n in range(8):
        state, _ = position(game, 100 + n)
        for action in list(state.legal_actions())[:40]:
            key, values = why(state, 0, action)
            assert key in STRINGS, (key, action)
            keys.add(key)
            for language in ("en", "de", "nl"):
                i18n.set_language(language)
                text = said(words, key, values, names)
                assert "{" not in text and "Term(" not in text, (language, key, text)
            i18n.set_language("en")
    assert len(keys) >= 3, keys
