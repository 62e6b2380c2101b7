"""TEN's cards (rules digest `rules/ten.md`, ids TEN-Rn): the mix for each player count,
what each card is, how a collection scores (TEN-R14) and the chances of the next flip (the
coach's card counting). The game itself is `ten.Ten`.

Scoring assigns the jokers by an exact dynamic programme over the four colours
(`best_runs`), which the payments (`ten_paying`), the tie-breaks and the bots share.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import Iterable

from tentable.engine.cards import card_ids, code_of
from tentable.engine.decks import manifest

GAME_ID = "ten"
COLOURS = "BGOP"
LIMIT = 10            # TEN-R4: the bust line; TEN-R9: the money-token cap
BUST_WORTH = 3        # TEN-R12: a bust token pays 3
MONA = 1              # S1: you are seat 0, Mona seat 1
JOKERS = ("colour_wild", "number_wild", "super_wild")


# -- the cards -------------------------------------------------------------------------

@lru_cache(maxsize=None)
def deck_for(players: int) -> tuple[str, ...]:
    """TEN-R1: the mix for the player count (solo plays with the two-player mix)."""
    return tuple(manifest(GAME_ID).cards(players))


@lru_cache(maxsize=None)
def ids_for(players: int) -> tuple[str, ...]:
    """The physical cards of the mix, as ids ("B1#2")."""
    return tuple(card_ids(deck_for(players)))


@lru_cache(maxsize=None)
def card_info(code: str) -> tuple[str, int, str]:
    """(kind, value, colour) of a code; value 0 / colour "" where the card has none."""
    spec = manifest(GAME_ID).spec(code)
    return spec.kind, spec.value or 0, spec.colour or ""


class _Cards(dict):
    """Card id -> (code, kind, value, colour), filled on first sight of an id."""

    def __missing__(self, card_id: str) -> tuple[str, str, int, str]:
        code = code_of(card_id)
        self[card_id] = entry = (code, *card_info(code))
        return entry


CARD = _Cards()


def is_joker(code: str) -> bool:
    return card_info(code)[0] in JOKERS


# -- scoring (TEN-R14) ------------------------------------------------------------------

@lru_cache(maxsize=8192)
def _colour_table(present: int, colour_wilds: int, extra: tuple[int, ...]) -> tuple:
    """Every useful way to make a run in one colour: ((global jokers used as bits,
    {length: (naturals used, interval)}), ...), fewest naturals kept per length.

    `present` has bit n-1 for each number held naturally, `colour_wilds` counts the
    colour's jokers (they fill gaps first, being good for nothing else), `extra` lists
    the number wilds and super wilds as the number each allows (0 = any). A way that
    needs more jokers than another for no longer run is dropped."""
    table: dict[int, dict[int, tuple]] = {0: {0: (0, None)}}
    for a in range(1, 10):
        for b in range(a, 10):
            gaps = [n for n in range(a, b + 1) if not present >> (n - 1) & 1]
            need = len(gaps) - colour_wilds
            length, naturals = b - a + 1, b - a + 1 - len(gaps)
            if need <= 0:
                options = [0]
            elif need > len(extra):
                continue
            else:
                cands = [i for i, n in enumerate(extra) if n == 0 or n in gaps]
                options = []
                for combo in combinations(cands, need):
                    numbers = [extra[i] for i in combo if extra[i]]
                    if len(set(numbers)) == len(numbers):
                        options.append(sum(1 << i for i in combo))
            for bits in options:
                row = table.setdefault(bits, {})
                if length not in row or row[length][0] > naturals:
                    row[length] = (naturals, (a, b))
    kept = []
    for bits, row in sorted(table.items(), key=lambda item: bin(item[0]).count("1")):
        for length, (naturals, _) in list(row.items()):
            if any(other & bits == other and length in orow and orow[length][0] <= naturals
                   for other, orow in kept):
                del row[length]
        if row:
            kept.append((bits, row))
    return tuple(kept)


def _parse(codes: Iterable[str]):
    present = dict.fromkeys(COLOURS, 0)
    wilds = dict.fromkeys(COLOURS, 0)
    extra: list[tuple[str, int]] = []
    numbers = 0
    for code in codes:
        kind, value, colour = card_info(code)
        if kind == "number":
            present[colour] |= 1 << (value - 1)
            numbers += 1
        elif kind == "colour_wild":
            wilds[colour] += 1
        elif kind in ("number_wild", "super_wild"):
            extra.append((code, value if kind == "number_wild" else 0))
    extra.sort()
    return present, wilds, tuple(n for _, n in extra), [c for c, _ in extra], numbers


@lru_cache(maxsize=8192)
def best_assignment(key: tuple[str, ...], fewest: bool = False) -> tuple:
    """(score, -naturals used, per-colour choices) of the best runs of a collection
    (sorted codes): the TEN-R14 score, ties to the fewest naturals (TEN-R15); with
    `fewest`, ties to the fewest cards in the runs instead (what a payment may spare)."""
    present, wilds, extra, _, _ = _parse(key)
    dp: dict[int, tuple] = {0: (0, 0, ())}
    for colour in COLOURS:
        options = []
        for bits, row in _colour_table(present[colour], wilds[colour], extra):
            length, (naturals, interval) = max(
                row.items(), key=lambda item: (item[0] + (item[0] == 9),
                                               -(item[0] if fewest else item[1][0])))
            options.append((bits, length + (length == 9), length if fewest else naturals,
                            interval))
        new: dict[int, tuple] = {}
        for used, (score, neg, choices) in dp.items():
            for bits, gain, cost, interval in options:
                if used & bits:
                    continue
                entry = (score + gain, neg - cost, choices + ((colour, interval, bits),))
                old = new.get(used | bits)
                if old is None or entry[:2] > old[:2]:
                    new[used | bits] = entry
        dp = _undominated(new)
    return max(dp.values(), key=lambda v: v[:2])


def _undominated(states: dict[int, tuple]) -> dict[int, tuple]:
    """Drop a joker set that does no better than itself less one joker."""
    kept: dict[int, tuple] = {}
    for used, entry in states.items():
        rest, bit = used, 1
        while rest:
            if rest & 1:
                other = states.get(used ^ bit)
                if other is not None and other[:2] >= entry[:2]:
                    break
            rest >>= 1
            bit <<= 1
        else:
            kept[used] = entry
    return kept


@lru_cache(maxsize=1024)
def _solve(key: tuple[str, ...], limit: int):
    """{cards in the runs: (score, -naturals used, per-colour choices)} for at most
    `limit` cards in the runs, best per count and only counts that score more than any
    smaller one: what a payment that gives up cards can keep (`best_payment`)."""
    present, wilds, extra, _, _ = _parse(key)
    dp: dict[int, list] = {0: [(0, 0, 0, ())]}
    for colour in COLOURS:
        table = _colour_table(present[colour], wilds[colour], extra)
        new: dict[int, dict[int, tuple]] = {}
        for used, row in dp.items():
            for bits, runs in table:
                if used & bits:
                    continue
                target = new.setdefault(used | bits, {})
                for total, score, neg_nat, choices in row:
                    for length, (naturals, interval) in runs.items():
                        if total + length > limit:
                            continue
                        old = target.get(total + length)
                        value = (score + length + (length == 9), neg_nat - naturals)
                        if old is None or value > old[:2]:
                            target[total + length] = (*value,
                                                      choices + ((colour, interval, bits),))
        dp = {used: _frontier(row) for used, row in new.items()}
    best: dict[int, tuple] = {}
    for row in dp.values():
        for total, *entry in row:
            if total not in best or tuple(entry[:2]) > best[total][:2]:
                best[total] = tuple(entry)
    return best


def _frontier(row: dict[int, tuple]) -> list[tuple]:
    """Entries (total, score, -naturals, choices) that beat every smaller total."""
    out, top = [], None
    for total in sorted(row):
        entry = row[total]
        if top is None or entry[:2] > top:
            out.append((total, *entry))
            top = entry[:2]
    return out


def best_runs(codes: Iterable[str]) -> tuple[int, int]:
    """TEN-R14 with the best joker assignment: (score, number cards outside the runs),
    the second of the assignment most favourable for the TEN-R15 tie-break. Jokers fill
    only gaps: a number card always stands for itself in a run."""
    key = tuple(sorted(codes))
    score, neg_nat, _ = best_assignment(key)
    numbers = sum(1 for code in key if card_info(code)[0] == "number")
    return score, numbers + neg_nat


def score_of(codes: Iterable[str]) -> int:
    return best_runs(codes)[0]


def score_breakdown(codes: Iterable[str]) -> dict:
    """For the scoring screen: each colour's run, where each joker went, the total."""
    key = tuple(sorted(codes))
    present, wilds, _, extra_codes, numbers = _parse(key)
    score, neg_nat, choices = best_assignment(key)
    runs, jokers = {}, {}
    for colour, interval, bits in choices:
        if interval is None:
            runs[colour] = None
            continue
        a, b = interval
        runs[colour] = [a, b]
        gaps = [n for n in range(a, b + 1) if not present[colour] >> (n - 1) & 1]
        globals_ = [extra_codes[i] for i in range(len(extra_codes)) if bits >> i & 1]
        # number wilds take their own number, supers any remaining gap, colour wilds the rest
        for code in sorted(globals_, key=lambda c: card_info(c)[0] != "number_wild"):
            value = card_info(code)[1]
            spot = value if value in gaps else gaps[0]
            gaps.remove(spot)
            jokers.setdefault(code, []).append(f"{colour}{spot}")
        for spot in gaps:
            jokers.setdefault(f"{colour}#", []).append(f"{colour}{spot}")
    return {"score": score, "runs": runs, "jokers": jokers, "outside": numbers + neg_nat}


def score_within(key: tuple[str, ...], cards: int, limit: int) -> tuple[int, tuple]:
    """The best score whose runs use at most `cards` cards (<= limit), and its choices."""
    best = max((v for total, v in _solve(key, limit).items() if total <= cards),
               key=lambda v: v[:2])
    return best[0], best[2]


def run_cards(key: tuple[str, ...], choices: tuple) -> Counter:
    """The cards a set of runs needs (one natural per spot, jokers by code)."""
    present, wilds, _, extra_codes, _ = _parse(key)
    used: Counter = Counter()
    for colour, interval, bits in choices:
        if interval is None:
            continue
        a, b = interval
        gaps = 0
        for n in range(a, b + 1):
            if present[colour] >> (n - 1) & 1:
                used[f"{colour}{n}"] += 1
            else:
                gaps += 1
        for i, code in enumerate(extra_codes):
            if bits >> i & 1:
                used[code] += 1
                gaps -= 1
        used[f"{colour}#"] += max(0, gaps)
    return used


# -- the coach's card counting ------------------------------------------------------------

def unseen(view: dict) -> Counter:
    """The codes not yet seen from `view` (any seat): the mix minus every visible card.
    Only the pile is hidden in TEN, so this is the pile's contents as a multiset."""
    left = Counter(deck_for(view["players"]))
    shown = [*view["tableau"], *view["market"], *view["removed"]]
    for zone in (view["collections"], view["duplicates"]):
        for cards in zone:
            shown += cards
    if view.get("auction"):
        shown.append(view["auction"]["joker"])
    left.subtract(code_of(c) for c in shown)
    return +left


def odds(view: dict) -> dict:
    """The exact chances of the next flip for the player flipping in `view`: that it busts
    (TEN-R4; Mona in solo only busts on money, S2), the expected running total after it
    (a joker leaves it unchanged, TEN-R7) and the chance of a joker."""
    left = unseen(view)
    count = sum(left.values())
    total, money = view["total"], view["money_showing"]
    mona = view.get("solo") and view.get("active") == MONA
    if count == 0:
        return {"cards": 0, "bust": 0.0, "joker": 0.0, "expected_total": float(total),
                "expected_total_if_safe": float(total)}
    bust = joker = 0
    expected = safe_sum = 0.0
    for code, n in left.items():
        kind, value, _ = card_info(code)
        if kind == "number":
            after = total + value
            busts = after > LIMIT and not mona
        elif kind == "money":
            after = total - value
            busts = money + value > LIMIT
        else:
            after, busts = total, False
            joker += n
        expected += n * after
        if busts:
            bust += n
        else:
            safe_sum += n * after
    safe = count - bust
    return {"cards": count, "bust": bust / count, "joker": joker / count,
            "expected_total": expected / count,
            "expected_total_if_safe": safe_sum / safe if safe else float(total)}
