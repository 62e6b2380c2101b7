"""Statistics: per game, each player (a name at a level) with games, wins, average and best
score and the longest winning streak; the solo ladder and practice games apart; a small
bar chart of the win rates. ← → (or the game buttons) choose the game.

    app.push("stats")
"""
from __future__ import annotations

import pygame

from tentable import stats
from tentable.engine import GAMES
from tentable.narration import shown_name
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import MINUS, backdrop, px, text_px
from tentable.text import t, t_or
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, fit, rounded

COLUMNS = ("games", "wins", "average", "best", "streak")
MAX_ROWS = 8


def who(row: stats.Row) -> str:
    """"Ana", "Ben (computer, Normal)", "Mona"; a mode other than a table game follows."""
    level = "" if row.level in ("human", "rules") else t(
        "stats.computer", level=t_or(f"bot.{row.level}", row.level.title()))
    mode = "" if row.mode == "table" else t(f"stats.mode.{row.mode}")
    return " ".join(part for part in (shown_name(row.name), level, mode) if part)


@register_scene("stats")
class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        table, message = stats.load()
        if message:
            self.app.toasts.show(message, 6.0, "error")
        self.rows = sorted(table.rows, key=lambda r: (-r.games, r.name))
        self.games = [g for g in GAMES if any(r.game == g for r in self.rows)]
        self.game = self.games[0] if self.games else None
        self.back_button = Button(t("stats.back"), self.app.pop)
        self.game_buttons = [Button(GAMES[g].title, lambda g=g: self.choose(g))
                             for g in self.games]
        self.scale = 1.0
        self.area = pygame.Rect(0, 0, 0, 0)

    def choose(self, game: str) -> None:
        self.game = game

    def shown(self) -> list[stats.Row]:
        return [r for r in self.rows if r.game == self.game][:MAX_ROWS]

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        w, h = size
        n = max(1, len(self.game_buttons))
        bw, bh, gap = min(px(220, s), (w - px(80, s)) // n - px(8, s)), px(40, s, 30), px(8, s)
        x = (w - n * bw - (n - 1) * gap) // 2
        for button in self.game_buttons:
            button.layout((x, px(96, s), bw, bh))
            x += bw + gap
        self.area = pygame.Rect(px(40, s), px(96, s) + bh + px(20, s), w - px(80, s),
                                h - px(96, s) - bh - px(20, s) - px(110, s))
        self.back_button.layout((w // 2 - px(100, s), h - px(80, s), px(200, s), px(46, s, 34)))

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and self.games:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.game = self.games[(self.games.index(self.game) + step) % len(self.games)]
            return
        for button in (self.back_button, *self.game_buttons):
            if button.handle(event):
                return

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

    def _draw_rows(self, surface: pygame.Surface, s: float) -> None:
        rows = self.shown()
        area = self.area
        size, small = text_px(theme.FONT_BODY, s), text_px(theme.FONT_SMALL, s)
        name_w = area.w * 38 // 100
        chart_w = area.w * 22 // 100
        col_w = (area.w - name_w - chart_w) // len(COLUMNS)
        row_h = min(px(46, s), area.h // (MAX_ROWS + 1))
        y = area.y
        for i, column in enumerate(COLUMNS):
            blit_label(surface, t(f"stats.{column}"), small, theme.TEXT_DIM,
                       midtop=(area.x + name_w + col_w * i + col_w // 2, y))
        blit_label(surface, t("stats.win_rate"), small, theme.TEXT_DIM,
                   midtop=(area.right - chart_w // 2, y))
        y += row_h
        lowest = GAMES[self.game].state.lowest_wins
        for row in rows:
            box = pygame.Rect(area.x, y, area.w, row_h - px(6, s))
            surface.blit(rounded(box.size, (255, 255, 255, 14), px(8, s)), box)
            blit_label(surface, fit(who(row), size, name_w - px(20, s)), size, theme.TEXT,
                       bold=True, midleft=(box.x + px(12, s), box.centery))
            best = "—" if row.best is None else f"{row.best:g}".replace("-", MINUS)
            average = f"{row.average:.1f}".replace("-", MINUS)
            values = (row.games, row.wins, average, best, row.best_streak)
            for i, value in enumerate(values):
                blit_label(surface, str(value), size, theme.TEXT,
                           center=(area.x + name_w + col_w * i + col_w // 2, box.centery))
            bar = pygame.Rect(area.right - chart_w + px(8, s), box.centery - px(7, s),
                              chart_w - px(16, s), px(14, s))
            surface.blit(rounded(bar.size, (255, 255, 255, 30), bar.h // 2), bar)
            share = row.wins / row.games if row.games else 0.0
            if share > 0:
                filled = bar.copy()
                filled.w = max(bar.h, round(bar.w * share))
                surface.blit(rounded(filled.size, (*theme.ACCENT, 255), bar.h // 2), filled)
            blit_label(surface, f"{round(100 * share)}%", small, theme.TEXT,
                       midright=(bar.right - px(4, s), bar.centery))
            y += row_h
        if lowest:
            blit_label(surface, t("stats.lowest"), small, theme.TEXT_DIM,
                       midtop=(area.centerx, y + px(6, s)))
