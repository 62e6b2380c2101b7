#!/usr/bin/env python3
"""Draw the app icon once and write it in every format the builds need.

    python3 scripts/make_icons.py

writes `assets/icons/tentable.png` (512 px: the Linux window and desktop icon),
`tentable.ico` (Windows) and `tentable.icns` (macOS), all from one drawing. The
container formats are written here with `struct`: both hold PNG images as they are,
so no imaging library is needed. Run it again only when the drawing changes.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

from _venv import VENV, ensure_venv, run

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"
MASTER = 1024          # the largest size any format asks for (macOS ic10)
SUPERSAMPLE = 2        # drawn at twice the size and scaled down: smooth edges
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# macOS icon types that hold a PNG, the set `iconutil` writes: each size at 1x and 2x.
# Finder's list view and a small Dock ask for 16 and 32 (icp4, icp5, ic11, ic12).
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128),
              (b"ic13", 256), (b"ic08", 256), (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024))


def draw(size: int):
    """The icon at `size` pixels: two cards fanned on the felt, the front one a ten."""
    import pygame

    from tentable.ui import theme

    big = size * SUPERSAMPLE
    u = big / 1024  # the design is laid out on a 1024 grid
    art = pygame.Surface((big, big), pygame.SRCALPHA)
    cloth = pygame.Rect(0, 0, round(920 * u), round(920 * u))
    cloth.center = (big // 2, big // 2)
    pygame.draw.rect(art, theme.FELT_DARK, cloth, border_radius=round(200 * u))
    pygame.draw.rect(art, theme.FELT, cloth.inflate(round(-48 * u), round(-48 * u)),
                     border_radius=round(176 * u))
    for face, angle, dx in ((False, 14, -120), (True, -10, 110)):
        turned = pygame.transform.rotozoom(_card(face, u), angle, 1.0)
        art.blit(turned, turned.get_rect(center=(big // 2 + round(dx * u), big // 2)))
    return pygame.transform.smoothscale(art, (size, size))


def _card(face: bool, u: float):
    """A card 400 x 576 units: paper with a red "10", or the blue back."""
    import pygame

    from tentable.resources import font_path
    from tentable.ui import theme

    image = pygame.Surface((round(400 * u), round(576 * u)), pygame.SRCALPHA)
    radius = round(44 * u)
    pygame.draw.rect(image, theme.CARD_EDGE if face else theme.CARD_BACK_PATTERN,
                     image.get_rect(), border_radius=radius)
    inner = image.get_rect().inflate(round(-16 * u), round(-16 * u))
    pygame.draw.rect(image, theme.CARD_PAPER if face else theme.CARD_BACK, inner,
                     border_radius=radius - round(8 * u))
    if face:
        font = pygame.font.Font(str(font_path("Lato-Bold.ttf")), round(300 * u))
        digits = font.render("10", True, theme.OI_VERMILLION)
        image.blit(digits, digits.get_rect(center=inner.center))
    else:
        pygame.draw.rect(image, theme.CARD_BACK_PATTERN, inner.inflate(round(-56 * u),
                         round(-56 * u)), width=round(14 * u), border_radius=round(24 * u))
    return image


def png_bytes(surface) -> bytes:
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """An ICONDIR, one ICONDIRENTRY per size, then the PNG images (Vista and later)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in pngs.items():
        side = 0 if size >= 256 else size  # a byte: 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        images += data
    return header + entries + images


def icns(entries: list[tuple[bytes, bytes]]) -> bytes:
    """'icns' + total length, then per image its type, its length with header, the PNG."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    import tentable  # noqa: F401  (before pygame: it quiets pygame's banner)
    import pygame

    pygame.font.init()
    master = draw(MASTER)

    def at(size: int) -> bytes:
        return png_bytes(master if size == MASTER else
                         pygame.transform.smoothscale(master, (size, size)))

    OUT.mkdir(parents=True, exist_ok=True)
    files = {
        "tentable.png": at(512),
        "tentable.ico": ico({size: at(size) for size in ICO_SIZES}),
        "tentable.icns": icns([(kind, at(size)) for kind, size in ICNS_TYPES]),
    }
    for name, data in files.items():
        (OUT / name).write_bytes(data)
        print(f"wrote {(OUT / name).relative_to(ROOT)} ({len(data) // 1024} KB)")
    return 0


if __name__ == "__main__":
    if Path(sys.prefix).resolve() != VENV.resolve():  # needs pygame: rerun in .venv
        sys.exit(run(ensure_venv(), [str(Path(__file__)), *sys.argv[1:]]))
    sys.exit(main())
