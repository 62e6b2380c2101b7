"""The rules of every game. Pure Python: never imports pygame."""
from tentable.engine.core import (GAMES, Game, IllegalAction, Option, SetupError, State,
                                  from_json, new_game, replay)
from tentable.engine import takethat  # noqa: F401  (registers the game)
from tentable.engine import retro10  # noqa: F401
from tentable.engine import elfer  # noqa: F401

__all__ = ["GAMES", "Game", "IllegalAction", "Option", "SetupError", "State", "from_json",
           "new_game", "replay"]
