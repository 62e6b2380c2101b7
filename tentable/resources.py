"""Find shipped files (decks, fonts, sounds, rules pages, catalogues) wherever tentable runs from.

They keep one layout (`decks/`, `assets/`, `docs/rules/`, `locale/`) under one root, which
is, in the order looked for:
- a frozen build: PyInstaller's `sys._MEIPASS` (`_internal/` in one-folder builds, the
  app's `Contents/Frameworks` on macOS), where `tentable.spec` puts them;
- an installed wheel (`pip install .`, `pipx install .`): `tentable/shipped/` inside
  the installed package, where `setup.py` maps the repository's folders;
- a source checkout: the repository root, beside the `tentable` package.
Everything found here is read-only: the player's own files (settings, saves) live in the
per-user data directory of `tentable.store`, never next to the program.
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path

# The decks and fonts the app cannot start without; `tentable --smoke` loads each one.
DECKS = ("ten", "takethat", "elfer", "retro10", "tentiles")
FONT_REGULAR, FONT_BOLD = "Lato-Regular.ttf", "Lato-Bold.ttf"
FONTS = (FONT_REGULAR, FONT_BOLD)
# The table's sounds (`tentable.ui.sound`), made by `scripts/sounds.py`: assets/sounds/*.ogg
SOUNDS = ("card_deal", "card_play", "card_flip", "shuffle", "chips", "tile_place", "tile_slide",
          "knock", "refused", "your_turn", "reveal", "bust", "round_won", "round_lost",
          "game_won", "game_lost")


# The folder inside the installed package that holds them (setup.py's SHIPPED)
INSTALLED = "shipped"


def root() -> Path:
    return _root(getattr(sys, "_MEIPASS", None))


@functools.lru_cache(maxsize=None)
def _root(frozen: str | None) -> Path:
    """Found once: where the app lies does not change while it runs, and a table asks on
    every frame (each seat's name in every language: `i18n.in_every_language`)."""
    if frozen:
        return Path(frozen)
    package = Path(__file__).resolve().parent
    installed = package / INSTALLED
    return installed if installed.is_dir() else package.parent


def deck_path(game_id: str) -> Path:
    return root() / "decks" / f"{game_id}.yaml"


def rules_path(game_id: str, language: str | None = None) -> Path:
    """How to play a game, in our own words: `docs/rules/<game>.md` in English, and
    `docs/rules/<lang>/<game>.md` in another language where that page exists."""
    english = root() / "docs" / "rules" / f"{game_id}.md"
    if language and language.isalpha() and language != "en":
        translated = root() / "docs" / "rules" / language / f"{game_id}.md"
        if translated.is_file():
            return translated
    return english


def asset_path(*parts: str) -> Path:
    return root().joinpath("assets", *parts)


def font_path(name: str) -> Path:
    return asset_path("fonts", name)


def sound_path(cue: str) -> Path:
    return asset_path("sounds", f"{cue}.ogg")


def required() -> list[Path]:
    """Every shipped file the app needs at run time."""
    return [deck_path(game_id) for game_id in DECKS] + [font_path(name) for name in FONTS] \
        + [rules_path(game_id) for game_id in DECKS] + [sound_path(cue) for cue in SOUNDS]


def missing() -> list[Path]:
    """The required files that are not there (a build that forgot some data)."""
    return [path for path in required() if not path.is_file()]
