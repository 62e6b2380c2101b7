"""Read what anyone may have put in a file: only a regular file, only what a screen shows.

A FIFO (or a link to one) where a settings file, a saved game or a deck manifest belongs
would make a plain `open` wait for a writer that never comes, and a device such as
/dev/zero never ends: `read_regular` refuses both before a byte is read. `load_json`
refuses the JSON that parses but that nothing can show: a number of hundreds of digits
(it overflows every float it meets, and beyond 4,300 digits `int` refuses it), one that
is not finite (`1e999`, `NaN`), a lone surrogate in a text (no font, terminal or file
name takes it). Used by every reader of a user's JSON file (`store.parse_json`) and of a
deck manifest (`engine.decks`); each words a `Refused` as its own kind of error.
"""
from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from typing import Any

MAX_DIGITS = 20           # in a whole number of a file: a seed has 19, a count a few
# O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer (a regular
# file ignores it). O_BINARY: Windows would otherwise open the descriptor in text mode.
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_SURROGATE = re.compile("[\ud800-\udfff]")
# Only a `\uD800`-`\uDFFF` escape can make a surrogate (the text itself is valid UTF-8),
# so the values are searched only when the text holds one, as few files do.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class Refused(ValueError):
    """What is there cannot be used; the message says why ("it is not a regular file")."""


def read_regular(path: str | os.PathLike, limit: int) -> bytes:
    """Up to `limit` + 1 bytes of the regular file at `path` (links followed), so that a
    caller can tell a file over `limit` from one of it. Raises `Refused` for a FIFO, a
    socket or a device, `IsADirectoryError` for a folder (as `open` does), and `OSError`
    when it cannot be read."""
    if not hasattr(os, "O_NONBLOCK"):
        # Windows: no non-blocking open, so look before opening (its folders hold no
        # FIFOs, so nothing can turn into one between the look and the open).
        _check(os.stat(path).st_mode, path)
    fd = os.open(path, _FLAGS)
    try:
        _check(os.fstat(fd).st_mode, path)
        with os.fdopen(fd, "rb") as f:
            fd = -1                     # the file object closes it now
            return f.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)


def _check(mode: int, path: str | os.PathLike) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    raise Refused("it is not a regular file")


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
