"""Find shipped files (decks, assets) from a source checkout and from a frozen build.

PyInstaller puts data under `sys._MEIPASS` (`_internal/` in one-folder builds);
a checkout keeps them at the repository root, beside the `tentable` package.
"""
from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def deck_path(game_id: str) -> Path:
    return root() / "decks" / f"{game_id}.yaml"


def asset_path(*parts: str) -> Path:
    return root().joinpath("assets", *parts)
