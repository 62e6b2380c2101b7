"""The table's sounds: every cue loaded once as the app starts, played by name.

The cues are Ogg Vorbis files in `assets/sounds/`, made by `scripts/sounds.py` (mono, 22,050 Hz).
`Mixer.play(cue)` never blocks and never fails: with no audio device (a server, a remote
desktop) or a mixer that will not start, the app is silent, quietly (a line in the log),
at no cost; SDL's dummy driver (`SDL_AUDIODRIVER=dummy`: the tests, CI) plays to nowhere.
The settings `sound` (on/off) and `volume` (a percentage) are the player's; Ctrl+M turns
sound off and on at once (`MUTE_KEY`, the app's). Muted from the start, the audio device
is not even opened.

Speech first: while reading aloud is saying something (`tentable.speech`), a cue is
dropped, not ducked: a short click under a voice only blurs a word, and what the voice
says is the news the cue would have given. A cue already playing as a voice starts (the
move's click, then its words: the voice's command takes a moment to start) is faded out
at once (`hush`, the speaker's `on_voice`), so the two never talk over each other.
A cue is not held back to wait for the voice either: by the time it ended the cue
would tell what the table no longer shows.
"""
from __future__ import annotations

import logging
from typing import Callable

import pygame

from tentable import resources
from tentable.text import t

log = logging.getLogger(__name__)

CUES = resources.SOUNDS          # every sound there is; `scripts/sounds.py` makes each
RATE = 22_050
CHANNELS = 8          # cues at once: a shuffle, a card and a chip may overlap
# frames the audio thread mixes at a time: 93 ms, still within a card's animation (a cue
# sounds as its move is shown, never on the click itself), and half the wake-ups of 1024:
# scripts/bench.py's idle TEN table measured 0.51% of a core with 1024 (budget 0.5%)
BUFFER = 2048
HUSH_MS = 40          # a cue cut off by a voice fades this fast: no click as it stops
# Ctrl+M mutes at once, anywhere: M alone is TEN's "take money", and a letter alone would
# also be typed into a player's name (tests/test_sound.py checks every table's keys)
MUTE_KEY, MUTE_MOD = pygame.K_m, pygame.KMOD_CTRL


class Mixer:
    """Plays the cues. `speaking`: True while reading aloud speaks (cues wait for no one:
    they are dropped). `start` False: a mixer that never opens the audio device."""

    def __init__(self, speaking: Callable[[], bool] = lambda: False, settings: dict | None = None,
                 start: bool = True) -> None:
        self.speaking = speaking
        self.on = True
        self.volume = 1.0
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.failed: str | None = None
        if settings is not None:
            self._read(settings)
        if start and self.on:
            self._start()

    def _start(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=BUFFER)
            pygame.mixer.set_num_channels(CHANNELS)
            self.sounds = {cue: pygame.mixer.Sound(str(resources.sound_path(cue))) for cue in CUES}
        except (pygame.error, OSError, FileNotFoundError) as exc:
            self.failed = str(exc) or type(exc).__name__
            self.sounds = {}
            log.info("no sound: %s", self.failed)

    @property
    def ready(self) -> bool:
        """Sounds can be heard on this computer."""
        return bool(self.sounds)

    def _read(self, settings: dict) -> None:
        self.on = bool(settings.get("sound", True))
        self.volume = min(100, max(0, int(settings.get("volume", 100)))) / 100

    def follow(self, settings: dict) -> None:
        """Play as the settings say: `sound` on or off, `volume` in percent."""
        self._read(settings)
        if self.on and not self.ready and self.failed is None:
            self._start()            # turned on in a session that began muted
        if not self.on and self.ready:
            pygame.mixer.stop()       # muted means silent now, not after the last cue

    def play(self, cue: str) -> None:
        if not self.on or self.volume <= 0 or not self.ready or self.speaking():
            return
        sound = self.sounds.get(cue)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()

    def hush(self) -> None:
        """Fade out whatever plays, at once (a voice begins). Safe from any thread: SDL's
        mixer locks its own device."""
        if self.ready:
            try:
                pygame.mixer.fadeout(HUSH_MS)
            except pygame.error:
                pass            # the mixer closed meanwhile: silent already

    def mute_key(self, app, event: pygame.event.Event) -> bool:
        """Ctrl+M turns sound off or on (and says so): True when it was that key."""
        if event.type != pygame.KEYDOWN or event.key != MUTE_KEY \
                or not event.mod & MUTE_MOD:
            return False
        app.settings["sound"] = not self.on
        self.follow(app.settings)
        app.toasts.show(t("sound.on") if self.on else t("sound.off"), 2.0)
        app.save_settings()
        return True

    def close(self) -> None:
        """Silence and forget the cues. The device itself stays open until the process
        ends (pygame closes it at exit): closing it makes SDL wait out its audio thread's
        buffer, about 0.12 s, for a window that is going anyway (and a new window in the
        same process, as the tests open hundreds, finds it open)."""
        self.sounds = {}
        if pygame.mixer.get_init():
            pygame.mixer.stop()
