#!/usr/bin/env python3
"""How much of a win each level's choices give away, judged on many worlds.

    python3 scripts/regret.py --game elfer --positions 40 --worlds 300
    python3 scripts/regret.py --game elfer --try wide='{"vary_by_error": true}'

A quick look before a tournament, for the four games whose levels search by rollouts of
their heuristic (TEN tiles has its own search). Positions come from two-player games of
the heuristic against itself (deals 700 on), about one in eight of those where the seat
has three moves or more. At each, every legal move is tried on the same `--worlds` worlds
dealt from what the seat knows, the heuristic playing on as in Expert's rollouts (its
cut-off, its evaluation): the judge. Each level (and each `--try`: Expert with those
settings over its own) chooses four times, with four seeds, and is charged what its move
falls short of the judge's best, in wins: its regret.

The judge is one step of policy improvement on the heuristic, the very thing the rollout
levels estimate with fewer worlds: a level that comes closer to it scores better here,
which says nothing of a search that would look further. A tournament has the last word.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "scripts"))
    from _venv import relaunch
    relaunch(__file__)

sys.path.insert(0, str(ROOT))

CHOICES = 4          # seeds each level chooses with at a position
KEEP = 0.12          # share of the heuristic games' decisions kept as positions


def positions(game_id: str, count: int, rng: random.Random) -> list:
    """(seat, a copy dealt from that seat's knowledge) at decisions of heuristic games."""
    from tentable.bots import HEURISTICS
    from tentable.engine import new_game
    found = []
    for game in itertools.count(1):             # the game's deal is 699 + game
        if len(found) >= count:
            break
        state = new_game(game_id, 2, seed=699 + game)
        bots = [HEURISTICS[game_id](seat, game) for seat in range(2)]
        while not state.is_over and len(found) < count:
            seat = state.current_player
            if len(state.legal_actions()) > 2 and rng.random() < KEEP:
                found.append((seat, state.determinize(seat, rng.randrange(1 << 30))))
            state.apply(bots[seat].choose(state))
    return found


def judge(game_id: str, seat: int, state, worlds: int) -> dict[str, float]:
    """Each legal move's mean result on the same `worlds` worlds, the heuristic playing on."""
    from tentable.bots import make_bot
    bot = make_bot("expert", game_id, seat, 0, math.inf)
    legal = state.legal_actions()
    results = {action: 0.0 for action in legal}
    for k in range(worlds):
        world = state.determinize(seat, 10_000 + k)
        for action in legal:
            results[action] += bot.rollout(world, action, 10_000 + k)
    return {action: total / worlds for action, total in results.items()}


def regrets(game_id: str, count: int, worlds: int, tries: dict[str, dict],
            levels=("normal", "hard", "expert"), out=sys.stdout) -> dict[str, list[float]]:
    """Each player's mean regret at each of `count` positions (printed as they come)."""
    from tentable.bots import HEURISTICS, make_bot
    players = {"heuristic": None, **{level: (level, {}) for level in levels},
               **{name: ("expert", t) for name, t in tries.items()}}
    charged: dict[str, list[float]] = {name: [] for name in players}
    for i, (seat, state) in enumerate(positions(game_id, count, random.Random(11))):
        value = judge(game_id, seat, state, worlds)
        best = max(value.values())
        row = []
        for name, player in players.items():
            losses = []
            for seed in range(CHOICES):
                bot = (HEURISTICS[game_id](seat, seed) if player is None else
                       make_bot(player[0], game_id, seat, seed, math.inf, tuning=player[1]))
                losses.append(best - value[bot.choose(state)])
            charged[name].append(statistics.fmean(losses))
            row.append(f"{name} {charged[name][-1]:.3f}")
        print(f"position {i + 1}: {len(value)} moves; " + ", ".join(row), file=out, flush=True)
    return charged


def main(argv: list[str] | None = None) -> int:
    from tentable.bots import ROLLOUT_GAMES, make_bot
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(ROLLOUT_GAMES))
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=300, help="worlds the judge tries")
    parser.add_argument("--try", dest="tries", action="append", default=[],
                        metavar="NAME=JSON", help="Expert with these settings over its own")
    args = parser.parse_args(argv)
    tries = {}
    for item in args.tries:
        name, _, settings = item.partition("=")
        try:
            tries[name] = json.loads(settings)
        except ValueError as exc:
            parser.error(f"--try {item!r}: {exc}")
    if args.positions < 1 or args.worlds < 1:
        parser.error("--positions and --worlds are at least 1")
    for name, settings in tries.items():
        try:                        # a setting the search does not have, before any work
            make_bot("expert", args.game, 0, 0, math.inf, tuning=settings)
        except ValueError as exc:
            parser.error(f"--try {name}: {exc}")
    charged = regrets(args.game, args.positions, args.worlds, tries)
    for name, losses in charged.items():
        spread = statistics.stdev(losses) / math.sqrt(len(losses)) if len(losses) > 1 else 0
        print(f"{name:<12} mean regret {statistics.fmean(losses):.4f} (± {spread:.4f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
