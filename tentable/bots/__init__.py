"""Computer players. A bot sees only what its seat sees: `state.view(seat)`.

`make_bot(name, game_id, seat, seed).choose(state)` returns one of
`state.legal_actions()`. Bots that search must work on `state.determinize(...)`.
"""
from __future__ import annotations

from typing import Callable

from tentable.bots.base import Bot, RandomBot
from tentable.bots.takethat import TakeThatHeuristic

# name -> game id (None: every game) -> factory
_BOTS: dict[str, dict[str | None, Callable[[int, int], Bot]]] = {
    "random": {None: RandomBot},
    "heuristic": {"takethat": TakeThatHeuristic},
}


def available_bots(game_id: str) -> list[str]:
    return [name for name, games in _BOTS.items() if None in games or game_id in games]


def make_bot(name: str, game_id: str, seat: int, seed: int = 0) -> Bot:
    games = _BOTS.get(name)
    if games is None:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(_BOTS)})")
    factory = games.get(game_id) or games.get(None)
    if factory is None:
        raise ValueError(f"no {name!r} bot for {game_id!r} yet "
                         f"(available: {', '.join(available_bots(game_id))})")
    return factory(seat, seed)


__all__ = ["Bot", "available_bots", "make_bot"]
