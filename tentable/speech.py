"""Reading aloud: short texts said through the speech the platform already ships.

Off by default (the setting `read_aloud`). No dependency: each platform's own command,
run with an argument list (never a shell) and the text on standard input or as one
argument after `--`, so nothing in a player's name can ever be read as a command or
an option:

- macOS: `say -f -` (the text on stdin; the default voice, or the first voice of the
  app's language when that is not the system's, from `say -v ?`, asked once);
- Linux and the other Unixes: `spd-say -w -l <lang> -- <text>` (speech-dispatcher),
  else `espeak-ng` / `espeak -v <lang> -b 1 --stdin` (the text on stdin);
- Windows: Windows PowerShell with `System.Speech.Synthesis.SpeechSynthesizer`; a fixed
  script reads the culture and the text from stdin (never from its command line).

Speech first: as a voice starts, `on_voice` is called (the app's sounds fall silent).

`Speaker.say(text, level)` never blocks: it cleans the text (`clean`: no control
characters, a capped length) and queues it for a daemon thread that runs one command at
a time. The thread starts with the first text said, never while reading aloud is off.
The queue keeps only the newest few (`KEEP`); a text waiting too long (`MAX_WAIT`) is
old news and is dropped. Levels of urgency:

- `NEWS` (a move, a moment): queued behind what is being said;
- `TURN` ("Your turn"): what was queued or is being said more than `STALE` seconds ago
  is cut off (its process ended) and dropped; the fresher news before it is still said;
- `NOW` (a refusal, the answer to the player's own gesture): everything else is cut off.

A command that is missing, cannot start or fails turns reading aloud off for the rest
of the session, quietly (a line in the log); `available()` then says False, and the
settings screen says it is not available. `close()` ends the thread and the running
command (the app calls it as it closes).
"""
from __future__ import annotations

import logging
import re
import shutil
import subprocess
import sys
import threading
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

log = logging.getLogger(__name__)

NEWS, TURN, NOW = 0, 1, 2
MAX_CHARS = 400       # a spoken text is cut at a word before this many characters
KEEP = 4              # texts waiting at most; older ones are dropped
STALE = 5.0           # seconds: what "Your turn" may cut off
MAX_WAIT = 15.0       # seconds: news that waited longer is not said at all
TIMEOUT = 60.0        # seconds a command may take before it is ended
CULTURES = {"en": "en-US", "de": "de-DE", "nl": "nl-NL"}   # Windows voices by culture
SAY_LOCALES = {"en": "en_US", "de": "de_DE", "nl": "nl_NL"}  # macOS's voice of choice
_DROPPED = {"Cf", "Cs", "Co", "Cn"}   # format (bidi overrides), surrogates, private, unassigned
_SPACED = {"Cc", "Zl", "Zp", "Zs"}    # control characters and line breaks become a space
_ENDS = (".", "!", "?", ":", "…")


def clean(text: object, limit: int = MAX_CHARS) -> str:
    """`text` as it may be spoken: one line, no control or format characters (nor lone
    surrogates, which no command line can carry), spaces collapsed, at most `limit`
    characters (cut at a word, with "…")."""
    text = text if isinstance(text, str) else str(text)
    kept = []
    for char in text[:limit * 4]:
        kind = unicodedata.category(char)
        if kind in _DROPPED:
            continue
        kept.append(" " if kind in _SPACED else char)
    words = "".join(kept).split()
    text = " ".join(words)
    if len(text) > limit:
        cut = text[:limit - 1]
        text = (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:") + "…"
    return text


def joined(texts: list[str]) -> str:
    """Texts as one to be spoken: a full stop between two where the first ends in none."""
    out = ""
    for text in (text.strip() for text in texts if text):
        if text:
            out += (" " if not out or out.endswith(_ENDS) else ". ") + text
    return out.strip()


@dataclass(frozen=True)
class Command:
    """A command to run: its arguments (the program first) and what goes to its stdin."""

    argv: list[str]
    stdin: bytes | None = None


class Backend:
    """The platform's speech: the command that says `text` in `language` ("en", "de",
    "nl"); `urgent` when it comes after a cut-off."""

    name = ""

    def __init__(self, program: str) -> None:
        self.program = program

    def command(self, text: str, language: str, urgent: bool = False) -> Command:
        raise NotImplementedError


class SpdSay(Backend):
    """speech-dispatcher's client. `-w` keeps it running while it speaks, so it can be
    ended; an urgent text has the priority "message", which cancels the "text" priority
    messages still being said (the one just ended). The text is one argument after
    `--`: never an option, and never the pipe mode, whose lines may be commands."""

    name = "spd-say"

    def command(self, text: str, language: str, urgent: bool = False) -> Command:
        argv = [self.program, "-w", "-l", language]
        if urgent:
            argv += ["-P", "message"]
        return Command(argv + ["--", text])


class Espeak(Backend):
    """espeak-ng or espeak: the voice by language, the text on stdin as UTF-8."""

    name = "espeak"

    def command(self, text: str, language: str, urgent: bool = False) -> Command:
        return Command([self.program, "-v", language, "-b", "1", "--stdin"],
                       text.encode("utf-8", "replace"))


class Say(Backend):
    """macOS's `say`, the text on stdin (`-f -`). The system's default voice, unless the
    app speaks another language than the system: then the first voice of that language
    that `say -v ?` lists (asked once, on the speech thread)."""

    name = "say"
    LINE = re.compile(r"^(?P<name>\S.*?)\s+(?P<locale>[a-z]{2,3}_[A-Za-z0-9]+)\s+#")

    def __init__(self, program: str, system: str = "en",
                 listing: Callable[[list[str]], str] | None = None) -> None:
        super().__init__(program)
        self.system = system
        self.listing = listing or _output
        self._voices: list[tuple[str, str]] | None = None

    def voices(self) -> list[tuple[str, str]]:
        """(name, locale) of every voice, from `say -v ?`; none if it cannot be asked."""
        if self._voices is None:
            try:
                text = self.listing([self.program, "-v", "?"])
            except (OSError, ValueError, subprocess.SubprocessError):
                text = ""
            self._voices = [(m["name"], m["locale"]) for m in map(self.LINE.match,
                                                                     text.splitlines()) if m]
        return self._voices

    def voice(self, language: str) -> str | None:
        if language == self.system:
            return None
        voices = self.voices()
        for wanted in (SAY_LOCALES.get(language, ""), language + "_"):
            for name, locale in voices:
                if wanted and locale.startswith(wanted):
                    return name
        return None

    def command(self, text: str, language: str, urgent: bool = False) -> Command:
        voice = self.voice(language)
        argv = [self.program] + (["-v", voice] if voice else []) + ["-f", "-"]
        return Command(argv, text.encode("utf-8", "replace"))


# Reads the culture (first line) and the text (the rest) from stdin as UTF-8: nothing of
# the text is ever on PowerShell's command line. A culture without a voice keeps the
# default voice.
POWERSHELL_SCRIPT = (
    "$ErrorActionPreference = 'Stop'; "
    "Add-Type -AssemblyName System.Speech; "
    "$in = New-Object System.IO.StreamReader([Console]::OpenStandardInput(), "
    "(New-Object System.Text.UTF8Encoding $false)); "
    "$culture = $in.ReadLine(); $text = $in.ReadToEnd(); "
    "$voice = New-Object System.Speech.Synthesis.SpeechSynthesizer; "
    "try { $voice.SelectVoiceByHints('NotSet', 'NotSet', 0, "
    "[System.Globalization.CultureInfo]::GetCultureInfo($culture)) } catch { }; "
    "$voice.Speak($text)"
)


class PowerShell(Backend):
    name = "powershell"

    def command(self, text: str, language: str, urgent: bool = False) -> Command:
        culture = CULTURES.get(language, CULTURES["en"])
        return Command([self.program, "-NoProfile", "-NonInteractive", "-Command",
                        POWERSHELL_SCRIPT], f"{culture}\n{text}".encode("utf-8", "replace"))


def _output(argv: list[str]) -> str:
    return subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=10,
                          **_hidden()).stdout.decode("utf-8", "replace")


def _hidden() -> dict:
    """No console window flashing up for each text on Windows."""
    if sys.platform == "win32":
        return {"creationflags": getattr(subprocess, "CREATE_NO_WINDOW", 0x08000000)}
    return {}


def find_backend(platform: str | None = None,
                 which: Callable[[str], str | None] = shutil.which,
                 system: str = "en") -> Backend | None:
    """The platform's speech command, or None if it has none installed."""
    platform = sys.platform if platform is None else platform
    if platform == "darwin":
        program = which("say")
        return Say(program, system) if program else None
    if platform.startswith("win") or platform == "cygwin":
        program = which("powershell")
        return PowerShell(program) if program else None
    for name, kind in (("spd-say", SpdSay), ("espeak-ng", Espeak), ("espeak", Espeak)):
        program = which(name)
        if program:
            return kind(program)
    return None


def _system_language() -> str:
    from tentable import i18n
    return i18n.system_language()


def _app_language() -> str:
    from tentable import i18n
    return i18n.current()


@dataclass
class Utterance:
    text: str
    level: int
    at: float                       # when it was said (the speaker's clock)
    urgent: bool = field(default=False)   # it cut something off


class Speaker:
    """Says texts one after another on a thread of its own; see the module docstring.

    `find` finds the platform's backend (called once, when reading aloud is turned on or
    asked about), `language` the app's language now, `popen` runs a command (tests pass
    a fake), `clock` tells the time (the app's)."""

    def __init__(self, find: Callable[[], Backend | None] | None = None,
                 language: Callable[[], str] = _app_language,
                 popen: Callable[..., subprocess.Popen] = subprocess.Popen,
                 clock: Callable[[], float] = time.monotonic, keep: int = KEEP) -> None:
        self._find = find or (lambda: find_backend(system=_system_language()))
        self._language = language
        self._popen = popen
        self._clock = clock
        self.keep = keep
        self._backend: Backend | None = None
        self._looked = False
        self._on = False
        self.failed: str | None = None     # why reading aloud stopped for this session
        self._cond = threading.Condition()
        self._waiting: deque[Utterance] = deque()
        self._thread: threading.Thread | None = None
        self._process: subprocess.Popen | None = None
        self._current: Utterance | None = None    # being said (its process may be starting)
        self._cut = False                         # the current one was cut off
        self._closed = False
        # called on the speech thread as a voice starts: the app's sounds fall silent then
        # (speech first: a cue heard with the move it tells is cut off by its words)
        self.on_voice: Callable[[], None] = lambda: None

    # -- the app's side ------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        """Reading aloud is on and can speak: texts said now are spoken."""
        return self._on and self.failed is None and not self._closed

    def backend(self) -> Backend | None:
        if not self._looked:
            self._looked = True
            try:
                self._backend = self._find()
            except (OSError, ValueError) as exc:
                log.info("no speech: %s", exc)
                self._backend = None
        return self._backend

    def available(self) -> bool:
        """This computer can read aloud: a speech command is installed and has not failed
        in this session."""
        return self.failed is None and self.backend() is not None

    def enable(self, on: bool) -> None:
        """Turn reading aloud on or off; off stops what is being said at once."""
        on = bool(on)
        if on and not self.available():
            on = False
        self._on = on
        if not on:
            self.stop()

    def say(self, text: object, level: int = NEWS) -> None:
        """Say `text` (see the module docstring for `level`). Returns at once; does
        nothing while reading aloud is off."""
        if not self.enabled:
            return
        text = clean(text)
        if text:
            self.queue(text, level)

    def queue(self, text: str, level: int = NEWS) -> None:
        """Queue an already clean `text` for the thread (tests may listen here)."""
        now = self._clock()
        with self._cond:
            cut = False
            if level >= NOW:
                self._waiting.clear()
                cut = self._cut_current()
            elif level >= TURN:
                fresh = [u for u in self._waiting if now - u.at <= STALE]
                self._waiting = deque(fresh)
                if self._current is not None and now - self._current.at > STALE:
                    cut = self._cut_current()
            self._waiting.append(Utterance(text, level, now, urgent=cut or level >= TURN))
            while len(self._waiting) > self.keep:
                self._waiting.popleft()
            self._cond.notify_all()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
                self._thread.start()

    def stop(self) -> None:
        """Stop saying anything: what is waiting is dropped, what is said is cut off."""
        with self._cond:
            self._waiting.clear()
            self._cut_current()
            self._cond.notify_all()

    def close(self) -> None:
        """End the thread and the command being run. Safe to call twice."""
        with self._cond:
            self._closed = True
            self._waiting.clear()
            self._cut_current()
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2.0)

    @property
    def started(self) -> bool:
        """The thread was started (it is not, until a text is said with reading aloud on)."""
        return self._thread is not None

    @property
    def busy(self) -> bool:
        """Something is waiting or being said."""
        with self._cond:
            return bool(self._waiting) or self._current is not None

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until nothing waits or is being said (tests, and nothing on the frame
        loop); True if it came to that within `timeout` seconds."""
        with self._cond:
            return self._cond.wait_for(
                lambda: (not self._waiting and self._current is None) or self._closed
                or self._thread is None, timeout)

    # -- the thread ------------------------------------------------------------------
    def _cut_current(self) -> bool:
        """Cut off what is being said (with the lock held); True if there was something."""
        if self._current is None:
            return False
        self._cut = True
        if self._process is not None:
            _end(self._process)
        return True

    def _next(self) -> Utterance | None:
        with self._cond:
            while True:
                while not self._waiting and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return None
                item = self._waiting.popleft()
                if item.level < TURN and self._clock() - item.at > MAX_WAIT:
                    continue                     # old news by now
                self._current, self._cut = item, False
                return item

    def _run(self) -> None:
        while True:
            item = self._next()
            if item is None:
                return
            try:
                reason = self._speak(item)
            except Exception as exc:     # a speech thread must never take the app down
                reason = f"{type(exc).__name__}: {exc}"
            with self._cond:
                self._current, self._process = None, None
                if reason is not None:
                    self._fail(reason)
                self._cond.notify_all()
                if reason is not None:
                    return

    def _speak(self, item: Utterance) -> str | None:
        """Run the command for `item` to its end; why it failed, or None."""
        backend = self.backend()
        if backend is None:
            return "no speech command on this computer"
        command = backend.command(item.text, self._language(), item.urgent)
        self.on_voice()
        try:
            process = self._popen(
                command.argv, stdin=subprocess.PIPE if command.stdin is not None
                else subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, close_fds=True, **_hidden())
        except (OSError, ValueError) as exc:
            return f"{command.argv[0]} could not start: {exc}"
        with self._cond:
            self._process = process
            if self._cut or self._closed:       # cut off while it was starting
                _end(process)
        try:
            process.communicate(command.stdin, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            _end(process, kill=True)
            process.wait()
            return f"{backend.name} took longer than {TIMEOUT:.0f} s"
        except (OSError, ValueError):
            pass                                  # its stdin closed as it was ended
        with self._cond:
            cut = self._cut or self._closed
        if process.returncode not in (0, None) and not cut:
            return f"{backend.name} failed (exit status {process.returncode})"
        return None

    def _fail(self, reason: str) -> None:
        """Reading aloud stops for this session (with the lock held)."""
        if self.failed is None:
            self.failed = reason
            log.warning("reading aloud is off for this session: %s", reason)
        self._waiting.clear()


def _end(process: subprocess.Popen, kill: bool = False) -> None:
    try:
        process.kill() if kill else process.terminate()
    except (OSError, ValueError):
        pass
