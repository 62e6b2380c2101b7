"""Positions set up on a match for showcases, tutorials and tests, through the engine and
the match only (no table touches the state): `play_to_moment` plays a game straight on
to the move that makes a moment and plays that move through the match, so whatever shows
the events (a table's `show_played`) animates it, tells it and holds the moment.
"""
from __future__ import annotations

from typing import Callable

from tentable.engine.core import State
from tentable.events import Event
from tentable.match import Match


def play_to_moment(match: Match, kind: str, choose: Callable[[State], str]) -> list[Event]:
    """`choose(state)` plays every seat straight on the engine up to the move that makes
    a `kind` moment; that move goes through `match.play` and its events are returned.
    Raises LookupError if the game ends first."""
    state = match.state.clone()
    while not state.is_over:
        action = choose(state)
        trial = state.clone()
        trial.keep_moments = True
        trial.apply(action)
        if any(moment.kind == kind for moment in trial.moments):
            match.set_position(state)
            return match.play(state.current_player, [action])
        state.apply(action)
    raise LookupError(f"the game ended with no {kind} moment")
