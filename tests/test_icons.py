"""The committed app icons hold every size their systems ask for (`scripts/make_icons.py`)."""
from __future__ import annotations

import struct
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "assets" / "icons"
PNG = b"\x89PNG\r\n\x1a\n"
# Apple's PNG icon types and the pixels each holds (2x types: double the points).
ICNS_PIXELS = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256,
               b"ic09": 512, b"ic10": 1024, b"ic11": 32, b"ic12": 64, b"ic13": 256,
               b"ic14": 512}


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG) and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def icns_entries(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data), "the header's length is wrong"
    entries, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        assert length > 8 and at + length <= len(data), f"{kind!r} runs past the end"
        entries.append((kind, data[at + 8:at + length]))
        at += length
    return entries


def test_the_icns_has_every_size_from_16_to_1024_each_as_big_as_its_type_says():
    entries = icns_entries((ICONS / "tentable.icns").read_bytes())
    for kind, image in entries:
        assert kind in ICNS_PIXELS, f"unknown icon type {kind!r}"
        side = ICNS_PIXELS[kind]
        assert png_size(image) == (side, side), kind
    pixels = {ICNS_PIXELS[kind] for kind, _ in entries}
    assert {16, 32, 64, 128, 256, 512, 1024} <= pixels
    kinds = [kind for kind, _ in entries]
    assert b"icp4" in kinds and b"icp5" in kinds, "Finder's list view asks for 16 and 32 pt"
    assert len(kinds) == len(set(kinds))


def test_the_ico_has_the_sizes_windows_asks_for():
    data = (ICONS / "tentable.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for n in range(count):
        width, height, *_, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * n:22 + 16 * n])
        side = png_size(data[offset:offset + length])
        assert side == (width or 256, height or 256)
        sizes.add(side[0])
    assert {16, 24, 32, 48, 256} <= sizes
