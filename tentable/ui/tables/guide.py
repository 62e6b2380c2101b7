"""Learn to play at the table (#43): the guide, a part beside the table (as `undo`,
`heard` and `reader` are), and the table it guides.

The guide follows a `tentable.tutorial.Tutorial` over a game's own table. A bubble says
what to do next and points at it (a card, a button); only the taught move goes through,
any other is refused with the bubble's reason; the scripted computer seats play the
script's moves at the table's pace, never their bot's, and a move that teaches something
waits under its bubble until the learner goes on (Enter, Space or the bubble's button).
Back a step rebuilds the game from the script; Skip leaves; at the end "You know
enough to play" offers a real game against Easy and the rules page.

`guided(table_class)` is the game's table with the guide's four doors into it: moves
the learner submits, the only-move autoplay (off: the learner makes every taught move),
the computer's turn (the script's, not the bot's) and drawing the bubble on top.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tentable import speech
from tentable.session import BOT, Seat, Session, random_seed
from tentable.text import STRINGS, t
from tentable.tutorial import Step, Tutorial
from tentable.ui import theme
from tentable.ui.scenes.common import px, text_px
from tentable.ui.scenes.setup_rows import default_name
from tentable.ui.tables.base import END_DELAY
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.panel import draw_panel, label, line_height, wrap

if TYPE_CHECKING:
    from tentable.ui.tables.kit import CardTable

GO_ON_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BUBBLE_WIDTH = 400          # at scale 1; never more than 40% of the window
WORD_WEIGHT = 10            # covering a word the table keeps readable: as bad as ten cards


class Guide:
    def __init__(self, table: "CardTable", lesson: Tutorial) -> None:
        self.table = table
        self.lesson = lesson
        self.explaining: Step | None = None   # a computer step played: its bubble waits
        self.told: object = None     # the moment (a bust, a joker won) that bubble tells of
        self.finished = False                 # the end's dialog is up
        # Backspace goes back a step from the keys (Skip is Esc's pause menu's Quit too)
        self.back_button = Button(t("tutorial.back"), self.back, key=pygame.K_BACKSPACE)
        self.skip_button = Button(t("tutorial.skip"), self.skip)
        self.go_on_button = Button(t("tutorial.go_on"), self.go_on, kind="primary")
        self.bubble = pygame.Rect(0, 0, 0, 0)   # where the bubble was drawn
        self._said = ""                          # the bubble last read aloud

    # -- what the bubble says ----------------------------------------------------------
    @property
    def shown(self) -> Step | None:
        """The step whose bubble is up: a computer step being explained, else the
        learner's step to do."""
        if self.explaining is not None:
            return self.explaining
        step = self.lesson.step
        return step if step is not None and step.learner else None

    def text(self) -> str:
        step = self.shown
        if step is None or not step.say:
            return ""
        return self.table.say(step.say, step.seat, **step.values)

    def refusal(self, actions: list[str]) -> str | None:
        """None when the gesture is the taught move; else the friendly reason."""
        refused = self.lesson.refusal(list(actions))
        if refused is None:
            return None
        key, values = refused
        taught = values.get("taught")
        if taught is not None:
            words = getattr(self.table.words, "move", str)
            return t(key, move=words(taught))
        return t(key)

    # -- the table's doors ---------------------------------------------------------------
    def allows(self, actions: list[str]) -> bool:
        """A learner's gesture: the taught move goes through; any other is refused with
        the reason in a toast (read aloud), and the card jolts (`refuse`)."""
        if self.explaining is not None or self.finished:
            self.table.refuse(t("tutorial.wait"))
            return False
        reason = self.refusal(actions)
        if reason is not None:
            self.table.refuse(reason)
            return False
        return True

    def played(self) -> None:
        """The taught move was applied."""
        self.lesson.advance()
        self.table.refresh()        # what is lit follows the next step (10 Retro's panel)

    def holds(self) -> bool:
        """Nothing moves on while a bubble waits for the learner to go on, or at the end."""
        return self.explaining is not None or self.finished

    def leads(self) -> bool:
        """The script moves the game on now, not the table: a computer's step (its bot
        never decides), a bubble waiting, the end."""
        step = self.lesson.step
        return self.holds() or step is None or not step.learner

    def tick(self, moving: bool) -> bool:
        """The script's computer move once the table is still and the computer's pause
        is over; the end once the last move has been seen. True when something changed."""
        table, step = self.table, self.lesson.step
        if self.holds() or moving or table.drag.dragging:
            return False
        if step is None:
            if table.link.is_over and table._since_action >= END_DELAY:
                self.finish()
                return True
            return False
        if step.learner or table._since_action < table.bot_delay:
            return False
        for move in step.moves:            # a jump plays on for everybody at once
            if not table.play(table.link.current_player, [move]):
                return False               # `tutorial.check` keeps scripts from this
        self.lesson.advance()
        if step.say:
            self.explaining = step
            self.told = table.moments.current if table.moments else None
        table.refresh()
        table.app.invalidate()
        return True

    # -- the learner's buttons and keys ------------------------------------------------
    def go_on(self) -> None:
        """The learner has read the bubble. A moment the table holds meanwhile (Robin's
        bust, a joker won, a showdown) is what the bubble told: it passes with it, so one
        Enter goes on, not one for the bubble and one for the banner."""
        told = self.explaining is not None and bool(self.table.moments)
        self.explaining = self.told = None
        if told:
            self.table.go_on()
        self.table.app.invalidate()

    def follow(self) -> None:
        """The moment the bubble tells of was gone on from by its banner's own button (the
        one *Go on* shown then): the bubble goes with it."""
        moments = self.table.moments
        if self.explaining is not None and self.told is not None and (
                not moments or moments.current is not self.told):
            self.explaining = self.told = None
            self.table.app.invalidate()

    def back(self) -> None:
        """Back to the learner's step before this one: the match again from the script."""
        self.lesson.back()
        self.table.app.replace("tutorial", game_id=self.lesson.script.game_id,
                               at=self.lesson.at)

    def skip(self) -> None:
        self.lesson.forget()
        self.table.app.reset("menu")

    def finish(self) -> None:
        """The last step is played: the round is scored; the learner knows enough."""
        self.finished = True
        self.lesson.forget()
        end = self.lesson.script.end
        # a game whose tutorial plays a whole game, not a round, says so in its own words
        body = f"tutorial.{self.lesson.script.game_id}.done_body"
        body = body if body in STRINGS else "tutorial.done_body"
        lines = ([t(end)] if end else []) + [t(body)]
        table = self.table
        table.show_dialog(Dialog(t("tutorial.done_title"), lines, [
            Button(t("tutorial.play_easy"), self.play_easy, key=pygame.K_RETURN,
                   kind="primary"),
            Button(t("tutorial.rules"), self.rules),
            Button(t("tutorial.menu"), lambda: table.app.reset("menu"))], width=0.5))
        table.reader.speak(t("tutorial.done_title") + ". " + " ".join(lines), speech.NOW)

    def play_easy(self) -> None:
        """A real game of the tutorial's game against Easy, at the default options."""
        game_id = self.lesson.script.game_id
        players = len(self.lesson.script.names)
        seats = (Seat(self.lesson.script.names[0]),) + tuple(
            Seat(default_name(i), BOT, "easy") for i in range(1, players))
        self.table.app.reset("table", session=Session(game_id, seats, random_seed()))

    def rules(self) -> None:
        self.table.app.push("rules", game_id=self.lesson.script.game_id)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the guide used the event (its buttons, Enter to go on)."""
        if self.finished:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and any(
                button.key == pygame.K_BACKSPACE for button in self.table.live_buttons()):
            return False        # the table's own Backspace first (10 Retro's Cancel)
        if self.back_button.handle(event) or self.skip_button.handle(event):
            return True
        if self.explaining is not None:
            if self.go_on_button.handle(event):
                return True
            if event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS:
                self.go_on()
                return True
        return False

    # -- drawing --------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        pad, h = px(theme.PAD, s), px(34, s, 28)
        x = pad
        for button in (self.back_button, self.skip_button):
            width = min(px(170, s), theme.font(text_px(15, s), True).size(button.text)[0]
                        + px(28, s))
            button.layout((x, pad, width, h))
            x += width + pad // 2

    def pointed(self, step: Step) -> pygame.Rect | None:
        """Where the bubble points: the card the step names, or the button for its move."""
        table = self.table
        card = step.points.get("card")
        if card is not None:
            for key in (card, str(card)):       # Take That's cards are numbers
                rect = table.card_rect(key)
                if rect is not None:
                    return rect
        if "button" in step.points:
            for button in table.live_buttons():     # a panel's too (TEN's Bid, Pay)
                if table.bound_move(button) == step.move:
                    return button.rect
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.finished:
            return
        for button in (self.back_button, self.skip_button):
            button.draw(surface)
        step, text = self.shown, self.text()
        if step is None or not text:
            self.bubble = pygame.Rect(0, 0, 0, 0)
            return
        if text != self._said:              # read aloud once, when it comes up
            self._said = text
            self.table.reader.speak(text, speech.NEWS)
        self._draw_bubble(surface, step, text)

    def _draw_bubble(self, surface: pygame.Surface, step: Step, text: str) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        pad = px(theme.PAD, s)
        size, small = text_px(theme.FONT_BODY, s), text_px(theme.FONT_SMALL, s)
        width = min(px(BUBBLE_WIDTH, s), int(w * 0.4))
        lines = wrap(text, size, width - 2 * pad)
        line_h = line_height(size)
        counter = t("tutorial.step", n=self.lesson.number, total=self.lesson.total)
        # with a moment's banner up, its button is the one Go on (it passes both)
        button_h = px(34, s, 28) if self.explaining is not None and not self.table.moments \
            else 0
        if not button_h:
            self.go_on_button.layout((0, 0, 0, 0))
        height = pad + line_height(small) + len(lines) * line_h + pad \
            + (button_h + pad if button_h else 0)
        target = self.pointed(step)
        box = self.bubble = self.place((width, height), target, (w, h), s)
        if target is not None:
            self._draw_pointer(surface, box, target, s)
        draw_panel(surface, box, (*theme.FELT_DARK, 240), (*theme.HIGHLIGHT, 230),
                   px(theme.RADIUS, s))
        y = box.y + pad // 2
        surface.blit(label(counter, small, theme.ACCENT, bold=True), (box.x + pad, y))
        y += line_height(small) + pad // 2
        for line in lines:
            surface.blit(label(line, size, theme.TEXT), (box.x + pad, y))
            y += line_h
        if button_h:
            bw = min(box.w - 2 * pad, theme.font(text_px(15, s), True).size(
                self.go_on_button.text)[0] + px(36, s))
            self.go_on_button.layout((box.right - pad - bw, box.bottom - pad - button_h,
                                      bw, button_h))
            self.go_on_button.draw(surface)

    def place(self, size: tuple[int, int], target: pygame.Rect | None,
              window: tuple[int, int], s: float) -> pygame.Rect:
        """Where the bubble goes: beside what it points at (above, below, right, left),
        or with nothing to point at, top middle, top left, middle left or bottom middle:
        the first that covers the fewest cards, a word the table asks to keep readable
        counting as ten (TEN's total, its auction's title); inside the window, clear of
        the thing itself and of the buttons along the top."""
        w, h = window
        pad, gap = px(theme.PAD, s), px(18, s)
        table = self.table
        area = pygame.Rect(pad, self.back_button.rect.bottom + pad, w - 2 * pad,
                           h - self.back_button.rect.bottom - 2 * pad)
        if target is None:
            top = area.top + 2 * pad
            spots = [("midtop", (w // 2 - px(135, s), top)), ("topleft", (area.left, top)),
                     ("midleft", (area.left, area.centery)),
                     ("midbottom", (w // 2 - px(135, s), area.bottom))]
        else:
            spots = [("midbottom", (target.centerx, target.top - gap)),
                     ("midtop", (target.centerx, target.bottom + gap)),
                     ("midleft", (target.right + gap, target.centery)),
                     ("midright", (target.left - gap, target.centery))]
        kept = [self.back_button.rect, self.skip_button.rect, *table.top_buttons(),
                *([] if target is None else [target])]
        cards = [sprite.rect for sprite in table.cards.sprites.values()]
        best: tuple[int, pygame.Rect] | None = None
        box = pygame.Rect((0, 0), size)
        for anchor, at in spots:
            setattr(box, anchor, at)
            here = box.clamp(area)
            if here.collidelist(kept) != -1:
                continue
            covered = sum(1 for rect in cards if here.colliderect(rect)) \
                + WORD_WEIGHT * sum(1 for rect in table.readable if here.colliderect(rect))
            if best is None or covered < best[0]:
                best = (covered, here)
        return best[1] if best is not None else box.clamp(area)

    @staticmethod
    def _draw_pointer(surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect,
                      s: float) -> None:
        """A wedge from the bubble's edge to the thing it points at, and a ring on it."""
        half = px(10, s)
        if box.left >= target.right or box.right <= target.left:     # beside it
            right = box.left >= target.right
            x = box.left if right else box.right
            y = max(box.top + px(20, s), min(box.bottom - px(20, s), target.centery))
            tip = (target.right + px(4, s) if right else target.left - px(4, s),
                   target.centery)
            pygame.draw.polygon(surface, theme.HIGHLIGHT, [(x, y - half), (x, y + half), tip])
        else:
            below = box.top >= target.bottom
            x = max(box.left + px(20, s), min(box.right - px(20, s), target.centerx))
            y = box.top if below else box.bottom
            tip = (target.centerx,
                   target.bottom + px(4, s) if below else target.top - px(4, s))
            pygame.draw.polygon(surface, theme.HIGHLIGHT, [(x - half, y), (x + half, y), tip])
        pygame.draw.rect(surface, theme.HIGHLIGHT, target.inflate(px(8, s), px(8, s)),
                         max(2, px(3, s)), px(6, s))


def guided(table_class: type) -> type:
    """The game's table, led by a `Guide`: a class made once per game's table."""
    if table_class in _GUIDED:
        return _GUIDED[table_class]

    class GuidedTable(table_class):
        def __init__(self, app, session: Session, link=None,
                     lesson: Tutorial | None = None) -> None:
            super().__init__(app, session, link)
            # a table built again in another language (`relanguage`) reads the place kept
            self.guide = Guide(self, lesson or Tutorial(_script_of(session.game_id)))

        @property
        def forced(self) -> str | None:
            return None         # the learner makes every taught move, an only one too

        def legal(self) -> set[str]:
            """Only the taught move is lit, marked by the hint and played by the buttons
            and keys; another is still tried, and refused with the bubble's reason."""
            taught = self.guide.lesson.taught()
            legal = super().legal()
            return {taught} & legal if taught is not None else set()

        def button_refusal(self, button) -> str:
            """A button dimmed because its move is not the taught one (TEN's Stop while
            the lesson says Flip) says the bubble's reason, not "not possible now"."""
            move = self.bound_move(button) if self.my_turn else None
            if move is not None and self.why_not(move) is None:
                return self.guide.refusal([move]) or super().button_refusal(button)
            return super().button_refusal(button)

        def submit_all(self, actions: list[str]) -> bool:
            if not self.my_turn or not actions or not self.guide.allows(actions):
                return False
            applied = super().submit_all(actions)
            if applied:
                self.guide.played()
            return applied

        def button_refusal(self, button) -> str:
            """A button the lesson keeps off although the game allows its move (Elfer
            raus!'s Draw while a card is taught) says the bubble's reason, as a drop does."""
            action = self.bound_move(button)
            if self.my_turn and action is not None and super().why_not(action) is None:
                reason = self.guide.refusal([action])
                if reason is not None:
                    return reason
            return super().button_refusal(button)

        def restart(self) -> None:
            """The pause menu's Restart: the tutorial from its first step (its match is
            the script's; there is no game in progress to throw away)."""
            self.app.reset("tutorial", game_id=self.session.game_id, at=0)

        def helped_seats(self) -> list:
            return []           # no computer plays the learner's seat: the lesson is theirs

        def resize(self, size: tuple[int, int]) -> None:
            super().resize(size)
            self.guide.layout(size)

        def process_event(self, event: pygame.event.Event) -> None:
            self.mind_keys()
            if self.guide.handle(event) or self.dimmed_key(event):
                self.app.invalidate()
                return
            super().process_event(event)

        def dimmed_key(self, event: pygame.event.Event) -> bool:
            """The key of a button dimmed because its move is not the taught one (10
            Retro's P for Pass while the lesson bids) says the bubble's reason, as a
            press on the button does; a key some lit button takes is left to it."""
            if event.type != pygame.KEYDOWN or not self.my_turn or self.dialog is not None:
                return False
            buttons = [b for b in self.live_buttons() if b.key == event.key and b.rect.w]
            if not buttons or any(b.enabled for b in buttons):
                return False
            if self.bound_move(buttons[0]) is None:
                return False
            self.refuse(self.button_refusal(buttons[0]))
            return True

        def update(self, dt: float) -> bool:
            self.guide.follow()
            if self.dialog is not None or self.moments or not self.guide.leads():
                return super().update(dt)       # the learner's turn, a moment held: the
                                                # table's own (a bust waits to be seen)
            # the script's turn: the table animates; the computer's bot is never asked
            self.mind_keys()
            self._since_action += dt
            moving = self.animate(dt)
            return self.guide.tick(moving) or moving

        def draw(self, surface: pygame.Surface) -> None:
            super().draw(surface)
            if self.dialog is None and self.curtain is None:
                self.guide.draw(surface)

    GuidedTable.__name__ = GuidedTable.__qualname__ = f"Guided{table_class.__name__}"
    _GUIDED[table_class] = GuidedTable
    return GuidedTable


_GUIDED: dict[type, type] = {}


def _script_of(game_id: str):
    from tentable.tutorial import load
    return load(game_id)
