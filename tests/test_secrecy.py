"""Secrecy declared once per game (#40 item 4): each game's `secrecy` table says who may see
each kind of zone, and `view`, `hidden_cards`, `hidden_zones` and `determinize` follow
from it (engine/secrecy.py).

Two guards: every seat's view, hidden cards and determinized copies over random playouts
are those the code gave before the declaration (digests in tests/secrecy_main.json, made
by tests/secrecy_record.py on main's code); and a wrong declaration fails the random-
playout invariant test (tests/test_invariants.py), which reads the declaration both ways.
"""
import json
import random
from pathlib import Path

import pytest

import secrecy_record
from test_invariants import playouts
from tentable.engine import GAMES, new_game
from tentable.engine.secrecy import NOBODY, OWNER, PUBLIC, Seen, zone_kind

FIXTURE = json.loads((Path(__file__).parent / "secrecy_main.json").read_text())


def expected(game_id):
    digests = dict(FIXTURE["digests"][game_id])
    for kind, moved in FIXTURE["moved"].get(game_id, {}).items():
        digests[kind] = moved["now"]
    return digests


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_seat_is_shown_and_hidden_what_it_was_before_the_declaration(game_id):
    """Views (every seat and a spectator: the tables, clients and narration read them),
    hidden cards and zones, and the determinized copies' public parts as before; the
    copies whole as before too (the same seed deals a bot the same world), but where the
    fixture says why they moved."""
    assert secrecy_record.digests(game_id) == expected(game_id)


@pytest.mark.parametrize("game_id, kind", [("retro10", "hand"), ("takethat", "hand"),
                                           ("ten", "pile"), ("elfer", "pile")])
def test_a_zone_declared_open_that_the_view_hides_fails_the_invariant_test(
        monkeypatch, game_id, kind):
    """Planted: a private zone declared public. The view still hides it, so the invariant
    test finds cards the declaration shows that the seat's view does not."""
    game = GAMES[game_id].state
    monkeypatch.setattr(game, "secrecy", {**game.secrecy, kind: PUBLIC})
    with pytest.raises(AssertionError, match="by the game's secrecy"):
        playouts(game_id, 0, 4)


@pytest.mark.parametrize("game_id, kind", [("elfer", "hand"), ("takethat", "pile cards"),
                                           ("tentiles", "supply")])
def test_a_zone_declared_open_that_the_view_then_shows_changes_the_views(
        monkeypatch, game_id, kind):
    """Planted: a private zone declared public where the view shows what the declaration
    lets it (Elfer's hands, Take That's V1 pile cards, TEN tiles' hidden supplies): the
    view agrees with the declaration, so only the comparison with the views of before
    catches it."""
    game = GAMES[game_id].state
    monkeypatch.setattr(game, "secrecy", {**game.secrecy, kind: PUBLIC})
    assert secrecy_record.digests(game_id)["views"] != expected(game_id)["views"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_zone_is_declared_and_every_declaration_names_a_zone(game_id):
    game = GAMES[game_id]
    declared = set(game.state.secrecy)
    assert declared and all(isinstance(rule, Seen) for rule in game.state.secrecy.values())
    named = set()
    rng = random.Random(game_id)
    for n in range(6):
        players, options, deck = secrecy_record._setup(game, n, rng)
        try:
            state = new_game(game_id, players, seed=n, options=options, deck=deck)
        except Exception:
            state = new_game(game_id, players, seed=n)
        named |= {zone_kind(name)[0] for name in state.zones()}
    assert named == declared


def test_a_copy_deals_the_unseen_cards_among_the_hidden_places_keeping_their_sizes():
    """Take That, three players, seat 0: the others' hands and the pile are one pool,
    each keeping its size; the seat's own hand, the row and the piles stay."""
    state = new_game("takethat", 3, seed=4)
    assert state.secrecy["hand"] == OWNER and state.secrecy["pile"] == NOBODY
    copy = state.determinize(0, 1)
    assert copy.hands[0] == state.hands[0] and copy.row == state.row
    assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
    assert len(copy.pile) == len(state.pile)
    unseen = sorted(state.hands[1] + state.hands[2] + state.pile)
    assert sorted(copy.hands[1] + copy.hands[2] + copy.pile) == unseen
    assert copy.hands[1:] != state.hands[1:]


def test_a_rule_no_game_can_mean_is_refused_where_it_is_written():
    with pytest.raises(ValueError):
        Seen("ownr")          # a typo would otherwise hide the zone from everybody
    with pytest.raises(ValueError):
        Seen("owner", card="_sees_table")
