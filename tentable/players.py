"""Who played a seat, whatever the language: a player's stable identity.

The statistics keep a player by identity, not by the name on the screen, which may be a
word of the language in use: the default name of the one human ("You", "Du", "Jij") is
the same player, "you", in every language. Otherwise a person or a computer player is its
name without case ("Ana", "ana" and "ANA" are one), the rules seat (solo TEN's Mona)
"mona". A row of the statistics is an identity at a level (`level`: "human", a computer
level, or "rules"), so a person called "Easy" is never the Easy computer and a person
called "Mona" never Mona.

The archive keeps each seat's identity with the game (`archive.Kept.players`), so a
finished game keeps its player whatever the catalogues later call "You"; a game kept
before identities were (archive files without `players`) is read by the same rules.
"""
from __future__ import annotations

from functools import cache

from tentable import i18n
from tentable.text import STRINGS, t, t_or

YOU = "you"              # the one human left at the default name, in any language
MONA = "mona"            # the rules seat
HUMAN, RULES = "human", "rules"


@cache
def default_names() -> frozenset[str]:
    """The default name of the human at the screen in every shipped language."""
    return frozenset(i18n.in_every_language("setup.name_you", STRINGS["setup.name_you"]))


def identity(name: str, level: str) -> str:
    """The player of a seat named `name` played at `level` ("human", a computer level,
    "rules")."""
    if level == RULES:
        return MONA
    if level == HUMAN and name in default_names():
        return YOU
    return name.casefold()


def shown(player: str, name: str, level: str) -> str:
    """A player as the current language shows them: "You" ("Du", "Jij") for the human
    at the default name, else the name last played under; a computer with its level:
    "Ben (computer, Normal)"."""
    if level == HUMAN and player == YOU:
        return t("setup.name_you")
    if level in (HUMAN, RULES):
        return name
    return f"{name} {t('stats.computer', level=level_name(level))}"


def who(row) -> str:
    """A row of the statistics (`stats.Row`) as listed: its player, and its mode when it
    is not a table game ("You · solo ladder")."""
    mode = "" if row.mode == "table" else t(f"stats.mode.{row.mode}")
    return " ".join(part for part in (shown(row.player, row.name, row.level), mode) if part)


def level_name(level: str) -> str:
    """A computer level in the player's words ("Normal"), an old bot name as it was."""
    return t_or(f"bot.{level}", level.title())
