"""Small drawn diagrams on the How to play pages, painted with the game's own card faces.

A rules page describes a diagram in a fenced block, one line per row of the picture:

    ```cards
    B3 P5 $2 *G4 -> | 3 + 5 − 2 + 4 = 10: stop, or flip again
    ```

Each line is the row's pieces, then after `|` its caption (the words, in the page's
language). A piece is a card in the game's own notation (the one `decks/*.yaml` and the
painters use; only the painted face is drawn, never the code), `*` before a card lifts it
and rings it (the card the row is about), `~` a card face down, `.` an empty place,
`_` a blank the size of a card (to line rows up), `->` an arrow. Commas are ignored, so a
row may read `B3, P5, $2`. Diagrams are painted at the page's size, so they stay crisp.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tentable.ui import theme
from tentable.ui.widgets.cards import card_back, card_face, paints
from tentable.ui.widgets.panel import blit_label, rounded, wrap

CARD, BACK, EMPTY, BLANK, ARROW = "card", "back", "empty", "blank", "arrow"
SYMBOLS = {"~": BACK, ".": EMPTY, "_": BLANK, "->": ARROW, "→": ARROW}
SQUARE = {"tentiles"}          # games of square tiles, not cards


@dataclass(frozen=True)
class Piece:
    kind: str
    code: str = ""
    lit: bool = False


@dataclass(frozen=True)
class Row:
    pieces: tuple[Piece, ...]
    caption: str = ""


class DiagramError(ValueError):
    """A diagram that names a piece the game's painter does not know."""


def parse(game_id: str, text: str) -> tuple[Row, ...]:
    """The rows of a diagram block; a card the game has no face for raises DiagramError,
    so a misspelt card shows up in the tests, not as a code on screen."""
    rows = []
    for line in text.splitlines():
        if not line.strip():
            continue
        pieces_text, _, caption = line.partition("|")
        pieces = []
        for token in pieces_text.replace(",", " ").split():
            if token in SYMBOLS:
                pieces.append(Piece(SYMBOLS[token]))
                continue
            lit = token.startswith("*")
            code = token[1:] if lit else token
            if not paints(game_id, code):
                raise DiagramError(f"{game_id} has no card {code!r}")
            pieces.append(Piece(CARD, code, lit))
        rows.append(Row(tuple(pieces), caption.strip()))
    return tuple(rows)


class Diagram:
    """A parsed diagram laid out for a width: `layout` gives its height, `draw` paints it."""

    def __init__(self, game_id: str, rows: tuple[Row, ...]) -> None:
        self.game_id = game_id
        self.rows = rows
        self.card = (0, 0)
        self.gap = 0
        self.lift = 0
        self.row_gap = 0
        self.text_px = 14
        self.caption_x = 0                      # captions beside the cards from here, or
        self.captions: list[list[str]] = []     # below them when the page is narrow
        self.beside = True
        self.row_heights: list[int] = []
        self.height = 0
        self.width = 0

    def _span(self, row: Row, card_w: int) -> int:
        widths = [round(card_w * 0.6) if p.kind == ARROW else card_w for p in row.pieces]
        return sum(widths) + self.gap * max(0, len(widths) - 1)

    def layout(self, width: int, scale: float, text_px: int) -> int:
        """Lay the diagram out in `width` pixels; returns its height."""
        self.text_px = text_px
        self.gap = max(3, round(6 * scale))
        card_w = max(28, round(58 * scale))
        # shrink the cards until the widest row leaves room for a caption beside it
        has_caption = any(row.caption for row in self.rows)
        room = width - (round(220 * scale) if has_caption else 0)
        while card_w > 28 and max((self._span(r, card_w) for r in self.rows), default=0) > room:
            card_w -= 2
        ratio = 1.0 if self.game_id in SQUARE else theme.CARD_RATIO
        self.card = (card_w, round(card_w * ratio))
        # a lit card rises out of its row; tiles lie in a grid, so there only the ring shows
        square = self.game_id in SQUARE
        self.lift = 0 if square else max(3, round(self.card[1] * 0.08))
        self.row_gap = self.gap if square else 2 * self.gap
        spans = [self._span(row, card_w) for row in self.rows]
        self.caption_x = max(spans, default=0) + round(18 * scale)
        self.beside = width - self.caption_x >= round(200 * scale)
        caption_w = width - self.caption_x if self.beside else width
        self.captions = [wrap(row.caption, text_px, caption_w) if row.caption else []
                         for row in self.rows]
        line_h = round(text_px * 1.3)
        self.row_heights = []
        for lines in self.captions:
            cards_h = self.card[1] + self.lift
            text_h = len(lines) * line_h
            self.row_heights.append(max(cards_h, text_h) if self.beside
                                    else cards_h + (text_h + self.gap if lines else 0))
        self.height = sum(self.row_heights) + self.row_gap * max(0, len(self.rows) - 1)
        self.width = width
        return self.height

    def places(self) -> list[tuple[Piece, pygame.Rect]]:
        """Each piece and where it is drawn, from the diagram's top left (a lit card risen)."""
        out = []
        cw, ch = self.card
        y = 0
        for row, height in zip(self.rows, self.row_heights):
            top = y + self.lift + ((height - ch - self.lift) // 2 if self.beside else 0)
            x = 0
            for piece in row.pieces:
                w = round(cw * 0.6) if piece.kind == ARROW else cw
                rise = self.lift if piece.lit else 0
                out.append((piece, pygame.Rect(x, top - rise, w, ch)))
                x += w + self.gap
            y += height + self.row_gap
        return out

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int]) -> None:
        for piece, rect in self.places():
            self._draw_piece(surface, piece, rect.move(topleft))
        x0, y = topleft
        ch = self.card[1]
        line_h = round(self.text_px * 1.3)
        for lines, height in zip(self.captions, self.row_heights):
            if self.beside:
                ty = y + (height - len(lines) * line_h) // 2
                tx = x0 + self.caption_x
            else:
                ty, tx = y + self.lift + ch + self.gap, x0
            for line in lines:
                blit_label(surface, line, self.text_px, theme.TEXT, topleft=(tx, ty))
                ty += line_h
            y += height + self.row_gap

    def _draw_piece(self, surface: pygame.Surface, piece: Piece, rect: pygame.Rect) -> None:
        radius = max(3, rect.w // 10)
        if piece.kind == ARROW:
            cy, head = rect.centery, max(4, rect.w // 3)
            pygame.draw.line(surface, theme.TEXT_DIM, (rect.x + 2, cy), (rect.right - head, cy),
                             max(2, rect.w // 12))
            pygame.draw.polygon(surface, theme.TEXT_DIM, [(rect.right - head, cy - head // 1.4),
                                                          (rect.right, cy),
                                                          (rect.right - head, cy + head // 1.4)])
        elif piece.kind == EMPTY:
            surface.blit(rounded(rect.size, (255, 255, 255, 14), radius, (255, 255, 255, 70)),
                         rect)
        elif piece.kind == BACK:
            surface.blit(card_back(self.game_id, rect.size), rect)
        elif piece.kind == CARD:
            if piece.lit:
                pygame.draw.rect(surface, theme.SELECTED, rect.inflate(6, 6), 3,
                                 border_radius=radius + 3)
            surface.blit(card_face(self.game_id, piece.code, rect.size), rect)
