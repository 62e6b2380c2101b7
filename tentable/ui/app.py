"""The window, the scene stack and the main loop.

Frame pacing: a frame is drawn only when it is due — an event arrived, a scene's
`update` reported a change or an animation, the stack or the window changed.
An idle window polls for events at about 60 Hz with `pygame.time.wait` and draws
nothing. Measured under Xvfb, poll + `time.wait(16)` costs ~0.5 % of a core where
`pygame.event.wait(16)` costs ~2 % (SDL spins on short timeouts), hence the poll.
"""
from __future__ import annotations

import sys
import time
import warnings
from typing import Callable, Union

import pygame

from tentable import store
from tentable.resources import asset_path
from tentable.ui.scene import Scene
from tentable.ui.text import t
from tentable.ui.widgets.toast import Toasts

MIN_SIZE = (1024, 640)
FPS = 60
IDLE_POLL_MS = 16          # right after input or movement: answer within a frame
DEEP_IDLE_POLL_MS = 33     # after a quiet second: half the wake-ups (Xvfb: 1.1% -> 0.5% of a core)
DEEP_IDLE_AFTER = 1.0      # seconds
# Window-manager chatter that changes nothing on screen: no redraw for these.
_QUIET_EVENTS = {
    getattr(pygame, name) for name in (
        "ACTIVEEVENT", "WINDOWMOVED", "WINDOWENTER", "WINDOWLEAVE", "WINDOWFOCUSGAINED",
        "WINDOWFOCUSLOST", "WINDOWTAKEFOCUS", "AUDIODEVICEADDED", "AUDIODEVICEREMOVED",
        "TEXTEDITING", "CLIPBOARDUPDATE", "KEYMAPCHANGED", "WINDOWHITTEST",
        "WINDOWICCPROFCHANGED", "WINDOWDISPLAYCHANGED", "LOCALECHANGED",
    ) if hasattr(pygame, name)
}

SceneFactory = Callable[["App"], Scene]


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


def _dpi_aware() -> None:
    """Ask Windows for real pixels instead of a blurry bitmap stretch on scaled displays."""
    if sys.platform != "win32":
        return
    try:
        import ctypes
        try:
            ctypes.windll.shcore.SetProcessDpiAwareness(2)  # per-monitor aware
        except (AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()
    except (AttributeError, OSError, ImportError):
        pass


def _fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """Shrink a requested window that would not fit the desktop, keeping its shape."""
    try:
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return clamp_size(size)
    room_h = desk_h - 80  # title bar and task bar
    factor = min(1.0, desk_w / size[0], room_h / size[1])
    return clamp_size((round(size[0] * factor), round(size[1] * factor)))


def _set_icon() -> None:
    """The window and task-bar icon (Linux builds carry none in the executable)."""
    try:
        pygame.display.set_icon(pygame.image.load(asset_path("icons", "tentable.png")))
    except (pygame.error, OSError):
        pass   # a missing icon is cosmetic; the smoke test reports missing assets


class App:
    """`App(size, start_scene).run()`; or `step()` one iteration at a time (tests)."""

    def __init__(self, size: tuple[int, int] = (1280, 720),
                 start_scene: Union[Scene, SceneFactory, None] = None) -> None:
        _dpi_aware()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(400, 35)
        self.settings, notice = store.load_settings()
        self.windowed_size = _fit_desktop(size)
        self.fullscreen = False
        self.screen = self._open_window(self.settings["window_mode"] == "fullscreen")
        pygame.display.set_caption(t("app.title"))
        _set_icon()
        self.toasts = Toasts()
        self.scenes: list[Scene] = []
        self.frame_count = 0
        self.running = True
        self._dirty = True
        self._last_step = self._last_activity = time.perf_counter()
        if notice:
            self.toasts.show(notice, 6.0, "error")
        if start_scene is None:
            from tentable.ui.scenes.menu import MenuScene
            start_scene = MenuScene
        self.push(start_scene if isinstance(start_scene, Scene) else start_scene(self))

    # -- window ---------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._set_minimum_size()
        return screen

    @staticmethod
    def _set_minimum_size() -> None:
        # Lets the window manager refuse smaller sizes; `_on_resize` clamps regardless.
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self.screen = self._open_window(on)
        self.settings["window_mode"] = "fullscreen" if on else "windowed"
        self._resized()

    def _on_resize(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            return
        self.windowed_size = clamp_size(size)
        if self.screen.get_size() != self.windowed_size:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface()
        for scene in self.scenes:
            scene.resize(self.size)
        self._dirty = True

    # -- scene stack ----------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        self._dirty = True

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
        self._dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` (the one below is not woken up in between)."""
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from `scene` (e.g. "Quit to menu")."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    # -- settings -------------------------------------------------------------
    def save_settings(self) -> bool:
        """Write `self.settings`; a failure is shown, not raised. True when saved."""
        try:
            store.save_settings(self.settings)
        except OSError as exc:
            self.toasts.show(t("settings.save_failed", reason=exc.strerror or exc), 5.0, "error")
            return False
        return True

    def invalidate(self) -> None:
        """Ask for a redraw on the next step (e.g. a worker thread finished)."""
        self._dirty = True

    # -- the loop -------------------------------------------------------------
    def step(self, wait: bool = True) -> bool:
        """One iteration: events, update, draw if due. False once the app should stop.

        With `wait`, it also paces: up to 60 frames a second while something moves,
        a short sleep when idle. Tests pass `wait=False` to run flat out."""
        start = time.perf_counter()
        dt = min(0.25, start - self._last_step)  # a stall (debugger, drag) is not a jump
        self._last_step = start
        for event in pygame.event.get():
            self._last_activity = start
            self._route(event)
            if not self.running:
                return False
        if not self.scenes:
            self.running = False
            return False
        busy = self.scenes[-1].update(dt)
        busy = self.toasts.update(dt) or busy
        if not self.scenes:  # an update may end the app (e.g. a scene popped itself)
            self.running = False
            return False
        if busy or self._dirty:
            self._last_activity = start
            self._draw()
        if wait:
            if busy:
                spent = time.perf_counter() - start
                pygame.time.wait(max(0, int((1 / FPS - spent) * 1000)))
            elif start - self._last_activity < DEEP_IDLE_AFTER:
                pygame.time.wait(IDLE_POLL_MS)
            else:
                pygame.time.wait(DEEP_IDLE_POLL_MS)
        return self.running

    def run(self) -> None:
        """Run until the stack is empty or the window is closed."""
        self._last_step = time.perf_counter()
        while self.step():
            pass

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        pygame.display.quit()

    def _route(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_resize(event.size)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            if self.screen.get_size() != pygame.display.get_surface().get_size():
                self._resized()
            return
        if event.type in _QUIET_EVENTS:
            return
        self._dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            self.save_settings()
            return
        if self.scenes:
            self.scenes[-1].process_event(event)

    def _draw(self) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.screen)
        self.toasts.draw(self.screen)
        pygame.display.flip()
        self.frame_count += 1
        self._dirty = False
