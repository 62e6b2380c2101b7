"""Statistics: per game, each player (`tentable.players`: one row in every language) with
games, wins, draws, helped games, average and best score and the longest winning streak;
the solo ladder and practice games apart; a small bar chart of the win rates. ← → (or
the game buttons) choose the game; the rows scroll by the wheel, ↑ ↓, Page Up/Down,
Home/End, or a click on the scroll bar's track.

    app.push("stats")
"""
from __future__ import annotations

import pygame

from tentable import players, stats
from tentable.engine import GAMES
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import MINUS, backdrop, px, text_px
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, fit, rounded


@register_scene("stats")
class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.table, message = stats.load()
        if message:
            self.app.toasts.show(message, 6.0, "error")
        self.rows = [row for game in GAMES for row in self.table.of_game(game)]
        self.games = [g for g in GAMES if any(r.game == g for r in self.rows)]
        self.game = self.games[0] if self.games else None
        self.back_button = Button(t("stats.back"), self.app.pop)
        self.game_buttons = [Button(GAMES[g].title, lambda g=g: self.choose(g))
                             for g in self.games]
        self.scale = 1.0
        self.area = pygame.Rect(0, 0, 0, 0)      # the header and the rows
        self.track = pygame.Rect(0, 0, 0, 0)     # the scroll bar's, beside the rows
        self.row_h = 1
        self.fits = 1                            # rows that fit under the header
        self.top = 0                             # the first row shown

    who = staticmethod(players.who)

    def choose(self, game: str) -> None:
        self.game, self.top = game, 0

    def of_game(self) -> list[stats.Row]:
        return [r for r in self.rows if r.game == self.game]

    def shown(self) -> list[stats.Row]:
        return self.of_game()[self.top:self.top + self.fits]

    def scroll_to(self, top: int) -> None:
        self.top = max(0, min(top, len(self.of_game()) - self.fits))

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        w, h = size
        n = max(1, len(self.game_buttons))
        bw, bh, gap = min(px(220, s), (w - px(80, s)) // n - px(8, s)), px(40, s, 30), px(8, s)
        x = (w - n * bw - (n - 1) * gap) // 2
        for button in self.game_buttons:
            button.layout((x, px(96, s), bw, bh))
            x += bw + gap
        notes = 2 * (text_px(theme.FONT_SMALL, s) + px(6, s))   # the legend, a game's note
        self.area = pygame.Rect(px(40, s), px(96, s) + bh + px(20, s), w - px(80, s),
                                h - px(96, s) - bh - px(20, s) - px(110, s) - notes)
        self.row_h = px(46, s)
        self.fits = max(1, self.area.h // self.row_h - 1)
        self.track = pygame.Rect(self.area.right + px(12, s), self.area.y + self.row_h,
                                 px(8, s, 5), self.fits * self.row_h)
        self.scroll_to(self.top)
        self.back_button.layout((w // 2 - px(100, s), h - px(80, s), px(200, s), px(46, s, 34)))

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and self.games:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.choose(self.games[(self.games.index(self.game) + step) % len(self.games)])
            return
        if self._scrolled(event):
            return
        for button in (self.back_button, *self.game_buttons):
            if button.handle(event):
                return

    def _scrolled(self, event: pygame.event.Event) -> bool:
        """The wheel, the keys that scroll and a click on the track (a page towards it)."""
        page, rows = self.fits, len(self.of_game())
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.top - event.y)
            return True
        steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page,
                 pygame.K_PAGEUP: -page, pygame.K_HOME: -rows, pygame.K_END: rows}
        if event.type == pygame.KEYDOWN and event.key in steps:
            self.scroll_to(self.top + steps[event.key])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and rows > self.fits and self.track.inflate(self.track.w, 0).collidepoint(event.pos):
            self.scroll_to(self.top + (page if event.pos[1] > self._thumb().centery else -page))
            return True
        return False

    def _thumb(self) -> pygame.Rect:
        rows, track = len(self.of_game()), self.track
        height = max(px(30, self.scale), track.h * self.fits // max(1, rows))
        room = max(1, rows - self.fits)
        return pygame.Rect(track.x, track.y + (track.h - height) * self.top // room,
                           track.w, height)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        w = surface.get_width()
        blit_label(surface, t("stats.title"), text_px(40, s), theme.TEXT, bold=True,
                   midtop=(w // 2, px(30, s)))
        for game, button in zip(self.games, self.game_buttons):
            button.kind = "primary" if game == self.game else "normal"
            button.draw(surface)
        self.back_button.draw(surface)
        blit_label(surface, t("stats.hint"), text_px(14, s), theme.TEXT_DIM,
                   midbottom=(w // 2, surface.get_height() - px(10, s)))
        if self.game is None:
            blit_label(surface, t("stats.none"), text_px(theme.FONT_BODY, s), theme.TEXT_DIM,
                       center=self.area.center)
            return
        self._draw_rows(surface, s)
        if len(self.of_game()) > self.fits:
            track = self.track
            surface.blit(rounded(track.size, (255, 255, 255, 30), track.w // 2), track)
            thumb = self._thumb()
            surface.blit(rounded(thumb.size, (*theme.TEXT_DIM, 200), track.w // 2), thumb)

    def _draw_rows(self, surface: pygame.Surface, s: float) -> None:
        area = self.area
        size, small = text_px(theme.FONT_BODY, s), text_px(theme.FONT_SMALL, s)
        name_w = area.w * 30 // 100
        chart_w = area.w * 16 // 100
        col_w = (area.w - name_w - chart_w) // len(stats.COLUMNS)
        row_h = self.row_h
        y = area.y
        for i, column in enumerate(stats.COLUMNS):
            blit_label(surface, fit(t(f"stats.{column}"), small, col_w - px(4, s)), small,
                       theme.TEXT_DIM, midtop=(area.x + name_w + col_w * i + col_w // 2, y))
        blit_label(surface, t("stats.win_rate"), small, theme.TEXT_DIM,
                   midtop=(area.right - chart_w // 2, y))
        y += row_h
        for row in self.shown():
            box = pygame.Rect(area.x, y, area.w, row_h - px(6, s))
            surface.blit(rounded(box.size, (255, 255, 255, 14), px(8, s)), box)
            blit_label(surface, fit(self.who(row), size, name_w - px(20, s)), size, theme.TEXT,
                       bold=True, midleft=(box.x + px(12, s), box.centery))
            for i, value in enumerate(row.figures()):
                blit_label(surface, value.replace("-", MINUS), size, theme.TEXT,
                           center=(area.x + name_w + col_w * i + col_w // 2, box.centery))
            self._draw_bar(surface, s, row.win_rate, pygame.Rect(
                area.right - chart_w + px(8, s), box.centery - px(7, s),
                chart_w - px(16, s), px(14, s)))
            y += row_h
        y += px(6, s)
        notes = [t("stats.legend")] + ([t("stats.lowest")]
                                        if GAMES[self.game].state.lowest_wins else [])
        for note in notes:
            blit_label(surface, fit(note, small, area.w), small, theme.TEXT_DIM,
                       midtop=(area.centerx, y))
            y += small + px(6, s)

    def _draw_bar(self, surface: pygame.Surface, s: float, share: float,
                  bar: pygame.Rect) -> None:
        small = text_px(theme.FONT_SMALL, s)
        surface.blit(rounded(bar.size, (255, 255, 255, 30), bar.h // 2), bar)
        if share > 0:
            filled = bar.copy()
            filled.w = max(bar.h, round(bar.w * share))
            surface.blit(rounded(filled.size, (*theme.ACCENT, 255), bar.h // 2), filled)
        blit_label(surface, f"{round(100 * share)}%", small, theme.TEXT,
                   midright=(bar.right - px(4, s), bar.centery))
