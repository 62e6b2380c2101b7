"""Who is at the screen, and what is in front of the keys. A part of the table base
(`TableScene`); uses its `app`, `link`, `session`, `seat`, `bottom`, `curtain`, `dialog`,
`moments`, `my_turn`, `view`, `reader` and `on_seat_change`.

- The seat at the screen: the one human; with several, the human to move, behind a
  "Pass to …" curtain when they hide things from each other. No second curtain for the
  player who sat there last when only computers moved since (nobody else looked), and
  at the game's end, when nothing is hidden any more, the bottom player's own view: their
  hand face up like everyone else's.
- An only move behind a curtain waits for its player's key or click: they may not have
  looked at their hand yet. Elsewhere it plays itself once its banner has been read.
- What is new for the keys (a curtain, a dialog, a moment's banner, the final board, the
  turn of the player at the screen): the app's key gate (`tentable.ui.keygate`) gives it
  a glance before a key acts on it.
"""
from __future__ import annotations


class AtTheScreen:
    bottom = 0                      # the seat drawn at the bottom (the base keeps it)
    sitting: int | None = None      # the human whose own view the screen showed last
    _in_front: tuple = ()           # what the keys acted on when last looked at

    @property
    def waits_for_player(self) -> bool:
        """Only moves wait for a key or click: at a screen shared behind a curtain."""
        humans = self.session.humans
        return len(humans) > 1 and self.link.secret_between(humans)

    def in_front(self) -> tuple:
        """What the keys act on now: the curtain, a dialog, a moment's banner, the final
        board, or the player at the screen whose turn it is."""
        moment = self.moments.current if self.moments else None
        return (self.curtain, self.dialog, moment, self._final_board,
                self.seat if self.my_turn else None)

    def mind_keys(self) -> None:
        """Tell the app's key gate when something new came up for the keys."""
        now = self.in_front()
        if now != self._in_front:
            self._in_front = now
            self.app.keys.shown()

    def _follow_turn(self, notify: bool = True) -> None:
        """Put the right seat at the screen after a move (or at the start)."""
        humans = self.session.humans
        current = self.link.current_player
        hidden = len(humans) > 1 and self.link.secret_between(humans)
        # the one person at the screen keeps their seat there while the computer plays it
        people = humans or sorted(self.link.assisted)
        if len(people) == 1:
            seat = people[0]
        elif current in humans and not hidden:
            seat = current            # nothing private: no curtain, the mover at the screen
        elif current in humans:
            seen = current in (self.seat, self.sitting)   # nobody else looked since
            if not seen:
                self.curtain = current
            seat = current if seen else None
        elif current is None and humans and not hidden:
            seat = self.bottom if self.bottom in humans else humans[0]   # the end: all shown
        else:  # only computers, or several humans while a computer moves: hide every hand
            seat = None
        self._set_seat(seat, notify=notify)

    def _lift_curtain(self) -> None:
        if self.curtain is None:
            return
        seat, self.curtain = self.curtain, None
        self._since_action = 0.0
        self.link.rest()
        with self.reader.batch():
            self._set_seat(seat)
        self.mind_keys()
        self.app.invalidate()

    def _set_seat(self, seat: int | None, view: dict | None = None,
                  notify: bool = True) -> None:
        """Put `seat` at the screen, drawn from `view` (by default the live one)."""
        if seat is not None:
            self.sitting = seat
        if seat == self.seat:
            return
        self.seat = seat
        self.link.sit(seat)
        self.view = self.link.view(seat) if view is None else view
        if notify:
            turned = seat is not None and seat != self.bottom
            if turned:
                self.bottom = seat
            self.on_seat_change(seat, turned)
