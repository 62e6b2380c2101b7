"""Colour-blind safe, checked (#25): every card face whose colour tells a player something is
painted, then seen through protanopia, deuteranopia and tritanopia (Machado, Oliveira and
Fernandes 2009, full severity, in linear RGB). Every pair of kinds a player must tell apart
must stay apart for each of them:

- their panel colours still differ by a visible amount (CIE76 ΔE ≥ `MIN_DELTA_E`), and
- either they differ in lightness enough for anyone (contrast ≥ 3:1, as white and black
  tiles do), or each carries its own symbol, drawn visibly on its colour (contrast ≥ 3:1
  between symbol and panel as that viewer sees them) and of a different shape.

Take That's and 10 Retro's colours only repeat the number printed on the card, so no pair
of kinds there is told apart by colour.
"""
from __future__ import annotations

import pytest

from tentable.ui import theme
from tentable.ui.widgets.cards import card_face

SIZE = (120, 180)
MIN_DELTA_E = 15.0       # CIE76; 2.3 is "just noticeable", 10+ clearly different at a glance
MIN_CONTRAST = 3.0       # WCAG's minimum for graphics that carry meaning

VISION = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

# The kinds of each game a player tells apart by colour, as card codes of the same number.
KINDS = {
    "ten": {key: f"{key}5" for key in theme.SUITS["ten"]},
    "elfer": {key: f"{key}5" for key in theme.SUITS["elfer"]},
    "tentiles": {key: f"{key}1" for key in theme.SUITS["tentiles"]},
}


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(rgb: tuple[int, int, int], vision: str) -> tuple[float, float, float]:
    """The colour as that viewer sees it, in linear RGB."""
    lin = [_linear(v) for v in rgb[:3]]
    m = VISION[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3))))
                 for i in range(3))


def luminance(lin: tuple[float, float, float]) -> float:
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    x = 0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = 0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


class Face:
    """A painted face: its panel colour (the suit's colour, which must cover a good part of
    the card) and the mask of pixels in the suit's ink down its middle (its symbols)."""

    @staticmethod
    def by_a_symbol(x: int, y: int, w: int, h: int) -> bool:
        """Within 10 units (a hundredth of the card's width each) of the two symbols drawn
        42 units above and below the middle: not the corner indices, not the number's disk."""
        u = w / 100
        dx, dy = abs(x - w / 2) / u, abs(abs(y - h / 2) / u - 42)
        return dx * dx + dy * dy <= 100

    @staticmethod
    def near(px: tuple[int, ...], rgb: tuple[int, int, int]) -> bool:
        # painting at four times the size and scaling down shifts flat colours a little, and
        # a tile's top face is a shade lighter than its colour
        return all(abs(p - q) <= 16 for p, q in zip(px, rgb))

    def __init__(self, game: str, key: str, code: str) -> None:
        suit = theme.SUITS[game][key]
        image = card_face(game, code, SIZE)
        w, h = image.get_size()
        import pygame
        data = pygame.image.tobytes(image, "RGB")     # no numpy: walk the raw bytes
        panel = ink = 0
        self.ink_mask: set[int] = set()
        near = self.near
        for i in range(w * h):
            px = tuple(data[3 * i:3 * i + 3])
            if near(px, suit.colour):
                panel += 1
            elif near(px, suit.ink) and self.by_a_symbol(i % w, i // w, w, h):
                ink += 1
                self.ink_mask.add(i)
        self.suit = suit
        self.panel_share = panel / (w * h)
        self.ink_share = ink / (w * h)


@pytest.fixture(scope="module")
def faces(app_display) -> dict[str, dict[str, Face]]:
    return {game: {key: Face(game, key, code) for key, code in kinds.items()}
            for game, kinds in KINDS.items()}


@pytest.fixture(scope="module")
def app_display():
    import pygame
    pygame.init()
    yield
    pygame.quit()


def pairs(game: str) -> list[tuple[str, str]]:
    keys = list(KINDS[game])
    return [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]]


@pytest.mark.parametrize("game", sorted(KINDS))
def test_every_face_is_painted_in_its_kinds_colour(faces, game):
    for key, face in faces[game].items():
        assert face.panel_share >= 0.2, f"{game} {key}: its colour covers too little"


@pytest.mark.parametrize("vision", sorted(VISION))
@pytest.mark.parametrize("game", sorted(KINDS))
def test_kinds_stay_apart(faces, game, vision):
    for a, b in pairs(game):
        fa, fb = faces[game][a], faces[game][b]
        pa, pb = seen(fa.suit.colour, vision), seen(fb.suit.colour, vision)
        assert delta_e(pa, pb) >= MIN_DELTA_E, \
            f"{game}: {fa.suit.name} and {fb.suit.name} look alike with {vision}"
        if contrast(pa, pb) >= MIN_CONTRAST:
            continue                      # light against dark: anyone tells them apart
        for face, panel in ((fa, pa), (fb, pb)):
            assert face.ink_share > 0.005, f"{game} {face.suit.name} shows no symbol"
            assert contrast(seen(face.suit.ink, vision), panel) >= MIN_CONTRAST, \
                f"{game}: {face.suit.name}'s symbol fades into its colour with {vision}"
        assert fa.suit.symbol != fb.suit.symbol, \
            f"{game}: {fa.suit.name} and {fb.suit.name} share a symbol"
        union = fa.ink_mask | fb.ink_mask
        apart = len(fa.ink_mask ^ fb.ink_mask) / len(union)
        # a tenth of the pixels: a heart and a square of one size still share most of theirs
        assert apart >= 0.10, \
            f"{game}: {fa.suit.name} and {fb.suit.name} symbols are drawn alike"
