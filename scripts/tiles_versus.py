#!/usr/bin/env python3
"""TEN tiles: this tree's search against another commit's, level against level.

    python3 scripts/tiles_versus.py --against main --games 40 --seed 7001 --open
    python3 scripts/tiles_versus.py --against main --games 40 --seed 7001 --first 20

The other commit's `tentable/bots/tentiles.py`, `tilesboard.py` and (where it has one)
`tilethreats.py` are read with `git show`
into a temporary module at run time: the old search is never shipped. Seats alternate on
each deal; both play by their level's seconds (the old search knows no other budget).
Prints each game and, at the end, this tree's share with Wilson's 95% interval.
"""
from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))


def old_search(commit: str):
    """The TilesSearch class of `commit`, loaded from a temporary copy of its search files
    (each imports the others' old copies, never this tree's)."""
    folder = Path(tempfile.mkdtemp(prefix="tiles_old_"))
    for name in ("tilesboard", "tilethreats", "tentiles"):
        shown = subprocess.run(["git", "-C", str(ROOT), "show",
                                f"{commit}:tentable/bots/{name}.py"],
                               capture_output=True, text=True)
        if shown.returncode != 0:          # an older commit without the threat reader
            continue
        text = shown.stdout
        for other in ("tilesboard", "tilethreats"):
            text = text.replace(f"from tentable.bots.{other} import", f"from old_{other} import")
        (folder / f"old_{name}.py").write_text(text)
    sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location("old_tentiles", folder / "old_tentiles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.TilesSearch


def play(seed: int, factories, open_game: bool) -> list[float]:
    from tentable.engine import new_game
    state = new_game("tentiles", 2, seed=seed, options={"open": open_game, "start": 0})
    bots = [factories[s](s, seed) for s in range(2)]
    k = 0
    while not state.is_over:
        seat = state.current_player
        k += 1
        state.apply(bots[seat].choose(state.determinize(seat, seed * 1000 + k)))
    winners = state.winners()
    return [1 / len(winners) if s in winners else 0.0 for s in range(2)]


def main(argv=None) -> int:
    from tournament import wilson
    from tentable.bots import LEVEL_SPECS, make_bot
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="the commit to play against")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7001, help="the first deal")
    parser.add_argument("--first", type=int, default=0, help="skip this many games")
    parser.add_argument("--open", action="store_true", help="the open game (TL-R2)")
    args = parser.parse_args(argv)
    old = old_search(args.against)
    seconds = LEVEL_SPECS[args.level].seconds
    new = lambda seat, seed: make_bot(args.level, "tentiles", seat, seed)   # noqa: E731
    before = lambda seat, seed: old(seat, seed, time_limit=seconds)          # noqa: E731
    points = 0.0
    played = 0
    for g in range(args.first, args.games):
        mine = g % 2                  # this tree's seat: white on even games, black on odd
        factories = (new, before) if mine == 0 else (before, new)
        tick = time.perf_counter()
        shares = play(args.seed + g // 2, factories, args.open)
        points += shares[mine]
        played += 1
        print(f"game {g + 1}: deal {args.seed + g // 2}, new as {'WB'[mine]}: "
              f"{shares[mine]:g} ({time.perf_counter() - tick:.0f} s)", flush=True)
    low, high = wilson(points, played)
    print(f"new {args.level} vs {args.against}'s: {points:g} of {played} "
          f"({100 * points / played:.1f}%, 95% {100 * low:.0f}-{100 * high:.0f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
