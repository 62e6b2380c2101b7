"""What a table makes heard (`tentable.ui.sound`), for all five games from here: a
subscriber the table base (`TableScene`) hands every batch of the match's events to
(`table.heard.events(events)`), as it hands them to reading aloud (`aloud.py`).

The match's events of one gesture or computer move come through `_handle_events` as the
table animates them, so a computer's moves sound at the pace they are shown, one by one.
`cues(events)` names the sounds of one batch, in the order the table shows them:

- each applied action by its kind, as the engine's move notation reads it
  (`engine.moves`: "play R7" -> play), looked up in `KINDS` (a card's sound at every
  game) after the game's own `BY_GAME` (a tile, not a card);
  a gesture of several actions (a payment) sounds each kind once;
- each moment by its kind (`MOMENTS`); the end of a part won or lost by the player;
- the game won or lost (by a human at the table; a table of computers only: won);
- "your turn" when the turn comes to a human (the match tells a turn only when it passed
  from another seat), so a player who looked away knows.

A moment holds the table (`moments.py`): what comes after it in the batch is shown only
when the player goes on, and so it is heard only then (`went_on`): the first moment's cue
with the move, the next moment's, the game's end and "your turn" as the player goes on
from the one before; a part that is not the last ends in a new deal, so going on from it
shuffles (Take That's rounds, Elfer's games of a match; 10 Retro's rounds refill hands
from the same deck: no new deal). A replay holds nothing: it is heard as it comes.

A refused move sounds where the table says why (`refuse`), its own or the match's.
A new game (no move yet) begins with a shuffle as the table first comes up.
"""
from __future__ import annotations

from tentable.engine.moves import notation
from tentable.events import Applied, GameOver, Moment, TurnChanged

# a move's kind (`engine.moves.KINDS`) -> its cue, for every game
KINDS = {
    "play": "card_play", "bridge": "card_play", "add": "card_play", "place": "card_play",
    "twist": "card_play",
    "draw": "card_deal", "take": "card_deal", "stop": "card_deal",   # cards into your hand
    "flip": "card_flip", "reveal": "card_flip", "swap": "card_flip",
    "bid": "chips", "raise": "chips", "pay": "chips", "protect": "chips", "buy": "chips",
    # no card moves: a knock on the table
    "pass": "knock", "end": "knock", "skip": "knock", "stand": "knock", "keep": "knock",
    "hide": "knock", "start": "knock",
}
# where a game differs: tiles are laid and slid, not played
BY_GAME = {"tentiles": {"place": "tile_place", "move": "tile_slide"}}
MOMENTS = {"bust": "bust", "showdown": "reveal", "joker": "reveal"}
PART = "part"          # the end of a round (Take That) or a game (Elfer): won or lost


def cue_of(game_id: str, action: str) -> str | None:
    kind = notation(game_id).read(action).kind
    return BY_GAME.get(game_id, {}).get(kind) or KINDS.get(kind)


class Heard:
    """A table's sounds: its `app.sound` told what the table shows."""

    def __init__(self, table) -> None:
        self.table = table
        self._began = False          # the opening shuffle was heard
        # the cues owed to the moments the table holds: the first is heard as the player
        # goes on from the first moment, and so on; the last after the last moment
        self.owed: list[list[str]] = []

    @property
    def session(self):
        return self.table.session

    def hear(self, cue: str) -> None:
        self.table.app.sound.play(cue)

    def events(self, events: list) -> None:
        for cue in self.cues(events):
            self.hear(cue)

    def went_on(self) -> None:
        """The player went on from the moment held: what was shown behind it is heard."""
        if self.owed:
            for cue in self.owed.pop(0):
                self.hear(cue)

    def start(self) -> None:
        """A new game's shuffle, once, as the table first comes up."""
        if not self._began:
            self._began = True
            if not self.session.history and not self.session.watch:
                self.hear("shuffle")

    def listener(self) -> list[int]:
        """The seats whose win is the player's: the humans (every seat in a game of
        computers, a replay)."""
        humans = [] if self.session.watch else list(self.session.humans)
        return humans or list(range(len(self.session.seats)))

    def cues(self, events: list) -> list[str]:
        """The cues of one batch heard now; those behind a moment wait in `owed`."""
        parts = self._parted(events)
        if not self.table.moments:
            self.owed = []           # nothing held (an undo may have dropped a hold)
        if self.owed:                # a moment held already: all of this comes after it
            self.owed[-1] += parts[0]
            self.owed += parts[1:]
            return []
        self.owed = parts[1:]
        return parts[0]

    def _parted(self, events: list) -> list[list[str]]:
        """The batch's cues in the order the table shows them, cut after each moment it
        holds: [before and with the first moment, up to and with the second, ..., after
        the last]."""
        game_id = self.session.game_id
        holds = not self.session.watch
        over = any(isinstance(event, GameOver) for event in events)
        parts: list[list[str]] = [[]]
        for event in events:
            cues = parts[-1]
            if isinstance(event, Applied):
                for action in event.actions:
                    cue = cue_of(game_id, action)
                    if cue and cue not in cues:
                        cues.append(cue)
            elif isinstance(event, Moment):
                if event.kind == PART:
                    won = set(event.facts.get("winners") or _best(event.facts.get("scores")))
                    cues.append("round_won" if won & set(self.listener()) else "round_lost")
                elif event.kind in MOMENTS:
                    cues.append(MOMENTS[event.kind])
                if holds:
                    parts.append([])
                if event.kind == PART and not over:
                    parts[-1].append("shuffle")     # a new deal follows the part
            elif isinstance(event, GameOver):
                won = set(event.winners) & set(self.listener())
                cues.append("game_won" if won else "game_lost")
            elif isinstance(event, TurnChanged):
                if (event.seat is not None and not self.session.watch
                        and event.seat in self.session.humans and "your_turn" not in cues):
                    cues.append("your_turn")
        return parts


def _best(scores) -> list[int]:
    """The seats with the most points of a part (every game here counts up)."""
    if not scores:
        return []
    top = max(scores)
    return [seat for seat, score in enumerate(scores) if score == top]
