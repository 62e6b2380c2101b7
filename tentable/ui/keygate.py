"""Keys act only on what the player has seen (#38).

A screen, a banner or a turn that has just come up takes no key for a short glance
(`GLANCE`, on the app's clock, which tests move by hand): two quick Enters, or an Enter
meant for a banner that went by itself, never act on what came next. And a key press
belongs to what was there when it went down: while the key is held, its repeats go
nowhere once something new has come up; the next press acts on it.

The app asks the gate about every key event (`admit`) and tells it when a screen comes
up (`shown`); a table tells it when a banner, the curtain, a dialog or the turn of the
player at the screen comes up. Esc and F1 always go through: they only step back or open
how to play.
"""
from __future__ import annotations

from typing import Callable

import pygame

GLANCE = 0.4     # seconds something new is looked at before a key acts on it
HARMLESS = (pygame.K_ESCAPE, pygame.K_F1)    # back, how to play: never too soon


def held(key: int) -> bool:
    """Whether the keyboard has `key` down now (a key press a test posts never is)."""
    try:
        return bool(pygame.key.get_pressed()[key])
    except (IndexError, pygame.error):
        return False


class KeyGate:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.since = float("-inf")    # when the newest thing came up
        self.down: set[int] = set()   # pressed and not yet let go
        self.spent: set[int] = set()  # held down since before the newest thing came up

    def shown(self) -> None:
        """Something new is in front of the keys now."""
        self.since = self.clock()
        self.spent |= {key for key in self.down if held(key)}

    def waiting(self) -> float:
        """Seconds until a key reaches what came up last (0: it does now)."""
        return max(0.0, self.since + GLANCE - self.clock())

    def admit(self, event: pygame.event.Event) -> bool:
        """Whether this event may go to the screen. A spent key is free again once let
        go: its release comes (SDL sends it when the window loses the keyboard too), and
        the keyboard's state is not asked here, since a repeat and the release can come
        in one batch, after the key is up."""
        if event.type == pygame.KEYUP:
            self.down.discard(event.key)
            self.spent.discard(event.key)
            return True
        if event.type != pygame.KEYDOWN:
            return True
        key = event.key
        if key in self.spent:
            return False              # a repeat of the press that closed what was there
        self.down.add(key)
        return key in HARMLESS or not self.waiting()
