"""The replay viewer hides nothing: by default every seat's cards are face up (their hands in
their panels, drawn with the game's card art), Tab goes on to each seat's own view, and
the text still fits at 1024×640 with every card size. Driven by key events."""
import pygame
import pytest

from tentable import archive, keeping
from tentable.engine import GAMES
from tentable.match import Match
from tentable.session import Seat, Session
from tentable.ui.widgets.seatpanel import SeatPanel
from test_text_fits import small_app, watch_fit  # noqa: F401  (a fixture)
from uitools import key, step

NAMES = ("Ana", "Bea", "Carl", "Dora", "Emil", "Fay", "Gus")


def keep(game_id, players, seed=3):
    """A finished game of computers, kept as if Ana had played it."""
    seats = tuple(Seat(name, "bot", "easy") for name in NAMES[:players])
    match = Match(Session(game_id, seats, seed, {}))
    match.play_out()
    record = {**match.record(), "seats": [
        {"name": name, "kind": "human" if i == 0 else "bot", "bot": "" if i == 0 else "easy"}
        for i, name in enumerate(NAMES[:players])]}
    keeping.keep(record, match.scores(), match.winners())
    return archive.load_all()[0][0]


def panels_drawn(monkeypatch):
    """Each seat panel's contents as last painted (a table paints its panels again
    whenever what they show changes)."""
    drawn = {}
    original = SeatPanel.draw

    def draw(self, surface, rect, info, *args, **kwargs):
        drawn[info.seat] = info
        return original(self, surface, rect, info, *args, **kwargs)
    monkeypatch.setattr(SeatPanel, "draw", draw)
    return drawn


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_replay_shows_every_seats_cards_then_each_seats_view(app, monkeypatch, game_id):
    players = 3 if GAMES[game_id].max_players >= 3 else 2
    game = keep(game_id, players)
    drawn = panels_drawn(monkeypatch)
    app.push("replay", game=game)
    replay = app.top
    for _ in range(12):
        key(app, pygame.K_RIGHT)
    table = replay.table
    assert replay.seat is None and table.seat == 0        # everyone's, from Ana's place
    state = table.link.match.state
    if "hand" in table.view:                             # a game of secret hands
        step(app)
        hands = [state.view(s)["hand"] for s in state.seats]
        assert table.view["hands"] == hands
        for other in range(1, players):
            if other in drawn:      # 10 Retro draws a panel per seat, the others but Ana
                assert drawn[other].cards == tuple(map(table.card_code, hands[other]))
        assert any(info.cards for info in drawn.values())
    else:                                                # TEN, TEN tiles: nothing is secret
        assert table.view == {**state.view(0), "scores": state.scores(), "legal_actions": []}
    for seat in range(players):
        key(app, pygame.K_TAB)
        table = replay.table
        assert table.seat == seat and table.view["seat"] == seat
        assert "hands" not in table.view and table.view == table.link.match.state.view(seat)
        if "hand" in table.view:
            drawn.clear()
            step(app)
            assert not any(info.cards for info in drawn.values())
    key(app, pygame.K_TAB)
    assert replay.seat is None and "hands" in replay.table.view or "hand" not in \
        replay.table.view
    assert replay.table.link.match.history == game.record["history"][:12]


@pytest.mark.parametrize("card_size", ["small", "medium", "large"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_everyones_cards_fit_at_1024_by_640(small_app, monkeypatch, game_id, card_size):
    """The most seats each game has, every hand face up: no text shortened."""
    from tentable.ui.scenes import table_for
    table_for(game_id)
    cut = watch_fit(monkeypatch)
    app = small_app
    app.settings["card_size"] = card_size
    game = keep(game_id, GAMES[game_id].max_players)
    app.push("replay", game=game)
    for _ in range(40):
        key(app, pygame.K_RIGHT)
        app.invalidate()
        step(app)
    assert "hands" in app.top.table.view or game_id in ("ten", "tentiles")
    assert not cut, sorted(cut)
