"""Headless bot-vs-bot simulation behind `tentable sim`: matches with no one at the screen.

Seats cycle through the listed bots and the assignment rotates by one seat each
game, so every bot sits in every seat equally often (the start seat matters).
A failing game never stops the run: its seed and history are reported.
"""
from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from typing import Callable

from tentable.bots import make_bot
from tentable.engine import GAMES, new_game
from tentable.engine.core import SEED_LIMIT
from tentable.match import Match
from tentable.narration import drawn
from tentable.session import BOT, Seat, Session
from tentable.text import t


AUTOMATON = "rules"     # the name a rule-driven seat (Mona) reports under
SOLO_RESULTS = ("win", "draw", "loss")


@dataclass
class SimResult:
    game: str
    players: int
    bots: list[str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)        # shared wins split evenly
    seats: dict[str, int] = field(default_factory=dict)         # seat-games played per bot
    score_sum: dict[str, float] = field(default_factory=dict)
    actions: int = 0
    seconds: float = 0.0
    errors: list[dict] = field(default_factory=list)
    # solo (one bot against an automaton): the bot's wins, draws and losses, and its
    # points over the automaton's summed over the games
    solo: dict[str, int] = field(default_factory=dict)
    margin_sum: float = 0.0
    draws: int = 0          # games nobody won (TEN tiles, TL-R8; solo TEN, S8): half a
                            # win each
    # by seat, whoever sat there: what a run of one level against itself can tell
    seat_wins: list[float] = field(default_factory=list)
    seat_score_sum: list[float] = field(default_factory=list)

    @property
    def one_level(self) -> bool:
        """One level sat at several seats of each game, so it won every game, whichever
        seat won: only its seats can be told apart."""
        return len(set(self.bots)) == 1 and self.seats.get(self.bots[0], 0) > self.games

    def solo_json(self) -> dict:
        played = max(1, self.games)
        return {**{f"{k}_rate": self.solo.get(k, 0) / played for k in SOLO_RESULTS},
                "mean_margin": self.margin_sum / played}

    def as_json(self) -> dict:
        names = list(dict.fromkeys(self.bots + [n for n in self.seats if n == AUTOMATON]))
        return {
            "game": self.game, "players": self.players, "games": self.games,
            "wins": {b: round(self.wins.get(b, 0.0), 3) for b in names},
            "mean_score": {b: self.score_sum.get(b, 0.0) / max(1, self.seats.get(b, 0))
                           for b in names},
            "actions_per_game": self.actions / max(1, self.games),
            "games_per_s": self.games / max(self.seconds, 1e-9),
            "actions_per_s": self.actions / max(self.seconds, 1e-9),
            "seat_wins": [round(wins, 3) for wins in self.seat_wins],
            "seat_mean_score": [score / max(1, self.games) for score in self.seat_score_sum],
            "errors": self.errors,
            **({"solo": self.solo_json()} if self.solo else {}),
            **({"draws": self.draws} if self.draws else {}),
        }


def computers(game_id: str, levels: list[str], seed: int, options: dict | None = None,
              time_limit: float | None = None) -> Match:
    """A match with a computer at every seat (`levels`, one a seat; an automaton's seat
    plays by the rules whatever is named there), ready for `play_out`."""
    seats = tuple(Seat(level, BOT, level) for level in levels)
    return Match(Session(game_id, seats, seed, dict(options or {})), time_limit=time_limit)


def simulate(game_id: str, players: int, games: int, seed: int, bots: list[str],
             options: dict | None = None, max_actions: int = 100_000,
             time_limit: float | None = None,
             progress: Callable[[int, int], None] | None = None) -> SimResult:
    """Play `games` games; `progress(done, games)` is told after each one."""
    # Bad arguments are the caller's mistake, not a failing game: refuse them up front.
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games!r}")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        raise ValueError("name at least one bot, e.g. ['random']")
    automata = set(new_game(game_id, players, seed, options).automata)
    choosers = [seat for seat in range(players) if seat not in automata]
    if seed + games > SEED_LIMIT:
        raise ValueError("the seeds run past 2**63-1 (game g uses seed + g)")
    for name in set(bots):
        make_bot(name, game_id, 0)
    result = SimResult(game_id, players, bots, seat_wins=[0.0] * players,
                       seat_score_sum=[0.0] * players)
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        # Automata (solo TEN's Mona) play by the rules; the bots rotate over the other seats.
        names = [AUTOMATON] * players
        for i, seat in enumerate(choosers):
            names[seat] = bots[(i + g) % len(bots)]
        state = None
        try:
            match = computers(game_id, names, game_seed, options, time_limit)
            state = match.state
            match.play_out(max_actions)   # every bot decides from its seat's determinization
            result.actions += len(state.history)
        except Exception as exc:  # a simulation reports every failure and goes on
            result.errors.append({
                "seed": game_seed, "players": players, "bots": names,
                "error": f"{type(exc).__name__}: {exc}",
                "where": traceback.format_exc(limit=-1).strip().splitlines()[-3:],
                "history": list(state.history) if state else [],
            })
        else:
            _count(result, state, names)
            if automata and len(choosers) == 1:
                _count_solo(result, state, choosers[0], automata)
        if progress is not None:
            progress(g + 1, games)
    result.seconds = time.perf_counter() - start
    return result


def _count(result: SimResult, state, names: list[str]) -> None:
    """A finished game's wins and scores, by level and by seat."""
    result.games += 1
    winners = state.winners()
    result.draws += drawn(result.game, state.view(None))
    for s, (name, score) in enumerate(zip(names, state.scores())):
        share = 1 / len(winners) if s in winners else 0.0
        result.seats[name] = result.seats.get(name, 0) + 1
        result.score_sum[name] = result.score_sum.get(name, 0.0) + score
        result.wins[name] = result.wins.get(name, 0.0) + share
        result.seat_wins[s] += share
        result.seat_score_sum[s] += score


def _count_solo(result: SimResult, state, you: int, automata: set[int]) -> None:
    winners, scores = state.winners(), state.scores()
    outcome = ("loss" if you not in winners else "win" if len(winners) == 1 else "draw")
    result.solo[outcome] = result.solo.get(outcome, 0) + 1
    result.margin_sum += scores[you] - max(scores[seat] for seat in automata)


def difficulty_curve(game_id: str, targets: list[int], games: int, seed: int,
                     bots: list[str], options: dict | None = None,
                     time_limit: float | None = None,
                     progress: Callable[[int, int], None] | None = None
                     ) -> list[tuple[int, SimResult]]:
    """Solo at every target: the same seeds (the same decks) at each, so the rungs
    differ only by the target. `progress(done, total)` counts the games of all targets."""
    total = games * len(targets)

    def counted(before: int) -> Callable[[int, int], None] | None:
        return None if progress is None else lambda done, _: progress(before + done, total)
    return [(target, simulate(game_id, 2, games, seed, bots,
                              {**(options or {}), "solo": True, "target": target},
                              time_limit=time_limit, progress=counted(i * games)))
            for i, target in enumerate(targets)]


def _columns(headers: list[tuple[str, int]], first: str = "<") -> tuple[list[int], str]:
    """The widths of a table's columns, each wide enough for its header in the player's
    language (its `width` at least), and the header line: the first column aligned by
    `first`, the numbers' columns to the right."""
    widths = [max(width, len(header) + 2) for header, width in headers]
    aligns = [first] + [">"] * (len(headers) - 1)
    return widths, "".join(f"{header:{align}{width}}"
                           for (header, _), align, width in zip(headers, aligns, widths))


def format_curve(rows: list[tuple[int, SimResult]]) -> str:
    first = rows[0][1]
    widths, header = _columns([(t("cli.sim.target"), 6), (t("cli.sim.win_rate"), 9),
                               (t("cli.sim.draw_rate"), 9), (t("cli.sim.loss_rate"), 9),
                               (t("cli.sim.margin"), 14)], first=">")
    lines = [t("cli.sim.curve", n=first.games, game=first.game, bots=",".join(first.bots)),
             header]
    for target, result in rows:
        solo = result.solo_json()
        a, b, c, d, e = widths
        lines.append(f"{target:>{a}}{100 * solo['win_rate']:>{b}.1f}"
                     f"{100 * solo['draw_rate']:>{c}.1f}{100 * solo['loss_rate']:>{d}.1f}"
                     f"{solo['mean_margin']:>+{e}.2f}")
    errors = [(target, err) for target, result in rows for err in result.errors]
    lines.append(t("cli.sim.errors", n=len(errors)) if errors else t("cli.sim.no_errors"))
    for target, err in errors:
        lines.append("  " + t("cli.sim.target_error", target=target, seed=err["seed"],
                              error=err["error"]))
    lines.append(t("cli.sim.margin_note"))
    return "\n".join(lines)


def format_result(result: SimResult) -> str:
    """`tentable sim`'s report in the player's language; the bots keep the names typed
    after --bots (they are what a player types there), the numbers Python's notation."""
    data = result.as_json()
    lines = [t("cli.sim.title", n=result.games, game=result.game, players=result.players,
               bots=",".join(result.bots))]
    if result.one_level:     # its wins are every game's: how each seat did tells more
        lines.append(t("cli.sim.one_level", bot=result.bots[0]))
        first = t("cli.sim.seat")
        rows = [(t("cli.sim.seat_row", number=seat + 1), wins, score)
                for seat, (wins, score) in enumerate(zip(data["seat_wins"],
                                                         data["seat_mean_score"]))]
    else:
        first = t("cli.sim.bot")
        rows = [(bot, wins, data["mean_score"][bot]) for bot, wins in data["wins"].items()]
    widths, header = _columns([(first, 12), (t("cli.sim.wins"), 10), (t("cli.sim.win_rate"), 9),
                               (t("cli.sim.mean_score"), 13)])
    lines.append(header)
    name, wins_w, share_w, score_w = widths
    for label, wins, score in rows:
        share = 100 * wins / max(1, data["games"])
        lines.append(f"{label:<{name}}{wins:>{wins_w}.1f}{share:>{share_w - 1}.1f}%"
                     f"{score:>{score_w}.2f}")
    lines.append(t("cli.sim.speed", per_game=f"{data['actions_per_game']:.1f}",
                   games=f"{data['games_per_s']:.1f}", actions=f"{data['actions_per_s']:,.0f}"))
    if result.errors:
        lines.append(t("cli.sim.errors", n=len(result.errors)))
        for err in result.errors:
            lines.append("  " + t("cli.sim.error", seed=err["seed"], bots=", ".join(err["bots"]),
                                  error=err["error"]))
            lines.append("    " + t("cli.sim.history", history=" | ".join(err["history"])))
    else:
        lines.append(t("cli.sim.no_errors"))
    if result.solo:
        solo = result.solo_json()
        lines.append(t("cli.sim.solo", win=f"{100 * solo['win_rate']:.1f}",
                       draw=f"{100 * solo['draw_rate']:.1f}",
                       loss=f"{100 * solo['loss_rate']:.1f}",
                       margin=f"{solo['mean_margin']:+.2f}"))
    if result.draws:
        lines.append(t("cli.sim.draws", n=result.draws))
    lines.append(t("cli.sim.shared"))
    if GAMES[result.game].state.lowest_wins:
        lines.append(t("cli.sim.lowest"))
    return "\n".join(lines)
