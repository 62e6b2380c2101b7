"""TEN's payments (TEN-R12): which tokens and cards to pay with, keeping what is likely to
be worth most at the end. The table's suggestion and every bot pay by this one plan.
"""
from __future__ import annotations

from collections import Counter

from tentable.engine.ten import Ten
from tentable.engine.ten_cards import (BUST_WORTH, MONA, best_assignment, card_info, deck_for,
                                       is_joker, run_cards, score_within)

# What an item is likely to be worth at the end, in points of final score. A token buys cards
# and wins auctions while cards are to come, and only breaks ties at the end (TEN-R15); a card
# outside the best runs may still join one while many cards are to come — more so next to a
# card of its colour, a joker most of all (it fills any gap). `left` is the share of the pile
# still to come.
COIN_EARLY, COIN_LATE = 0.3, 0.05
SPARE_NEAR, SPARE_FAR, SPARE_JOKER = 0.8, 0.35, 1.5


def coin_worth(left: float) -> float:
    return COIN_LATE + (COIN_EARLY - COIN_LATE) * left


def _spare_worths(key: tuple[str, ...], left: float) -> list[tuple[float, str]]:
    """The cards outside the leanest best runs with what each may still add, cheapest
    first. Of identical cards only one can ever score: a copy of a card in the runs, or a
    second spare copy, adds nothing."""
    choices = best_assignment(key, True)[2]
    in_runs = run_cards(key, choices)
    spare = Counter(key) - in_runs
    held = set(key)
    out = []
    for code in sorted(spare.elements()):
        kind, value, colour = card_info(code)
        if kind != "number":
            worth = SPARE_JOKER * left
        elif in_runs[code] or (out and out[-1][1] == code):
            worth = 0.0
        else:
            near = any(f"{colour}{value + d}" in held for d in (-2, -1, 1, 2))
            worth = (SPARE_NEAR if near else SPARE_FAR) * left
        out.append((worth, code))
    out.sort()
    return out


def collection_outlook(codes: list[str], left: float) -> float:
    """What a collection is likely to score at the end, with `left` of the pile to come:
    its runs now (TEN-R14) and what each card outside them may still add, as payments
    value them."""
    key = tuple(sorted(codes))
    if not key:
        return 0.0
    return best_assignment(key, True)[0] + sum(worth for worth, _ in _spare_worths(key, left))


def best_payment(state: Ten, seat: int, price: int, cards: bool | None = None) -> list[str]:
    """The pay actions, in order, that keep the most of what `seat` is likely to have at
    the end: the score of the runs that stay (TEN-R14), what the cards outside them may
    still add, and the money kept (tokens, 3 per bust token, duplicates), each valued by
    how much of the pile is still to come (`coin_worth`, `_spare_worths`). Cards go
    cheapest first, duplicates and tokens next, bust tokens last so that only the last
    item may overshoot. `cards` defaults to whether the current payment allows cards (not
    in a solo auction, S4). Mona's order is fixed (S7). The table's suggestion and every
    bot pay by this plan."""
    if price <= 0:
        return []
    money, busts, dups = state.money[seat], state.bust[seat], len(state.duplicates[seat])
    if state.solo and seat == MONA:
        out = []
        while price > 0:
            if money:
                money, price, item = money - 1, price - 1, "pay t"
            elif busts:
                busts, price, item = busts - 1, price - BUST_WORTH, "pay x"
            elif dups:
                dups, price, item = dups - 1, price - 1, "pay d"
            else:
                raise ValueError("Mona cannot pay that much")
            out.append(item)
        return out
    if cards is None:
        cards = state.payment["cards"] if state.payment else True
    left = len(state.pile) / len(deck_for(state.players))
    coin = coin_worth(left)
    codes = state.codes(seat) if cards else []
    key = tuple(sorted(codes))
    full = best_assignment(key, True)[0]
    spares = _spare_worths(key, left) if cards else []
    spare = len(spares)
    kept_spare = [0.0] * (spare + 1)        # what the spare cards left after paying k add
    for k in range(spare - 1, -1, -1):
        kept_spare[k] = kept_spare[k + 1] + spares[k][0]
    best = None
    for k in range(min(len(codes), price) + 1):
        if k > spare:
            score = score_within(key, len(key) - k, len(key) - spare - 1)[0]
            future = 0.0
        else:
            score, future = full, kept_spare[k]
        for x in range(min(busts, -(-(price - k) // BUST_WORTH)) + 1):
            for d in range(min(dups, max(0, price - k - BUST_WORTH * x)) + 1):
                t = max(0, price - k - BUST_WORTH * x - d)
                if t > money:
                    continue
                paid = k + t + d + BUST_WORTH * x
                biggest = BUST_WORTH if x else 1
                if paid - biggest >= price:          # an item would be paid for nothing
                    continue
                kept = (money - t) + BUST_WORTH * (busts - x) + (dups - d)
                value = (round(score + future + coin * kept, 9), -k)
                if best is None or value > best[0]:
                    best = (value, k, t, x, d)
    if best is None:
        raise ValueError(f"seat {seat} cannot pay {price}")
    _, k, t, x, d = best
    out = [f"pay {code}" for code in _cards_to_pay(key, k, spares)]
    return out + ["pay d"] * d + ["pay t"] * t + ["pay x"] * x


def _cards_to_pay(key: tuple[str, ...], k: int, spares: list[tuple[float, str]]) -> list[str]:
    """The k cards a payment gives: the spare ones that may add least first; past them,
    the cards the best runs of what stays can do without."""
    if k <= len(spares):
        return [code for _, code in spares[:k]]
    choices = score_within(key, len(key) - k, len(key) - len(spares) - 1)[1]
    rest = Counter(key) - run_cards(key, choices)
    copies = Counter(key)

    def order(code: str):
        return (is_joker(code), copies[code] == 1, -card_info(code)[1], code)
    return sorted(rest.elements(), key=order)[:k]
