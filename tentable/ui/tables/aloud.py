"""What a table reads aloud (the setting "Read aloud", `tentable.speech`), all from here:
no game words anything for it. A part of the table base (`TableScene`).

The table's changes come in batches: the match's events of one gesture or computer move
(`_handle`), going on from a moment (`go_on`), the curtain lifted, the table's first
frame. At the end of each batch (`reading_batch`) it says, as one text, what changed:

- the lines the log was told (each move as the narration worded it, for every seat,
  "You play 34" too; a part's end, an only move, an undo, a seat handed over);
- the banner of a moment that is now held (its title, lines and button);
- whose turn it is when that changed ("Your turn", "Ben's turn", "Pass to Ben",
  "Your only move: …"), once no moment holds the table;
- the end of the game (the final board's banner; the results screen says who won).

A refusal is said at once, cutting off the rest (`speech.NOW`): the same words as its
toast. A batch that gives the turn to the player at the screen is `speech.TURN`: it cuts
off only what is stale. Nothing is done while reading aloud is off.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from tentable import speech
from tentable.text import t


class ReadsAloud:
    """The table base's reading aloud, and `_handle`, through which every event of the
    match comes to the table. Uses the base's `app`, `match`, `log`, `moments`,
    `curtain`, `seat`, `session`, `names`, `forced`, `forced_text` and `moment_words`."""

    _batch: list[str] | None = None
    _batch_level = speech.NEWS
    _log_mark = 0
    _told_turn: tuple | None = None     # the turn last said: (seat to move, curtain, screen)
    _told_moment: object = None         # the moment whose banner was said
    _told_over = False
    aloud_started = False               # the table's first frame said whose turn it is

    @property
    def reading(self) -> bool:
        return self.app.speech.enabled

    def aloud(self, text: str, level: int = speech.NEWS) -> None:
        """Say `text` (with the batch under way, at its end)."""
        if not self.reading or not text:
            return
        if self._batch is not None:
            self._batch.append(text)
            self._batch_level = max(self._batch_level, level)
        else:
            self.app.speech.say(text, level)

    def _handle(self, events: list) -> None:
        """The match's events told by the table (`TableScene._handle_events`), then what
        they changed read aloud."""
        if events:
            with self.reading_batch():
                self._handle_events(events)

    def read_first(self) -> None:
        """Say whose turn it is as the table comes up (its first frame; or the first
        after reading aloud was turned on)."""
        if not self.aloud_started and self.reading:
            self.aloud_started = True
            with self.reading_batch():
                pass

    @contextmanager
    def reading_batch(self) -> Iterator[None]:
        """Gather what the table tells within, and say it as one text at the end."""
        if self._batch is not None or not self.reading:
            yield                       # inside a batch already, or nothing to read
            return
        self._batch, self._batch_level = [], speech.NEWS
        self._log_mark = self.log.added
        try:
            yield
        finally:
            texts, level = self._batch, self._batch_level
            self._batch = None
        # a moment's title often repeats the move's line: each text once
        texts = list(dict.fromkeys(self._news() + texts))
        turn = self._turn_words()
        if turn is not None:
            texts.append(turn[0])
            level = max(level, turn[1])
        if texts:
            self.app.speech.say(speech.joined(texts), level)

    def _news(self) -> list[str]:
        """The log's new lines, the moment now held or the game's end."""
        new = self.log.added - self._log_mark
        texts = [entry.text for entry in self.log.entries[-new:]] if new > 0 else []
        if self.moments:
            moment = self.moments.current
            if moment is not self._told_moment:
                self._told_moment = moment
                title, lines, button = self.moment_words(moment)
                texts += [title, *lines, button or t("moment.go_on")]
        elif self.match.is_over and not self._told_over and not self.session.watch:
            self._told_over = True          # the final board's banner (a replay has none)
            texts += [t("table.over"), t("table.see_results")]
        return texts

    def _turn_words(self) -> tuple[str, int] | None:
        """Whose turn it is, if that changed since it was last said: (words, level)."""
        current = self.match.current_player
        if self.moments or self.match.is_over or current is None:
            return None
        told = (current, self.curtain, self.seat)
        if told == self._told_turn:
            return None
        self._told_turn = told
        if self.curtain is not None:
            return self.say("table.pass_title", self.curtain), speech.TURN
        if current == self.seat and self.match.is_human(current) and not self.session.watch:
            forced = self.forced
            if forced is not None:
                return self.forced_text(forced), speech.TURN
            return self.my_turn_text(current), speech.TURN
        return self.status_text(), speech.NEWS      # as the pill says it: who acts now
