"""Words for cards and moves: what a table's log, status line and dialogs say.

No pygame here, and no rule is re-stated: a game's narration reads the views before and
after a move (what the seat being told may see) and the engine's own helpers, and words
them through the translation table (`tentable.text`, pygame-free). A table never
parses an action string or a card code to build a sentence; it asks its game's module.

A game plugs in with one module, `tentable/narration/<game_id>.py`, holding:

- `card(card) -> str`: a card (or tile) in words, as the view names it: "red 16",
  "joker", "77". Not the code, unless the code is what is printed on the card.
- `move(action) -> str`: a legal action as a player says it ("take the row",
  "flip blue 5"), for "Your only move: …" and buttons; never the raw action string.
- `tell(teller, seat, action, before, after) -> list[Line]`: the log lines of `seat`
  playing `action`, worded from `before`/`after` (views of the seat at the screen).
  Secrets stay secret: a line may name only what `teller` may read (see `Teller.alone`).

A refusal (`IllegalAction`, a text key and values) is worded by `refusal(words, exc,
names)`: the values the engine marked as cards, moves or seats (`Term`) go through the
game's `card` and `move` and the players' names, so the toast says "red 16", never "R16".

While a game runs, `public_scores(game_id, view)` says the scores a spectator may read: the
view's own (the engine counts no hidden card there), or None where the module's optional
`running_scores(view)` says the game counts nothing before its end (TEN tiles).

A game's results are explained by `breakdown(view) -> Breakdown` in its module: from the
final spectator view, the items each player's score is made of ("Blue 3–7 +5 points",
"Cards left in hand −17 points") with the cards they are about, as codes the game's card
painter draws small (never drawn as text), and what the whole game ended on (the line of
ten, a draw). The results scene draws it; `tentable replay` prints its `outcome`.

and the shared helpers below: `Teller` says "You play 34" to the one human at the
screen and to a seat named "You" (in a replay, for a seat the computer plays: `is_you`),
"Ana plays 34" otherwise — every text that names a seat has a `.you` form, and nothing
else picks between them; `plural` picks "1 point" or "2 points" from a
`<key>.one` / `<key>.other` pair of the translation table; `signed` writes +3, −3, 0, and
`score` a score as every screen shows it (a penalty game's without a plus sign).

    from tentable.narration import Teller, points
    from tentable.narration import takethat as words
    teller = Teller(names=["Ana", "Ben"], reader=0)
    for line in words.tell(teller, 0, "take", before, after):
        log.add(line.text, seat_colour(line.seat))
    points(-1)   # "−1 point"
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Sequence

from tentable import i18n
from tentable.engine.errors import IllegalAction, Term
from tentable.text import STRINGS, t

MINUS = "\u2212"


def signed(value: int) -> str:
    """+3, −3 (a real minus sign), 0."""
    return f"{value:+d}".replace("-", MINUS) if value else "0"


def score(value: int, lowest_wins: bool = False) -> str:
    """A score as the player reads it everywhere (a seat panel, the results, Your games,
    a replay): with its sign (+3, −3, 0); in a penalty game, where the fewest points win
    (`State.lowest_wins`), the count as it is (37, −4: never "+37")."""
    return str(value).replace("-", MINUS) if lowest_wins else signed(value)


def scores_line(names: Sequence[str], scores: Sequence[int], lowest_wins: bool = False) -> str:
    """A game's scores in a line: "Ana +3 · Ben −2", in a penalty game "Ana 37 · Ben 132"."""
    return " · ".join(f"{name} {score(value, lowest_wins)}"
                      for name, value in zip(names, scores))


def plural(key: str, count: int, **values: object) -> str:
    """`<key>.one` for a count of one (either sign), `<key>.other` for any other; the
    text gets `{n}` (the count) and `values`. A language with more forms adds keys here."""
    form = "one" if abs(count) == 1 else "other"
    return t(f"{key}.{form}", n=count, **values)


def points(value: int) -> str:
    """A score in words with its sign: "+1 point", "−6 points", "0 points"."""
    return plural("words.points", value, score=signed(value))


@dataclass(frozen=True)
class Item:
    """One entry of a breakdown: what it is (`label`), what it counts (`value`, with its
    sign and unit: "+5 points", "12 penalty points"), the cards it is about (codes for the
    card painter) and words beside them (`note`: "3–7", "joker 7 as blue 7")."""

    label: str
    value: str = ""
    cards: tuple[str, ...] = ()
    note: str = ""
    penalty: bool = False        # counted against the player: drawn as a penalty


@dataclass(frozen=True)
class Breakdown:
    """How a finished game was scored: `seats[seat]`, the items of that player's score;
    `items`, what the whole game ended on (the line of ten); `title` says what the seats'
    items cover when it is not the whole game ("The last round"); `outcome`, the result in
    a sentence (the CLI prints it); `draw`, nobody won: a draw, never "share the win"."""

    seats: dict[int, list[Item]] = field(default_factory=dict)
    items: list[Item] = field(default_factory=list)
    title: str = ""
    outcome: str = ""
    draw: bool = False


def words_for(game_id: str) -> ModuleType:
    """The game's narration module, `tentable.narration.<game_id>`."""
    return importlib.import_module(f"{__name__}.{game_id}")


def drawn(game_id: str, view: dict) -> bool:
    """A finished game nobody won (TEN tiles, TL-R8): told as a draw, never as a win
    shared — a game whose rules know no draw has no `drawn` in its module."""
    test = getattr(words_for(game_id), "drawn", None)
    return view.get("phase") == "over" and test is not None and test(view)


def public_scores(game_id: str, view: dict) -> list | None:
    """The scores as `view`'s reader may know them (a spectator's view: what `tentable
    replay` prints of a running game), or None for a game that has no score to tell yet.
    The view's `scores` leave out what a hidden card would add (Take That's V1 pile
    cards): `State.scores()` of a running game may count it, so it is never printed."""
    running = getattr(words_for(game_id), "running_scores", None)
    if view.get("phase") != "over" and running is not None:
        return running(view)
    return list(view["scores"])


def last_part(done: int, parts: int, key: str) -> str:
    """A match in parts explains its last part only (the earlier ones are gone from the
    view; their scores stand in the results' columns): "The last round (2 of 2)"; ""
    for a match of one part."""
    return t(key, n=done, of=parts) if parts > 1 else ""


@dataclass(frozen=True)
class Line:
    """One line of the log, and the seat whose colour marks it (None: nobody's)."""

    text: str
    seat: int | None = None


def is_you(name: str) -> bool:
    """Is `name` the default name of the human at the screen, "You" in any language we
    speak ("Du", "Jij")? It is a pronoun, not a name: told in the "you" forms ("You
    play", never "You plays") and shown in the player's language (`shown_name`)."""
    return name in i18n.in_every_language("setup.name_you", STRINGS["setup.name_you"])


def shown_name(name: str) -> str:
    """A seat's name as the screen shows it: "You" in the player's language."""
    return t("setup.name_you") if is_you(name) else name


@dataclass(frozen=True)
class Teller:
    """Who the words are for: the players' names; `reader`, the one human at the screen,
    whose secrets the log may name (None when several humans share it, or none); and
    `you`, the seats the words speak to as "you" — by default the reader and every seat
    whose name is "You" (`is_you`), so that no sentence ever says "You plays"."""

    names: Sequence[str]
    reader: int | None = None
    you: frozenset[int] | None = None

    def alone(self, seat: int) -> bool:
        """The log is read by `seat` alone: it may name `seat`'s secrets."""
        return self.reader == seat

    def addressed(self, seat: int) -> bool:
        """`seat` is told as "you": "You play 34", "your card", "Your turn"."""
        if self.you is not None:
            return seat in self.you
        return self.alone(seat) or is_you(self.names[seat])

    def name(self, seat: int) -> str:
        """`seat`'s name as shown (`shown_name`)."""
        return shown_name(self.names[seat])

    def say(self, key: str, seat: int, **values: object) -> str:
        """`key` worded for `seat`: `<key>.you` ("You play 34") when `seat` is told as
        "you", `<key>` with {name} ("Ana plays 34") otherwise. Every text with a {name}
        for a seat has both (`tests/test_i18n.py`)."""
        if self.addressed(seat):
            return t(key + ".you", **values)
        return t(key, name=self.name(seat), **values)


def winners_said(teller: Teller, winners: Sequence[int], key: str, shared: str,
                 joined: str = ", ") -> str:
    """Who won, in a sentence: `key` for one ("Ana won", "You won": `Teller.say`),
    `shared` for several with the others' names ("Ana and Ben shared the win", and its
    `.you`: "You and Ana shared the win")."""
    if len(winners) == 1:
        return teller.say(key, winners[0])
    others = joined.join(teller.name(s) for s in winners if not teller.addressed(s))
    you = any(teller.addressed(s) for s in winners)
    return t(shared + (".you" if you else ""), names=others)


def refusal(words: ModuleType, exc: IllegalAction, names: Sequence[str]) -> str:
    """A refusal for the player: its sentence with the cards, moves and seats it names
    worded by the game's narration module `words` and the players' `names`."""
    return said(words, exc.key, exc.values, names)


def said(words: ModuleType, key: str, values: dict, names: Sequence[str]) -> str:
    """A text whose values may name cards, moves and seats (`Term`s), worded by the game's
    narration module `words` and the players' `names` (the hint's reasons)."""
    return t(key, **{name: _word(words, value, names) for name, value in values.items()})


def _word(words: ModuleType, value: object, names: Sequence[str]) -> object:
    if not isinstance(value, Term):
        return value
    items = value.value if isinstance(value.value, tuple) else (value.value,)
    said = [names[item] if value.kind == "seat" else getattr(words, value.kind)(item)
            for item in items]
    return said[0] if len(said) == 1 else t("words.or", first=", ".join(said[:-1]),
                                            last=said[-1])
