"""Your games: every finished game kept (`tentable.archive`), newest first. Pick one to
watch it again in the replay viewer, save a copy of it to a file of your choice (to keep or
share), or open such a file to watch it. The list opens at once with a thousand games: it
shows each file's summary, and a game's moves are replayed only when it is watched or saved.

Choosing a game (a click, the arrow keys, the wheel) names the copy after it, in the folder
the field holds; a name the player typed stays. A copy saved onto a file that is there
already asks first: nothing the player wrote is replaced unasked.

    app.push("games")
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pygame

from tentable import archive
from tentable.engine import GAMES
from tentable.narration import Teller, scores_line, shown_name, winners_said
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene, table_for
from tentable.ui.scenes.common import KeyNav, TextField, backdrop, button_focus, px, text_px
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.panel import blit_label, fit, rounded

ROWS = 8          # games on one page


def outcome(game: archive.Kept) -> str:
    """"Ana won" / "Ana and Ben shared the win" / "A draw", in a player's words."""
    if len(game.winners) == len(game.names) and len(game.names) > 1:
        return t("games.draw")
    return winners_said(Teller(game.names), game.winners, "games.won", "games.shared")


def scores_text(game: archive.Kept) -> str:
    """"Ana +3 · Ben −2"; a penalty game's as its results show them ("Ana 37 · Ben 132")."""
    return scores_line([shown_name(name) for name in game.names], game.scores,
                       GAMES[game.game].state.lowest_wins)


@register_scene("games")
class GamesScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.games, messages = archive.load_all()
        for message in messages:
            self.app.toasts.show(message, 6.0, "error")
        self.games = [g for g in self.games if g.game in GAMES and table_for(g.game)]
        self.index = 0
        self.rows: list[pygame.Rect] = []
        self.hover: int | None = None
        self.back_button = Button(t("games.back"), self.app.pop)
        self.watch_button = Button(t("games.watch"), self.watch, key=pygame.K_RETURN,
                                   kind="primary")
        self.save_button = Button(t("games.save"), self.save_copy)
        self.open_button = Button(t("games.open"), self.open_file)
        self.path = TextField(self.default_path(), max_len=400,
                              on_change=lambda text: setattr(self, "path_edited", True))
        self.path_edited = False
        self.confirm: Dialog | None = None     # replace a file that is there already?
        # Tab goes from the file field through the buttons; ↑ ↓ choose the game
        self.nav = KeyNav(arrows=False)
        self.scale = 1.0

    @property
    def buttons(self) -> list[Button]:
        return [self.back_button, self.watch_button, self.save_button, self.open_button]

    def default_path(self) -> str:
        """Where a copy of the chosen game goes unless the player types another place."""
        folder = Path(platformdirs.user_documents_dir()) / "tentable"
        if not self.games:
            return str(folder) + os.sep
        return str(folder / self.file_name())

    def file_name(self) -> str:
        """The chosen game's own file name for a copy."""
        game = self.games[self.index]
        return f"{game.name or game.game}.json"

    def choose(self, index: int) -> None:
        """Choose a game, and name the copy after it: the field's file name follows the
        game while it is the last game's own (in whatever folder the player typed)."""
        if not self.games:
            return
        before = self.file_name()
        self.index = max(0, min(len(self.games) - 1, index))
        if not self.path_edited:
            self.path.set_text(self.default_path())
        elif Path(self.path.text).name == before:
            self.path.set_text(self.path.text[: -len(before)] + self.file_name())

    def typed_path(self) -> Path | None:
        """The place typed in the file field, `~` expanded; None, with a message, when it
        names a home folder there is none of (`~nosuchuser/x`)."""
        try:
            return Path(self.path.text).expanduser()
        except RuntimeError:            # Path's word for a user it cannot find
            home = Path(self.path.text).parts[0][:40]      # "~nosuchuser"
            self.app.toasts.show(t("games.no_home", path=home), 6.0, "error")
            return None

    def chosen(self, refusal: str) -> archive.Kept | None:
        """The chosen game with its moves replayed, as watching or saving it needs (the
        list shows each file's summary, unplayed); None when there is none, or when its
        moves do not replay: then the toast says why, in `refusal`'s words."""
        if not self.games:
            return None
        game, problem = archive.replayed(self.games[self.index])
        if game is None:
            self.app.toasts.show(t(refusal, reason=problem), 6.0, "error")
        return game

    def save_copy(self) -> None:
        """Save the chosen game to the file in the field; a file there already is replaced
        only once the player says so."""
        if not self.games:
            return
        path = self.typed_path()
        if path is None:
            return
        if os.path.lexists(path) and not path.is_dir():
            self.confirm = Dialog(t("games.replace_title", file=path.name),
                                  [t("games.replace_body", file=path.name,
                                     folder=str(path.parent))], [
                Button(t("games.replace_yes"), lambda: self.write_copy(path),
                       key=pygame.K_RETURN, kind="danger"),
                Button(t("games.replace_no"), self.cancel, key=pygame.K_ESCAPE,
                       kind="primary")])
            return
        self.write_copy(path)

    def cancel(self) -> None:
        self.confirm = None

    def write_copy(self, path: Path) -> None:
        self.confirm = None
        game = self.chosen("games.save_failed")
        if game is None:
            return
        try:
            archive.export(game, path)
        except (OSError, ValueError) as exc:
            self.app.toasts.show(t("games.save_failed", reason=exc), 5.0, "error")
            return
        self.app.toasts.show(t("games.saved", path=str(path)), 5.0)

    def open_file(self) -> None:
        path = self.typed_path()
        if path is None:
            return
        try:
            game, message = archive.load(path)
        except (OSError, ValueError) as exc:     # a folder, a name the system refuses
            game, message = None, t("games.open_failed", reason=exc)
        if game is None or game.game not in GAMES or table_for(game.game) is None:
            self.app.toasts.show(message or t("games.no_table"), 6.0, "error")
            return
        self.app.push("replay", game=game)

    @property
    def first(self) -> int:
        return self.index // ROWS * ROWS

    def watch(self) -> None:
        game = self.chosen("games.open_failed")
        if game is not None:
            self.app.push("replay", game=game)

    def move(self, step: int) -> None:
        self.choose(self.index + step)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        w, h = size
        width = min(w - 2 * px(40, s), px(1000, s))
        top, row_h = px(100, s), px(48, s, 36)
        x = (w - width) // 2
        self.rows = [pygame.Rect(x, top + i * row_h, width, row_h - px(6, s))
                     for i in range(ROWS)]
        bw, bh, gap = px(200, s), px(46, s, 34), px(14, s)
        y = h - bh - px(30, s)
        x = (w - 4 * bw - 3 * gap) // 2
        for button in self.buttons:
            button.layout((x, y, bw, bh))
            x += bw + gap
        self.path.layout(pygame.Rect((w - width) // 2, y - bh - px(14, s), width, bh))
        self.nav.set_items([self.path.focusable()] + [button_focus(b) for b in self.buttons])

    def process_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            self.confirm.handle(event)       # Esc is its Cancel key
            return
        typing = self.path.active
        if self.path.handle(event):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.nav.focus_field(self.path)
            return
        tab = event.type == pygame.KEYDOWN and event.key == pygame.K_TAB
        if tab and typing:
            self.nav.visible = True            # Tab goes on from the field
        # Enter watches the chosen game unless Tab put the focus on a button
        if (tab or self.nav.visible or event.type != pygame.KEYDOWN) and self.nav.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS,
                     pygame.K_PAGEDOWN: ROWS, pygame.K_HOME: -len(self.games),
                     pygame.K_END: len(self.games)}
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in steps:
                self.move(steps[event.key])
                return
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:          # a click chooses; a click on the chosen one watches
                self.watch() if row == self.index else self.choose(row)
                return
        for button in self.buttons:
            if button.handle(event):
                return

    def update(self, dt: float) -> bool:
        return self.path.update(dt)

    def _row_at(self, pos) -> int | None:
        for i, rect in enumerate(self.rows):
            if rect.collidepoint(pos) and self.first + i < len(self.games):
                return self.first + i
        return None

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        w = surface.get_width()
        blit_label(surface, t("games.title"), text_px(40, s), theme.TEXT, bold=True,
                   midtop=(w // 2, px(36, s)))
        if not self.games:
            blit_label(surface, t("games.none"), text_px(theme.FONT_BODY, s), theme.TEXT_DIM,
                       center=(w // 2, surface.get_height() // 2))
        size = text_px(theme.FONT_BODY, s)
        small = text_px(theme.FONT_SMALL, s)
        for i, rect in enumerate(self.rows):
            n = self.first + i
            if n >= len(self.games):
                break
            game = self.games[n]
            chosen, lit = n == self.index, n == self.hover
            fill = (*theme.ACCENT, 70) if chosen else (255, 255, 255, 26 if lit else 14)
            surface.blit(rounded(rect.size, fill, px(8, s),
                                 (*theme.ACCENT, 170) if chosen else None), rect)
            pad = px(14, s)
            title = GAMES[game.game].title
            left = f"{game.finished.replace('T', ' ')[:16]}   {title}"
            blit_label(surface, fit(left, size, rect.w // 2 - pad, True), size, theme.TEXT,
                       bold=True, midleft=(rect.x + pad, rect.centery - small // 2))
            blit_label(surface, fit(scores_text(game), small, rect.w // 2 - pad), small,
                       theme.TEXT_DIM, midleft=(rect.x + pad, rect.centery + size // 2))
            blit_label(surface, fit(outcome(game), size, rect.w // 2 - 2 * pad), size,
                       theme.ACCENT, midright=(rect.right - pad, rect.centery))
        if len(self.games) > ROWS:
            page = t("games.page", first=self.first + 1,
                     last=min(len(self.games), self.first + ROWS), n=len(self.games))
            blit_label(surface, page, small, theme.TEXT_DIM,
                       midtop=(w // 2, self.rows[-1].bottom + px(8, s)))
        self.watch_button.enabled = self.save_button.enabled = bool(self.games)
        for button in self.buttons:
            button.draw(surface)
        self.path.draw(surface)
        blit_label(surface, t("games.hint"), small, theme.TEXT_DIM,
                   midbottom=(w // 2, surface.get_height() - px(6, s)))
        blit_label(surface, t("games.file"), small, theme.TEXT_DIM,
                   bottomleft=(self.path.rect.x, self.path.rect.y - px(2, s)))
        if self.confirm is not None:
            self.confirm.draw(surface)
        else:
            self.nav.draw(surface, s)
