"""The command line's record commands: `tentable replay` (a saved game told move by move),
`tentable ladder` (the solo ladder, `--reset`) and `tentable stats` (`--rebuild`). They read
what the app keeps and print it in the player's language, with `tentable.cli`'s promise:
one line and an exit code for every error, never a traceback."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from tentable.cli import FAILURE, USAGE, _say, _Usage
from tentable.text import english, t


def replay_command(args: argparse.Namespace) -> int:
    """Check a saved game (a game in progress, a kept game, a shared file) and tell it:
    every move in words, then how it ended."""
    from dataclasses import replace

    from tentable import archive, store
    from tentable.engine import SetupError, replay
    from tentable.match import Applied, Match
    from tentable.session import Seat, Session

    where = f"tentable replay: {args.file}"
    try:
        data = store.parse_json(args.file)
    except store.DamagedFile as exc:       # the store's reason, in English like its logs
        return _say(f"{where}: {str(exc).removeprefix('it ')}", FAILURE)
    except OSError as exc:
        return _say(f"{where}: " + t("cli.replay.cannot_read", reason=exc.strerror or exc),
                    FAILURE)
    # The app's own checks, so a file is refused here as it is there: a kept or shared
    # game (its record wrapped with how it ended) as Open a file reads it, a game in
    # progress as the store checks a save (every field, the seed and options among them).
    if isinstance(data, dict) and "record" in data:
        kept, problem = archive.read_shared(args.file)
        record = kept.record if kept is not None else None
    else:
        try:
            record, problem = store.check_record(data), None
        except store.DamagedFile as exc:
            record, problem = None, str(exc)
    if record is None:
        return _say(f"{where}: " + t("cli.replay.not_replayable", reason=problem), FAILURE)
    try:
        final = replay(record)          # checks the whole record before printing anything
    except SetupError as exc:
        return _say(f"{where}: " + t("cli.replay.not_replayable", reason=exc), FAILURE)
    # the record is sound: the match plays it again, move by move, as the table would
    names = seat_names(record, final.players)
    seats = tuple(Seat(name) for name in names)     # who sat there does not change a move
    match = Match(replace(Session.from_record(record), seats=seats, history=()))
    words = words_for(record["game"])
    for i, action in enumerate(record["history"], 1):
        seat = match.current_player
        [applied, *_] = match.play(seat, [action])
        assert isinstance(applied, Applied)
        for n, line in enumerate(words(names, seat, action, applied.before, applied.after)):
            print(f"{i:4}. {line}" if n == 0 else f"      {line}")
    print(result_line(final, names))
    return 0


def words_for(game_id: str):
    """The game's narration (`tentable.narration.<game>`): a move in a player's words, as
    a spectator reads it, in the player's language; the action's notation itself for a
    game that has no narration yet."""
    import importlib
    try:
        module = importlib.import_module(f"tentable.narration.{game_id}")
    except ImportError:
        return lambda names, seat, action, before, after: [f"{names[seat]}: {action}"]
    from tentable.engine.ten_moves import read
    from tentable.narration import Teller
    paid: list[str] = []      # TEN: a payment's items so far, told once it is complete

    def tell(names, seat, action, before, after):
        if game_id != "ten":
            return [line.text for line in module.tell(Teller(names), seat, action, before,
                                                      after)]
        lines = module.tell(Teller(names), seat, action, before, after, paid)
        paying = read(action).kind == "pay" and after["payment"]
        paid[:] = [*paid, action] if paying else []
        return [line.text for line in lines]
    return tell


def result_line(final, names: list[str]) -> str:
    from tentable.narration import Teller, drawn, public_scores, winners_said
    view = final.view(None)
    if not final.is_over:
        # as a spectator reads the scores while it runs: a hidden card is never counted
        return t("cli.replay.unfinished") + scores_part(
            names, public_scores(final.game_id, view), final.lowest_wins)
    # as "Your games" tells a finished game
    outcome = t("games.draw") if drawn(final.game_id, view) else \
        winners_said(Teller(names), final.winners(), "games.won", "games.shared")
    return outcome + scores_part(names, final.scores(), final.lowest_wins)


def scores_part(names: list[str], scores: list | None, lowest_wins: bool) -> str:
    """" · Ann +3 · Bo −1" after the result (a penalty game: " · Ann 37 · Bo 132");
    nothing for a game with no score to tell."""
    from tentable.narration import scores_line, shown_name
    return "" if scores is None else " · " + scores_line([shown_name(n) for n in names],
                                                         scores, lowest_wins)


def seat_names(record: dict, players: int) -> list[str]:
    """The seats' names as saved by the table, else "seat 1", "seat 2", ..."""
    from tentable.store import clean_name
    seats: Any = record.get("seats")
    names = [t("cli.replay.seat", number=i + 1) for i in range(players)]
    if isinstance(seats, list) and len(seats) == players:
        for i, seat in enumerate(seats):
            name = clean_name(seat.get("name")) if isinstance(seat, dict) else ""
            names[i] = name or names[i]
    return names


def ladder_command(args: argparse.Namespace) -> int:
    from tentable import keeping, store
    if args.yes and not args.reset:
        raise _Usage(t("cli.error.yes_needs_reset"))
    # a solo game the app was stopped while keeping reaches the ladder first, as at its start
    for message in keeping.games_in_progress()[1]:
        _say(f"tentable ladder: {message}", 0)
    ladder, message = store.load_ladder()
    if message:
        _say(f"tentable ladder: {message}", 0)
    if args.reset:
        return reset_ladder(ladder, args.yes)
    print(ladder_report(ladder))
    return 0


def ladder_report(ladder, recent: int = 10) -> str:
    """The ladder as `tentable ladder` prints it: rungs, the ladder games' tally, the
    games kept apart (practice, helped), the last games with what each counted as."""
    from tentable.ladder import HELPED, LADDER, LAST_TARGET, PRACTICE, RESULTS, RUNGS
    rungs = " ".join(f"[{n}]" if n == ladder.target else str(n) for n in RUNGS)
    lines = [t("cli.ladder.title_complete" if ladder.complete else "cli.ladder.title",
               target=ladder.target, last=LAST_TARGET),
             t("cli.ladder.rungs", rungs=rungs),
             t("cli.ladder.best", best=ladder.best or t("ladder.best_none")),
             t("cli.ladder.tally", n=len(ladder.of(LADDER)), **ladder.counts())]
    if ladder.abandoned:
        lines.append(t("cli.ladder.abandoned", n=ladder.abandoned))
    apart = {PRACTICE: "cli.ladder.practice", HELPED: "cli.ladder.helped"}
    lines += [t(key, n=len(ladder.of(kind)), **ladder.counts(kind))
              for kind, key in apart.items() if ladder.of(kind)]
    notes = {PRACTICE: "cli.ladder.note.practice", HELPED: "cli.ladder.note.helped",
             "abandoned": "cli.ladder.note.abandoned"}
    if ladder.games:
        lines.append(t("cli.ladder.recent"))
        results = {result: t(f"ladder.{result}") for result in RESULTS}
        width = max(map(len, results.values()))       # the columns line up in any language
        for game in reversed(ladder.games[-recent:]):
            note = notes.get("abandoned" if game.abandoned else game.kind)
            lines.append("  " + t("cli.ladder.game", date=game.date.replace("T", " ")[:16],
                                  target=f"{game.target:>2}", you=f"{game.you:>2}",
                                  mona=f"{game.mona:>2}",
                                  result=f"{results[game.result]:<{width}}",
                                  margin=f"{game.margin:+d}", seed=game.seed)
                         + (f"  {t(note)}" if note else ""))
    else:
        lines.append(t("cli.ladder.no_games", menu=t("ladder.menu")))
    return "\n".join(lines)


def reset_ladder(ladder, yes: bool) -> int:
    from tentable import store
    if not yes:
        print(t("cli.ladder.ask", n=len(ladder.games)), end="", flush=True)
        answer = sys.stdin.readline() if sys.stdin is not None else ""
        if not answer:                       # no stdin, or end of input: nobody said yes
            print()
            return _say(f"tentable ladder: {t('cli.ladder.no_answer')}", USAGE)
        # the language's yes, and the English one a hand types out of habit
        words = f"{t('cli.ladder.yes')},{english('cli.ladder.yes')}"
        said_yes = {word.strip().lower() for word in words.split(",") if word.strip()}
        if answer.strip().lower() not in said_yes:
            print(t("cli.ladder.not_reset"))
            return 0
    store.reset_ladder()
    print(t("ladder.reset_done"))
    return 0


def stats_command(args: argparse.Namespace) -> int:
    from tentable import keeping, stats as statistics
    # a game the app was stopped while keeping is counted first, as at its start
    for message in keeping.games_in_progress()[1]:
        _say(f"tentable stats: {message}", 0)
    if args.rebuild:
        table, messages = statistics.rebuild()
        for message in messages:
            _say(f"tentable stats: {message}", 0)
        try:
            statistics.save(table)
        except OSError as exc:
            return _say(f"tentable stats: "
                        f"{t('cli.stats.not_written', reason=exc.strerror or exc)}", FAILURE)
        print(t("cli.stats.rebuilt"))
    else:
        table, message = statistics.load()
        if message:
            _say(f"tentable stats: {message}", 0)
    print(stats_report(table))
    return 0


def stats_report(table) -> str:
    """The statistics as `tentable stats` prints them: a table of rows per game."""
    from tentable.engine import GAMES
    from tentable.players import who
    from tentable.stats import COLUMNS
    header = [t("cli.stats.player")] + [t(f"stats.{column}") for column in COLUMNS]
    lines: list[str] = []
    for game in GAMES:
        rows = table.of_game(game)
        if not rows:
            continue
        cells = [header] + [[who(row), *row.figures()] for row in rows]
        widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
        lines += ["", GAMES[game].title] + ["  " + "  ".join(
            [line[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(line[1:], widths[1:])])
            for line in cells]
        if GAMES[game].state.lowest_wins:
            lines.append("  " + t("stats.lowest"))
    if not lines:
        return t("stats.none")
    return "\n".join([t("stats.title")] + lines + ["", t("stats.legend")])
