"""The code's own shape: the rules import in one direction, so a newcomer can read a module
knowing that nothing it imports imports it back (#40, item 6)."""
from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tentable" / "engine"


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def imports_of(path: Path, known: set[str]) -> set[str]:
    """Every module of `known` that `path` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found & known


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph`: each module that can reach itself, with the way."""
    out = []
    for start in sorted(graph):
        way, seen = [(start, [start])], set()
        while way:
            here, path = way.pop()
            for nxt in sorted(graph[here]):
                if nxt == start:
                    out.append(path + [start])
                elif nxt not in seen:
                    seen.add(nxt)
                    way.append((nxt, path + [nxt]))
    return out


def engine_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in ENGINE.glob("*.py")}
    # the package itself imports every game to register it; a game imports its siblings
    return {name: imports_of(path, set(paths)) - {name, "tentable.engine"}
            for name, path in paths.items() if name != "tentable.engine"}


def test_no_engine_module_imports_one_that_imports_it_back():
    """Solo TEN builds on TEN; TEN must not reach for it (it is found by the registry)."""
    assert cycles(engine_graph()) == []


def test_the_cycle_finder_sees_a_circle():
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b", "a"], ["b", "a", "b"]]


def test_the_solo_option_chooses_the_variant_class_through_the_registry():
    """S1: the bots' worker rebuilds a position from its data by the registry's choice."""
    from tentable.engine import GAMES, new_game
    from tentable.engine.ten import Ten
    from tentable.engine.ten_solo import TenSolo
    ten = GAMES["ten"]
    assert ten.state_for({"solo": True}) is TenSolo
    assert ten.state_for({"solo": False}) is Ten
    state = new_game("ten", 2, seed=3, options={"solo": True})
    data = state._to_data()
    assert type(ten.state_for(data["options"])._from_data(data)) is TenSolo


def test_a_variant_must_build_on_its_game_and_name_one_of_its_options():
    from tentable.engine.registry import register_variant
    from tentable.engine.takethat import TakeThat
    from tentable.engine.ten import Ten
    with pytest.raises(TypeError, match="no variant"):
        register_variant("ten", "solo")(TakeThat)
    with pytest.raises(TypeError, match="no variant"):
        register_variant("ten", "no such option")(type("Other", (Ten,), {}))


@functools.lru_cache(maxsize=1)
def parsed() -> list[tuple[Path, ast.Module]]:
    """Every module of tentable/, parsed once for all the names asked about."""
    return [(path, ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted((ROOT / "tentable").rglob("*.py"))]


def definitions(name: str) -> list[str]:
    """The modules of tentable/ that define `name` at their top level (def or assignment)."""
    found = []
    for path, tree in parsed():
        for node in tree.body:
            names = [node.name] if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else \
                [t.id for t in getattr(node, "targets", [getattr(node, "target", None)])
                 if isinstance(t, ast.Name)]
            if name in names:
                found.append(module_name(path))
    return found


@pytest.mark.parametrize("name, home", [
    ("code_of", "tentable.engine.cards"),
    ("SEED_LIMIT", "tentable.engine.core"),      # every seed a game accepts is below it
    ("MAX_SEED", None),                          # was two numbers under one name
    ("deck_codes", None),                        # only `State.deck_codes`, a method
])
def test_one_definition_of_each_shared_name(name, home):
    assert definitions(name) == ([home] if home else [])


def test_a_card_that_is_its_own_id_is_its_own_code():
    from tentable.engine.cards import code_of
    assert (code_of("B1#2"), code_of("W##1"), code_of(34)) == ("B1", "W#", "34")


def test_no_module_is_over_600_lines():
    """A module a newcomer can read: each has one job (STYLE.md, #40 item 6)."""
    long = {str(path.relative_to(ROOT)): n for path in (ROOT / "tentable").rglob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, long


def test_no_module_of_the_window_builds_or_rebuilds_a_game():
    """#40: a table shows what its seat is told; the engine's constructors (which take the
    seed that fixes every hidden card) are the match's, never the window's."""
    builders = {"new_game", "replay", "from_json"}
    found = [f"{module_name(path)}: {name}" for path, tree in parsed()
             if module_name(path).startswith("tentable.ui")
             for node in ast.walk(tree)
             for name in ([a.name for a in node.names] if isinstance(node, ast.ImportFrom)
                          and (node.module or "").startswith("tentable.engine") else [])
             if name in builders]
    assert not found, found
