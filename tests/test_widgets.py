"""Widgets under the SDL dummy driver: card faces, sprites, tweens, drag-and-drop, layout,
buttons, toasts, dialogs and the log panel."""
from __future__ import annotations

import pygame
import pytest

from tentable.ui import theme
from tentable.ui.widgets import cards, layout
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.dragdrop import DragManager, DropTarget
from tentable.ui.widgets.logpanel import LogPanel
from tentable.ui.widgets.sprite import CardSprite, sprite_at
from tentable.ui.widgets.toast import Toasts
from tentable.ui.widgets.tween import Tweens

def _manifest_codes() -> dict[str, list[str]]:
    """Every code of every shipped deck, read from decks/*.yaml (plus the table pieces)."""
    from tentable.engine.decks import manifest
    extra = {"elfer": ["connection", "bonus"]}
    return {game: sorted(set(manifest(game).codes())) + extra.get(game, [])
            for game in ("takethat", "ten", "elfer", "retro10", "tentiles")}


CODES = _manifest_codes()
SIZES = [theme.card_size((1280, 720), s) for s in ("small", "medium", "large")]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _click(button: int = 1, pos: tuple[int, int] = (0, 0), up: bool = True) -> pygame.event.Event:
    kind = pygame.MOUSEBUTTONUP if up else pygame.MOUSEBUTTONDOWN
    return pygame.event.Event(kind, button=button, pos=pos)


def clicked(widget, pos: tuple[int, int]) -> bool:
    """A click as the mouse makes it, pressed and let go at `pos`: did it fire?"""
    widget.handle(_click(pos=pos, up=False))
    return widget.handle(_click(pos=pos))


# --- theme ------------------------------------------------------------------------------
def test_scale_and_card_sizes():
    assert theme.ui_scale((1280, 720)) == 1.0
    assert theme.ui_scale((2560, 720)) == 1.0      # the tighter dimension rules
    small, medium, large = SIZES
    assert small[0] < medium[0] < large[0]
    w, h = theme.card_size((1024, 640))
    assert w >= 60 and abs(h / w - 1.4) < 0.03     # readable and about 5:7


def test_font_is_the_shipped_one_and_cached():
    assert theme.font(18) is theme.font(18)
    assert theme.font(18, bold=True) is not theme.font(18)


def test_every_suit_colour_has_a_symbol():
    from tentable.ui.widgets.shapes import SYMBOLS
    for suits in theme.SUITS.values():
        symbols = [s.symbol for s in suits.values()]
        assert len(set(symbols)) == len(symbols) and set(symbols) <= set(SYMBOLS)


# --- card faces -------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(CODES))
def test_every_card_renders_at_three_sizes(game):
    for size in SIZES:
        if game == "tentiles":
            size = (size[0], size[0])
        for code in CODES[game]:
            face = cards.card_face(game, code, size)
            assert face.get_size() == size
            assert face.get_flags() & pygame.SRCALPHA
        assert cards.card_back(game, size).get_size() == size


@pytest.mark.parametrize("game", sorted(CODES))
def test_no_code_of_a_manifest_falls_back_to_the_unknown_face(game, monkeypatch):
    from tentable.ui.widgets import faces
    fell_back = []
    monkeypatch.setattr(faces, "unknown", lambda c, code: fell_back.append(code))
    cards._FACES.clear()
    for code in CODES[game]:
        cards.card_face(game, code, (61, 85))
    cards._FACES.clear()
    assert not fell_back, f"{game}: no face for {fell_back}"


def test_tiles_are_square():
    assert cards.tile_face("B3", 70).get_size() == (70, 70)


def test_faces_have_rounded_transparent_corners_and_opaque_middles():
    face = cards.card_face("ten", "B5", (80, 112))
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((40, 56)).a == 255


@pytest.mark.parametrize("game, code", [("takethat", "20"), ("takethat", "x"), ("ten", ""),
                                        ("elfer", "R22"), ("retro10", "S9"), ("chess", "K"),
                                        ("tentiles", "W4")])
def test_unknown_codes_still_render(game, code):
    assert cards.card_face(game, code, (60, 84)).get_size() == (60, 84)


def test_cache_returns_the_same_surface_and_resizes_repaint():
    a = cards.card_face("takethat", "34", (80, 112))
    assert cards.card_face("takethat", "34", (80, 112)) is a
    assert cards.card_face("takethat", "34", (100, 140)).get_size() == (100, 140)


# --- sprites and tweens -----------------------------------------------------------------
def test_sprite_draws_all_looks_and_hits_when_rotated():
    screen = pygame.Surface((400, 300))
    sprite = CardSprite("takethat", "55", pos=(200, 150), angle=90)
    for flags in ((False, False, False), (True, False, True), (False, True, False)):
        sprite.selected, sprite.hover, sprite.highlight = flags
        sprite.draw(screen, (80, 112))
    sprite.selected = False
    assert sprite.hit((200 + 50, 150))          # turned on its side: wider than tall
    assert not sprite.hit((200, 150 + 50))
    assert sprite.rect.size == (80, 112)


def test_sprite_at_picks_the_card_drawn_on_top():
    below = CardSprite("ten", "B1", pos=(100, 100))
    above = CardSprite("ten", "B2", pos=(120, 100))
    assert sprite_at([below, above], (110, 100)) is above
    below.z = 1
    assert sprite_at([below, above], (110, 100)) is below
    assert sprite_at([below, above], (500, 500)) is None


def test_tweens_finish_and_then_report_idle():
    tweens = Tweens()
    sprite = CardSprite("ten", "B1", pos=(0, 0))
    done = []
    tweens.move(sprite, (100, 50), duration=0.3, then=lambda: done.append(True))
    assert tweens.update(0.1) and tweens.busy
    assert 0 < sprite.pos[0] < 100
    assert tweens.update(0.5), "the landing step must ask for its frame to be drawn"
    assert sprite.pos == (100.0, 50.0) and done == [True] and not tweens.busy
    assert not tweens.update(0.1)


def test_flip_turns_the_card_once_at_the_midpoint():
    tweens = Tweens()
    sprite = CardSprite("ten", "B1", face_up=False)
    tweens.flip(sprite, duration=0.2)
    tweens.update(0.05)
    assert not sprite.face_up and sprite.squash < 1
    tweens.update(0.1)
    assert sprite.face_up
    assert tweens.update(0.1)
    assert sprite.face_up and sprite.squash == 1.0
    assert not tweens.update(0.1)


def test_speed_zero_is_instant():
    tweens = Tweens(duration_scale=0)
    sprite = CardSprite("ten", "B1", face_up=False)
    tweens.move(sprite, (10, 20))
    tweens.flip(sprite)
    assert sprite.pos == (10.0, 20.0) and sprite.face_up and not tweens.busy


# --- drag and drop ----------------------------------------------------------------------
def _drag_setup():
    tweens = Tweens()
    drag = DragManager(tweens)
    sprite = CardSprite("takethat", "34", pos=(100, 400), size=(80, 112))
    row = DropTarget(pygame.Rect(300, 50, 400, 150), "row", legal=True)
    twist = DropTarget(pygame.Rect(300, 250, 200, 100), "twist", legal=False,
                       reason="No twin of 34 in the row")
    drag.set_targets([row, twist])
    return tweens, drag, sprite, row, twist


def test_grab_offset_is_kept_while_dragging():
    _, drag, sprite, _, _ = _drag_setup()
    drag.press(sprite, (110, 420))               # grabbed right of and below the centre
    drag.motion((210, 320))
    assert drag.dragging and sprite.pos == (200, 300)


def test_legal_drop_returns_the_target():
    tweens, drag, sprite, row, _ = _drag_setup()
    drag.press(sprite, (100, 400))
    drag.motion((300, 200))
    result = drag.release((400, 100))
    assert result.target is row and result.accepted and not result.clicked
    assert not tweens.busy                       # the scene decides where it goes now


def test_illegal_drop_springs_back_with_the_reason():
    tweens, drag, sprite, _, twist = _drag_setup()
    drag.press(sprite, (100, 400))
    drag.motion((300, 300))
    screen = pygame.Surface((800, 600))
    drag.draw_targets(screen)
    result = drag.release((400, 300))
    assert result.target is twist and not result.accepted
    assert result.reason == "No twin of 34 in the row"
    assert tweens.busy
    while tweens.update(0.05):
        pass
    assert sprite.pos == (100.0, 400.0)


def test_missed_drop_springs_back():
    tweens, drag, sprite, _, _ = _drag_setup()
    drag.press(sprite, (100, 400))
    drag.motion((120, 600))
    result = drag.release((120, 600))
    assert result.target is None and not result.accepted
    while tweens.update(0.05):
        pass
    assert sprite.pos == (100.0, 400.0)


def test_small_movement_is_a_click():
    _, drag, sprite, _, _ = _drag_setup()
    drag.press(sprite, (100, 400))
    drag.motion((103, 403))
    result = drag.release((104, 403))
    assert result.clicked and result.target is None and sprite.pos == (100, 400)


# --- layout -----------------------------------------------------------------------------
@pytest.mark.parametrize("angle", [0, 12])
def test_fan_stays_inside_max_width(angle):
    size, width = (80, 112), 700
    for n in range(1, 31):
        slots = layout.fan(n, (640, 600), width, size, max_angle=angle)
        assert len(slots) == n
        half = (size[0] * 1.0 + (size[1] * 0.21 if angle else 0)) / 2
        assert min(s.x for s in slots) - half >= 640 - width / 2 - 1
        assert max(s.x for s in slots) + half <= 640 + width / 2 + 1


def test_row_fits_thirty_cards():
    size, width = (80, 112), 1200
    for n in range(1, 31):
        slots = layout.row(n, (40, 300), width, size)
        assert len(slots) == n
        assert min(s.x for s in slots) - size[0] / 2 >= 40 - 1
        assert max(s.x for s in slots) + size[0] / 2 <= 40 + width + 1
        xs = [s.x for s in slots]
        assert len(set(zip(xs, (s.y for s in slots)))) == n     # no card hides another
    assert layout.row_lines(30, 500, size) > 1
    assert layout.row_lines(20, 1200, size) == 1


def test_pile_offsets_end_with_the_top_card():
    assert layout.pile_offsets(0) == []
    assert layout.pile_offsets(1) == [(0, 0)]
    thick = layout.pile_offsets(40)
    assert thick[-1] == (0, 0) and len(thick) > len(layout.pile_offsets(3))


@pytest.mark.parametrize("n", range(1, 7))
def test_panels_in_a_row_fit_and_do_not_overlap(n):
    area = pygame.Rect(10, 40, 1000, 120)
    rects = layout.panels_in_row(n, area, 12, 330)
    assert len(rects) == n and all(r.w <= 330 for r in rects)
    for i, r in enumerate(rects):
        assert area.contains(r)
        assert all(not r.colliderect(o) for o in rects[i + 1:])
        assert i == 0 or r.x > rects[i - 1].x          # turn order from the left


# --- buttons, toasts, dialog, log ------------------------------------------------------
def test_button_fires_on_click_and_key_but_not_when_disabled():
    hits = []
    button = Button("Take", on_click=lambda: hits.append(1), key=pygame.K_t)
    button.layout((10, 10, 100, 40))
    assert clicked(button, (50, 30))
    assert not clicked(button, (300, 30))
    # a release alone is no click: a card dragged over the button and let go is a drop
    assert not button.handle(_click(pos=(50, 30)))
    # nor one pressed elsewhere and let go on it, or pressed on it and let go elsewhere
    assert not button.handle(_click(pos=(300, 30), up=False))
    assert not button.handle(_click(pos=(50, 30)))
    assert not button.handle(_click(pos=(50, 30), up=False))
    assert not button.handle(_click(pos=(300, 30)))
    assert button.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"))
    assert hits == [1, 1]
    button.enabled = False
    assert not clicked(button, (50, 30))
    assert not button.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0,
                                                unicode="t"))
    assert hits == [1, 1]
    screen = pygame.Surface((200, 100))
    for kind in ("normal", "primary", "danger"):
        Button("x", kind=kind).draw(screen)
    button.draw(screen)


def test_a_repeated_toast_is_merged_and_toasts_keep_to_their_area():
    toasts = Toasts()
    for _ in range(3):
        toasts.show("34 is too far from 65", kind="error")
    assert len(toasts.items) == 1 and toasts.items[0].shown_text.endswith("(×3)")
    screen = pygame.Surface((1280, 720))
    screen.fill((0, 0, 0))
    toasts.area = pygame.Rect(300, 300, 400, 100)
    toasts.update(0.5)
    toasts.draw(screen)
    drawn = pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    assert drawn.get_bounding_rects()[0].colliderect(toasts.area)
    assert all(toasts.area.contains(r) for r in drawn.get_bounding_rects())


def test_a_long_toast_goes_on_lines_of_its_area_not_cut(monkeypatch):
    """A refusal's whole reason, however narrow a large scale leaves the table (#25)."""
    from tentable.ui.widgets import panel as panel_module, toast as toast_module
    cut = []
    original = panel_module.fit
    monkeypatch.setattr(panel_module, "fit", lambda text, *a, **k: cut.append(text) or
                        original(text, *a, **k))
    drawn = []
    original_label = toast_module.label
    monkeypatch.setattr(toast_module, "label", lambda text, *a, **k: drawn.append(text) or
                        original_label(text, *a, **k))
    reason = ("13 is too far from 24: you may play 14 to 34, twist, or take the row "
              "(Take That's rule: within ten of the row's last card)")
    toasts = Toasts()
    toasts.show(reason, kind="error")
    screen = pygame.Surface((1280, 720))
    screen.fill((0, 0, 0))
    toasts.area = pygame.Rect(20, 100, 560, 300)
    toasts.update(0.5)
    toasts.draw(screen)
    assert not cut and len(drawn) >= 2
    assert " ".join(drawn) == reason
    ink = pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255))
    ink.invert()
    assert all(toasts.area.contains(r) for r in ink.get_bounding_rects())


def test_toasts_expire():
    toasts = Toasts()
    toasts.show("Not within ten of 34", seconds=1.0, kind="error")
    toasts.show("Your turn")
    toasts.draw(pygame.Surface((800, 600)))
    assert toasts.update(0.5)
    assert toasts.update(1.0)                    # the 2.5 s one is still up
    assert toasts.update(2.0), "the frame without the last toast must be drawn"
    assert not toasts.items and not toasts.update(0.1)


def test_dialog_is_modal_and_routes_to_buttons():
    chosen = []
    dialog = Dialog("Leave the game?", ["The game is saved and can be continued later."],
                    [Button("Stay", lambda: chosen.append("stay"), key=pygame.K_ESCAPE),
                     Button("Leave", lambda: chosen.append("leave"), kind="danger")])
    screen = pygame.Surface((1280, 720))
    dialog.draw(screen)
    assert dialog.handle(_click(pos=dialog.buttons[1].rect.center, up=False))
    assert dialog.handle(_click(pos=dialog.buttons[1].rect.center))
    assert dialog.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0),
                                            buttons=(0, 0, 0)))
    assert chosen == ["leave"]


def test_log_panel_wraps_and_keeps_the_newest_lines():
    log = LogPanel((0, 0, 160, 80))
    for i in range(30):
        log.add(f"Seat {i % 3} plays {i} and this line is long enough to wrap",
                theme.SEAT_COLOURS[i % 3])
    assert all(len(e.lines) > 1 for e in log.entries)
    log.draw(pygame.Surface((200, 100)))
    log.layout((0, 0, 600, 80))
    assert all(len(e.lines) == 1 for e in log.entries)


def test_a_card_covering_half_a_target_drops_there_though_the_pointer_is_outside():
    # Hardening: the open-row slot took a drop only with the pointer inside it. Where the
    # pointer is on a target, that one takes the drop: the player aims with it (#22).
    tweens = Tweens()
    drag = DragManager(tweens)
    sprite = CardSprite("takethat", "34", pos=(100, 400), size=(80, 112))
    slot = DropTarget(pygame.Rect(500, 300, 80, 112), "play")
    twin = DropTarget(pygame.Rect(525, 415, 40, 40), "twist")   # under the pointer, barely covered
    drag.set_targets([slot])
    drag.press(sprite, (100, 455))                 # grabbed near the bottom edge
    drag.motion((540, 420))                        # card centre (540, 365): 92% over the slot
    assert not slot.rect.collidepoint((540, 420))  # ... but the pointer is below it
    result = drag.release((540, 420))
    assert result.target is slot and result.accepted
    sprite.pos = (100, 400)
    drag.set_targets([slot, twin])
    drag.press(sprite, (100, 455))
    drag.motion((540, 420))
    assert drag.release((540, 420)).target is twin  # the pointer's target, not the cover
    sprite.pos = (100, 400)
    drag.press(sprite, (100, 455))
    drag.motion((600, 420))                        # card centre (600, 365): 25% over: a miss
    assert drag.release((600, 420)).target is None


def test_a_layer_is_painted_once_per_key_and_copied_otherwise():
    from tentable.ui.widgets.layers import Layers
    layers, painted = Layers(), []
    screen = pygame.Surface((200, 100))

    def paint():
        painted.append(1)
        screen.fill((200, 10, 10), (10, 10, 50, 50))

    for _ in range(3):
        screen.fill((0, 0, 0))
        layers.draw(screen, "part", pygame.Rect(0, 0, 100, 100), ("view", 1), paint)
        assert screen.get_at((20, 20))[:3] == (200, 10, 10)
    assert painted == [1]
    layers.draw(screen, "part", pygame.Rect(0, 0, 100, 100), ("view", 2), paint)
    assert painted == [1, 1]
