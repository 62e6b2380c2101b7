"""The title screen: one tile per game, Settings and Quit.

A game with a game in progress (one autosave per game, `keeping.games_in_progress`) gets a
"Continue" pill on its tile, above "New game"; a game with a guided first game
(`tentable.tutorial`) a "Learn to play" pill above its Play. Each tile has a "How to play"
pill on its picture, and F1 opens the rules of the game in focus (or under the mouse).
"""
from __future__ import annotations

from typing import Callable

import pygame

from tentable import keeping, tutorial
from tentable.engine import GAMES, Game, SetupError
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import NoTable, register_scene, table_for
from tentable.ui.scenes.common import (Focusable, KeyNav, backdrop, button_focus, focus_ring,
                                       px, text_px)
from tentable.session import Session
from tentable.text import t
from tentable.ui.widgets.button import Button, caption_width
from tentable.ui.widgets.illustration import illustration
from tentable.ui.widgets.panel import (blit_label, faded, fit, label, line_height, rounded,
                                       wrap)

PLAY, CONTINUE, RULES, LEARN = "play", "continue", "rules", "learn"  # a tile's parts keys focus
ART_SHARE = 0.46    # of a tile's height for its picture, where the words under it leave room
LEAST_ART = 64      # units: a short room takes the gaps round the tiles before the picture
HEAD_GIVES = 40     # units under the title a short room takes, the tagline's


def title_slot(scale: float) -> int:
    """The height a one-line title takes, whatever size it fits at: the tiles' lines align."""
    return line_height(text_px(25, scale), True)


def players_text(game: Game) -> str:
    if game.min_players == game.max_players:
        return t("menu.players_exact", n=game.min_players)
    return t("menu.players", low=game.min_players, high=game.max_players)


def fitted_title(text: str, width: int, scale: float) -> list[pygame.Surface]:
    """The title at the largest size that fits one line, else on two lines."""
    for size in (25, 23, 21, 19):
        image = label(text, text_px(size, scale), theme.TEXT, bold=True)
        if image.get_width() <= width:
            return [image]
    size = text_px(19, scale)
    return [label(line, size, theme.TEXT, bold=True) for line in wrap(text, size, width, True)[:2]]


def pill_height(scale: float) -> int:
    return px(34, scale, 26)


def row_widths(buttons: list[Button], most: int, room: int, height: int, pad: int) -> list[int]:
    """Widths for a row of buttons in `room` (the gaps taken off): all alike, at most `most`,
    where every caption fits that; else each its caption's width and a share of the rest."""
    share = min(most, room // max(1, len(buttons)))
    needs = [caption_width(button.text, height) + pad for button in buttons]
    if max(needs, default=0) <= share:
        return [share] * len(buttons)
    spare = max(0, room - sum(needs)) // max(1, len(buttons))
    return [need + spare for need in needs]


def games_in_progress(show: Callable[[str], None]) -> dict[str, Session]:
    """The games in progress that can be continued, by game id: each has a table, replays
    and is not over (`keeping.games_in_progress`, which also keeps a finished game the app
    stopped while keeping). Each message, of a file set aside or a game not kept, is
    `show`n."""
    records, messages = keeping.games_in_progress()
    for message in messages:
        show(message)
    found: dict[str, Session] = {}
    for game_id, record in records.items():
        if game_id in GAMES and table_for(game_id) is not None:
            found[game_id] = Session.from_record(record)
    return found


class GameTile:
    """A game's card on the menu: picture, title, players, blurb; "New game" opens the
    setup, "Continue" (when there is a game in progress) goes back to the table, "Learn to
    play" opens the guided first game, "How to play" the rules page."""

    def __init__(self, game: Game, on_click: Callable[[], None],
                 on_continue: Callable[[], None] | None = None,
                 on_rules: Callable[[], None] | None = None,
                 on_learn: Callable[[], None] | None = None) -> None:
        self.game = game
        self.on_click = on_click
        self.on_continue = on_continue
        self.on_rules = on_rules
        self.on_learn = on_learn          # the guided first game, where the game has one
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.play_pill = pygame.Rect(0, 0, 0, 0)
        self.continue_pill = pygame.Rect(0, 0, 0, 0)
        self.rules_pill = pygame.Rect(0, 0, 0, 0)
        self.learn_pill = pygame.Rect(0, 0, 0, 0)
        self.art: pygame.Surface | None = None
        self.art_h = 0
        self.hover: str | None = None      # PLAY, CONTINUE or None
        self.pressed: str | None = None

    def words_height(self, tile_w: int, scale: float) -> int:
        """What a tile `tile_w` wide needs under its picture: title, players, the
        description whole and the pills (Continue too: it once took the description's
        room)."""
        width = tile_w - 2 * px(16, scale)
        lines = fitted_title(self.game.title, width, scale)
        title = (title_slot(scale) if len(lines) == 1
                 else sum(line.get_height() for line in lines))
        players = line_height(text_px(16, scale), True)
        size = text_px(15, scale)
        blurb = len(wrap(t(f"game.{self.game.id}.blurb"), size, width)) * (
            line_height(size) + px(1, scale))
        pills = pill_height(scale) + px(12, scale)
        for more in (self.on_continue, self.on_learn):
            if more is not None:
                pills += pill_height(scale) + px(8, scale)
        return px(12, scale) + title + players + px(6, scale) + blurb + px(2, scale) + pills

    def layout(self, rect: pygame.Rect, scale: float, art_h: int) -> None:
        """Place the tile at `rect` with a picture `art_h` tall (the same on every tile)."""
        self.rect = pygame.Rect(rect)
        inset = px(10, scale)
        self.art_h = art_h
        self.art = illustration(self.game.id, (self.rect.w - 2 * inset, art_h))
        x, width = self.rect.x + px(16, scale), self.rect.w - 2 * px(16, scale)
        pill_h = pill_height(scale)
        self.play_pill = pygame.Rect(x, self.rect.bottom - pill_h - px(12, scale), width, pill_h)
        # above Play: Learn to play, and above it Continue (a game in progress)
        above, step = self.play_pill, -pill_h - px(8, scale)
        self.learn_pill = pygame.Rect(0, 0, 0, 0)
        if self.on_learn is not None:
            self.learn_pill = above = self.play_pill.move(0, step)
        self.continue_pill = (above.move(0, step)
                              if self.on_continue is not None else pygame.Rect(0, 0, 0, 0))
        self.rules_pill = pygame.Rect(0, 0, 0, 0)
        if self.on_rules is not None:   # on the picture's bottom right corner
            text_w = theme.font(text_px(14, scale), True).size(t("menu.rules"))[0]
            width = min(text_w + px(20, scale), self.rect.w - 2 * inset)
            height = px(26, scale, 22)
            stage_bottom = self.rect.y + inset + art_h
            self.rules_pill = pygame.Rect(self.rect.right - inset - px(6, scale) - width,
                                          stage_bottom - px(6, scale) - height, width, height)

    def part_at(self, pos: tuple[int, int]) -> str | None:
        if self.on_continue is not None and self.continue_pill.collidepoint(pos):
            return CONTINUE
        if self.on_rules is not None and self.rules_pill.collidepoint(pos):
            return RULES
        if self.on_learn is not None and self.learn_pill.collidepoint(pos):
            return LEARN
        return PLAY if self.rect.collidepoint(pos) else None

    def activate(self, part: str) -> None:
        if part == CONTINUE and self.on_continue is not None:
            self.on_continue()
        elif part == RULES and self.on_rules is not None:
            self.on_rules()
        elif part == LEARN and self.on_learn is not None:
            self.on_learn()
        else:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.part_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.part_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            part = self.part_at(event.pos)
            hit = part is not None and part == self.pressed
            self.pressed = None
            if hit:
                self.activate(part)
                return True
        return False

    def focusables(self) -> list[tuple[Focusable, str]]:
        """What keys can land on, each with its part: the tile itself first, found by the
        arrows where its Play pill is, so → goes on to the next tile's, ↑ to Continue and
        How to play above it and ↓ back (the tile rings its parts itself: these places
        only guide the arrows)."""
        items = [(Focusable(lambda: self.play_pill, self.on_click), PLAY)]
        if self.on_learn is not None:
            items.append((Focusable(lambda: self.learn_pill, self.on_learn), LEARN))
        if self.on_continue is not None:
            items.append((Focusable(lambda: self.continue_pill, self.on_continue), CONTINUE))
        if self.on_rules is not None:       # found above Play, in the tile's middle
            items.append((Focusable(lambda: self.rules_pill.move(
                self.rect.centerx - self.rules_pill.centerx, 0), self.on_rules), RULES))
        return items

    def draw(self, surface: pygame.Surface, scale: float, focused: str | None = None) -> None:
        lit = self.hover in (PLAY, CONTINUE) or focused in (PLAY, CONTINUE)
        lift = px(6, scale) if lit else 0
        box = self.rect.move(0, -lift)
        radius = px(16, scale)
        shadow = rounded(box.size, (0, 0, 0, 70), radius)
        surface.blit(shadow, box.move(0, px(6, scale) + lift))
        edge = (*theme.ACCENT, 220) if lit else (255, 255, 255, 45)
        surface.blit(rounded(box.size, (12, 40, 37, 232), radius, edge, 2 if lit else 1), box)
        # a lighter "stage" behind the cards
        inset = px(10, scale)
        stage = pygame.Rect(box.x + inset, box.y + inset, box.w - 2 * inset, self.art_h)
        surface.blit(rounded(stage.size, (*theme.FELT_LIGHT, 255), max(4, radius - 6)), stage)
        if self.art is not None:
            surface.blit(self.art, self.art.get_rect(center=stage.center))
        if self.on_rules is not None:
            self._draw_rules_pill(surface, self.rules_pill.move(0, -lift), scale,
                                  focused == RULES)
        x, width = box.x + px(16, scale), box.w - 2 * px(16, scale)
        y = stage.bottom + px(12, scale)
        lines = fitted_title(self.game.title, width, scale)
        slot = title_slot(scale)
        if len(lines) == 1:
            surface.blit(lines[0], lines[0].get_rect(midleft=(x, y + slot // 2)))
            y += slot
        else:
            for line in lines:
                surface.blit(line, (x, y))
                y += line.get_height()
        rect = blit_label(surface, players_text(self.game), text_px(16, scale), theme.ACCENT,
                          bold=True, topleft=(x, y))
        y = rect.bottom + px(6, scale)
        size = text_px(15, scale)
        pills = [(PLAY, self.play_pill.move(0, -lift))]
        if self.on_learn is not None:
            pills.insert(0, (LEARN, self.learn_pill.move(0, -lift)))
        if self.on_continue is not None:
            pills.insert(0, (CONTINUE, self.continue_pill.move(0, -lift)))
        bottom = pills[0][1].y - px(2, scale)
        for line in wrap(t(f"game.{self.game.id}.blurb"), size, width):
            if y + theme.font(size).get_linesize() > bottom:
                break
            rect = blit_label(surface, line, size, theme.TEXT_DIM, topleft=(x, y))
            y = rect.bottom + px(1, scale)
        for part, pill in pills:
            self._draw_pill(surface, part, pill, scale, lit, focused == part)

    def _draw_rules_pill(self, surface: pygame.Surface, pill: pygame.Rect, scale: float,
                         focused: bool) -> None:
        lit = self.hover == RULES or focused
        fill = (255, 255, 255, 235) if lit else (12, 40, 37, 215)
        ink = theme.TEXT_DARK if lit else theme.TEXT
        surface.blit(rounded(pill.size, fill, pill.h // 2, (255, 255, 255, 90)), pill)
        blit_label(surface, fit(t("menu.rules"), text_px(14, scale), pill.w - 8, True),
                   text_px(14, scale), ink, bold=True, center=pill.center)
        if focused:
            focus_ring(surface, pill, scale)

    def _draw_pill(self, surface: pygame.Surface, part: str, pill: pygame.Rect, scale: float,
                   lit: bool, focused: bool) -> None:
        # With a game in progress, Continue is the suggested way in; else Play lights up.
        # Learn to play is never the suggested way in: a pill of its own, lit by itself.
        own = self.on_continue is not None or part == LEARN
        if part == LEARN:
            primary, text = False, t("tutorial.learn")
        elif self.on_continue is not None:
            primary = part == CONTINUE
            text = t("menu.continue") if primary else t("menu.new_game")
        else:
            primary, text = lit, t("menu.play")
        fill = theme.BUTTON["primary"] if primary else theme.BUTTON["normal"]
        ink = theme.BUTTON_TEXT["primary"] if primary else theme.BUTTON_TEXT["normal"]
        if self.hover == part and own:
            fill = tuple(min(255, c + 28) for c in fill)
        surface.blit(rounded(pill.size, (*fill, 255), pill.h // 2), pill)
        blit_label(surface, fit(text, text_px(16, scale), pill.w - 8, True), text_px(16, scale),
                   ink, bold=True, center=pill.center)
        if focused and own:
            focus_ring(surface, pill, scale)


@register_scene("menu")
class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved: dict[str, Session] = {}
        self.tiles: list[GameTile] = []
        self.settings_button = Button(t("menu.settings"), self.open_settings)
        self.quit_button = Button(t("menu.quit"), self.app.quit)
        self.games_button = Button(t("menu.games"), lambda: self.app.push("games"))
        self.stats_button = Button(t("menu.stats"), lambda: self.app.push("stats"))
        self.join_button = Button(t("menu.join"), lambda: self.app.push("join"))
        self.friends_button = Button(t("menu.friends"), self.play_with_friends)
        self.buttons = [self.friends_button, self.join_button, self.games_button, self.stats_button,
                        self.settings_button, self.quit_button]
        # Solo TEN against Mona has its own way in, once TEN has a table.
        self.solo_button: Button | None = None
        if "ten" in GAMES and table_for("ten") is not None:
            self.solo_button = Button(t("ladder.menu"), self.open_ladder)
            self.buttons.insert(0, self.solo_button)
        self.nav = KeyNav()
        self.tile_items: list[tuple[Focusable, GameTile, str]] = []
        self.scale = 1.0
        self.tagline = True                # drawn where the room is not short
        self._read_saves = False
        self._make_tiles()

    def enter(self) -> None:
        # Read the saves on the first enter, not in __init__: a table this menu replaces
        # writes its last move when it closes, which is after this scene was built. They
        # cannot change while the menu stays on the stack (a table replaces it).
        if self._read_saves:
            return
        self._read_saves = True
        self.saved = games_in_progress(lambda text: self.app.toasts.show(text, 6.0, "error"))
        if self.saved:
            self._make_tiles()
            self.resize(self.app.size)

    def _make_tiles(self) -> None:
        self.tiles = [GameTile(game, lambda g=game.id: self.open_setup(g),
                               (lambda g=game.id: self.resume(g)) if game.id in self.saved
                               else None, lambda g=game.id: self.open_rules(g),
                               # a game in progress has Continue there: its player
                               # has played it (Learn to play stays in its setup)
                               (lambda g=game.id: self.learn(g))
                               if tutorial.has_script(game.id) and game.id not in self.saved
                               else None)
                      for game in GAMES.values() if table_for(game.id) is not None]

    def learn(self, game_id: str) -> None:
        """The game's guided first game, from where the learner left it (#43); a game in
        progress stays."""
        try:
            self.app.reset("tutorial", game_id=game_id)
        except (tutorial.ScriptError, SetupError, NoTable, ValueError) as exc:
            self.app.toasts.show(t("tutorial.broken", reason=exc), 5.0, "error")

    def open_rules(self, game_id: str) -> None:
        self.app.push("rules", game_id=game_id)

    def open_setup(self, game_id: str) -> None:
        self.app.push("setup", game_id=game_id, in_progress=game_id in self.saved)

    def resume(self, game_id: str) -> None:
        try:
            self.app.reset("table", session=self.saved[game_id])
        except (SetupError, NoTable, ValueError) as exc:
            self.app.toasts.show(t("menu.resume_failed", reason=exc), 4.0, "error")

    def play_with_friends(self) -> None:
        """The table this app hosts, if one runs; else choose a game to host (#41)."""
        from tentable.ui import hosted      # network play: loaded when a player hosts
        hosting = hosted.current(self.app)
        if hosting is not None:
            self.app.push("invite", hosting=hosting)
        else:
            self.app.push("friends")

    def open_ladder(self) -> None:
        self.app.push("ladder")

    def open_settings(self) -> None:
        self.app.push("settings")

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.ui_scale(size)
        margin, gap = px(48, s), px(22, s)
        n = max(1, len(self.tiles))
        tile_w = min(px(250, s), (w - 2 * margin - (n - 1) * gap) // n)
        head, foot = px(186, s), px(40, s)
        bh = px(46, s, 34)
        words = max((tile.words_height(tile_w, s) for tile in self.tiles), default=0)
        # a short room takes the tagline's place under the title for the tiles first
        least = px(10, s) + px(LEAST_ART, s) + words + 2 * px(16, s)
        head -= min(px(HEAD_GIVES, s), max(0, least - (h - head - foot - bh)))
        self.tagline = head == px(186, s)
        below = h - head - foot - bh        # for the tiles, the buttons and the gaps round them
        tile_h, between = self._tile_height(tile_w, below, words, s)
        art_h = max(1, min(round(tile_h * ART_SHARE), tile_h - px(10, s) - words))
        top = head + max(0, (below - (tile_h + between)) // 3)
        x = (w - (n * tile_w + (n - 1) * gap)) // 2
        for i, tile in enumerate(self.tiles):
            tile.layout(pygame.Rect(x + i * (tile_w + gap), top, tile_w, tile_h), s, art_h)
        self._layout_buttons(w, top + tile_h + between, bh, s)
        self.tile_items = [(item, tile, part) for tile in self.tiles
                           for item, part in tile.focusables()]
        self.nav.set_items([item for item, _, _ in self.tile_items]
                           + [button_focus(b) for b in self.buttons])

    @staticmethod
    def _tile_height(tile_w: int, below: int, words: int, s: float) -> tuple[int, int]:
        """The tiles' height and the gap under them, as designed where there is room; in a
        short room the gaps give way before the pictures go below their least."""
        between = px(44, s)
        tile_h = min(px(400, s), below - 2 * between, round(tile_w * 1.9))
        least = px(10, s) + px(LEAST_ART, s) + words
        if tile_h < least:
            between = max(px(16, s), (below - least) // 2)
            tile_h = below - 2 * between
        return tile_h, between

    def _layout_buttons(self, w: int, y: int, bh: int, s: float) -> None:
        """One row, centred, no wider than the tiles' row: in a narrow room each button
        takes the width its caption needs; where even that is too wide (a large scale),
        the gaps close up and the buttons get lower, their captions smaller with them."""
        gap, pad, n = px(22, s), px(24, s), len(self.buttons)
        room = w - 2 * px(48, s) - gap * (n - 1)

        def needs(height: int) -> int:
            return sum(caption_width(button.text, height) + pad for button in self.buttons)
        if needs(bh) > room:
            gap, pad = px(10, s), px(14, s)
            room = w - 2 * px(48, s) - gap * (n - 1)
            while bh > px(28, s, 24) and needs(bh) > room:
                bh -= 1
        widths = row_widths(self.buttons, px(180, s), room, bh, pad)
        x = (w - sum(widths) - gap * (len(self.buttons) - 1)) // 2
        for button, width in zip(self.buttons, widths):
            button.layout((x, y, width, bh))
            x += width + gap

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return  # the title screen is the bottom of the stack: Quit is a button
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            tile = self.tile_in_focus()
            if tile is not None:
                self.open_rules(tile.game.id)
            return
        if self.nav.handle(event):
            return
        for tile in self.tiles:
            if tile.handle(event):
                return
        for button in self.buttons:
            if button.handle(event):
                return

    def tile_in_focus(self) -> GameTile | None:
        """The tile the keys are on, else the one under the mouse, else the first."""
        if self.nav.visible and self.nav.index < len(self.tile_items):
            return self.tile_items[self.nav.index][1]
        hovered = next((tile for tile in self.tiles if tile.hover is not None), None)
        return hovered or (self.tiles[0] if self.tiles else None)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w = surface.get_width()
        backdrop(surface)
        title = label(t("app.title"), text_px(84, s), theme.ACCENT, bold=True)
        shadow = faded(label(t("app.title"), text_px(84, s), (0, 0, 0), bold=True), 90)
        top = px(40, s)
        surface.blit(shadow, shadow.get_rect(midtop=(w // 2 + px(3, s), top + px(4, s))))
        surface.blit(title, title.get_rect(midtop=(w // 2, top)))
        if self.tagline:
            blit_label(surface, t("menu.tagline"), text_px(21, s), theme.TEXT_DIM,
                       midtop=(w // 2, top + title.get_height() + px(2, s)))
        current = self.nav.current if self.nav.visible else None
        focus = {id(tile): part for item, tile, part in self.tile_items if item is current}
        for tile in self.tiles:
            tile.draw(surface, s, focus.get(id(tile)))
        for button in self.buttons:
            button.draw(surface)
        blit_label(surface, t("menu.hint"), text_px(14, s), theme.TEXT_DIM,
                   midbottom=(w // 2, surface.get_height() - px(14, s)))
        if self.nav.visible and self.nav.index >= len(self.tile_items):  # tiles light up instead
            self.nav.draw(surface, s)
