"""The moments that matter wait for the player: a bust, a joker won, a showdown, the end of
a round or of a game in a match hold the table in that position under a banner until a
click or a key (or, with "moments: auto", a few seconds). Engine, match and tables."""
from collections import Counter
from dataclasses import replace

import pygame

from tentable.bots import make_bot
from tentable.engine import GAMES, new_game
from tentable.engine.ten_cards import deck_for
from tentable.match import Applied, Match, Moment, OnlyChoice, PartOver, TurnChanged
from tentable.session import BOT, HUMAN, Seat, Session
from tentable.ui.launch import session_for
from tentable.ui.scenes import table_for
from tentable.positions import play_to_moment
from tentable.ui.tables.moments import AUTO
from uitools import click, key, step, wait_for


def stacked(top, players=2):
    """TEN's mix with `top` flipped first, the rest after."""
    rest = Counter(deck_for(players))
    rest.subtract(top)
    return list(top) + sorted(rest.elements())


def open_table(app, game, seats, deck, moments="wait", **options):
    app.settings["moments"] = moments
    session = replace(session_for(game, seats, 1, options), deck=deck)
    table = table_for(game)(app, session)
    app.reset(table)
    app.step(wait=False)
    return table


def fixed_deck(game, players, **options):
    """Every card of the game in the manifest's order: the same deal every time."""
    spec = GAMES[game]
    return spec.state.deck_codes(players, new_game(game, players, options=options).options)


def heuristic(state):
    return make_bot("heuristic", state.game_id, state.current_player,
                    seed=len(state.history)).choose(state)


def banner(table):
    title, lines, _ = table.moment_words(table.moments.current)
    return [title, *lines]


def holds_still(app, table, frames=600):
    """Ten seconds of test time: the position and the moment stay, nobody moves."""
    history, kind = list(table.link.match.history), table.moments.current.kind
    step(app, frames)
    assert table.moments and table.moments.current.kind == kind
    assert table.link.match.history == history


# -- engine and match -----------------------------------------------------------------------

def test_ten_r4_a_bust_is_kept_as_a_moment_only_when_asked():
    """TEN-R4/R5: the busting card is on the tableau in the moment's views, which offer no
    move; a state that does not keep moments (copies, simulations, bots) records none."""
    state = new_game("ten", 2, seed=1, deck=stacked(["B9", "G5"]))
    plain = state.clone()
    for s in (state, plain):
        s.keep_moments = s is state
        s.apply("flip")
        s.apply("flip")
    assert plain.moments == [] and state.tableau == []
    [moment] = state.moments
    assert moment.kind == "bust" and moment.facts == {"seat": 0, "card": "G5#1"}
    assert set(moment.views) == {0, 1, None}
    for view in moment.views.values():
        assert view["tableau"] == ["B9#1", "G5#1"] and view["legal_actions"] == []
    assert state.clone().keep_moments is False and state.record()["history"] == ["flip"] * 2


def test_a_moments_views_hide_what_each_seat_may_not_see():
    """The end of a Take That round (TT-R9): every seat sees its own cards only."""
    state = new_game("takethat", 3, seed=2, options={"rounds": 2})
    state.keep_moments = True
    while not state.moments:
        state.apply(make_bot("random", "takethat", state.current_player,
                             seed=len(state.history)).choose(state))
    moment = state.moments[0]
    assert moment.kind == "part" and moment.facts["part"] == 1
    assert moment.views[None]["hand"] is None
    for seat in range(3):
        assert moment.views[seat]["round"] == 1 and moment.views[seat]["seat"] == seat
        assert moment.views[seat]["round_scores"] == [moment.facts["scores"]]
    assert state.round == 2             # the next round was dealt in the same move


def test_the_match_tells_a_moment_after_the_move_and_before_the_turn_passes():
    session = Session("ten", (Seat("Ana", HUMAN), Seat("Ben", BOT, "random")), 1,
                      deck=stacked(["B9", "G5"]))
    match = Match(session)
    match.viewer = 0
    # the first flip of a turn is the only move (TEN-R3): the match says so first
    assert [type(e) for e in match.submit(0, ["flip"])] == [OnlyChoice, Applied]
    events = match.submit(0, ["flip"])
    assert [type(e) for e in events] == [Applied, Moment, TurnChanged]
    moment = events[1]
    assert moment.kind == "bust" and moment.view == moment.views[0]
    assert moment.view["tableau"] == ["B9#1", "G5#1"] and events[0].after["tableau"] == []
    # kept only while the match applies a move: not for moves applied to the state by hand
    assert not match.state.keep_moments and match.state.moments == []
    match.close()


def test_a_part_over_comes_after_its_moment():
    session = Session("takethat", (Seat("A", BOT, "random"), Seat("B", BOT, "random")), 4,
                      {"rounds": 2})
    match = Match(session)
    events = []
    while not any(isinstance(e, PartOver) for e in events):
        match.poll()
        match.job.done.wait(5)
        events = match.advance()
    kinds = [type(e) for e in events]
    assert kinds.index(Moment) < kinds.index(PartOver)
    match.close()


# -- tables ---------------------------------------------------------------------------------

def test_ten_a_bust_holds_the_busting_card_on_the_tableau_until_a_click(app):
    """TEN-R4: you flip blue 9 then green 5 and bust; the 5 stays on the tableau under "You flip …
    and bust", the computer waits; a click goes on and the tableau clears."""
    app.settings["animation_speed"] = "normal"        # a pause before a computer's move
    table = open_table(app, "ten", ["human", "heuristic"], stacked(["B9", "G5"]))
    key(app, pygame.K_f)
    step(app, 60)                                    # the flip's card has landed
    key(app, pygame.K_f)
    step(app, 60)
    assert table.link.match.state.tableau == [] and table.link.match.current_player == 1
    assert banner(table) == ["You flip green 5 and bust"]
    assert [c for c in table.view["tableau"]] == ["B9#1", "G5#1"]
    tableau_y = table.cards["B9#1"].pos[1]
    assert table.cards["G5#1"].pos[1] == tableau_y and "G5#1" in table.cards.spots
    assert not table.my_turn
    holds_still(app, table)
    click(app, (20, app.size[1] // 2))                  # anywhere on the table
    assert not table.moments and "G5#1" not in table.cards.spots
    step(app, 2)             # the computer has decided; its move waits its pause, counted
    due = table.link.match.pacer.due_in()     # from the moment gone on from, not from the
    assert due is not None and due > 0        # bust long before (#40: the match paces)
    wait_for(app, lambda: table.link.match.current_player == 0)   # now the computer plays


def test_ten_r11_a_joker_won_at_auction_is_held_then_paid(app):
    """TEN-R11: Ben bids 1 for the joker you flipped, you pass: "Ben wins the joker for
    1" holds the table (Enter goes on), then Ben pays (by himself: his one token is the
    only way to pay) and the joker joins his collection."""
    table = open_table(app, "ten", ["human", "human"], stacked(["W#"]))
    key(app, pygame.K_f)
    assert table.play(1, ["bid 1"]) and table.play(0, ["pass"])
    assert table.moments.current.kind == "joker"
    assert banner(table) == ["Ben wins the joker for 1"]
    assert table.seat is not None and not table.my_turn     # nothing secret in TEN
    key(app, pygame.K_RETURN)                   # too soon: the key that made it, maybe
    assert table.moments
    step(app, 30)
    assert table.view["phase"] == "pay"           # nothing paid while the moment holds
    key(app, pygame.K_RETURN)
    step(app, 5)
    from tentable.engine.cards import code_of
    assert not table.moments and table.view["phase"] != "pay"
    assert "W#" in [code_of(c) for c in table.view["collections"][1]]


def test_rx_r8_the_showdown_lies_revealed_until_the_player_goes_on(app):
    """RX-R8: the round's cards lie face up where they were played, under a banner naming
    winner and loser; the computers wait; then the cards fly to the loser."""
    table = open_table(app, "retro10", ["human", "heuristic", "heuristic"],
                       fixed_deck("retro10", 3))
    table.show_played(play_to_moment(table.link.match, "showdown", heuristic))
    moment = table.moments.current
    loser, cards = moment.facts["loser"], moment.facts["cards"]
    for card in cards:
        assert table.cards.spots[card].face_up and table.cards.spots[card].size == \
            table.geo.place
    title, first, second = banner(table)
    assert title.startswith("Showdown of round") and "lose" in second
    holds_still(app, table)
    key(app, pygame.K_SPACE)
    assert not table.moments
    wait_for(app, lambda: not table.tweens.busy)
    from tentable.ui.tables.retro10.layout import pile_spot
    assert all(table.cards[card].pos == pile_spot(table.geo, loser) for card in cards)


def test_tt_r9_the_end_of_a_round_holds_its_last_board_with_the_scores(app):
    """TT-R9: the round's last board and each player's points stay until "Next round"."""
    deck = fixed_deck("takethat", 2, rounds=2)
    table = open_table(app, "takethat", ["human", "heuristic"], deck, rounds=2)
    table.show_played(play_to_moment(table.link.match, "part", heuristic))
    assert table.link.match.state.round == 2
    title, *lines = banner(table)
    assert title == "Round 1 of 2 is over" and len(lines) == 2
    assert table.view["round"] == 1 and table.view["round_scores"] == [
        table.moments.current.facts["scores"]]
    dealt = table.link.match.view(table.seat)["hand"]
    assert table.view["hand"] != dealt                     # round 2's hand is not drawn yet
    assert set(table.view["hand"]) <= set(table.cards.spots)
    holds_still(app, table)
    click(app, table.moments.banner.button.rect.center)
    assert not table.moments and table.view["round"] == 2
    assert table.view["hand"] == dealt and set(dealt) <= set(table.cards.spots)


def test_hot_seat_the_summary_is_for_everyone_and_the_curtain_comes_after(app):
    """Two humans at one screen: the end of an Elfer game is shown as a spectator sees it
    (no hand face up under it); the "Pass to …" curtain comes only after it."""
    deck = fixed_deck("elfer", 2, games=2)
    table = open_table(app, "elfer", ["human", "human"], deck, games=2)
    key(app, pygame.K_RETURN)                   # the first player takes the screen
    assert table.seat == 0 and table.curtain is None
    table.show_played(play_to_moment(table.link.match, "part", heuristic))
    assert table.moments and table.seat is None and table.curtain is None
    assert table.view["hand"] is None and banner(table)[0] == "Game 1 of 2 is over"
    step(app, 30)
    key(app, pygame.K_RETURN)
    assert not table.moments and table.curtain is not None


def test_with_moments_auto_the_table_goes_on_by_itself(app):
    table = open_table(app, "ten", ["human", "heuristic"], stacked(["B9", "G5"]),
                       moments="auto")
    key(app, pygame.K_f)
    key(app, pygame.K_f)
    assert table.moments
    table.update(AUTO - 0.5)
    assert table.moments
    table.update(0.6)
    assert not table.moments and table.view["tableau"] == []
