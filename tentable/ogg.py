"""What an Ogg Vorbis file says of itself, read from its pages without decoding it.

The table's sounds are Ogg Vorbis (`assets/sounds/*.ogg`, made by `scripts/sounds.py`).
The smoke check and the tests look at them before any audio device exists (a build
machine, CI), so this reads the container alone: every page's checksum, the Vorbis
identification header (channels, sample rate) and the last page's granule position (the
length in samples). A file cut short, damaged or of another kind is a `ValueError`.

    info = vorbis_info(path)            # VorbisInfo(channels=1, rate=22050, frames=...)
    data = with_serial(data, serial)    # scripts/sounds.py: the same bytes on every run
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

CAPTURE = b"OggS"
HEADER = 27                 # a page's fixed header, before its segment table


def _crc_table() -> list[int]:
    # Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, no initial or final inversion
    table = []
    for byte in range(256):
        crc = byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
        table.append(crc & 0xFFFFFFFF)
    return table


_TABLE = _crc_table()


def page_crc(page: bytes) -> int:
    """The checksum of a page, counted with its own checksum field as zeros."""
    crc = 0
    for byte in bytes(page[:22]) + bytes(4) + bytes(page[26:]):
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _TABLE[(crc >> 24) ^ byte]
    return crc


def pages(data: bytes) -> list[tuple[int, int]]:
    """(start, length) of every page, each checked; ValueError if the file is not whole."""
    found, at = [], 0
    while at < len(data):
        if data[at:at + 4] != CAPTURE or len(data) < at + HEADER:
            raise ValueError(f"no Ogg page at byte {at}")
        segments = data[at + 26]
        length = HEADER + segments + sum(data[at + HEADER:at + HEADER + segments])
        page = data[at:at + length]
        if len(page) < length or page_crc(page) != int.from_bytes(page[22:26], "little"):
            raise ValueError(f"the Ogg page at byte {at} is damaged or cut short")
        found.append((at, length))
        at += length
    if not found:
        raise ValueError("an empty file")
    return found


@dataclass(frozen=True)
class VorbisInfo:
    channels: int
    rate: int
    frames: int

    @property
    def seconds(self) -> float:
        return self.frames / self.rate


def vorbis_info(path: Path | str) -> VorbisInfo:
    """Channels, sample rate and length of an Ogg Vorbis file; ValueError (or OSError)
    if it is not one or not whole."""
    data = Path(path).read_bytes()
    found = pages(data)
    first, _ = found[0]
    body = data[first + HEADER + data[first + 26]:]
    if body[:7] != b"\x01vorbis" or len(body) < 16:
        raise ValueError("not Ogg Vorbis")
    channels, rate = body[11], int.from_bytes(body[12:16], "little")
    last, _ = found[-1]
    frames = int.from_bytes(data[last + 6:last + 14], "little", signed=True)
    if channels < 1 or rate < 1 or frames <= 0:
        raise ValueError("a Vorbis header that names no sound")
    return VorbisInfo(channels, rate, frames)


def with_serial(data: bytes, serial: int) -> bytes:
    """The same stream under another serial number, every checksum counted again: an
    encoder draws the serial at random, and a file made twice should be the same bytes."""
    out = bytearray(data)
    for start, length in pages(data):
        out[start + 14:start + 18] = serial.to_bytes(4, "little")
        crc = page_crc(out[start:start + length])
        out[start + 22:start + 26] = crc.to_bytes(4, "little")
    return bytes(out)
