"""Keep the translations in step with the text table (Babel), then compile them.

    python3 scripts/i18n.py update     # every text of tentable/text/ into each .po
    python3 scripts/i18n.py compile    # each .po into the .mo the app reads
    python3 scripts/i18n.py check      # what is left to translate, per language

The text table (`tentable.text.STRINGS`, kept by area in `tentable/text/`) is the source:
a message's context is its key and its id the English text. `update` adds new texts, marks texts whose English changed as fuzzy
(they need a look) and drops texts the table no longer has. The catalogues live in
`locale/<lang>/LC_MESSAGES/tentable.po`; `tests/test_i18n.py` fails when a text lacks a
translation or a `.mo` is older than its `.po`.
"""
from __future__ import annotations

import sys
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _venv import relaunch  # noqa: E402

relaunch(__file__)

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tentable import i18n  # noqa: E402
from tentable.text import STRINGS  # noqa: E402

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]


def po_path(code: str) -> Path:
    return ROOT / "locale" / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


HEADER = """\
# {language} texts of tentable, made from tentable/text/ by scripts/i18n.py.
# This file is distributed under the same license as the tentable project."""


def new_catalog(code: str | None = None) -> Catalog:
    language = i18n.LANGUAGES.get(code or "", "The")
    return Catalog(locale=code, project="tentable", domain=i18n.DOMAIN, fuzzy=False,
                   header_comment=HEADER.format(language=language),
                   copyright_holder="the tentable authors",
                   msgid_bugs_address="", last_translator="the tentable authors",
                   language_team=i18n.LANGUAGES.get(code or "", ""))


def template() -> Catalog:
    catalog = new_catalog()
    for key, english in STRINGS.items():
        flags = ("python-brace-format",) if "{" in english else ()
        catalog.add(english, context=key, flags=flags)
    return catalog


def load(code: str) -> Catalog:
    with open(po_path(code), "rb") as file:
        return read_po(file, locale=code, domain=i18n.DOMAIN)


def save(code: str, catalog: Catalog) -> None:
    path = po_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = BytesIO()
    # no dates and no line numbers: a run that changes no text changes no file
    write_po(buffer, catalog, width=96, omit_header=False, no_location=True,
             ignore_obsolete=True, sort_output=False)
    text = b"\n".join(line for line in buffer.getvalue().split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))
    path.write_bytes(text)


def compiled(catalog: Catalog) -> bytes:
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update() -> None:
    source = template()
    for code in TRANSLATED:
        if po_path(code).exists():
            catalog = load(code)
            catalog.update(source, no_fuzzy_matching=True)
        else:
            catalog = new_catalog(code)
            catalog.update(source, no_fuzzy_matching=True)
        save(code, catalog)
        print(f"{po_path(code).relative_to(ROOT)}: {len(catalog)} texts")


def compile_all() -> None:
    for code in TRANSLATED:
        if po_path(code).exists():
            mo_path(code).write_bytes(compiled(load(code)))
            print(f"{mo_path(code).relative_to(ROOT)} written")


def missing(code: str) -> list[str]:
    """The keys whose text has no translation yet (or one marked fuzzy) in `code`."""
    if not po_path(code).exists():
        return list(STRINGS)
    catalog = load(code)
    left = []
    for key, english in STRINGS.items():
        message = catalog.get(english, context=key)
        if message is None or not message.string or message.fuzzy:
            left.append(key)
    return left


def check() -> int:
    bad = 0
    for code in TRANSLATED:
        left = missing(code)
        bad += len(left)
        print(f"{i18n.LANGUAGES[code]}: {len(STRINGS) - len(left)} of {len(STRINGS)} "
              f"translated" + (f"; first missing: {', '.join(left[:5])}" if left else ""))
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    commands = {"update": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in (*commands, "check"):
        print(__doc__)
        return 2
    if argv[0] == "check":
        return check()
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
