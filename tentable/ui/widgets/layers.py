"""Parts of a table that change only with the view, drawn once and then copied.

A busy table (TEN's market and collections, Elfer's 84 slots) would draw hundreds of
small things every frame; `Layers.draw(surface, name, rect, key, paint)` runs `paint`
only when `key` (what the part shows) or the rect changes, and otherwise blits the copy
it kept — one opaque blit a frame.
"""
from __future__ import annotations

from typing import Callable, Hashable

import pygame


class Layers:
    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, pygame.Surface]] = {}

    def draw(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Hashable,
             paint: Callable[[], None]) -> None:
        """Draw what `paint` draws inside `rect` (over the bare felt) once per `key` and
        window size; every other frame is one blit of the copy kept from then."""
        rect = rect.clip(surface.get_rect())
        key = (tuple(rect), surface.get_size(), key)
        kept = self._kept.get(name)
        if kept is not None and kept[0] == key:
            surface.blit(kept[1], rect)
            return
        clip = surface.get_clip()
        surface.set_clip(rect)        # what falls outside would be gone from the next frame
        try:
            paint()
        finally:
            surface.set_clip(clip)
        self._kept[name] = (key, surface.subsurface(rect).copy())

    def clear(self) -> None:
        self._kept.clear()
