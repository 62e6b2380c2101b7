"""Card faces of the five games, painted on a `Canvas` (units: percent of the card width).

Each painter returns False for a code it does not know, and the caller then paints a plain
card showing the code, so a new or misspelt code never crashes the table.
"""
from __future__ import annotations

from typing import Callable

import pygame

from tentable.text import t
from tentable.ui import theme
from tentable.ui.widgets.cardart import Canvas, coin, link, paper, toad

INSET = 5.0          # coloured panel inside the white paper edge
PANEL_RADIUS = 6.0


def _number(code: str, low: int, high: int) -> int | None:
    # isascii: "²".isdigit() is True, but int("²") fails
    return int(code) if code.isascii() and code.isdigit() and low <= int(code) <= high else None


def _badge(c: Canvas, center: tuple[float, float], text: str, colour: theme.RGB = theme.PENALTY,
           r: float = 11) -> None:
    """A round marker for points ("−5"), white-rimmed so it reads on any background."""
    c.circle(center, r + 1.6, (255, 255, 255))
    c.circle(center, r, colour)
    c.text(text, r * 1.05, (255, 255, 255), center, max_width=r * 1.7)


def _penalty_tag(c: Canvas, center: tuple[float, float], points: int) -> None:
    """What a 10 Retro card costs (RX-R10): a red tag with a falling arrow and the penalty
    points, no sign. A "−10" read as ten points off, a bonus, in a game the fewest win."""
    x, y = center
    w, h = 40.0, 21.0
    c.rrect((x - w / 2 - 1.6, y - h / 2 - 1.6, w + 3.2, h + 3.2), (255, 255, 255), h / 2 + 1.6)
    c.rrect((x - w / 2, y - h / 2, w, h), theme.PENALTY, h / 2)
    ax = x - w / 2 + 10
    c.polygon([(ax - 5.5, y - 4.5), (ax + 5.5, y - 4.5), (ax, y + 5.5)], (255, 255, 255))
    c.text(str(points), 15, (255, 255, 255), (x + 6, y), max_width=w - 18)


def _panel(c: Canvas, colour: theme.RGB) -> None:
    c.rrect((INSET, INSET, 100 - 2 * INSET, c.bottom - 2 * INSET), colour, PANEL_RADIUS)


def _quarters(c: Canvas, suits: list[theme.Suit]) -> None:
    """The multicolour panel of wild cards: one quarter per colour, each with its symbol."""
    x0, y0 = INSET, INSET
    w, h = (100 - 2 * INSET) / 2, (c.bottom - 2 * INSET) / 2
    rad = round(PANEL_RADIUS * c.u)
    corners = ("border_top_left_radius", "border_top_right_radius",
               "border_bottom_left_radius", "border_bottom_right_radius")
    for i, suit in enumerate(suits[:4]):
        col, row = i % 2, i // 2
        rect = c.r(x0 + col * w, y0 + row * h, w + 0.5, h + 0.5)
        pygame.draw.rect(c.surface, suit.colour, rect, **{corners[i]: rad})
        c.symbol(suit.symbol, (x0 + col * w + (w * 0.62 if col == 0 else w * 0.38),
                               y0 + row * h + (h * 0.28 if row == 0 else h * 0.72)),
                 4.6, suit.ink)


def _disk_number(c: Canvas, text: str, r: float = 30) -> None:
    """The big number on a white medallion: dark on white reads on every suit colour."""
    c.blend_circle(c.mid, r + 1.4, (0, 0, 0, 70))
    c.circle(c.mid, r, (255, 255, 255))
    size = 50 if len(text) <= 1 else 44 if len(text) == 2 else 30
    c.text(text, size, theme.CARD_INK, c.mid, max_width=r * 1.7)


def _star_disk(c: Canvas, word: str) -> None:
    """The centre of the cards that stand for anything: a star and what it is called."""
    c.blend_circle(c.mid, 31.4, (0, 0, 0, 70))
    c.circle(c.mid, 30, (255, 255, 255))
    c.symbol("star", (50, c.bottom / 2 - 4), 19, theme.ACCENT, theme.CARD_INK, 1.5)
    c.text(word, 9, theme.CARD_INK, (50, c.bottom / 2 + 20), max_width=44)


def _suit_number(c: Canvas, suit: theme.Suit, text: str) -> None:
    paper(c)
    _panel(c, suit.colour)
    _disk_number(c, text)
    cx, cy = c.mid
    for dy in (-42, 42):
        c.symbol(suit.symbol, (cx, cy + dy), 6.5, suit.ink)
    c.corners(text, suit.ink, suit.symbol)


# --- Take That --------------------------------------------------------------------------
def takethat(c: Canvas, code: str) -> bool:
    n = _number(code, 11, 99)
    if n is None or n % 10 == 0:
        return False
    tens, ones = divmod(n, 10)
    hue = theme.DECADES[tens - 1]
    ink = tuple(round(v * 0.78) for v in hue)  # a shade darker, for small text on the tint
    if tens == ones:  # TT-R1: the repdigits are toads, worth −5 face down
        paper(c, (236, 244, 222))
        _panel(c, (214, 232, 190))
        c.text(code, 30, theme.TOAD_DARK, (50, 40), outline=(255, 255, 255), outline_width=1.6)
        toad(c, (50, c.bottom * 0.66), 72)
        _badge(c, (80, 18), "−5")
        c.corners(code, theme.TOAD_DARK)
        return True
    paper(c)
    tint = tuple(round(v + (255 - v) * 0.86) for v in hue)
    _panel(c, tint)
    c.rrect((INSET, INSET, 100 - 2 * INSET, c.bottom - 2 * INSET), hue, PANEL_RADIUS, width=1.6)
    ring = tuple(round(v + (255 - v) * 0.6) for v in hue)
    c.circle(c.mid, 33, ring, width=2.2)
    c.text(code, 46, hue, c.mid, outline=(255, 255, 255), outline_width=1.2)
    # TT-R1 twin: the same digits swapped, shown small so a twist is easy to spot
    twin = f"{ones}{tens}"
    y = c.bottom - 22
    c.rrect((33, y - 8.5, 34, 17), hue, 8.5)
    c.polygon([(37, y - 1.5), (43, y - 1.5), (43, y - 5)], (255, 255, 255))
    c.polygon([(37, y + 1.5), (43, y + 1.5), (37, y + 5)], (255, 255, 255))
    c.text(twin, 13, (255, 255, 255), (55, y))
    c.corners(code, ink)
    return True


# --- TEN --------------------------------------------------------------------------------
def ten(c: Canvas, code: str) -> bool:
    suits = theme.SUITS["ten"]
    if len(code) != 2:
        return False
    head, tail = code[0], code[1]
    if head in suits and (tail == "#" or tail in "123456789"):
        suit = suits[head]
        if tail != "#":
            _suit_number(c, suit, tail)
            return True
        paper(c)
        _panel(c, suit.colour)
        _disk_number(c, "1–9")
        c.text(t("card.wild"), 11, suit.ink, (50, c.bottom - 20), max_width=70)
        c.symbol(suit.symbol, (50, 20), 6.5, suit.ink)
        c.corners("#", suit.ink, suit.symbol)
        return True
    if head == "W" and (tail == "#" or tail in "123456789"):
        paper(c)
        _quarters(c, list(suits.values()))
        if tail == "#":
            _star_disk(c, t("card.wild"))
        else:
            _disk_number(c, tail)
        c.corners(tail, (255, 255, 255), "star")
        return True
    if head == "$" and tail in "12345":
        paper(c, (244, 240, 222))
        _panel(c, (40, 96, 70))
        coin(c, c.mid, 30, tail)
        c.corners(f"${tail}", theme.GOLD_LIGHT)
        return True
    return False


# --- Elfer raus! Master ------------------------------------------------------------------
def elfer(c: Canvas, code: str) -> bool:
    suits = theme.SUITS["elfer"]
    if code[:1] in suits and _number(code[1:], 1, 21) is not None:
        _suit_number(c, suits[code[0]], code[1:])
        return True
    if code == "J":
        paper(c)
        _quarters(c, list(suits.values()))
        _star_disk(c, t("card.joker"))
        c.corners("J", (255, 255, 255), "star")
        return True
    if code == "connection":
        paper(c)
        _panel(c, (220, 226, 232))
        link(c, c.mid, 70, (70, 80, 96))
        for corner in ((16, 14), (84, c.bottom - 14)):
            link(c, corner, 18, (70, 80, 96))
        return True
    if code == "bonus":
        paper(c)
        _panel(c, theme.GOLD)
        c.symbol("star", c.mid, 34, theme.GOLD_LIGHT, theme.GOLD_DARK, 1.5)
        c.text("+11", 24, theme.CARD_INK, c.mid)
        c.corners("+11", theme.CARD_INK)
        return True
    return False


# --- 10 – Special Retro Edition ---------------------------------------------------------
def _retro_blank(c: Canvas, frame: theme.RGB) -> None:
    paper(c, theme.RETRO_PAPER)
    c.rrect((INSET + 1, INSET + 1, 98 - 2 * INSET, c.bottom - 2 * INSET - 2), frame, 5, width=2.2)
    c.rrect((INSET + 4.5, INSET + 4.5, 91 - 2 * INSET, c.bottom - 2 * INSET - 9), frame, 3,
            width=0.8)


def retro10(c: Canvas, code: str) -> bool:
    ink = theme.RETRO_INK
    n = _number(code, 0, 10)
    if n is not None:  # RX: a normal card, worth 1 penalty point
        _retro_blank(c, theme.RETRO_FRAME)
        c.circle(c.mid, 30, (250, 222, 170))
        c.text(code, 50 if n < 10 else 42, ink, c.mid)
        c.corners(code, ink)
        return True
    if code[:1] == "S" and _number(code[1:], 1, 8) is not None:  # RX-R10: value + 2 points
        value = int(code[1:])
        _retro_blank(c, theme.PENALTY)
        c.symbol("diamond", c.mid, 36, (250, 206, 180))
        c.text(str(value), 50, theme.PENALTY, c.mid, outline=(255, 255, 255), outline_width=1.2)
        _penalty_tag(c, (50, c.bottom - 19), value + 2)
        c.corners(str(value), theme.PENALTY, "diamond")
        return True
    if code[:1] == "R" and _number(code[1:], 1, 10) is not None:
        value = code[1:]
        paper(c, theme.RETRO_PAPER)
        _panel(c, theme.RETRO_ROUND)
        for r, col in ((34, (70, 124, 164)), (26, (226, 236, 244)), (18, (70, 124, 164))):
            c.circle(c.mid, r, col)
        c.text(value, 26, (255, 255, 255), c.mid)
        _penalty_tag(c, (50, c.bottom - 19), int(value))
        c.corners(value, (255, 255, 255), "ring")
        return True
    if code == "J":
        _retro_blank(c, theme.RETRO_JOKER)
        c.symbol("star", c.mid, 32, (238, 206, 240), theme.RETRO_JOKER, 1.2)
        c.text("0–10", 17, theme.RETRO_JOKER, c.mid)
        _penalty_tag(c, (50, c.bottom - 19), 10)
        c.corners("J", theme.RETRO_JOKER, "star")
        return True
    return False


# --- TEN tiles --------------------------------------------------------------------------
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)]}


def tentiles(c: Canvas, code: str) -> bool:
    suits = theme.SUITS["tentiles"]
    if len(code) != 2 or code[0] not in suits or code[1] not in "123":
        return False
    suit = suits[code[0]]
    edge = theme.TILE_EDGE[code[0]]
    c.corner = 12
    c.surface.fill(edge)
    c.rrect((2.5, 2.5, 95, c.bottom - 5), suit.colour, 10)
    # a lighter top face gives the tile a little thickness
    top = tuple(min(255, v + 14) for v in suit.colour)
    c.rrect((2.5, 2.5, 95, c.bottom - 9), top, 10)
    cx, cy = 50, (c.bottom - 4) / 2
    step = min(22.0, c.bottom * 0.22)
    for dx, dy in PIPS[int(code[1])]:
        c.symbol("circle", (cx + dx * step, cy + dy * step), 10, suit.ink)
    c.text(code[1], 15, suit.ink, (13, 13))
    return True


PAINTERS: dict[str, Callable[[Canvas, str], bool]] = {
    "takethat": takethat, "ten": ten, "elfer": elfer, "retro10": retro10, "tentiles": tentiles,
}


def unknown(c: Canvas, code: str) -> None:
    """Any code no painter knows: plain paper with the code, so the table keeps working."""
    paper(c)
    c.rrect((INSET, INSET, 100 - 2 * INSET, c.bottom - 2 * INSET), (200, 200, 200), PANEL_RADIUS,
            width=1.0)
    c.text(code or "?", 30, theme.CARD_INK, c.mid, max_width=80)
    c.corners("?", theme.CARD_INK)
