"""`tentable [play|sim|replay|check-deck]`: the command line. With no command it opens the game."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tentable import __version__


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tentable", description="A card table for five "
                                     "games around the number ten.")
    parser.add_argument("--version", action="version", version=f"tentable {__version__}")
    parser.add_argument("--smoke", action="store_true",
                        help="open the window, draw the menu and every table once, exit")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the game (optionally straight into a table)")
    play.add_argument("game", nargs="?", help="game id, e.g. takethat")
    play.add_argument("--seats", type=_csv, help="human or a bot name per seat, "
                      "e.g. human,heuristic")
    play.add_argument("--seed", type=int)

    sim = sub.add_parser("sim", help="play bot games headless and report results")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", type=_csv, default=["random"])
    sim.add_argument("--options", type=json.loads, default=None,
                     help='game options as JSON, e.g. \'{"pro": true}\'')
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    replay = sub.add_parser("replay", help="replay a saved game and print every action")
    replay.add_argument("file", type=Path)

    check = sub.add_parser("check-deck", help="validate a deck manifest")
    check.add_argument("file", type=Path)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.smoke:
        from tentable.smoke import run as smoke
        return smoke()
    if args.command in (None, "play"):
        from tentable.ui.launch import run
        return run(getattr(args, "game", None), getattr(args, "seats", None),
                   getattr(args, "seed", None))
    return {"sim": _sim, "replay": _replay, "check-deck": _check_deck}[args.command](args)


def _sim(args: argparse.Namespace) -> int:
    from tentable.engine import GAMES, SetupError
    from tentable.sim import format_result, simulate

    if args.game not in GAMES:
        print(f"unknown game {args.game!r} (games: {', '.join(GAMES)})", file=sys.stderr)
        return 2
    try:
        result = simulate(args.game, args.players, args.games, args.seed, args.bots,
                          args.options)
    except (SetupError, ValueError) as exc:
        print(f"tentable sim: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.as_json()) if args.json else format_result(result))
    return 1 if result.errors else 0


def _replay(args: argparse.Namespace) -> int:
    from tentable.engine import IllegalAction, SetupError, new_game

    try:
        record = json.loads(args.file.read_text(encoding="utf-8"))
        state = new_game(record["game"], record["players"], record["seed"],
                         record.get("options"), record.get("deck"))
        for i, action in enumerate(record["history"]):
            seat = state.current_player
            state.apply(action)
            print(f"{i + 1:4}. seat {seat}: {action}")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        kind = "illegal action" if isinstance(exc, IllegalAction) else (
            "bad setup" if isinstance(exc, SetupError) else "unreadable save")
        print(f"{args.file}: {kind}: {exc}", file=sys.stderr)
        return 1
    print(f"scores {state.scores()} · winners {state.winners() or 'none yet'}")
    return 0


def _check_deck(args: argparse.Namespace) -> int:
    from tentable.engine.decks import ManifestError, report

    try:
        print(report(args.file))
    except ManifestError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0
