"""The player's language: English (the text table's own, `tentable.text`), German or Dutch.

Translations are standard gettext catalogues, `locale/<lang>/LC_MESSAGES/tentable.mo`,
made from the `.po` files beside them by `scripts/i18n.py` (Babel). Each message's context
is its key in the text table and its id the English text, so a translator sees both, and
an English text that changes marks its translations as needing a look.

The language follows the system locale unless the player chose one (the settings,
`--lang`); a language without a catalogue, or a message without a translation, falls
back to English: never a crash, never an empty label.
"""
from __future__ import annotations

import functools
import gettext
import locale
import os
import struct
from pathlib import Path
from typing import Callable

from tentable import resources

DOMAIN = "tentable"
ENGLISH = "en"
# Each language by its own name, as a player looking for theirs reads it.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_current = ENGLISH


def locale_dir() -> Path:
    return resources.root() / "locale"


def catalogue_path(code: str) -> Path:
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


# What reading a missing or damaged catalogue raises
DAMAGED = (OSError, ValueError, LookupError, struct.error)


def catalogue(code: str) -> gettext.GNUTranslations:
    """`code`'s compiled catalogue; raises one of `DAMAGED` when it is missing or broken."""
    with open(catalogue_path(code), "rb") as file:
        return gettext.GNUTranslations(file)


def available() -> list[str]:
    """English and every language whose compiled catalogue ships with this build."""
    return [code for code in LANGUAGES if code == ENGLISH or catalogue_path(code).is_file()]


def system_language() -> str:
    """The system's language if we speak it, else English. Reads what gettext reads
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then the locale module (Windows, macOS)."""
    names = [os.environ.get(var, "") for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        names.append(locale.getlocale()[0] or "")
    except (ValueError, TypeError):
        pass
    for name in names:
        for part in name.split(":"):
            code = part.strip().lower()[:2]
            if code in LANGUAGES and code in available():
                return code
    return ENGLISH


def normalise(choice: object) -> str | None:
    """A language code from a setting or `--lang` ("de", "DE", "de_DE.UTF-8", "Deutsch"),
    or None if it names none we speak ("system" and garbage alike)."""
    if not isinstance(choice, str):
        return None
    text = choice.strip()
    for code, name in LANGUAGES.items():
        if text.lower() == name.lower():
            return code
    code = text.lower().replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGUAGES else None


def set_language(choice: object = None) -> str:
    """Speak `choice` from now on (None or "system": the system's language); returns the
    code in force. A damaged catalogue is ignored (English), never fatal."""
    global _translation, _current
    code = normalise(choice) or system_language()
    translation: gettext.NullTranslations = gettext.NullTranslations()
    if code != ENGLISH:
        try:
            translation = catalogue(code)
        except DAMAGED:                                             # missing or damaged: English
            code = ENGLISH
    _translation, _current = translation, code
    return code


def current() -> str:
    return _current


def translate(key: str, english: str) -> str:
    """`english` (the text table's text for `key`) in the player's language."""
    return _translation.pgettext(key, english)


def in_every_language(key: str, english: str) -> frozenset[str]:
    """`english` (the text for `key`) in every language that ships: what a save made in
    any of them may hold (the default name "You", "Du", "Jij"). Remembered for the
    catalogues' folder: the shipped catalogues do not change while the app runs, and a
    table asks for every seat's name on every frame (finding the catalogues each time
    cost 8 ms a frame); another folder (a test's `locale_dir`) is another memory. Keyed
    by the function that finds the folder, not by the folder: finding it is a path built
    anew, 12,400 times a second at a busy 10 Retro table."""
    return _in_every_language(locale_dir, key, english)


@functools.lru_cache(maxsize=None)
def _in_every_language(folder: Callable[[], Path], key: str,
                       english: str) -> frozenset[str]:
    where = folder()
    return frozenset({english} | {_catalogue(where, code).pgettext(key, english)
                                  for code in available() if code != ENGLISH})


@functools.lru_cache(maxsize=None)
def _catalogue(where: Path, code: str) -> gettext.NullTranslations:
    try:
        with open(catalogue_path(code), "rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError, LookupError, struct.error):   # missing or damaged
        return gettext.NullTranslations()
