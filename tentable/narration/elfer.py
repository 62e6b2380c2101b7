"""Elfer raus! Master in words (rules digest `rules/elfer.md`): a card is its colour and
number ("red 7"), and so is a position ("blue 9" is where blue 9 goes); a joker is "joker".

A move is told from the views around it; a drawn card is named only to a drawer who reads
the log alone (`Teller.alone`), since the hand is a secret (ER-R11).
"""
from __future__ import annotations

from tentable.engine.cards import code_of
from tentable.engine.elfer_cards import BONUS_POINTS, ElferView, card_value
from tentable.engine.elfer_moves import SLOTS
from tentable.engine.elfer_moves import is_joker, read
from tentable.narration import Breakdown, Item, Line, Teller, plural, points, signed
from tentable.text import t


def card(code: str) -> str:
    """"R7" -> "red 7", a joker ("J#2") -> "joker"."""
    if is_joker(code):
        return t("elfer.joker")
    colour, number = SLOTS[code]
    return t("elfer.card", colour=t(f"elfer.colour.{colour}"), n=number)


def move(action: str) -> str:
    """"play R7" -> "play red 7", "play J@R7" -> "play a joker as red 7", "bridge Y9-B9"
    -> "lay a connection card from yellow 9 to blue 9", "end" -> "end your turn"."""
    m = read(action)
    if m.kind == "play" and is_joker(m.card):
        return t("elfer.move.joker", card=card(m.slot))
    if m.kind == "bridge":
        return t("elfer.move.bridge", source=card(m.source), target=card(m.slot))
    if m.slot:
        return t(f"elfer.move.{m.kind}", card=card(m.slot))
    return t(f"elfer.move.{m.kind}")


def game_ended(before: ElferView, after: ElferView) -> bool:
    return after["game_no"] != before["game_no"] or after["phase"] == "over"


def tell(teller: Teller, seat: int, action: str, before: ElferView,
         after: ElferView) -> list[Line]:
    """The log lines of `seat` playing `action`: the move, and a bonus card it won (ER-R10)
    unless the game ended with it. Ending a turn says nothing: the next move shows it."""
    m = read(action)
    if m.kind == "end":
        return []
    if m.kind == "play" and is_joker(m.card):
        text = teller.say("elfer.log.joker", seat, card=card(m.slot))
    elif m.kind == "bridge":
        text = teller.say("elfer.log.bridge", seat, source=card(m.source), target=card(m.slot))
    elif m.kind in ("play", "swap"):
        text = teller.say(f"elfer.log.{m.kind}", seat, card=card(m.slot))
    elif m.kind == "draw":
        text = _drawn(teller, seat, before, after)
    else:
        text = teller.say("elfer.log.pass", seat)
    lines = [Line(text, seat)]
    if not game_ended(before, after) and \
            len(after["bonuses"][seat]) > len(before["bonuses"][seat]):
        lines.append(Line(teller.say("elfer.log.bonus", seat), seat))
    return lines


def _drawn(teller: Teller, seat: int, before: ElferView, after: ElferView) -> str:
    """"You draw red 5" to the drawer reading alone, when these are its views of the same
    game; "Ana draws a card" to everybody else."""
    drawn = [c for c in after["hand"] or [] if c not in (before["hand"] or [])] \
        if teller.alone(seat) and after["seat"] == seat and not game_ended(before, after) \
        else []
    if not drawn:
        return teller.say("elfer.log.draw", seat)
    if is_joker(drawn[0]):
        return teller.say("elfer.log.draw_joker", seat)
    return teller.say("elfer.log.draw_card", seat, card=card(drawn[0]))


def breakdown(view: ElferView) -> Breakdown:
    """ER-R14 per player from the final view: in a match of several games (ER-R15) each
    earlier game's points first, with its bonus cards and what the cards left in hand
    cost; then the last game's: the bonus cards won, the cards left in hand (shown now:
    the game is over) and their cost; connection cards count nothing."""
    seats = {}
    games = view["game_scores"]
    for seat in range(view["players"]):
        bonuses = view["bonuses"][seat]
        hand = view["hands"][seat]
        items = [game_item(n, scores[seat], won[seat])
                 for n, (scores, won) in enumerate(zip(games[:-1], view["game_bonuses"]), 1)]
        if len(games) > 1:
            items.append(Item(t("elfer.bd.game", n=len(games)), points(games[-1][seat])))
        items += [Item(plural("elfer.bd.bonus", len(bonuses)),
                       points(BONUS_POINTS * len(bonuses)),
                       tuple(code_of(c) for c in bonuses)),
                  Item(t("elfer.bd.hand"), points(-sum(card_value(c) for c in hand)),
                       tuple(code_of(c) for c in hand),
                       "" if hand else t("elfer.bd.out"), penalty=bool(hand))]
        if view["connections"][seat]:
            items.append(Item(plural("elfer.bd.connections", len(view["connections"][seat])),
                              points(0), note=t("elfer.bd.nothing")))
        seats[seat] = items
    return Breakdown(seats)


def game_item(n: int, score: int, bonuses: int) -> Item:
    """An earlier game of the match: its points, from its bonus cards and the cards left
    in hand then (ER-R14: what the bonus cards do not explain, the hand cost)."""
    bonus = BONUS_POINTS * bonuses
    hand = score - bonus
    notes = [plural("elfer.bd.bonus_cards", bonuses, points=signed(bonus))] if bonuses else []
    notes.append(t("elfer.bd.game_hand", hand=signed(hand)) if hand else t("elfer.bd.went_out"))
    return Item(t("elfer.bd.game", n=n), points(score), note=", ".join(notes),
                penalty=score < 0)
