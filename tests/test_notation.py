"""One move notation per game (#40, item 3): each engine's `<game>_moves` builds and reads
its action texts, and nothing outside `tentable/engine/` spells or slices them by hand.

The check reads the code (AST), so it sees an action however it is written: a literal or
f-string that begins with a move word and a space ("stop numbers", f"play {card}",
f"{verb} {card}"), or an action taken apart (`action[4:]`, `action.split()`)."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from tentable.engine import GAMES, new_game
from tentable.engine.moves import KINDS, notation

ROOT = Path(__file__).resolve().parent.parent / "tentable"

# Names an action goes by where it is taken apart.
ACTION_NAMES = {"action", "actions", "a", "act", "move", "item", "legal_action", "verb", "kind"}
TAKING_APART = {"split", "rsplit", "partition", "rpartition", "removeprefix"}


def _starts_with_move(text: str) -> bool:
    word, space, rest = text.partition(" ")
    return bool(space) and word in KINDS and (rest == "" or not rest[0].isspace())


def _named(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def spelled(source: str) -> list[tuple[int, str]]:
    """(line, what) for each action spelled or taken apart by hand in `source`."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    in_fstring = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                  for part in node.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            first = node.values[0] if node.values else None
            if isinstance(first, ast.Constant) and _starts_with_move(str(first.value)):
                found.append((node.lineno, f"f-string {first.value!r}..."))
            elif (isinstance(first, ast.FormattedValue) and _named(first.value) in ACTION_NAMES
                  and len(node.values) > 1 and isinstance(node.values[1], ast.Constant)
                  and str(node.values[1].value).startswith(" ")):
                found.append((node.lineno, "f-string {verb} ..."))
        elif isinstance(node, ast.Constant) and type(node.value) is str:
            if id(node) not in skip and id(node) not in in_fstring \
                    and _starts_with_move(node.value):
                found.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            low = node.slice.lower
            if _named(node.value) in ACTION_NAMES and isinstance(low, ast.Constant):
                found.append((node.lineno, f"{_named(node.value)}[{low.value}:]"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in TAKING_APART and _named(node.func.value) in ACTION_NAMES:
            found.append((node.lineno, f"{_named(node.func.value)}.{node.func.attr}()"))
    return sorted(found)


def spelled_in_tree(root: Path = ROOT, allowed: set[str] = frozenset()) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        # the words table (text/) is the English wording on screen ("take the row"), not actions
        if name.startswith("engine/") or name.startswith("text/") or name in allowed:
            continue
        out += [f"{name}:{line}: {what}" for line, what in spelled(path.read_text("utf-8"))]
    return out


def test_no_action_is_spelled_or_taken_apart_outside_the_engines():
    assert spelled_in_tree() == []


def test_the_check_finds_actions_spelled_by_hand(tmp_path):
    """A planted table with every way of spelling an action the check knows, and the same
    table written with the notation, which it passes."""
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "rules.py").write_text('A = f"play {card}"\n')    # engines may
    (tmp_path / "table.py").write_text('''"""Docs may say "play 34"."""
def act(self, card, action, verb):
    self.act(f"play {card}")
    if action == "stop numbers" or action.startswith("bid "):
        return action[4:]
    kind, number = action.split()
    return f"{verb} {card}"
''')
    found = spelled_in_tree(tmp_path)
    assert [f.split(": ", 1)[1] for f in found] == [
        "f-string 'play '...", "'bid '", "'stop numbers'", "action[4:]", "action.split()",
        "f-string {verb} ..."]
    (tmp_path / "table.py").write_text('''from tentable.engine.ten_moves import STOP_NUMBERS, read
def act(self, card, action):
    self.act(play(card))
    if action == STOP_NUMBERS or read(action).kind == "bid":
        return read(action).amount
''')
    assert spelled_in_tree(tmp_path) == []


def _positions(game_id: str, games: int, rng: random.Random):
    game = GAMES[game_id]
    for n in range(games):
        players = game.min_players + n % (game.max_players - game.min_players + 1)
        options = {"variant_busted_buy": n % 2 == 1} if game_id == "ten" else {}
        if game_id == "ten" and n % 3 == 2:           # TEN solo: you and Mona (S1)
            players, options = 2, {"solo": True}
        if game_id == "tentiles":                      # the open game (TL-R2) and the hidden
            options = {"open": n % 2 == 1}
        state = new_game(game_id, players, seed=rng.randrange(2**32), options=options)
        while not state.is_over:
            yield state
            state.apply(rng.choice(list(state.legal_actions())))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_legal_action_reads_back_to_itself(game_id):
    """For random legal actions of random positions: `str(read(a)) == a` (the builders
    spell what the engine lists) and every kind is a word of the shared vocabulary."""
    moves = notation(game_id)
    rng = random.Random(40)
    seen_kinds, checked = set(), 0
    for i, state in enumerate(_positions(game_id, 6, rng)):
        legal = list(state.legal_actions())
        for action in rng.sample(legal, min(len(legal), 40)):
            move = moves.read(action)
            assert str(move) == action, (game_id, action, move)
            assert move.kind in KINDS, (game_id, action)
            seen_kinds.add(move.kind)
            if game_id == "retro10":      # RX-R4: a face-down card as the others read it
                public = state.public_action(action, 0, 1)
                assert str(moves.read(public)) == public
            checked += 1
        if i > 3000:
            break
    assert checked > 100 and len(seen_kinds) >= 2, (checked, seen_kinds)
