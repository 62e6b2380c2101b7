"""Join a table from the menu (issue #41, item 2): paste the invite, Enter, and the seat's
table opens on a `RemoteLink` to a real host on 127.0.0.1; an invite that is none, names
no table, opens no seat or reaches no host is refused on the screen with the reason, in
English, German and Dutch. Esc and the Back button go back to the menu."""
import socket

import pygame
import pytest

from nettools import hosting, match_of
from tentable import i18n
from tentable.net.link import RemoteLink
from tentable.text import STRINGS, t
from tentable.ui.scenes.join import JoinScene
from tentable.ui.scenes.menu import MenuScene
from tentable.ui.tables.base import TableScene
from uitools import click, key, post, record_labels, step


@pytest.fixture
def menu(app):
    app.reset("menu")
    app.step(wait=False)
    return app.top


def open_join(app, menu):
    click(app, menu.join_button.rect.center)
    assert isinstance(app.top, JoinScene)
    return app.top


def paste(app, line):
    """The invite copied elsewhere, pasted with Ctrl+V into the field (active at once)."""
    pygame.scrap.put_text(line)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)


def closed_port():
    """A port on 127.0.0.1 where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_an_invite_pasted_opens_the_seats_table_on_a_remote_link(app, menu):
    match = match_of("takethat", ("human", "easy"), 8, {})
    with hosting() as thread:
        room = thread.call(thread.host.open_room, match)
        join = open_join(app, menu)
        paste(app, "  " + room.invite(0).line() + " ")
        assert join.field.text.strip() == room.invite(0).line()
        key(app, pygame.K_RETURN)
        table = app.top
        try:
            assert isinstance(table, TableScene) and isinstance(table.link, RemoteLink)
            assert table.session.game_id == "takethat" and table.seat == 0
            assert table.view == thread.call(match.view, 0)      # the seat's own view
            for _ in range(500):            # the host's answers on the view come ahead
                step(app)
                if not table.link.busy:
                    break
                table.link.remote.wait_for(lambda: bool(table.link.remote.notices), 0.02)
            assert table.my_turn == (thread.call(lambda: match.current_player) == 0)
        finally:
            table.close()


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_bad_or_unreachable_invite_is_refused_with_the_reason(app, menu, language):
    i18n.set_language(language)
    try:
        match = match_of("takethat", ("human", "easy"), 8, {})
        with hosting() as thread:
            room = thread.call(thread.host.open_room, match)
            good = room.invite(0)
            cases = [("hello there", "join.bad_invite"),
                     (f"tentable://127.0.0.1:{good.port}/", "join.no_table"),
                     (good.line().replace(good.secret, "x" * 22), "net.secret"),
                     (f"tentable://127.0.0.1:{closed_port()}/ABCDEF#secret",
                      "net.unreachable")]
            join = open_join(app, menu)
            for line, reason in cases:
                join.field.set_text(line)
                key(app, pygame.K_RETURN)
                assert app.top is join, line
                assert join.reason == t(reason), line
                assert (join.reason == STRINGS[reason]) == (language == "en"), line
                assert join.reason in [toast.text for toast in app.toasts.items]
    finally:
        i18n.set_language("en")


def test_escape_and_back_return_to_the_menu(app, menu):
    open_join(app, menu)
    post(pygame.TEXTINPUT, text="tentable://")
    step(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    join = open_join(app, menu)
    assert join.field.active                      # the field takes the paste at once
    click(app, join.back_button.rect.center)
    assert isinstance(app.top, MenuScene)


def test_a_remote_tables_pause_menu_offers_no_restart_and_no_hand_over(app, menu, monkeypatch):
    """The host's game is not this computer's to deal again or to hand to its computer;
    nor is Restart explained where it is not offered."""
    match = match_of("takethat", ("human", "easy"), 8, {})
    with hosting() as thread:
        room = thread.call(thread.host.open_room, match)
        join = open_join(app, menu)
        join.field.set_text(room.invite(0).line())
        key(app, pygame.K_RETURN)
        table = app.top
        try:
            key(app, pygame.K_ESCAPE)
            pause = app.top
            assert pause.table is table
            assert pause.restart_button not in pause.buttons and not set(pause.buttons) \
                & set(pause.seat_buttons)
            drawn = record_labels(monkeypatch)
            app.invalidate()
            step(app, 2)
            assert t("pause.title") in drawn and t("pause.hint") not in drawn
        finally:
            table.close()
