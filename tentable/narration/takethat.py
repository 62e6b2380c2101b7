"""Take That in words (rules digest `rules/takethat.md`): cards are their numbers.

A move is told from the views around it; V1's pile card is named only to a taker who
reads the log alone, and to everybody once the round is scored (`revealed`).
"""
from __future__ import annotations

from tentable.engine.takethat import TakeThatView, pile_score, toads, twin
from tentable.engine.takethat_moves import read
from tentable.narration import Breakdown, Item, Line, Teller, last_part, plural, points, signed
from tentable.text import t


def card(number: int) -> str:
    """A card is its printed number; a toad says so where it matters (a revealed card)."""
    return t("tt.toad", card=number) if number in toads() else str(number)


def move(action: str) -> str:
    """"play 34" -> "play 34", "twist 43" -> "twist 43", "take" -> "take the row"."""
    move = read(action)
    if move.kind == "take":
        return t("tt.move.take")
    return t(f"tt.move.{move.kind}", card=move.card)


def round_ended(before: TakeThatView, after: TakeThatView) -> bool:
    return after["round"] != before["round"] or after["phase"] == "over"


def tell(teller: Teller, seat: int, action: str, before: TakeThatView,
         after: TakeThatView) -> list[Line]:
    """The log lines of `seat` playing `action`: the move, and when it scored the round,
    V1's pile cards, now shown to everybody."""
    lines = [Line(_move_line(teller, seat, action, before, after), seat)]
    if round_ended(before, after):
        lines += revealed(teller, after)
    return lines


def revealed(teller: Teller, after: TakeThatView) -> list[Line]:
    """V1: the pile cards of the round just scored, shown to everybody."""
    return [Line(teller.say("tt.log.revealed", seat,
                            cards=", ".join(card(c) for c in cards)), seat)
            for seat, cards in enumerate(after["revealed"]) if cards]


def _move_line(teller: Teller, seat: int, action: str, before: TakeThatView,
               after: TakeThatView) -> str:
    move = read(action)
    if move.kind == "take":
        row = before["row"]
        # The round may have ended with this take (the next deal already cleared the
        # piles): then nothing but the row was taken (TT-R8: no V1 card, the pile is out).
        extra = [] if round_ended(before, after) else \
            after["pile_cards"][seat][len(before["pile_cards"][seat]):]
        if not extra:
            return teller.say("tt.log.take", seat, cards=plural("words.cards", len(row)),
                              points=signed(pile_score([], row)))
        if teller.alone(seat):
            # V1: only a log read by the taker alone may name the card; with several
            # humans at the screen the log is everybody's.
            return teller.say("tt.log.take_pro_seen", seat, card=row[0], extra=extra[0],
                              points=signed(pile_score([], row + extra)))
        return teller.say("tt.log.take_pro", seat, card=row[0])
    played = move.card
    if move.kind == "twist":
        return teller.say("tt.log.twist", seat, card=played, twin=twin(played))
    if before["phase"] == "open" or not before["row"]:
        return teller.say("tt.log.open", seat, card=played)
    return teller.say("tt.log.play", seat, card=played)


def breakdown(view: TakeThatView) -> Breakdown:
    """TT-R9 per player for the round the final view still holds (the last): the plus of
    the twisted pairs, the minus of the rows taken (V1's pile cards with them) and of the
    toads among them. Earlier rounds' scores stand in the results' columns."""
    seats = {}
    toad = toads()
    for seat in range(view["players"]):
        up = view["face_up"][seat]
        down = view["face_down"][seat] + [c for c in view["pile_cards"][seat] if c is not None]
        plain = [c for c in down if c not in toad]
        found = sorted(c for c in down if c in toad)
        items = [Item(t("tt.bd.plus"), points(len(up)), tuple(str(c) for c in up),
                      plural("tt.bd.twists", len(up) // 2)),
                 Item(t("tt.bd.minus"), points(-len(plain)), (),
                      plural("words.cards", len(plain)), penalty=bool(plain))]
        if found:
            items.append(Item(plural("tt.bd.toads", len(found)),
                              points(pile_score([], found)), tuple(str(c) for c in found),
                              penalty=True))
        seats[seat] = items
    return Breakdown(seats, title=last_part(len(view["round_scores"]), view["rounds"],
                                            "tt.bd.last"))
