"""Every number a player reads is the engine's (#37, items 5 and 6): one source for a
score, so two numbers on one screen can never disagree.

Random games of every game are played through the table (`TableScene.play`, the match's
`play` for any seat) to the end of each part (a round of Take That, a game of Elfer, a
round of 10 Retro) and of the game. At each such point the table is drawn afresh and
what it drew is recorded: every seat panel's score line (`SeatPanel.draw`), the banner
held over the end of a part (`Banner.draw`), 10 Retro's "Cards shown" line in the log;
at the end the results rows and the game's line in *Your games*. Each is compared with
the engine's scores for that point (`Match.scores`, the view's finished parts).
Then one test for each wrong number the issue found.
"""
import re

import pygame
import pytest

import uitools
from tentable import keeping
from tentable.bots import make_bot
from tentable.engine import GAMES
from tentable.match import Match
from tentable.narration import retro10 as rx_words
from tentable.session import Seat, Session
from tentable.text import t
from tentable.ui.scenes.games import GamesScene
from tentable.ui.tables import screens
from tentable.ui.tables.moments import GUARD, play_to_moment
from tentable.ui.widgets.seatpanel import SeatPanel
from uitools import step

NUMBER = re.compile(r"[+\u2212-]?\d+")
PLUS = re.compile(r"\+\d")


def numbers(text: str) -> list[int]:
    """The whole numbers of a text as read: "−13 this round, −26 in all" -> [-13, -26]."""
    return [int(n.replace("\u2212", "-")) for n in NUMBER.findall(text)]


def totals(parts: list[list[int]]) -> list[int]:
    """TT-R10, ER-R15: a match's score is the sum of its finished parts."""
    return [sum(column) for column in zip(*parts)]


def heuristic(state):
    return make_bot("heuristic", state.game_id, state.current_player,
                    seed=len(state.history)).choose(state)


class Drawn:
    """What the table draws, recorded as it is drawn: each seat panel's `SeatInfo` and
    the lines of every banner (a part's summary, the game over)."""

    def __init__(self, monkeypatch) -> None:
        self.panels: dict[int, object] = {}
        self.banners: list[tuple[str, list[str]]] = []
        self.labels = uitools.record_labels(monkeypatch)     # every text drawn
        self.frames = 0
        panel, banner = SeatPanel.draw, screens.Banner.draw

        def draw_panel(widget, surface, rect, info, *rest, **named):
            self.panels[info.seat] = info
            return panel(widget, surface, rect, info, *rest, **named)

        def draw_banner(widget, surface, title, lines=(), *rest, **named):
            self.banners.append((title, list(lines)))
            return banner(widget, surface, title, lines, *rest, **named)
        monkeypatch.setattr(SeatPanel, "draw", draw_panel)
        monkeypatch.setattr(screens.Banner, "draw", draw_banner)

    def frame(self, table) -> None:
        """Draw the table once more, every part painted now: on a surface a little taller
        than any before (the same scale), so no table finds a copy it kept of a part."""
        self.panels, self.banners = {}, []
        self.frames += 1
        width, height = table.app.size
        table.draw(pygame.Surface((width, height + self.frames)))

    def panel_scores(self, table) -> list[int]:
        assert sorted(self.panels) == list(range(table.session.players))
        return [numbers(self.panels[seat].score)[0] for seat in sorted(self.panels)]


def open_table(app, game_id, players, seed, seats=None, **options):
    """A new user's table: the options the setup proposes for the player count, one human
    and computer players, the moments held until the player goes on."""
    app.settings["moments"] = "wait"
    proposed = {o.name: o.suggested(players) for o in GAMES[game_id].options}
    seats = seats or ["human"] + ["random"] * (players - 1)
    return uitools.new_table(app, seats, seed=seed, game=game_id, **{**proposed, **options})


def check_part(table, drawn) -> None:
    """The end of a part held (TT-R9, ER-R14): the panels, the banner's points and totals,
    and the engine's scores all say the sum of the finished parts."""
    moment = table.moments.current
    drawn.frame(table)
    finished = moment.view[table.parts.scores]
    assert len(finished) == moment.facts["part"]
    expected = totals(finished)
    assert table.match.scores() == expected             # the next part starts at nothing
    assert drawn.panel_scores(table) == expected, (drawn.panel_scores(table), expected)
    [(_, lines)] = drawn.banners
    assert [numbers(line.split(":", 1)[1]) for line in lines] == [
        [points, total] for points, total in zip(finished[-1], expected)], lines


def said_names(table) -> list[str]:
    """The players as the log names them: "you" for the one human at the screen."""
    return ["you" if table.speaks_to(seat) else name for seat, name in enumerate(table.names)]


def check_cards_shown(table, last: dict) -> None:
    """RX-R8: the log's "Cards shown" line names every card turned up (each player has
    placed one at least, RX-R4), each player's with the total the engine counted."""
    line = [e.text for e in table.log.entries if e.text.startswith("Cards shown: ")][-1]
    hands = dict(hand.split(" ", 1) for hand in line[len("Cards shown: "):].split("; "))
    assert sum(hand.count(" + ") + 1 for hand in hands.values()) == len(last["cards"]), (
        line, last)
    assert {name: numbers(hand.rsplit(" = ", 1)[1]) for name, hand in hands.items()} == {
        name: [total] for name, total in zip(said_names(table), last["totals"])}, line



# -- the wrong numbers of #37, one by one ----------------------------------------------------
def test_tt_r9_r10_the_panels_at_a_rounds_end_count_its_piles_once(app, monkeypatch):
    """#37 (5): while the end of round 1 is held, each panel says what the banner says in
    all, the round's piles counted once (it said −26 and −19 beside −13 and −13)."""
    drawn = Drawn(monkeypatch)
    table = open_table(app, "takethat", 2, 1, ["human", "heuristic"], rounds=2)
    play_to_moment(table, "part", heuristic)
    round_one = table.moments.current.facts["scores"]
    drawn.frame(table)
    assert drawn.panel_scores(table) == round_one
    [(_, lines)] = drawn.banners
    assert [numbers(line.split(":", 1)[1]) for line in lines] == [[p, p] for p in round_one]


@pytest.mark.parametrize("players,seed", [(2, 923609681), (4, 923609681)])
def test_er_r14_r15_the_panels_at_a_games_end_add_the_bonus_cards_once(app, monkeypatch,
                                                                          players, seed):
    """#37 (5): at the end of each game of a match the panels say the banner's "in all";
    the bonus cards of that game are in its score, never added again (2 players said +22
    beside "+11 this game, +11 in all"; 4 players +44 / +14 / −4 beside +22 / −8 / −26)."""
    drawn = Drawn(monkeypatch)
    table = open_table(app, "elfer", players, seed, ["human"] + ["heuristic"] * (players - 1))
    assert table.match.state.options["games"] == players      # the setup's proposal
    for part in range(1, players):
        play_to_moment(table, "part", heuristic)
        check_part(table, drawn)
        step(app, round(GUARD * 60) + 1)
        uitools.key(app, pygame.K_RETURN)
        assert not table.moments and table.view["game_no"] == part + 1


def test_rx_r8_the_cards_shown_line_names_the_card_the_last_player_added(app):
    """#37 (6): the last player of phase 4 who adds a second card has both named, and the
    total they make ("you 5 = 10" for 5 + 5 left a card out)."""
    table = open_table(app, "retro10", 3, 624527722, ["human", "heuristic", "heuristic"])
    match = table.match
    while True:
        seat = match.current_player
        action = heuristic(match.state)
        before = match.view(None)
        table.play(seat, [action])
        table.go_on()
        if rx_words.round_ended(before, match.view(None)) and action.startswith("add"):
            break
    last = match.view(None)["last_round"]
    line = [e.text for e in table.log.entries if e.text.startswith("Cards shown: ")][-1]
    hands = dict(hand.split(" ", 1) for hand in line[len("Cards shown: "):].split("; "))
    assert hands[said_names(table)[seat]].count(" + ") == 1, line
    check_cards_shown(table, last)


def test_rx_r10_your_games_lists_penalty_points_without_a_plus(app, monkeypatch):
    """#37 (6): a penalty game's scores are penalty points in Your games too, as in its
    results: "Ana 37 · Ben 132", never "+37"."""
    drawn = uitools.record_labels(monkeypatch)
    seats = (Seat("Ana", "bot", "heuristic"), Seat("Ben", "bot", "random"))
    match = Match(Session("retro10", seats, 624527722, {}))
    match.play_out()
    keeping.keep({**match.record(), "seats": [{"name": s.name, "kind": "bot", "bot": s.bot}
                                              for s in seats]},
                 match.scores(), match.winners(), match.lowest_wins)
    assert isinstance(app.push("games"), GamesScene)
    step(app)
    ana, ben = match.scores()
    listed = f"Ana {ana} · Ben {ben}".replace("-", "\u2212")
    assert listed in drawn, sorted(text for text in drawn if text.startswith("Ana "))


def test_rx_r10_at_the_games_end_won_is_said_of_the_games_winner_not_the_last_rounds(
        app, monkeypatch):
    """#37 (6): the final board said "Ana 37 points · won" of the winner of the last round;
    won is the game's word there (RX-R10: the fewest points), and lost nobody's."""
    drawn = Drawn(monkeypatch)
    table = open_table(app, "retro10", 2, 624527722, ["human", "heuristic"])
    match = table.match
    while not match.is_over:
        table.play(match.current_player, [heuristic(match.state)])
        table.go_on()
    last = match.view(None)["last_round"]
    assert last["winner"] not in match.winners()           # the case the issue saw
    uitools.pass_time(app, 1.0)
    drawn.frame(table)
    notes = {seat: info.note for seat, info in drawn.panels.items()}
    assert notes == {seat: t("rx.won") if seat in match.winners() else ""
                     for seat in range(2)}, notes
