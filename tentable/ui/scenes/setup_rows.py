"""The rows of the setup screen (`ui/scenes/setup.py`): a seat's row (human or computer,
name, level) and an option's row, whose control fits the option's kind (`Option.kind`):
a toggle for bool, a stepper for an int range, a choice row or picker for a fixed set of
choices and for options that may be left to chance (None: "by lot"), a picker of a few
orders for a list; anything else is shown read-only. Beside them, what the screen
proposes for an option (`initial_value`) and how a remembered choice is read back
(`remembered_option`, checked again with `Option.problem`).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from tentable import store
from tentable.bots import available_bots
from tentable.engine.options import Option
from tentable.ui.scenes.common import (Focusable, Picker, ReadOnly, Segmented, Stepper,
                                       TextField, px, same_value)
from tentable.session import BOT, HUMAN, RULES, Seat
from tentable.text import t, t_or

NAME_LENGTH = store.MAX_NAME
# with friends (#41): a person's seat is the player's own or a friend's at another screen
YOU, FRIEND = "you", "friend"
SEGMENTS_MAX = 4        # more choices than this: a picker instead of a row of segments
PICKER_MAX = 100        # an optional int range this wide or wider is shown read-only
ORDERS_SHOWN = 6        # list options: this many fixed orders besides "from the seed"


def default_name(index: int) -> str:
    if index == 0:
        return t("setup.name_you")
    names = t("setup.names").split(",")
    return names[(index - 1) % len(names)]


def default_bot(game_id: str) -> str:
    bots = available_bots(game_id)
    return "normal" if "normal" in bots else (bots[0] if bots else "easy")


class SeatRow:
    """The controls of one seat: name, human or computer, computer level. A seat the
    rules play shows that instead of the choice. With friends (`you`: None at home, else
    whether this seat is the player's own) a person is You or a friend: no one else
    sits at this screen."""

    def __init__(self, index: int, seat: Seat, bots: list[str],
                 you: bool | None = None) -> None:
        self.index = index
        self.name = TextField(store.clean_name(seat.name), NAME_LENGTH)
        kind = seat.kind if seat.kind in (HUMAN, BOT) else HUMAN
        people = [(HUMAN, t("setup.human"))]
        if you is not None:
            people = [(YOU, t("setup.you")), (FRIEND, t("setup.friend"))]
            kind = kind if kind == BOT else YOU if you else FRIEND
        self.kind = Segmented([*people, (BOT, t("setup.computer"))], kind)
        bot = seat.bot if seat.bot in bots else (bots[-1] if bots else "")
        levels = [(name, t_or(f"bot.{name}", name.title())) for name in bots]
        # a row of levels where they fit whole (a large scale may not leave the room), else
        # ‹ level › stepping through them; each follows the other
        self.levels = Segmented(levels, bot, lambda value: self.stepped.select(value))
        self.stepped = Picker(levels, bot, lambda value: self.levels.select(value))
        self.level: Segmented | Picker = self.levels
        self.rules = ReadOnly(RULES, t("setup.automaton"))
        self.automaton = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def is_bot(self) -> bool:
        return self.kind.value == BOT and not self.automaton

    def seat(self) -> Seat:
        name = store.clean_name(self.name.text) or default_name(self.index)
        if self.automaton:
            return Seat(name, RULES)
        if self.is_bot:
            return Seat(name, BOT, self.level.value)
        return Seat(name, HUMAN)

    @property
    def is_you(self) -> bool:
        """With friends: the player's own seat."""
        return self.kind.value == YOU and not self.automaton

    def layout(self, rect: pygame.Rect, columns: list[tuple[int, int]]) -> None:
        self.rect = pygame.Rect(rect)
        (nx, nw), (kx, kw), (lx, lw) = columns
        self.name.layout(pygame.Rect(nx, rect.y, nw, rect.h))
        self.kind.layout(pygame.Rect(kx, rect.y, kw, rect.h))
        self.rules.layout(pygame.Rect(kx, rect.y, kw, rect.h))
        fits = self.levels.least_width(rect.h) <= lw
        self.level = self.levels if fits or not rect.h else self.stepped
        self.level.layout(pygame.Rect(lx, rect.y, lw, rect.h))

    def controls(self) -> list:
        """The controls shown, the name field first."""
        if self.automaton:
            return [self.name, self.rules]
        return [self.name, self.kind] + ([self.level] if self.is_bot else [])

    def focusables(self) -> list[Focusable]:
        items = [self.name.focusable()]
        for control in self.controls()[1:]:
            items += control.focusables()
        return items


# -- options ---------------------------------------------------------------------------
def _orders(option: Option) -> list[list]:
    """A few fixed orders of a list option's items: each rotation of the declared order."""
    items = list(option.choices)
    return [items[i:] + items[:i] for i in range(min(len(items), ORDERS_SHOWN))]


def option_values(option: Option, players: int) -> list | None:
    """The values a choice control offers for `option` (None = by lot first when the
    option allows it), each allowed with `players` players; None if the kind has no
    finite list of values (an int range gets a stepper instead)."""
    kind = option.kind
    if kind is bool:
        values: list = [False, True]
    elif kind in (int, str) and option.choices:
        values = list(option.choices)
    elif (kind is int and option.optional and option.low is not None
          and option.high is not None and option.high - option.low < PICKER_MAX):
        values = list(range(option.low, option.high + 1))
    elif kind is list and option.choices:
        values = _orders(option)
    else:
        return None
    if option.optional:
        values.insert(0, None)
    return [v for v in values if _allowed(option, v, players)]


def _allowed(option: Option, value: Any, players: int) -> bool:
    try:
        return option.problem(value, players) is None
    except Exception:   # a game's own check must not take the setup screen down
        return False


def _stepper_kind(option: Option) -> bool:
    return option.kind is int and not option.optional and not option.choices


class OptionRow:
    """One game option and the control that fits its kind. `touched` once the player
    changed it: until then it follows the suggestion for the player count."""

    def __init__(self, game_id: str, option: Option, value: Any, players: int,
                 touched: bool = False,
                 on_change: Callable[["OptionRow"], None] | None = None) -> None:
        self.game_id = game_id
        self.option = option
        self.players = players
        self.touched = touched
        self.on_change = on_change
        self.label = t_or(f"option.{game_id}.{option.name}", option.name.replace("_", " ").title())
        self.help = t_or(f"option.{game_id}.{option.name}.help", option.help)
        self.editable = True
        self.control: Any = None
        self.stacked = False                 # the label above the control, not beside it
        self.width = 0                       # the control's, as laid out
        self.help_lines: list[str] = []      # the help as wrapped for the panel
        self._build(value)

    def text(self, value: Any) -> str:
        """How a value reads: a translation if the table has one, else the value."""
        name = f"option.{self.game_id}.{self.option.name}"
        if value is None:
            return t_or(f"{name}.none", t("option.by_lot"))
        if isinstance(value, bool):
            return t("common.on") if value else t("common.off")
        if isinstance(value, list):
            return " ".join(t_or(f"{name}.{item}", str(item)) for item in value)
        return t_or(f"{name}.{value}", str(value))[:40]

    def _build(self, value: Any) -> None:
        option, players = self.option, self.players
        if _stepper_kind(option):
            if not isinstance(value, int) or isinstance(value, bool):
                value = option.low if option.low is not None else 0
            self.control = Stepper(value, lambda n: _allowed(option, n, self.players),
                                   self._changed)
            return
        values = option_values(option, players)
        if values:
            if not any(same_value(v, value) for v in values):
                if _allowed(option, value, players):
                    values.append(value)   # a remembered order that is none of the shown ones
                else:
                    value = values[0]
            choices = [(v, self.text(v)) for v in values]
            control = Segmented if len(choices) <= SEGMENTS_MAX else Picker
            self.control = control(choices, value, self._changed)
            return
        self.editable = False
        default = _safe(lambda: option.default_for(players))
        self.control = ReadOnly(default, self.text(default))

    def _changed(self, _value: Any) -> None:
        self.touched = True
        if self.on_change is not None:
            self.on_change(self)

    @property
    def value(self) -> Any:
        return self.control.value

    @property
    def wide(self) -> bool:
        return isinstance(self.control, Picker) or (
            isinstance(self.control, Segmented) and len(self.control.choices) > 2)

    def liked_width(self, room: int, s: float) -> int:
        """The control's width where the panel has room for it beside the label."""
        if self.wide:
            return min(round(room * 0.62), px(240, s))
        return px(200, s) if isinstance(self.control, Segmented) else px(150, s)

    def follow(self, players: int) -> None:
        """The player count changed: take the suggestion unless the player chose a value
        that still fits; offer only the values allowed now."""
        self.players = players
        if not self.editable:
            self._build(None)
            return
        value = self.value
        if not self.touched or not _allowed(self.option, value, players):
            self.touched = False
            value = initial_value(self.option, players)
        self._build(value)


def _safe(make: Callable[[], Any]) -> Any:
    try:
        return make()
    except Exception:
        return None


def initial_value(option: Option, players: int) -> Any:
    """What the setup proposes: the rulebook's suggestion, else the default, else the
    first value allowed."""
    for make in (lambda: option.suggested(players), lambda: option.default_for(players)):
        value = _safe(make)
        if _allowed(option, value, players):
            return value
    if option.optional:
        return None
    values = option_values(option, players) or [option.default]
    return values[0]


def remembered_option(option: Option, options: dict, players: int) -> tuple[Any, bool]:
    """The remembered value if it is still allowed, else the proposal; and whether the
    player had chosen it (it differs from what would be proposed)."""
    proposed = initial_value(option, players)
    if option.name in options and _allowed(option, options[option.name], players):
        value = options[option.name]
        return value, not same_value(value, proposed)
    return proposed, False
