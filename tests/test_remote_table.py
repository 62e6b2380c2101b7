"""A table opened on a seat another computer hosts (issue #41, item 2): a real `Host` on
127.0.0.1, the Take That table on a `RemoteLink` under the SDL dummy driver, played by
real key and mouse events against a second remote client and a computer the host paces.
What the table drew is checked against the host's game replayed: each frame it showed a
view the host sent this seat, and no card face up that the seat could not see (TT-R2:
hands are private), and every frame the seat received passes the network games' checks.
"""
import asyncio
import random
import threading
from contextlib import contextmanager

import pygame

from nettools import WAIT, hosting, match_of, seats_of
from test_net_games import check_stream
from test_takethat_table import play_by_keys, play_by_mouse
from tentable.engine import replay
from tentable.net.host import Host, HostThread
from tentable.net.link import RemoteLink
from tentable.net.remote import RemoteSeat
from tentable.ui.scenes import table_for
from tentable.ui.scenes.results import ResultsScene
from tentable.ui.widgets.spritesync import SpriteSync
from uitools import key, step


def drawn_face_up(monkeypatch):
    """Every frame's face-up cards as the table drew them, with the last message the
    table had taken then (`RemoteLink._seen`) and the view it drew."""
    frames = []
    real = SpriteSync.draw

    def draw(self, surface, *args, **kwargs):
        real(self, surface, *args, **kwargs)
        table = pygame.display.get_surface() and TABLE.get("table")
        if table is not None and self is table.cards:
            frames.append((table.link._seen, table.view,
                           {k for k, s in self.sprites.items() if s.face_up}))
    monkeypatch.setattr(SpriteSync, "draw", draw)
    return frames


TABLE: dict = {}


def hidden_by_seq(record, history, seat, messages):
    """For each message number, the cards the seat could not see before nor after the
    last gesture told by then (a card drawn or dealt in it may show in its views)."""
    state, used, out = replay(record), 0, {}
    secret = state.hidden_cards(seat)
    for message in messages:
        if message["type"] == "applied":
            before = state.hidden_cards(seat)
            for action in history[used:used + len(message["actions"])]:
                state.apply(action)
            used += len(message["actions"])
            secret = before & state.hidden_cards(seat)
        out[message["seq"]] = secret
    return out


def test_a_table_on_a_remote_seat_plays_a_whole_take_that_game_by_events(app, monkeypatch):
    """TT-R4…R10 at a table whose game is on another computer: the moves go by keys and
    mouse as at home, and the table shows only what its seat may see (TT-R2)."""
    seed = 2_718
    match = match_of("takethat", ("human", "human", "easy"), seed, {"rounds": 1})
    frames = drawn_face_up(monkeypatch)
    rng = random.Random(seed)
    with hosting(rate=1e6, burst=10**6) as thread:
        room = thread.call(thread.host.open_room, match)
        invites = room.invites()
        signal = threading.Event()
        mine = RemoteSeat(invites[0], signal=signal, timeout=WAIT).connect()
        friend = RemoteSeat(invites[1], signal=signal, timeout=WAIT).connect()
        try:
            link = RemoteLink(mine)
            assert link.seat == 0 and link.session.humans == [0]
            table = table_for("takethat")(app, link.session, link)
            TABLE["table"] = table
            app.reset(table)
            app.step(wait=False)
            moves = 0
            for _ in range(20_000):
                if isinstance(app.top, ResultsScene):
                    break
                signal.clear()
                step(app)
                if app.top is not table:
                    continue
                if table.moments:
                    step(app, 30)
                    key(app, pygame.K_RETURN)
                    continue
                if table.my_turn and not table.forced:
                    action = rng.choice(sorted(table.legal()))
                    (play_by_keys if moves % 2 else play_by_mouse)(app, table, action)
                    moves += 1
                    continue
                view = friend.view
                if view.get("current_player") == 1 and view.get("legal_actions") \
                        and not any(m["type"] == "game_over" for m in friend.received):
                    mark = friend.last_seq
                    friend.submit([rng.choice(view["legal_actions"])])
                    friend.wait_for(lambda: friend.last_seq != mark, WAIT)
                    continue
                signal.wait(0.02)
            else:
                raise AssertionError("the game never ended at the remote table")
            record, history = ended(thread, match)
        finally:
            TABLE.clear()
            mine.close()
            friend.close()
    assert moves > 5
    start = {**record, "history": []}
    check_stream(start, history, 0, mine.received, [invites[1].secret, invites[None].secret])
    assert not [n for n in mine.notices if n.get("type") == "refused"], mine.notices
    # what the table drew: views the host sent, and no card face up the seat could not see
    sent = [m.get(part) for m in mine.received for part in ("view", "before", "after")]
    sent += [step_view for m in mine.received for step_view in m.get("steps", [])]
    assert len(frames) > moves
    assert all(view in sent for _, view, _ in frames), "the table drew a view never sent"
    drew_nothing_hidden(frames, start, history, 0, mine.received)
    # the results are the host's
    assert app.top.scores == thread_scores(record)


def drew_nothing_hidden(frames, start, history, seat, messages):
    """No frame (`drawn_face_up`) drew face up a card `seat` could not see by then."""
    hidden = hidden_by_seq(start, history, seat, messages)
    for seq, _, face_up in frames:
        assert not face_up & hidden[seq], f"drew hidden cards {sorted(face_up & hidden[seq])}"


def ended(thread, match):
    """The host's finished game: its record and the actions played."""
    assert thread.call(lambda: match.is_over)
    return thread.call(match.record), thread.call(lambda: match.history)


def thread_scores(record):
    return replay(record).scores()


def test_a_refusal_from_the_wire_is_the_engines_again_terms_and_all():
    """A remote table words a refusal as a local one: the terms come back as `Term`s."""
    from tentable.clients import illegal, refusal
    from tentable.engine import IllegalAction
    from tentable.engine.errors import Term
    exc = IllegalAction("refuse.tt.not_held", card=Term.card(34), move=Term.move("a", "b"), n=3)
    again = illegal(refusal(exc))
    assert (again.key, again.values) == (exc.key, exc.values)


def settled(link, remote, condition=lambda: True):
    """Poll `link` until the host's answers for its view are here (and `condition`),
    bounded by WAIT; the events polled."""
    events = link.poll()
    for _ in range(500):
        if not link.busy and condition():
            return events
        remote.wait_for(lambda: bool(remote.notices), 0.02)
        events += link.poll()
    raise AssertionError("the host never answered")


def test_what_the_messages_lack_is_asked_of_the_host_ahead_once_a_view():
    """A remote table asks the host why a move is refused (TT-R5: a card too far from
    the row's last) and whether it may take back as soon as a view arrives, without
    waiting: the answers come in a later poll, are the host's match's, worded from a key
    and values, and an action asked about once is asked about ahead on the next view."""
    match = match_of("takethat", ("human", "human"), 31, {})
    with hosting() as thread:
        room = thread.call(thread.host.open_room, match)
        invites = room.invites()
        with_turn = RemoteSeat(invites[0], timeout=WAIT).connect()
        waiting = RemoteSeat(invites[1], timeout=WAIT).connect()
        try:
            link, other = RemoteLink(with_turn), RemoteLink(waiting)
            settled(link, with_turn)
            refused = [a for a in (f"play {c}" for c in range(1, 105))
                       if a not in link.view(0)["legal_actions"]][0]
            expected = thread.call(match.why_not, 0, refused)
            before = thread.host.frames_in
            assert link.why_not(0, refused).key == "net.asking"    # asked, not waited for
            assert link.why_not(0, refused).key == "net.asking"    # and asked once
            settled(link, with_turn, lambda: refused in link._why)
            told = link.why_not(0, refused)
            assert (told.key, told.values) == (expected.key, expected.values)
            assert link.undo_refusal(0) == thread.call(match.undo_refusal, 0)
            assert thread.host.frames_in - before == 1     # the refusal: one request
            assert link.why_not(0, link.view(0)["legal_actions"][0]) is None
            settled(other, waiting)
            assert other.why_not(1, refused).key == "refuse.not_your_turn"
            assert other.undo_refusal(1) == "not yours" and other.legal_actions(1) == []
            assert waiting.ask([refused])["why"][refused]["key"] == "refuse.not_your_turn"
        finally:
            with_turn.close()
            waiting.close()


class HeldHost(Host):
    """A real host that holds the messages of kind `held` (its answers to `legal`) until
    `gate` is opened (at most WAIT seconds): as a host far away or busy would be slow."""

    def __init__(self, held: str = "legal", **settings) -> None:
        super().__init__(**settings)
        self.held = held
        self.gate = asyncio.Event()
        self.answered = 0

    async def _handle(self, link, message) -> None:
        if message["type"] == self.held:
            try:
                await asyncio.wait_for(self.gate.wait(), WAIT)
            except asyncio.TimeoutError:
                pass
            self.answered += 1
        await super()._handle(link, message)


@contextmanager
def first_seat(game_id: str, seed: int):
    """A hosted two-player table of `game_id` and its seat 0 connected (closed after):
    (the host's thread, the match, the room, the seat)."""
    match = match_of(game_id, ("human", "human"), seed, {})
    with hosting() as thread:
        room = thread.call(thread.host.open_room, match)
        with seats_of(RemoteSeat(room.invite(0), timeout=WAIT)) as (remote,):
            yield thread, match, room, remote


def test_a_gesture_on_its_way_holds_the_seat_until_its_outcome_arrives():
    """After a move is sent, the seat plays nothing more until the host's answer to it
    came: a message of something else in between (the turn told late) does not free it,
    or a second move would be made on a view about to change. The host holds the move
    until the test has looked."""
    match = match_of("takethat", ("human", "human"), 31, {})
    thread = HostThread(HeldHost(held="submit", host="127.0.0.1", port=0, pace=0))
    thread.start(WAIT)
    try:
        room = thread.call(thread.host.open_room, match)
        with seats_of(RemoteSeat(room.invite(0), timeout=WAIT)) as (remote,):
            link = RemoteLink(remote)
            settled(link, remote)
            legal = link.legal_actions(0)
            assert legal and not link.busy
            # a message the host tells every seat, not the move's outcome, comes first
            thread.call(room.tell, {"type": "away", "seat": 1})
            assert remote.wait_for(lambda: remote.last_seq == 1, WAIT)
            assert link.submit(0, legal[:1]) == [] and link.busy
            assert [type(e).__name__ for e in link.poll()] == ["Away"] and link.busy
            thread.call(thread.host.gate.set)
            assert remote.wait_for(lambda: any(m["type"] == "applied"
                                               for m in remote.received), WAIT)
            assert "Applied" in [type(e).__name__ for e in settled(link, remote)]
    finally:
        thread.stop(WAIT)


def test_a_remote_seat_takes_back_a_move_by_the_hosts_policy():
    """Undo at a remote table (Elfer: a card played, the turn still the player's, nothing
    revealed): the host says it may, takes the move back, and the table is where it was."""
    with first_seat("elfer", 1) as (thread, match, room, remote):
        link = RemoteLink(remote)
        settled(link, remote)
        start = link.view(0)
        assert link.undo_refusal(0) == "nothing"           # nothing to take back yet
        link.submit(0, ["play J@B10"])
        assert remote.wait_for(lambda: remote.last_seq is not None and any(
            m["type"] == "applied" for m in remote.received), WAIT)
        settled(link, remote)
        assert link.current_player == 0 and link.moves_made == 1
        assert link.undo_refusal(0) is None == thread.call(match.undo_refusal, 0)
        link.undo(0)
        assert remote.wait_for(lambda: any(m["type"] == "undone" for m in remote.received),
                               WAIT)
        assert "Undone" in [type(e).__name__ for e in link.poll()]
        assert link.view(0) == start == thread.call(match.view, 0)
        assert link.moves_made == 0 and link.past(0)["moves"] == []


def test_no_frame_waits_for_the_hosts_answers(app):
    """A remote table asks the host ahead and never on the frame: while the host holds
    its answers the table goes on drawing and taking keys (as while a move is on its way:
    not its turn yet, no reason given wrongly), and once they come it is its turn."""
    match = match_of("takethat", ("human", "human"), 31, {})
    thread = HostThread(HeldHost(host="127.0.0.1", port=0, pace=0))
    thread.start(WAIT)
    try:
        room = thread.call(thread.host.open_room, match)
        with seats_of(RemoteSeat(room.invite(0), timeout=WAIT)) as (remote,):
            link = RemoteLink(remote)
            table = table_for("takethat")(app, link.session, link)
            app.reset(table)
            refused = [a for a in (f"play {c}" for c in range(1, 105))
                       if a not in link.view(0)["legal_actions"]][0]
            for _ in range(20):         # frames drawn, keys taken, reasons asked
                step(app)
                key(app, pygame.K_RIGHT)
                assert link.undo_refusal(0) == "not yours"
                assert link.why_not(0, refused).key == "net.asking"
            assert thread.host.answered == 0, "a frame waited for the host"
            assert link.busy and not table.my_turn and table.legal() == set()
            assert table.why_not(refused) == "A moment: the host has not answered yet."
            thread.call(thread.host.gate.set)
            for _ in range(500):
                step(app)
                if table.my_turn and link._why.get(refused):
                    break
                remote.wait_for(lambda: bool(remote.notices), 0.02)
            assert table.my_turn and thread.host.answered >= 1
            told = link.why_not(0, refused)
            assert told.key == thread.call(match.why_not, 0, refused).key != "net.asking"
            assert link.undo_refusal(0) == thread.call(match.undo_refusal, 0)
    finally:
        thread.stop(WAIT)
