"""The screens of the app, and the registry of game tables.

A game's table lives in `tentable/ui/scenes/<game_id>.py` and registers itself:

    @register_table("takethat")
    class TakeThatTable(TableScene): ...

`table_for(game_id)` imports that module on first use, so this file needs no edit
when a table is added. A game without a table gets a "coming soon" note in setup.
"""
from __future__ import annotations

import importlib
from typing import Callable

from tentable.ui.scenes.table import TableScene

TABLES: dict[str, type[TableScene]] = {}


def register_table(game_id: str) -> Callable[[type[TableScene]], type[TableScene]]:
    def register(cls: type[TableScene]) -> type[TableScene]:
        TABLES[game_id] = cls
        return cls
    return register


def table_for(game_id: str) -> type[TableScene] | None:
    if game_id not in TABLES:
        module = f"{__name__}.{game_id}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # the table exists but something it needs is missing
                raise
    return TABLES.get(game_id)


__all__ = ["TABLES", "TableScene", "register_table", "table_for"]
