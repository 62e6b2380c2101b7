"""Set up a game: how many play, who is human, names, computer levels, options, seed.

    app.push("setup", game_id="takethat", in_progress=False)

Each option gets a control that fits its kind (`Option.kind`; the seat and option rows
are in `setup_rows.py`): a toggle for bool, a stepper for an int range, a choice row or
picker for a fixed set of choices and for options that may be left to chance (None: "by
lot"), a picker of a few orders for a list; anything else is shown read-only and left to
the game's default. An option the
player has not touched follows `Option.suggested(players)` when the player count
changes (Take That proposes its pro variant for two). Seats the rules play (solo
TEN's Mona, `state.automata`) get no human/computer choice.

The last choices per game are kept in the settings (`settings["games"][game_id]`) and
checked again with `Option.problem` when they are read back.

With friends (`app.push("setup", game_id=..., friends=True)`, #41): the same rows, where a
person is You or a friend at another computer; Start hosts the table (`tentable.ui.hosted`)
and shows the invites. Those choices are kept apart (`...[game_id]["friends"]`).
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from tentable import keeping, store, tutorial
from tentable.bots import available_bots
from tentable.engine import GAMES, SetupError, automata_of
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import NoTable, register_scene, table_for
from tentable.ui.scenes.setup_rows import (FRIEND, YOU, OptionRow, SeatRow, default_bot,
                                           default_name, remembered_option)
from tentable.ui.scenes.common import (KeyNav, Stepper, TextField, ask_start_over, backdrop,
                                       button_focus, px, text_px, text_scale)
from tentable.session import BOT, HUMAN, PLAYER_SEED_MAX, Seat, Session, random_seed
from tentable.text import t
from tentable.ui.widgets.button import Button, caption_width
from tentable.ui.widgets.dialog import Dialog
from tentable.ui.widgets.illustration import illustration
from tentable.ui.widgets.panel import blit_label, draw_panel, fit, line_height, rounded, wrap
from tentable.ui.widgets.seatpanel import seat_colour, seat_symbol
from tentable.ui.widgets.shapes import symbol_icon

SEED_DIGITS = len(str(PLAYER_SEED_MAX))
LEAST_CONTROL = 28      # units: an option's control is never lower, however many options


# -- the screen ------------------------------------------------------------------------
def help_step(s: float) -> int:
    """From one line of an option's help to the next (small text: `text_scale`)."""
    return px(18, text_scale(s), 16)


@register_scene("setup")
class SetupScene(Scene):
    def __init__(self, app, game_id: str, in_progress: bool = False,
                 friends: bool = False) -> None:
        super().__init__(app)
        self.game = GAMES[game_id]
        self.friends = friends           # hosting a table for friends on other computers
        # starting throws a game in progress away: ask first (hosting leaves it be)
        self.in_progress = in_progress and not friends
        remembered = self._remembered()
        self.bots = available_bots(game_id)
        you = remembered.get("you", 0) if friends else None
        self.rows = [SeatRow(i, self._remembered_seat(remembered, i), self.bots,
                             None if you is None else i == you)
                     for i in range(self.game.max_players)]
        for row in self.rows:
            row.kind.on_change = lambda value, r=row: self._kind_changed(r, value)
        players = remembered.get("players")
        if not (type(players) is int and self.game.min_players <= players
                <= self.game.max_players):
            players = max(self.game.min_players, min(3, self.game.max_players))
        self.players = Stepper(players, lambda n: self.game.min_players <= n
                               <= self.game.max_players, self._players_changed)
        options = remembered.get("options") if isinstance(remembered.get("options"), dict) else {}
        self.options = []
        for option in self.game.options:
            value, touched = remembered_option(option, options, players)
            self.options.append(OptionRow(game_id, option, value, players, touched,
                                          self._option_changed))
        self.seed = TextField(str(random_seed()), SEED_DIGITS, str.isdigit)
        self.new_seed = Button(t("setup.new_seed"), self._new_seed)
        self.back = Button(t("setup.back"), self.go_back)
        self.rules = Button(t("setup.rules"), self.open_rules)
        self.start = Button(t("setup.start"), self.start_game, kind="primary")
        # a guided first game on a fixed deal (#43), where the game has a script
        self.learn = Button(t("tutorial.learn"), self.learn_to_play) \
            if tutorial.has_script(game_id) and not friends else None
        self.confirm: Dialog | None = None
        self.nav = KeyNav()
        self.scale = 1.0
        self.seats_panel = self.options_panel = pygame.Rect(0, 0, 0, 0)
        self.columns: list[tuple[int, int]] = []
        self.seed_block = pygame.Rect(0, 0, 0, 0)
        self.ghosts: list[tuple[int, pygame.Rect]] = []   # seats the stepper could add
        self.art: tuple[pygame.Surface, pygame.Rect] | None = None
        self._mark_automata()

    # -- remembered choices ---------------------------------------------------------
    def _remembered(self) -> dict:
        """The last setup of this game (with friends: the last one with friends)."""
        games = self.app.settings.get("games")
        remembered = games.get(self.game.id, {}) if isinstance(games, dict) else {}
        if isinstance(remembered, dict) and self.friends:
            remembered = remembered.get("friends", {})
        return remembered if isinstance(remembered, dict) else {}

    def _remembered_seat(self, remembered: dict, index: int) -> Seat:
        seats = remembered.get("seats")
        if isinstance(seats, list) and index < len(seats) and isinstance(seats[index], dict):
            seat = Seat.from_dict(seats[index])
            name = self._name(store.clean_name(seat.name), index)
            if seat.kind == BOT and seat.bot not in self.bots:
                return Seat(name, BOT, default_bot(self.game.id))
            return Seat(name, seat.kind, seat.bot)
        if index == 0 or (index == 1 and self.friends):      # with friends: one at least
            return Seat(self._name("", index), HUMAN)
        return Seat(self._name("", index), BOT, default_bot(self.game.id))

    def _name(self, name: str, index: int) -> str:
        """A seat's name, or its default. With friends never "You": the friends' screens
        would read it as themselves ("You to play" on the host's turn)."""
        name = name or default_name(index)
        return t("friends.host_name") if self.friends and name == t("setup.name_you") else name

    def chosen_options(self) -> dict:
        """The options to start with; read-only ones are left to the game's default."""
        return {row.option.name: row.value for row in self.options if row.editable}

    def session(self) -> Session:
        count = self.players.value
        seats = tuple(row.seat() for row in self.rows[:count])
        if self.friends:            # a name emptied or typed as "You": the host's name
            seats = tuple(replace(seat, name=self._name(seat.name, i))
                          for i, seat in enumerate(seats))
        # with friends a fresh deal nobody saw: a seed known fixes every hidden card, and
        # the host would know the friends' hands
        text = "" if self.friends else self.seed.text
        seed = int(text) if text else random_seed()
        return Session(self.game.id, seats, seed, self.chosen_options())

    def mine(self) -> int | None:
        """With friends: the player's own seat (None: they chose none)."""
        return next((row.index for row in self.rows[: self.players.value] if row.is_you),
                    None)

    def remember(self) -> None:
        session = self.session()
        chosen = {"players": session.players,
                  "seats": [row.seat().to_dict() for row in self.rows],
                  "options": dict(session.options)}
        games = self.app.settings.setdefault("games", {})
        before = games.get(self.game.id)
        before = before if isinstance(before, dict) else {}
        if self.friends:
            chosen = {**before, "friends": {**chosen, "you": next(
                (row.index for row in self.rows if row.is_you), 0)}}
        elif isinstance(before.get("friends"), dict):
            chosen["friends"] = before["friends"]
        games[self.game.id] = chosen
        self.app.save_settings()

    # -- changes -----------------------------------------------------------------------
    def _kind_changed(self, row: SeatRow, value: str) -> None:
        """With friends, one seat is the player's: choosing You for another makes the
        old one a friend's."""
        if value == YOU:
            for other in self.rows:
                if other is not row and other.kind.value == YOU:
                    other.kind.select(FRIEND)
        self.resize(self.app.size)

    def _players_changed(self, players: int) -> None:
        for row in self.options:
            row.follow(players)
        self._mark_automata()
        self.resize(self.app.size)

    def _option_changed(self, row: OptionRow) -> None:
        self._mark_automata()   # an option may decide who the rules play (solo games)
        self.resize(self.app.size)

    def _mark_automata(self) -> None:
        """Ask the rules which seats they play with these players and options."""
        try:
            automata = automata_of(self.game.id, self.players.value, self.chosen_options())
        except Exception:   # a setup the engine refuses: Start will say why
            automata = set()
        for row in self.rows:
            row.automaton = row.index in automata

    # -- actions ---------------------------------------------------------------------
    def _new_seed(self) -> None:
        self.seed.set_text(str(random_seed()))

    def open_rules(self) -> None:
        self.app.push("rules", game_id=self.game.id)

    def go_back(self) -> None:
        self.remember()
        self.app.pop()

    def start_game(self) -> None:
        self.remember()
        if table_for(self.game.id) is None:
            self.app.toasts.show(t("setup.coming_soon", game=self.game.title), 3.0)
            return
        if self.friends:
            self._host()
            return
        if self.in_progress:
            self.confirm = ask_start_over(self.game.id, self.game.title, self._start_now,
                                          self._cancel_start)
            return
        self._start_now()

    def _host(self) -> None:
        """Host the table for friends and show its invites (#41)."""
        from tentable.ui import hosted      # network play: loaded when a player hosts
        mine = self.mine()
        if mine is None:
            self.app.toasts.show(t("friends.no_you"), 4.0, "error")
            return
        try:
            hosting = hosted.host(self.app, self.session(), mine)
        except (SetupError, ValueError, OSError) as exc:
            self.app.toasts.show(t("friends.failed", reason=exc), 5.0, "error")
            return
        self.app.replace("invite", hosting=hosting)

    def learn_to_play(self) -> None:
        """The tutorial, from where the learner left it; a game in progress stays."""
        self.remember()
        try:
            self.app.reset("tutorial", game_id=self.game.id)
        except (tutorial.ScriptError, SetupError, NoTable, ValueError) as exc:
            self.app.toasts.show(t("tutorial.broken", reason=exc), 5.0, "error")

    def _cancel_start(self) -> None:
        self.confirm = None

    def _start_now(self) -> None:
        self.confirm = None
        if self.in_progress:   # confirmed: the old game must not come back as "Continue"
            said = keeping.abandon_in_progress(self.game.id)   # a ladder game: lost
            self.in_progress = False
            if said:
                self.app.toasts.show(said, 6.0)
        try:
            self.app.reset("table", session=self.session())
        except (SetupError, NoTable, ValueError) as exc:
            self.app.toasts.show(t("setup.bad_setup", reason=exc), 4.0, "error")

    # -- Scene -------------------------------------------------------------------------
    def fields(self) -> list[TextField]:
        names = [row.name for row in self.rows[: self.players.value]]
        return names if self.friends else names + [self.seed]

    def process_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            self.confirm.handle(event)   # Esc is its Cancel key
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return
        active = next((f for f in self.fields() if f.active), None)
        if active is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if active.handle(event):
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                self.nav.visible = True        # Tab goes on from the field typed in
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            for field in self.fields():
                if field.handle(event):
                    self.nav.focus_field(field)
        if self.nav.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, rect in self.ghosts:
                if rect.collidepoint(event.pos):
                    self.players.set(index + 1)
                    self._players_changed(index + 1)
                    return
        controls: list = [self.players]
        for row in self.rows[: self.players.value]:
            controls += row.controls()[1:]
        controls += [row.control for row in self.options]
        controls += [] if self.friends else [self.new_seed]
        controls += [self.back, self.rules, self.start]
        controls += [self.learn] if self.learn is not None else []
        for control in controls:
            if control.handle(event):
                return

    def update(self, dt: float) -> bool:
        return any(field.update(dt) for field in self.fields())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.ui_scale(size)
        margin, gap = px(44, s), px(24, s)
        top, footer = px(110, s), px(92, s)
        panel_h = h - top - footer
        left_w = round((w - 2 * margin - gap) * 0.62)
        self.seats_panel = pygame.Rect(margin, top, left_w, panel_h)
        self.options_panel = pygame.Rect(margin + left_w + gap, top,
                                         w - 2 * margin - gap - left_w, panel_h)
        self._layout_seats(s)
        self._layout_options(s)
        self._layout_footer(w, h - footer, h, s)
        items = self.players.focusables()
        for row in self.rows[: self.players.value]:
            items += row.focusables()
        for row in self.options:
            items += row.control.focusables()
        if self.learn is not None:      # beside the title, over the options: after them
            bw = min(px(220, s), caption_width(self.learn.text, px(40, s, 32)) + px(24, s))
            self.learn.layout((w - margin - bw, px(50, s), bw, px(40, s, 32)))
            items.append(button_focus(self.learn))
        if not self.friends:
            items += [self.seed.focusable(), button_focus(self.new_seed)]
        items += [button_focus(self.back), button_focus(self.rules)]
        items.append(button_focus(self.start))
        keep = self.nav.index if self.nav.items else len(items) - 1
        self.nav.set_items(items, min(keep, len(items) - 1))

    def _layout_seats(self, s: float) -> None:
        inner = self.seats_panel.inflate(-2 * px(24, s), -2 * px(24, s))
        row_h = min(px(54, s), (inner.h - px(96, s)) // max(1, self.game.max_players))
        ctrl_h = min(px(40, s, 30), row_h - px(8, s))
        # Players: − n +
        self.players.layout(pygame.Rect(inner.right - px(150, s), inner.y, px(150, s), ctrl_h))
        # columns: name | human/computer | level
        icon = px(30, s)
        name_w = round((inner.w - icon) * 0.31)
        kind_w = round((inner.w - icon) * 0.36)
        col_gap = px(12, s)
        x = inner.x + icon
        self.columns = [(x, name_w - col_gap), (x + name_w, kind_w - col_gap),
                        (x + name_w + kind_w, inner.right - (x + name_w + kind_w))]
        y = inner.y + ctrl_h + px(48, s)
        self.ghosts = []
        for i, row in enumerate(self.rows):
            if i < self.players.value:
                row.layout(pygame.Rect(inner.x, y + i * row_h, inner.w, ctrl_h), self.columns)
            else:
                row.layout(pygame.Rect(0, 0, 0, 0), [(0, 0)] * 3)
                self.ghosts.append((i, pygame.Rect(x, y + i * row_h, inner.right - x, ctrl_h)))

    def _layout_options(self, s: float) -> None:
        """Each label takes the width it needs, its control what is left up to the width it
        likes; a control that would be too narrow for its captions goes under its label.
        The controls are as tall as the panel has room for, the picture in what is left."""
        inner = self.options_panel.inflate(-2 * px(24, s), -2 * px(24, s))
        body = text_px(18, s)
        tall = px(40, s, 30)
        for row in self.options:
            liked = row.liked_width(inner.w, s)
            beside = inner.w - theme.font(body, True).size(row.label)[0] - px(10, s)
            least = row.control.least_width(tall)
            row.stacked = min(liked, beside) < least
            row.width = min(inner.w, max(liked, least)) if row.stacked else min(liked, beside)
            row.help_lines = wrap(row.help, text_px(14, s), inner.w) if row.help else []
        head = px(40, s)
        fixed = head + sum(sum(self._option_spacing(row, s)) for row in self.options)
        ctrl_h = min(tall, (inner.h - fixed) // max(1, len(self.options)))
        ctrl_h = max(px(LEAST_CONTROL, s), ctrl_h)
        y = inner.y + head
        for row in self.options:
            above, below = self._option_spacing(row, s)
            row.control.layout(pygame.Rect(inner.right - row.width, y + above, row.width, ctrl_h))
            y += above + ctrl_h + below
        self._place_art(pygame.Rect(inner.x, y, inner.w, inner.bottom - y), s)

    def _option_spacing(self, row: OptionRow, s: float) -> tuple[int, int]:
        """The room an option takes above its control (a label there) and below it (help)."""
        above = line_height(text_px(18, s)) + px(4, s) if row.stacked else 0
        if not row.help_lines:
            return above, px(12, s)
        return above, px(6, s) + len(row.help_lines) * help_step(s) + px(8, s)

    def _place_art(self, space: pygame.Rect, s: float) -> None:
        """The game's picture in the room the options leave, if there is enough."""
        self.art = None
        if space.h >= px(110, s):
            room = pygame.Rect(0, 0, space.w, min(space.h - px(12, s), px(190, s)))
            room.center = space.center
            self.art = (illustration(self.game.id, room.size), room)

    def _layout_footer(self, w: int, y: int, h: int, s: float) -> None:
        """Back and How to play on the left, Start on the right, and between them the seed
        (it goes with the game Start begins): its heading and hint over field and button."""
        margin = px(44, s)
        bw, bh = px(200, s), px(52, s, 38)
        by = y + (h - y - bh) // 2
        self.back.layout((margin, by, px(150, s), bh))
        self.rules.layout((margin + px(150, s) + px(14, s), by, px(170, s), bh))
        self.start.layout((w - margin - bw, by, bw, bh))
        left, right = self.rules.rect.right + px(24, s), self.start.rect.x - px(24, s)
        width = min(px(380, s), right - left)
        ctrl_h = px(36, s, 28)
        heading = line_height(text_px(22, s), True)
        top = y + (h - y - heading - px(4, s) - ctrl_h) // 2
        self.seed_block = pygame.Rect(right - width, top, width, heading + px(4, s) + ctrl_h)
        field_y = top + heading + px(4, s)
        self.seed.layout(pygame.Rect(right - width, field_y, width // 2, ctrl_h))
        x = self.seed.rect.right + px(12, s)
        self.new_seed.layout(pygame.Rect(x, field_y, right - x, ctrl_h))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        margin = px(44, s)
        kicker = blit_label(surface, t("friends.kicker" if self.friends else "setup.title"),
                            text_px(17, s), theme.TEXT_DIM,
                            bold=True, topleft=(margin, px(26, s)))
        blit_label(surface, self.game.title, text_px(40, s), theme.TEXT, bold=True,
                   topleft=(margin, px(48, s)))
        # the keys on the kicker's line: a long title has the whole width below it
        room = surface.get_width() - 2 * margin - kicker.w - px(24, s)
        blit_label(surface, fit(t("setup.hint"), text_px(14, s), room), text_px(14, s),
                   theme.TEXT_DIM, midright=(surface.get_width() - margin, kicker.centery))
        self._draw_seats(surface)
        self._draw_options(surface)
        self._draw_seed(surface)
        self.back.draw(surface)
        self.rules.draw(surface)
        self.start.draw(surface)
        if self.learn is not None:
            self.learn.draw(surface)
        if self.confirm is not None:
            self.confirm.draw(surface)
        else:
            self.nav.draw(surface, s)

    def _heading(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
        blit_label(surface, text, text_px(22, self.scale), theme.TEXT, bold=True, topleft=pos)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.seats_panel, radius=px(16, s))
        inner = self.seats_panel.inflate(-2 * px(24, s), -2 * px(24, s))
        self._heading(surface, t("setup.players"), (inner.x, self.players.rect.y
                                                    + (self.players.rect.h - text_px(22, s)) // 2
                                                    - px(3, s)))
        self.players.draw(surface)
        count = self.players.value
        small = text_px(14, s)
        heads_y = self.players.rect.bottom + px(18, s)
        for (x, _), key in zip(self.columns, ("setup.name", "setup.kind", "setup.level")):
            blit_label(surface, t(key), small, theme.TEXT_DIM, bold=True, topleft=(x, heads_y))
        for i, row in enumerate(self.rows[:count]):
            icon = symbol_icon(seat_symbol(i), px(16, s, 12), seat_colour(i))
            surface.blit(icon, icon.get_rect(midleft=(inner.x, row.rect.centery)))
            for control in row.controls():
                control.draw(surface)
        for index, rect in self.ghosts:
            surface.blit(rounded(rect.size, (255, 255, 255, 8), min(theme.RADIUS, rect.h // 2),
                                 (255, 255, 255, 36)), rect)
            blit_label(surface, t("setup.add_seat", n=index + 1), small, theme.TEXT_DIM,
                       center=rect.center)

    def _draw_options(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.options_panel, radius=px(16, s))
        inner = self.options_panel.inflate(-2 * px(24, s), -2 * px(24, s))
        self._heading(surface, t("setup.options"), inner.topleft)
        body, small = text_px(18, s), text_px(14, s)
        if not self.options:
            blit_label(surface, t("setup.no_options"), body, theme.TEXT_DIM,
                       topleft=(inner.x, inner.y + px(44, s)))
        for row in self.options:
            rect = row.control.rect
            if row.stacked:
                blit_label(surface, fit(row.label, body, inner.w, True), body, theme.TEXT,
                           bold=True, bottomleft=(inner.x, rect.y - px(4, s)))
            else:
                blit_label(surface, row.label, body, theme.TEXT, bold=True,
                           midleft=(inner.x, rect.centery))
            row.control.draw(surface)
            y = rect.bottom + px(6, s)
            for line in row.help_lines:
                blit_label(surface, line, small, theme.TEXT_DIM, topleft=(inner.x, y))
                y += help_step(s)
        if self.art is not None:
            surface.blit(*self.art)

    def _draw_seed(self, surface: pygame.Surface) -> None:
        if self.friends:
            return          # a table for friends deals from a seed nobody sees
        block = self.seed_block
        self._heading(surface, t("setup.seed"), block.topleft)
        blit_label(surface, t("setup.seed_hint"), text_px(14, self.scale), theme.TEXT_DIM,
                   bottomright=(block.right, block.y + text_px(22, self.scale)))
        self.seed.draw(surface)
        self.new_seed.draw(surface)
