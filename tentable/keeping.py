"""The end of a game as one recoverable step: a finished game is never lost.

When a game ends, its match keeps it (`keep`) in four parts, in this order:

1. the game in progress (`saves/autosave-<game>.json`) is written with the finished
   record: from here on it is the journal of the keep;
2. the archive keeps the game (`archive.keep`), in a file named by the game's key;
3. the statistics count it (`stats.add_game`), writing its key with the counts;
4. a solo TEN game goes on the ladder (`store.add_ladder_game`), with its key;

and only then is the game in progress forgotten. Each part knows the game by its key, so
a part done before a crash is never done twice, and each write is atomic. A crash at any
point leaves the finished game in its autosave: at the next start `games_in_progress`
finds it finished and keeps it (`keep` again, which does only the parts still to do). If
a part fails (a full disk, a folder that cannot be written), keeping stops there, the
game stays in its autosave and the player is told where it is; `keep` tries again when
the match closes, and the next start does too.

A game thrown away before its end (Restart, a new game started over it) is `abandon`ed:
a ladder game goes on the ladder as lost, marked abandoned (a new deal is never free),
then the autosave is forgotten; a crash between the two leaves an autosave whose key the
ladder holds, which the next start forgets. Any other game is simply forgotten: it never
reaches the archive or the statistics.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path

from tentable import archive, stats, store
from tentable.engine import SetupError, replay
from tentable.ladder import HELPED, LADDER, PRACTICE, Ladder, Outcome, SoloGame, now
from tentable.session import new_key


@dataclass(frozen=True)
class KeepResult:
    """What keeping a finished game did."""

    kept: archive.Kept | None = None   # the game as the archive holds it
    ladder: Ladder | None = None       # a solo TEN game: the ladder after it
    outcome: Outcome | None = None     # what it did on the ladder (None: kept before)
    messages: list[str] = field(default_factory=list)   # files set aside on the way
    reason: str | None = None          # why keeping stopped (None: the game is kept)
    waits_in: str = ""                 # then, the autosave that holds the finished game
                                       # ("" when even that could not be written)

    @property
    def failed(self) -> str | None:
        """What the player is told when keeping stopped, in their language."""
        from tentable.text import t
        if self.reason is None:
            return None
        if self.waits_in:
            return t("keep.waits", reason=self.reason, file=self.waits_in)
        return t("keep.not_saved", reason=self.reason)


def mode_of(record: dict) -> str:
    """A solo game against Mona at the ladder's current target is a ladder game; at
    another target it is practice; every other game is a table game."""
    if not (record.get("options") or {}).get("solo"):
        return "table"
    ladder, _ = store.load_ladder()
    return "ladder" if record["options"].get("target") == ladder.target else "practice"


def keep(record: dict, scores: list, winners: list[int], *,
         finished: str | None = None, saved: bool = False) -> KeepResult:
    """Keep a finished game (see the module's account): never raises for a file that
    cannot be written; `failed` then says why, and the game is still in its autosave.
    `finished`: when it ended (now, unless it is being kept after a crash); `saved`: the
    autosave holds this very record already (a keep completed at start-up)."""
    game_id = record["game"]
    messages: list[str] = []
    journal = str(store.autosave_path(game_id))
    if not (saved and record.get("key")):
        record = {**record, "key": record.get("key") or new_key()}
        try:
            store.save_autosave(record)                      # 1
        except (OSError, ValueError) as exc:
            return KeepResult(reason=_reason(exc))
    try:
        kept = archive.find(record["key"])                   # 2
        if kept is None:
            kept = archive.keep(archive.finished_game(record, scores, winners,
                                                      mode_of(record), finished))
        message = stats.add_game(kept)                       # 3
        messages += [message] if message else []
        ladder = outcome = None
        solo = solo_game(kept)
        if solo is not None:                                 # 4
            ladder, outcome, message = store.add_ladder_game(solo)
            messages += [message] if message else []
    except (OSError, ValueError) as exc:
        return KeepResult(messages=messages, reason=_reason(exc), waits_in=journal)
    # kept: now forgotten. An autosave that cannot be deleted is kept again at the next
    # start, which finds every part done and deletes it then.
    store.clear_autosave(game_id)
    return KeepResult(kept, ladder, outcome, messages)


def solo_game(kept: archive.Kept) -> SoloGame | None:
    """A solo TEN game (S8) as the ladder keeps it: you are seat 0, Mona seat 1. A game
    at another target than the ladder's is practice; one in which a computer played your
    seat is helped (`ladder`: neither moves the ladder)."""
    options = kept.record["options"]
    if kept.game != "ten" or not options.get("solo") or len(kept.scores) != 2:
        return None
    kind = PRACTICE if kept.mode == "practice" else HELPED if kept.helped(0) else LADDER
    return SoloGame(kept.finished, options.get("target", 5), kept.record["seed"],
                    kept.scores[0], kept.scores[1], kept.key, kind)


def at_stake(record: dict | None) -> int | None:
    """The target of a ladder game in progress, which throwing it away counts as lost
    (`abandon`); None for any other game."""
    if record is None or mode_of(record) != "ladder":
        return None
    return record["options"]["target"]


def abandon(record: dict, scores: list) -> str | None:
    """A game in progress thrown away (Restart, a new game started over it), with its
    scores now: a ladder game is kept on the ladder as lost, marked abandoned; then its
    autosave is forgotten. Returns what the player is told: the ladder's word, or why it
    could not be written (None for any other game)."""
    from tentable.text import t
    target, said = at_stake(record), None
    if target is not None:
        game = SoloGame(now(), target, record["seed"], scores[0], scores[1],
                        record.get("key") or new_key(), LADDER, abandoned=True)
        try:
            message = store.add_ladder_game(game)[2]
            said = message or t("ladder.abandoned", target=target)
        except (OSError, ValueError) as exc:
            said = t("ladder.not_saved", reason=_reason(exc))
    store.clear_autosave(record["game"])
    return said


def abandon_in_progress(game_id: str) -> str | None:
    """`abandon` the game in progress of `game_id`, if it has one, before a new game of it
    starts. One that can no longer be played on is simply forgotten; a finished one that
    still waits to be kept is kept."""
    record, _ = store.load_autosave(game_id)
    if record is None:
        return None
    try:
        state = replay(record)
    except (SetupError, KeyError, TypeError, ValueError):
        store.clear_autosave(game_id)
        return None
    if state.is_over:
        return keep(record, state.scores(), state.winners(),
                    finished=_when_saved(game_id)).failed
    return abandon(record, state.scores())


def games_in_progress() -> tuple[dict[str, dict], list[str]]:
    """The games in progress that can be played on, by game id, and a message for each
    file set aside or game that could not be kept. A finished game still in its autosave
    (the app stopped while keeping it) is kept now; one that no longer replays is set
    aside."""
    records, messages = store.load_autosaves()
    going: dict[str, dict] = {}
    for game_id, record in records.items():
        try:
            state = replay(record)
        except (SetupError, KeyError, TypeError, ValueError) as exc:
            messages.append(store.discard_autosave(game_id, f"it cannot be continued: {exc}"))
            continue
        if not state.is_over and _abandoned(record):   # before a crash: forget it now
            store.clear_autosave(game_id)
            continue
        if not state.is_over:
            going[game_id] = record
            continue
        result = keep(record, state.scores(), state.winners(), finished=_when_saved(game_id),
                      saved=True)
        messages += result.messages + ([result.failed] if result.failed else [])
    return going, messages


def _abandoned(record: dict) -> bool:
    """A game in progress already on the ladder: abandoned, then the app stopped before
    its autosave was forgotten."""
    if not (record.get("options") or {}).get("solo") or not record.get("key"):
        return False
    return any(game.key == record["key"] for game in store.load_ladder()[0].games)


def _when_saved(game_id: str) -> str | None:
    """When a game's autosave was last written: the end of a finished game in it."""
    try:
        stamp = store.autosave_path(game_id).stat().st_mtime
    except OSError:
        return None
    return datetime.datetime.fromtimestamp(stamp).replace(microsecond=0).isoformat()


def _reason(exc: Exception) -> str:
    """Why a file could not be written, in a few words: "No space left on device", "File
    exists: archive" (the file the system names, where it names one)."""
    words = getattr(exc, "strerror", None) or str(exc)
    name = getattr(exc, "filename", None)
    return f"{words}: {Path(name).name}" if isinstance(name, str) and name else words
