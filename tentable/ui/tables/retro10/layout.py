"""Where things go on the Retro10 table: the seats sit around an oval, the seat at the
screen at the bottom (its panel bottom-left, its hand in the middle, its decisions in the
action panel bottom-right), the others clockwise around. Each seat's played cards lie
between its panel and the middle, where the deck, the round card and the pot are. The
phase banner and the log are on the right.

A face-down card the seat at the screen does not know is a back keyed "?<place>"
(`first_key`); every other card is keyed by its id.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable

import pygame

from tentable.engine.retro10_cards import Retro10View
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px, text_scale
from tentable.ui.widgets import layout
from tentable.ui.widgets.seatpanel import SeatPanel
from tentable.text import t
from tentable.ui.widgets.spritesync import Point, Spot

PLACE_SCALE = 0.72     # played cards and the middle, as a share of the card size
BACK_SCALE = 0.3       # hand backs in the seat panels
HAND_ANGLE = 6.0
SECOND = 0.55          # the second card lies this share of a card width to the right


@dataclass
class Geometry:
    card: tuple[int, int]
    place: tuple[int, int]            # played cards, the round card, the deck
    back: tuple[int, int]             # hand backs in a panel
    pile: tuple[int, int]             # the penalty pile in a panel
    centre: Point
    panels: dict[int, pygame.Rect]    # every seat, the bottom one included
    places: dict[int, Point]          # centre of each seat's first card
    hand_center: Point
    hand_width: float
    deck: Point
    round_card: Point
    pot: Point
    action: pygame.Rect               # the bottom-right action panel (the "popover")
    callout_y: float                  # the winner and loser called out
    banner: pygame.Rect
    log: pygame.Rect
    toasts: pygame.Rect
    bottom: int                       # the seat drawn at the bottom
    pad: int


def lay_out(size: tuple[int, int], card: tuple[int, int], players: int,
            bottom: int) -> Geometry:
    """The table for a window of `size` and cards of `card` size, `bottom` at the bottom."""
    w, h = size
    s = theme.ui_scale(size)
    pad = px(theme.PAD, s)
    place = (round(card[0] * PLACE_SCALE), round(card[1] * PLACE_SCALE))
    back = (round(card[0] * BACK_SCALE), round(card[1] * BACK_SCALE))
    top = px(58, s)
    log_w = px(270, s)
    right = w - log_w - 2 * pad
    banner = pygame.Rect(right + pad, top, log_w, px(128, s))
    log = pygame.Rect(right + pad, banner.bottom + pad, log_w, h - banner.bottom - 2 * pad)
    strip_h = round(card[1] * (1 + theme.SELECT_LIFT)) + px(26, s)
    strip_top = h - pad - strip_h
    panel_w = px(200, text_scale(s))
    panel_h = SeatPanel.header_height(s) + back[1] + px(12, s)
    pile = (round((back[1] + px(8, s)) / theme.CARD_RATIO), back[1] + px(8, s))
    mine = pygame.Rect(pad, h - pad - panel_h, panel_w, panel_h)
    action = pygame.Rect(0, 0, px(300, s), max(strip_h, px(180, s)))
    action.bottomright = (right, h - pad)
    hand_cx = (mine.right + action.left) / 2
    hand_w = action.left - mine.right - 2 * pad
    hand_y = strip_top + card[1] * (0.5 + theme.SELECT_LIFT) + px(4, s)
    area = pygame.Rect(pad, top, right - pad, strip_top - top)
    cx, cy = area.center
    rx, ry = area.w / 2 - panel_w / 2, area.h / 2 - panel_h / 2
    panels, places = {bottom: mine}, {}
    for k in range(1, players):
        seat = (bottom + k) % players
        a = math.radians(90 + k * 360 / players)
        rect = pygame.Rect(0, 0, panel_w, panel_h)
        rect.center = (round(cx + rx * math.cos(a)), round(cy + ry * math.sin(a)))
        panels[seat] = rect
        places[seat] = hug(rect, (cx, cy), place, pad)
    places[bottom] = (hand_cx - place[0] * SECOND / 2, strip_top - place[1] / 2 - pad)
    mid_y = cy - px(10, s)
    step = place[0] * 1.7
    small = text_px(theme.FONT_SMALL, s)
    # the top seat's panel and cards, the middle with its labels and the bottom seat's
    # cards one above the other; where they do not fit (a full oval, or a large scale on
    # a low window) the deck, round card and pot go above the own panel
    stacked = panel_h + 3 * place[1] + 2 * small + 4 * pad
    if players >= 5 or stacked > area.h:
        mid_y = mine.top - pad - 2 * small - px(10, s) - place[1] / 2
        cx = pad + place[0] / 2 + step
        # the hand starts right of the pot and its labels, never over them
        label = theme.font(small, bold=True).size(t("rx.on_cards", n=88))[0]
        hand_left = max(mine.right, round(cx + step + max(place[0], label) / 2)) + pad
        hand_cx = (hand_left + action.left) / 2
        hand_w = action.left - hand_left - 2 * pad
        places[bottom] = (hand_cx - place[0] * SECOND / 2, strip_top - place[1] / 2 - pad)
    x, y = places[bottom]
    if y + place[1] / 2 > action.top:     # beside a tall action panel, never under it
        places[bottom] = (min(x, action.left - pad - place[0] * (SECOND + 0.5)), y)
    toasts = pygame.Rect(round(area.centerx - px(260, s)),
                         round(area.centery + place[1] / 2 + px(20, s)), px(520, s),
                         round(places[bottom][1] - area.centery - place[1]))
    return Geometry(
        card=card, place=place, back=back, pile=pile, centre=area.center, panels=panels,
        places=places, hand_center=(hand_cx, hand_y), hand_width=hand_w,
        deck=(cx - step, mid_y), round_card=(cx, mid_y), pot=(cx + step, mid_y),
        action=action, banner=banner, log=log, toasts=toasts, bottom=bottom, pad=pad,
        callout_y=area.centery if players >= 5 else mid_y + place[1] / 2 + px(52, s))


def least_room(players: int) -> tuple[int, int] | None:
    """The room (units) the table needs where the smallest any scale leaves is too little:
    five seats or more round the oval, and at any count a hand of five beside the pot and
    the action panel, every card's number in view (at 150% and Large cards the middle goes
    above your panel and the hand had a few pixels left). Measured on the fullest tables,
    every card size, at 75% to 200%."""
    return LEAST_ROOM


LEAST_ROOM = (1200, 675)


def hug(panel: pygame.Rect, centre: Point, place: tuple[int, int], pad: int) -> Point:
    """A seat's place: on the way from its panel to the middle, just clear of the panel,
    so the middle keeps room for the deck, the round card and the pot."""
    w, h = place
    clear = panel.inflate(2 * pad, 2 * pad)
    dx, dy = panel.centerx - centre[0], panel.centery - centre[1]
    f = 1.0
    while f > 0.2:
        x, y = centre[0] + dx * f, centre[1] + dy * f
        box = pygame.Rect(0, 0, round(w * (1 + SECOND)), h + pad)
        box.center = (round(x), round(y))
        if not box.colliderect(clear):
            return x - w * SECOND / 2, y
        f -= 0.02
    return centre[0] + dx * 0.4 - w * SECOND / 2, centre[1] + dy * 0.4


def pile_spot(g: Geometry, seat: int) -> Point:
    """The centre of a seat's penalty pile, in the corner of its panel."""
    r = g.panels[seat]
    return r.right - g.pad - g.pile[0] / 2, r.bottom - g.pad // 2 - g.pile[1] / 2


def place_rect(g: Geometry, seat: int) -> pygame.Rect:
    """Where a seat's played cards lie (a roomy drop target for the seat at the screen)."""
    x, y = g.places[seat]
    w, h = g.place
    grow = seat == g.bottom
    rect = pygame.Rect(0, 0, round(w * (1 + SECOND) + (w * 0.4 if grow else 0)),
                       round(h * (1.25 if grow else 1.0)))
    rect.center = (round(x + w * SECOND / 2), round(y))
    return rect


def fan(g: Geometry, n: int) -> tuple[list, tuple[int, int]]:
    """The slots of a hand of `n` cards and their size (`layout.hand`)."""
    return layout.hand(n, g.hand_center, g.hand_width, g.card, HAND_ANGLE)


def first_key(view: Retro10View, place: int) -> Hashable | None:
    """The sprite key of a seat's first card: its id, or a back the view does not name."""
    row = view["table"][place]
    if not row:
        return None
    return row[0]["id"] or f"?{place}"


def spots(v: Retro10View, g: Geometry, pending: str | None) -> dict[Hashable, Spot]:
    """Where every card the view shows belongs; `pending`, a hand card chosen in the
    popover, lies on its place already."""
    out: dict[Hashable, Spot] = {}
    if v["round_card"]:
        out[v["round_card"]] = Spot(g.round_card, True, 50, g.place)
    hand = v["hand"] or []
    pend = pending if pending in hand else None
    fan_cards = [c for c in hand if c != pend]
    slots, size = fan(g, len(fan_cards))
    for i, (card, slot) in enumerate(zip(fan_cards, slots)):
        out[card] = Spot(slot.pos, True, 300 + i, size, slot.angle)
    if pend is not None:
        out[pend] = Spot(g.places[g.bottom], True, 200, g.place)
    for place, row in enumerate(v["table"]):
        x, y = g.places[place]
        for i, entry in enumerate(row):
            key = entry["id"] or f"?{place}"
            out[key] = Spot((x + i * g.place[0] * SECOND, y), entry["code"] is not None,
                            100 + i, g.place)
    for seat in range(v["players"]):
        pile = v["taken"][seat]
        centre = pile_spot(g, seat)
        for i, card in enumerate(pile):
            out[card] = Spot(centre, True, 10 + i, g.pile, pile_depth=len(pile) - 1 - i)
    return out
