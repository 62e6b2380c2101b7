"""Every word the app shows, in one table: the English; `tentable.i18n` translates it.

`t("setup.players")` looks a text up; `t("menu.range", low=2, high=4)` fills it in.
A missing key shows the key itself and a bad placeholder the unfilled text:
a slip in the table is visible on screen, never a crash.

The table is kept by area, one module each: `screens` (menu, setup, settings, results,
the ladder, the table's common parts), `games` (each game's table and narration),
`refusals` (what the rules do not allow), `command_line` and `network` (why a host
refused or could not be reached), `tutorials` (Learn to play). `STRINGS` is all of them;
`scripts/i18n.py` makes the catalogues from it, so a new module joins `AREAS` below.
"""
from __future__ import annotations

from tentable import i18n
from tentable.text import command_line, games, network, refusals, screens, tutorials

AREAS = (screens, games, refusals, command_line, network, tutorials)

def merged(areas) -> dict[str, str]:
    """The areas' texts in one table. A key in two areas would lose one of its texts
    silently: it is refused where it is written."""
    table: dict[str, str] = {}
    for area in areas:
        twice = table.keys() & area.STRINGS.keys()
        if twice:
            raise ImportError(f"{area.__name__} repeats the text keys {sorted(twice)}")
        table.update(area.STRINGS)
    return table


STRINGS: dict[str, str] = merged(AREAS)


def t(key: str, **fmt: object) -> str:
    """The UI text for `key` in the player's language (`tentable.i18n`), with
    `{placeholders}` filled from `fmt`. A text that depends on a count has two keys,
    `<key>.one` and `<key>.other`, and is asked for with `n=` ("1 card", "2 cards")."""
    key = _form(key, fmt)
    english_text = STRINGS.get(key)
    if english_text is None:
        return _fill(key, fmt)
    return _fill(i18n.translate(key, english_text), fmt)


def _form(key: str, fmt: dict) -> str:
    """`key`, or its `.one` / `.other` form for the count `n` when the table words it by
    count. English, German and Dutch have these two forms alike."""
    n = fmt.get("n")
    if key in STRINGS or not isinstance(n, int) or isinstance(n, bool):
        return key
    return f"{key}.{'one' if abs(n) == 1 else 'other'}"


def _fill(text: str, fmt: dict) -> str:
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError):
        return text


def english(key: str, **fmt: object) -> str:
    """The text for `key` in English, the table's own language, whatever the player's:
    the logs and the engine's own messages speak it (an engine's refusal, `IllegalAction`)."""
    key = _form(key, fmt)
    return _fill(STRINGS.get(key, key), fmt)


def t_or(key: str, fallback: str, **fmt: object) -> str:
    """Like `t`, but `fallback` when the table has no such key (e.g. an option a game
    added before its label was written)."""
    return t(key, **fmt) if _form(key, fmt) in STRINGS else fallback
