"""Animation speed, window mode, card size, what happens after a game, TEN's coach, the
language (when more than English ships), reading aloud (`tentable.speech`; where this
computer has no speech, the row says so instead of offering On) and the sounds: Off or a
volume, in one row (`tentable.ui.sound`; Ctrl+M anywhere turns them off and on).
Changes apply at once and are saved
when the screen is left (`app.push("settings")`)."""
from __future__ import annotations

import pygame

from tentable import i18n, store
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import KeyNav, Segmented, backdrop, button_focus, px, text_px
from tentable.text import t
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.panel import blit_label, draw_panel

ROWS = (
    ("animation_speed", "speed", store.ANIMATION_SPEEDS),
    ("window_mode", "window", store.WINDOW_MODES),
    ("card_size", "size", store.CARD_SIZES),
    ("ui_size", "uisize", store.UI_SIZES),
    ("moments", "moments", store.MOMENTS),
    ("coach", "coach", (False, True)),      # TEN's coach (odds before each flip)
)


@register_scene("settings")
class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows = [(key, Segmented([(v, t(f"{prefix}.{v}")) for v in values],
                                     app.settings[key], lambda v, k=key: self.change(k, v)))
                     for key, prefix, values in ROWS]
        spoken = i18n.available()
        if len(spoken) > 1:
            # each language by its own name: a player finds theirs whatever is shown now
            choices = [("system", t("language.system"))] + [
                (code, i18n.LANGUAGES[code]) for code in spoken]
            chosen = app.settings.get("language", "system")
            self.rows.append(("language", Segmented(
                choices, chosen if chosen in dict(choices) else "system", self.change_language)))
        self.rows.append(("read_aloud", self.read_aloud_row()))
        self.rows.append(("sound", self.sound_row()))
        self.done = Button(t("settings.done"), self.app.pop, kind="primary")
        self.nav = KeyNav()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def change(self, key: str, value: str) -> None:
        if key == "window_mode":
            self.app.set_fullscreen(value == "fullscreen")
        elif key == "ui_size":
            self.app.set_ui_size(value)     # this screen, too, is laid out again
        else:
            self.app.settings[key] = value

    def read_aloud_row(self) -> Segmented:
        """Off | On; or, greyed, why this computer cannot read aloud."""
        if not self.app.speech.available():
            row = Segmented([(False, t("aloud.unavailable"))], False)
            row.enabled = False
            return row
        return Segmented([(value, t(f"aloud.{value}")) for value in (False, True)],
                         bool(self.app.settings.get("read_aloud")), self.change_read_aloud)

    def change_read_aloud(self, on: bool) -> None:
        self.app.set_read_aloud(on)
        if on:              # heard at once: it works
            self.app.speech.say(f"{t('settings.read_aloud')}: {t('aloud.True')}")

    def sound_row(self) -> Segmented:
        """Off | 25% | 50% | 75% | 100%; or, greyed, that this computer has no sound."""
        if self.app.sound.failed is not None:
            row = Segmented([(False, t("sound.unavailable"))], False)
            row.enabled = False
            return row
        choices = [(False, t("sound.muted"))] + [
            (volume, t("sound.volume", percent=volume)) for volume in store.VOLUMES]
        return Segmented(choices, self.sound_choice(), self.change_sound)

    def sound_choice(self) -> int | bool:
        """The row's value: False when muted, else the volume (kept while muted)."""
        return self.app.settings.get("sound", True) and self.app.settings.get("volume", 75)

    def change_sound(self, choice: int | bool) -> None:
        self.app.settings["sound"] = choice is not False
        if choice is not False:
            self.app.settings["volume"] = choice
        self.app.sound.follow(self.app.settings)
        self.app.sound.play("chips")          # heard at once: how loud it is

    def capped_note(self) -> str | None:
        """What the window shows when it has no room for the chosen scale."""
        choice = self.app.settings.get("ui_size", "auto")
        shown = round(theme.ui_scale(self.app.size) * 100)
        if choice == "auto" or shown >= int(choice):
            return None
        return t("uisize.capped", percent=shown)

    def change_language(self, choice: str) -> None:
        self.app.set_language(choice)      # this screen, too, is built again in the new words

    def close(self) -> None:
        self.app.save_settings()

    def enter(self) -> None:
        self.show_settings()

    def show_settings(self) -> None:
        """Each row shows the setting as it is: F11 switches the window mode anywhere,
        this screen included."""
        for key, control in self.rows:
            if key == "sound" and control.enabled:      # Ctrl+M may have changed it
                control.value = self.sound_choice()
            elif control.enabled:
                control.value = self.app.settings.get(key, control.value)

    def update(self, dt: float) -> bool:
        """Ctrl+M (the app's) may turn the sound off or on while this screen is up."""
        row = dict(self.rows)["sound"]
        if row.enabled and row.value != self.sound_choice():
            row.value = self.sound_choice()
            return True
        return False

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        # a row every 76 units, closer on a low window: the panel and the keys' line
        # under it (about 30 units) fit with a margin above and below
        step = min(px(76, s), (size[1] - px(300, s)) // len(self.rows))
        self.panel = pygame.Rect(0, 0, px(780, s), px(212, s) + step * len(self.rows))
        self.panel.center = (size[0] // 2, size[1] // 2 - px(14, s))
        inner = self.panel.inflate(-2 * px(40, s), -2 * px(36, s))
        y = inner.y + px(78, s)
        control_w = round(inner.w * 0.6)
        control_h = min(px(44, s, 32), step - px(4, s))     # rows never touch
        for key, control in self.rows:
            control.layout(pygame.Rect(inner.right - control_w, y, control_w, control_h))
            y += step
        bw, bh = px(200, s), px(52, s, 38)
        self.done.layout((self.panel.centerx - bw // 2, inner.bottom - bh, bw, bh))
        self.show_settings()               # F11 lays the screen out again
        items = [item for _, control in self.rows for item in control.focusables()]
        # Done has the focus at first; laid out again (a new scale), the focus stays put
        self.nav.set_items(items + [button_focus(self.done)],
                           None if self.nav.items else len(items))

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.nav.handle(event):
            return
        for _, control in self.rows:
            if control.handle(event):
                return
        self.done.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        draw_panel(surface, self.panel, radius=px(18, s))
        inner = self.panel.inflate(-2 * px(40, s), -2 * px(36, s))
        blit_label(surface, t("settings.title"), text_px(36, s), theme.TEXT, bold=True,
                   midtop=(self.panel.centerx, inner.y))
        for key, control in self.rows:
            name = blit_label(surface, t(f"settings.{key}"), text_px(19, s), theme.TEXT,
                              bold=True, midleft=(inner.x, control.rect.centery))
            note = self.capped_note() if key == "ui_size" else None
            if note:        # on the label's line: a low window leaves no room under it
                blit_label(surface, note, text_px(theme.FONT_SMALL, s), theme.TEXT_DIM,
                           midleft=(name.right + px(10, s), control.rect.centery))
            control.draw(surface)
        self.done.draw(surface)
        self.nav.draw(surface, s)
        blit_label(surface, t("settings.hint"), text_px(14, s), theme.TEXT_DIM,
                   midtop=(self.panel.centerx, self.panel.bottom + px(10, s)))
