"""Learn to play (#43), below the window: every script replays through the engine to its
end as it says, reaches every rule its header lists, and the learner's place is kept."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tentable import store, tutorial
from tentable.engine.takethat_moves import TAKE, play, twist

SCRIPTS = sorted(path.stem for path in tutorial.FOLDER.glob("*.yaml"))


def test_there_is_a_script_for_take_that():
    assert "takethat" in SCRIPTS


@pytest.mark.parametrize("game_id", SCRIPTS)
def test_every_script_replays_through_the_engine_as_it_says(game_id):
    """Each step legal where it stands, by the seat it names; the learner's view after it
    what the script expects; every rule of the header reached; the game over at its end."""
    script = tutorial.load(game_id)
    assert tutorial.check(script) == []
    assert script.position(len(script.steps)).is_over
    assert all(step.expect for step in script.steps)        # every step is checked


@pytest.mark.parametrize("game_id", SCRIPTS)
def test_every_header_rule_is_one_a_check_knows_and_in_the_digest(game_id):
    script = tutorial.load(game_id)
    assert script.rules and set(script.rules) <= set(tutorial.REACHED)
    # a first game of 3-6 minutes: a dozen moves of the learner's at most (TEN's and
    # 10 Retro's computer moves are steps of their own, played at the table's pace)
    assert sum(step.learner for step in script.steps) <= 12, "a first game of 3-6 minutes"


def broken(script: tutorial.Script, n: int, **changes) -> tutorial.Script:
    steps = list(script.steps)
    steps[n] = replace(steps[n], **changes)
    return replace(script, steps=tuple(steps))


def test_a_planted_illegal_move_is_found():
    script = tutorial.load("takethat")
    # step 5 (the learner's 45 on 39): 98 is no card within 10 of 39 (TT-R4)
    problems = tutorial.check(broken(script, 4, moves=(play(98),)))
    assert problems and "step 5" in problems[0] and "not legal" in problems[0]


def test_a_planted_wrong_expectation_is_found():
    script = tutorial.load("takethat")
    problems = tutorial.check(broken(script, 2, expect={"row": [34, 41]}))
    assert problems == ["step 3: the view's row is [34], the script says [34, 41]"]


def test_a_header_rule_no_step_reaches_is_found():
    """TT-R5 (twist) claimed by no step: the header's list is not covered."""
    script = tutorial.load("takethat")
    steps = tuple(replace(step, rules=tuple(r for r in step.rules if r != "TT-R5"))
                  for step in script.steps)
    problems = tutorial.check(replace(script, steps=steps))
    assert problems == ["TT-R5 is in the header, and no step reaches it"]


def test_a_step_claiming_a_rule_it_does_not_play_is_found():
    """Step 1 (the first card, on an empty row) does not teach TT-R6 (take)."""
    script = tutorial.load("takethat")
    problems = tutorial.check(broken(script, 0, rules=("TT-R7", "TT-R6")))
    assert problems == ["step 1 claims TT-R6, which did not happen in it"]


def test_a_missing_text_key_is_found():
    script = tutorial.load("takethat")
    problems = tutorial.check(broken(script, 0, say="tutorial.takethat.nothing"))
    assert problems == ["step 1: no text 'tutorial.takethat.nothing'"]


def test_the_script_is_data_in_the_engines_notation():
    """The moves are built by the game's move helpers: `take` is TAKE, {twist: 14}
    is twist(14)."""
    steps = tutorial.load("takethat").steps
    assert steps[0].move == play(34) and steps[2].move == twist(14)
    assert TAKE in [step.move for step in steps]


def test_the_taught_move_and_the_friendly_refusal(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    lesson = tutorial.Tutorial(tutorial.load("takethat"))
    assert lesson.at == 0 and lesson.taught() == play(34)
    assert lesson.refusal(play(34)) is None
    assert lesson.refusal(play(45)) == ("tutorial.not_now", {"taught": play(34)})
    lesson.advance()                                    # the computer's step now
    assert lesson.taught() is None and lesson.refusal(play(45))[0] == "tutorial.wait"


def test_the_place_is_kept_and_a_step_back_is_the_learners_before(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    script = tutorial.load("takethat")
    lesson = tutorial.Tutorial(script)
    for _ in range(4):
        lesson.advance()
    assert store.tutorial_step("takethat") == 4
    again = tutorial.Tutorial(script)                   # left and came back
    assert again.at == 4 and again.taught() == play(45)
    assert again.session().history == script.moves_before(4)
    assert again.back() == 2 and again.taught() == twist(14)   # over the computer's 41
    assert again.back() == 0 and again.back() == 0
    again.forget()
    assert store.tutorial_step("takethat") is None
    assert tutorial.Tutorial(script).at == 0


def test_a_damaged_place_file_starts_the_tutorial_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    store.tutorials_path().write_text('{"version": 1, "steps": {"takethat": "x"}}')
    assert tutorial.Tutorial(tutorial.load("takethat")).at == 0


def test_a_computer_step_told_in_the_learners_words_is_found():
    """Robin's step (2) with the learner's bubble, which has only its "you" form: the
    table would show the key."""
    script = tutorial.load("takethat")
    problems = tutorial.check(broken(script, 1, say="tutorial.takethat.first"))
    assert problems == ["step 2: no text 'tutorial.takethat.first'"]


def test_a_gesture_of_several_moves_is_taught_whole():
    """TEN's buy is one press of Pay: the buy and its payment, every move of it."""
    script = tutorial.load("ten")
    at = next(i for i, s in enumerate(script.steps) if s.learner and s.move == "buy O4")
    lesson = tutorial.Tutorial(script, at, keep=False)
    gesture = list(script.steps[at].moves)
    assert gesture == ["buy O4"] + ["pay t"] * 4
    assert lesson.refusal(gesture) is None
    assert lesson.refusal(gesture[:-1])[0] == "tutorial.not_now"     # paid short
    assert lesson.refusal(["buy B6", "pay t"] + ["pay t"] * 4)[0] == "tutorial.not_now"


def test_a_planted_wrong_payment_is_found():
    """TEN-R12: the joker won for 2 paid with 3 tokens: the third is no move there."""
    script = tutorial.load("ten")
    at = next(i for i, s in enumerate(script.steps) if s.learner and s.move == "pay t")
    problems = tutorial.check(broken(script, at, moves=("pay t",) * 3))
    assert problems and f"step {at + 1}" in problems[0] and "not legal" in problems[0]


def test_a_ten_step_claiming_a_bust_that_is_no_bust_is_found():
    """Step 3 (the learner stops with the money) is no bust (TEN-R5)."""
    script = tutorial.load("ten")
    problems = tutorial.check(broken(script, 2, rules=("TEN-R6", "TEN-R5")))
    assert problems == ["step 3 claims TEN-R5, which did not happen in it"]


def test_a_planted_broken_elfer_step_is_found():
    """Elfer raus!: the yellow 9 itself after the connection card (step 6), which the
    learner does not hold (ER-R8 asks for it or a joker); the bonus (ER-R10) claimed by
    the last card, which completes no half-row."""
    from tentable.engine.elfer_moves import play
    script = tutorial.load("elfer")
    problems = tutorial.check(broken(script, 5, moves=(play("Y9"),)))
    assert problems and problems[-1].startswith("step 6: 'play Y9' is not legal here")
    problems = tutorial.check(broken(script, 11, rules=("ER-R10", "ER-R13", "ER-R14")))
    assert problems == ["step 12 claims ER-R10, which did not happen in it"]


def test_elfer_s_computer_draws_only_when_nothing_fits():
    """The script's Robin is told as drawing for want of a card (ER-R11): at each of its
    draws, and the learner's, no card or connection card of the drawer's fits."""
    script = tutorial.load("elfer")
    state, draws = script.position(0), 0
    for move in script.moves_before(len(script.steps)):
        if move == "draw":
            draws += 1
            assert [a for a in state.legal_actions() if a.split()[0] != "draw"] == []
        state.apply(move)
    assert draws == 5
