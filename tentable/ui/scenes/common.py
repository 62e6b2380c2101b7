"""Pieces the menu-like scenes share: the backdrop, keyboard focus, choice rows,
steppers, pickers, a read-only value, a text field and the question before a new game
throws one in progress away. The table scenes use `KeyNav` too, for their buttons.

Sizes are given for a 1280×720 window and scaled with `theme.ui_scale`; text never
goes below `MIN_TEXT` pixels so 1024×640 stays readable.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from tentable import keeping, store
from tentable.narration import MINUS  # noqa: F401  (the scenes' numbers)
from tentable.text import t
from tentable.ui import theme
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.panel import fit, focus_ring, label, rounded  # noqa: F401

MIN_TEXT = 14
MODAL = (10, 30, 28, 246)   # a dialog over the table: nearly opaque, so cards don't show through

px = theme.scaled   # the scenes' short name for a scaled size


def text_px(value: float, scale: float) -> int:
    return max(MIN_TEXT, round(value * scale))


def text_scale(scale: float) -> float:
    """The scale of a box that holds small text: small text never shrinks below MIN_TEXT
    (at the 75% scale), so neither may its box."""
    return max(scale, MIN_TEXT / theme.FONT_SMALL)


def backdrop(surface: pygame.Surface) -> None:
    from tentable.ui.widgets.panel import felt
    surface.blit(felt(surface.get_size()), (0, 0))


# -- keyboard focus --------------------------------------------------------------
@dataclass
class Focusable:
    """Something the arrow keys can land on and Enter/Space activate. A text field's
    place also names the field: focus there and typing goes into it."""

    rect: Callable[[], pygame.Rect]
    activate: Callable[[], None]
    field: "TextField | None" = None


def ask_start_over(game_id: str, title: str, start: Callable[[], None],
                   cancel: Callable[[], None]) -> Dialog:
    """Start a new game of `game_id` over its game in progress? Said of the ladder game
    as such: it counts as lost (`keeping.abandon_in_progress`, which `start` calls)."""
    target = keeping.at_stake(store.load_autosave(game_id)[0])
    body = t("setup.replace_ladder_body", target=target) if target \
        else t("setup.replace_body", game=title)
    return Dialog(t("setup.replace_title"), [body], [
        Button(t("setup.replace_yes"), start, key=pygame.K_RETURN, kind="danger"),
        Button(t("setup.replace_no"), cancel, key=pygame.K_ESCAPE, kind="primary")])


def take_event(event: pygame.event.Event, nav: "KeyNav", buttons: Sequence[Button]) -> bool:
    """The keys' ring first, then each button: whether one of them took the event."""
    return nav.handle(event) or any(button.handle(event) for button in buttons)


def button_focus(button: Button) -> Focusable:
    def press() -> None:
        if button.enabled and button.on_click is not None:
            button.on_click()
    return Focusable(lambda: button.rect, press)


class KeyNav:
    """Arrow keys move to the nearest control in that direction, Tab / Shift+Tab to the
    next / previous in reading order (the order of the items), the first Tab to the
    first control (Shift+Tab: the last); Enter/Space activate.
    Landing on a text field starts typing in it (its text selected, so typing replaces
    it); leaving it ends that.

    The ring shows only once the keyboard is used, and hides again on mouse motion,
    so mouse players never see it."""

    _DIRS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
             pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}

    def __init__(self, arrows: bool = True) -> None:
        self.items: list[Focusable] = []
        self.index = 0
        self.visible = False
        self.arrows = arrows       # False: the scene's arrow keys do something else

    def set_items(self, items: Sequence[Focusable], index: int | None = None) -> None:
        self.items = list(items)
        if index is not None:
            self.index = index
        self.index = min(self.index, max(0, len(self.items) - 1))

    @property
    def current(self) -> Focusable | None:
        return self.items[self.index] if self.items else None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.visible = False
            return False
        if event.type != pygame.KEYDOWN or not self.items:
            return False
        if event.key in self._DIRS and self.arrows:
            if self.visible:
                self._go(lambda: self.move(*self._DIRS[event.key]))
            self.visible = True
            return True
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            if self.visible:
                self._go(lambda: setattr(self, "index", (self.index + step) % len(self.items)))
            else:                          # the ring appears at the first (last) stop, not
                last = len(self.items) - 1   # where Enter would act unseen (a Start button)
                self._go(lambda: setattr(self, "index", 0 if step > 0 else last))
            self.visible = True
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.visible = True
            self.items[self.index].activate()
            return True
        return False

    def _go(self, move: Callable[[], None]) -> None:
        before = self.items[self.index].field
        move()
        after = self.items[self.index].field
        if before is not None and before is not after:
            before.deactivate()
        if after is not None and not after.active:
            after.activate(select_all=True)

    def focus_field(self, field: "TextField") -> None:
        """A click started typing in `field`: Tab goes on from there."""
        for i, item in enumerate(self.items):
            if item.field is field:
                self.index = i
                return

    def move(self, dx: int, dy: int) -> None:
        here = pygame.Vector2(self.items[self.index].rect().center)
        best, best_score = None, float("inf")
        for i, item in enumerate(self.items):
            if i == self.index:
                continue
            delta = pygame.Vector2(item.rect().center) - here
            along = delta.x * dx + delta.y * dy
            if along <= 0:
                continue
            across = abs(delta.x * dy) + abs(delta.y * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = i, score
        if best is not None:
            self.index = best

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        if self.visible and self.items:
            focus_ring(surface, self.items[self.index].rect(), scale)


# -- controls --------------------------------------------------------------------
class Segmented:
    """A row of mutually exclusive choices (Slow | Normal | Fast), one always selected."""

    def __init__(self, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None) -> None:
        self.choices = list(choices)
        self.value = value
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rects: list[pygame.Rect] = []
        self.hover: int | None = None
        self.enabled = True

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        n = max(1, len(self.choices))
        self.rects = [pygame.Rect(self.rect.x + self.rect.w * i // n, self.rect.y,
                                  self.rect.w * (i + 1) // n - self.rect.w * i // n, self.rect.h)
                      for i in range(n)]

    def select(self, value: Any) -> None:
        if value == self.value or not self.enabled:
            return
        self.value = value
        if self.on_change is not None:
            self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)),
                              None)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for (value, _), rect in zip(self.choices, self.rects):
                if rect.collidepoint(event.pos):
                    self.select(value)
                    return True
        return False

    def focusables(self) -> list[Focusable]:
        return [Focusable(lambda r=rect: r, lambda v=value: self.select(v))
                for (value, _), rect in zip(self.choices, self.rects)]

    @staticmethod
    def caption_px(height: int) -> int:
        return max(MIN_TEXT - 1, round(height * 0.4))

    def least_width(self, height: int) -> int:
        """The narrowest row `height` tall whose captions `draw` need not shrink."""
        size = self.caption_px(height)
        widest = max((theme.font(size, True).size(text)[0] for _, text in self.choices),
                     default=0)
        return max(1, len(self.choices)) * (widest + 8)

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0:
            return
        radius = min(theme.RADIUS, self.rect.h // 2)
        surface.blit(rounded(self.rect.size, (*theme.BUTTON["normal"], 255), radius,
                             (255, 255, 255, 28)), self.rect)
        size = self.caption_px(self.rect.h)
        for i, ((value, text), rect) in enumerate(zip(self.choices, self.rects)):
            chosen = value == self.value
            if chosen:
                fill = theme.ACCENT if self.enabled else theme.BUTTON_DISABLED
                inner = rect.inflate(-4, -4)
                surface.blit(rounded(inner.size, (*fill, 255), max(2, radius - 2)), inner)
            elif self.hover == i and self.enabled:
                inner = rect.inflate(-4, -4)
                surface.blit(rounded(inner.size, (255, 255, 255, 30), max(2, radius - 2)), inner)
            ink = theme.TEXT_DARK if chosen else theme.TEXT
            if not self.enabled:
                ink = theme.BUTTON_DISABLED_TEXT
            image = label(text, size, ink, bold=chosen)
            if image.get_width() > rect.w - 6:
                image = label(text, max(9, size * (rect.w - 6) // image.get_width()), ink, chosen)
            surface.blit(image, image.get_rect(center=rect.center))


class Stepper:
    """[−]  value  [+] for a whole number; `allowed(n)` says which values may be chosen."""

    def __init__(self, value: int, allowed: Callable[[int], bool],
                 on_change: Callable[[int], None] | None = None,
                 show: Callable[[int], str] = str) -> None:
        self.value = value
        self.allowed = allowed
        self.on_change = on_change
        self.show = show
        self.minus = Button("−", lambda: self.step(-1))
        self.plus = Button("+", lambda: self.step(1))
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._refresh()

    def step(self, delta: int) -> None:
        if self.allowed(self.value + delta):
            self.value += delta
            self._refresh()
            if self.on_change is not None:
                self.on_change(self.value)

    def set(self, value: int) -> None:
        self.value = value
        self._refresh()

    def _refresh(self) -> None:
        self.minus.enabled = self.allowed(self.value - 1)
        self.plus.enabled = self.allowed(self.value + 1)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        side = self.rect.h
        self.minus.layout((self.rect.x, self.rect.y, side, side))
        self.plus.layout((self.rect.right - side, self.rect.y, side, side))

    def handle(self, event: pygame.event.Event) -> bool:
        return self.minus.handle(event) or self.plus.handle(event)

    def focusables(self) -> list[Focusable]:
        return [button_focus(self.minus), button_focus(self.plus)]

    @staticmethod
    def caption_px(height: int) -> int:
        return max(MIN_TEXT, round(height * 0.45))

    def least_width(self, height: int) -> int:
        """Both buttons and a middle as wide as one: room for a few digits."""
        return 3 * height

    def draw(self, surface: pygame.Surface) -> None:
        middle = pygame.Rect(self.minus.rect.right + 4, self.rect.y,
                             self.plus.rect.left - self.minus.rect.right - 8, self.rect.h)
        if middle.w > 0:
            surface.blit(rounded(middle.size, (0, 0, 0, 70), min(theme.RADIUS, middle.h // 2)),
                         middle)
            image = label(self.show(self.value), self.caption_px(self.rect.h),
                          theme.TEXT, bold=True)
            surface.blit(image, image.get_rect(center=middle.center))
        self.minus.draw(surface)
        self.plus.draw(surface)


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type: a choice of `True` is not the choice `1`."""
    return type(a) is type(b) and a == b


class Picker:
    """‹  choice  › for a list too long for a row of segments: steps through the
    choices in order. Built on `Stepper`, stepping over the choices' positions."""

    def __init__(self, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None) -> None:
        self.choices = list(choices)
        self.on_change = on_change
        self.stepper = Stepper(self._index(value), lambda i: 0 <= i < len(self.choices),
                               self._stepped, self._show)
        self.stepper.minus.text, self.stepper.plus.text = "\u2039", "\u203a"
        self.enabled = True

    def _index(self, value: Any) -> int:
        return next((i for i, (v, _) in enumerate(self.choices) if same_value(v, value)), 0)

    def _show(self, index: int) -> str:
        return self.choices[index][1] if 0 <= index < len(self.choices) else ""

    def _stepped(self, index: int) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    @property
    def value(self) -> Any:
        index = self.stepper.value
        return self.choices[index][0] if 0 <= index < len(self.choices) else None

    def select(self, value: Any) -> None:
        self.stepper.set(self._index(value))

    @property
    def rect(self) -> pygame.Rect:
        return self.stepper.rect

    def layout(self, rect: pygame.Rect) -> None:
        self.stepper.layout(rect)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.stepper.handle(event)

    def focusables(self) -> list[Focusable]:
        return self.stepper.focusables()

    def least_width(self, height: int) -> int:
        """Both buttons and a middle that holds the longest choice (drawn as `Stepper.draw`
        sizes it)."""
        size = Stepper.caption_px(height)
        widest = max((theme.font(size, True).size(text)[0] for _, text in self.choices),
                     default=0)
        return 2 * height + 8 + widest + 16

    def draw(self, surface: pygame.Surface) -> None:
        self.stepper.draw(surface)


class ReadOnly:
    """A value shown but not changeable (an option of a kind the screen cannot edit)."""

    def __init__(self, value: Any, text: str) -> None:
        self.value = value
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def focusables(self) -> list[Focusable]:
        return []

    @staticmethod
    def caption_px(height: int) -> int:
        return max(MIN_TEXT, round(height * 0.42))

    def least_width(self, height: int) -> int:
        """Room for the whole value (drawn as `draw` sizes it)."""
        return theme.font(self.caption_px(height)).size(self.text)[0] + 16

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0:
            return
        surface.blit(rounded(self.rect.size, (0, 0, 0, 50), min(theme.RADIUS, self.rect.h // 2),
                             (255, 255, 255, 28)), self.rect)
        size = self.caption_px(self.rect.h)
        image = label(fit(self.text, size, self.rect.w - 12), size, theme.TEXT_DIM)
        surface.blit(image, image.get_rect(center=self.rect.center))


def clipboard() -> str:
    """The clipboard's text, on one line ("" where there is none or no clipboard)."""
    try:
        return " ".join((pygame.scrap.get_text() or "").split())
    except pygame.error:
        return ""


class TextField:
    """A one-line text entry: click, Tab to it or Enter to edit; type; Ctrl+A selects all
    and typing replaces the selection; Enter/Tab/Esc finish."""

    BLINK = 0.53

    def __init__(self, text: str = "", max_len: int = 14,
                 allowed: Callable[[str], bool] = lambda ch: ch.isprintable(),
                 on_change: Callable[[str], None] | None = None) -> None:
        self.text = text
        self.max_len = max_len
        self.allowed = allowed
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.active = False
        self.caret = len(text)
        self.anchor: int | None = None   # the selection runs from here to the caret
        self._blink = 0.0
        self._caret_on = True

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def set_text(self, text: str) -> None:
        self.text = text[: self.max_len]
        self.caret = len(self.text)
        self.anchor = None

    @property
    def selection(self) -> tuple[int, int] | None:
        if self.anchor is None or self.anchor == self.caret:
            return None
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def activate(self, select_all: bool = False) -> None:
        self.active = True
        self.caret = len(self.text)
        self.anchor = 0 if select_all else None
        self._blink, self._caret_on = 0.0, True
        pygame.key.start_text_input()
        pygame.key.set_text_input_rect(self.rect)

    def deactivate(self) -> None:
        self.anchor = None
        if self.active:
            self.active = False
            pygame.key.stop_text_input()

    def _changed(self) -> None:
        self._blink, self._caret_on = 0.0, True
        if self.on_change is not None:
            self.on_change(self.text)

    def _cut_selection(self) -> bool:
        """Remove the selected text; whether there was any."""
        chosen = self.selection
        self.anchor = None
        if chosen is None:
            return False
        low, high = chosen
        self.text = self.text[:low] + self.text[high:]
        self.caret = low
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was for this field (typing, caret keys, a click on it)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.activate()
                return True
            self.deactivate()
            return False
        if not self.active:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if self.allowed(ch))
            if not typed:
                return True
            cut = self._cut_selection()
            room = self.max_len - len(self.text)
            if room > 0:
                typed = typed[:room]
                self.text = self.text[: self.caret] + typed + self.text[self.caret:]
                self.caret += len(typed)
            if cut or room > 0:
                self._changed()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self.deactivate()
            return key != pygame.K_TAB  # Tab goes on to the next control
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.deactivate()
            return False
        if pygame.K_F1 <= key <= pygame.K_F12:
            return False               # the scene's keys: how to play, full screen
        if key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.select_all()
        elif key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.handle(pygame.event.Event(pygame.TEXTINPUT, text=clipboard()))   # pasted
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self._cut_selection():
            self._changed()
        elif key == pygame.K_BACKSPACE and self.caret > 0:
            self.text = self.text[: self.caret - 1] + self.text[self.caret:]
            self.caret -= 1
            self._changed()
        elif key == pygame.K_DELETE and self.caret < len(self.text):
            self.text = self.text[: self.caret] + self.text[self.caret + 1:]
            self._changed()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            chosen = self.selection
            self.anchor = None
            if key == pygame.K_LEFT:     # off a selection: to its start, as editors do
                self.caret = chosen[0] if chosen else max(0, self.caret - 1)
            elif key == pygame.K_RIGHT:
                self.caret = chosen[1] if chosen else min(len(self.text), self.caret + 1)
            else:
                self.caret = 0 if key == pygame.K_HOME else len(self.text)
        self._blink, self._caret_on = 0.0, True
        return True  # every other key is typing, even when it adds nothing

    def update(self, dt: float) -> bool:
        if not self.active:
            return False
        self._blink += dt
        if self._blink >= self.BLINK:
            self._blink %= self.BLINK
            self._caret_on = not self._caret_on
            return True
        return False

    def focusable(self) -> Focusable:
        return Focusable(lambda: self.rect, self.activate, self)

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0:
            return
        radius = min(theme.RADIUS, self.rect.h // 2)
        edge = (*theme.ACCENT, 255) if self.active else (255, 255, 255, 60)
        surface.blit(rounded(self.rect.size, (0, 0, 0, 90), radius, edge,
                             2 if self.active else 1), self.rect)
        size = max(MIN_TEXT, round(self.rect.h * 0.45))
        pad = max(6, self.rect.h // 4)
        image = label(self.text, size, theme.TEXT) if self.text else None
        x = self.rect.x + pad
        measure = theme.font(size).size
        caret_x = measure(self.text[: self.caret])[0]
        room = self.rect.w - 2 * pad
        if self.active and caret_x > room:   # scroll so the caret stays in sight
            x -= caret_x - room
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -2).clip(clip) if clip else self.rect)
        chosen = self.selection if self.active else None
        if chosen is not None:
            left, right = (x + measure(self.text[:i])[0] for i in chosen)
            half = round(size * 0.65)
            mark = pygame.Rect(left, self.rect.centery - half, right - left, 2 * half)
            surface.blit(rounded(mark.size, (*theme.ACCENT, 110), 3), mark)
        if image is not None:
            surface.blit(image, image.get_rect(midleft=(x, self.rect.centery)))
        if self.active and self._caret_on and chosen is None:
            cx = x + caret_x
            half = round(size * 0.6)
            pygame.draw.line(surface, theme.ACCENT, (cx, self.rect.centery - half),
                             (cx, self.rect.centery + half), 2)
        surface.set_clip(clip)
