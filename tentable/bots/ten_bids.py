"""TEN's bids in the search's rollouts (TEN-R11): the heuristic's bidding rule (`ten.offer`)
with its limit read from a table distilled from the heuristic itself, not computed.

The heuristic's limit (`bid_limit`: the most a joker is worth, paid by `best_payment`)
costs about 3 ms a bid on collections the search has not met yet; a search's rollouts
meet a new one at nearly every auction, and computed there it made Normal's decision 4
times dearer (1.0 s of CPU instead of 0.25). The limit depends mostly on what a seat
can pay and how much of the pile is left, so the table holds, for each of those, the
limits the heuristic set in its own games, as five fifths (`distil`), and a rollout's
bidder draws one. Before #39's last step the rollouts bid the lowest bid up to 2 to 5:
bidding first the heuristic opens at 4 in four auctions of ten, where they opened at 1.
"""
from __future__ import annotations

import random
from collections import defaultdict

from tentable.bots.ten import bid_bounds, bid_choice, offer
from tentable.engine.ten import Ten
from tentable.engine.ten_cards import BUST_WORTH, deck_for
from tentable.engine.ten_moves import PASS, read

CASH_CAP = 12       # what a seat can pay without cards, as far as the table tells it apart
THIRDS = 3          # the pile left, in thirds
HOLDINGS = (6, 12)  # collections of fewer than 6 cards, fewer than 12, more: their spare
                    # cards pay too, and late in the game the heuristic bids them

# (what the seat can pay without cards, up to CASH_CAP; thirds of the pile left, 0 = the
# last; its collection's size by HOLDINGS) -> the heuristic's limits at the middles of its
# five fifths, by `table()`: 120 games of the heuristic with itself of two players and 40
# of three (4,958 bids; a cell none reached takes its nearest in money).
BID_LIMITS: dict[tuple[int, int, int], tuple[int, ...]] = {
    (0, 0, 0): (6, 6, 6, 6, 6), (0, 0, 1): (1, 1, 5, 5, 5), (0, 0, 2): (1, 1, 2, 4, 5),
    (0, 1, 0): (4, 4, 4, 4, 4), (0, 1, 1): (1, 2, 3, 4, 4), (0, 1, 2): (1, 1, 2, 3, 4),
    (0, 2, 0): (1, 1, 2, 3, 4), (0, 2, 1): (1, 2, 2, 4, 4), (0, 2, 2): (1, 1, 2, 3, 4),
    (1, 0, 0): (6, 6, 6, 6, 6), (1, 0, 1): (1, 1, 5, 5, 5), (1, 0, 2): (1, 2, 3, 4, 4),
    (1, 1, 0): (4, 4, 4, 4, 4), (1, 1, 1): (2, 3, 4, 4, 4), (1, 1, 2): (2, 2, 3, 4, 4),
    (1, 2, 0): (2, 2, 2, 3, 4), (1, 2, 1): (2, 3, 4, 4, 4), (1, 2, 2): (2, 2, 2, 3, 4),
    (2, 0, 0): (6, 6, 6, 6, 6), (2, 0, 1): (2, 2, 2, 2, 2), (2, 0, 2): (2, 2, 3, 4, 5),
    (2, 1, 0): (3, 3, 3, 3, 3), (2, 1, 1): (3, 3, 3, 4, 4), (2, 1, 2): (3, 3, 3, 4, 4),
    (2, 2, 0): (3, 3, 3, 3, 4), (2, 2, 1): (3, 3, 4, 4, 4), (2, 2, 2): (3, 3, 3, 3, 4),
    (3, 0, 0): (6, 6, 6, 6, 6), (3, 0, 1): (1, 3, 3, 4, 8), (3, 0, 2): (1, 3, 3, 4, 5),
    (3, 1, 0): (3, 3, 3, 3, 3), (3, 1, 1): (2, 3, 4, 4, 5), (3, 1, 2): (2, 3, 3, 4, 5),
    (3, 2, 0): (3, 4, 4, 4, 4), (3, 2, 1): (3, 3, 4, 4, 4), (3, 2, 2): (3, 4, 4, 4, 4),
    (4, 0, 0): (6, 6, 6, 6, 6), (4, 0, 1): (4, 5, 5, 5, 5), (4, 0, 2): (2, 4, 4, 4, 6),
    (4, 1, 0): (4, 4, 4, 4, 4), (4, 1, 1): (3, 4, 4, 5, 6), (4, 1, 2): (3, 4, 4, 5, 6),
    (4, 2, 0): (4, 4, 4, 4, 4), (4, 2, 1): (4, 4, 5, 5, 6), (4, 2, 2): (4, 4, 4, 4, 4),
    (5, 0, 0): (6, 6, 6, 6, 6), (5, 0, 1): (2, 2, 5, 5, 6), (5, 0, 2): (2, 5, 5, 6, 6),
    (5, 1, 0): (5, 5, 5, 5, 5), (5, 1, 1): (2, 5, 5, 5, 6), (5, 1, 2): (2, 5, 5, 6, 6),
    (5, 2, 0): (5, 5, 5, 5, 5), (5, 2, 1): (3, 5, 5, 6, 6), (5, 2, 2): (5, 5, 5, 5, 5),
    (6, 0, 0): (6, 6, 6, 6, 6), (6, 0, 1): (4, 6, 6, 6, 8), (6, 0, 2): (2, 6, 6, 6, 7),
    (6, 1, 0): (6, 6, 6, 6, 6), (6, 1, 1): (4, 6, 6, 6, 7), (6, 1, 2): (3, 6, 6, 6, 7),
    (6, 2, 0): (5, 6, 6, 6, 6), (6, 2, 1): (6, 6, 6, 6, 7), (6, 2, 2): (5, 6, 6, 6, 6),
    (7, 0, 0): (6, 6, 6, 6, 6), (7, 0, 1): (2, 7, 7, 7, 7), (7, 0, 2): (2, 7, 7, 7, 8),
    (7, 1, 0): (2, 6, 6, 6, 6), (7, 1, 1): (4, 6, 6, 6, 7), (7, 1, 2): (2, 6, 6, 6, 7),
    (7, 2, 0): (6, 6, 6, 6, 6), (7, 2, 1): (4, 6, 6, 6, 8), (7, 2, 2): (6, 6, 6, 6, 6),
    (8, 0, 0): (6, 6, 6, 6, 6), (8, 0, 1): (4, 7, 7, 7, 7), (8, 0, 2): (2, 7, 7, 7, 8),
    (8, 1, 0): (4, 6, 6, 6, 6), (8, 1, 1): (4, 6, 6, 6, 6), (8, 1, 2): (2, 6, 6, 7, 8),
    (8, 2, 0): (5, 6, 6, 6, 6), (8, 2, 1): (4, 6, 6, 6, 7), (8, 2, 2): (5, 6, 6, 6, 6),
    (9, 0, 0): (6, 6, 6, 6, 6), (9, 0, 1): (2, 6, 6, 7, 9), (9, 0, 2): (2, 6, 7, 8, 9),
    (9, 1, 0): (6, 6, 6, 6, 6), (9, 1, 1): (3, 6, 6, 6, 7), (9, 1, 2): (2, 3, 6, 6, 7),
    (9, 2, 0): (6, 6, 6, 6, 6), (9, 2, 1): (4, 6, 6, 6, 9), (9, 2, 2): (6, 6, 6, 6, 6),
    (10, 0, 0): (6, 6, 6, 6, 6), (10, 0, 1): (2, 6, 7, 7, 7), (10, 0, 2): (2, 7, 7, 8, 10),
    (10, 1, 0): (3, 6, 6, 6, 6), (10, 1, 1): (3, 6, 6, 6, 7), (10, 1, 2): (2, 6, 6, 6, 7),
    (10, 2, 0): (6, 6, 6, 6, 6), (10, 2, 1): (4, 6, 6, 6, 9), (10, 2, 2): (6, 6, 6, 6, 6),
    (11, 0, 0): (6, 6, 6, 6, 6), (11, 0, 1): (2, 6, 6, 7, 7), (11, 0, 2): (2, 6, 7, 8, 8),
    (11, 1, 0): (6, 6, 6, 6, 6), (11, 1, 1): (4, 6, 6, 6, 10), (11, 1, 2): (2, 6, 6, 6, 7),
    (11, 2, 0): (6, 6, 6, 6, 6), (11, 2, 1): (7, 7, 10, 10, 10), (11, 2, 2): (6, 6, 6, 6, 6),
    (12, 0, 0): (6, 6, 6, 6, 6), (12, 0, 1): (2, 7, 7, 7, 7), (12, 0, 2): (2, 7, 7, 8, 12),
    (12, 1, 0): (6, 6, 6, 6, 6), (12, 1, 1): (4, 6, 6, 6, 8), (12, 1, 2): (2, 6, 6, 7, 11),
    (12, 2, 0): (6, 6, 6, 6, 6), (12, 2, 1): (4, 6, 6, 6, 7), (12, 2, 2): (6, 6, 6, 6, 6)}


def cash(state: Ten, seat: int) -> int:
    """Tokens, 3 per bust token and duplicates: what pays without giving up a card."""
    return state.money[seat] + BUST_WORTH * state.bust[seat] + len(state.duplicates[seat])


def key(state: Ten, seat: int) -> tuple[int, int, int]:
    left = len(state.pile) / len(deck_for(state.players))
    held = len(state.collections[seat])
    return (min(cash(state, seat), CASH_CAP), min(THIRDS - 1, int(left * THIRDS)),
            sum(held >= size for size in HOLDINGS))


def rollout_bid(state: Ten, seat: int, actions: list[str], rng: random.Random) -> str:
    """A rollout's bid: the heuristic's rule (`offer`) at a limit drawn from the
    heuristic's own for this much money and pile (`BID_LIMITS`). Solo auctions (S5, S6)
    bid as the heuristic does, exactly: one seat, few of them."""
    if state.solo:
        return bid_choice(state, seat, actions)
    bids = [read(a).amount for a in actions if read(a).kind == "bid"]
    if not bids:
        return PASS
    auction = state.auction
    return offer(min(bids), max(bids), rng.choice(BID_LIMITS[key(state, seat)]),
                 auction["next"] == len(auction["order"]) - 1)


def distil(games: int, players: int, seed: int) -> dict[tuple[int, int, int], list[int]]:
    """The limits the heuristic sets (`bid_bounds`) in `games` of its own with itself,
    by `key`: how `BID_LIMITS` was made."""
    from tentable.bots.ten import TenHeuristic
    from tentable.engine import new_game
    seen: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    for game in range(seed, seed + games):
        state = new_game("ten", players, seed=game)
        bots = [TenHeuristic(s, game) for s in range(players)]
        while not state.is_over:
            seat = state.current_player
            actions = state.legal_actions()
            if state.phase == "auction" and len(actions) > 1:
                seen[key(state, seat)].append(bid_bounds(state, seat, actions)[1])
            state.apply(bots[seat].choose(state.determinize(seat, game)))
    return seen


def fifths(limits: list[int]) -> tuple[int, ...]:
    """The middles of five equal shares of `limits`, sorted: a draw of one is a draw from
    the distribution, coarsely."""
    ordered = sorted(limits)
    return tuple(ordered[int(len(ordered) * (2 * i + 1) / 10)] for i in range(5))


def table(counts: tuple[tuple[int, int, int], ...] = ((2, 120, 20_000), (3, 40, 30_000))
          ) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """`BID_LIMITS` anew from (players, games, first seed): a cell no game reached
    takes the fifths of the nearest in money with the same pile and holdings, else with
    the same pile."""
    seen: dict[tuple[int, int, int], list[int]] = {}
    for players, games, seed in counts:
        for cell, limits in distil(games, players, seed).items():
            seen[cell] = seen.get(cell, []) + limits
    out = {}
    for money in range(CASH_CAP + 1):
        for third in range(THIRDS):
            for held in range(len(HOLDINGS) + 1):
                near = min((abs(c[0] - money) + 99 * (c[2] != held), c) for c in seen
                           if c[1] == third)[1]
                out[money, third, held] = fifths(seen.get((money, third, held)) or seen[near])
    return out


if __name__ == "__main__":      # python -m tentable.bots.ten_bids: the table, anew
    for cell, limits in table().items():
        print(f"    {cell}: {limits},")


__all__ = ["BID_LIMITS", "rollout_bid"]
