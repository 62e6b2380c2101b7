#!/usr/bin/env python3
"""Synthesise every sound the table makes and write them as Ogg Vorbis files.

    python3 scripts/sounds.py [folder]

writes `assets/sounds/<cue>.ogg` (or into `folder`) for every cue (`resources.SOUNDS`):
mono, 22,050 Hz. Made from code alone (`math`, `array` and a seeded `random`), the way
`make_icons.py` draws the icon, so they are ours, under the code's own licence.

The encoder is libvorbis through libsndfile, both of which pygame-ce's wheels already
carry (found beside pygame; else the system's libsndfile): nothing is added to the
project, and only this script, run by a developer, encodes. The app decodes with
pygame's mixer. The encoder draws each stream's serial number at random; it is set to
one fixed number afterwards (`tentable.ogg.with_serial`), so the same library makes the
same bytes on every run (a test makes them again and compares, where the library is the
one they were made with, and otherwise compares the decoded sound with the synthesis).

How they are made, in the words of a card table:
- a card: a burst of noise, filtered to a soft swish (dealt), a snap with a low thump
  (played), two quick ticks (flipped); a shuffle: a riffle of short clicks coming faster;
- chips: two clinks of a few inharmonic sine partials, as glass or clay rings;
- tiles: a wooden knock (placed), filtered noise that swells and stops on a knock (slid);
- a knock on the table for a pass or a stop; a soft low blip for a refused move;
- notes for news: a two-note chime for "your turn", a bright swell for a showdown, a
  falling "womp" for a bust, two notes up or down for a round, a rising arpeggio for the
  game won (under 2 s) and a falling one for the game lost.
"""
from __future__ import annotations

import array
import ctypes
import ctypes.util
import importlib.util
import math
import random
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Callable

from _venv import VENV, ensure_venv, run

RATE = 22_050
PEAK = 32_000 / 32_767          # a little headroom below full scale
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(samples: Samples, cutoff: float) -> Samples:
    """A one-pole low-pass: enough to turn white noise into a swish or a rumble."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def bandpass(samples: Samples, low: float, high: float) -> Samples:
    return [a - b for a, b in zip(lowpass(samples, high), lowpass(samples, low))]


def envelope(samples: Samples, attack: float, decay: float) -> Samples:
    """A quick rise over `attack` seconds, then an exponential fall with time constant
    `decay` seconds."""
    out = []
    for i, x in enumerate(samples):
        t = i / RATE
        rise = min(1.0, t / attack) if attack > 0 else 1.0
        out.append(x * rise * math.exp(-t / decay))
    return out


def tone(seconds: float, freq: float | Callable[[float], float], decay: float,
         partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),),
         attack: float = 0.004) -> Samples:
    """A sum of sine partials (ratio to `freq`, loudness), struck and dying away; `freq`
    may change with time (a function of seconds), the phase following it smoothly."""
    n = round(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        phase += 2.0 * math.pi * f / RATE
        value = sum(level * math.sin(ratio * phase) for ratio, level in partials)
        out.append(value)
    return envelope(out, attack, decay)


def mix(length: float, *parts: tuple[float, Samples, float]) -> Samples:
    """Each part (start in seconds, samples, loudness) laid on a track `length` long."""
    track = silence(length)
    for start, samples, level in parts:
        offset = round(start * RATE)
        for i, x in enumerate(samples[:max(0, len(track) - offset)]):
            track[offset + i] += level * x
    return track


def normalised(samples: Samples, loudness: float) -> Samples:
    """Scaled so the loudest sample is `loudness` of full scale, faded out over the last
    10 ms (no click at the end)."""
    top = max(abs(x) for x in samples) or 1.0
    fade = min(len(samples), round(0.01 * RATE))
    out = [x * loudness / top for x in samples]
    for i in range(fade):
        out[-1 - i] *= i / fade
    return out


BELL = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.12))        # a soft chime
CLINK = ((1.0, 1.0), (1.47, 0.6), (2.09, 0.45), (2.76, 0.3))   # inharmonic: clay, glass


def note(semitones_from_a4: int) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


C5, E5, G5, C6, E6, A5 = (note(3), note(7), note(10), note(15), note(19), note(12))
G4, EB4, C4, D5 = note(-2), note(-6), note(-9), note(5)


def card_deal(rng: random.Random) -> Samples:
    swish = envelope(bandpass(noise(0.16, rng), 900, 5000), 0.02, 0.035)
    return mix(0.16, (0, swish, 1.0))


def card_play(rng: random.Random) -> Samples:
    snap = envelope(bandpass(noise(0.12, rng), 1200, 7000), 0.001, 0.012)
    thump = tone(0.12, 140, 0.03)
    return mix(0.14, (0, snap, 1.0), (0.002, thump, 0.5))


def card_flip(rng: random.Random) -> Samples:
    tick = envelope(bandpass(noise(0.05, rng), 1500, 8000), 0.001, 0.006)
    tock = envelope(bandpass(noise(0.05, rng), 800, 5000), 0.001, 0.008)
    return mix(0.13, (0, tick, 0.8), (0.055, tock, 1.0))


def shuffle(rng: random.Random) -> Samples:
    """A riffle: about 40 short clicks, closer and closer together, then the square-up."""
    parts, at = [], 0.02
    while at < 0.46:
        click = envelope(bandpass(noise(0.02, rng), 1500, 7000), 0.0005, 0.003)
        parts.append((at, click, rng.uniform(0.5, 1.0)))
        at += 0.016 - 0.012 * at + rng.uniform(0.0, 0.004)
    thud = envelope(lowpass(noise(0.1, rng), 600), 0.002, 0.02)
    parts.append((0.48, thud, 1.6))
    return mix(0.58, *parts)


def chips(rng: random.Random) -> Samples:
    first = tone(0.25, 2600 * rng.uniform(0.98, 1.02), 0.035, CLINK, 0.0005)
    second = tone(0.25, 3100 * rng.uniform(0.98, 1.02), 0.03, CLINK, 0.0005)
    third = tone(0.2, 2800 * rng.uniform(0.98, 1.02), 0.025, CLINK, 0.0005)
    return mix(0.36, (0, first, 1.0), (0.07, second, 0.7), (0.12, third, 0.4))


def tile_place(rng: random.Random) -> Samples:
    body = tone(0.2, 220, 0.035, ((1.0, 1.0), (2.3, 0.4), (4.1, 0.15)), 0.001)
    click = envelope(lowpass(noise(0.03, rng), 3000), 0.0005, 0.004)
    return mix(0.2, (0, body, 1.0), (0, click, 0.6))


def tile_slide(rng: random.Random) -> Samples:
    scrape = lowpass(bandpass(noise(0.3, rng), 200, 2500), 1800)
    n = len(scrape)
    swell = [x * math.sin(math.pi * i / n) for i, x in enumerate(scrape)]
    return mix(0.42, (0, swell, 0.6), (0.28, tile_place(rng), 0.7))


def knock(rng: random.Random) -> Samples:
    """A knuckle on the table: "pass", "I stop"."""
    tap = lambda: mix(0.12, (0, tone(0.12, 110, 0.025, ((1.0, 1.0), (2.7, 0.3)), 0.001), 1.0),
                      (0, envelope(lowpass(noise(0.02, rng), 1200), 0.0005, 0.004), 0.5))
    return mix(0.26, (0, tap(), 1.0), (0.11, tap(), 0.8))


def refused(rng: random.Random) -> Samples:
    return tone(0.16, lambda t: 190 - 60 * t, 0.05, ((1.0, 1.0), (2.0, 0.15)), 0.008)


def your_turn(rng: random.Random) -> Samples:
    return mix(0.6, (0, tone(0.45, E6 / 2, 0.14, BELL), 0.9), (0.15, tone(0.45, A5, 0.16, BELL),
                                                                1.0))


def reveal(rng: random.Random) -> Samples:
    shimmer = [tone(0.5, f, 0.15, BELL, 0.04) for f in (C5, E5, G5)]
    swish = envelope(bandpass(noise(0.2, rng), 2000, 8000), 0.05, 0.04)
    return mix(0.55, (0, swish, 0.5), *((0.03 * i, s, 0.6) for i, s in enumerate(shimmer)))


def bust(rng: random.Random) -> Samples:
    womp = tone(0.5, lambda t: 320 * math.exp(-2.2 * t), 0.18,
                ((1.0, 1.0), (2.0, 0.4), (3.0, 0.2)), 0.01)
    rumble = envelope(lowpass(noise(0.3, rng), 300), 0.01, 0.08)
    return mix(0.55, (0, womp, 1.0), (0, rumble, 1.2))


def two_notes(first: float, second: float) -> Samples:
    return mix(0.55, (0, tone(0.3, first, 0.09, BELL), 0.8), (0.14, tone(0.4, second, 0.12, BELL),
                                                              1.0))


def round_won(rng: random.Random) -> Samples:
    return two_notes(C5, G5)


def round_lost(rng: random.Random) -> Samples:
    return two_notes(G4, D5 / 2)


def arpeggio(notes: tuple[float, ...], gap: float, last: float) -> Samples:
    length = gap * (len(notes) - 1) + last
    parts = [(gap * i, tone(last if i == len(notes) - 1 else 0.5, f,
                           0.35 if i == len(notes) - 1 else 0.12, BELL), 1.0)
             for i, f in enumerate(notes)]
    return mix(length, *parts)


def game_won(rng: random.Random) -> Samples:
    return arpeggio((C5, E5, G5, C6), 0.12, 1.3)


def game_lost(rng: random.Random) -> Samples:
    return arpeggio((G4, EB4, C4), 0.2, 0.9)


# every cue, as `tentable.resources.SOUNDS` names them; how loud each is against the others
SOUNDS: dict[str, tuple[Callable[[random.Random], Samples], float]] = {
    "card_deal": (card_deal, 0.55), "card_play": (card_play, 0.7), "card_flip": (card_flip, 0.6),
    "shuffle": (shuffle, 0.6), "chips": (chips, 0.45), "tile_place": (tile_place, 0.7),
    "tile_slide": (tile_slide, 0.6), "knock": (knock, 0.6), "refused": (refused, 0.45),
    "your_turn": (your_turn, 0.5), "reveal": (reveal, 0.55), "bust": (bust, 0.7),
    "round_won": (round_won, 0.55), "round_lost": (round_lost, 0.5),
    "game_won": (game_won, 0.6), "game_lost": (game_lost, 0.55),
}


def samples_of(name: str) -> array.array:
    """One cue as 16-bit samples (native byte order); its noise seeded by its name, so
    always the same."""
    make, loudness = SOUNDS[name]
    rng = random.Random(zlib.crc32(name.encode()))
    samples = normalised(make(rng), loudness * PEAK)
    return array.array("h", (round(x * 32_767) for x in samples))


# -- writing Ogg Vorbis through libsndfile ---------------------------------------------
QUALITY = 0.7          # libvorbis's quality, 0-1: the 16 cues together about 105 KB
SERIAL = 0x54454E31    # "TEN1": the one serial number every stream is given
SF_FORMAT_OGG, SF_FORMAT_VORBIS, SFM_WRITE = 0x200000, 0x0060, 0x20
SFC_SET_VBR_ENCODING_QUALITY = 0x1300


class _Info(ctypes.Structure):      # libsndfile's SF_INFO
    _fields_ = [("frames", ctypes.c_int64), ("samplerate", ctypes.c_int),
                ("channels", ctypes.c_int), ("format", ctypes.c_int),
                ("sections", ctypes.c_int), ("seekable", ctypes.c_int)]


def sndfile() -> ctypes.CDLL:
    """libsndfile: the copy pygame-ce's wheel carries (with libvorbisenc), else the
    system's; RuntimeError if there is none."""
    spec = importlib.util.find_spec("pygame")
    places = []
    if spec is not None and spec.origin is not None:
        package = Path(spec.origin).parent
        # where auditwheel (Linux), delocate (macOS) and delvewheel (Windows) put them
        places = [package.parent / "pygame_ce.libs", package / ".dylibs", package]
    found = [path for place in places for path in sorted(place.glob("*sndfile*"))
             if path.suffix in (".so", ".dylib", ".dll") or ".so." in path.name]
    name = str(found[0]) if found else ctypes.util.find_library("sndfile")
    if name is None:
        raise RuntimeError("no libsndfile to write Ogg Vorbis with (pygame-ce carries one)")
    lib = ctypes.CDLL(name)
    lib.sf_open.restype = ctypes.c_void_p
    lib.sf_open.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(_Info)]
    lib.sf_command.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
    lib.sf_write_short.restype = ctypes.c_int64
    lib.sf_write_short.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
    lib.sf_close.argtypes = [ctypes.c_void_p]
    lib.sf_strerror.restype = ctypes.c_char_p
    lib.sf_strerror.argtypes = [ctypes.c_void_p]
    lib.sf_version_string.restype = ctypes.c_char_p
    return lib


def encoder_version() -> str | None:
    """The libsndfile that would encode, or None: the shipped files were made with
    `MADE_WITH`, and another version may make other (equally good) bytes."""
    try:
        return sndfile().sf_version_string().decode()
    except (RuntimeError, OSError, AttributeError):
        return None


MADE_WITH = "libsndfile-1.2.2"


def encode(pcm: array.array) -> bytes:
    """Mono 16-bit samples at RATE as an Ogg Vorbis file."""
    lib = sndfile()
    info = _Info(0, RATE, 1, SF_FORMAT_OGG | SF_FORMAT_VORBIS, 0, 0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cue.ogg"
        handle = lib.sf_open(str(path).encode(), SFM_WRITE, ctypes.byref(info))
        if not handle:
            raise RuntimeError(f"libsndfile: {lib.sf_strerror(None).decode()}")
        try:
            quality = ctypes.c_double(QUALITY)
            lib.sf_command(handle, SFC_SET_VBR_ENCODING_QUALITY, ctypes.byref(quality),
                           ctypes.sizeof(quality))
            address, count = pcm.buffer_info()
            if lib.sf_write_short(handle, address, count) != count:
                raise RuntimeError(f"libsndfile: {lib.sf_strerror(handle).decode()}")
        finally:
            lib.sf_close(handle)
        from tentable.ogg import with_serial
        return with_serial(path.read_bytes(), SERIAL)


def render(name: str) -> bytes:
    """The Ogg Vorbis file of one cue."""
    return encode(samples_of(name))


def write(folder: Path = OUT) -> list[tuple[str, float, int]]:
    """Write every cue into `folder`: (name, seconds, bytes) of each."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for name in SOUNDS:
        data = render(name)
        (folder / f"{name}.ogg").write_bytes(data)
        made.append((name, len(samples_of(name)) / RATE, len(data)))
    return made


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else OUT
    made = write(folder)
    for name, seconds, size in made:
        print(f"{name:12} {seconds:5.2f} s {size:7,} bytes")
    print(f"{'together':12} {sum(m[1] for m in made):5.2f} s {sum(m[2] for m in made):7,} bytes"
          f" in {folder}")
    return 0


if __name__ == "__main__":
    if Path(sys.prefix).resolve() != VENV.resolve():  # needs pygame-ce's libsndfile
        sys.exit(run(ensure_venv(), [str(Path(__file__)), *sys.argv[1:]]))
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
