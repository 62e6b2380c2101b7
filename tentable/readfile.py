"""Read what anyone may have put in a file: only what a screen shows.

`load_json` refuses the JSON that parses but that nothing can show: a number of hundreds
of digits (it overflows every float it meets, and beyond 4,300 digits `int` refuses it),
one that is not finite (`1e999`, `NaN`), a lone surrogate in a text (no font, terminal or
file name takes it). Used by every reader of a user's JSON file (`store.parse_json`),
which words a `Refused` as its own kind of error.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DIGITS = 20           # in a whole number of a file: a seed has 19, a count a few
_SURROGATE = re.compile("[\ud800-\udfff]")
# Only a `\uD800`-`\uDFFF` escape can make a surrogate (the text itself is valid UTF-8),
# so the values are searched only when the text holds one, as few files do.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class Refused(ValueError):
    """What is there cannot be used; the message says why."""


def load_json(text: str) -> Any:
    """`json.loads(text)`, with `Refused` for a number too large or not finite and for a
    text (key or value) holding a lone surrogate; other errors as `json.loads` raises
    them (`ValueError`, `RecursionError`)."""
    data = json.loads(text, parse_int=_whole_number, parse_float=_finite_number,
                      parse_constant=_not_a_number)
    if _SURROGATE_ESCAPE.search(text) and _holds_surrogate(data):
        raise Refused("it holds text that is not valid Unicode (a lone surrogate)")
    return data


def _too_large(shown: str) -> Refused:
    return Refused(f"it holds a number too large or not a number ({shown})")


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _too_large(f"{digits:,} digits")
    return int(text)


def _finite_number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):       # 1e999 reads as infinity
        raise _too_large(text if len(text) <= 20 else f"{len(text):,} characters")
    return value


def _not_a_number(text: str) -> float:
    raise _too_large(text)             # NaN, Infinity, -Infinity: Python's, not JSON's


def _holds_surrogate(data: Any) -> bool:
    """Does any text in `data`, key or value, hold a surrogate? A loop, not recursion:
    `data` may be nested as deeply as the parser allowed."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
