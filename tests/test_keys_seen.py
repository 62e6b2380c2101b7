"""Enter never acts on something the player has not seen yet (#38, trap 4): a new screen,
banner or turn takes keys only after a glance at it, and a key press that closed one thing
is not handed on to the next."""
from collections import Counter
from dataclasses import replace

import pygame

from tentable.bots import make_bot
from tentable.engine.ten_cards import deck_for
from tentable.ui.launch import session_for
from tentable.ui.scenes import table_for
from tentable.ui.scenes.results import ResultsScene
from uitools import key, new_table, pass_time, post, wait_for


def over(app):
    """A Take That round played to its end; the final board is up under its banner."""
    app.settings["moments"] = "wait"
    table = new_table(app, ["human", "heuristic"], seed=6, game="takethat", rounds=1)
    state = table.link.match.state
    while not state.is_over:
        seat = state.current_player
        bot = make_bot("heuristic", "takethat", seat, seed=len(state.history))
        table.play(seat, [bot.choose(state)])
    while table.moments:
        table.go_on()
    pass_time(app, 2.0)
    assert table._final_board and app.top is table
    return table


class Keyboard:
    """`pygame.key.get_pressed()` as a test sets it: these keys are down."""

    def __init__(self, down):
        self.down = down

    def __getitem__(self, key):
        return key in self.down


def enter():
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)


def test_two_quick_enters_open_the_results_and_stay_there(app):
    table = over(app)
    enter()                                  # the final board's "See the results"
    enter()                                  # at once: the results have not been seen
    app.step(wait=False)
    assert isinstance(app.top, ResultsScene)
    app.step(wait=False)
    assert isinstance(app.top, ResultsScene)
    key(app, pygame.K_RETURN)                # once they have been seen: Play again
    assert app.top is not table and not isinstance(app.top, ResultsScene)


def test_an_enter_held_down_does_not_go_on_to_the_next_screen(app, monkeypatch):
    """The key's repeats belong to the press that opened the results; only a new press
    (after it was let go) acts on them."""
    table = over(app)
    down = {pygame.K_RETURN}                 # what the keyboard says is held down now
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Keyboard(down))
    enter()
    app.step(wait=False)
    assert isinstance(app.top, ResultsScene)
    for _ in range(20):                      # the key repeats, long after the glance
        app.clock.advance(0.05)
        enter()
        app.step(wait=False)
    assert isinstance(app.top, ResultsScene)
    down.clear()                             # let go: the last repeat and the release
    enter()                                  # come in one batch, the key already up
    post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    app.step(wait=False)
    assert isinstance(app.top, ResultsScene)
    key(app, pygame.K_RETURN)
    assert app.top is not table and not isinstance(app.top, ResultsScene)


def test_an_enter_meant_for_a_banner_that_went_by_itself_does_not_bid(app):
    """ "Go on by itself": Ben's banner ("Ben wins the joker 1 for 2") goes after 3 s; his
    Enter comes a moment late, when the next joker's auction already waits for his bid.
    It bids nothing; once he has seen the auction, Enter bids (TEN-R11)."""
    rest = Counter(deck_for(2))
    rest.subtract(["W1", "W2"])
    session = replace(session_for("ten", ["human", "human"], 3, {}),
                      deck=["W1", "W2"] + sorted(rest.elements()))
    app.settings["moments"] = "auto"
    table = table_for("ten")(app, session)
    app.reset(table)
    state = table.link.match.state
    wait_for(app, lambda: state.phase == "auction" and table.my_turn)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)                 # Ben bids 2
    key(app, pygame.K_p)                      # the other seat passes
    assert table.moments                      # "Ben wins the joker 1 for 2"
    wait_for(app, lambda: not table.moments and table.my_turn
             and state.phase == "auction" and len(state.history) == 6)
    history = list(state.history)
    enter()                                   # meant for the banner, a moment late
    app.step(wait=False)
    assert state.history == history
    key(app, pygame.K_RETURN)                 # seen: Enter bids
    assert state.history[-1].startswith("bid")
