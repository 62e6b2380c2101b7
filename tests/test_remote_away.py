"""A friend away and back at a remote table (issue #41, item 5): a real `Host` on 127.0.0.1
tells every seat when a friend's connection drops ("away") and when they reconnect with
the same invite ("back"); the table shows it at their seat, in the status line on their
turn and in the log, and says when the host's computer plays for them meanwhile. Take
That (TT-R4…R10) played by real key events; every wait bounded."""
import random
import threading

import pygame

from nettools import WAIT, hosting, match_of
from test_takethat_table import play_by_keys
from tentable.net.link import RemoteLink
from tentable.net.remote import RemoteSeat
from tentable.ui.scenes import table_for
from tentable.ui.widgets import seatpanel
from uitools import key, step


def drawn_seat_lines(monkeypatch) -> list[str]:
    """The name and score lines every seat panel drew, in order."""
    lines: list[str] = []
    real = seatpanel.fit

    def fit(text, *args, **kwargs):
        lines.append(text)
        return real(text, *args, **kwargs)
    monkeypatch.setattr(seatpanel, "fit", fit)
    return lines


def frames_until(app, table, signal, condition, rng, frames=3000) -> int:
    """Step the app (playing the seat at the screen by keys on its turn) until
    `condition()`; how many moves were played. AssertionError if it never holds."""
    moves = 0
    for _ in range(frames):
        if condition():
            return moves
        signal.clear()
        step(app)
        if table.moments:
            key(app, pygame.K_RETURN)
        elif table.my_turn and not table.forced:
            play_by_keys(app, table, rng.choice(sorted(table.legal())))
            moves += 1
        else:
            signal.wait(0.02)
    raise AssertionError("never came to pass at the remote table")


def test_a_friend_away_and_back_is_shown_at_their_seat_and_in_the_log(app, monkeypatch):
    match = match_of("takethat", ("human", "human"), 4, {"rounds": 1})
    lines = drawn_seat_lines(monkeypatch)
    rng = random.Random(4)
    signal = threading.Event()
    with hosting(away_after=0, rate=1e6, burst=10**6) as thread:
        room = thread.call(thread.host.open_room, match)
        invites = room.invites()
        mine = RemoteSeat(invites[0], signal=signal, timeout=WAIT).connect()
        friend = RemoteSeat(invites[1], signal=signal, timeout=WAIT).connect()
        back = RemoteSeat(invites[1], signal=signal, timeout=WAIT)
        try:
            link = RemoteLink(mine)
            table = table_for("takethat")(app, link.session, link)
            app.reset(table)
            step(app, 3)
            assert lines and not any("away" in line for line in lines)
            log = lambda: [entry.text for entry in table.log.entries]     # noqa: E731
            friend.close()                          # the friend's line drops
            frames_until(app, table, signal, lambda: "P1 is away" in log(), rng)
            assert link.away == {1}
            # the host's computer plays for them until they are back, and the table says so
            frames_until(app, table, signal, lambda: link.handed == {1}, rng)
            frames_until(app, table, signal, lambda: "The computer plays for P1 until they "
                                                     "are back" in log(), rng)
            del lines[:]
            step(app, 2)
            assert any(line.endswith(" · the computer plays") for line in lines), lines
            assert table.waiting_key(1) == "table.turn_of.helped"
            frames_until(app, table, signal, lambda: any(
                m["type"] == "applied" and m["seat"] == 1 for m in mine.received[-40:]), rng)
            back.connect()                          # the same invite again
            frames_until(app, table, signal, lambda: "P1 is back" in log(), rng)
            assert link.away == set() and link.handed == set()
            told = log()[log().index("P1 is away"):]
            assert "P1 plays again" not in told     # "back" says it
            del lines[:]
            step(app, 2)
            assert lines and not any("away" in line or "computer" in line for line in lines)
            assert table.waiting_key(1) == "table.waiting"
        finally:
            mine.close()
            friend.close()
            back.close()


def test_a_table_on_this_computer_has_nobody_away(app):
    """Hot seat and a game against the computer: no friend away, no word of it."""
    from tentable.link import LocalLink
    assert LocalLink.away == frozenset() and LocalLink.handed == frozenset()
    table = table_for("takethat")(app, match_of("takethat", ("human", "human"), 4).session)
    assert table.waiting_key(1) == "table.waiting" and table.seat_note(1) == ""
