"""The scene protocol: what the app's scene stack asks of every screen.

A scene handles input in `process_event`, advances time in `update(dt)` and paints
in `draw(surface)`; `draw` never changes state (Tuxemon's split). The app calls
`process_event` and `update` only on the top scene, and draws from the topmost
opaque scene upwards, so an overlay such as the pause menu shows the table
under it, frozen.

Scenes are registered by name (`tentable.ui.scenes.register_scene`) and asked for by
name with keyword arguments, `app.push("pause", table=self)`, so no scene imports
another. A scene leaves the stack for good through `close()`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from tentable.ui.app import App


class Scene:
    #: False for overlays: the scene below is drawn first.
    opaque = True
    #: (name, keyword arguments) when the app built it by name: how to build it again
    spec: tuple[str, dict] | None = None

    def __init__(self, app: "App") -> None:
        self.app = app

    def process_event(self, event: pygame.event.Event) -> None:
        """React to one input or window event."""

    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds. True if something changed or moves, so a redraw is due."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene. Must not change any state."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window now has this size; lay out again."""

    def least_room(self) -> tuple[int, int] | None:
        """The least room (in units of a 1280×720 window) this scene lays out in, where it
        needs more than `theme.MIN_ROOM` (a table of many seats): while it is on the
        stack, the player's scale is capped so the window keeps that much."""
        return None

    def enter(self) -> None:
        """Became the top scene: pushed, or uncovered by a pop. Settings may have changed."""

    def relanguage(self) -> "Scene | None":
        """The player chose another language: a scene in the new words to take this one's
        place, or None to be built again from `spec` (a scene without a spec keeps its
        words until it is next built). A scene that holds a game returns itself, relabelled."""
        return None

    def leave(self) -> None:
        """Stopped being the top scene: popped, replaced or covered."""

    def close(self) -> None:
        """Left the stack for good: popped, replaced, reset away, or the app quits.
        Stop any work it started (bot jobs) and write what it keeps (the autosave).
        After `leave` when it was on top. A table's `flush_autosave` may be its `close`:
        then the crash handler closes it once before the stack is closed, so closing
        must be safe to repeat."""
