"""A spectator's table (issue #41, item 6): the spectators' invite, pasted as any invite
(`join.open_seat`), opens a read-only table of the hosted game: it takes no gesture (no
move, no undo, no question to the host), shows no card that is not public (TT-R2: hands
are private, to a spectator every hand), tells the game in its log and ends on the
host's results. A real `Host` on 127.0.0.1 pacing two computer seats; every wait bounded.
"""
import threading

import pygame

from nettools import WAIT, hosting, match_of
from test_net_games import check_stream
from test_remote_table import TABLE, drawn_face_up, drew_nothing_hidden, ended
from tentable.engine import replay
from tentable.net.remote import RemoteSeat
from tentable.ui.scenes.join import open_seat
from tentable.ui.scenes.menu import MenuScene
from tentable.ui.scenes.results import ResultsScene
from uitools import click, key, post, step


def gestures(app, table) -> None:
    """Everything a player would try: keys that play, take, twist, undo; clicks on the
    cards and the table's buttons."""
    for k in (pygame.K_RETURN, pygame.K_t, pygame.K_r, pygame.K_SPACE, pygame.K_RIGHT):
        key(app, k)
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    app.step(wait=False)
    for sprite in list(table.cards.sprites.values())[:6]:
        click(app, sprite.rect.center)
    for button in table.buttons:
        click(app, button.rect.center)


def test_a_spectator_watches_two_computers_to_the_end_seeing_only_what_is_public(
        app, monkeypatch):
    seed = 7_707_113
    match = match_of("takethat", ("easy", "easy"), seed, {"rounds": 1})
    frames = drawn_face_up(monkeypatch)
    tried: list[str] = []
    for name in ("submit", "undo", "ask_soon", "ask"):
        monkeypatch.setattr(RemoteSeat, name, lambda self, *a, _n=name, **k: tried.append(_n))
    opened: list[RemoteSeat] = []
    real_connect = RemoteSeat.connect
    monkeypatch.setattr(RemoteSeat, "connect",
                        lambda self: opened.append(self) or real_connect(self))
    with hosting(pace=0.02) as thread:
        room = thread.call(thread.host.open_room, match)
        invites = room.invites()
        assert list(invites) == [None]              # no seat a person plays: watchers only
        table = open_seat(app, invites[None].line())
        TABLE["table"] = table
        watcher = opened[0]
        try:
            assert table.link.seat is None and table.session.humans == []
            app.reset(table)
            signal = threading.Event()
            for n in range(20_000):
                if isinstance(app.top, ResultsScene):
                    break
                step(app)
                if app.top is table and n % 40 == 0 and not table.game_over:
                    gestures(app, table)
                    assert not table.my_turn and table.legal() == set()
                signal.wait(0.005)
            else:
                raise AssertionError("the watched game never ended")
            record, history = ended(thread, match)
        finally:
            TABLE.clear()
            table.close()
    assert tried == [], f"a spectator's table tried {sorted(set(tried))}"
    assert not table.undo.shown
    start = {**record, "history": []}
    check_stream(start, history, None, watcher.received, [])
    # what the table drew: no card face up that a spectator could not see
    assert len(frames) > len(history) // 2
    drew_nothing_hidden(frames, start, history, None, watcher.received)
    log = [entry.text for entry in table.log.entries]
    assert sum(text.startswith(("P0 ", "P1 ")) for text in log) >= len(history) // 2
    results = app.top
    assert results.scores == replay(record).scores()
    # not this computer's game to deal again: the results offer the board and the menu
    assert results.again not in results.buttons and results.menu in results.buttons
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, (ResultsScene, type(table), MenuScene)) and \
        not (isinstance(app.top, type(table)) and app.top is not table)
