"""The title screen: one tile per game, Settings and Quit."""
from __future__ import annotations

import pygame

from tentable import store
from tentable.engine import GAMES, Game, IllegalAction, SetupError, new_game
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import table_for
from tentable.ui.scenes.table import AUTOSAVE
from tentable.ui.scenes.common import Focusable, KeyNav, backdrop, button_focus, px, text_px
from tentable.ui.session import Session
from tentable.ui.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.cards import tile_face
from tentable.ui.widgets.panel import blit_label, label, rounded, wrap
from tentable.ui.widgets.sprite import sprite_image

# The cards fanned on each game's tile: a glimpse of what the game looks like.
ILLUSTRATIONS: dict[str, tuple[str, ...]] = {
    "ten": ("B3", "O5", "$2", "W#"),
    "takethat": ("34", "55", "43"),
    "elfer": ("R10", "Y11", "B12"),
    "retro10": ("4", "J", "R6"),
    "tentiles": ("W3", "B2", "W1", "B3", "W3"),
}
NO_MARKS = (False, False, False)


def players_text(game: Game) -> str:
    if game.min_players == game.max_players:
        return t("menu.players_exact", n=game.min_players)
    return t("menu.players", low=game.min_players, high=game.max_players)


def illustration(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """A few cards of the game fanned out (tiles laid in a little cluster), fitting `size`."""
    art = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    codes = ILLUSTRATIONS.get(game_id)
    if game_id == "tentiles" and codes:
        side = max(8, min(h // 2 - 6, w // 4))
        spots = [(-1, -0.5), (0, -0.5), (1, -0.5), (-0.5, 0.5), (0.5, 0.5)]
        for code, (dx, dy) in zip(codes, spots):
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


def fitted_title(text: str, width: int, scale: float) -> list[pygame.Surface]:
    """The title at the largest size that fits one line, else on two lines."""
    for size in (25, 23, 21, 19):
        image = label(text, text_px(size, scale), theme.TEXT, bold=True)
        if image.get_width() <= width:
            return [image]
    size = text_px(19, scale)
    return [label(line, size, theme.TEXT, bold=True) for line in wrap(text, size, width, True)[:2]]


def unfinished_autosave(app) -> Session | None:
    """The autosaved game, if it can be continued: its table exists and it is not over."""
    record, message = store.load_game(AUTOSAVE)
    if message:
        app.toasts.show(message, 6.0, "error")
    if record is None or record.get("game") not in GAMES:
        return None
    try:
        session = Session.from_record(record)
        state = new_game(session.game_id, session.players, session.seed, dict(session.options),
                         session.deck)
        for action in session.history:
            state.apply(action)
    except (SetupError, IllegalAction, KeyError, TypeError, ValueError):
        return None
    if state.is_over or table_for(session.game_id) is None:
        return None
    return session


class GameTile:
    def __init__(self, game: Game, on_click) -> None:
        self.game = game
        self.on_click = on_click
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.art: pygame.Surface | None = None
        self.hover = False
        self.pressed = False

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        inset = px(10, scale)
        self.art = illustration(self.game.id, (self.rect.w - 2 * inset, round(self.rect.h * 0.46)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.pressed and self.rect.collidepoint(event.pos)
            self.pressed = False
            if hit:
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, scale: float, focused: bool = False) -> None:
        lit = self.hover or focused
        lift = px(6, scale) if lit else 0
        box = self.rect.move(0, -lift)
        radius = px(16, scale)
        shadow = rounded(box.size, (0, 0, 0, 70), radius)
        surface.blit(shadow, box.move(0, px(6, scale) + lift))
        edge = (*theme.ACCENT, 220) if lit else (255, 255, 255, 45)
        surface.blit(rounded(box.size, (12, 40, 37, 232), radius, edge, 2 if lit else 1), box)
        # a lighter "stage" behind the cards
        inset = px(10, scale)
        stage = pygame.Rect(box.x + inset, box.y + inset, box.w - 2 * inset,
                            round(box.h * 0.46))
        surface.blit(rounded(stage.size, (*theme.FELT_LIGHT, 255), max(4, radius - 6)), stage)
        if self.art is not None:
            surface.blit(self.art, self.art.get_rect(center=stage.center))
        x, width = box.x + px(16, scale), box.w - 2 * px(16, scale)
        y = stage.bottom + px(12, scale)
        lines = fitted_title(self.game.title, width, scale)
        slot = label("Hg", text_px(25, scale), theme.TEXT, bold=True).get_height()
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
        pill_h = px(34, scale, 26)
        bottom = box.bottom - pill_h - px(14, scale)
        for line in wrap(t(f"game.{self.game.id}.blurb"), size, width):
            if y + theme.font(size).get_linesize() > bottom:
                break
            rect = blit_label(surface, line, size, theme.TEXT_DIM, topleft=(x, y))
            y = rect.bottom + px(1, scale)
        pill = pygame.Rect(x, box.bottom - pill_h - px(12, scale), width, pill_h)
        fill = theme.BUTTON["primary"] if lit else theme.BUTTON["normal"]
        ink = theme.BUTTON_TEXT["primary"] if lit else theme.BUTTON_TEXT["normal"]
        surface.blit(rounded(pill.size, (*fill, 255), pill_h // 2), pill)
        blit_label(surface, t("menu.play"), text_px(16, scale), ink, bold=True,
                   center=pill.center)


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.tiles = [GameTile(game, lambda g=game.id: self.open_setup(g))
                      for game in GAMES.values()]
        self.settings_button = Button(t("menu.settings"), self.open_settings)
        self.quit_button = Button(t("menu.quit"), self.app.quit)
        self.saved = unfinished_autosave(app)
        self.continue_button = None
        if self.saved is not None:
            title = GAMES[self.saved.game_id].title
            self.continue_button = Button(t("menu.continue", game=title), self.resume,
                                          kind="primary")
        self.buttons = [b for b in (self.continue_button, self.settings_button,
                                    self.quit_button) if b is not None]
        self.nav = KeyNav()
        self.scale = 1.0

    def open_setup(self, game_id: str) -> None:
        from tentable.ui.scenes.setup import SetupScene
        self.app.push(SetupScene(self.app, game_id))

    def resume(self) -> None:
        table = table_for(self.saved.game_id)
        try:
            scene = table(self.app, self.saved)
        except (SetupError, IllegalAction, ValueError) as exc:
            self.app.toasts.show(t("menu.resume_failed", reason=exc), 4.0, "error")
            return
        self.app.reset(scene)

    def open_settings(self) -> None:
        from tentable.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.ui_scale(size)
        margin, gap = px(48, s), px(22, s)
        n = max(1, len(self.tiles))
        tile_w = min(px(250, s), (w - 2 * margin - (n - 1) * gap) // n)
        head, foot = px(186, s), px(40, s)
        bw, bh = px(180, s), px(46, s, 34)
        between = px(44, s)
        tile_h = min(px(400, s), h - head - foot - bh - 2 * between, round(tile_w * 1.9))
        top = head + max(0, (h - head - foot - (tile_h + between + bh)) // 3)
        x = (w - (n * tile_w + (n - 1) * gap)) // 2
        for i, tile in enumerate(self.tiles):
            tile.layout(pygame.Rect(x + i * (tile_w + gap), top, tile_w, tile_h), s)
        by = top + tile_h + between
        widths = [px(300, s) if b is self.continue_button else bw for b in self.buttons]
        x = (w - sum(widths) - gap * (len(widths) - 1)) // 2
        for button, width in zip(self.buttons, widths):
            button.layout((x, by, width, bh))
            x += width + gap
        items = [Focusable(lambda tile=tile: tile.rect, tile.on_click) for tile in self.tiles]
        self.nav.set_items(items + [button_focus(b) for b in self.buttons])

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return  # the title screen is the bottom of the stack: Quit is a button
        if self.nav.handle(event):
            return
        for tile in self.tiles:
            if tile.handle(event):
                return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w = surface.get_width()
        backdrop(surface)
        title = label(t("app.title"), text_px(84, s), theme.ACCENT, bold=True)
        shadow = label(t("app.title"), text_px(84, s), (0, 0, 0), bold=True)
        shadow.set_alpha(90)
        top = px(40, s)
        surface.blit(shadow, shadow.get_rect(midtop=(w // 2 + px(3, s), top + px(4, s))))
        surface.blit(title, title.get_rect(midtop=(w // 2, top)))
        shadow.set_alpha(None)
        blit_label(surface, t("menu.tagline"), text_px(21, s), theme.TEXT_DIM,
                   midtop=(w // 2, top + title.get_height() + px(2, s)))
        focused = self.nav.current if self.nav.visible else None
        for tile, item in zip(self.tiles, self.nav.items):
            tile.draw(surface, s, item is focused)
        for button in self.buttons:
            button.draw(surface)
        blit_label(surface, t("menu.hint"), text_px(14, s), theme.TEXT_DIM,
                   midbottom=(w // 2, surface.get_height() - px(14, s)))
        if self.nav.visible and self.nav.index >= len(self.tiles):  # tiles light up instead
            self.nav.draw(surface, s)
