"""The end of a game: the players ranked, the winner first, with their scores per round
and in total; under them how the points were made (the game's `breakdown`, from its
narration module: each player's items with the cards they are about, drawn small by the
game's card painter); play again, back to the table, or menu.

An overlay over the final table. Per-round scores come from the spectator view's
"round_scores" (one list per round, a score per seat) when the game has rounds. The
ranking and the breakdown scroll together under the headline when they are taller than
the window: the mouse wheel, the arrow keys, Page Up/Down, Home and End.

    app.push("results", session=..., final=link.view(None), scores=link.scores(),
             winners=link.winners(), table_class=type(table), kept=link.kept)

A solo TEN game's results say what it did on the ladder, as the match kept it (`kept`,
`tentable.keeping.KeepResult`): the results never write a record themselves.
"""
from __future__ import annotations

import importlib
from dataclasses import replace

import pygame

from tentable.narration import Breakdown, Item, Teller, score, shown_name, winners_said
from tentable import speech
from tentable.keeping import KeepResult
from tentable.ladder import AGAIN, PRACTICE
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import MODAL, KeyNav, button_focus, px, text_px
from tentable.session import Session
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.cards import card_face
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, label, rounded, shade, wrap
from tentable.ui.widgets.shapes import symbol_icon


def round_scores(view: dict, players: int) -> list[list[int]]:
    rounds = view.get("round_scores", view.get("game_scores"))   # Elfer: the games of a match
    if not isinstance(rounds, list):
        return []
    return [list(r) for r in rounds if isinstance(r, (list, tuple)) and len(r) == players]


def breakdown_of(game_id: str, final: dict) -> Breakdown:
    """The game's breakdown of a finished game's view (empty before the end, or for a
    game whose narration has none)."""
    try:
        words = importlib.import_module(f"tentable.narration.{game_id}")
    except ImportError:
        return Breakdown()
    if final.get("phase") != "over" or not hasattr(words, "breakdown"):
        return Breakdown()
    return words.breakdown(final)


@register_scene("results")
class ResultsScene(Scene):
    opaque = False

    def __init__(self, app, session: Session, final: dict, scores: list[int],
                 winners: list[int], table_class: type | None = None,
                 kept: KeepResult | None = None, again: bool = True) -> None:
        super().__init__(app)
        # a game another computer hosted is not this one's to deal again: no Play again
        self.dealt_here = again
        self.session = session
        self.table_class = table_class
        self.names = [shown_name(seat.name) for seat in session.seats]
        self.scores = list(scores)
        self.winners = set(winners)
        self.rounds = round_scores(final, session.players)
        # Elfer's parts are the games of a match, Take That's are rounds
        self.part = "results.game" if "game_scores" in final else "results.round"
        # a penalty game (retro10): the fewest points win and a score is no gain ("12", not "+12")
        self.lowest_wins = bool(final.get("lowest_wins"))
        self.breakdown = breakdown_of(session.game_id, final)
        self.again = Button(t("results.again"), self.play_again, kind="primary")
        self.ladder_line = ""
        self.next_target: int | None = None
        self.solo = bool(session.game_id == "ten" and session.options.get("solo")
                         and len(scores) == 2)
        if self.solo and kept is not None:
            self._tell_ladder(kept)
        self.menu = Button(t("results.menu"), self.to_menu)
        # Back to the final board, whose banner brings the results again
        self.table = Button(t("results.table"), self.app.pop) if table_class else None
        self.nav = KeyNav()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.columns: list[int] = []   # x of each column's right edge after the name
        self.shown_rounds: list[int] = []
        self.scale = 1.0
        self.view = pygame.Rect(0, 0, 0, 0)     # the scrolled window on the content
        self.content: pygame.Surface | None = None
        self.content_h = 0
        self.scroll = 0
        self._layout: list[tuple] = []           # what the content is drawn from
        # read aloud (when on): who won, and the ladder's word on it
        self.app.speech.say(speech.joined([self.headline(), self.ladder_line]))

    def _tell_ladder(self, kept: KeepResult) -> None:
        """What the game did on the ladder (the table has told why, if it is not kept)."""
        if kept.ladder is None:
            self.ladder_line = t("ladder.not_saved", reason=kept.reason)
            return
        ladder, outcome = kept.ladder, kept.outcome
        if outcome is None:
            self.ladder_line = t("ladder.kept", next=ladder.target)
        else:
            key = f"ladder.{outcome.kind}" + (f".{outcome.result}" if outcome.kind == AGAIN
                                               else "")
            self.ladder_line = t(key, target=self.session.options.get("target", 5),
                                 next=outcome.target)
        if outcome is None or outcome.kind != PRACTICE:   # play on up the ladder
            self.next_target = ladder.target
            self.again.text = t("ladder.play", target=ladder.target)

    @property
    def solo_draw(self) -> bool:
        """S8: equal points against Mona (the engine lists both seats as winners)."""
        return self.solo and len(self.winners) == 2

    @property
    def drawn(self) -> bool:
        """Nobody won (a solo draw, TEN tiles' TL-R8): a draw, never a shared win."""
        return self.solo_draw or self.breakdown.draw

    def starred(self, seat: int) -> bool:
        """Whether `seat`'s row is marked as a winner's: a draw is nobody's win."""
        return seat in self.winners and not self.drawn

    def ranked(self) -> list[int]:
        """The seats best first: the winners (ties broken by the rules), then by score,
        the fewest points first in a penalty game."""
        sign = 1 if self.lowest_wins else -1
        return sorted(range(len(self.names)), key=lambda seat: (
            not self.starred(seat), sign * self.scores[seat], seat))

    def headline(self) -> str:
        if self.solo_draw:
            return t("ladder.result_draw")
        if self.drawn:
            return t("results.draw")
        humans = self.session.humans
        teller = Teller(self.names, humans[0] if len(humans) == 1 else None)
        return winners_said(teller, sorted(self.winners), "results.winner", "results.tie",
                            t("results.and"))

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
        width = min(size[0] - 2 * px(40, s), px(980, s))
        name_w = px(230, s)
        col_w = px(84, s, 56)
        fit_columns = max(1, (width - 2 * px(36, s) - name_w) // col_w - 1)
        self.shown_rounds = list(range(len(self.rounds)))[-fit_columns:] if self.rounds else []
        columns = len(self.shown_rounds) + 1
        explained = bool(self.breakdown.seats or self.breakdown.items)
        if not explained:
            width = max(px(560, s), min(width, name_w + columns * col_w + 2 * px(36, s)))
        # the headline, and its line when it has one, above the scrolled window
        top = px(150 if self.lowest_wins or self.ladder_line else 124, s)
        bottom = px(110, s)                    # the buttons below it
        self.table_rect = pygame.Rect(0, 0, width - 2 * px(36, s), (players + 1) * row_h)
        self.columns = [self.table_rect.right - (columns - 1 - i) * col_w
                        for i in range(columns)]
        self._layout = self._lay_out_breakdown(self.table_rect.w, self.table_rect.bottom)
        self.content_h = (self._layout[-1][1] if self._layout else self.table_rect.bottom)
        room = size[1] - 2 * px(20, s)
        height = min(room, top + self.content_h + px(12, s) + bottom)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.view = pygame.Rect(self.panel.x + px(36, s), self.panel.y + top,
                                self.table_rect.w, height - top - bottom)
        self.content = None
        self.scroll = min(self.scroll, self.max_scroll)
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
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)

    @property
    def line_step(self) -> int:
        """How far an arrow key or a notch of the wheel scrolls: two lines of text."""
        return text_px(17, self.scale) * 2

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    # -- the breakdown's layout: pieces placed in the content's coordinates ---------------
    def _lay_out_breakdown(self, width: int, y: int) -> list[tuple]:
        """Where each piece of the breakdown goes under the ranking (which ends at `y`):
        ("text", text, px, colour, bold, x, y), ("card", code, rect), ("icon", ...),
        ("rule", y) — and last ("end", height)."""
        s, bd = self.scale, self.breakdown
        if not (bd.seats or bd.items):
            return []
        small, body = text_px(15, s), text_px(17, s)
        line = round(body * 1.3)
        pieces: list[tuple] = []
        y += px(18, s)
        heading = t("results.how" if bd.seats else "results.ended") + (
            f" \u00b7 {bd.title}" if bd.title else "")
        pieces.append(("text", fit(heading, small, width, bold=True), small, theme.TEXT_DIM,
                       True, 0, y))
        y += round(small * 1.5)
        label_w = width * 30 // 100
        items = bd.items + [item for rows in bd.seats.values() for item in rows]
        value_w = min(width * 28 // 100, max((label(i.value, body, bold=True).get_width()
                                              for i in items), default=0))
        for item in bd.items:
            y = self._lay_out_item(pieces, item, 0, y, width, label_w, value_w, body, line)
        for seat in self.ranked():
            rows = bd.seats.get(seat)
            if not rows:
                continue
            pieces.append(("rule", y + px(4, s)))
            y += px(10, s)
            colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
            pieces.append(("icon", "star" if self.starred(seat) else "circle", px(16, s, 12),
                           theme.ACCENT if self.starred(seat) else colour, px(10, s),
                           y + line // 2))
            pieces.append(("text", fit(self.names[seat], body, width - px(28, s), bold=True),
                           body, theme.TEXT, True, px(28, s), y))
            y += line
            for item in rows:
                y = self._lay_out_item(pieces, item, px(28, s), y, width, label_w, value_w,
                                       body, line)
        pieces.append(("end", y + px(8, s)))
        return pieces

    def _lay_out_item(self, pieces: list[tuple], item: Item, x: int, y: int, width: int,
                      label_w: int, value_w: int, body: int, line: int) -> int:
        """One item: its label (wrapped) on the left, the cards and the note in the middle,
        the value on the right; returns the y under it."""
        s = self.scale
        gap = px(12, s)
        dim = theme.TEXT_DIM
        alone = not (item.value or item.cards or item.note)    # a sentence: the whole width
        labels = wrap(item.label, body, (width if alone else label_w) - x - gap)
        for i, text in enumerate(labels):
            pieces.append(("text", text, body, dim, False, x, y + i * line))
        if item.value:
            ink = theme.PENALTY_TEXT if item.penalty else theme.TEXT
            pieces.append(("text", fit(item.value, body, value_w, bold=True), body, ink, True,
                           width - value_w, y, value_w))
        middle_x = label_w + gap
        middle_w = width - value_w - gap - middle_x
        tiles = self.session.game_id == "tentiles"
        card_h = px(40, s) if tiles else px(54, s)
        card_w = card_h if tiles else round(card_h / theme.CARD_RATIO)
        step = card_w + px(4, s)
        per_row = max(1, middle_w // step)
        cy = y
        for i, code in enumerate(item.cards):
            row, col = divmod(i, per_row)
            cy = y + row * (card_h + px(4, s))
            pieces.append(("card", code, pygame.Rect(middle_x + col * step, cy, card_w, card_h)))
        rows = (len(item.cards) + per_row - 1) // per_row
        below = y + rows * (card_h + px(4, s))
        beside = len(item.cards) - (rows - 1) * per_row    # cards on the last row
        room = middle_w - beside * step - gap
        if item.note and rows and label(item.note, body).get_width() <= room:
            # the note fits beside the last row of cards: "3 to 7" next to them
            pieces.append(("text", item.note, body, theme.TEXT, False,
                           middle_x + beside * step + gap, cy + (card_h - body) // 2))
            notes = []
        else:
            notes = wrap(item.note, body, middle_w) if item.note else []
        for i, text in enumerate(notes):
            pieces.append(("text", text, body, theme.TEXT, False, middle_x, below + i * line))
        bottom = max(y + len(labels) * line, below + len(notes) * line, y + line)
        return bottom + px(6, s)

    def _paint_content(self) -> pygame.Surface:
        """The ranking and the breakdown, painted once per layout; drawn scrolled."""
        content = pygame.Surface((self.view.w, max(1, self.content_h)), pygame.SRCALPHA)
        self._draw_scores(content)
        game = self.session.game_id
        for piece in self._layout:
            kind = piece[0]
            if kind == "text":
                _, text, size, ink, bold, x, y, *right = piece
                image = label(text, size, ink, bold)
                content.blit(image, (x + right[0] - image.get_width() if right else x, y))
            elif kind == "card":
                rect = piece[2]
                content.blit(card_face(game, piece[1], rect.size), rect)
            elif kind == "icon":
                _, name, size, ink, x, y = piece
                icon = symbol_icon(name, size, ink)
                content.blit(icon, icon.get_rect(center=(x, y)))
            elif kind == "rule":
                pygame.draw.line(content, (255, 255, 255, 40), (0, piece[1]),
                                 (content.get_width(), piece[1]))
        return content

    @property
    def buttons(self) -> list[Button]:
        """Play again (a game of this computer's), back to the final board (from a
        table), menu."""
        return ([self.again] if self.dealt_here else []) + \
            ([self.table] if self.table else []) + [self.menu]

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc closes the results: back to the final board, or the menu without one
            self.app.pop() if self.table else self.to_menu()
            return
        if self.max_scroll and self._scrolled(event):
            return
        if self.nav.handle(event):
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def _scrolled(self, event: pygame.event.Event) -> bool:
        """The wheel, and the keys that scroll (the buttons stand in one row, so Up and
        Down are free for it)."""
        line = self.line_step
        page = max(line, self.view.h - line)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line)
            return True
        steps = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page,
                 pygame.K_PAGEUP: -page, pygame.K_HOME: -self.content_h,
                 pygame.K_END: self.content_h}
        if event.type == pygame.KEYDOWN and event.key in steps:
            self.scroll_by(steps[event.key])
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        shade(surface)
        draw_panel(surface, self.panel, MODAL, radius=px(18, s))
        cx = self.panel.centerx
        blit_label(surface, t("results.title"), text_px(20, s), theme.TEXT_DIM, bold=True,
                   midtop=(cx, self.panel.y + px(30, s)))
        headline = label(self.headline(), text_px(38, s), theme.ACCENT, bold=True)
        y = self.panel.y + px(62, s)
        if self.drawn:                       # nobody won: no winner's stars
            surface.blit(headline, headline.get_rect(midtop=(cx, y)))
        else:
            star = symbol_icon("star", headline.get_height(), theme.ACCENT)
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
        if self.content is None:
            self.content = self._paint_content()
        area = pygame.Rect(0, self.scroll, self.view.w, self.view.h)
        surface.blit(self.content, self.view, area)
        if self.max_scroll:
            self._draw_scrollbar(surface)
        for button in self.buttons:
            button.draw(surface)
        self.nav.draw(surface, s)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """A thumb beside the scrolled window, and the hint of how to scroll under it."""
        s, view = self.scale, self.view
        track = pygame.Rect(view.right + px(12, s), view.y, px(5, s, 3), view.h)
        surface.blit(rounded(track.size, (255, 255, 255, 30), track.w // 2), track)
        thumb_h = max(px(30, s), view.h * view.h // self.content_h)
        thumb_y = view.y + (view.h - thumb_h) * self.scroll // self.max_scroll
        thumb = pygame.Rect(track.x, thumb_y, track.w, thumb_h)
        surface.blit(rounded(thumb.size, (*theme.TEXT_DIM, 200), track.w // 2), thumb)
        size = text_px(13, s)
        blit_label(surface, fit(t("results.scroll"), size, self.panel.w - px(40, s)), size,
                   theme.TEXT_DIM, midtop=(self.panel.centerx, view.bottom + px(4, s)))

    def cells(self, seat: int) -> list[str]:
        """A seat's row after its name: the points of each part shown, then the total, as
        every screen writes a score (`narration.score`: a penalty game's without "+")."""
        values = [self.rounds[r][seat] for r in self.shown_rounds] + [self.scores[seat]]
        return [score(value, self.lowest_wins) for value in values]

    def _draw_scores(self, surface: pygame.Surface) -> None:
        """The ranking, at the top of the content: the winner first."""
        s = self.scale
        box = self.table_rect
        rows = len(self.names) + 1
        row_h = box.h // rows
        small, body = text_px(15, s), text_px(19, s)
        heads = [t(self.part, n=r + 1) for r in self.shown_rounds] + [
            t("results.penalty") if self.lowest_wins else t("results.total")]
        blit_label(surface, t("results.player"), small, theme.TEXT_DIM, bold=True,
                   midleft=(box.x + px(40, s), box.y + row_h // 2))
        for x, head in zip(self.columns, heads):
            blit_label(surface, head, small, theme.TEXT_DIM, bold=True,
                       midright=(x - px(14, s), box.y + row_h // 2))
        for place, seat in enumerate(self.ranked()):
            name = self.names[seat]
            y = box.y + (place + 1) * row_h
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
            cells = self.cells(seat)
            for i, (x, shown) in enumerate(zip(self.columns, cells)):
                last = i == len(cells) - 1
                ink = theme.ACCENT if last and won else theme.TEXT if last else theme.TEXT_DIM
                blit_label(surface, shown, body, ink, bold=last,
                           midright=(x - px(14, s), row.centery))
