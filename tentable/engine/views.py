"""The typed shape of a view: what `State.view(seat)` gives every game (`View`), which
each game extends with its own keys in its module (`takethat.TakeThatView`).

Bots and tables read views through these types, so a key's name and meaning are in one
place beside the rules that fill it:

    view = cast(TakeThatView, state.view(seat))
    view["row"]            # list[int], the checker knows it
"""
from __future__ import annotations

from typing import TypedDict


class View(TypedDict):
    """The keys `core.State.view` adds to every game's own view."""

    game: str
    players: int
    seat: int | None              # whose view it is; None: a spectator's
    phase: str                    # the phase's name, "over" at the end
    current_player: int | None
    automata: list[int]
    scores: list[int]             # as `seat` may know them
    winners: list[int]
    legal_actions: list[str]      # `seat`'s, when it is to move; else []
