"""Issue #40, item 5: nothing under `tentable/ui/` touches the engine's state or the
secrets a seat's client may never hold — an AST check over every module there, shown to
fail on a planted violation (not a search of one file's text, which a rename escapes).

A table sees the match's views and events only: it never starts or replays a game
(`new_game`, `replay`, `from_json`), reads the match's state (`match.state`, `._state`,
`set_position`) or a session's seed or fixed deck.
"""
import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parent.parent / "tentable" / "ui"
NEVER_IMPORTED = {"new_game", "replay", "from_json"}
NEVER_READ = {"_state", "set_position"}          # on anything
# where new_game (registry), replay and from_json (records) live, and the package that
# names them all
ENGINE_MODULES = {"engine", "core", "registry", "records"}
NEVER_READ_FROM = {"state": {"match"}, "seed": {"session", "record"},
                   "deck": {"session", "record"}}
# Allowed until issue #40's tidy lands: the setup screen asks the rules which seats they
# play (solo TEN's Mona) by starting a game.
ALLOWED = {("scenes/setup.py", "new_game")}


def last_name(node: ast.AST) -> str:
    """`table.match` -> "match", `self.session` -> "session", `match` -> "match"."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def violations(source: str, where: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [(where, a.name) for a in node.names if a.name in NEVER_IMPORTED]
        elif isinstance(node, ast.Attribute):
            if node.attr in NEVER_IMPORTED and last_name(node.value) in ENGINE_MODULES:
                found.append((where, node.attr))
            if node.attr in NEVER_READ:
                found.append((where, node.attr))
            if last_name(node.value) in NEVER_READ_FROM.get(node.attr, ()):
                found.append((where, f"{last_name(node.value)}.{node.attr}"))
    return [f"{w}: {what}" for w, what in found if (w, what) not in ALLOWED]


def test_no_module_under_ui_touches_the_state_or_a_secret():
    modules = sorted(UI.rglob("*.py"))
    assert len(modules) > 40
    found = [v for path in modules
             for v in violations(path.read_text(), path.relative_to(UI).as_posix())]
    assert not found, found


@pytest.mark.parametrize("planted", [
    "from tentable.engine import replay\n",
    "from tentable.engine.records import from_json as load\n",
    "from tentable.engine import records\nrecords.replay({})\n",
    "from tentable.engine import registry\nregistry.new_game('ten', 2, 1)\n",
    "import tentable.engine as engine\nengine.new_game('ten', 2, 1)\n",
    "def f(table):\n    return table.match.state.legal_actions()\n",
    "def f(self):\n    return self.match._state\n",
    "def f(self):\n    return self.session.seed\n",
    "def f(record):\n    return record.deck\n",
    "def f(match, s):\n    match.set_position(s)\n",
])
def test_the_check_finds_a_planted_violation(planted):
    assert violations(planted, "tables/planted.py")


def test_what_a_table_may_do_is_not_a_violation():
    fine = ("def f(self):\n    return self.link.view(self.seat), self.view['legal_actions'],"
            " self.seed_field.text, self.session.seats\n")
    assert not violations(fine, "tables/fine.py")


# -- one template of a move (#40, item 2) ----------------------------------------------
TEMPLATE = {"on_actions", "_settle"}     # the kit's, which games fill in through hooks


def overrides(source: str) -> list[str]:
    """Methods of the kit's move template that a class in `source` writes again."""
    return [f"{node.name}.{item.name}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ClassDef) for item in node.body
            if isinstance(item, ast.FunctionDef) and item.name in TEMPLATE]


def test_every_game_fills_in_the_kits_move_template_and_none_writes_its_own():
    games = sorted((UI / "tables").glob("*/*.py"))
    assert len({path.parent.name for path in games}) == 5
    found = [f"{path.relative_to(UI)}: {o}" for path in games for o in overrides(path.read_text())]
    assert not found, found


def test_the_template_check_sees_a_game_that_tells_its_moves_itself():
    planted = ("class TenTable(CardTable):\n"
               "    def on_actions(self, seat, actions, views):\n"
               "        self.narrate(seat, actions[0], views[0], views[1])\n")
    assert overrides(planted) == ["TenTable.on_actions"]


# -- the parts every table has live beside it (#40, item 2) --------------------------------
PARTS = {"tentable.ui.tables.aloud", "tentable.ui.tables.heard", "tentable.ui.tables.undo"}


@pytest.mark.parametrize("game", ["takethat", "ten", "elfer", "retro10", "tentiles"])
def test_reading_aloud_sound_and_undo_are_parts_beside_the_table_not_its_classes(game):
    from tentable.ui.scenes import table_for
    built_from = {cls.__module__ for cls in table_for(game).__mro__}
    assert not built_from & PARTS, built_from & PARTS


# -- one seam: a table reaches its game through its link only (#40, item 2) -----------------
def match_uses(source: str, where: str) -> list[str]:
    """Every place in `source` that reaches a `Match` past the table's link
    (`tentable.link`): importing `tentable.match` or `Match`, building or naming one, or
    reading an attribute `match` (`self.match.view`, `link.match`). A regular expression's
    `.match(...)` is a call of a method, not the match."""
    tree = ast.parse(source)
    calls = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "tentable.match" or any(a.name in ("Match", "match")
                                                      for a in node.names):
                found.append(f"{where}: from {node.module} import")
        elif isinstance(node, ast.Import):
            found += [f"{where}: import {a.name}" for a in node.names
                      if a.name == "tentable.match"]
        elif isinstance(node, ast.Name) and node.id in ("Match", "match"):
            found.append(f"{where}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in ("Match", "match") \
                and id(node) not in calls:
            found.append(f"{where}: .{node.attr}")
    return found


def test_no_module_under_ui_reaches_a_match_past_the_tables_link():
    modules = sorted(UI.rglob("*.py"))
    found = [v for path in modules
             for v in match_uses(path.read_text(), path.relative_to(UI).as_posix())]
    assert not found, found


@pytest.mark.parametrize("planted", [
    "def f(self):\n    return self.match.view(self.seat)\n",
    "def f(self):\n    return self.link.match.is_over\n",
    "from tentable.match import Match\n",
    "from tentable import match\n",
    "import tentable.match\n",
    "import tentable\ndef f(s):\n    return tentable.match.Match(s)\n",
    "def f(table):\n    match = table.link\n    return match.is_over\n",
])
def test_the_seam_check_finds_a_planted_use_of_the_match(planted):
    assert match_uses(planted, "tables/planted.py")


def test_the_seam_check_lets_a_table_ask_its_link_and_match_a_pattern():
    fine = ("import re\n"
            "def f(self, line):\n"
            "    return self.link.view(self.seat), re.match(r'x', line), self.link.is_over\n")
    assert not match_uses(fine, "tables/fine.py")


def view_assignments(source: str) -> list[int]:
    """The lines of `source` that set some object's `view` by hand."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Attribute) and target.attr == "view"]


def test_tests_and_tools_set_a_position_one_way():
    """#40 item 5: a test, a showcase or a screenshot puts a table on a position with
    `show_position` (through its link), never by writing the table's view itself."""
    assert view_assignments("def f(table, state):\n    table.view = state.view(0)\n") == [2]
    root = Path(__file__).resolve().parent.parent
    found = {str(path.relative_to(root)): lines
             for path in [*(root / "tests").glob("*.py"), *(root / "scripts").rglob("*.py")]
             if (lines := view_assignments(path.read_text(encoding="utf-8")))}
    assert not found, found
