"""TEN in words (rules digest `rules/ten.md`, TEN-Rn and the solo section S).

A card is "blue 5", "blue joker" (a colour wild), "joker 7" (a number wild), "joker" (the
super wild) or "3 money"; a move is "flip", "take the numbers", "buy blue 5". TEN hides
only the pile's order, so every line may name every card.

A payment is several pay actions (TEN-R12) told as one line once it is complete: a
caller telling the moves one by one passes the payment's earlier items as `paid`.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from tentable.engine.cards import code_of
from tentable.engine.ten_cards import COLOURS, LIMIT, MONA, is_joker
from tentable.engine.ten_moves import FLIP, PASS, SKIP, STOP_MONEY, STOP_NUMBERS, read
from tentable.engine.ten_view import TenView, colour_of, kind_of, number_of, tie_breaks
from tentable.narration import Breakdown, Item, Line, Teller, plural, points
from tentable.text import t

def colour(letter: str) -> str:
    """A colour letter in words: "B" -> "blue"."""
    return t(f"ten.colour.{letter}")


def _code(card: str) -> str:
    """The code of an id ("G##1" -> "G#") or of a code itself ("G#", as pay actions say)."""
    head, _, tail = card.rpartition("#")
    return code_of(card) if head and tail.isdigit() else card


def card(card: str) -> str:
    """A card id or code in words: "blue 5", "blue joker", "joker 7", "joker", "3 money"."""
    code = _code(card)
    letter = colour_of(code)
    return t(f"ten.card.{kind_of(code)}", colour=colour(letter) if letter else "",
             n=number_of(code))


def item(action: str) -> str:
    """What a pay action pays with: "money token", "bust token", "duplicate", "blue 5"."""
    move = read(action)
    return card(move.card) if move.card else t(f"ten.item.{move.token}")


def items(actions: Iterable[str]) -> str:
    """A payment's items counted: "2 money tokens, blue 5", "—" for none."""
    count = Counter(map(read, actions))
    parts = [plural("ten.paid.card", n, card=card(m.card)) if m.card else
             plural(f"ten.paid.{m.token}", n) for m, n in count.items()]
    return ", ".join(parts) or "\u2014"


def move(action: str) -> str:
    """A legal action as a player says it: "take the numbers", "bid 4", "buy blue 5",
    "pay with the money token"."""
    m = read(action)
    if m.kind == "bid":
        return t("ten.move.bid", n=m.amount)
    if m.kind == "buy":
        return t("ten.move.buy", card=card(m.card))
    if m.kind == "pay":
        return t("ten.move.pay", item=item(action))
    return t(f"ten.move.{action}")


def flipped(before: TenView, after: TenView) -> str | None:
    """The card a flip showed: the one id in `after` that no zone of `before` held."""
    def shown(view: TenView) -> set[str]:
        cards = set(view["tableau"]) | set(view["market"]) | set(view["removed"])
        for zone in view["collections"] + view["duplicates"]:
            cards |= set(zone)
        if view["auction"]:
            cards.add(view["auction"]["joker"])
        return cards
    new = sorted(shown(after) - shown(before))
    return new[0] if new else None


def tell(teller: Teller, seat: int, action: str, before: TenView, after: TenView,
         paid: Sequence[str] = ()) -> list[Line]:
    """The log lines of `seat` playing `action`: the move, and when it closed an auction,
    who won the joker (TEN-R11). A pay action is told only when it completes the
    payment, with `paid`, the payment's items before it."""
    lines = _move_lines(teller, seat, action, before, after, paid)
    auction = before["auction"]
    if auction and after["auction"] is None and auction["bidder"] is not None \
            and read(action).kind in ("bid", "pass"):
        winner = after["payment"]["payer"] if after["payment"] else auction["bidder"]
        high = auction["high"] if action == PASS else read(action).amount
        lines.append(Line(teller.say("ten.log.won", winner, card=card(auction["joker"]),
                                     n=high), winner))
    return lines


def _move_lines(teller: Teller, seat: int, action: str, before: TenView, after: TenView,
                paid: Sequence[str]) -> list[Line]:
    def say(key: str, **values: object) -> list[Line]:
        return [Line(teller.say(key, seat, **values), seat)]

    m = read(action)
    if action == FLIP:
        shown = flipped(before, after)
        name = card(shown) if shown else "?"
        if after["auction"] and not before["auction"]:
            return say("ten.log.joker", card=name)
        if after["bust_tokens"][seat] > before["bust_tokens"][seat] or \
                after["phase"] == "busted":
            return say("ten.log.bust", card=name)
        if after["active"] != before["active"] or (not after["tableau"] and before["tableau"]):
            return say("ten.log.flip_stop", card=name)
        return say("ten.log.flip", card=name, total=after["total"])
    if action == STOP_NUMBERS:
        numbers = [card(c) for c in before["tableau"] if kind_of(_code(c)) != "money"]
        # S2: when Mona stops on money cards above the line, nobody gets them
        shared = before["money_showing"] and not (before["solo"] and seat == MONA
                                                  and before["money_showing"] > LIMIT)
        cards, money = ", ".join(numbers) or "\u2014", before["money_showing"]
        if shared and len(teller.names) == 2:          # one other player: by name
            other = 1 - seat
            if teller.addressed(other) and not teller.addressed(seat):
                return [Line(t("ten.log.numbers_to_you", name=teller.name(seat),
                               cards=cards, money=money), seat)]
            if not teller.addressed(other):
                return say("ten.log.numbers_to", other=teller.name(other), cards=cards,
                           money=money)
        return say("ten.log.numbers" if shared else "ten.log.numbers_only",
                   cards=cards, money=money)
    if action == STOP_MONEY:
        return say("ten.log.money", n=before["money_showing"])
    if m.kind == "bid":
        return say("ten.log.bid", n=m.amount)
    if action == PASS:
        lines = say("ten.log.pass")
        auction = before["auction"]
        if auction and after["auction"] is None and auction["bidder"] is None:
            lines.append(Line(t("ten.log.no_bids", card=card(auction["joker"]))))
        return lines
    if action == SKIP:
        return say("ten.log.skip")
    if m.kind == "take":
        return say("ten.log.bust_token")
    if m.kind == "buy":
        return say("ten.log.buys", card=card(m.card))
    if m.kind == "pay" and after["payment"] is None:
        return say("ten.log.pay", paid=items([*paid, action]))
    return []


def drawn(view: TenView) -> bool:
    """Equal points against Mona (S8): a draw, nobody's win. At a table equal points go to
    the tie-breaks (TEN-R15), and a tie they leave is a win shared."""
    return bool(view["solo"]) and len(set(view["scores"])) == 1


def breakdown(view: TenView) -> Breakdown:
    """TEN-R14 per player from the final view: each colour's run with the cards laid in it
    (a joker where it went) and its points; where every joker went; and, when points tie,
    what TEN-R15 compares next."""
    keys = tie_breaks(view)
    best = max(score for score, _, _ in keys)
    top = [score for score, _, _ in keys].count(best)
    seats = {}
    for seat, info in enumerate(view["scoring"]):
        # TEN-R15 decided only between the best totals (and never in solo, S8)
        tied = not view["solo"] and keys[seat][0] == best and top > 1
        seats[seat] = _runs(info) + _jokers(view["collections"][seat], info) + (
            _tie_break(keys[seat]) if tied else [])
    return Breakdown(seats)


def _runs(info: dict) -> list[Item]:
    """One item per colour run: its cards, numbers counted first to last, and points."""
    went = {spot: joker for joker, spots in info["jokers"].items() for spot in spots}
    items = []
    for letter in COLOURS:
        run = info["runs"].get(letter)
        if not run:
            continue
        low, high = run
        spots = [f"{letter}{n}" for n in range(low, high + 1)]
        length = high - low + 1
        worth = 10 if length == 9 else length          # TEN-R14: a full run scores 10
        items.append(Item(t(f"ten.bd.run.{letter}"), points(worth),
                          tuple(went.get(spot, spot) for spot in spots),
                          t("ten.bd.full" if length == 9 else "ten.bd.span" if length > 1
                            else "ten.bd.single", low=low, high=high)))
    return items or [Item(t("ten.bd.no_run"), points(0))]


def _jokers(collection: list[str], info: dict) -> list[Item]:
    """TEN-R14: where the best assignment put each joker, and the jokers it left out."""
    used = Counter({joker: len(spots) for joker, spots in info["jokers"].items()})
    said = [t("ten.bd.joker_as", joker=card(joker), card=card(spot))
            for joker, spots in info["jokers"].items() for spot in spots]
    jokers = [code_of(c) for c in collection if is_joker(code_of(c))]
    idle = list((Counter(jokers) - used).elements())
    said += [t("ten.bd.joker_idle", joker=card(joker)) for joker in idle]
    if not said:
        return []
    return [Item(plural("ten.bd.jokers", len(jokers)), "",
                 tuple(sorted(jokers)), "; ".join(said))]


def _tie_break(key: tuple[int, int, int]) -> list[Item]:
    """TEN-R15, when points tie: the money (a bust token 3), then the spare number cards."""
    _, money, outside = key
    return [Item(t("ten.bd.money"), plural("ten.bd.money_n", money)),
            Item(t("ten.bd.outside"), plural("words.cards", outside))]


def moment(teller: Teller, kind: str, facts: dict) -> str:
    """The banner over a moment the table holds: a bust with the card that did it (TEN-R5),
    a joker won at auction (TEN-R11)."""
    if kind == "bust":
        return teller.say("ten.log.bust", facts["seat"], card=card(facts["card"]))
    return teller.say("ten.log.won", facts["seat"], card=card(facts["card"]), n=facts["price"])
