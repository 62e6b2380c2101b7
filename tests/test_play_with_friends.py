"""Play with friends (#41 item 1): the app hosts a table from its menu. A real `Host`
listens on 127.0.0.1 (the hosting's `BIND` and address here; the app's are every
interface and this computer's home-network address), the invites are read off the invite
screen's model, a friend joins with a `RemoteSeat` and a whole Take That game is played:
the host's table by key and mouse events, the friend's seat by its own client. An invite
for a seat already taken is refused with the reason; a port taken means the next one.
Nothing is mocked at the network layer; every loop is bounded."""
import random
import socket
import threading

import pygame
import pytest

from nettools import WAIT
from test_takethat_table import play_by_keys, play_by_mouse
from tentable import i18n
from tentable.engine import GAMES
from tentable.net import hosting as hosting_module
from tentable.net.hosting import Hosting, groups, lan_address
from tentable.net.link import RemoteLink
from tentable.net.protocol import Invite
from tentable.net.remote import NetError, RemoteSeat
from tentable.session import BOT, HUMAN, Seat, Session
from tentable.text import t
from tentable.ui.scenes.friends import FriendsScene
from tentable.ui.scenes.invite import InviteScene
from tentable.ui.scenes.results import ResultsScene
from tentable.ui.scenes.setup import SetupScene
from tentable.ui.scenes.setup_rows import FRIEND, YOU
from uitools import click, key, post, record_label_images, step


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def loopback(monkeypatch):
    """The hosting listens on 127.0.0.1 only and names it in its invites; its computers
    move as soon as they may (no person to follow them: as `nettools.hosting`)."""
    monkeypatch.setattr(hosting_module, "BIND", "127.0.0.1")
    monkeypatch.setattr(hosting_module, "lan_address", lambda: "127.0.0.1")
    monkeypatch.setattr(hosting_module, "PACE", 0.0)


def type_port(app, chooser, port):
    """Click the port field, select all, type the port, Enter."""
    click(app, chooser.port.rect.center)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    post(pygame.TEXTINPUT, text=str(port))
    key(app, pygame.K_RETURN)


def host_from_the_menu(app, players=3):
    """Menu → Play with friends → a free port typed → Take That → setup with friends
    (You, a friend, a computer) → Start: the invite screen, by mouse events."""
    port = free_port()
    app.settings.setdefault("games", {})["takethat"] = {"friends": {
        "players": players, "you": 0, "options": {"rounds": 1},
        "seats": [{"name": "Me", "kind": HUMAN}, {"name": "Ann", "kind": HUMAN},
                  {"name": "Bot", "kind": BOT, "bot": "easy"}]}}
    app.reset("menu")
    app.step(wait=False)
    click(app, app.top.friends_button.rect.center)
    chooser = app.top
    assert isinstance(chooser, FriendsScene)
    type_port(app, chooser, port)
    assert app.top is chooser and not chooser.port.active
    button = next(b for b in chooser.games if b.text == GAMES["takethat"].title)
    click(app, button.rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.friends
    assert [row.kind.value for row in setup.rows[:3]] == [YOU, FRIEND, BOT]
    click(app, setup.start.rect.center)
    invite = app.top
    assert isinstance(invite, InviteScene), [toast.text for toast in app.toasts.items]
    assert app.settings["host_port"] == port == app.hosting.port
    return invite


class Screens:
    """Two players' screens in one app: each its own stack of scenes, swapped in as the
    app's when that player acts (the events, keys and clicks, go to the screen shown),
    as two windows on two computers would each have theirs."""

    def __init__(self, app):
        self.app, self.stacks, self.shown = app, {"host": app.scenes}, "host"

    def show(self, who):
        app = self.app
        if who == self.shown:
            return
        if app.scenes:
            app.scenes[-1].leave()
        self.stacks[self.shown] = app.scenes
        app.scenes = self.stacks.setdefault(who, [])
        self.shown = who
        if app.scenes:
            app.scenes[-1].resize(app.size)
            app.scenes[-1].enter()
        app.keys.shown()
        app.invalidate()

    def close_others(self):
        """The scenes of every screen not shown (the app closes its own)."""
        for who, stack in self.stacks.items():
            if who != self.shown:
                while stack:
                    stack.pop().close()


def play_both_to_the_end(app, screens, tables, rng):
    """Each screen in turn: its moments gone on from, its seat's moves made by keys and
    mouse in turn, until both show the results (bounded); the moves made on each."""
    moves, pause = dict.fromkeys(tables, 0), threading.Event()   # never set: 10 ms waits
    for _ in range(20_000):
        done = 0
        for who, table in tables.items():
            screens.show(who)
            if isinstance(app.top, ResultsScene):
                done += 1
                continue
            step(app)
            at_table = app.top is table          # not a dialog or the results over it
            if at_table and table.moments:       # a big moment: seen, then gone on from
                step(app, 30)
                key(app, pygame.K_RETURN)
            elif at_table and table.my_turn and not table.forced:
                action = rng.choice(sorted(table.legal()))
                (play_by_keys if moves[who] % 2 else play_by_mouse)(app, table, action)
                moves[who] += 1
        if done == len(tables):
            return moves
        pause.wait(0.01)
    raise AssertionError("the hosted game never ended on both screens")


def test_a_table_hosted_from_the_menu_plays_a_whole_take_that_game_with_a_friend(
        app, loopback):
    """TT-R4…R10 with a friend on another computer: the host hosts from the menu and
    plays at their own table (a remote seat over 127.0.0.1), the friend joins with the
    invite line read off the invite screen through Join a table, and both tables are
    played by keys and mouse to the end, a computer paced by the host between them; the
    invite screen shows the friend joined; both see the host's results."""
    invite = host_from_the_menu(app)
    hosting = app.hosting
    assert [(row.seat, row.name) for row in invite.rows] == [(1, "Ann"), (None, t(
        "invite.spectators"))]
    line = invite.rows[0].line
    parsed = Invite.parse(line)
    assert parsed.port == app.settings["host_port"] and parsed.host == "127.0.0.1"
    assert invite.rows[0].words == groups(parsed.secret, 4)
    assert not invite.rows[0].joined
    screens = Screens(app)
    try:
        screens.show("friend")                   # the friend's app: Join a table
        app.push("menu")
        app.step(wait=False)
        click(app, app.top.join_button.rect.center)
        app.top.field.set_text(line)
        key(app, pygame.K_RETURN)
        friend = app.top
        assert isinstance(friend.link, RemoteLink) and friend.seat == 1
        screens.show("host")
        assert invite.look() and invite.rows[0].joined and not invite.rows[1].joined
        # the computers wait for the host's player: nothing was played yet
        assert hosting.thread.call(lambda: hosting.room.match.history) == []
        key(app, pygame.K_RETURN)                 # Start playing
        table = app.top
        assert isinstance(table.link, RemoteLink) and table.seat == 0
        assert hosting.started and hosting.joined() == {0, 1}
        moves = play_both_to_the_end(app, screens, {"host": table, "friend": friend},
                                     random.Random(7))
        match = hosting.room.match
        assert hosting.thread.call(lambda: match.is_over)
        assert min(moves.values()) > 5, moves
        scores = hosting.thread.call(match.scores)
        for who in ("host", "friend"):           # the host's results, on both screens
            screens.show(who)
            assert app.top.scores == scores
        # everyone leaves the finished game: the table closes, the app stops hosting
        app.reset("menu")
        screens.show("host")
    finally:
        screens.close_others()
    app.reset("menu")
    pause = threading.Event()              # never set: each wait is 50 ms
    for _ in range(200):
        if hosting.room.closed:
            break
        pause.wait(0.05)
    assert hosting.room.closed and hosting.finished
    click(app, app.top.friends_button.rect.center)
    assert isinstance(app.top, FriendsScene) and app.hosting is None and hosting.stopped


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_invite_for_a_seat_taken_is_refused_with_the_reason(app, loopback, language):
    """A second player with the same invite while its friend is at the table: refused
    (net.seat_taken), worded in the player's language; the seated friend plays on."""
    i18n.set_language(language)
    try:
        invite = host_from_the_menu(app)
        line = invite.rows[0].line
        with_seat = RemoteSeat(line, timeout=WAIT).connect()
        try:
            with pytest.raises(NetError) as refused:
                RemoteSeat(line, timeout=WAIT).connect()
            assert refused.value.key == "net.seat_taken"
            assert t(refused.value.key) != "net.seat_taken"
            # a second app's Join a table says why, in its words
            app.push("join", invite=line)
            key(app, pygame.K_RETURN)
            assert app.top.reason == t("net.seat_taken")
            assert with_seat.connected and app.hosting.joined() == {1}
        finally:
            with_seat.close()
    finally:
        i18n.set_language("en")


def test_a_port_taken_means_the_next_one():
    """Something else listens on the chosen port: the table is hosted on the next."""
    session = Session("takethat", (Seat("Me"), Seat("Ann")), 3, {})
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        hosting = Hosting.start(session, 0, port=port, bind="127.0.0.1", address="127.0.0.1")
        try:
            assert hosting.port != port and port < hosting.port <= port + 20
            assert hosting.invites()[0][2].port == hosting.port
            seat = RemoteSeat(hosting.invites()[0][2], timeout=WAIT).connect()
            seat.close()
        finally:
            hosting.stop()
        with pytest.raises(OSError):         # every port it may try is taken
            Hosting.start(session, 0, port=port, bind="127.0.0.1", address="127.0.0.1",
                          tries=1)


def test_the_invites_name_this_computers_address_found_without_sending_anything(monkeypatch):
    """The probe is a UDP socket "connected" to an address, which sends nothing; here it
    points at this machine (a test never names an address off it), which names loopback,
    so the address comes from the host's name, or is loopback itself."""
    monkeypatch.setattr(hosting_module, "PROBE", ("127.0.0.2", 1))
    address = lan_address()
    assert socket.inet_aton(address) and not address.startswith("0.")
    assert groups("K7QX2M", 3) == "K7Q X2M"


def test_copy_puts_the_line_on_the_clipboard_and_the_pause_menu_shows_the_invites(
        app, loopback):
    invite = host_from_the_menu(app)
    key(app, pygame.K_TAB)                    # the first Copy, by keys
    key(app, pygame.K_RETURN)
    assert invite.copied == invite.rows[0].line == pygame.scrap.get_text()
    click(app, invite.rows[1].copy.rect.center)     # the spectators', by mouse
    assert invite.copied == invite.rows[1].line
    click(app, invite.play_button.rect.center)
    table = app.top
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert pause.invite_button in pause.buttons
    click(app, pause.invite_button.rect.center)
    again = app.top
    assert isinstance(again, InviteScene) and again.from_table
    assert [row.line for row in again.rows] == [row.line for row in invite.rows]
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_the_computers_wait_until_the_host_player_starts(loopback):
    """A computer in the first seat does not move while the invites are out; once the
    host's player starts, it plays."""
    session = Session("takethat", (Seat("Bot", BOT, "easy"), Seat("Me"), Seat("Ann")), 5, {})
    hosting = Hosting.start(session, 1, port=0)
    try:
        match = hosting.room.match
        assert hosting.thread.call(lambda: match.current_player) == 0
        quiet = threading.Event()
        for _ in range(20):            # two seconds: more than three of the host's paces
            quiet.wait(0.1)
            assert hosting.thread.call(lambda: len(match.history)) == 0
        hosting.release()
        for _ in range(int(WAIT / 0.05)):
            if hosting.thread.call(lambda: len(match.history)):
                break
            quiet.wait(0.05)
        assert hosting.thread.call(lambda: len(match.history)) > 0
    finally:
        hosting.stop()


def press_until(app, scene, button, most=40):
    """Tab until the keys' ring is on `button`, then Enter (keys alone)."""
    for _ in range(most):
        key(app, pygame.K_TAB)
        if scene.nav.current.rect() == button.rect:
            key(app, pygame.K_RETURN)
            return
    raise AssertionError(f"Tab never reached {button.text}")


def test_hosting_by_keys_alone_and_closing_the_table(app, loopback):
    """Menu → Play with friends → the first game → its setup → Start → the invites, by
    Tab and Enter; Esc leaves the table hosted (the menu's button shows it again), Close
    the table ends it and the friend is told."""
    app.settings["host_port"] = free_port()
    app.reset("menu")
    app.step(wait=False)
    menu = app.top
    press_until(app, menu, menu.friends_button)
    chooser = app.top
    assert isinstance(chooser, FriendsScene)
    key(app, pygame.K_RETURN)                        # the first game
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.friends and setup.mine() == 0
    press_until(app, setup, setup.start)
    invite = app.top
    assert isinstance(invite, InviteScene) and invite.rows[0].seat == 1
    friend = RemoteSeat(invite.rows[0].line, timeout=WAIT).connect()
    try:
        key(app, pygame.K_ESCAPE)
        assert app.top is not invite and app.hosting is not None
        menu = app.top
        press_until(app, menu, menu.friends_button)
        again = app.top
        assert isinstance(again, InviteScene) and again.hosting is invite.hosting
        press_until(app, again, again.close_button)
        assert app.hosting is None and invite.hosting.stopped
        assert friend.wait_for(lambda: not friend.connected, WAIT)
    finally:
        friend.close()


def test_a_port_that_is_none_is_refused_with_the_reason(app, loopback):
    app.push("friends")
    chooser = app.top
    type_port(app, chooser, 80)
    click(app, chooser.games[0].rect.center)
    assert app.top is chooser and getattr(app, "hosting", None) is None
    assert t("friends.bad_port", low=1024, high=65535) in [x.text for x in app.toasts.items]


def test_with_friends_one_seat_is_yours(app, loopback):
    """Choosing You for another seat makes the old one a friend's; no seat yours: Start
    says so and hosts nothing."""
    app.settings["host_port"] = free_port()
    app.push("setup", game_id="takethat", friends=True)
    setup = app.top
    app.step(wait=False)
    setup.rows[1].kind.select(YOU)
    assert [row.kind.value for row in setup.rows[:2]] == [FRIEND, YOU] and setup.mine() == 1
    setup.rows[1].kind.select(FRIEND)
    click(app, setup.start.rect.center)
    assert app.top is setup and getattr(app, "hosting", None) is None
    assert t("friends.no_you") in [toast.text for toast in app.toasts.items]


def test_a_table_for_friends_deals_from_a_seed_nobody_sees(app):
    """Secrets stay secret: a seed fixes every hidden card, so the host's setup shows none,
    takes none by keys or typing, and every table it hosts is a fresh deal."""
    app.push("setup", game_id="takethat", friends=True)
    setup = app.top
    app.step(wait=False)
    assert setup.seed not in setup.fields()
    assert all(item.field is not setup.seed and item.rect() != setup.new_seed.rect
               for item in setup.nav.items)
    setup.seed.set_text("12345")                  # whatever a field might hold
    seeds = {setup.session().seed for _ in range(3)}
    assert 12345 not in seeds and len(seeds) == 3
    plain = app.push("setup", game_id="takethat") or app.top      # at home it is shown
    app.step(wait=False)
    assert plain.seed in plain.fields()


def test_the_hosts_seat_is_never_named_you_on_the_friends_screens(app):
    """At home the first seat is called "You"; a friend's table would read that name as
    themselves ("You to play" on the host's turn), so with friends it is "Host" unless
    the player names it, also when emptied or typed as "You"."""
    app.push("setup", game_id="takethat", friends=True)
    setup = app.top
    app.step(wait=False)
    assert setup.rows[0].is_you and setup.session().seats[0].name == t("friends.host_name")
    for typed in ("", t("setup.name_you")):
        setup.rows[0].name.set_text(typed)
        assert setup.session().seats[0].name == t("friends.host_name")
    setup.rows[0].name.set_text("Mia")
    assert setup.session().seats[0].name == "Mia"


def test_where_no_clipboard_works_copy_says_so_and_the_line_stays(app, loopback, monkeypatch):
    invite = host_from_the_menu(app)

    def no_clipboard(text):
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    click(app, invite.rows[0].copy.rect.center)
    assert app.top is invite and invite.copied is None
    assert t("invite.no_clipboard") in [toast.text for toast in app.toasts.items]
    drawn = []
    record_label_images(monkeypatch, lambda text, image: drawn.append(text))
    invite.draw(app.screen)
    assert invite.rows[0].line in drawn


def test_the_host_player_leaves_their_table_and_comes_back_to_it(app, loopback):
    """Quit to the menu from the hosted table: the table stays hosted; Play with friends
    shows its invites with Back to the table, which opens the player's seat again where
    the game is."""
    invite = host_from_the_menu(app)
    hosting = app.hosting
    click(app, invite.play_button.rect.center)            # Start playing
    table = app.top
    key(app, pygame.K_ESCAPE)
    click(app, app.top.quit_button.rect.center)           # the pause menu's Quit to menu
    menu = app.top
    match = hosting.room.match
    left_at = hosting.thread.call(lambda: len(match.history))
    assert app.hosting is hosting and not hosting.finished
    assert 0 not in hosting.joined()
    click(app, menu.friends_button.rect.center)
    again = app.top
    assert isinstance(again, InviteScene) and again.play_button.text == t("invite.back")
    click(app, again.play_button.rect.center)
    back = app.top
    assert back is not table and back.seat == 0 and isinstance(back.link, RemoteLink)
    # the game so far, from where it was (a computer may have moved since)
    assert left_at <= back.link.moves_made <= hosting.thread.call(lambda: len(match.history))
    assert 0 in hosting.joined()


def test_quitting_the_app_stops_hosting_and_the_friends_are_told(app, loopback):
    invite = host_from_the_menu(app)
    hosting = app.hosting
    friend = RemoteSeat(invite.rows[0].line, timeout=WAIT).connect()
    try:
        app.close()
        assert hosting.stopped and not hosting.thread_alive
        assert friend.wait_for(lambda: not friend.connected, WAIT)
    finally:
        friend.close()
