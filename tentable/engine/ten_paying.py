"""TEN's payments (TEN-R12): which tokens and cards to pay with, keeping what is likely to
be worth most at the end. The table's suggestion and every bot pay by this one plan.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterator, NamedTuple

from tentable.engine.cards import code_of
from tentable.engine.ten import Ten
from tentable.engine.ten_moves import PAY_BUST, PAY_DUPLICATE, PAY_TOKEN, pay
from tentable.engine.ten_cards import (BUST_WORTH, MONA, best_assignment, card_info, deck_for,
                                       is_joker, run_cards, score_of, score_within)

# What an item is likely to be worth at the end, in points of final score. A token buys cards
# and wins auctions while cards are to come, and only breaks ties at the end (TEN-R15); a card
# outside the best runs may still join one while many cards are to come — more so next to a
# card of its colour, a joker most of all (it fills any gap). `left` is the share of the pile
# still to come.
COIN_EARLY, COIN_LATE = 0.3, 0.05
SPARE_NEAR, SPARE_FAR, SPARE_JOKER = 0.8, 0.35, 1.5
# What a card bought may add beyond its runs now, with the whole pile to come: a number
# card one or two from a card of its colour, a joker (it fills any gap later).
NEAR_RUN, JOKER_FUTURE = 0.3, 1.2


def coin_worth(left: float) -> float:
    return COIN_LATE + (COIN_EARLY - COIN_LATE) * left


def _spare_worths(key: tuple[str, ...], left: float,
                  keep: tuple[str, ...] = ()) -> list[tuple[float, str]]:
    """The cards of `key` outside the leanest best runs of `key` and `keep` (a card
    being bought: it joins the runs but pays nothing) with what each may still add,
    cheapest first. Of identical cards only one can ever score: a copy of a card in the
    runs, or a second spare copy, adds nothing."""
    both = tuple(sorted(key + keep))
    in_runs = run_cards(both, best_assignment(both, True)[2])
    spare = Counter(both) - in_runs - Counter(keep)
    held = set(both)
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


def best_payment(state: Ten, seat: int, price: int, cards: bool | None = None,
                 gaining: str | None = None) -> list[str]:
    """The pay actions, in order, that keep the most of what `seat` is likely to have at
    the end. First the final points (TEN-R14) of what stays together with `gaining`, the
    card bought (by default the one being paid for): no run card goes, and no card the
    purchase joins to a run, while tokens or spare cards can pay. Then what the cards
    outside the runs may still add and the money kept (tokens, 3 per bust token,
    duplicates), each valued by how much of the pile is still to come (`coin_worth`,
    `_spare_worths`). Cards go cheapest first, duplicates and tokens next, bust tokens
    last so that only the last item may overshoot. `cards` defaults to whether the current
    payment allows cards (not in a solo auction, S4). Mona's order is fixed (S7). The
    table's suggestion and every bot pay by this plan."""
    return _plan(state, seat, price, cards, gaining).actions


class Plan(NamedTuple):
    actions: list[str]      # the pay actions, in order
    score: int              # final points (TEN-R14) of what stays, with the card gained
    spares: float           # what the spare cards paid may still have added
    money: int              # tokens, bust tokens (3 each) and duplicates paid


def _plan(state: Ten, seat: int, price: int, cards: bool | None,
          gaining: str | None, floor: int | None = None) -> Plan:
    """`best_payment` with what it gives up; with `floor`, ValueError where only a
    payment keeping fewer final points than `floor` can pay."""
    if price <= 0:
        return Plan([], -1, 0.0, 0)
    money, busts, dups = state.money[seat], state.bust[seat], len(state.duplicates[seat])
    if state.solo and seat == MONA:
        return Plan(_monas(price, money, busts, dups), -1, 0.0, price)
    payment = state.payment
    if cards is None:
        cards = payment["cards"] if payment else True
    if gaining is None and payment and payment["payer"] == seat:
        gaining = code_of(payment["card"])
    keep = (gaining,) if gaining else ()
    left = len(state.pile) / len(deck_for(state.players))
    coin = coin_worth(left)
    key = tuple(sorted(state.codes(seat)))
    full = best_assignment(tuple(sorted(key + keep)), True)[0]
    spares = _spare_worths(key, left, keep) if cards else []
    spare, most = len(spares), min(len(key), price) if cards else 0
    kept_spare = [0.0] * (spare + 1)        # what the spare cards left after paying k add
    for k in range(spare - 1, -1, -1):
        kept_spare[k] = kept_spare[k + 1] + spares[k][0]
    best = None

    def consider(k: int, score: int, future: float, paid_cards: list[str]):
        nonlocal best
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
                # final points first: a token is never worth a run card (issue #39)
                value = (score, round(future + coin * kept, 9), -k)
                if best is None or value > best[0]:
                    best = (value, t, x, d, paid_cards, kept_spare[0] - future)

    for k in range(min(spare, most) + 1):
        consider(k, full, kept_spare[k], [code for _, code in spares[:k]])
    # run cards only when money and spare cards cannot pay, and only while no fewer
    # of them keep as many points (searching them is the dear part)
    runs = _run_cards_paid(key, keep, spares, most - spare, floor)
    for k, (score, paid_cards) in enumerate(runs, spare + 1):
        if best is not None and score < best[0][0] or floor is not None and score < floor:
            break
        consider(k, score, 0.0, paid_cards)
    if best is None:
        raise ValueError(f"seat {seat} cannot pay {price}")
    (score, _, _), t, x, d, paid_cards, spent = best
    out = [pay(code) for code in paid_cards]
    return Plan(out + [PAY_DUPLICATE] * d + [PAY_TOKEN] * t + [PAY_BUST] * x, score, spent,
                t + d + BUST_WORTH * x)


def _monas(price: int, money: int, busts: int, dups: int) -> list[str]:
    """S7: tokens while she has any, then bust tokens, then duplicates."""
    out = []
    while price > 0:
        if money:
            money, price, item = money - 1, price - 1, PAY_TOKEN
        elif busts:
            busts, price, item = busts - 1, price - BUST_WORTH, PAY_BUST
        elif dups:
            dups, price, item = dups - 1, price - 1, PAY_DUPLICATE
        else:
            raise ValueError("Mona cannot pay that much")
        out.append(item)
    return out


def _run_cards_paid(key: tuple[str, ...], keep: tuple[str, ...],
                    spares: list[tuple[float, str]], n: int,
                    floor: int | None = None) -> Iterator[tuple[int, list[str]]]:
    """Past the spare cards, for 1..n more cards in turn: the score kept and the cards
    paid. Without a card bought, exactly (`score_within`); with one, the cards whose loss
    alone costs fewest points first (the bought card stays whatever is paid). A decision
    (`floor` given: the points it must keep) gets only the best that any as many cards
    could keep (a cheap bound, no cards named), while that reaches `floor`."""
    spare = len(spares)
    if not keep:
        for k in range(spare + 1, spare + n + 1):
            yield (score_within(key, len(key) - k, len(key) - spare - 1)[0],
                   _cards_to_pay(key, k, spares))
        return
    rest = Counter(key) - Counter(code for _, code in spares)
    both = tuple(sorted(key + keep))
    if floor is not None:
        # a decision (buy or bid) needs the points, not the cards: the bound alone
        for j in range(1, n + 1):
            bound = score_within(both, len(both) - spare - j, len(both))[0]
            if bound < floor:
                return
            yield bound, []
        return

    def loss(code: str):
        trial = rest.copy()
        trial[code] -= 1
        return (-score_of([*trial.elements(), *keep]), is_joker(code), -card_info(code)[1],
                code)
    # each card by what its loss alone costs, dearest last: one pass, not one per card
    order = sorted(rest.elements(), key=loss)
    paid = [code for _, code in spares]
    for j in range(1, n + 1):
        left = rest - Counter(order[:j])
        yield score_of([*left.elements(), *keep]), paid + order[:j]


def _score(codes: list[str]) -> int:
    """TEN-R14's score, from the table `_spare_worths` fills too (the leanest runs)."""
    return best_assignment(tuple(sorted(codes)), True)[0]


def card_worth(codes: list[str], code: str, left: float) -> float:
    """What `code` likely adds to a collection by the end, in points: what it adds to the
    best runs now (TEN-R14), and, with `left` of the pile to come, a little for a number
    card beside its colour and more for a joker, which may fill any gap later."""
    if card_info(code)[0] == "number" and code in codes:
        return 0.0                                    # TEN-R10 forbids buying it anyway
    gain = _score([*codes, code]) - _score(codes)
    kind, value, colour = card_info(code)
    if kind != "number":
        return gain + JOKER_FUTURE * left
    if gain == 0 and any(f"{colour}{value + d}" in codes for d in (-2, -1, 1, 2)):
        return NEAR_RUN * left
    return float(gain)


def spending_worth(left: float, final_round: bool = False) -> float:
    """What a coin is worth when deciding whether to spend it at all: besides what it
    buys later it wins auctions and pays for cards without giving up any (the heuristic's
    tuned value); in the final buy round (TEN-R13) it only breaks ties (TEN-R15)."""
    return 0.02 if final_round else 0.12 + 0.25 * left


def purchase(state: Ten, seat: int, code: str, price: int,
             cards: bool = True) -> tuple[float, int] | None:
    """Buying `code` for `price` (TEN-R10, or winning a joker at that bid, TEN-R11), paid
    by `best_payment`: (what it is worth: the card's `card_worth` less the points, spare
    cards' outlook and money the payment gives up, coins at `spending_worth`; the final
    points it brings less those the payment gives up, TEN-R14). None when `seat` cannot
    pay it without ending up with fewer final points than now."""
    codes = state.codes(seat)
    now = _score(codes)
    gain = _score([*codes, code]) - now
    left = len(state.pile) / len(deck_for(state.players))
    money = state.money[seat] + BUST_WORTH * state.bust[seat] + len(state.duplicates[seat])
    spare = len(_spare_worths(tuple(sorted(codes)), left, (code,))) if cards else 0
    if price - money - spare > (gain if cards else 0):
        return None     # more run cards to pay than points gained: not worth searching
    try:
        plan = _plan(state, seat, price, cards, code, now)
    except ValueError:
        return None
    score = plan.score if plan.score >= 0 else now + gain      # Mona pays with no card
    coin = spending_worth(left, state.phase == "final")
    lost = now + gain - score
    worth = card_worth(codes, code, left) - lost - plan.spares - coin * plan.money
    return worth, score - now


def sane_purchase(state: Ten, seat: int, code: str, price: int, cards: bool = True) -> bool:
    """A purchase a good player may make: it never gives up more final points than it
    brings."""
    return purchase(state, seat, code, price, cards) is not None


def bid_limit(state: Ten, seat: int, joker: str, low: int, high: int,
              cards: bool = True) -> int:
    """The most `seat` should bid for `joker` from `low` up to `high` (TEN-R11): the joker
    is worth what it adds at the end less what paying costs, and a bid never gives up
    more final points than the joker brings; `low` - 1 when no bid is worth it."""
    limit = low - 1
    for bid in range(max(low, 1), high + 1):
        worth = purchase(state, seat, joker, bid, cards)
        if worth is None or worth[0] < 0 or worth[1] < 0:
            break                               # dearer bids cost at least as much
        limit = bid
    return limit


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
