"""The TEN payment tray's layout (TEN-R12): the title, what is chosen, what may be added,
Pay and Cancel and the keys, placed so that nothing overlaps at any window size or scale.

The chips flow in lines between the title and the buttons: the chosen items first (alike
items as one chip, "token ×3"), then what may be added, the collection's number cards
grouped by colour behind their colour's symbol, a chip per number. Where the lines would
reach the buttons the chips' text gets smaller first; the buttons and the keys line keep
their places at the bottom of the panel (a long add list once ran under *Pay*, so a click
on Pay added a hidden joker).
"""
from __future__ import annotations

from collections import Counter as Multiset
from dataclasses import dataclass, field

import pygame

from tentable.engine.ten_moves import PAY_BUST, PAY_TOKEN
from tentable.engine.ten_view import colour_of, kind_of, number_of, paid_card
from tentable.narration import ten as words
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.widgets.panel import label

LEAST_CHIP_TEXT = 10    # pixels: the chips' text gets no smaller than this to fit
MONEY_COLOUR = (240, 200, 80)
BUST_FILL = (240, 140, 120)
TOKEN_FILL = (200, 200, 200)
JOKER_FILL = (236, 226, 250)


@dataclass(frozen=True)
class Chip:
    """One chip: where it is, whether a click puts its item back ("remove") or adds one
    ("add"), the item (a pay action) and its words."""

    box: pygame.Rect
    kind: str
    item: str
    text: str
    fill: tuple[int, int, int]
    ink: tuple[int, int, int]


@dataclass
class TrayLayout:
    panel: pygame.Rect
    title: tuple[int, int]              # the title's top left
    paid: tuple[int, int]               # "Chosen: 3 of 5"
    add: tuple[int, int]                # "Add:"
    chips: list[Chip] = field(default_factory=list)
    symbols: list[tuple[str, pygame.Rect]] = field(default_factory=list)  # colour, where
    size: int = 14                      # the chips' text
    pay: pygame.Rect = field(default_factory=pygame.Rect)
    cancel: pygame.Rect = field(default_factory=pygame.Rect)
    keys: tuple[int, int] = (0, 0)      # the keys line's bottom left
    fits: bool = True                   # every chip above the buttons


def fill_of(item: str) -> tuple[int, int, int]:
    """A chip's colour: the money's, a bust token's, a card's colour, a joker's."""
    if item == PAY_TOKEN:
        return MONEY_COLOUR
    if item == PAY_BUST:
        return BUST_FILL
    card = paid_card(item)
    if card is None:
        return TOKEN_FILL
    colour = colour_of(card)
    return theme.SUITS["ten"][colour].colour if colour else JOKER_FILL


def ink_of(item: str) -> tuple[int, int, int]:
    """The chip's text colour: readable on its fill (light on blue)."""
    card = paid_card(item)
    colour = colour_of(card) if card is not None else ""
    return theme.SUITS["ten"][colour].ink if colour else theme.TEXT_DARK


def chip_text(item: str, n: int, grouped: bool) -> str:
    """The words on a chip: a number card of a colour group shows its number only."""
    card = paid_card(item)
    word = str(number_of(card)) if grouped else words.item(item)
    return f"{word} \u00d7{n}" if n > 1 else word


def counted(items: list[str]) -> list[tuple[str, int]]:
    """Alike items as one (item, how many), in the order they first come."""
    count = Multiset(items)
    return [(item, count[item]) for item in dict.fromkeys(items)]


def lay_out(panel: pygame.Rect, chosen: list[str], adds: list[tuple[str, int]],
            s: float) -> TrayLayout:
    """The tray in `panel`: `chosen`, the items paid so far (in order), `adds`, what may be
    added and how many of each (`Controls.available`)."""
    pad = px(12, s)
    body, small = text_px(theme.FONT_BODY, s), text_px(theme.FONT_SMALL, s)
    x = panel.x + pad
    top = panel.y + pad // 2
    keys_h = small - 2 + px(8, s)
    bh = px(32, s, 24)
    by = panel.bottom - keys_h - bh - px(6, s)
    chips_top = top + round(body * 1.4) + round(small * 1.5)
    out, bottom = None, 0
    for size in range(small, LEAST_CHIP_TEXT - 1, -1):
        out, bottom = _flow(panel, chosen, adds, x, chips_top, size, small, s)
        if bottom <= by - px(6, s):
            break
    out.title, out.paid = (x, top), (x, top + round(body * 1.4))
    out.fits = bottom <= by - px(6, s)
    out.pay = pygame.Rect(x, by, px(150, s), bh)
    out.cancel = pygame.Rect(x + px(156, s), by, px(130, s), bh)
    out.keys = (x, panel.bottom - px(4, s))
    return out


def _flow(panel: pygame.Rect, chosen: list[str], adds: list[tuple[str, int]], x: int,
          y: int, size: int, small: int, s: float) -> tuple[TrayLayout, int]:
    """The chips at text `size` from `y` down: the layout and the bottom of its last line.
    Tokens, number cards and jokers each begin a line; a colour's group goes to the next
    line whole when it fits there and not here."""
    out = TrayLayout(panel, (0, 0), (0, 0), (0, 0), size=size)
    right = panel.right - px(12, s)
    h, gap = round(size * 1.5), px(4, s)
    cx = x

    def width(text: str) -> int:
        return label(text, size, theme.TEXT_DARK, bold=True).get_width() + px(12, s)

    def place(w: int) -> pygame.Rect:
        nonlocal cx, y
        if cx + w > right and cx > x:
            cx, y = x, y + h + gap
        box = pygame.Rect(cx, y, w, h)
        cx = box.right + gap
        return box

    def new_line() -> None:
        nonlocal cx, y
        if cx > x:
            cx, y = x, y + h + gap

    for item, n in counted(chosen):
        text = chip_text(item, n, False)
        out.chips.append(Chip(place(width(text)), "remove", item, text, fill_of(item),
                              ink_of(item)))
    new_line()
    y += px(2, s)
    out.add = (x, y)
    y += round(small * 1.4)
    section, group = None, None
    for i, (item, n) in enumerate(adds):
        card = paid_card(item)
        kind = "token" if card is None else "number" if kind_of(card) == "number" else "joker"
        colour = colour_of(card) if kind == "number" else None
        if kind != section:
            new_line()
        if kind == "number" and colour != group:
            numbers = [chip_text(a, k, True) for a, k in adds[i:]
                       if paid_card(a) and kind_of(paid_card(a)) == "number"
                       and colour_of(paid_card(a)) == colour]
            whole = h + gap + sum(width(text) + gap for text in numbers)
            if cx > x and cx + whole > right and x + whole <= right:
                new_line()
            elif cx > x:
                cx += 2 * gap
            out.symbols.append((colour, place(h)))
        section, group = kind, colour
        text = chip_text(item, n, kind == "number")
        out.chips.append(Chip(place(width(text)), "add", item, text, fill_of(item),
                              ink_of(item)))
    return out, (y + h if adds else y)
