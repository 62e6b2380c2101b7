"""The solo ladder against Mona (TEN S8): the rungs 5–10 with the next game's target
marked, a chart of the past games (your margin over Mona, wins and losses marked),
"Play at target N" and a reset that asks first.

    app.push("ladder")

A rung already climbed may be picked for practice: such a game is kept on the ladder
but moves nothing (`tentable.ladder`).
"""
from __future__ import annotations

import pygame

from tentable import store
from tentable.engine import SetupError
from tentable.ladder import DRAW, LAST_TARGET, LOSS, RUNGS, WIN, Ladder
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import NoTable, register_scene
from tentable.ui.scenes.common import (Focusable, KeyNav, MINUS, backdrop, button_focus,
                                       focus_ring, px, text_px)
from tentable.session import HUMAN, RULES, Seat, Session, random_seed
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.panel import blit_label, draw_panel, line_height, rounded, wrap
from tentable.ui.widgets.shapes import symbol_icon

GAME = "ten"
MAX_BARS = 40          # games in the chart at most; fewer when the window is narrow
MIN_SLOT = 14          # pixels per bar at 1280×720
GRID = (52, 96, 88)    # the chart's faint lines at ±the largest margin
# The results are told apart by symbol as well as colour (colour-blind safe).
LOOK = {WIN: ("star", theme.OI_GREEN), DRAW: ("circle", theme.TEXT_DIM),
        LOSS: ("diamond", theme.OI_VERMILLION)}


def wrap_list(text: str, size: int, width: int, separator: str = "  ·  ") -> list[str]:
    """`text`, items joined by `separator`, wrapped between items where it can be."""
    lines: list[str] = []
    for item in text.split(separator):
        joined = f"{lines[-1]}{separator}{item}" if lines else item
        if lines and theme.font(size).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines += wrap(item, size, width)
    return lines


def intro_lines(complete: bool, size: int, width: int) -> list[str]:
    """What the title has under it, wrapped: the rules, or (bold) that the ladder is
    complete."""
    text = t("ladder.complete_banner") if complete else t("ladder.rules")
    return wrap(text, size, width, complete)


def solo_session(target: int) -> Session:
    """You in seat 0 against Mona, who plays by the rules (S1)."""
    seats = (Seat(t("setup.name_you"), HUMAN), Seat(t("ladder.mona"), RULES))
    return Session(GAME, seats, random_seed(), {"solo": True, "target": target})


@register_scene("ladder")
class LadderScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.ladder = Ladder()
        self.chosen = self.ladder.target
        self.play_button = Button("", self.ask_play, kind="primary")
        self.reset_button = Button(t("ladder.reset"), self.ask_reset, kind="danger")
        self.back_button = Button(t("ladder.back"), self.app.pop)
        self.buttons = [self.play_button, self.reset_button, self.back_button]
        self.rungs: dict[int, pygame.Rect] = {}
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.confirm: Dialog | None = None
        self.nav = KeyNav()
        self.scale = 1.0

    # -- the ladder -----------------------------------------------------------------
    def enter(self) -> None:
        ladder, message = store.load_ladder()
        if message:
            self.app.toasts.show(message, 6.0, "error")
        self.show(ladder)

    def show(self, ladder: Ladder) -> None:
        self.ladder = ladder
        self.choose(ladder.target)

    def choose(self, target: int) -> None:
        """Pick the rung to play: the next ladder game, or one already climbed."""
        if self.reachable(target):
            self.chosen = target
            self.play_button.text = t("ladder.play", target=target)

    def reachable(self, target: int) -> bool:
        return target in RUNGS and target <= self.ladder.target

    def ask_play(self) -> None:
        """Start at once, unless that would throw away a TEN game in progress."""
        record, _ = store.load_autosave(GAME)
        if record is None:
            self.play()
            return
        self.confirm = Dialog(t("setup.replace_title"),
                              [t("setup.replace_body", game="TEN")], [
            Button(t("setup.replace_yes"), self.play, key=pygame.K_RETURN, kind="danger"),
            Button(t("setup.replace_no"), self.cancel, key=pygame.K_ESCAPE, kind="primary"),
        ])

    def play(self) -> None:
        self.confirm = None
        try:
            self.app.reset("table", session=solo_session(self.chosen))
        except (SetupError, NoTable, ValueError) as exc:
            self.app.toasts.show(t("ladder.cannot_play", reason=exc), 4.0, "error")

    def ask_reset(self) -> None:
        self.confirm = Dialog(t("ladder.reset_title"),
                              [t("ladder.reset_body", n=len(self.ladder.games))], [
            Button(t("ladder.reset_yes"), self.reset, key=pygame.K_RETURN, kind="danger"),
            Button(t("ladder.reset_no"), self.cancel, key=pygame.K_ESCAPE, kind="primary"),
        ])

    def reset(self) -> None:
        self.confirm = None
        try:
            self.show(store.reset_ladder())
        except OSError as exc:
            self.app.toasts.show(t("ladder.not_saved", reason=exc), 5.0, "error")
            return
        self.app.toasts.show(t("ladder.reset_done"), 3.0)

    def cancel(self) -> None:
        self.confirm = None

    # -- layout and input -----------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.ui_scale(size)
        margin, gap = px(48, s), px(28, s)
        bh = px(50, s, 36)
        # Room for the intro as wrapped at this width, whichever it says: the rungs stay
        # put when the ladder is completed.
        lines = max(len(intro_lines(done, text_px(18, s), w - 2 * margin))
                    for done in (False, True))
        top = max(px(150, s), px(88, s) + lines * self._intro_step() + px(18, s))
        bottom = h - px(44, s) - bh - px(24, s)
        rung_w = px(260, s)
        rung_h = min(px(58, s), (bottom - top - (len(RUNGS) - 1) * px(8, s)) // len(RUNGS))
        step = rung_h + px(8, s)
        for i, target in enumerate(reversed(RUNGS)):       # 10 on top, as on a ladder
            self.rungs[target] = pygame.Rect(margin, top + i * step, rung_w, rung_h)
        right = margin + rung_w + gap
        self.chart = pygame.Rect(right, top, w - margin - right, bottom - top)
        bw = [px(280, s), px(200, s), px(160, s)]
        x = (w - sum(bw) - 2 * px(18, s)) // 2
        by = h - px(44, s) - bh
        for button, width in zip(self.buttons, bw):
            button.layout((x, by, width, bh))
            x += width + px(18, s)
        rungs = [Focusable(lambda r=target: self.rungs[r], lambda r=target: self.choose(r))
                 for target in reversed(RUNGS)]
        self.nav.set_items(rungs + [button_focus(b) for b in self.buttons], len(rungs))

    def process_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            self.confirm.handle(event)       # Esc is its Cancel key
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.nav.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for target, rect in self.rungs.items():
                if rect.collidepoint(event.pos):
                    self.choose(target)
                    return
        for button in self.buttons:
            if button.handle(event):
                return

    # -- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w = surface.get_width()
        backdrop(surface)
        blit_label(surface, t("ladder.title"), text_px(40, s), theme.ACCENT, bold=True,
                   midtop=(w // 2, px(28, s)))
        self._draw_intro(surface)
        for target in RUNGS:
            self._draw_rung(surface, target)
        self._draw_chart(surface)
        for button in self.buttons:
            button.draw(surface)
        if self.confirm is not None:
            self.confirm.draw(surface)
            return
        blit_label(surface, t("ladder.hint"), text_px(14, s), theme.TEXT_DIM,
                   midbottom=(w // 2, surface.get_height() - px(12, s)))
        self.nav.draw(surface, s)

    def _intro_step(self) -> int:
        return line_height(text_px(18, self.scale), True)

    def _draw_intro(self, surface: pygame.Surface) -> None:
        s, w = self.scale, surface.get_width()
        done = self.ladder.complete
        size = text_px(18, s)
        y = px(88, s)
        for line in intro_lines(done, size, w - 2 * px(48, s)):
            blit_label(surface, line, size, theme.ACCENT if done else theme.TEXT_DIM, bold=done,
                       midtop=(w // 2, y))
            y += self._intro_step()

    def _draw_rung(self, surface: pygame.Surface, target: int) -> None:
        s, rect = self.scale, self.rungs[target]
        current = target == self.ladder.target and not self.ladder.complete
        beaten = target < self.ladder.target or self.ladder.complete
        chosen = target == self.chosen
        if current:
            fill, ink, note = (*theme.ACCENT, 235), theme.TEXT_DARK, t("ladder.now")
        elif beaten:
            fill, ink = (255, 255, 255, 34), theme.TEXT
            practice = chosen and target < self.ladder.target
            note = t("ladder.practice_rung") if practice else t("ladder.beaten")
        else:
            fill, ink, note = (0, 0, 0, 60), theme.TEXT_DIM, t("ladder.locked")
        edge = (*theme.SELECTED, 255) if chosen else (255, 255, 255, 40)
        surface.blit(rounded(rect.size, fill, px(10, s), edge, 3 if chosen else 1), rect)
        size = text_px(22, s)
        blit_label(surface, t("ladder.rung", target=target), size, ink, bold=True,
                   midleft=(rect.x + px(16, s), rect.centery))
        note_rect = blit_label(surface, note, text_px(15, s), ink, bold=current,
                               midright=(rect.right - px(14, s), rect.centery))
        if beaten:
            star = symbol_icon("star", px(20, s, 12), theme.ACCENT)
            surface.blit(star, star.get_rect(midright=(note_rect.x - px(8, s),
                                                       rect.centery)))
        if self.ladder.complete and target == LAST_TARGET:
            focus_ring(surface, rect, s)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        s, box = self.scale, self.chart
        draw_panel(surface, box, radius=px(14, s))
        games = self.ladder.games
        pad = px(20, s)
        inner = box.inflate(-2 * pad, -2 * pad)
        small = text_px(15, s)
        if not games:
            self._draw_centred(surface, t("ladder.no_games"), text_px(18, s), inner)
            return
        axis_w = px(44, s)
        slot = max(px(MIN_SLOT, s), 1)
        shown = list(games[-min(MAX_BARS, max(1, (inner.w - axis_w) // slot)):])
        head = self._draw_chart_head(surface, inner, len(shown))
        foot = self._draw_tally(surface, inner)
        plot = pygame.Rect(inner.x + axis_w, head + px(14, s), inner.w - axis_w,
                           foot - px(22, s) - head - px(14, s))
        reach = max(5, max(abs(game.margin) for game in shown))
        zero = plot.centery
        half = plot.h // 2 - px(12, s)
        pygame.draw.line(surface, theme.TEXT_DIM, (plot.x, zero), (plot.right, zero), 1)
        for value, y in ((reach, zero - half), (-reach, zero + half)):
            text = f"{value:+d}".replace("-", MINUS)
            blit_label(surface, text, small, theme.TEXT_DIM, midright=(plot.x - px(8, s), y))
            pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
        step = min(plot.w / len(shown), px(36, s))
        bar_w = max(2, round(step * 0.62))
        icon_px = max(8, min(px(16, s), round(step * 0.9)))
        # each bar's target under it where the bars leave room for "10" (small text keeps
        # its size at a small scale, the bars do not)
        room_for_targets = max(px(18, s), theme.font(text_px(12, s)).size("10")[0] + px(6, s))
        for i, game in enumerate(shown):
            cx = round(plot.x + step * (i + 0.5))
            shape, colour = LOOK[game.result]
            length = round(half * abs(game.margin) / reach)
            if game.margin:
                bar = pygame.Rect(cx - bar_w // 2, zero - length if game.margin > 0 else zero,
                                  bar_w, max(1, length))
                pygame.draw.rect(surface, colour, bar, border_radius=max(1, bar_w // 4))
            tip = zero - length - icon_px if game.margin >= 0 else zero + length + icon_px
            icon = symbol_icon(shape, icon_px, colour)
            surface.blit(icon, icon.get_rect(center=(cx, tip if game.margin else zero)))
            if step >= room_for_targets:
                blit_label(surface, str(game.target), text_px(12, s), theme.TEXT_DIM,
                           midtop=(cx, plot.bottom + px(4, s)))

    def _draw_chart_head(self, surface: pygame.Surface, inner: pygame.Rect, shown: int) -> int:
        """The chart's title with the legend beside it, or under it where the two do not fit
        side by side; returns where they end."""
        s = self.scale
        head = blit_label(surface, t("ladder.chart", n=shown), text_px(18, s), theme.TEXT,
                          bold=True, topleft=inner.topleft)
        legend_w = self._legend_width()
        if head.w + px(24, s) + legend_w <= inner.w:
            self._draw_legend(surface, (inner.right, head.centery))
            return head.bottom
        step = line_height(text_px(15, s))
        self._draw_legend(surface, (inner.x + legend_w, head.bottom + px(4, s) + step // 2))
        return head.bottom + px(4, s) + step

    def _draw_tally(self, surface: pygame.Surface, inner: pygame.Rect) -> int:
        """The counts at the chart's foot, wrapped; returns the top of their room."""
        s, small = self.scale, text_px(15, self.scale)
        counts = self.ladder.counts()
        text = t("ladder.tally", n=len(self.ladder.games), win=counts[WIN],
                 draw=counts[DRAW], loss=counts[LOSS],
                 best=self.ladder.best or t("ladder.best_none"))
        lines = wrap_list(text, small, inner.w)
        step = line_height(small)
        top = inner.bottom - len(lines) * step
        for i, line in enumerate(lines):
            blit_label(surface, line, small, theme.TEXT_DIM, topleft=(inner.x, top + i * step))
        return top - px(8, s)

    @staticmethod
    def _draw_centred(surface: pygame.Surface, text: str, size: int, box: pygame.Rect) -> None:
        """`text` wrapped to `box`'s width, the lines centred in it."""
        lines = wrap(text, size, box.w)
        step = line_height(size)
        y = box.centery - len(lines) * step // 2
        for line in lines:
            blit_label(surface, line, size, theme.TEXT_DIM, midtop=(box.centerx, y))
            y += step

    def _legend_width(self) -> int:
        """How wide `_draw_legend` draws."""
        s = self.scale
        font = theme.font(text_px(15, s))
        items = [font.size(t(f"ladder.{result}"))[0] + px(6, s) + px(14, s, 10)
                 for result in (LOSS, DRAW, WIN)]
        return sum(items) + px(16, s) * (len(items) - 1)

    def _draw_legend(self, surface: pygame.Surface, midright: tuple[int, int]) -> None:
        s = self.scale
        x, y = midright
        for result in (LOSS, DRAW, WIN):
            shape, colour = LOOK[result]
            rect = blit_label(surface, t(f"ladder.{result}"), text_px(15, s), theme.TEXT_DIM,
                              midright=(x, y))
            icon = symbol_icon(shape, px(14, s, 10), colour)
            surface.blit(icon, icon.get_rect(midright=(rect.x - px(6, s), y)))
            x = rect.x - px(6, s) - icon.get_width() - px(16, s)
