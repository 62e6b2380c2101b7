"""`tentable [play|sim|replay|ladder|stats|check-deck|--smoke]`: the command line (the record
commands, replay, ladder and stats, in `tentable.cli_records`). With no command it
opens the game.

Every error is one line on stderr and an exit code, never a traceback: 2 for a usage
mistake (an unknown game, a bad number, options that are not a JSON object), 1 when the
work itself failed (an unreadable file, a failing game, no display to open a window on).

It speaks the player's language (`--lang`, else the settings', else the system's), its
words from the text table (`cli.*`), argparse's own ones too. What a player types stays as
typed: commands, options, game ids, levels. Machine-read output stays English: `--json`,
and the engine's and the store's reasons inside a message (they are the logs' words too).
"""
from __future__ import annotations

import argparse
import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from tentable import __version__, i18n
from tentable.text import STRINGS, t

USAGE, FAILURE = 2, 1
ARGPARSE = "cli.argparse."              # the text table's keys for argparse's own words
JSON_EXAMPLE = '{"pro": true}'


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (the usage text is under --help)."""

    def error(self, message: str) -> None:   # type: ignore[override]
        self.exit(USAGE, _usage_line(self.prog, message, f"{self.prog} --help") + "\n")


class _LangFinder(argparse.ArgumentParser):
    """Finds `--lang` in a command line as the real parser will read it (`--lang=de`, an
    abbreviation, after the command), before that parser is built: its help texts are
    looked up in the language as it is built."""

    def __init__(self) -> None:
        super().__init__(add_help=False, exit_on_error=False)
        self.add_argument("--lang", type=i18n.normalise)

    def error(self, message: str) -> None:   # type: ignore[override]
        raise ValueError(message)            # not this parser's to report: the real one will


class _Usage(Exception):
    """A mistake in the command line, found after parsing (exit 2)."""


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _quoted(text: str) -> str:
    """What the player typed, quoted and cut short for a one-line error."""
    return repr(text[:40])


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.error.whole_number", value=_quoted(text))) \
            from None
    if value < 1:
        raise argparse.ArgumentTypeError(t("cli.error.at_least_one", value=value))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.error.seconds", value=_quoted(text))) from None
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(t("cli.error.seconds_range", value=text[:40]))
    return value


def _target(text: str) -> int | str:
    if text == "all":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.error.target", value=_quoted(text))) from None


def _json_object(text: str) -> dict:
    example = repr(JSON_EXAMPLE)
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise argparse.ArgumentTypeError(
            t("cli.error.not_json", value=_quoted(text), example=example)) from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(
            t("cli.error.not_object", value=_quoted(text), example=example))
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(t("cli.error.port", value=_quoted(text)))
    return value


def _language(text: str) -> str:
    code = i18n.normalise(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            t("cli.error.language", value=_quoted(text), choices=", ".join(i18n.LANGUAGES)))
    return code


def _games_listing() -> str:
    from tentable.bots import available_bots
    from tentable.engine import GAMES
    width = max((len(game_id) for game_id in GAMES), default=0) + 2
    lines = [t("cli.games")]
    for game in GAMES.values():
        span = (f"{game.min_players}" if game.min_players == game.max_players
                else f"{game.min_players}-{game.max_players}")
        lines.append(f"  {game.id:<{width}}" + t("cli.game", n=game.max_players,
                                                  title=game.title, span=span,
                                                  bots=", ".join(available_bots(game.id))))
    lines.append(t("cli.seats"))
    return "\n".join(lines)


def _description(n: int) -> str:
    """How many games, in a word where the language has one ("five games")."""
    numbers = t("cli.numbers").split(",")
    return t("cli.description", n=n, count=numbers[n] if n < len(numbers) else n)


def _lang_option(parser: argparse.ArgumentParser, default: Any = argparse.SUPPRESS) -> None:
    """`--lang`: before the command (`default` None), and after it, where SUPPRESS keeps
    the one given before unless it is given there too."""
    parser.add_argument("--lang", type=_language, default=default, metavar="LANG",
                        help=t("cli.help.lang"))


def _parser() -> argparse.ArgumentParser:
    from tentable.engine import GAMES
    parser = _Parser(
        prog="tentable", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_description(len(GAMES)),
        epilog=_games_listing() + "\n\n" + t("cli.more"))
    parser.add_argument("--version", action="version", version=f"tentable {__version__}",
                        help=t("cli.help.version"))
    _lang_option(parser, default=None)
    parser.add_argument("--smoke", action="store_true", help=t("cli.help.smoke"))
    sub = parser.add_subparsers(dest="command", title=t("cli.commands"), metavar="COMMAND")

    play = sub.add_parser("play", help=t("cli.help.play"))
    play.add_argument("game", nargs="?", help=t("cli.help.game"))
    play.add_argument("--seats", type=_csv, help=t("cli.help.seats"))
    play.add_argument("--seed", type=int, help=t("cli.help.seed"))
    play.add_argument("--options", type=_json_object, default=None,
                      help=t("cli.help.options", example=repr(JSON_EXAMPLE)))
    play.add_argument("--continue", dest="resume", action="store_true",
                      help=t("cli.help.continue"))
    play.add_argument("--new", action="store_true", help=t("cli.help.new"))

    sim = sub.add_parser("sim", help=t("cli.help.sim"))
    sim.add_argument("game", help=t("cli.help.game"))
    sim.add_argument("--players", type=int, default=2, help=t("cli.help.players"))
    sim.add_argument("--games", type=_count, default=100, help=t("cli.help.games"))
    sim.add_argument("--seed", type=int, default=0, help=t("cli.help.first_seed"))
    sim.add_argument("--bots", type=_csv, default=["easy"], help=t("cli.help.bots"))
    sim.add_argument("--options", type=_json_object, default=None,
                     help=t("cli.help.options", example=repr(JSON_EXAMPLE)))
    sim.add_argument("--time-limit", type=_seconds, default=None,
                     help=t("cli.help.time_limit"))
    sim.add_argument("--solo", action="store_true", help=t("cli.help.solo"))
    sim.add_argument("--target", type=_target, default=None, help=t("cli.help.target"))
    sim.add_argument("--json", action="store_true", help=t("cli.help.json"))

    replay = sub.add_parser("replay", help=t("cli.help.replay"))
    replay.add_argument("file", type=Path)

    ladder = sub.add_parser("ladder", help=t("cli.help.ladder"))
    ladder.add_argument("--reset", action="store_true", help=t("cli.help.reset"))
    ladder.add_argument("--yes", action="store_true", help=t("cli.help.yes"))

    statistics = sub.add_parser("stats", help=t("cli.help.stats"))
    statistics.add_argument("--rebuild", action="store_true", help=t("cli.help.rebuild"))

    check = sub.add_parser("check-deck", help=t("cli.help.check_deck"))
    check.add_argument("file", type=Path)

    serve = sub.add_parser("serve", help=t("cli.help.serve"))
    serve.add_argument("--host", default="127.0.0.1", help=t("cli.help.host"))
    serve.add_argument("--port", type=_port, default=None, help=t("cli.help.port"))
    serve.add_argument("--cert", type=Path, default=None, help=t("cli.help.cert"))
    serve.add_argument("--key", type=Path, default=None, help=t("cli.help.key"))
    serve.add_argument("--max-tables", type=_count, default=None,
                       help=t("cli.help.max_tables"))
    for command in (play, sim, replay, ladder, statistics, check, serve):
        _lang_option(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command line; returns the exit code. The process's language is as it was
    afterwards, so a caller that runs several (the tests) gets each in its own."""
    argv = list(sys.argv[1:] if argv is None else argv)
    spoken = i18n.current()
    i18n.set_language(_chosen_language(argv))
    try:
        return _main(argv)
    finally:
        i18n.set_language(spoken)


def _chosen_language(argv: list[str]) -> str | None:
    """`--lang` where it names a language we speak, else the one saved in the settings
    (None: the system's). A `--lang` that names none is for the parser to refuse, in the
    language chosen without it."""
    from tentable import store
    try:
        found = _LangFinder().parse_known_args(argv)[0].lang
    except (ValueError, argparse.ArgumentError):
        found = None
    return found or store.saved_language()


def _main(argv: list[str]) -> int:
    try:
        with _argparse_in_our_words():
            args = _parser().parse_args(argv)
    except SystemExit as exc:          # --help, --version, or a usage error already said
        return exc.code if isinstance(exc.code, int) else USAGE
    command = "smoke" if args.smoke else args.command or "play"
    from tentable import cli_records
    run = {"smoke": _smoke, "play": _play, "sim": _sim, "replay": cli_records.replay_command,
           "ladder": cli_records.ladder_command, "stats": cli_records.stats_command,
           "check-deck": _check_deck, "serve": _serve}[command]
    try:
        return run(args)
    except _Usage as exc:
        see = "tentable --help" if command in ("play", "smoke") else f"tentable {command} --help"
        return _say(_usage_line(f"tentable {command}", str(exc), see), USAGE)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 — the promise: never a traceback
        return _say(t("cli.unexpected", where=f"tentable {command}",
                      error=f"{type(exc).__name__}: {exc}"), FAILURE)


@contextmanager
def _argparse_in_our_words() -> Iterator[None]:
    """argparse words its own parts ("usage:", "options", "unrecognized arguments: ...")
    with `gettext.gettext`, which it calls by its module's name `_`. While our parser is
    built and parses, that name looks argparse's English up in the text table (the
    `cli.argparse.*` texts, each argparse's own message); afterwards it is argparse's own
    again. A message the table lacks (a newer Python's) stays argparse's English."""
    original = getattr(argparse, "_", None)
    if not callable(original):
        yield
        return
    keys = {english_text: key for key, english_text in STRINGS.items()
            if key.startswith(ARGPARSE)}
    argparse._ = lambda message: t(keys[message]) if message in keys else original(message)
    try:
        yield
    finally:
        argparse._ = original


def _usage_line(where: str, message: str, see: str) -> str:
    return t("cli.usage", where=where, message=message, help=see)


def _say(line: str, code: int) -> int:
    print(" ".join(line.split()), file=sys.stderr)
    return code


def _game(game_id: str):
    from tentable.engine import GAMES
    if game_id not in GAMES:
        raise _Usage(t("cli.error.unknown_game", value=_quoted(game_id),
                       games=", ".join(GAMES)))
    return GAMES[game_id]


def _smoke(args: argparse.Namespace) -> int:
    from tentable.smoke import run as smoke
    return smoke(language=args.lang)


def _play(args: argparse.Namespace) -> int:
    from tentable.bots import available_bots, level_of
    from tentable.engine.core import SEED_LIMIT
    game_id, seats, seed, options = (getattr(args, name, None)
                                      for name in ("game", "seats", "seed", "options"))
    if getattr(args, "new", False) and getattr(args, "resume", False):
        raise _Usage(t("cli.error.new_and_continue"))
    if game_id is not None:
        game = _game(game_id)
        if seats is not None:
            allowed = ["human", *available_bots(game_id)]
            seats = [seat if seat == "human" else level_of(seat) or seat for seat in seats]
            wrong = [seat for seat in seats if seat not in allowed]
            if wrong:
                raise _Usage(t("cli.error.seat", value=_quoted(wrong[0]), game=game.title,
                               choices=", ".join(allowed)))
            if not game.min_players <= len(seats) <= game.max_players:
                raise _Usage(t("cli.error.seat_count", game=game.title,
                               low=game.min_players, high=game.max_players,
                               count=len(seats)))
    elif seats is not None:
        raise _Usage(t("cli.error.seats_need_game"))
    elif options is not None:
        raise _Usage(t("cli.error.options_need_game", example=repr(JSON_EXAMPLE)))
    elif getattr(args, "resume", False):
        raise _Usage(t("cli.error.continue_needs_game"))
    elif getattr(args, "new", False):
        raise _Usage(t("cli.error.new_needs_game"))
    if seed is not None and not 0 <= seed < SEED_LIMIT:
        raise _Usage(t("cli.error.seed"))
    from tentable.ui.launch import DEFAULT_SEATS, display_problem, run
    if options is not None:
        _check_options(game_id, len(seats or DEFAULT_SEATS), options)
    problem = display_problem()
    if problem:
        return _say(problem, FAILURE)
    if game_id is not None and not getattr(args, "resume", False):
        _start_over(game_id, game.title, getattr(args, "new", False))
    return run(game_id, seats, seed, options, language=args.lang,
               resume=getattr(args, "resume", False))


def _start_over(game_id: str, title: str, new: bool) -> None:
    """A new game of `game_id` would write over its game in progress: only with --new
    (a ladder game then counts as lost, and is said so), else a usage mistake that names
    --continue and --new, as the setup screen asks before it starts over."""
    from tentable import keeping
    if new:
        if said := keeping.abandon_in_progress(game_id):
            print(said)
        return
    going, messages = keeping.games_in_progress()
    for message in messages:
        _say(f"tentable play: {message}", 0)
    if game_id in going:
        raise _Usage(t("cli.error.in_progress", game=title, id=game_id))


def _check_options(game_id: str, players: int, options: dict) -> None:
    """Refuse options the game would refuse at the table, before a window opens: the
    engine's reason names the option ("tentiles: option 'open' must be true or false")."""
    from tentable.engine import SetupError, new_game
    try:
        new_game(game_id, players, 0, options)
    except SetupError as exc:
        raise _Usage(str(exc)) from None


def _sim(args: argparse.Namespace) -> int:
    from tentable.engine import SetupError
    from tentable.sim import format_result, simulate

    game = _game(args.game)
    if not args.bots:
        raise _Usage(t("cli.error.no_bots"))
    from tentable.bots import level_of
    args.bots = [level_of(name) or name for name in args.bots]
    options = args.options
    if args.target is not None and not args.solo:
        raise _Usage(t("cli.error.target_needs_solo"))
    if args.solo:
        if args.players != 2:
            raise _Usage(t("cli.error.solo_players"))
        if not any(option.name == "solo" for option in game.options):
            raise _Usage(t("cli.error.no_solo", game=game.title))
        options = {**(options or {}), "solo": True}
        if args.target == "all":
            return _sim_curve(args, game, options)
        if args.target is not None:
            options["target"] = args.target
    try:
        result = simulate(args.game, args.players, args.games, args.seed, args.bots,
                          options, time_limit=args.time_limit, progress=_progress())
    except (SetupError, ValueError) as exc:
        raise _Usage(str(exc)) from None
    print(json.dumps(result.as_json()) if args.json else format_result(result))
    return FAILURE if result.errors else 0


def _progress() -> Callable[[int, int], None] | None:
    """How far a sim is, for someone watching a terminal: "game 40 of 200", rewritten in
    place on stderr and wiped after the last game. None where stderr is no terminal (a
    pipe, a file, a test), so what a program reads never holds it."""
    stream = sys.stderr
    if stream is None or not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        line = t("cli.sim.progress", n=done, total=total)
        stream.write(f"\r{line}" + (f"\r{' ' * len(line)}\r" if done == total else ""))
        stream.flush()
    return show


def _sim_curve(args: argparse.Namespace, game, options: dict) -> int:
    """`sim --solo --target all`: the solo results at every target the game allows."""
    from tentable.engine import SetupError
    from tentable.sim import difficulty_curve, format_curve
    spec = next((o for o in game.options if o.name == "target"), None)
    if spec is None or spec.low is None or spec.high is None:
        raise _Usage(t("cli.error.no_target", game=game.title))
    targets = list(range(spec.low, spec.high + 1))
    try:
        rows = difficulty_curve(args.game, targets, args.games, args.seed, args.bots,
                                options, time_limit=args.time_limit, progress=_progress())
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


def _check_deck(args: argparse.Namespace) -> int:
    from tentable.engine.decks import ManifestError, report

    try:
        print(report(args.file))
    except ManifestError as exc:
        return _say(str(exc), FAILURE)
    return 0


def _serve(args: argparse.Namespace) -> int:
    """A server for many tables until Ctrl+C: its lobby's address on stdout."""
    import asyncio
    import ssl

    from tentable.net.host import Host
    from tentable.net.serve import DEFAULT_PORT, serve, tls_context
    from tentable.net.tables import HostedTables
    if (args.cert is None) != (args.key is None):
        raise _Usage(t("cli.error.cert_and_key"))
    context = None
    if args.cert is not None:
        try:
            context = tls_context(str(args.cert), str(args.key))
        except (OSError, ssl.SSLError) as exc:
            return _say(t("cli.serve.bad_cert", reason=type(exc).__name__), FAILURE)
    host = Host(host=args.host, port=DEFAULT_PORT if args.port is None else args.port,
                ssl=context, lobby=True, tables=HostedTables(),
                **({} if args.max_tables is None else {"max_rooms": args.max_tables}))

    def started(invite, problems: list[str]) -> None:
        print(t("cli.serve.listening", url=invite.url, invite=invite.line()), flush=True)
        if host.rooms:
            print(t("cli.serve.resumed", n=len(host.rooms)), flush=True)
        for problem in problems:
            print(problem, file=sys.stderr, flush=True)
    try:
        asyncio.run(serve(host, started))
    except OSError as exc:
        return _say(t("cli.serve.cannot_listen", host=args.host, port=host.port,
                      reason=exc.strerror or type(exc).__name__), FAILURE)
    return 0
