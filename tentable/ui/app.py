"""The window, the scene stack, the main loop and the crash handler.

Frame pacing: a frame is drawn only when it is due — an event arrived, a scene's
`update` reported a change or an animation, the stack or the window changed.
An idle window polls for events at about 60 Hz with `pygame.time.wait` and draws
nothing. Measured under Xvfb, poll + `time.wait(16)` costs ~0.5 % of a core where
`pygame.event.wait(16)` costs ~2 % (SDL spins on short timeouts), hence the poll.

Scenes are asked for by name (`app.push("pause", table=self)`, see
`tentable.ui.scenes`); every scene that leaves the stack is `close()`d.

Crashes: `run` steps through `step_safely`, which turns an unexpected exception of a
scene into a log file in the user data folder and a dialog naming it, after asking
every table on the stack to write its autosave. A second failure while that dialog is
up ends the app cleanly (`exit_code` 1) instead of looping. `step` itself lets
exceptions through, so tests and the smoke check see them.
"""
from __future__ import annotations

import logging
import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Union

import pygame

from tentable import botjobs, i18n, logs, speech, store
from tentable.resources import asset_path
from tentable.ui import sound, theme
from tentable.ui.keygate import KeyGate
from tentable.ui.scene import Scene
from tentable.ui.scenes import make_scene
from tentable.ui.scenes.common import backdrop
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.toast import Toasts

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 720)
FPS = 60
LONGEST_STEP = 0.25        # seconds one step may advance: a stall (debugger, drag) is not a jump
IDLE_POLL_MS = 16          # right after input or movement: answer within a frame
DEEP_IDLE_POLL_MS = 50     # after a quiet second: a third of the wake-ups
DEEPER_IDLE_POLL_MS = 100  # after a quiet spell (each wake-up costs ~0.25 ms of CPU in a VM):
DEEPER_IDLE_AFTER = 3.0    # the first move of the mouse is seen within 0.1 s, then 60 Hz again
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

SceneFactory = Callable[..., Scene]
SceneSpec = Union[Scene, str, SceneFactory]   # a scene, a registered name, or (app, **kw) -> Scene

log = logging.getLogger(__name__)


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


def _desktops() -> list[tuple[int, int]]:
    try:
        return [tuple(size) for size in pygame.display.get_desktop_sizes()]
    except (pygame.error, AttributeError):
        return []


def _fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """Shrink a requested window that would not fit the desktop, keeping its shape."""
    desktops = _desktops()
    if not desktops:
        return clamp_size(size)
    desk_w, desk_h = desktops[0]
    room_h = desk_h - 80  # title bar and task bar
    factor = min(1.0, desk_w / size[0], room_h / size[1])
    return clamp_size((round(size[0] * factor), round(size[1] * factor)))


def _pair(value: Any, low: int, high: int) -> tuple[int, int] | None:
    """Two whole numbers within low..high, or None: settings are read defensively."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(type(v) is int and low <= v <= high for v in value)):
        return int(value[0]), int(value[1])
    return None


def _on_desktop(position: tuple[int, int], size: tuple[int, int]) -> bool:
    """Would a window at `position` keep enough of itself on the desktops to be grabbed?
    (A monitor that was unplugged since must not leave the window out of reach.)"""
    desktops = _desktops()
    if not desktops:
        return False
    total_w = sum(w for w, _ in desktops)
    high = max(h for _, h in desktops)
    x, y = position
    return -size[0] + 120 <= x <= total_w - 120 and 0 <= y <= high - 80


def _set_icon() -> None:
    """The window and task-bar icon (Linux builds carry none in the executable)."""
    try:
        pygame.display.set_icon(pygame.image.load(asset_path("icons", "tentable.png")))
    except (pygame.error, OSError):
        pass   # a missing icon is cosmetic; the smoke test reports missing assets


# -- crash logs ------------------------------------------------------------------
def write_crash_log(exc: BaseException, context: list[str], path: Path | None = None) -> Path:
    """Write `exc`'s traceback and `context` lines to a new `crash-*.log` in the user
    data folder (or append them to `path`). Returns the file."""
    sdl = ".".join(map(str, pygame.get_sdl_version()))
    text = logs.report(exc, "unexpected error",
                       [f"pygame-ce {pygame.version.ver}, SDL {sdl}", *context])
    return logs.write("crash", text, path)


class CrashScene(Scene):
    """What the player sees after an unexpected error: where the log is, that the game
    was kept, and the way back to the menu. Drawn alone (opaque), so a scene that fails
    to draw is not drawn again under it."""

    def __init__(self, app: "App", log_path: Path, saved: bool) -> None:
        super().__init__(app)
        self.log_path = log_path
        lines = [t("crash.body")]
        if saved:
            lines.append(t("crash.saved"))
        lines.append(t("crash.log", path=str(log_path)))
        self.menu_button = Button(t("crash.menu"), self.to_menu, key=pygame.K_RETURN,
                                  kind="primary")
        self.quit_button = Button(t("crash.quit"), app.quit)
        self.dialog = Dialog(t("crash.title"), lines, [self.menu_button, self.quit_button],
                             width=0.56)

    def to_menu(self) -> None:
        self.app.reset("menu")

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        self.dialog.handle(event)

    def resize(self, size: tuple[int, int]) -> None:
        self.dialog.layout(size)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        self.dialog.draw(surface)


class App:
    """`App(size, start_scene).run()`; or `step()` one iteration at a time (tests).
    `size` None: the size the window had when it was last closed."""

    def __init__(self, size: tuple[int, int] | None = None,
                 start_scene: SceneSpec | None = None,
                 clock: Callable[[], float] = time.perf_counter,
                 language: str | None = None) -> None:
        # Everything that waits (frame pacing, bot deadlines, "thinking…") reads this clock,
        # so tests can move time themselves instead of sleeping.
        self.clock = clock
        _dpi_aware()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(400, 35)
        self.settings, notice = store.load_settings()
        # --lang for this run, else the player's choice, else the system's language
        i18n.set_language(language or self.settings.get("language"))
        theme.set_ui_size(self.settings.get("ui_size", "auto"))
        theme.set_least_room(theme.MIN_ROOM)
        # reading aloud (off by default): no thread, no command until it is turned on
        self.speech = speech.Speaker(clock=clock)
        if self.settings.get("read_aloud"):
            self.set_read_aloud(True)
        self.sound = sound.Mixer(lambda: self.speech.busy, self.settings)   # loaded once
        self.speech.on_voice = self.sound.hush          # speech first
        remembered = _pair(self.settings.get("window_size"), 200, 20_000)
        self.windowed_size = _fit_desktop(size or remembered or DEFAULT_SIZE)
        self.window_position = _pair(self.settings.get("window_position"), -50_000, 50_000)
        if self.window_position and not _on_desktop(self.window_position, self.windowed_size):
            self.window_position = None
        self.fullscreen = False
        self._window_changed = False   # moved or resized by the user: remember it at close
        self.screen = self._open_first_window(self.settings.get("window_mode") == "fullscreen")
        pygame.display.set_caption(t("app.title"))
        _set_icon()
        self.toasts = Toasts()
        self.keys = KeyGate(clock)     # keys reach only what has been seen
        self.scenes: list[Scene] = []
        self.frame_count = 0
        self.running = True
        self.exit_code = 0
        self.crash_log: Path | None = None
        self._closed = False
        self._dirty = True
        self._last_step = self._last_activity = self.clock()
        if notice:
            self.toasts.show(notice, 6.0, "error")
        self.push(start_scene if start_scene is not None else "menu")

    # -- window ---------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_first_window(self, fullscreen: bool) -> pygame.Surface:
        """Open the window where it was last time (SDL reads the position when it creates
        the window, so it does not jump); a position the user set in SDL's variable wins."""
        key = "SDL_VIDEO_WINDOW_POS"
        place = self.window_position is not None and key not in os.environ
        if place:
            os.environ[key] = "{},{}".format(*self.window_position)
        try:
            return self._open_window(fullscreen)
        finally:
            if place:
                del os.environ[key]

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
        self._window_changed = True
        if self.screen.get_size() != self.windowed_size:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface()
        for scene in self.scenes:
            scene.resize(self.size)
        self._dirty = True

    def _remember_window(self) -> None:
        """Keep the windowed size and position in the settings for the next start, when
        the user changed them (a test or the smoke check leaves the settings alone)."""
        if not self._window_changed:
            return
        self.settings["window_size"] = list(self.windowed_size)
        if self.window_position is not None:
            self.settings["window_position"] = list(self.window_position)
        try:
            store.save_settings(self.settings)
        except (OSError, ValueError) as exc:   # closing: nobody left to tell but the log
            log.warning("could not save the window's size and position: %s", exc)

    # -- scene stack ----------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def _build(self, scene: SceneSpec, kwargs: dict) -> Scene:
        if isinstance(scene, Scene):
            if kwargs:
                raise TypeError("arguments go with a scene's name, not with a built scene")
            return scene
        if isinstance(scene, str):
            built = make_scene(self, scene, **kwargs)
            built.spec = (scene, kwargs)      # how to build it again (another language)
            return built
        return scene(self, **kwargs)

    def push(self, scene: SceneSpec, **kwargs: Any) -> Scene:
        """Put a scene on top: a Scene, or a registered name and its keyword arguments
        (`app.push("pause", table=self)`). Returns the scene."""
        scene = self._build(scene, kwargs)   # first, so a failing scene changes nothing
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        if self._fit_room():
            self._resized()              # a scale the window had no room for: every scene
        else:
            scene.resize(self.size)
        scene.enter()
        self.keys.shown()
        self._dirty = True
        return scene

    def pop(self) -> Scene | None:
        """Take the top scene off and close it; the one below is entered again."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        self._close_scene(scene)
        if self._fit_room():
            self._resized()
        if self.scenes:
            self.scenes[-1].enter()
        self._dirty = True
        return scene

    def replace(self, scene: SceneSpec, **kwargs: Any) -> Scene:
        """Swap the top scene for another (the one below is not woken up in between)."""
        scene = self._build(scene, kwargs)
        if self.scenes:
            old = self.scenes.pop()
            old.leave()
            self._close_scene(old)
        return self.push(scene)

    def reset(self, scene: SceneSpec, **kwargs: Any) -> Scene:
        """Close every scene and start again from this one (e.g. "Quit to menu")."""
        scene = self._build(scene, kwargs)
        self._close_all()
        return self.push(scene)

    def _close_all(self) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        while self.scenes:
            self._close_scene(self.scenes.pop())

    def _close_scene(self, scene: Scene) -> None:
        # One scene failing to close must not keep the others from closing (and saving);
        # the failure goes to a crash log, since a table's close writes its autosave.
        try:
            scene.close()
        except Exception as exc:
            log.exception("closing %s failed", type(scene).__name__)
            try:
                self.crash_log = write_crash_log(
                    exc, [f"While closing {type(scene).__name__}:"], self.crash_log)
            except OSError:
                pass

    # -- settings -------------------------------------------------------------
    def set_language(self, choice: str) -> None:
        """Speak `choice` ("system" or a code) from now on, on every open screen at once:
        each scene is built anew in the new words (see `Scene.relanguage`)."""
        self.settings["language"] = choice
        i18n.set_language(choice)
        pygame.display.set_caption(t("app.title"))
        built: dict[int, Scene] = {}          # id of a scene -> the one built in its place
        for i, scene in enumerate(self.scenes):
            fresh = scene.relanguage()
            if fresh is None and scene.spec is not None:
                # a scene over a table (the pause menu) is about the table built anew
                name, kwargs = scene.spec
                kwargs = {key: built.get(id(value), value) for key, value in kwargs.items()}
                fresh = make_scene(self, name, **kwargs)
                fresh.spec = (name, kwargs)
            if fresh is not None and fresh is not scene:
                built[id(scene)] = fresh
                self.scenes[i] = fresh
                fresh.resize(self.size)
        if self.scenes:
            self.scenes[-1].enter()
        self._dirty = True

    def set_ui_size(self, choice: str) -> None:
        """Draw everything at `choice` (`theme.UI_SIZES`) from now on, every open screen
        laid out again at once."""
        self.settings["ui_size"] = choice
        theme.set_ui_size(choice)
        self._resized()

    def _fit_room(self) -> bool:
        """Keep the room the scenes on the stack need (`Scene.least_room`) at any scale;
        True when the scale changed with it."""
        rooms = [room for scene in self.scenes if (room := scene.least_room()) is not None]
        room = (max((r[0] for r in rooms), default=0), max((r[1] for r in rooms), default=0))
        before = theme.ui_scale(self.size)
        theme.set_least_room(room)
        return theme.ui_scale(self.size) != before

    def set_read_aloud(self, on: bool) -> None:
        """Read turns, moves and refusals aloud from now on (or stop at once). The setting
        keeps the player's choice even where this computer cannot speak."""
        self.settings["read_aloud"] = bool(on)
        self.speech.enable(bool(on))

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
        start = self.clock()
        dt = min(LONGEST_STEP, start - self._last_step)
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
                spent = self.clock() - start
                pygame.time.wait(max(0, int((1 / FPS - spent) * 1000)))
            elif start - self._last_activity < DEEP_IDLE_AFTER:
                pygame.time.wait(IDLE_POLL_MS)
            elif start - self._last_activity < DEEPER_IDLE_AFTER:
                pygame.time.wait(DEEP_IDLE_POLL_MS)
            else:
                pygame.time.wait(DEEPER_IDLE_POLL_MS)
        return self.running

    def step_safely(self, wait: bool = True) -> bool:
        """`step`, with an unexpected exception handled by `crashed` instead of raised."""
        try:
            return self.step(wait)
        except Exception as exc:
            self.crashed(exc)
            return self.running

    def run(self) -> int:
        """Run until the stack is empty or the window is closed; the exit code."""
        self._last_step = self.clock()
        while self.step_safely():
            pass
        return self.exit_code

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Close every scene (tables write their autosave), remember the window, and
        close it. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._close_all()
        if getattr(self, "hosting", None) is not None:   # a table hosted for friends
            self.hosting.stop()
        botjobs.shutdown()          # the computer players' process ends with the window
        theme.set_ui_size("auto")   # the scale is the window's: the next app reads its own
        theme.set_least_room(theme.MIN_ROOM)
        self.speech.close()         # and the speech thread with what it was saying
        self.sound.close()
        if pygame.display.get_init():
            self._remember_window()
        pygame.display.quit()

    # -- crashes --------------------------------------------------------------
    def crashed(self, exc: Exception) -> None:
        """An unexpected error: log it, save the games on the stack, show the crash dialog.
        A failure here, or while the crash dialog is up, ends the app instead."""
        if isinstance(self.top, CrashScene):
            self._give_up(exc)
            return
        try:
            self.crash_log = write_crash_log(exc, self._context())
            saved = self._save_games()
            self.push(CrashScene(self, self.crash_log, saved))
        except Exception as second:
            self._give_up(second)

    def _give_up(self, exc: BaseException) -> None:
        try:
            self.crash_log = write_crash_log(exc, ["While handling an earlier error:"]
                                             + self._context(), self.crash_log)
        except Exception:   # nothing left to write with; leave quietly all the same
            log.exception("could not write the crash log")
        self.exit_code = 1
        self.running = False

    def _context(self) -> list[str]:
        lines = ["Scenes, bottom to top: " + ", ".join(type(s).__name__ for s in self.scenes)]
        for scene in self.scenes:
            session = getattr(scene, "session", None)
            if session is not None:
                lines.append(f"Game: {getattr(session, 'game_id', '?')}, "
                             f"seed {getattr(session, 'seed', '?')}, "
                             f"{getattr(session, 'players', '?')} players")
        return lines

    def _save_games(self) -> bool:
        """Ask each table on the stack to write its autosave now (`flush_autosave`); True
        if there was a game in progress and it is saved. Tables autosave after every
        action: this only makes sure a pending write is on disk."""
        saved = False
        for scene in reversed(self.scenes):
            flush = getattr(scene, "flush_autosave", None)
            if not callable(flush) or getattr(scene, "game_over", False):
                continue
            try:
                flush()
                saved = True
            except Exception as exc:
                self.crash_log = write_crash_log(exc, ["While saving the game:"],
                                                 self.crash_log)
                return False
        return saved

    # -- events and drawing ------------------------------------------------------
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
        if event.type == pygame.WINDOWMOVED:
            if not self.fullscreen and isinstance(getattr(event, "x", None), int):
                self.window_position = (event.x, event.y)
                self._window_changed = True
            return
        if event.type in _QUIET_EVENTS:
            return
        self._dirty = True
        if self.sound.mute_key(self, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            self.save_settings()
            return
        if self.scenes and self.keys.admit(event):
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
