"""What every seat is shown and what a bot may resample, over random playouts of every
game, as digests: `view` of every seat and a spectator, `hidden_cards`, `hidden_zones`,
and the determinized copies (their public parts; and whole, which pins the bots' worlds).

The fixture `tests/secrecy_main.json` was made with this module on the code before each
game declared its secrecy once (#40 item 4), and tests/test_secrecy.py checks that today's
code gives the same. Remake it only when a view changes on purpose (say so in the commit):

    PYTHONPATH=$PWD python tests/secrecy_record.py   # prints the digests of every game

and put them under "digests" (or, where only the bots' worlds moved, under "moved" with why).

It reads only the engine's public contract, so it runs on older commits as well.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys

GAMES_EACH = 10          # games played per game id
SAMPLE = 0.1             # share of positions recorded ...
PER_GAME = 5             # ... up to this many a game, and the last one


def _compact(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _setup(game, n: int, rng: random.Random):
    """Players, options and deck of game `n`: options in turn, a fixed deck every third."""
    players = game.min_players + n % (game.max_players - game.min_players + 1)
    options = {}
    for i, option in enumerate(game.options):
        values = [False, True] if option.kind is bool else \
            list(option.choices) if option.choices and option.kind is not list else \
            [option.default_for(players)]
        options[option.name] = values[(n + i) % len(values)]
    codes = game.state.deck_codes(players, options)
    deck = None
    if n % 3 == 1 and codes:
        deck = [rng.sample(part, len(part)) for part in codes] if isinstance(codes[0], list) \
            else rng.sample(codes, len(codes))
    return players, options, deck


def _lines(state, k: int) -> dict[str, list[str]]:
    """The records of one position, by kind."""
    out = {"views": [], "hidden_cards": [], "hidden_zones": [], "determinized_public": [],
           "determinized_whole": []}
    for seat in (None, *state.seats):
        out["views"].append(_compact(state.view(seat)))
        out["hidden_cards"].append(_compact(sorted(map(str, state.hidden_cards(seat)))))
        out["hidden_zones"].append(_compact(sorted(state.hidden_zones(seat))))
        if seat is None:
            continue
        copy = state.determinize(seat, k + seat)
        out["determinized_public"].append(_compact([copy.view(seat), copy.view(None),
                                                    sorted(copy.hidden_zones(seat))]))
        out["determinized_whole"].append(copy.to_json())
    return out


def records(game_id: str, games: int = GAMES_EACH) -> dict[str, list[str]]:
    from tentable.engine import GAMES, new_game
    game = GAMES[game_id]
    rng = random.Random(f"secrecy/{game_id}")
    out: dict[str, list[str]] = {}
    for n in range(games):
        players, options, deck = _setup(game, n, rng)
        try:
            state = new_game(game_id, players, seed=n, options=options, deck=deck)
        except Exception:      # a combination the game refuses (solo TEN needs two)
            state = new_game(game_id, players, seed=n)
        kept = 0
        while True:
            last = state.is_over
            if last or (kept < PER_GAME and rng.random() < SAMPLE):
                kept += 1
                for kind, lines in _lines(state, rng.randrange(1 << 30)).items():
                    out.setdefault(kind, []).extend(lines)
            if last:
                break
            state.apply(state.random_action(rng))
    return out


def digests(game_id: str) -> dict[str, str]:
    return {kind: hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
            for kind, lines in records(game_id).items()}


if __name__ == "__main__":
    from tentable.engine import GAMES
    ids = sys.argv[1:] or sorted(GAMES)
    print(json.dumps({game_id: digests(game_id) for game_id in ids}, indent=1,
                     sort_keys=True))
