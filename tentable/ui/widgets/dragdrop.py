"""Dragging cards onto targets: grab, follow the mouse, drop, or spring back.

The scene lists the drop targets of the held card (legal or not, with the engine's reason)
with `set_targets`; the manager reports what happened and never decides a rule itself.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

import pygame

from tentable.ui import theme
from tentable.ui.widgets.panel import rounded
from tentable.ui.widgets.sprite import CardSprite
from tentable.ui.widgets.tween import Tweens, ease_out_back


MIN_COVER = 0.5    # a drop counts where the card covers at least half of itself


@dataclass
class DropTarget:
    rect: pygame.Rect
    key: Hashable                 # what the scene needs to build the action ("row", a seat, …)
    legal: bool = True
    reason: str | None = None     # why not, shown to the player when `legal` is False


@dataclass
class DropResult:
    sprite: CardSprite
    target: DropTarget | None     # the target under the drop, legal or not
    clicked: bool = False         # pressed and released without really moving

    @property
    def accepted(self) -> bool:
        return self.target is not None and self.target.legal and not self.clicked

    @property
    def reason(self) -> str | None:
        return None if self.target is None or self.target.legal else self.target.reason


class DragManager:
    def __init__(self, tweens: Tweens, threshold: int = theme.DRAG_THRESHOLD) -> None:
        self.tweens = tweens
        self.threshold = threshold
        self.targets: list[DropTarget] = []
        self.sprite: CardSprite | None = None
        self.dragging = False
        self._origin: tuple[float, float] = (0.0, 0.0)
        self._offset: tuple[float, float] = (0.0, 0.0)
        self._press: tuple[int, int] = (0, 0)
        self._mouse: tuple[int, int] = (0, 0)

    def set_targets(self, targets: list[DropTarget]) -> None:
        self.targets = list(targets)

    def press(self, sprite: CardSprite, mouse_pos: tuple[int, int]) -> None:
        """Take hold of `sprite`; it keeps the spot under the mouse while it follows."""
        self.tweens.cancel(sprite)
        if self.sprite is not None:
            self.sprite.aloft = False      # a hold never released (a lost button-up)
        self.sprite = sprite
        self.dragging = False
        self._origin = (float(sprite.pos[0]), float(sprite.pos[1]))
        self._offset = (sprite.pos[0] - mouse_pos[0], sprite.pos[1] - mouse_pos[1])
        self._press = self._mouse = (int(mouse_pos[0]), int(mouse_pos[1]))

    def motion(self, pos: tuple[int, int]) -> None:
        if self.sprite is None:
            return
        self._mouse = (int(pos[0]), int(pos[1]))
        if not self.dragging:
            dx, dy = pos[0] - self._press[0], pos[1] - self._press[1]
            if dx * dx + dy * dy < self.threshold * self.threshold:
                return  # still a click
            self.dragging = True
            self.sprite.aloft = True
        self.sprite.pos = (pos[0] + self._offset[0], pos[1] + self._offset[1])

    def release(self, pos: tuple[int, int]) -> DropResult | None:
        """End the gesture: a click, a drop on a target, or a miss (which springs back)."""
        if self.sprite is None:
            return None
        self.motion(pos)
        sprite, dragged = self.sprite, self.dragging
        self.sprite, self.dragging = None, False
        sprite.aloft = False
        if not dragged:
            sprite.pos = self._origin
            return DropResult(sprite, None, clicked=True)
        target = self.target_at(pos, sprite.rect)
        if target is None or not target.legal:
            self.spring_back(sprite)
        return DropResult(sprite, target)

    def spring_back(self, sprite: CardSprite, origin: tuple[float, float] | None = None) -> None:
        """Send a card home, e.g. after the engine refused a drop the table thought legal."""
        self.tweens.move(sprite, origin or self._origin, theme.SPRING_BACK, ease_out_back)

    def cancel(self) -> None:
        if self.sprite is not None:
            self.sprite.aloft = False
            self.spring_back(self.sprite)
        self.sprite, self.dragging = None, False

    def draw_held(self, surface: pygame.Surface) -> None:
        """The card being dragged, over everything else on the screen (the log, the
        buttons): the player's hand is above the table."""
        if self.sprite is not None and self.dragging:
            self.sprite.paint(surface)

    def target_at(self, pos: tuple[int, int], card: pygame.Rect) -> DropTarget | None:
        """The target the card is dropped on: the one under the pointer, where the player
        aims (a lit one first, then the smallest: the most specific); off every target,
        the one the card covers most, if that is at least half of the card."""
        under = [t for t in self.targets if t.rect.collidepoint(pos)]
        if under:
            return min(under, key=lambda t: (not t.legal, t.rect.w * t.rect.h))
        area = max(1, card.w * card.h)
        best, best_share = None, 0.0
        for t in self.targets:
            clip = t.rect.clip(card)
            share = clip.w * clip.h / area
            if share >= MIN_COVER and (best is None or share > best_share or (
                    share == best_share and t.legal and not best.legal)):
                best, best_share = t, share
        return best

    def draw_targets(self, surface: pygame.Surface) -> None:
        """While dragging: legal targets glow; an illegal one under the card shows a cross."""
        if self.sprite is None or not self.dragging:
            return
        hovered = self.target_at(self._mouse, self.sprite.rect)
        width = max(2, round(theme.HIGHLIGHT_WIDTH * theme.ui_scale(surface.get_size())))
        radius = theme.RADIUS
        for t in self.targets:
            if t.rect.w <= 0 or t.rect.h <= 0:
                continue
            if t.legal:
                alpha = 70 if t is hovered else 30
                surface.blit(rounded(t.rect.size, (*theme.HIGHLIGHT, alpha), radius,
                                     (*theme.HIGHLIGHT, 255), width + (t is hovered)), t.rect)
            elif t is hovered:
                surface.blit(rounded(t.rect.size, (*theme.DANGER, 50), radius,
                                     (*theme.DANGER, 255), width), t.rect)
                self._cross(surface, t.rect.center, max(8, width * 4))

    @staticmethod
    def _cross(surface: pygame.Surface, center: tuple[int, int], r: int) -> None:
        pygame.draw.circle(surface, (255, 255, 255), center, r + 2)
        pygame.draw.circle(surface, theme.DANGER, center, r)
        k = r * 0.45
        for a, b in (((-k, -k), (k, k)), ((-k, k), (k, -k))):
            pygame.draw.line(surface, (255, 255, 255), (center[0] + a[0], center[1] + a[1]),
                             (center[0] + b[0], center[1] + b[1]), max(2, r // 4))
