"""Every screen fits at the smallest window (1024×640) in every language the app ships
(#22, #25): the menu, setup and rules of each game, settings, your games, statistics, the
ladder, the pause menu and the results of each game. No text may be shortened with an
ellipsis, and no two texts may overlap.

Each screen draws onto a surface that records where every text image lands (the ink, not
the line box); the tables themselves are checked by test_text_fits (they draw banners over
the board on purpose)."""
from __future__ import annotations

import random

import pygame
import pytest

import uitools
from tentable import i18n
from tentable.engine import GAMES
from test_text_fits import watch_fit
from uitools import step

SIZE = (1024, 640)


class Recording(pygame.Surface):
    """A frame that notes each text image blitted onto it (images made by `panel.label`)."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts = texts
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.outside: list[str] = []          # texts whose ink runs off the frame

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        text = self.texts.get(id(source))
        if text is not None and text.strip():
            ink = source.get_bounding_rect().move(rect.x, rect.y).clip(rect)
            if ink.w and ink.h:
                self.drawn.append((text, ink))
            at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)[:2]
            whole = source.get_bounding_rect().move(at)    # `rect` is clipped to the frame
            if area is None and whole.w and not self.get_rect().contains(whole):
                self.outside.append(text)
        return rect


def watch_labels(monkeypatch) -> dict[int, str]:
    """id of every text image made while watching -> its text."""
    texts: dict[int, str] = {}
    keep: list[pygame.Surface] = []       # alive, so an id is never reused meanwhile

    def seen(text: str, image: pygame.Surface) -> None:
        texts[id(image)] = text
        keep.append(image)
    uitools.record_label_images(monkeypatch, seen)
    return texts


def overlaps(drawn: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    """Pairs of different texts whose ink overlaps (the same text drawn twice in one place
    is an outline or a shadow)."""
    found = []
    for i, (a, ra) in enumerate(drawn):
        for b, rb in drawn[i + 1:]:
            if a != b and ra.colliderect(rb):
                found.append((a, b))
    return found


def finished_table(app, game_id: str):
    """A table whose game random moves have played to the end. Test time goes by in the
    longest steps the app takes (a quarter second), so the moments on the way go on by
    themselves in a few frames rather than 180 of them: the screens are what is checked.
    The table's frames on the way are not drawn (`App._draw` stands aside until the end):
    they are not what is checked here (test_text_fits draws every frame of random games),
    and drawing them was nine tenths of this test's time; the steps, the moves and the
    moments are the app's own, so the game ends as it did with every frame drawn."""
    players = min(3, GAMES[game_id].max_players)
    table = uitools.new_table(app, ["human"] + ["easy"] * (players - 1), seed=4, game=game_id)
    rng = random.Random(2)
    draw = app._draw
    app._draw = lambda: None
    try:
        for _ in range(20_000):
            if table.link.match.is_over:
                return table
            if table.my_turn:
                table.submit(rng.choice(table.legal_actions()))
            uitools.pass_time(app)
            table.show_dialog(None)           # a summary between parts: go on
    finally:
        app._draw = draw
    raise AssertionError(f"{game_id}: no end after 20,000 frames")


def hosted_for_friends(app):
    """A table of the game with the most seats, every seat but the host's a friend's,
    hosted on 127.0.0.1 (the invites name a long home-network address, never reached);
    the app stops it when it closes or hosts the next."""
    from tentable.net.hosting import Hosting
    from tentable.session import Seat, Session
    from tentable.ui import hosted
    game = max(GAMES.values(), key=lambda g: g.max_players)
    seats = tuple(Seat(f"Friend number {i}"[:14]) for i in range(game.max_players))
    hosted.stop(app)
    app.hosting = Hosting.start(Session(game.id, seats, 1, {}), 0, port=0, bind="127.0.0.1",
                                address="192.168.100.200")
    return app.hosting


def screens(app):
    """(what, build) for every screen; `build()` leaves that screen on top."""
    yield "menu", lambda: app.reset("menu")
    yield "settings", lambda: app.push("settings")
    yield "your games", lambda: app.push("games")
    yield "statistics", lambda: app.push("stats")
    yield "ladder", lambda: app.push("ladder")
    yield "join a table", lambda: app.push("join", invite="tentable://192.168.1.20:4711/K7QX2M#" + "s" * 22)
    yield "play with friends", lambda: app.push("friends")
    yield "invites", lambda: app.push("invite", hosting=hosted_for_friends(app))
    for game_id in sorted(GAMES):
        yield f"{game_id} setup", lambda g=game_id: app.push("setup", game_id=g)
        yield f"{game_id} setup with friends", lambda g=game_id: app.push(
            "setup", game_id=g, friends=True)
        yield f"{game_id} how to play", lambda g=game_id: app.push("rules", game_id=g)
        yield f"{game_id} pause", lambda g=game_id: app.push(
            "pause", table=uitools.new_table(app, ["human", "human"], seed=3, game=g))
        yield f"{game_id} results", lambda g=game_id: finished_table(app, g).show_results()


@pytest.fixture
def small_app(tmp_path, monkeypatch):
    from tentable.ui.app import App
    from uitools import FakeClock
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    the_app = App(size=SIZE, clock=FakeClock())
    the_app.settings.update(animation_speed="instant", moments="auto")
    yield the_app
    the_app.close()
    i18n.set_language("en")


@pytest.mark.parametrize("language", i18n.available())
def test_every_screen_fits_at_1024_by_640(small_app, monkeypatch, language):
    every_screen_fits(small_app, monkeypatch, language)


def every_screen_fits(app, monkeypatch, language: str) -> None:
    app.set_language(language)
    cut = watch_fit(monkeypatch)
    texts = watch_labels(monkeypatch)
    problems = []
    for what, build in screens(app):
        app.reset("menu")
        cut.clear()         # from here: a screen laid out as it is built counts too
        build()
        step(app)
        frame = Recording(app.size, texts)
        app.top.draw(frame)
        if cut:
            problems.append(f"{what}: cut off: {sorted(cut)}")
        if not frame.drawn:
            problems.append(f"{what}: no text drawn at all")
        for a, b in overlaps(frame.drawn):
            problems.append(f"{what}: {a!r} overlaps {b!r}")
        problems += [f"{what}: {text!r} runs off the window" for text in frame.outside]
    assert not problems, "\n".join(problems)
