"""A game at its end, or thrown away: the results over the final board, what keeping the
finished game did, and Restart. A part of the table base (`TableScene`); uses its `app`,
`link` and `session`."""
from __future__ import annotations

from tentable import keeping


class Ending:
    def at_stake(self) -> int | None:
        """The target of the ladder game this table plays while it is going on: Restart
        counts it as lost (`keeping.abandon`), so the pause menu asks saying so."""
        if self.session.watch or self.link.is_over:
            return None
        return keeping.at_stake(self.link.record())

    def restart(self) -> None:
        """A new deal with the seats as they were set up and the same options; a game
        still going is thrown away (`keeping.abandon`: a ladder game counts as lost)."""
        over = self.link.is_over
        record, scores = self.link.record(), self.link.scores()
        self.app.reset(type(self)(self.app, self.session.with_new_seed()))
        # the old table has flushed; the new one saves from its first move. A finished
        # game's autosave is the match's to forget, once the game is kept (`keeping`).
        if not over and record is not None:      # None: a remote table's, not ours to keep
            said = keeping.abandon(record, scores)
            if said:
                self.app.toasts.show(said, 6.0)

    def show_results(self) -> None:
        """The results over the table; closing them comes back to the final board."""
        self._results_shown = True
        self.app.push("results", session=self.session, final=self.link.view(None),
                      scores=self.link.scores(), winners=self.link.winners(),
                      table_class=type(self), kept=self.link.kept, again=self.link.local)

    def _told_kept(self, kept: keeping.KeepResult | None) -> None:
        """The match kept the finished game: say what went wrong on the way, if anything
        (a file set aside, or where the game waits to be kept)."""
        if kept is None:
            return
        for message in kept.messages + ([kept.failed] if kept.failed else []):
            self.app.toasts.show(message, 8.0, "error")
