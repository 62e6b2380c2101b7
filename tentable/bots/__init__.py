"""Computer players. A bot sees only what its seat sees: `state.view(seat)`.

`make_bot(name, game_id, seat, seed, time_limit).choose(state)` returns one of
`state.legal_actions()`. The table hands bots `state.determinize(seat, ...)`, never
the real state, so even a bot that searches cannot peek.
"""
from __future__ import annotations

from typing import Callable

from tentable.bots.base import Bot, RandomBot
from tentable.bots.elfer import ElferHeuristic
from tentable.bots.retro10 import Retro10Heuristic
from tentable.bots.takethat import TakeThatHeuristic
from tentable.bots.ten import TenHeuristic
from tentable.bots.tentiles import TilesHeuristic, TilesSearch

# name -> game id (None: every game) -> factory(seat, seed, time_limit)
_BOTS: dict[str, dict[str | None, Callable[..., Bot]]] = {
    "random": {None: RandomBot},
    "heuristic": {"elfer": ElferHeuristic, "retro10": Retro10Heuristic,
                  "takethat": TakeThatHeuristic, "ten": TenHeuristic,
                  "tentiles": TilesHeuristic},
    "search": {"tentiles": TilesSearch},
}

# Bots that search: the table runs them in a separate process so the window stays fluid.
CPU_HEAVY = {"search"}

# The cheaper level a late or failed decision falls back to; the cheapest answer at once.
_FALLBACK = {"search": "heuristic"}


def fallback(name: str) -> str | None:
    return _FALLBACK.get(name)


def available_bots(game_id: str) -> list[str]:
    return [name for name, games in _BOTS.items() if None in games or game_id in games]


def make_bot(name: str, game_id: str, seat: int, seed: int = 0,
             time_limit: float | None = None) -> Bot:
    games = _BOTS.get(name) if isinstance(name, str) else None
    if games is None:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(_BOTS)})")
    factory = games.get(game_id) or games.get(None)
    if factory is None:
        raise ValueError(f"no {name!r} bot for {game_id!r} yet "
                         f"(available: {', '.join(available_bots(game_id))})")
    return factory(seat, seed, time_limit=time_limit)


__all__ = ["Bot", "CPU_HEAVY", "available_bots", "fallback", "make_bot"]
