"""The rules of every game. Pure Python: never imports pygame."""
from tentable.engine.core import (GAMES, Game, IllegalAction, Option, SetupError, State,
                                  from_json, new_game, replay)
# Each module registers its game; the order here is the menu's order.
from tentable.engine import takethat, ten, elfer, retro10, tentiles  # noqa: F401,E402

__all__ = ["GAMES", "Game", "IllegalAction", "Option", "SetupError", "State", "from_json",
           "new_game", "replay"]
