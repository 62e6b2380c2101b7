"""Sprites that follow a view: one sprite per physical card, keyed by its stable id.

A table says where each card of the current view belongs (`Spot`s keyed by the ids the
engine's view gives, "B1#2" or a Take That number); `SpriteSync.sync` keeps one sprite
per id, so a card that changes zone keeps its sprite and glides from where it was, a
new card comes from a place the table names (the pile, a seat), and a card that left
the view is dropped. Three blue 1s are three sprites, never confused.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Iterable

from tentable.engine.cards import code_of
from tentable.ui.widgets.sprite import CardSprite, sprite_at
from tentable.ui.widgets.tween import Tweens

Point = tuple[float, float]


@dataclass
class Spot:
    """Where the view puts a card."""

    pos: Point
    face_up: bool
    z: int
    size: tuple[int, int]
    angle: float = 0.0
    pile_depth: int = 0   # 0 for the top card of a pile, 1 below it, …


class SpriteSync:
    def __init__(self, game_id: str, tweens: Tweens,
                 code: Callable[[Hashable], str] = code_of) -> None:
        self.game_id = game_id
        self.tweens = tweens
        self.code = code
        self.sprites: dict[Hashable, CardSprite] = {}
        self.spots: dict[Hashable, Spot] = {}

    def sync(self, spots: dict[Hashable, Spot], origin: Callable[[Hashable], Point],
             animate: bool = True, hidden: Iterable[Hashable] = ()) -> None:
        """Move every sprite to its spot. New cards start at `origin(key)`; cards in
        `hidden` are face down while they travel (a card drawn into a hand, say)."""
        self.spots = spots
        for key in [k for k in self.sprites if k not in spots]:
            self.tweens.cancel(self.sprites.pop(key))
        travelling_down = set(hidden)
        for key, spot in spots.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                face = spot.face_up and key not in travelling_down
                sprite = CardSprite(self.game_id, self.code(key), face_up=face,
                                    pos=origin(key) if animate else spot.pos, size=spot.size)
                self.sprites[key] = sprite
            sprite.z, sprite.angle = spot.z, spot.angle
            if not animate:
                self.tweens.cancel(sprite)
                sprite.pos, sprite.face_up, sprite.size = spot.pos, spot.face_up, spot.size
                continue
            if sprite.face_up != spot.face_up:
                self.tweens.flip(sprite)
            if sprite.pos != spot.pos:
                self.tweens.move(sprite, spot.pos, then=_resizer(sprite, spot.size))
            else:
                sprite.size = spot.size

    def __getitem__(self, key: Hashable) -> CardSprite:
        return self.sprites[key]

    def get(self, key: Hashable) -> CardSprite | None:
        return self.sprites.get(key)

    def key_of(self, sprite: CardSprite) -> Hashable | None:
        for key, candidate in self.sprites.items():
            if candidate is sprite:
                return key
        return None

    def at(self, keys: Iterable[Hashable], pos: Point) -> Hashable | None:
        """The key of the top card among `keys` under `pos`."""
        sprites = [self.sprites[k] for k in keys if k in self.sprites]
        hit = sprite_at(sprites, pos)
        return None if hit is None else self.key_of(hit)

    def draw(self, surface, covered_depth: int = 3) -> None:
        """Draw by z; settled cards deep inside a pile are covered and skipped."""
        for key, sprite in sorted(self.sprites.items(), key=lambda item: item[1].z):
            spot = self.spots.get(key)
            if spot is not None and spot.pile_depth >= covered_depth and sprite.pos == spot.pos:
                continue
            sprite.draw(surface)


def _resizer(sprite: CardSprite, size: tuple[int, int]):
    def land() -> None:
        sprite.size = size
    return land
