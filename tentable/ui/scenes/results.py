"""The end of a game: scores per round and in total, the winners, play again or menu.

An overlay over the final table. Per-round scores come from the spectator view's
"round_scores" (one list per round, a score per seat) when the game has rounds.

    app.push("results", session=..., final=state.view(None), scores=state.scores(),
             winners=state.winners(), table_class=type(table))
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from tentable import store
from tentable.ladder import AGAIN, PRACTICE, SoloGame, now
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import MINUS, MODAL, KeyNav, button_focus, px, signed, text_px
from tentable.session import Session
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, label, rounded, shade
from tentable.ui.widgets.shapes import symbol_icon


def round_scores(view: dict, players: int) -> list[list[int]]:
    rounds = view.get("round_scores", view.get("game_scores"))   # Elfer: the games of a match
    if not isinstance(rounds, list):
        return []
    return [list(r) for r in rounds if isinstance(r, (list, tuple)) and len(r) == players]


@register_scene("results")
class ResultsScene(Scene):
    opaque = False

    def __init__(self, app, session: Session, final: dict, scores: list[int],
                 winners: list[int], table_class: type | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.table_class = table_class
        self.names = [seat.name for seat in session.seats]
        self.scores = list(scores)
        self.winners = set(winners)
        self.rounds = round_scores(final, session.players)
        # a penalty game (retro10): the fewest points win and a score is no gain ("12", not "+12")
        self.lowest_wins = bool(final.get("lowest_wins"))
        self.again = Button(t("results.again"), self.play_again, kind="primary")
        # A solo TEN game is kept on the ladder here, once: this scene is built once per
        # finished game, and the store ignores the same game kept twice.
        self.ladder_line = ""
        self.next_target: int | None = None
        self.solo = bool(session.game_id == "ten" and session.options.get("solo")
                         and len(scores) == 2)
        if self.solo:
            self._keep_on_ladder()
        self.menu = Button(t("results.menu"), self.to_menu)
        # Back to the final board, whose banner brings the results again
        self.table = Button(t("results.table"), self.app.pop) if table_class else None
        self.nav = KeyNav()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.columns: list[int] = []   # x of each column's right edge after the name
        self.shown_rounds: list[int] = []
        self.scale = 1.0

    def _keep_on_ladder(self) -> None:
        game = SoloGame(now(), self.session.options.get("target", 5), self.session.seed,
                        self.scores[0], self.scores[1])        # you are seat 0, Mona 1
        try:
            ladder, outcome, message = store.add_ladder_game(game)
        except (OSError, ValueError) as exc:
            self.ladder_line = t("ladder.not_saved", reason=exc)
            self.app.toasts.show(self.ladder_line, 6.0, "error")
            return
        if message:
            self.app.toasts.show(message, 6.0, "error")
        if outcome is None:
            self.ladder_line = t("ladder.kept", next=ladder.target)
        else:
            key = f"ladder.{outcome.kind}" + (f".{outcome.result}" if outcome.kind == AGAIN
                                               else "")
            self.ladder_line = t(key, target=game.target, next=outcome.target)
        if outcome is None or outcome.kind != PRACTICE:   # play on up the ladder
            self.next_target = ladder.target
            self.again.text = t("ladder.play", target=ladder.target)

    @property
    def solo_draw(self) -> bool:
        """S8: equal points against Mona (the engine lists both seats as winners)."""
        return self.solo and len(self.winners) == 2

    def starred(self, seat: int) -> bool:
        """Whether `seat`'s row is marked as a winner's: a solo draw is nobody's win."""
        return seat in self.winners and not self.solo_draw

    def headline(self) -> str:
        if self.solo_draw:
            return t("ladder.result_draw")
        names = [self.names[i] for i in sorted(self.winners)]
        humans = self.session.humans
        if (len(humans) == 1 and self.winners == set(humans)) or names == [t("setup.name_you")]:
            return t("results.you_win")
        if len(names) == 1:
            return t("results.winner", name=names[0])
        return t("results.tie", names=t("results.and").join(names))

    def play_again(self) -> None:
        session = self.session.with_new_seed()
        if self.next_target is not None:
            session = replace(session, options={**session.options, "target": self.next_target})
        if self.table_class is not None:
            self.app.reset(self.table_class(self.app, session))
        else:
            self.app.reset("table", session=session)

    def to_menu(self) -> None:
        self.app.reset("menu")

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        row_h = px(42, s)
        players = len(self.names)
        width = min(size[0] - 2 * px(40, s), px(900, s))
        name_w = px(230, s)
        col_w = px(84, s, 56)
        fit = max(1, (width - 2 * px(36, s) - name_w) // col_w - 1)
        self.shown_rounds = list(range(len(self.rounds)))[-fit:] if self.rounds else []
        columns = len(self.shown_rounds) + 1
        width = max(px(560, s), min(width, name_w + columns * col_w + 2 * px(36, s)))
        height = px(170, s) + (players + 1) * row_h + px(110, s)
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - 2 * px(20, s)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.inflate(-2 * px(36, s), 0)
        self.table_rect = pygame.Rect(inner.x, self.panel.y + px(150, s), inner.w,
                                      (players + 1) * row_h)
        right = inner.right
        self.columns = [right - (columns - 1 - i) * col_w for i in range(columns)]
        buttons = self.buttons
        bh, gap = px(52, s, 38), px(18, s)
        bw = min(px(220, s), (self.panel.w - px(60, s)) // len(buttons) - gap)
        by = self.panel.bottom - bh - px(28, s)
        x = self.panel.centerx - (len(buttons) * bw + (len(buttons) - 1) * gap) // 2
        for button in buttons:
            button.layout((x, by, bw, bh))
            x += bw + gap
        self.nav.set_items([button_focus(b) for b in buttons], 0)

    @property
    def buttons(self) -> list[Button]:
        """Play again, back to the final board (from a table), menu."""
        return [self.again] + ([self.table] if self.table else []) + [self.menu]

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc closes the results: back to the final board, or the menu without one
            self.app.pop() if self.table else self.to_menu()
            return
        if self.nav.handle(event):
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        shade(surface)
        draw_panel(surface, self.panel, MODAL, radius=px(18, s))
        cx = self.panel.centerx
        blit_label(surface, t("results.title"), text_px(20, s), theme.TEXT_DIM, bold=True,
                   midtop=(cx, self.panel.y + px(30, s)))
        headline = label(self.headline(), text_px(38, s), theme.ACCENT, bold=True)
        star = symbol_icon("star", headline.get_height(), theme.ACCENT)
        y = self.panel.y + px(62, s)
        total_w = headline.get_width() + 2 * (star.get_width() + px(12, s))
        x = cx - total_w // 2
        surface.blit(star, (x, y))
        surface.blit(headline, (x + star.get_width() + px(12, s), y))
        surface.blit(star, (x + total_w - star.get_width(), y))
        if self.lowest_wins:
            blit_label(surface, t("results.lowest_wins"), text_px(15, s), theme.TEXT_DIM,
                       midtop=(cx, y + headline.get_height() + px(4, s)))
        if self.ladder_line:
            size = text_px(17, s)
            line = fit(self.ladder_line, size, self.panel.w - 2 * px(36, s), bold=True)
            blit_label(surface, line, size, theme.TEXT, bold=True,
                       midtop=(cx, y + headline.get_height() + px(4, s)))
        self._draw_scores(surface)
        for button in self.buttons:
            button.draw(surface)
        self.nav.draw(surface, s)

    def _draw_scores(self, surface: pygame.Surface) -> None:
        s = self.scale
        box = self.table_rect
        rows = len(self.names) + 1
        row_h = box.h // rows
        small, body = text_px(15, s), text_px(19, s)
        heads = [t("results.round", n=r + 1) for r in self.shown_rounds] + [
            t("results.penalty") if self.lowest_wins else t("results.total")]
        blit_label(surface, t("results.player"), small, theme.TEXT_DIM, bold=True,
                   midleft=(box.x + px(40, s), box.y + row_h // 2))
        for x, head in zip(self.columns, heads):
            blit_label(surface, head, small, theme.TEXT_DIM, bold=True,
                       midright=(x - px(14, s), box.y + row_h // 2))
        for seat, name in enumerate(self.names):
            y = box.y + (seat + 1) * row_h
            row = pygame.Rect(box.x, y, box.w, row_h - px(4, s))
            won = self.starred(seat)
            fill = (*theme.ACCENT, 60) if won else (255, 255, 255, 14)
            edge = (*theme.ACCENT, 170) if won else None
            surface.blit(rounded(row.size, fill, px(8, s), edge), row)
            colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
            icon = symbol_icon("star" if won else "circle", px(20, s, 14),
                               theme.ACCENT if won else colour)
            surface.blit(icon, icon.get_rect(center=(box.x + px(20, s), row.centery)))
            blit_label(surface, name, body, theme.TEXT, bold=won,
                       midleft=(box.x + px(40, s), row.centery))
            values = [self.rounds[r][seat] for r in self.shown_rounds] + [self.scores[seat]]
            for i, (x, value) in enumerate(zip(self.columns, values)):
                last = i == len(values) - 1
                ink = theme.ACCENT if last and won else theme.TEXT if last else theme.TEXT_DIM
                shown = str(value).replace("-", MINUS) if self.lowest_wins else signed(value)
                blit_label(surface, shown, body, ink, bold=last,
                           midright=(x - px(14, s), row.centery))
