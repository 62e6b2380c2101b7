"""A card (or tile) on the table: where it is, which side is up, and how it is marked."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tentable.ui import theme
from tentable.ui.widgets.cache import LRU
from tentable.ui.widgets.cards import card_back, card_face

# Decorated (shadow, outline) and rotated images, so a still table is blits only.
_IMAGES: LRU[pygame.Surface] = LRU(512)


def _margin(size: tuple[int, int]) -> int:
    return max(5, round(size[0] * 0.09))


def _shadow(size: tuple[int, int]) -> pygame.Surface:
    def make() -> pygame.Surface:
        m = _margin(size)
        image = pygame.Surface((size[0] + 2 * m, size[1] + 2 * m), pygame.SRCALPHA)
        dx, dy = theme.SHADOW_OFFSET
        pygame.draw.rect(image, theme.CARD_SHADOW, (m + dx, m + dy, *size),
                         border_radius=max(2, round(size[0] * 0.07)))
        return pygame.transform.gaussian_blur(image, max(1, m // 3))

    return _IMAGES.get(("shadow", size), make)


def _outline(image: pygame.Surface, box: pygame.Rect, colour: tuple[int, ...], width: int,
             grow: int, radius: int) -> None:
    pygame.draw.rect(image, colour, box.inflate(2 * grow, 2 * grow), width,
                     border_radius=radius + grow)


def mark_width(size: tuple[int, int]) -> int:
    """The width of a card's ring (selected, "you can use this"); its halo reaches twice
    as far beyond the card."""
    return max(2, round(size[0] * theme.HIGHLIGHT_WIDTH / 80))


def sprite_image(game_id: str, code: str, face_up: bool, size: tuple[int, int],
                 marks: tuple[bool, ...], angle: float) -> pygame.Surface:
    """The card with shadow and marks (selected, hover, highlight, and optionally dimmed:
    veiled, it cannot be played now), turned by `angle` degrees."""
    angle = round(angle * 2) / 2  # half-degree steps keep the cache small

    def make() -> pygame.Surface:
        if angle:
            flat = sprite_image(game_id, code, face_up, size, marks, 0.0)
            return pygame.transform.rotozoom(flat, angle, 1.0)
        selected, hover, highlight = marks[:3]
        m = _margin(size)
        image = _shadow(size).copy()
        box = pygame.Rect(m, m, *size)
        radius = max(2, round(size[0] * 0.07))
        w = mark_width(size)
        if highlight:  # a soft halo, then a crisp ring: "you can use this"
            _outline(image, box, (*theme.HIGHLIGHT, 90), w * 2, w * 2, radius)
            _outline(image, box, theme.HIGHLIGHT, w, w, radius)
        if selected:
            _outline(image, box, theme.SELECTED, w + 1, w, radius)
        elif hover:
            _outline(image, box, theme.HOVER_GLOW, w, max(1, w // 2), radius)
        face = card_face(game_id, code, size) if face_up else card_back(game_id, size)
        image.blit(face, box)
        if marks[3:] == (True,):
            veil = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(veil, theme.DIMMED, veil.get_rect(), border_radius=radius)
            image.blit(veil, box)
        return image

    return _IMAGES.get((game_id, code, face_up, size, marks, angle), make)


@dataclass(eq=False)  # identity, not value: two 34s on the table are two sprites
class CardSprite:
    game_id: str
    code: str
    face_up: bool = True
    pos: tuple[float, float] = (0.0, 0.0)   # centre, in window pixels
    angle: float = 0.0                      # degrees, counter-clockwise
    selected: bool = False
    hover: bool = False
    highlight: bool = False
    dimmed: bool = False                    # veiled: it cannot be played now
    z: int = 0
    size: tuple[int, int] = (80, 112)       # updated by draw; the table's card size
    squash: float = 1.0                     # horizontal scale while flipping (tweens)
    aloft: bool = False                     # dragged: drawn last, over everything (`paint`)

    @property
    def lift(self) -> float:
        return self.size[1] * theme.SELECT_LIFT if self.selected else 0.0

    @property
    def rect(self) -> pygame.Rect:
        """The unrotated card where it is drawn (a selected card stands a little higher)."""
        r = pygame.Rect(0, 0, *self.size)
        r.center = (round(self.pos[0]), round(self.pos[1] - self.lift))
        return r

    def hit(self, point: tuple[float, float]) -> bool:
        """Whether `point` lies on the card, taking its rotation into account."""
        cx, cy = self.pos[0], self.pos[1] - self.lift
        dx, dy = point[0] - cx, point[1] - cy
        if self.angle:
            a = math.radians(self.angle)
            dx, dy = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
        return abs(dx) <= self.size[0] / 2 and abs(dy) <= self.size[1] / 2

    def draw(self, surface: pygame.Surface, size: tuple[int, int] | None = None) -> None:
        """Draw the card in its place among the others; a dragged one waits for `paint`."""
        if size is not None:
            self.size = (int(size[0]), int(size[1]))
        if not self.aloft:
            self.paint(surface)

    def paint(self, surface: pygame.Surface) -> None:
        marks = (self.selected, self.hover, self.highlight) + ((True,) if self.dimmed else ())
        image = sprite_image(self.game_id, self.code, self.face_up, self.size, marks, self.angle)
        if self.squash < 0.999:  # mid-flip: transient, so not cached
            w = max(1, round(image.get_width() * max(0.0, self.squash)))
            image = pygame.transform.smoothscale(image, (w, image.get_height()))
        surface.blit(image, image.get_rect(center=(round(self.pos[0]),
                                                   round(self.pos[1] - self.lift))))


def sprite_at(sprites: list[CardSprite], point: tuple[float, float]) -> CardSprite | None:
    """The card under `point` that is drawn on top (highest z, then latest in the list)."""
    hits = [(s.z, i, s) for i, s in enumerate(sprites) if s.hit(point)]
    return max(hits, key=lambda h: (h[0], h[1]))[2] if hits else None
