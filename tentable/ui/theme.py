"""Palette, symbols, fonts and sizes of the table, all in one place.

Colours follow the Okabe–Ito set, which stays distinguishable under the common forms of
colour blindness; every colour that means something also has a symbol (a shape drawn by
`widgets.shapes`), so nothing depends on colour alone. Sizes are given for a 1280×720 window
and scaled with `ui_scale`.
"""
from __future__ import annotations

from dataclasses import dataclass
import pygame

from tentable.resources import FONT_BOLD, FONT_REGULAR, font_path
from tentable.store import UI_SIZES

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# --- Okabe–Ito base colours -------------------------------------------------------------
OI_ORANGE: RGB = (230, 159, 0)
OI_SKY: RGB = (86, 180, 233)
OI_GREEN: RGB = (0, 158, 115)
OI_YELLOW: RGB = (240, 228, 66)
OI_BLUE: RGB = (0, 114, 178)
OI_VERMILLION: RGB = (213, 94, 0)
OI_PURPLE: RGB = (204, 121, 167)

# --- table and chrome -------------------------------------------------------------------
FELT: RGB = (22, 92, 80)            # teal-green cloth
FELT_LIGHT: RGB = (33, 116, 100)    # centre of the cloth's soft spotlight
FELT_DARK: RGB = (12, 58, 52)       # rim of the cloth
PANEL: RGBA = (10, 32, 30, 210)     # translucent dark panel over the felt
PANEL_EDGE: RGBA = (255, 255, 255, 40)
TEXT: RGB = (244, 246, 240)
TEXT_DIM: RGB = (176, 196, 188)
DIMMED = (0, 0, 0, 130)     # over a card that cannot be played now
TEXT_DARK: RGB = (28, 32, 36)       # text on light surfaces (cards, light buttons)
ACCENT: RGB = (240, 190, 60)        # warm gold: primary buttons, active seat
HIGHLIGHT: RGB = OI_SKY             # legal target / selectable
SELECTED: RGB = (255, 214, 90)      # selected card outline
DANGER: RGB = OI_VERMILLION
SHADE: RGBA = (0, 0, 0, 150)        # modal backdrop

BUTTON: dict[str, RGB] = {          # fill per button kind
    "normal": (52, 78, 74),
    "primary": (222, 166, 40),
    "danger": (196, 82, 16),
}
BUTTON_TEXT: dict[str, RGB] = {"normal": TEXT, "primary": TEXT_DARK, "danger": TEXT}
BUTTON_DISABLED: RGB = (60, 70, 68)
BUTTON_DISABLED_TEXT: RGB = (130, 140, 138)

TOAST: dict[str, RGB] = {"info": (30, 52, 60), "error": (120, 40, 10)}
TOAST_SYMBOL: dict[str, str] = {"info": "circle", "error": "cross"}   # a cross: no seat's

# --- cards ------------------------------------------------------------------------------
CARD_PAPER: RGB = (250, 248, 240)
CARD_EDGE: RGB = (150, 150, 140)
CARD_INK: RGB = (34, 38, 44)
CARD_BACK: RGB = (30, 64, 112)      # deep blue back, different from the felt
CARD_BACK_PATTERN: RGB = (52, 92, 146)
CARD_BACK_BY_GAME: dict[str, tuple[RGB, RGB]] = {
    "takethat": ((120, 40, 40), (156, 70, 62)),
    "ten": ((30, 64, 112), (58, 98, 152)),
    "elfer": ((40, 40, 96), (72, 72, 138)),
    "retro10": ((96, 56, 24), (140, 92, 44)),
    "tentiles": ((64, 64, 64), (96, 96, 96)),
}
GOLD: RGB = (232, 184, 48)
GOLD_DARK: RGB = (168, 118, 20)
GOLD_LIGHT: RGB = (252, 224, 128)
TOAD: RGB = (86, 150, 60)
TOAD_DARK: RGB = (44, 96, 36)
TOAD_BELLY: RGB = (196, 220, 140)
PENALTY: RGB = OI_VERMILLION       # minus-points badge ("−5" on a toad)
PENALTY_TEXT: RGB = (255, 150, 100)  # points against a player, as text on a dark panel
# Take That: each decade gets its own hue so "within 10 of the row's end" is easy to see;
# the digits themselves carry the meaning, the hue only helps.
DECADES: tuple[RGB, ...] = (
    (0, 128, 128), (0, 114, 178), (88, 86, 170), (150, 80, 160), (196, 70, 120),
    (200, 70, 40), (212, 120, 0), (160, 130, 0), (96, 128, 40),
)
RETRO_PAPER: RGB = (246, 236, 214)
RETRO_INK: RGB = (88, 52, 28)
RETRO_FRAME: RGB = (196, 120, 48)
RETRO_ROUND: RGB = (44, 92, 128)
RETRO_JOKER: RGB = (120, 60, 130)
TILE_EDGE: dict[str, RGB] = {"W": (170, 166, 150), "B": (10, 10, 12)}


@dataclass(frozen=True)
class Suit:
    """A colour that carries meaning, with the symbol and letter that repeat it."""

    name: str
    colour: RGB
    symbol: str          # a shape name understood by widgets.shapes.draw_symbol
    ink: RGB             # readable text colour on top of `colour`


# The same hue keeps the same symbol in every game.
SUITS: dict[str, dict[str, Suit]] = {
    "ten": {
        "B": Suit("blue", OI_BLUE, "circle", TEXT),
        "G": Suit("green", OI_GREEN, "triangle", TEXT_DARK),
        "O": Suit("orange", OI_ORANGE, "square", TEXT_DARK),
        "P": Suit("pink", OI_PURPLE, "heart", TEXT_DARK),
    },
    "elfer": {
        "R": Suit("red", OI_VERMILLION, "diamond", TEXT),
        "Y": Suit("yellow", OI_YELLOW, "star", TEXT_DARK),
        "G": Suit("green", OI_GREEN, "triangle", TEXT_DARK),
        "B": Suit("blue", OI_BLUE, "circle", TEXT),
    },
    "tentiles": {
        "W": Suit("white", (246, 244, 236), "ring", TEXT_DARK),
        "B": Suit("black", (36, 38, 42), "circle", TEXT),
    },
}

# Seat colours for up to 7 players (log lines, panels); each seat also shows its name.
SEAT_COLOURS: tuple[RGB, ...] = (
    OI_SKY, OI_ORANGE, OI_GREEN, OI_PURPLE, OI_YELLOW, OI_VERMILLION, (170, 170, 170),
)

# --- sizes at 1280×720 ------------------------------------------------------------------
BASE_WINDOW = (1280, 720)
CARD_WIDTHS = {"small": 64, "medium": 80, "large": 96}
CARD_RATIO = 1.4                      # height / width, the usual 5:7
MIN_CARD_WIDTH = 36
RADIUS = 10                           # panel and button corners
PAD = 12
BUTTON_HEIGHT = 40
FONT_SMALL = 15
FONT_BODY = 18
FONT_TITLE = 28
TOAST_FADE = 0.3                      # seconds of fade in/out
DRAG_THRESHOLD = 6                    # pixels: less is a click
HIGHLIGHT_WIDTH = 3
SELECT_LIFT = 0.14                    # a selected card rises by this share of its height
CARD_SHADOW: RGBA = (0, 0, 0, 90)
SHADOW_OFFSET = (2, 3)
HOVER_GLOW: RGBA = (255, 255, 255, 110)
SPRING_BACK = 0.22                    # seconds for an illegal drop to return
FLIP_TIME = 0.25
MOVE_TIME = 0.3


# The player's UI size: "auto" fits the window (1280×720 of room, whatever its size); a
# percentage draws every size at that share of its size at 1280×720, as far as the window
# keeps at least MIN_ROOM of room (every screen and table is laid out to fit in that).
MIN_ROOM = (960, 540)
_ui_size = "auto"
_least_room = MIN_ROOM      # more while a scene that needs it is open (`Scene.least_room`)


def set_ui_size(choice: str) -> None:
    """Draw at `choice` (one of UI_SIZES; anything else: "auto") from now on."""
    global _ui_size
    _ui_size = choice if choice in UI_SIZES else "auto"


def set_least_room(room: tuple[int, int]) -> None:
    """Keep at least `room` (never less than MIN_ROOM) at any scale."""
    global _least_room
    _least_room = (max(MIN_ROOM[0], room[0]), max(MIN_ROOM[1], room[1]))


def fit_scale(window_size: tuple[int, int]) -> float:
    """1.0 at 1280×720; follows the tighter of width and height."""
    w, h = window_size
    return max(0.25, min(w / BASE_WINDOW[0], h / BASE_WINDOW[1]))


def largest_scale(window_size: tuple[int, int]) -> float:
    """The largest scale at which this window keeps the least room the open scenes need."""
    w, h = window_size
    return max(0.25, min(w / _least_room[0], h / _least_room[1]))


def ui_scale(window_size: tuple[int, int]) -> float:
    """Pixels per unit of the sizes below: the window's fit, or the player's UI size as far
    as the window has room for it."""
    if _ui_size == "auto":
        return fit_scale(window_size)
    return min(int(_ui_size) / 100, largest_scale(window_size))


def scaled(value: float, scale: float, floor: int = 1) -> int:
    """A base size (at 1280×720) for the current window, never below `floor` pixels."""
    return max(floor, round(value * scale))


def card_size(window_size: tuple[int, int], setting: str = "medium") -> tuple[int, int]:
    """Card width and height in pixels for the window and the player's size setting."""
    width = max(MIN_CARD_WIDTH, round(CARD_WIDTHS.get(setting, CARD_WIDTHS["medium"])
                                      * ui_scale(window_size)))
    return width, round(width * CARD_RATIO)


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}   # cache: opening a TTF is slow


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The shipped font at a pixel size, cached per (size, weight)."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (max(6, int(px)), bold)
    cached = _FONTS.get(key)
    if cached is not None:
        try:
            cached.get_height()
            return cached
        except pygame.error:  # pygame was quit and re-initialised since: reopen
            pass
    if len(_FONTS) >= 96:  # sizes follow the window, so bound the cache during resizes
        del _FONTS[next(iter(_FONTS))]
    path = font_path(FONT_BOLD if bold else FONT_REGULAR)
    _FONTS[key] = pygame.font.Font(str(path), key[0])
    return _FONTS[key]
