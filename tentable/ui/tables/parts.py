"""A match played in parts (Take That's rounds, Elfer's games): what the view calls them,
how the log tells them, and the summary held over the last board of a part."""
from __future__ import annotations

from dataclasses import dataclass

from tentable.narration import signed
from tentable.text import t


@dataclass(frozen=True)
class Parts:
    """A match played in parts (Take That's rounds, Elfer's games): the view's keys for
    them and the text keys that tell of them ({part}, {parts}, {name}, {scores})."""

    number: str          # the part being played ("round")
    count: str           # how many parts the match has ("rounds")
    scores: str          # the scores of each finished part ("round_scores")
    started: str         # the log: who starts the part (and its ".you")
    ended: str           # the log: a part is over, with its scores
    title: str           # the summary held after a part: its title,
    line: str            # a line per player ({points} this part, {total} in all),
    button: str          # and its button;
    won: str = ""        # who won the part, when its moment says ({name}, + ".you"),
    shared: str = ""     # or who share it ({names})


class InParts:
    """The table base's telling of parts; a table in parts sets `parts`. Uses the table's
    `log`, `names` and `say`."""

    parts: Parts | None = None      # a game in rounds or a match of games sets this

    def scores_line(self, scores: list[int]) -> str:
        """"Ana +3, Ben −2": the scores of a finished round or game, for the log."""
        return ", ".join(f"{name} {signed(points)}" for name, points in zip(self.names, scores))

    def part_ended(self, before: dict, after: dict) -> bool:
        """Did the move between these views end a part (or the whole match)?"""
        return after[self.parts.number] != before[self.parts.number] or after["phase"] == "over"

    def part_over(self, after: dict) -> None:
        """Log the part that just ended and, unless the match is over, who starts the next."""
        parts = self.parts
        finished = after[parts.scores]
        self.log.add(t(parts.ended, part=len(finished), scores=self.scores_line(finished[-1])))
        if after["phase"] != "over":
            self.log_start(after)

    def part_summary(self, view: dict, part: int,
                     winners: list[int] | None = None) -> tuple[str, list[str], str]:
        """The banner held over the last board of a part (a moment, `tables.moments`):
        its title, who won it (when the game says), each player's points of the part and
        in all, and the button. "In all" is the view's score, the number the seat panels
        under the banner show."""
        parts = self.parts
        lines = [t(parts.line, name=name, points=signed(p), total=signed(total))
                 for name, p, total in zip(self.names, view[parts.scores][part - 1],
                                           view["scores"])]
        if winners and len(winners) == 1 and parts.won:
            lines.insert(0, t(parts.won + self.you(winners[0]), name=self.names[winners[0]],
                              part=part))
        elif winners and parts.shared:
            lines.insert(0, t(parts.shared, part=part,
                              names=", ".join(self.names[s] for s in winners)))
        return t(parts.title, part=part, parts=view[parts.count]), lines, t(parts.button)

    def log_start(self, view: dict) -> None:
        """Put the first line of a game in the log (who starts), from its first view; in
        a match of parts, of each part."""
        parts, first = self.parts, view["current_player"]
        if parts is not None and first is not None:
            self.log.add(self.say(parts.started, first, part=view[parts.number],
                                  parts=view[parts.count]))
