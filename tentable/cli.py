"""`tentable [play|sim|replay|ladder|check-deck|--smoke]`: the command line. With no command it
opens the game.

Every error is one line on stderr and an exit code, never a traceback: 2 for a usage
mistake (an unknown game, a bad number, options that are not a JSON object), 1 when the
work itself failed (an unreadable file, a failing game, no display to open a window on).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tentable import __version__

USAGE, FAILURE = 2, 1
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (the usage text is under --help)."""

    def error(self, message: str) -> None:   # type: ignore[override]
        self.exit(USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")


class _Usage(Exception):
    """A mistake in the command line, found after parsing (exit 2)."""


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, e.g. 0.5, got {text[:40]!r}") from None
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 60 seconds, got {text}")
    return value


def _target(text: str) -> int | str:
    if text == "all":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a target such as 7, or all, got "
                                         f"{text[:40]!r}") from None


def _json_object(text: str) -> dict:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise argparse.ArgumentTypeError(
            f"not JSON: {text[:40]!r}; write e.g. '{{\"pro\": true}}'") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(
            f"must be a JSON object such as '{{\"pro\": true}}', got {text[:40]!r}")
    return value


def _language(text: str) -> str:
    from tentable import i18n
    code = i18n.normalise(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not a language here ({', '.join(i18n.LANGUAGES)})")
    return code


def _games_listing() -> str:
    from tentable.bots import available_bots
    from tentable.engine import GAMES
    width = max((len(game_id) for game_id in GAMES), default=0) + 2
    lines = ["games (id, title, players, bots):"]
    for game in GAMES.values():
        span = (f"{game.min_players}" if game.min_players == game.max_players
                else f"{game.min_players}-{game.max_players}")
        lines.append(f"  {game.id:<{width}}{game.title}, {span} players; "
                     f"bots: {', '.join(available_bots(game.id))}")
    lines.append("A seat is 'human' or a computer level: easy (the game's own strategy), "
                 "normal, hard or expert (each searches longer, --time-limit per move). The "
                 "old names random, heuristic and search mean easy, normal and hard.")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    from tentable.engine import GAMES
    n = len(GAMES)
    count = NUMBERS[n] if n < len(NUMBERS) else str(n)
    parser = _Parser(
        prog="tentable", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=f"A desktop card table for {count} game{'s' if n != 1 else ''} around the "
                    f"number ten. Without a command it opens the window at the menu.",
        epilog=_games_listing() + "\n\nRun `tentable COMMAND --help` for a command's options.")
    parser.add_argument("--version", action="version", version=f"tentable {__version__}")
    parser.add_argument("--lang", type=_language, default=None, metavar="LANG",
                        help="the window's language for this run: en, de or nl (default: "
                             "the one chosen in the settings, else the system's)")
    parser.add_argument("--smoke", action="store_true",
                        help="check this install: find every deck and font, draw the menu and "
                             "every table once, exit 0 (or 1 and the reason)")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")

    play = sub.add_parser("play", help="open the window: the menu, or straight into GAME's "
                                       "table with the seats you name")
    play.add_argument("game", nargs="?", help="game id, e.g. takethat")
    play.add_argument("--seats", type=_csv, help="'human' or a computer level per seat, "
                      "e.g. human,hard (default: you against normal)")
    play.add_argument("--seed", type=int, help="deal number, for the same cards again")
    play.add_argument("--lang", type=_language, default=argparse.SUPPRESS, metavar="LANG",
                      help="the window's language for this run: en, de or nl")
    play.add_argument("--continue", dest="resume", action="store_true",
                      help="go on with GAME's game in progress where it was left (as the "
                           "menu's Continue does); start one as --seats say if there is none")

    sim = sub.add_parser("sim", help="play bot-against-bot games without a window and print "
                                     "wins, mean scores, speed and any failing game")
    sim.add_argument("game", help="game id, e.g. takethat")
    sim.add_argument("--players", type=int, default=2, help="seats at the table (default 2)")
    sim.add_argument("--games", type=_count, default=100, help="games to play (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game; game g "
                                                         "uses seed + g (default 0)")
    sim.add_argument("--bots", type=_csv, default=["easy"],
                     help="computer levels, comma-separated; seats cycle through them and the "
                          "order rotates each game (default easy)")
    sim.add_argument("--options", type=_json_object, default=None,
                     help='game options as a JSON object, e.g. \'{"pro": true}\'')
    sim.add_argument("--time-limit", type=_seconds, default=None,
                     help="seconds per decision for levels that search (default: the "
                          "level's own)")
    sim.add_argument("--solo", action="store_true",
                     help="solo against the game's rule-driven opponent (TEN: Mona); the bot "
                          "plays your seat, two seats in all")
    sim.add_argument("--target", type=_target, default=None,
                     help="solo: Mona's target, e.g. 7, or all: win / draw / loss rates and "
                          "the mean margin at every target (the ladder's difficulty curve)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    replay = sub.add_parser("replay", help="replay a saved game (a record or an autosave) and "
                                           "print every move, the scores and the winners")
    replay.add_argument("file", type=Path)

    ladder = sub.add_parser("ladder", help="print the solo ladder against Mona: the current "
                                           "target and the recent games")
    ladder.add_argument("--reset", action="store_true",
                        help="start the ladder again at target 5, forgetting its games "
                             "(asks first)")
    ladder.add_argument("--yes", action="store_true", help="with --reset: do not ask")

    check = sub.add_parser("check-deck", help="check a deck manifest (decks/GAME.yaml) and "
                                              "print its card counts, or what is wrong")
    check.add_argument("file", type=Path)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:          # --help, --version, or a usage error already said
        return exc.code if isinstance(exc.code, int) else USAGE
    command = "smoke" if args.smoke else args.command or "play"
    run = {"smoke": _smoke, "play": _play, "sim": _sim, "replay": _replay,
           "ladder": _ladder, "check-deck": _check_deck}[command]
    try:
        return run(args)
    except _Usage as exc:
        see = "tentable --help" if command in ("play", "smoke") else f"tentable {command} --help"
        return _say(f"tentable {command}: {exc} (see {see})", USAGE)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 — the promise: never a traceback
        return _say(f"tentable {command}: unexpected error: {type(exc).__name__}: {exc}",
                    FAILURE)


def _say(line: str, code: int) -> int:
    print(" ".join(line.split()), file=sys.stderr)
    return code


def _game(game_id: str):
    from tentable.engine import GAMES
    if game_id not in GAMES:
        raise _Usage(f"unknown game {game_id[:40]!r} (games: {', '.join(GAMES)})")
    return GAMES[game_id]


def _smoke(args: argparse.Namespace) -> int:
    from tentable.smoke import run as smoke
    return smoke(language=args.lang)


def _play(args: argparse.Namespace) -> int:
    from tentable.bots import available_bots, level_of
    from tentable.engine.core import MAX_SEED
    game_id, seats, seed = (getattr(args, name, None) for name in ("game", "seats", "seed"))
    if game_id is not None:
        game = _game(game_id)
        if seats is not None:
            allowed = ["human", *available_bots(game_id)]
            seats = [seat if seat == "human" else level_of(seat) or seat for seat in seats]
            wrong = [seat for seat in seats if seat not in allowed]
            if wrong:
                raise _Usage(f"--seats: {wrong[0][:40]!r} is neither 'human' nor a level of "
                             f"{game.title} ({', '.join(allowed)})")
            if not game.min_players <= len(seats) <= game.max_players:
                raise _Usage(f"--seats: {game.title} is for {game.min_players}-"
                             f"{game.max_players} players, not {len(seats)}")
    elif seats is not None:
        raise _Usage("--seats needs a game, e.g. tentable play takethat --seats human,random")
    elif getattr(args, "resume", False):
        raise _Usage("--continue needs a game, e.g. tentable play takethat --continue")
    if seed is not None and not 0 <= seed < MAX_SEED:
        raise _Usage("--seed must be a whole number from 0 to 2**63-1")
    from tentable.ui.launch import display_problem, run
    problem = display_problem()
    if problem:
        return _say(problem, FAILURE)
    return run(game_id, seats, seed, language=args.lang,
               resume=getattr(args, "resume", False))


def _sim(args: argparse.Namespace) -> int:
    from tentable.engine import SetupError
    from tentable.sim import format_result, simulate

    game = _game(args.game)
    if not args.bots:
        raise _Usage("--bots: name at least one bot, e.g. --bots easy,hard")
    from tentable.bots import level_of
    args.bots = [level_of(name) or name for name in args.bots]
    options = args.options
    if args.target is not None and not args.solo:
        raise _Usage("--target goes with --solo, e.g. --solo --target 7")
    if args.solo:
        if args.players != 2:
            raise _Usage("--solo plays two seats, a bot and the rules; leave out --players")
        if not any(option.name == "solo" for option in game.options):
            raise _Usage(f"{game.title} has no solo game")
        options = {**(options or {}), "solo": True}
        if args.target == "all":
            return _sim_curve(args, game, options)
        if args.target is not None:
            options["target"] = args.target
    try:
        result = simulate(args.game, args.players, args.games, args.seed, args.bots,
                          options, time_limit=args.time_limit)
    except (SetupError, ValueError) as exc:
        raise _Usage(str(exc)) from None
    print(json.dumps(result.as_json()) if args.json else format_result(result))
    return FAILURE if result.errors else 0


def _sim_curve(args: argparse.Namespace, game, options: dict) -> int:
    """`sim --solo --target all`: the solo results at every target the game allows."""
    from tentable.engine import SetupError
    from tentable.sim import difficulty_curve, format_curve
    spec = next((o for o in game.options if o.name == "target"), None)
    if spec is None or spec.low is None or spec.high is None:
        raise _Usage(f"{game.title} has no solo target to vary")
    targets = list(range(spec.low, spec.high + 1))
    try:
        rows = difficulty_curve(args.game, targets, args.games, args.seed, args.bots,
                                options, time_limit=args.time_limit)
    except (SetupError, ValueError) as exc:
        raise _Usage(str(exc)) from None
    if args.json:
        print(json.dumps({"game": args.game, "bots": args.bots, "games": args.games,
                          "targets": {str(target): {**result.solo_json(),
                                                    "errors": result.errors}
                                      for target, result in rows}}))
    else:
        print(format_curve(rows))
    return FAILURE if any(result.errors for _, result in rows) else 0


def _replay(args: argparse.Namespace) -> int:
    """Check a saved game (a game in progress, a kept game, a shared file) and tell it:
    every move in words, then how it ended."""
    from dataclasses import replace

    from tentable import store
    from tentable.engine import SetupError, replay
    from tentable.match import Applied, Match
    from tentable.session import Seat, Session

    where = f"tentable replay: {args.file}"
    try:
        data = store.parse_json(args.file)
    except store.DamagedFile as exc:
        return _say(f"{where}: {str(exc).removeprefix('it ')}", FAILURE)
    except OSError as exc:
        return _say(f"{where}: cannot read it: {exc.strerror or exc}", FAILURE)
    # a kept or shared game wraps its record with how it ended
    record = data["record"] if isinstance(data, dict) and isinstance(data.get("record"),
                                                                     dict) else data
    try:
        final = replay(record)          # checks the whole record before printing anything
    except SetupError as exc:
        return _say(f"{where}: not a game that replays: {exc}", FAILURE)
    # the record is sound: the match plays it again, move by move, as the table would
    names = _seat_names(record, final.players)
    seats = tuple(Seat(name) for name in names)     # who sat there does not change a move
    match = Match(replace(Session.from_record(record), seats=seats, history=()))
    words = _words(record["game"])
    for i, action in enumerate(record["history"], 1):
        seat = match.current_player
        [applied, *_] = match.play(seat, [action])
        assert isinstance(applied, Applied)
        for n, line in enumerate(words(names, seat, action, applied.before, applied.after)):
            print(f"{i:4}. {line}" if n == 0 else f"      {line}")
    print(_result(final, names))
    return 0


def _words(game_id: str):
    """The game's narration (`tentable.narration.<game>`): a move in a player's words, as
    a spectator reads it; the action itself for a game that has no narration yet."""
    import importlib
    try:
        module = importlib.import_module(f"tentable.narration.{game_id}")
    except ImportError:
        return lambda names, seat, action, before, after: [f"{names[seat]}: {action}"]
    from tentable.narration import Teller

    def tell(names, seat, action, before, after):
        return [line.text for line in module.tell(Teller(names), seat, action, before, after)]
    return tell


def _result(final, names: list[str]) -> str:
    from tentable.narration import signed
    scores = " · ".join(f"{name} {signed(score) if isinstance(score, int) else score}"
                        for name, score in zip(names, final.scores()))
    if not final.is_over:
        return f"not finished · {scores}"
    from tentable.narration import drawn
    from tentable.text import english
    view = final.view(None)
    won = [names[s] for s in final.winners()]
    outcome = (english("results.draw") if drawn(final.game_id, view) else
               f"{won[0]} won" if len(won) == 1 else f"{', '.join(won)} share the win")
    return f"{outcome} · {scores}"


def _seat_names(record: dict, players: int) -> list[str]:
    """The seats' names as saved by the table, else "seat 1", "seat 2", ..."""
    from tentable.store import clean_name
    seats: Any = record.get("seats")
    names = [f"seat {i + 1}" for i in range(players)]
    if isinstance(seats, list) and len(seats) == players:
        for i, seat in enumerate(seats):
            name = clean_name(seat.get("name")) if isinstance(seat, dict) else ""
            names[i] = name or names[i]
    return names


def _ladder(args: argparse.Namespace) -> int:
    from tentable import store
    if args.yes and not args.reset:
        raise _Usage("--yes goes with --reset")
    ladder, message = store.load_ladder()
    if message:
        _say(f"tentable ladder: {message}", 0)
    if args.reset:
        return _reset_ladder(ladder, args.yes)
    print(ladder_report(ladder))
    return 0


def ladder_report(ladder, recent: int = 10) -> str:
    """The ladder as `tentable ladder` prints it: rungs, tallies, the last games."""
    from tentable.ladder import LAST_TARGET, RUNGS
    rungs = " ".join(f"[{n}]" if n == ladder.target else str(n) for n in RUNGS)
    tally = ladder.counts()
    lines = [f"Solo ladder against Mona (TEN): target {ladder.target}"
             + (f" - complete: you beat Mona at {LAST_TARGET}" if ladder.complete else ""),
             f"rungs: {rungs}",
             f"best target beaten: {ladder.best or 'none yet'}",
             f"{len(ladder.games)} games: {tally['win']} won, {tally['draw']} drawn, "
             f"{tally['loss']} lost"]
    if ladder.games:
        lines.append("recent games, newest first:")
        for game in reversed(ladder.games[-recent:]):
            lines.append(f"  {game.date.replace('T', ' ')[:16]}  target {game.target:>2}  "
                         f"you {game.you:>2}  Mona {game.mona:>2}  {game.result:<4}  "
                         f"{game.margin:+d}  seed {game.seed}")
    else:
        lines.append("no games yet: play 'Solo: beat Mona' from the menu")
    return "\n".join(lines)


def _reset_ladder(ladder, yes: bool) -> int:
    from tentable import store
    if not yes:
        print(f"Reset the solo ladder to target 5 and forget its {len(ladder.games)} games? "
              f"[y/N] ", end="", flush=True)
        answer = sys.stdin.readline() if sys.stdin is not None else ""
        if not answer:                       # no stdin, or end of input: nobody said yes
            print()
            return _say("tentable ladder: --reset needs an answer; nothing was reset "
                        "(add --yes to reset without asking)", USAGE)
        if answer.strip().lower() not in ("y", "yes"):
            print("The ladder was not reset.")
            return 0
    store.reset_ladder()
    print("The solo ladder starts again at target 5.")
    return 0


def _check_deck(args: argparse.Namespace) -> int:
    from tentable.engine.decks import ManifestError, report

    try:
        print(report(args.file))
    except ManifestError as exc:
        return _say(str(exc), FAILURE)
    return 0
