"""A game's options, declared once: `new_game` validates them and the setup screen draws
a control for each (toggle, stepper, choice list) from the same `Option`.

A game lists its options in `State.options_spec`; `new_game` fills in the defaults and
refuses unknown names and bad values through `validate_options`, with a message that
says which.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable

from tentable.engine.errors import SetupError, shortened


@dataclass(frozen=True)
class Option:
    """One game option, declared so that `new_game` validates it and the setup screen
    can draw a control for it (toggle, stepper, choice list).

    `default` and `suggest` may be functions of the player count: `default` is what the
    engine uses when the option is not given, `suggest` what the setup screen proposes
    (the rulebook's recommendation, e.g. Take That's pro variant for two)."""

    name: str
    default: Any
    kind: type                       # bool, int, str or list
    low: int | None = None           # int: the range
    high: int | None = None
    choices: tuple = ()              # str/int: the allowed values; list: the allowed items
    optional: bool = False           # None is allowed: "by lot" / "from the seed"
    check: Callable[[Any, int], str | None] | None = None   # sees the player count
    suggest: Callable[[int], Any] | None = None
    help: str = ""

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default

    def suggested(self, players: int) -> Any:
        return self.suggest(players) if self.suggest else self.default_for(players)

    def problem(self, value: Any, players: int) -> str | None:
        """Why `value` is not allowed with `players` players, or None."""
        if value is None:
            return None if self.optional else "may not be empty"
        # bool is an int in Python; keep the two apart so `rounds: True` is refused.
        if type(value) is not self.kind:
            return f"must be {_KIND_WORDS.get(self.kind, self.kind.__name__)}"
        if self.kind is int and not ((self.low is None or value >= self.low)
                                     and (self.high is None or value <= self.high)):
            return f"must be between {self.low} and {self.high}"
        if self.kind is list:
            if len(value) > 64:
                return "is too long"
            bad = [item for item in value if self.choices and (
                type(item) not in (str, int) or item not in self.choices)]
            if bad:
                return f"may only hold {', '.join(map(str, self.choices))}"
        elif self.choices and value not in self.choices:
            return f"must be one of {', '.join(map(str, self.choices))}"
        return self.check(value, players) if self.check else None


_KIND_WORDS = {bool: "true or false", int: "a whole number", str: "a text", list: "a list"}


def validate_options(game_id: str, spec: Sequence[Option], given: Any, players: int) -> dict:
    """Fill in defaults; reject unknown names and bad values with a clear message."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise SetupError(f"{game_id}: options must be a mapping of names to values, "
                         f"not {type(given).__name__}")
    known = {o.name: o for o in spec}
    unknown = [name for name in given if name not in known]
    if unknown:
        names = ", ".join(known) or "none"
        raise SetupError(f"{game_id}: unknown option {str(unknown[0])[:40]!r} "
                         f"(options: {names})")
    options = {}
    for opt in spec:
        value = given[opt.name] if opt.name in given else opt.default_for(players)
        problem = opt.problem(value, players)
        if problem:
            raise SetupError(f"{game_id}: option {opt.name!r} {problem}, "
                             f"got {shortened(value)}")
        options[opt.name] = list(value) if isinstance(value, list) else value
    return options
