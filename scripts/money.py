#!/usr/bin/env python3
"""What each level spends on cards against what the cards bring (#39 items 1 and 2).

    python3 scripts/money.py --game ten --games 6 --seed 9101
    python3 scripts/money.py --game retro10 --players 4 --games 3 --seed 9201

Every seat plays the level being measured wherever money is decided (TEN: auctions, buys
and payments; 10 Retro: placing with protection, deals, bids and raises, protecting) and
Easy elsewhere, so a game costs only the level's money decisions. Each bot decides from
`state.determinize(seat, …)`, as at the table, within its level's seconds (or its counts
alone with --iterations-only). Per player and game it prints:

- TEN: the final points (TEN-R14) payments gave up: for each purchase, the score of the
  collection with the card bought less the score after paying for it; and the purchases
  that left a collection scoring less than before (wrecks).
- 10 Retro: the chips paid to take a card (a swap's chip, a bid won; RX-R5), those of them
  paid in rounds the payer then did not win (burnt: each is 2 penalty points, RX-R10), and
  the protection chips put down.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MONEY_PHASES = {"ten": {"auction", "pay", "buy", "final", "busted"},
                "retro10": {"place", "deal", "bid", "protect"}}


def play(game_id: str, level: str, players: int, seed: int, iterations_only: bool) -> dict:
    from tentable.bots import make_bot
    from tentable.engine import new_game
    limit = math.inf if iterations_only else None
    state = new_game(game_id, players, seed=seed)
    levels = [make_bot(level, game_id, s, seed, limit) for s in range(players)]
    easy = [make_bot("easy", game_id, s, seed) for s in range(players)]
    count = {"ten": Ten, "retro10": Retro}[game_id](players)
    step = 0
    while not state.is_over:
        seat = state.current_player
        actions = state.legal_actions()
        bot = levels[seat] if state.phase in MONEY_PHASES[game_id] else easy[seat]
        action = actions[0] if len(actions) == 1 else \
            bot.choose(state.determinize(seat, seed * 1000 + step))
        count.before(state, action)
        state.apply(action)
        count.after(state)
        step += 1
    return count.totals


class Ten:
    """Points given up by payments, per purchase."""

    def __init__(self, players: int) -> None:
        self.totals = {"given up": 0, "wrecks": 0}
        self.paying = None

    def before(self, state, action: str) -> None:
        if state.phase == "pay" and self.paying is None:
            self.paying = (state.payment["payer"], state.codes(state.payment["payer"]),
                           state.payment["card"])

    def after(self, state) -> None:
        from tentable.engine.cards import code_of
        from tentable.engine.ten_cards import score_of
        if self.paying is None or state.phase == "pay":
            return
        payer, codes, card = self.paying
        after = score_of(state.codes(payer))
        self.totals["given up"] += score_of([*codes, code_of(card)]) - after
        self.totals["wrecks"] += after < score_of(codes)
        self.paying = None


class Retro:
    """Chips paid for cards, burnt when the round is not won, and protection."""

    def __init__(self, players: int) -> None:
        self.totals = {"chips for cards": 0, "burnt": 0, "protection": 0}
        self.chips: list[int] = []
        self.phase = ""
        self.pending: list[tuple[int, int]] = []      # (seat, chips) this round
        self.round = None

    def before(self, state, action: str) -> None:
        self.chips, self.phase, self.round = list(state.chips), state.phase, state.last_round

    def after(self, state) -> None:
        spent = [b - a for b, a in zip(self.chips, state.chips)]
        if self.phase in ("place", "protect"):
            self.totals["protection"] += sum(max(0, s) for s in spent)
        elif self.phase in ("deal", "bid") and state.phase == "protect":
            bidder = state.protecting[0]
            self.totals["chips for cards"] += spent[bidder]
            self.pending.append((bidder, spent[bidder]))
        if state.last_round is not None and state.last_round is not self.round:
            winner = state.last_round["winner"]
            self.totals["burnt"] += sum(c for s, c in self.pending if s != winner)
            self.pending = []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(MONEY_PHASES), default="ten")
    parser.add_argument("--levels", default="easy,normal,hard,expert")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=9101)
    parser.add_argument("--iterations-only", action="store_true")
    args = parser.parse_args(argv)
    for level in args.levels.split(","):
        sums: dict[str, float] = {}
        for g in range(args.games):
            totals = play(args.game, level, args.players, args.seed + g, args.iterations_only)
            for key, value in totals.items():
                sums[key] = sums.get(key, 0) + value
            print(f"  {level} game {g + 1}/{args.games}: {totals}", file=sys.stderr, flush=True)
        per = args.games * args.players
        print(f"{args.game} {level}: per player and game, " +
              ", ".join(f"{key} {value / per:.2f}" for key, value in sums.items()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
