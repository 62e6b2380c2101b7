"""The rules of every game. Pure Python: never imports pygame.

One module per game (with parts beside the longest), registered on import, in the menu's
order. Shared by all: `core` (the `State` contract), `options`, `cards` (chance and card
ids), `errors`, `registry` (`GAMES`, `new_game`), `records` (`replay`, saves), `views`
(the typed views), `decks` (the card manifests). The names most callers need are here.
"""
from tentable.engine.core import State
from tentable.engine.errors import IllegalAction, SetupError
from tentable.engine.options import Option
from tentable.engine.records import from_json, replay
from tentable.engine.registry import GAMES, Game, automata_of, new_game
# Each module registers its game; the order here is the menu's order.
from tentable.engine import takethat, ten, elfer, retro10, tentiles  # noqa: F401,E402
# A variant registers itself beside its game.
from tentable.engine import ten_solo  # noqa: F401,E402

__all__ = ["GAMES", "Game", "IllegalAction", "Option", "SetupError", "State", "automata_of",
           "from_json", "new_game", "replay"]
