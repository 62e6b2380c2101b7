"""10 – Special Retro Edition in words (rules digest `rules/retro10.md`, RX-Rn).

A card is its number, a penalty card "penalty 4", a joker "joker". A card placed face
down is named only to its placer reading the log alone (`Teller.alone`); with several
humans at the screen the log is everybody's and says "a card".
"""
from __future__ import annotations

from tentable.engine.cards import code_of
from tentable.engine.retro10 import Retro10
from tentable.engine.retro10_moves import read
from tentable.engine.retro10_cards import (CHIP_POINTS, Retro10View, face_value, kind_of,
                                          penalty_points)
from tentable.narration import Breakdown, Item, Line, Teller, plural
from tentable.text import t


def card(card: str) -> str:
    """A card id or code in words: "7", "penalty 4", "joker"; a round card its number."""
    kind = kind_of(card)
    if kind == "joker":
        return t("rx.card.joker")
    if kind == "penalty":
        return t("rx.card.penalty", n=face_value(card))
    return str(face_value(card))


def move(action: str) -> str:
    """A legal action as the player's only move: "keep your protection", "stand", and
    with its amount "bid 2", "raise your protection to 2"."""
    move = read(action)
    if move.kind in ("bid", "raise", "protect"):
        return t("rx.forced_" + move.kind, n=move.amount)
    return t("rx.forced_" + move.kind)


def round_ended(before: Retro10View, after: Retro10View) -> bool:
    """Did this move settle a round (RX-R8)?"""
    last = after["last_round"]
    return last is not None and (before["last_round"] is None
                                 or before["last_round"]["round"] != last["round"])


def other(teller: Teller, seat: int) -> str:
    """A seat named inside a sentence: "swaps cards with you"."""
    return t("rx.you") if teller.addressed(seat) else teller.name(seat)


def whose(teller: Teller, seat: int) -> str:
    """A seat's card: "your card", "Ben's card"."""
    return teller.say("rx.whose", seat)


def tell(teller: Teller, seat: int, action: str, before: Retro10View,
         after: Retro10View) -> list[Line]:
    """The log lines of `seat` playing `action`: the move; a settled bid (RX-R5); the
    showdown (RX-R8) and an early end (RX-R9); the next round's first line."""
    lines = [Line(_move_line(teller, seat, action, before, after), seat)]
    auction = before["auction"]
    if before["phase"] == "bid" and after["phase"] != "bid" and auction:
        high = auction["high"]
        lines.append(Line(teller.say("rx.log.settle", high, n=auction["bid"],
                                     other=other(teller, auction["owner"])), high))
    if round_ended(before, after):
        lines += showdown(teller, after["last_round"], cards=True)
        if after["phase"] == "over" and after["ended_early"]:
            lines.append(Line(t("rx.log.early")))
    if after["phase"] != "over" and after["round"] != before["round"]:
        lines += start(teller, after)
    return lines


def start(teller: Teller, view: Retro10View) -> list[Line]:
    """A round's first line: its number, its round card (RX-R3) and who starts."""
    if view["phase"] == "over" or view["round_card"] is None:
        return []
    first = view["start"]
    return [Line(teller.say("rx.log.round", first, round=view["round"],
                            card=card(view["round_card"])))]


def shown(teller: Teller, last: dict) -> Line:
    """RX-R8: every card turned face up, in the round's turn order, each player's with
    its total ("Ana 3 + joker = 10"), as the showdown settled them (`last["shown"]`: the
    second card a player added last in phase 4 is there too)."""
    hands = [teller.say("rx.log.hand", seat,
                        cards=" + ".join(card(c) for c in last["shown"][seat]),
                        total=last["totals"][seat])
             for seat in last["order"] if last["shown"][seat]]
    return Line(t("rx.log.shown", hands="; ".join(hands)))


def showdown(teller: Teller, last: dict, cards: bool = False) -> list[Line]:
    """RX-R8: the cards shown (`cards`, for the log; a held showdown shows them on the
    table); the winner takes the pot, the loser the cards and the round card."""
    winner, loser = last["winner"], last["loser"]
    taken = penalty_points([*last["cards"], last["round_card"]])
    return ([shown(teller, last)] if cards else []) + [
            Line(teller.say("rx.log.wins", winner, total=last["totals"][winner],
                            pot=last["pot"]), winner),
            Line(teller.say("rx.log.loses", loser, total=last["totals"][loser],
                            n=len(last["cards"]) + 1, points=taken), loser)]


def moment(teller: Teller, facts: dict) -> tuple[str, list[str]]:
    """The banner over a showdown the table holds (RX-R8): the round, who won, who lost."""
    return (t("rx.moment.showdown", round=facts["round"]),
            [line.text for line in showdown(teller, facts)])


def _move_line(teller: Teller, seat: int, action: str, before: Retro10View,
               after: Retro10View) -> str:
    m = read(Retro10.public_action(action, seat, teller.reader))
    verb = m.kind
    if verb == "place":
        return teller.say("rx.log.place", seat, card=card(m.card) if m.card else t("rx.a_card"),
                          side=t("rx.side_" + ("up" if m.up else "down")),
                          chips=t("rx.protected", n=m.amount) if m.amount else "")
    if verb == "swap":
        return teller.say("rx.log.swap", seat, other=other(teller, m.seat))
    if verb == "bid":
        if teller.addressed(m.seat):       # "bids 1 for your card", not "for you's card"
            return t("rx.log.bid_yours", name=teller.name(seat), n=m.amount)
        return teller.say("rx.log.bid", seat, other=other(teller, m.seat), n=m.amount)
    if verb == "raise":
        return teller.say("rx.log.raise", seat, n=m.amount)
    if verb == "pass":
        return teller.say("rx.log.pass" if before["phase"] == "bid" else "rx.log.no_deal", seat)
    if verb == "protect":
        return teller.say("rx.log.protect", seat, n=m.amount)
    if verb == "reveal":
        row = after["table"][seat]
        first = row[0]["code"] if row else None
        return teller.say("rx.log.reveal", seat, card=card(first) if first else t("rx.a_card"))
    if verb == "add":
        return teller.say("rx.log.add", seat, card=card(m.card))
    if verb in ("keep", "hide", "stand"):
        return teller.say("rx.log." + verb, seat)
    chosen = m.seat    # start P (RX-R8)
    key = "rx.log.start_self" if chosen == seat else "rx.log.start"
    return teller.say(key, seat, other=other(teller, chosen))


KINDS = ("round", "penalty", "joker", "normal")     # the order a breakdown lists them in


def breakdown(view: Retro10View) -> Breakdown:
    """RX-R10 per player from the final view: the cards taken (the hand added at the end),
    by kind, with the penalty points they cost, and the chips kept, 2 points off each.
    Penalty points are what they are, a count the fewest of wins, never written "−10"."""
    seats = {}
    for seat in range(view["players"]):
        taken = sorted(view["taken"][seat], key=_order)
        items = []
        for kind in KINDS:
            cards = [c for c in taken if kind_of(c) == kind]
            if cards:
                items.append(Item(t(f"rx.bd.{kind}"), penalty(penalty_points(cards)),
                                  tuple(code_of(c) for c in cards),
                                  plural("words.cards", len(cards)), penalty=True))
        if not taken:
            items.append(Item(t("rx.bd.none"), penalty(0)))
        chips = view["chips"][seat]
        items.append(Item(t("rx.bd.chips"), plural("rx.bd.off", CHIP_POINTS * chips),
                          note=plural("rx.bd.chips_n", chips)))
        seats[seat] = items
    return Breakdown(seats)


def penalty(points: int) -> str:
    """"1 penalty point", "10 penalty points": what a card costs, with no sign."""
    return plural("rx.bd.points", points)


def _order(card: str) -> tuple[int, int]:
    """Round cards by number, then penalty cards, jokers and number cards by value."""
    return KINDS.index(kind_of(card)), face_value(card) or 0
