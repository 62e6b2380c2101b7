#!/usr/bin/env python3
"""Play computer levels against each other and print win rates with 95% intervals.

    python3 scripts/tournament.py                          # every game, the default pairings
    python3 scripts/tournament.py --game takethat --games 40 --pairs hard:heuristic
    python3 scripts/tournament.py --markdown               # the table of docs/ai.md

Two-player games, seats alternated (each pairing plays half its games from each seat, on
the same seeds). Every bot decides from `state.determinize(seat, …)`, as at the table, with
its level's own time limit unless --iterations-only. A shared win counts half. The interval
is Wilson's score interval for the first bot's share of the points.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "scripts"))
    from _venv import relaunch
    relaunch(__file__)

sys.path.insert(0, str(ROOT))

DEFAULT_PAIRS = ("hard:heuristic", "expert:hard", "normal:easy")


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% score interval of a share `points / n`."""
    if n == 0:
        return 0.0, 1.0
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game_id: str, names: tuple[str, str], seed: int, iterations_only: bool,
         times: dict[str, list[float]]) -> list[float]:
    """One game; each seat's share of the win."""
    from tentable.sim import computers

    def decided(seat: int, seconds: float, choices: int) -> None:
        if choices > 1:                  # a forced move is no decision to time
            times[names[seat]].append(seconds)
    match = computers(game_id, list(names), seed,
                      time_limit=math.inf if iterations_only else None)
    match.play_out(decided=decided)
    winners = match.winners()
    return [1 / len(winners) if s in winners else 0.0 for s in range(2)]


def match(game_id: str, a: str, b: str, games: int, seed: int,
          iterations_only: bool) -> dict:
    times: dict[str, list[float]] = {a: [], b: []}
    points = 0.0
    for g in range(games):
        # seats alternate; a pair of games shares its seed so both deals are played each way
        names = (a, b) if g % 2 == 0 else (b, a)
        shares = play(game_id, names, seed + g // 2, iterations_only, times)
        points += shares[names.index(a)]
        print(f"  {game_id} game {g + 1}/{games}: {names[0]} {shares[0]:g} – "
              f"{names[1]} {shares[1]:g}", file=sys.stderr, flush=True)
    low, high = wilson(points, games)
    return {"game": game_id, "a": a, "b": b, "games": games, "share": points / games,
            "low": low, "high": high,
            "ms": {name: _ms(ts) for name, ts in times.items()}}


def _ms(times: list[float]) -> tuple[float, float]:
    if not times:
        return 0.0, 0.0
    ordered = sorted(times)
    return (1000 * statistics.mean(ordered),
            1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))])


def format_rows(rows: list[dict], markdown: bool) -> str:
    head = ("game", "A vs B", "games", "A's share", "95% interval", "A ms mean/p95",
            "B ms mean/p95")
    lines = []
    if markdown:
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    else:
        lines.append(f"{head[0]:<10}{head[1]:<22}{head[2]:>6}{head[3]:>11}{head[4]:>16}"
                     f"{head[5]:>16}{head[6]:>16}")
    for r in rows:
        ma, mb = r["ms"][r["a"]], r["ms"][r["b"]]
        cells = (r["game"], f"{r['a']} vs {r['b']}", str(r["games"]),
                 f"{100 * r['share']:.1f}%", f"{100 * r['low']:.0f}–{100 * r['high']:.0f}%",
                 f"{ma[0]:.0f}/{ma[1]:.0f}", f"{mb[0]:.0f}/{mb[1]:.0f}")
        if markdown:
            lines.append("| " + " | ".join(cells) + " |")
        else:
            lines.append(f"{cells[0]:<10}{cells[1]:<22}{cells[2]:>6}{cells[3]:>11}"
                         f"{cells[4]:>16}{cells[5]:>16}{cells[6]:>16}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from tentable.engine import GAMES
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default=",".join(DEFAULT_PAIRS),
                        help="A:B pairings, comma-separated (default %(default)s)")
    parser.add_argument("--iterations-only", action="store_true",
                        help="levels search their full iteration counts, without time limits")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    args = parser.parse_args(argv)
    rows = []
    for game_id in args.game or sorted(GAMES):
        for pair in args.pairs.split(","):
            a, b = pair.split(":")
            rows.append(match(game_id, a, b, args.games, args.seed, args.iterations_only))
            print(format_rows(rows[-1:], False).splitlines()[-1], file=sys.stderr, flush=True)
    print(format_rows(rows, args.markdown))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
