"""The games by id, and how one is set up.

Each game module decorates its `State` subclass with `@register`, which checks its
declared turn structure (`declared_transitions`) and enters a `Game` in `GAMES`; a
variant class that an option turns on (solo TEN) is entered beside it with
`@register_variant`. `tentable.engine` imports every game module, in the menu's order.
`new_game` validates every argument (of any type: a wrong one is a `SetupError`, never a
crash) and asks the class the options choose (`Game.state_for`) to deal.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tentable.engine.core import OVER, SEED_LIMIT, State
from tentable.engine.errors import SetupError, shortened as _short
from tentable.engine.options import Option, validate_options


@dataclass(frozen=True)
class Game:
    """A registry entry: what the menu, the CLI and the tests need to know of a game."""

    id: str
    title: str
    min_players: int
    max_players: int
    state: type[State]
    options: tuple[Option, ...] = field(default=())
    chance_keys: tuple[str, ...] = ()
    # option name -> the class that plays the game while that option is on (solo TEN's
    # `TenSolo`), filled by `register_variant`
    variants: dict[str, type[State]] = field(default_factory=dict, hash=False, compare=False)

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def state_for(self, options: dict) -> type[State]:
        """The class that plays a game with these options: the game's own, or the variant
        an option turns on. `new_game` deals with it, and a position rebuilt from its data
        (`_from_data`, in the bots' worker) must be of it, or it plays by the wrong rules."""
        for name, cls in self.variants.items():
            if options.get(name):
                return cls
        return self.state


GAMES: dict[str, Game] = {}


def declared_transitions(cls: type[State]) -> dict[str, frozenset[str]]:
    """Each phase's `next` and `calls`; a sub-phase goes back to each phase that calls it;
    setup ("") leads to the first phase. A declaration that cannot work is a TypeError."""
    phases = cls.phases
    problems = [f"{name} -> {to}" for name, phase in phases.items()
                for to in (*phase.next, *phase.calls) if to not in phases and to != OVER]
    if cls.first_phase not in phases:
        problems.append(f"first phase {cls.first_phase}")
    out = {"": frozenset([cls.first_phase])}
    for name, phase in phases.items():
        callers = [other for other, o in phases.items() if name in o.calls]
        if callers and not phase.frame:
            problems.append(f"{name} is called but keeps no frame")
        problems += [f"{caller} calls {name} but has no resume" for caller in callers
                     if phases[caller].resume is None]
        if phase.player is None and cls.current_player is State.current_player:
            problems.append(f"{name} declares no player")
        out[name] = frozenset((*phase.next, *phase.calls, *callers))
    if problems:
        raise TypeError(f"{cls.__name__}: bad turn structure: {'; '.join(problems)}")
    return out


def register(cls: type[State]) -> type[State]:
    missing = [f"{name} {part}" for name, phase in cls.phases.items()
               for part in ("legal", "check", "perform") if not callable(getattr(phase, part))]
    if missing:
        raise TypeError(f"{cls.__name__}: phase parts missing: {missing}")
    cls.transitions = declared_transitions(cls)
    GAMES[cls.game_id] = Game(cls.game_id, cls.title, cls.min_players, cls.max_players, cls,
                              cls.options_spec, cls.chance_keys)
    return cls


def register_variant(game_id: str, option: str):
    """A class decorator: `cls` plays the registered game `game_id` whenever the option
    `option` is on. A variant is a subclass of the game's class (see `State`); it keeps the
    game's id, options, saves and records, so it registers no game of its own. The variant
    module imports its game's, never the other way round."""
    def add(cls: type[State]) -> type[State]:
        game = GAMES[game_id]
        if not issubclass(cls, game.state) or option not in {o.name for o in game.options}:
            raise TypeError(f"{cls.__name__} is no variant of {game_id} by option {option!r}")
        game.variants[option] = cls
        return cls
    return add


def new_game(game_id: Any, players: Any, seed: Any = 0, options: Any = None,
             deck: Any = None, **chance: Any) -> State:
    """Set up a game. Every wrong argument, of any type, raises SetupError."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise SetupError(f"unknown game {_short(game_id)} (games: {', '.join(sorted(GAMES))})")
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise SetupError(f"{game.title} is for {game.min_players}–{game.max_players} players, "
                         f"not {_short(players)}")
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise SetupError(f"the seed must be a whole number from 0 to 2**63-1, "
                         f"not {_short(seed)}")
    unknown = [key for key in chance if key not in game.chance_keys]
    if unknown:
        allowed = ", ".join(game.chance_keys) or "only deck="
        raise SetupError(f"{game.title} takes no {unknown[0]}= (chance keywords: {allowed})")
    options = validate_options(game_id, game.options, options, players)
    try:
        return game.state_for(options).new(players, seed, options, deck, **chance)
    except SetupError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # A game's own checks should have worded this; never let a raw error escape.
        raise SetupError(f"{game.title}: bad setup ({type(exc).__name__}: {exc})") from None


def automata_of(game_id: Any, players: Any, options: Any = None) -> set[int]:
    """The seats the rules themselves play with these players and options (solo TEN's
    Mona): what a setup screen marks before any game exists. SetupError as `new_game`."""
    return set(new_game(game_id, players, 0, options).automata)
