"""Deck manifests: which cards a game has, of what kind, how many, from how many players.

The card mixes live in `decks/<game>.yaml` (format: `decks/README.md`) so that a player
who owns a printed deck can correct a count without touching code. Because people will
edit these files by hand, every problem is reported as one `ManifestError` naming the
file, the entry and what is wrong; nothing else ever escapes `load_manifest`.
Manifests are read with a `yaml.SafeLoader` that also refuses anchors and aliases (no
"billion laughs"), duplicate keys (no silent second `game:`) and whole numbers written
other than in plain decimal (`012`) or longer than `readfile.MAX_DIGITS`: a deck file must
never run code nor blow up. Only a regular file is read (a FIFO would block for ever).
"""
from __future__ import annotations

import difflib
import functools
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import yaml

from tentable import readfile, resources
from tentable.text import t

FORMAT_VERSION = 1
TOP_KEYS = ("format", "game", "title", "players", "kinds", "cards", "totals")
ENTRY_KEYS = ("code", "kind", "count", "min_players", "value", "colour")
MAX_BYTES = 1024 * 1024      # a full manifest is a few kilobytes
MAX_COUNT = 1000             # copies of one card
MAX_CARDS = 10_000           # cards in a whole deck
MAX_PLAYERS = 20

# The card codes each game's rules digest writes (docs: rules/<game>.md), as
# (pattern, what it allows). A manifest for another game id is checked for spaces only.
CODE_GRAMMAR: dict[str, tuple[re.Pattern, str]] = {
    "takethat": (re.compile(r"(?!11|99)[1-9][1-9]"),
                 "a number 12-98 that does not end in 0, such as 34"),
    "ten": (re.compile(r"[BGOPW][1-9#]|\$[1-5]"),
            "B/G/O/P and 1-9 or #, W1-W9, W# or $1-$5"),
    "elfer": (re.compile(r"[RYGB](?:[1-9]|1[0-9]|2[01])|J|connection|bonus"),
              "R/Y/G/B and 1-21, J, connection or bonus"),
    "retro10": (re.compile(r"[0-9]|10|S[1-8]|J|R(?:[1-9]|10)"),
                "0-10, S1-S8, J or R1-R10"),
    "tentiles": (re.compile(r"[WB][1-3]"), "W1-W3 or B1-B3"),
}


class ManifestError(ValueError):
    """A broken manifest: which file, which entry, what is wrong — one line for the user."""

    def __init__(self, path: str, entry: str, problem: str) -> None:
        self.path = path
        self.entry = entry
        self.problem = problem
        super().__init__(f"{path}: {entry}: {problem}")


@dataclass(frozen=True)
class CardSpec:
    """One entry of a manifest's `cards:` list."""

    code: str
    kind: str
    count: int
    min_players: int = 1
    value: int | None = None
    colour: str | None = None


@dataclass(frozen=True)
class Manifest:
    """A validated deck. `kinds` and `totals` are read-only views: `manifest()` caches and
    shares one instance per game, so no caller may change it for the others."""

    path: str
    game: str
    title: str
    min_players: int
    max_players: int
    kinds: Mapping[str, str]
    entries: tuple[CardSpec, ...]
    totals: Mapping[int, int]

    def cards(self, players: int) -> list[str]:
        """The deck for `players`: codes with repetition, in manifest order."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players}–{self.max_players} "
                             f"players, not {players!r}")
        return [e.code for e in self.entries if e.min_players <= players for _ in range(e.count)]

    def codes(self, kind: str | None = None) -> list[str]:
        """Distinct codes in manifest order, optionally only those of one kind."""
        if kind is not None and kind not in self.kinds:
            raise KeyError(f"{self.game} has no card kind {kind!r} "
                           f"(kinds: {', '.join(self.kinds)})")
        seen = dict.fromkeys(e.code for e in self.entries if kind is None or e.kind == kind)
        return list(seen)

    def kind_of(self, code: str) -> str:
        return self.spec(code).kind

    def spec(self, code: str) -> CardSpec:
        """The first entry with that code; entries sharing a code agree on kind, value and
        colour (checked on load), so the first one speaks for all of them."""
        for entry in self.entries:
            if entry.code == code:
                return entry
        raise KeyError(f"{self.game} has no card {code!r}")


def load_manifest(path: str | os.PathLike) -> Manifest:
    """Read and validate one manifest file; any problem raises `ManifestError`."""
    name = os.fspath(path)
    return _Validator(name).manifest(_read(name))


@functools.lru_cache(maxsize=None)
def manifest(game_id: str) -> Manifest:
    """The shipped manifest of a game, loaded once."""
    path = resources.deck_path(game_id)
    deck = load_manifest(path)
    if deck.game != game_id:
        # The engines trust that decks/<id>.yaml describes game <id>; a copied file that was
        # not renamed inside would silently give one game another game's cards.
        raise ManifestError(str(path), "game",
                            f"says {deck.game!r}, but this file is the deck of {game_id!r}")
    return deck


def report(path: str | os.PathLike) -> str:
    """The summary `tentable check-deck FILE` prints, in the player's language: deck size per
    player count, then the number of cards of each kind per player count (each kind's
    description as the manifest writes it)."""
    deck = load_manifest(path)
    counts = range(deck.min_players, deck.max_players + 1)
    span = (f"{deck.min_players}" if deck.min_players == deck.max_players
            else f"{deck.min_players}–{deck.max_players}")
    lines = [t("cli.deck.ok", path=deck.path),
             t("cli.deck.game", n=deck.max_players, id=repr(deck.game), title=deck.title,
               span=span)]
    lines += [t("cli.deck.cards", n=n, cards=len(deck.cards(n))) for n in counts]
    width = max(len(kind) for kind in deck.kinds)
    lines.append(t("cli.deck.kinds"))
    lines.append("  " + " " * width + "".join(f"{n:>6}" for n in counts))
    for kind, description in deck.kinds.items():
        per_count = [sum(e.count for e in deck.entries if e.kind == kind and e.min_players <= n)
                     for n in counts]
        lines.append(f"  {kind:<{width}}" + "".join(f"{c:>6}" for c in per_count)
                     + f"   {description}")
    return "\n".join(lines)


_PLAIN_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_MERGE_TAG = "tag:yaml.org,2002:merge"


class _ManifestLoader(yaml.SafeLoader):
    """`yaml.SafeLoader` without the parts a hand-edited deck never needs and an attacker
    would: anchors/aliases, merge keys, duplicate keys, and octal/hex/sexagesimal ints."""

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise yaml.composer.ComposerError(
                None, None, "anchors and aliases (&name, *name) are not allowed in a deck "
                            "manifest", event.start_mark)
        return super().compose_node(parent, index)

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            first: dict[Any, Any] = {}
            for key_node, _ in node.value:
                if key_node.tag == _MERGE_TAG:
                    raise yaml.constructor.ConstructorError(
                        None, None, "merge keys (<<) are not allowed in a deck manifest",
                        key_node.start_mark)
                key = self.construct_object(key_node, deep=True)
                try:
                    earlier = first.setdefault(key, key_node.start_mark)
                except TypeError:
                    continue   # an unhashable key: the base constructor words that error
                if earlier is not key_node.start_mark:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r} (first at line {earlier.line + 1})",
                        key_node.start_mark)
        return super().construct_mapping(node, deep=deep)

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:
            # A scalar of a YAML type but out of its range (a date 2001-13-45) makes the
            # base constructor raise a bare error that names neither the file nor the line.
            raise yaml.constructor.ConstructorError(
                None, None, _one_line(str(exc)), node.start_mark) from None

    def construct_plain_int(self, node):
        text = self.construct_scalar(node)
        if not _PLAIN_INT.fullmatch(text):
            raise yaml.constructor.ConstructorError(
                None, None, f"{text[:40]!r} is not a plain whole number: write decimal "
                            f"digits, or quote it if it is a code", node.start_mark)
        digits = len(text.lstrip("+-"))
        if digits > readfile.MAX_DIGITS:
            # past 4,300 digits `int` refuses it; long before that it is no count of ours
            raise yaml.constructor.ConstructorError(
                None, None, f"a whole number of {digits:,} digits is too large for a deck "
                            f"manifest", node.start_mark)
        return int(text)


_ManifestLoader.add_constructor("tag:yaml.org,2002:int", _ManifestLoader.construct_plain_int)


def _read(path: str) -> Any:
    try:
        raw = readfile.read_regular(path, MAX_BYTES)
    except readfile.Refused as exc:        # a FIFO would have blocked the reader for ever
        raise ManifestError(path, "file", str(exc).removeprefix("it ")) from None
    except OSError as exc:
        raise ManifestError(path, "file", f"cannot read it: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ManifestError(path, "file", f"is larger than {MAX_BYTES // 1024} KB; a deck "
                                          f"manifest is a few KB of text")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ManifestError(path, "file", "is not UTF-8 text") from None
    try:
        return yaml.load(text, Loader=_ManifestLoader)
    except RecursionError:
        raise ManifestError(path, "YAML", "YAML error: nested too deeply") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "YAML"
        what = exc.problem or exc.context or "unreadable"
        if exc.context and exc.problem:
            # The parser often notices a slip (an unclosed `{`) only lines later; the context
            # mark says where the broken construct began, which is where to look.
            start = f" started at line {exc.context_mark.line + 1}" if exc.context_mark else ""
            what = f"{exc.problem} ({exc.context}{start})"
        # Constructor errors (a `!!python/...` tag that safe_load refuses) come here too.
        raise ManifestError(path, where, f"YAML error: {_one_line(what)}") from None
    except yaml.reader.ReaderError as exc:
        raise ManifestError(path, f"character {exc.position + 1}",
                            f"holds the control character {exc.character!r}, which YAML does "
                            f"not allow; is it a binary file?") from None
    except yaml.YAMLError as exc:
        raise ManifestError(path, "YAML", f"YAML error: {_one_line(str(exc))}") from None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _is_int(value: Any) -> bool:
    # YAML `yes`/`true` load as bool, which Python counts as int; a count of True is a typo.
    return type(value) is int


def _unknown_key(key: Any, allowed: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(str(key), allowed, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown key {key!r} (allowed: {', '.join(allowed)}){hint}"


class _Validator:
    """Checks one parsed file top to bottom and raises at the first problem, so the
    message points at the cause rather than at its consequences."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, entry: str, problem: str) -> ManifestError:
        return ManifestError(self.path, entry, problem)

    def manifest(self, data: Any) -> Manifest:
        if data is None:
            raise self.fail("top level", "the file is empty; expected a mapping with the keys "
                                         + ", ".join(TOP_KEYS))
        if not isinstance(data, dict):
            raise self.fail("top level", f"expected a mapping with the keys "
                                         f"{', '.join(TOP_KEYS)}, got {type(data).__name__}")
        for key in data:
            if key not in TOP_KEYS:
                raise self.fail("top level", _unknown_key(key, TOP_KEYS))
        for key in TOP_KEYS:
            if key not in data:
                raise self.fail("top level", f"missing key {key!r}")
        # Format first: a newer file may use keys that this reader would misjudge.
        if not _is_int(data["format"]) or data["format"] != FORMAT_VERSION:
            raise self.fail("format", f"unsupported format {data['format']!r} "
                                      f"(this tentable reads format {FORMAT_VERSION})")
        game = self.text("game", data["game"])
        title = self.text("title", data["title"])
        low, high = self.players(data["players"])
        kinds = self.kinds(data["kinds"])
        entries = self.entries(data["cards"], kinds, low, high, CODE_GRAMMAR.get(game))
        totals = self.totals(data["totals"], entries, low, high)
        return Manifest(self.path, game, title, low, high, MappingProxyType(kinds),
                        entries, MappingProxyType(totals))

    def text(self, entry: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, f"must be a non-empty text, got {value!r}")
        return value

    def players(self, value: Any) -> tuple[int, int]:
        if not (isinstance(value, list) and len(value) == 2 and all(map(_is_int, value))):
            raise self.fail("players", f"must be [min, max], two whole numbers, got {value!r}")
        low, high = value
        if low < 1:
            raise self.fail("players", f"the minimum must be at least 1, got {low}")
        if low > high:
            raise self.fail("players", f"the minimum {low} is above the maximum {high}")
        if high > MAX_PLAYERS:
            raise self.fail("players", f"the maximum must be at most {MAX_PLAYERS}, got {high}")
        return low, high

    def kinds(self, value: Any) -> dict[str, str]:
        if not isinstance(value, dict) or not value:
            raise self.fail("kinds", f"must be a non-empty mapping of kind name to a one-line "
                                     f"description, got {value!r}")
        for name, description in value.items():
            if not isinstance(name, str) or not name.strip():
                raise self.fail("kinds", f"a kind name must be a non-empty text, got {name!r}")
            self.text(f"kinds[{name!r}]", description)
        return dict(value)

    def entries(self, value: Any, kinds: dict[str, str], low: int, high: int,
                grammar: tuple[re.Pattern, str] | None) -> tuple[CardSpec, ...]:
        if not isinstance(value, list):
            raise self.fail("cards", f"must be a list of card entries, got {type(value).__name__}")
        if not value:
            raise self.fail("cards", "the list is empty; a deck needs at least one card")
        specs: list[CardSpec] = []
        where: dict[tuple[str, int], str] = {}   # (code, min_players) -> entry name
        first: dict[str, tuple[CardSpec, str]] = {}
        cards = 0
        for index, raw in enumerate(value):
            spec, name = self.entry(index, raw, kinds, low, high, grammar)
            cards += spec.count
            if cards > MAX_CARDS:
                raise self.fail(name, f"the deck passes {MAX_CARDS:,} cards here; no game of "
                                      f"ours has that many")
            key = (spec.code, spec.min_players)
            if key in where:
                # Two lines for the same card at the same mark are almost always a copy-paste
                # slip; one line with the summed count says the same thing unambiguously.
                raise self.fail(name, f"repeats code {spec.code!r} with min_players "
                                      f"{spec.min_players} of {where[key]}; merge their counts")
            where[key] = name
            if spec.code in first:
                # `kind_of` and `spec` answer per code, so every entry of a code must agree.
                earlier, earlier_name = first[spec.code]
                for field in ("kind", "value", "colour"):
                    mine, theirs = getattr(spec, field), getattr(earlier, field)
                    if mine != theirs:
                        raise self.fail(name, f"{field} {mine!r} differs from {field} {theirs!r} "
                                              f"of the same code in {earlier_name}")
            else:
                first[spec.code] = (spec, name)
            specs.append(spec)
        return tuple(specs)

    def entry(self, index: int, raw: Any, kinds: dict[str, str], low: int, high: int,
              grammar: tuple[re.Pattern, str] | None) -> tuple[CardSpec, str]:
        name = f"cards[{index}]"
        if not isinstance(raw, dict):
            raise self.fail(name, f"must be a mapping like {{code: ..., kind: ..., count: ...}}, "
                                  f"got {raw!r}")
        code = raw.get("code")
        # Whole numbers are allowed so that Take That's `34` need not be quoted.
        if _is_int(code):
            code = str(code)
        if isinstance(code, str) and code.strip():
            name = f"{name} (code {code!r})"
        for key in raw:
            if key not in ENTRY_KEYS:
                raise self.fail(name, _unknown_key(key, ENTRY_KEYS))
        for key in ("code", "kind", "count"):
            if key not in raw:
                raise self.fail(name, f"missing key {key!r}")
        if not isinstance(code, str):
            raise self.fail(name, f"code must be a text or a whole number, got {raw['code']!r}")
        if not code or code != "".join(code.split()):
            # Codes appear inside action strings ("play 34"), which are split on spaces.
            raise self.fail(name, f"code must be non-empty without spaces, got {code!r}")
        if grammar is not None and not grammar[0].fullmatch(code):
            raise self.fail(name, f"{code!r} is not a card code of this game "
                                  f"(codes: {grammar[1]})")
        kind = raw["kind"]
        if not isinstance(kind, str) or kind not in kinds:
            raise self.fail(name, f"unknown kind {kind!r} (declared kinds: {', '.join(kinds)})")
        count = raw["count"]
        if not _is_int(count):
            raise self.fail(name, f"count must be a whole number, got {count!r}")
        if count < 1:
            raise self.fail(name, f"count must be at least 1, got {count}")
        if count > MAX_COUNT:
            raise self.fail(name, f"count must be at most {MAX_COUNT}, got {count}")
        min_players = raw.get("min_players", 1)
        if not _is_int(min_players):
            raise self.fail(name, f"min_players must be a whole number, got {min_players!r}")
        if "min_players" in raw and not low <= min_players <= high:
            raise self.fail(name, f"min_players {min_players} is outside players "
                                  f"[{low}, {high}]")
        value = raw.get("value")
        if value is not None and not _is_int(value):
            raise self.fail(name, f"value must be a whole number, got {value!r}")
        colour = raw.get("colour")
        if colour is not None and (not isinstance(colour, str) or not colour.strip()):
            raise self.fail(name, f"colour must be a non-empty text, got {colour!r}")
        return CardSpec(code, kind, count, min_players, value, colour), name

    def totals(self, value: Any, entries: tuple[CardSpec, ...], low: int,
               high: int) -> dict[int, int]:
        if not isinstance(value, dict):
            raise self.fail("totals", f"must be a mapping of player count to card count, "
                                      f"got {value!r}")
        for players, total in value.items():
            if not _is_int(players):
                raise self.fail("totals", f"player count {players!r} is not a whole number")
            if not low <= players <= high:
                raise self.fail("totals", f"names {players} players, outside players "
                                          f"[{low}, {high}]")
            if not _is_int(total):
                raise self.fail("totals", f"the total for {players} players must be a whole "
                                          f"number, got {total!r}")
        for players in range(low, high + 1):
            if players not in value:
                raise self.fail("totals", f"no total for {players} players")
            counted = sum(e.count for e in entries if e.min_players <= players)
            if value[players] != counted:
                # The declared totals are the checksum a deck editor writes by hand.
                raise self.fail("totals", f"{players} players: declared {value[players]} cards, "
                                          f"but the entries give {counted}")
        return {players: value[players] for players in range(low, high + 1)}
