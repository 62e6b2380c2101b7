"""Deck manifests: which cards a game has, of what kind, how many, from how many players.

The card mixes live in `decks/<game>.yaml` (format: `decks/README.md`) so that a player
who owns a printed deck can correct a count without touching code. Because people will
edit these files by hand, every problem is reported as one `ManifestError` naming the
file, the entry and what is wrong; nothing else ever escapes `load_manifest`.
Manifests are read with `yaml.safe_load` only: a deck file must never run code.
"""
from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import yaml

from tentable import resources

FORMAT_VERSION = 1
TOP_KEYS = ("format", "game", "title", "players", "kinds", "cards", "totals")
ENTRY_KEYS = ("code", "kind", "count", "min_players", "value", "colour")


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
    """The summary `tentable check-deck FILE` prints: deck size per player count, then the
    number of cards of each kind per player count."""
    deck = load_manifest(path)
    counts = range(deck.min_players, deck.max_players + 1)
    span = (f"{deck.min_players}" if deck.min_players == deck.max_players
            else f"{deck.min_players}–{deck.max_players}")
    lines = [f"{deck.path}: OK", f"game {deck.game!r}: {deck.title}, {span} players"]
    lines += [f"{n} player{'s' if n != 1 else ''}: {len(deck.cards(n))} cards" for n in counts]
    width = max(len(kind) for kind in deck.kinds)
    lines.append("cards per kind, by players:")
    lines.append("  " + " " * width + "".join(f"{n:>6}" for n in counts))
    for kind, description in deck.kinds.items():
        per_count = [sum(e.count for e in deck.entries if e.kind == kind and e.min_players <= n)
                     for n in counts]
        lines.append(f"  {kind:<{width}}" + "".join(f"{c:>6}" for c in per_count)
                     + f"   {description}")
    return "\n".join(lines)


def _read(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise ManifestError(path, "file", "is not UTF-8 text") from None
    except OSError as exc:
        raise ManifestError(path, "file", f"cannot read it: {exc.strerror or exc}") from None
    try:
        return yaml.safe_load(text)
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
        raise ManifestError(path, where, f"YAML error: {what}") from None
    except yaml.YAMLError as exc:
        raise ManifestError(path, "YAML", f"YAML error: {exc}") from None


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
        entries = self.entries(data["cards"], kinds, low, high)
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

    def entries(self, value: Any, kinds: dict[str, str], low: int,
                high: int) -> tuple[CardSpec, ...]:
        if not isinstance(value, list):
            raise self.fail("cards", f"must be a list of card entries, got {type(value).__name__}")
        if not value:
            raise self.fail("cards", "the list is empty; a deck needs at least one card")
        specs: list[CardSpec] = []
        where: dict[tuple[str, int], str] = {}   # (code, min_players) -> entry name
        first: dict[str, tuple[CardSpec, str]] = {}
        for index, raw in enumerate(value):
            spec, name = self.entry(index, raw, kinds, low, high)
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

    def entry(self, index: int, raw: Any, kinds: dict[str, str], low: int,
              high: int) -> tuple[CardSpec, str]:
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
        kind = raw["kind"]
        if not isinstance(kind, str) or kind not in kinds:
            raise self.fail(name, f"unknown kind {kind!r} (declared kinds: {', '.join(kinds)})")
        count = raw["count"]
        if not _is_int(count):
            raise self.fail(name, f"count must be a whole number, got {count!r}")
        if count < 1:
            raise self.fail(name, f"count must be at least 1, got {count}")
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
