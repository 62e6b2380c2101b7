"""What a table reads aloud (the setting "Read aloud", `tentable.speech`), all from here:
no game words anything for it. A part beside the table (`table.reader`), not a class the
table is built from: it hears the table's batches and reads the table's log, banners and
turn as the screen shows them.

The table's changes come in batches: the match's events of one gesture or computer move
(the table's `_handle`), going on from a moment (`go_on`), the curtain lifted, the table's
first frame. At the end of each batch (`batch`) it says, as one text, what changed:

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


class Aloud:
    """A table's reading aloud. Reads the table's `app`, `link`, `log`, `moments`,
    `curtain`, `seat`, `session`, `forced`, `forced_text`, `moment_words`, `say`,
    `my_turn_text` and `status_text`."""

    def __init__(self, table) -> None:
        self.table = table
        self._batch: list[str] | None = None
        self._batch_level = speech.NEWS
        self._log_mark = 0
        self._told_turn: tuple | None = None   # the turn last said: (seat, curtain, screen)
        self._told_moment: object = None       # the moment whose banner was said
        self._told_over = False
        self.started = False                   # the table's first frame said whose turn

    @property
    def reading(self) -> bool:
        return self.table.app.speech.enabled

    def speak(self, text: str, level: int = speech.NEWS) -> None:
        """Say `text` (with the batch under way, at its end)."""
        if not self.reading or not text:
            return
        if self._batch is not None:
            self._batch.append(text)
            self._batch_level = max(self._batch_level, level)
        else:
            self.table.app.speech.say(text, level)

    def first(self) -> None:
        """Say whose turn it is as the table comes up (its first frame; or the first
        after reading aloud was turned on)."""
        if not self.started and self.reading:
            self.started = True
            with self.batch():
                pass

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Gather what the table tells within, and say it as one text at the end."""
        if self._batch is not None or not self.reading:
            yield                       # inside a batch already, or nothing to read
            return
        self._batch, self._batch_level = [], speech.NEWS
        self._log_mark = self.table.log.added
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
            self.table.app.speech.say(speech.joined(texts), level)

    def _news(self) -> list[str]:
        """The log's new lines, the moment now held or the game's end."""
        table = self.table
        new = table.log.added - self._log_mark
        texts = [entry.text for entry in table.log.entries[-new:]] if new > 0 else []
        if table.moments:
            moment = table.moments.current
            if moment is not self._told_moment:
                self._told_moment = moment
                title, lines, button = table.moment_words(moment)
                texts += [title, *lines, button or t("moment.go_on")]
        elif table.link.is_over and not self._told_over and not table.session.watch:
            self._told_over = True          # the final board's banner (a replay has none)
            texts += [t("table.over"), t("table.see_results")]
        return texts

    def _turn_words(self) -> tuple[str, int] | None:
        """Whose turn it is, if that changed since it was last said: (words, level)."""
        table = self.table
        current = table.link.current_player
        if table.moments or table.link.is_over or current is None:
            return None
        told = (current, table.curtain, table.seat)
        if told == self._told_turn:
            return None
        self._told_turn = told
        if table.curtain is not None:
            return table.say("table.pass_title", table.curtain), speech.TURN
        if current == table.seat and table.link.is_human(current) and not table.session.watch:
            forced = table.forced
            if forced is not None:
                return table.forced_text(forced), speech.TURN
            return table.my_turn_text(current), speech.TURN
        return table.status_text(), speech.NEWS      # as the pill says it: who acts now
