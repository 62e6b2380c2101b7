"""Animations as values over time: move a card, flip it, fade a thing.

The app asks `Tweens.update(dt)` each frame; while it returns True the table keeps drawing,
afterwards the loop may sleep. `duration_scale` is the player's animation speed:
0 makes every animation instant, 1 is normal, 2 twice as slow.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Protocol, Union

from tentable.ui import theme

Value = Union[float, tuple[float, ...]]
Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card springing back into the hand."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def _lerp(a: Value, b: Value, k: float) -> Value:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return tuple(x + (y - x) * k for x, y in zip(a, b))
    return a + (b - a) * k  # type: ignore[operator]


class Movable(Protocol):
    pos: tuple[float, float]


class Flippable(Protocol):
    face_up: bool
    squash: float


@dataclass
class Tween:
    """A value going from `start` to `end` in `duration` seconds, shaped by `easing`."""

    start: Value
    end: Value
    duration: float
    easing: Easing = ease_out_cubic
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.progress >= 1.0

    @property
    def value(self) -> Value:
        return self.end if self.done else _lerp(self.start, self.end,
                                                self.easing(self.progress))

    def step(self, dt: float) -> Value:
        self.elapsed += max(0.0, dt)
        return self.value


@dataclass
class _Running:
    tween: Tween
    apply: Callable[[Value], None]
    then: Callable[[], None] | None = None
    finished: bool = field(default=False)

    def finish(self) -> None:
        if not self.finished:
            self.finished = True
            self.apply(self.tween.end)
            if self.then is not None:
                self.then()


class Tweens:
    """Running animations, at most one per (object, property): a new one replaces the old."""

    def __init__(self, duration_scale: float = 1.0) -> None:
        self.duration_scale = duration_scale
        self._running: dict[Hashable, _Running] = {}

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def animate(self, key: Hashable, start: Value, end: Value, duration: float,
                apply: Callable[[Value], None], easing: Easing = ease_out_cubic,
                then: Callable[[], None] | None = None) -> None:
        """Run `apply(value)` every frame from `start` to `end`; `then()` once at the end."""
        old = self._running.pop(key, None)
        if old is not None:
            old.finish()  # land the old animation so its side effects (a flip) happen once
        run = _Running(Tween(start, end, duration * max(0.0, self.duration_scale), easing),
                       apply, then)
        if run.tween.duration <= 0:
            run.finish()
            return
        apply(start)
        self._running[key] = run

    def move(self, sprite: Movable, to_pos: tuple[float, float], duration: float = theme.MOVE_TIME,
             easing: Easing = ease_out_cubic, then: Callable[[], None] | None = None) -> None:
        start = (float(sprite.pos[0]), float(sprite.pos[1]))
        target = (float(to_pos[0]), float(to_pos[1]))

        def apply(value: Value) -> None:
            sprite.pos = value  # type: ignore[assignment]  # a 2-tuple here

        self.animate((id(sprite), "pos"), start, target, duration, apply, easing, then)

    def flip(self, sprite: Flippable, duration: float = theme.FLIP_TIME,
             then: Callable[[], None] | None = None) -> None:
        """Squash the card to an edge, turn it over at the midpoint, open it up again."""
        turned = [False]

        def apply(t: Value) -> None:
            t = float(t)  # type: ignore[arg-type]
            if t >= 0.5 and not turned[0]:
                turned[0] = True
                sprite.face_up = not sprite.face_up
            sprite.squash = abs(1.0 - 2.0 * t) if t < 1.0 else 1.0

        self.animate((id(sprite), "flip"), 0.0, 1.0, duration, apply, linear, then)

    def shake(self, sprite: Movable, home: tuple[float, float], amount: float = 8.0) -> None:
        """A short no: the card jolts sideways and springs back (a refused key press)."""
        x, y = float(home[0]), float(home[1])
        self.move(sprite, (x + amount, y), 0.05, linear,
                  then=lambda: self.move(sprite, (x, y), theme.SPRING_BACK, ease_out_back))

    def cancel(self, sprite: object) -> None:
        """Land every animation of `sprite` at its end at once."""
        for key in [k for k in self._running if isinstance(k, tuple) and k[0] == id(sprite)]:
            self._running.pop(key).finish()

    def finish_all(self) -> None:
        while self._running:
            self._running.pop(next(iter(self._running))).finish()

    def update(self, dt: float) -> bool:
        """Advance every animation by `dt` seconds. True if anything moved in this step,
        the step that lands the last one included, so the caller draws the final frame."""
        moved = bool(self._running)
        for key, run in list(self._running.items()):
            value = run.tween.step(dt)
            if run.tween.done:
                del self._running[key]
                run.finish()
            else:
                run.apply(value)
        return moved

