"""The rules of every game. Pure Python: never imports pygame."""
from tentable.engine.core import (GAMES, Game, IllegalAction, SetupError, State, from_json,
                                  new_game)
from tentable.engine import takethat  # noqa: F401  (registers the game)

__all__ = ["GAMES", "Game", "IllegalAction", "SetupError", "State", "from_json", "new_game"]
