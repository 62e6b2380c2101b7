"""The rules of every game. Pure Python: never imports pygame."""
from tentable.engine.core import (GAMES, Game, IllegalAction, Option, SetupError, State,
                                  from_json, new_game, replay)
from tentable.engine import elfer, retro10, takethat, tentiles  # noqa: F401  (registers)

__all__ = ["GAMES", "Game", "IllegalAction", "Option", "SetupError", "State", "from_json",
           "new_game", "replay"]
