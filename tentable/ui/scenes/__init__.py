"""The registries of screens: scenes by name, and one table per game.

A scene registers itself under a name and is asked for by that name, with keyword
arguments, so that no scene imports another (as Tuxemon's state manager does):

    @register_scene("pause")
    class PauseScene(Scene): ...

    app.push("pause", table=self)

A game's table lives in its own package, `tentable/ui/tables/<game_id>/`, built on the
table kit (`tentable.ui.tables`), and registers itself:

    @register_table("takethat")
    class TakeThatTable(CardTable): ...

`table_for(game_id)` imports that package on first use, so this file needs no edit when a
table is added; the scene "table" (`app.push("table", session=...)`) starts
the table of the session's game. A game without a table gets a "coming soon" note
in setup.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, TypeVar

if TYPE_CHECKING:
    from tentable.ui.app import App
    from tentable.ui.scene import Scene
    from tentable.ui.tables.base import TableScene
    from tentable.session import Session

#: The screens built into the app, imported by `load_scenes` on first need.
BUILTIN_SCENES = ("menu", "setup", "settings", "pause", "results", "ladder", "games",
                  "replay", "stats", "rules", "tutorial", "join",
                  "invite", "friends")

SceneFactory = Callable[..., "Scene"]   # (app, **kwargs) -> Scene; a Scene class is one
SCENES: dict[str, SceneFactory] = {}
TABLES: dict[str, type["TableScene"]] = {}

F = TypeVar("F", bound=SceneFactory)


class NoTable(LookupError):
    """The game has no table yet."""


def register_scene(name: str) -> Callable[[F], F]:
    def register(factory: F) -> F:
        SCENES[name] = factory
        return factory
    return register


def load_scenes() -> None:
    """Import the modules of the built-in scenes, which register themselves."""
    for name in BUILTIN_SCENES:
        if name not in SCENES:
            importlib.import_module(f"{__name__}.{name}")


def scene_factory(name: str) -> SceneFactory:
    """What builds the scene called `name`; KeyError naming the known ones if none."""
    if name not in SCENES:
        load_scenes()
    try:
        return SCENES[name]
    except KeyError:
        raise KeyError(f"no scene called {name!r} (scenes: {', '.join(sorted(SCENES))})") \
            from None


def make_scene(app: "App", name: str, **kwargs: Any) -> "Scene":
    return scene_factory(name)(app, **kwargs)


def register_table(game_id: str) -> Callable[[type["TableScene"]], type["TableScene"]]:
    def register(cls: type["TableScene"]) -> type["TableScene"]:
        TABLES[game_id] = cls
        return cls
    return register


#: Where a game's table may live: its kit package first, then the old one-file place.
def table_for(game_id: str) -> type["TableScene"] | None:
    if game_id not in TABLES:
        module = f"tentable.ui.tables.{game_id}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # the table exists but something it needs is missing
                raise
    return TABLES.get(game_id)


@register_scene("table")
def open_table(app: "App", session: "Session") -> "TableScene":
    """The table of `session`'s game. NoTable if that game has no table yet; the
    table's own SetupError/ValueError for a setup it cannot start."""
    table = table_for(session.game_id)
    if table is None:
        raise NoTable(f"{session.game_id} has no table yet")
    return table(app, session)


__all__ = ["NoTable", "SCENES", "TABLES", "load_scenes", "make_scene", "register_scene",
           "register_table", "scene_factory", "table_for"]
