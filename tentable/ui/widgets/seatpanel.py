"""A seat at the table: name with its colour and symbol, score, hand size and counters.

Every table draws its seats with this one widget, so seats look and read the same in
every game: a panel (lit while the seat is to move), the name cut to fit, the score
line, a fan of card backs with a badge for the hand size, and counters (money, bust
tokens, chips, connection cards …) as symbol + number pairs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from tentable.ui import theme
from tentable.ui.widgets.cards import card_back, card_face
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, label
from tentable.ui.widgets.shapes import symbol_icon

SEAT_SYMBOLS = ("circle", "diamond", "star", "heart", "square", "triangle", "ring")
MIN_TEXT = 13
FACE_SPREAD = 0.75     # a hand shown face up: each card this far past the last (of a width)


@dataclass(frozen=True)
class Counter:
    """One counter on a seat panel: a symbol, a number, and an optional word."""

    symbol: str
    value: int
    colour: tuple[int, ...] = theme.TEXT
    word: str = ""


@dataclass
class SeatInfo:
    seat: int
    name: str
    score: str                      # already worded ("+3 points", "12 penalty")
    active: bool = False            # the seat to move
    hand: int | None = None         # hidden hand cards, drawn as backs with a badge
    cards: tuple[str, ...] | None = None   # the hand face up instead (a replay hides
    #                                        nothing): the codes of its card art
    counters: list[Counter] = field(default_factory=list)
    note: str = ""                  # a short line (Mona: "flips until 7")

    def key(self) -> tuple:
        """All it shows, as a hashable key for a cached drawing (dataclasses.astuple
        deep-copies: a quarter of a frame for Elfer's five panels)."""
        return (self.seat, self.name, self.score, self.active, self.hand, self.cards,
                tuple(self.counters), self.note)


def seat_colour(seat: int) -> tuple[int, ...]:
    return theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]


def seat_symbol(seat: int) -> str:
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]


def text_size(value: float, scale: float) -> int:
    return max(MIN_TEXT, round(value * scale))


def badge(surface: pygame.Surface, count: int, centre: tuple[float, float],
          scale: float) -> None:
    """How many cards a stack holds, as a small pill on its corner."""
    image = label(str(count), text_size(theme.FONT_SMALL - 3, scale), theme.TEXT, bold=True)
    box = image.get_rect(center=(round(centre[0]), round(centre[1])))
    pygame.draw.rect(surface, theme.PANEL,
                     box.inflate(theme.scaled(8, scale), theme.scaled(2, scale)),
                     border_radius=box.h)
    surface.blit(image, box)


class SeatPanel:
    def __init__(self, game_id: str, notes: Callable[[int], str] | None = None) -> None:
        self.game_id = game_id
        self.notes = notes      # a word the table adds at a seat (a friend "away")

    @staticmethod
    def header_height(scale: float) -> int:
        return (text_size(theme.FONT_BODY, scale) + text_size(theme.FONT_SMALL, scale)
                + theme.scaled(12, scale))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, info: SeatInfo,
             scale: float, back_size: tuple[int, int] | None = None) -> int:
        """Paint the panel; returns the y below the header (name and score lines)."""
        draw_panel(surface, rect, edge=theme.SELECTED if info.active else theme.PANEL_EDGE)
        pad = theme.scaled(theme.PAD, scale)
        x, y = rect.x + pad, rect.y + pad // 2
        size = text_size(theme.FONT_BODY, scale)
        icon = symbol_icon(seat_symbol(info.seat), size // 2 + 4, seat_colour(info.seat))
        surface.blit(icon, icon.get_rect(midleft=(x, y + size * 0.6)))
        name_x = x + icon.get_width() + theme.scaled(6, scale)
        name = fit(info.name, size, rect.right - pad - name_x, bold=True)
        blit_label(surface, name, size, theme.TEXT, bold=True, topleft=(name_x, y))
        small = text_size(theme.FONT_SMALL, scale)
        notes = [info.note, self.notes(info.seat) if self.notes else ""]
        line = " · ".join([info.score, *(note for note in notes if note)])
        blit_label(surface, fit(line, small, rect.w - 2 * pad), small, theme.TEXT_DIM,
                   topleft=(x, y + size + theme.scaled(6, scale)))
        below = y + size + small + theme.scaled(10, scale)
        right = rect.right - pad
        for counter in reversed(info.counters):
            right = self._counter(surface, counter, (right, y + size * 0.6), scale)
        if info.cards is not None and back_size is not None:
            self._hand(surface, len(info.cards), (x, below), back_size, rect.right - pad,
                       scale, info.cards)
        elif info.hand is not None and back_size is not None:
            self._hand(surface, info.hand, (x, below), back_size, rect.right - pad, scale)
        return below

    def _counter(self, surface: pygame.Surface, counter: Counter, midright, scale: float) -> int:
        size = text_size(theme.FONT_SMALL, scale)
        text = f"{counter.value}" + (f" {counter.word}" if counter.word else "")
        rect = blit_label(surface, text, size, theme.TEXT, bold=True, midright=midright)
        icon = symbol_icon(counter.symbol, size, counter.colour)
        box = icon.get_rect(midright=(rect.x - theme.scaled(3, scale), midright[1]))
        surface.blit(icon, box)
        return box.x - theme.scaled(8, scale)

    def _hand(self, surface: pygame.Surface, n: int, topleft, size: tuple[int, int],
              limit: int, scale: float, faces: tuple[str, ...] | None = None) -> None:
        """`n` backs in a row, or the cards `faces` face up: spread as far as the panel
        allows (a face shows its corner at least), with the count on the last."""
        spread = FACE_SPREAD if faces is not None else 0.3
        step = min(size[0] * spread, (limit - topleft[0] - size[0]) / max(1, n - 1))
        for i in range(n):
            image = card_face(self.game_id, faces[i], size) if faces is not None \
                else card_back(self.game_id, size)
            surface.blit(image, (topleft[0] + i * step, topleft[1]))
        if n:
            right = topleft[0] + (n - 1) * step + size[0]
            badge(surface, n, (right - 2, topleft[1] + size[1] - 2), scale)
