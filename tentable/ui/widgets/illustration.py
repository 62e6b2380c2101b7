"""A glimpse of a game: a few of its cards fanned out (tiles laid in a little cluster).

The menu's game tiles and the setup screen show it."""
from __future__ import annotations

import pygame

from tentable.ui import theme
from tentable.ui.widgets.cards import tile_face
from tentable.ui.widgets.sprite import sprite_image

# The cards shown for each game, in the digests' card codes.
ILLUSTRATIONS: dict[str, tuple[str, ...]] = {
    "ten": ("B3", "O5", "$2", "W#"),
    "takethat": ("34", "55", "43"),
    "elfer": ("R10", "Y11", "B12"),
    "retro10": ("4", "J", "R6"),
    "tentiles": ("W3", "B2", "W1", "B3", "W3"),
}
NO_MARKS = (False, False, False)
# where each tile of the cluster lies, in tile sides from the centre
_TILE_SPOTS = ((-1, -0.5), (0, -0.5), (1, -0.5), (-0.5, 0.5), (0.5, 0.5))


def illustration(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """The game's cards fanned out, fitting `size`; card backs for a game without codes."""
    art = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    codes = ILLUSTRATIONS.get(game_id)
    if game_id == "tentiles" and codes:
        side = max(8, min(h // 2 - 6, w // 4))
        for code, (dx, dy) in zip(codes, _TILE_SPOTS):
            tile = tile_face(code, side)
            art.blit(tile, tile.get_rect(center=(round(w / 2 + dx * side),
                                                 round(h / 2 + dy * side))))
        return art
    n = len(codes) if codes else 3
    spread, step = (14, 0.55) if n <= 3 else (11, 0.5)
    # the fan's width is about card_w * (1 + step * (n - 1)) plus the turned corners
    card_h = round(min(h * 0.76, w * 0.9 * theme.CARD_RATIO / (1.25 + step * (n - 1))))
    card = (round(card_h / theme.CARD_RATIO), card_h)
    for i in range(n):
        k = i - (n - 1) / 2
        code = codes[i] if codes else ""
        image = sprite_image(game_id, code, bool(codes), card, NO_MARKS, -k * spread)
        center = (w / 2 + k * card[0] * step, h / 2 + abs(k) ** 1.6 * card[1] * 0.06)
        art.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))
    return art
