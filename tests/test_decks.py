"""Deck manifests: the shipped decks match the rules digests; broken ones say what is wrong."""
from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tentable import resources
from tentable.engine import decks
from tentable.engine.decks import CardSpec, ManifestError, load_manifest, manifest, report

BROKEN = Path(__file__).parent / "broken_manifests"
GAME_IDS = ("ten", "takethat", "elfer", "retro10", "tentiles")

MINI = {
    "format": 1, "game": "mini", "title": "Mini", "players": [2, 4],
    "kinds": {"number": "a number card", "toad": "a repdigit"},
    "cards": [{"code": "12", "kind": "number", "count": 1, "value": 12},
              {"code": 21, "kind": "number", "count": 2},
              {"code": "22", "kind": "toad", "count": 1, "min_players": 3}],
    "totals": {2: 3, 3: 4, 4: 4},
}


def write(tmp_path: Path, data: object, name: str = "deck.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


# -- the shipped decks ------------------------------------------------------------------

@pytest.mark.parametrize("game_id, totals", [
    ("ten", {1: 91, 2: 91, 3: 108, 4: 129, 5: 129}),
    ("takethat", {2: 79, 3: 79, 4: 79}),
    ("elfer", {n: 110 for n in range(2, 7)}),
    ("retro10", {n: 80 for n in range(2, 8)}),
    ("tentiles", {2: 30}),
])
def test_shipped_manifest_loads_with_its_counts(game_id, totals):
    deck = manifest(game_id)
    assert deck.game == game_id
    assert (deck.min_players, deck.max_players) == (min(totals), max(totals))
    assert dict(deck.totals) == totals
    assert {n: len(deck.cards(n)) for n in totals} == totals
    assert game_id in report(resources.deck_path(game_id))


def test_decks_folder_holds_one_manifest_per_game():
    folder = resources.deck_path("ten").parent
    assert sorted(p.stem for p in folder.glob("*.yaml")) == sorted(GAME_IDS)


def test_ten_player_count_marks():
    """TEN-R1 and the digest's mix: core 91, mark "3" adds 17, mark "4+" adds 21."""
    deck = manifest("ten")
    two, three, four = (Counter(deck.cards(n)) for n in (2, 3, 4))
    assert deck.cards(1) == deck.cards(2)              # solo uses the two-player deck (S1)
    assert (two["B1"], three["B1"], four["B1"]) == (2, 3, 3)
    assert (two["P6"], three["P6"], four["P6"]) == (2, 2, 3)
    assert (two["G9"], four["G9"]) == (1, 1)
    assert (two["O#"], three["O#"], four["O#"]) == (1, 1, 2)
    assert three - two == Counter({f"{c}{n}": 1 for c in "BGOP" for n in (1, 2, 3)}
                                  | {f"${v}": 1 for v in range(1, 6)})
    assert {code: four[code] for code in deck.codes("money")} == {
        "$1": 7, "$2": 6, "$3": 6, "$4": 4, "$5": 4}
    assert sum(four[code] for code in deck.codes("number")) == 84
    assert deck.codes("number_wild") == [f"W{n}" for n in range(1, 10)]
    assert deck.codes("super_wild") == ["W#"]
    assert deck.spec("O7") == CardSpec("O7", "number", 1, value=7, colour="O")
    assert deck.spec("$4").value == 4 and deck.kind_of("B#") == "colour_wild"


def test_takethat_toads_and_twins():
    """TT-R1: the seven repdigits are toads; every other card has its digit-swapped twin."""
    deck = manifest("takethat")
    assert deck.codes("toad") == ["22", "33", "44", "55", "66", "77", "88"]
    numbers = set(deck.codes("number"))
    assert len(numbers) == 72 and all(code[::-1] in numbers for code in numbers)
    assert all(deck.spec(code).value == int(code) for code in deck.codes())


def test_elfer_retro10_tentiles_contents():
    elfer = Counter(manifest("elfer").cards(4))
    assert elfer["J"] == 4 and elfer["connection"] == 15 and elfer["bonus"] == 7
    assert len(manifest("elfer").codes("number")) == 84
    assert manifest("elfer").spec("bonus").value == 11
    assert manifest("elfer").spec("Y21") == CardSpec("Y21", "number", 1, value=21, colour="Y")
    retro = manifest("retro10")
    assert retro.codes("round") == [f"R{n}" for n in range(1, 11)]
    assert Counter(retro.cards(2))["0"] == 5 and retro.spec("10").value == 10
    assert retro.spec("S7").value == 7 and Counter(retro.cards(7))["J"] == 7
    tiles = manifest("tentiles")
    assert Counter(tiles.cards(2)) == {f"{c}{n}": 5 for c in "WB" for n in (1, 2, 3)}
    assert tiles.spec("B3").colour == "B"


# -- the API on a small deck ------------------------------------------------------------

def test_api_on_a_small_deck(tmp_path):
    deck = load_manifest(write(tmp_path, MINI))
    assert deck.path == str(tmp_path / "deck.yaml")
    assert deck.cards(2) == ["12", "21", "21"]                 # whole-number code read as text
    assert deck.cards(3) == ["12", "21", "21", "22"]
    assert deck.codes() == ["12", "21", "22"] and deck.codes("toad") == ["22"]
    assert deck.kind_of("21") == "number" and deck.spec("22").min_players == 3
    assert deck.spec("21").value is None
    for players in (1, 5, True, "3"):
        with pytest.raises(ValueError, match="2–4 players"):
            deck.cards(players)
    with pytest.raises(KeyError):
        deck.spec("99")
    with pytest.raises(KeyError):
        deck.codes("joker")


def test_a_manifest_cannot_be_changed_through_the_cache():
    deck = manifest("takethat")
    with pytest.raises(TypeError):
        deck.totals[2] = 80            # type: ignore[index]
    with pytest.raises(AttributeError):
        deck.title = "x"               # type: ignore[misc]
    assert manifest("takethat") is deck


def test_manifest_refuses_a_file_describing_another_game(tmp_path, monkeypatch):
    write(tmp_path, MINI, "other.yaml")
    monkeypatch.setattr(resources, "deck_path", lambda game_id: tmp_path / f"{game_id}.yaml")
    decks.manifest.cache_clear()
    try:
        with pytest.raises(ManifestError) as err:
            manifest("other")
        assert (err.value.entry, err.value.problem) == (
            "game", "says 'mini', but this file is the deck of 'other'")
    finally:
        decks.manifest.cache_clear()


def test_report_lists_counts_per_player_count_and_kind(tmp_path):
    text = report(write(tmp_path, MINI))
    lines = text.splitlines()
    assert lines[0].endswith("deck.yaml: OK")
    assert "2 players: 3 cards" in lines and "3 players: 4 cards" in lines
    number = next(line for line in lines if line.strip().startswith("number"))
    toad = next(line for line in lines if line.strip().startswith("toad"))
    assert number.split()[1:4] == ["3", "3", "3"] and toad.split()[1:4] == ["0", "1", "1"]
    with pytest.raises(ManifestError):
        report(BROKEN / "total_mismatch.yaml")


# -- broken manifests ---------------------------------------------------------------------

BROKEN_CASES = [  # fixture file, expected entry, a substring of the expected problem
    ("syntax_error", "line 12, column 5", "YAML error: expected ',' or '}'"),
    ("python_tag", "line 4, column 8", "could not determine a constructor"),
    ("empty", "top level", "the file is empty"),
    ("not_a_mapping", "top level", "expected a mapping"),
    ("missing_totals", "top level", "missing key 'totals'"),
    ("unknown_top_key", "top level", "unknown key 'card'"),
    ("format_unsupported", "format", "unsupported format 2"),
    ("game_not_text", "game", "must be a non-empty text, got 3"),
    ("players_not_a_pair", "players", "must be [min, max]"),
    ("players_reversed", "players", "the minimum 4 is above the maximum 2"),
    ("cards_empty", "cards", "the list is empty"),
    ("entry_not_a_mapping", "cards[0]", "must be a mapping"),
    ("unknown_entry_key", "cards[1] (code '21')", "did you mean 'colour'?"),
    ("missing_count", "cards[1] (code '21')", "missing key 'count'"),
    ("code_float", "cards[0]", "code must be a text or a whole number, got 1.5"),
    ("code_null", "cards[0]", "code must be a text or a whole number, got None"),
    ("code_with_space", "cards[0] (code '1 2')", "without spaces"),
    ("count_not_a_number", "cards[1] (code '21')", "count must be a whole number, got 'three'"),
    ("count_yes", "cards[0] (code '12')", "count must be a whole number, got True"),
    ("count_negative", "cards[2] (code '22')", "count must be at least 1, got -2"),
    ("value_not_whole", "cards[1] (code '21')", "value must be a whole number, got 2.5"),
    ("unknown_kind", "cards[2] (code '22')", "unknown kind 'tode' (declared kinds: number, toad)"),
    ("min_players_out_of_range", "cards[1] (code '21')", "min_players 5 is outside players [2, 4]"),
    ("duplicate_entry", "cards[1] (code '12')", "repeats code '12' with min_players 1 of cards[0]"),
    ("kind_conflict", "cards[3] (code '22')", "kind 'number' differs from kind 'toad'"),
    ("total_mismatch", "totals", "3 players: declared 10 cards, but the entries give 3"),
    ("totals_missing_count", "totals", "no total for 3 players"),
    ("totals_out_of_range", "totals", "names 5 players, outside players [2, 4]"),
    # hostile files: expansion bombs, silent overrides, counts that would exhaust memory
    ("alias_bomb", "line 4, column 8", "anchors and aliases (&name, *name) are not allowed"),
    ("merge_key", "line 9, column 6", "merge keys (<<) are not allowed"),
    ("duplicate_key", "line 6, column 1", "duplicate key 'game' (first at line 3)"),
    ("duplicate_entry_key", "line 10, column 42", "duplicate key 'count'"),
    ("count_huge", "cards[0] (code '12')", "count must be at most 1000, got 2000000000"),
    ("deck_too_big", "cards[10] (code 'C11')", "passes 10,000 cards"),
    ("players_too_many", "players", "the maximum must be at most 20, got 1000000000"),
    # codes outside the game's code grammar (rules digests)
    ("code_not_a_number", "cards[1] (code 'ab')", "'ab' is not a card code of this game"),
    ("code_three_digits", "cards[1] (code '100')", "'100' is not a card code of this game"),
    ("code_ending_in_zero", "cards[1] (code '40')", "'40' is not a card code of this game"),
    ("code_octal", "line 10, column 12", "'012' is not a plain whole number"),
    ("code_not_ten", "cards[1] (code '$6')", "(codes: B/G/O/P and 1-9 or #, W1-W9, W# or $1-$5)"),
]


@pytest.mark.parametrize("name, entry, problem", BROKEN_CASES)
def test_broken_manifest_names_file_entry_and_problem(name, entry, problem):
    path = str(BROKEN / f"{name}.yaml")
    with pytest.raises(ManifestError) as err:
        load_manifest(path)
    assert err.value.path == path
    assert err.value.entry == entry
    assert problem in err.value.problem
    assert str(err.value) == f"{path}: {entry}: {err.value.problem}"
    assert "\n" not in str(err.value)


def test_every_broken_fixture_is_tested():
    assert {p.stem for p in BROKEN.glob("*.yaml")} == {name for name, _, _ in BROKEN_CASES}


def test_unreadable_files(tmp_path):
    missing = tmp_path / "nope.yaml"
    with pytest.raises(ManifestError) as err:
        load_manifest(missing)
    assert (err.value.path, err.value.entry) == (str(missing), "file")
    assert "cannot read it" in err.value.problem
    latin1 = tmp_path / "latin1.yaml"
    latin1.write_bytes("title: Kräuter\n".encode("latin-1"))
    with pytest.raises(ManifestError, match="file: is not UTF-8 text"):
        load_manifest(latin1)
    with pytest.raises(ManifestError, match="file: cannot read it"):
        load_manifest(tmp_path)                        # a folder, not a file


@pytest.mark.parametrize("bad", [None, True, 1.5, -1, "", [1], {"a": 1}])
def test_any_bad_value_anywhere_gives_a_manifest_error(tmp_path, bad):
    """No traceback ever: whatever lands in any field, load_manifest raises ManifestError
    (or accepts it, where the value happens to be valid)."""
    places = [(key,) for key in MINI] + [("cards", 0, key) for key in decks.ENTRY_KEYS]
    places += [("totals", 3), ("kinds", "toad"), ("players", 0), ("cards", 1)]
    for place in places:
        data = copy.deepcopy(MINI)
        target = data
        for step in place[:-1]:
            target = target[step]
        target[place[-1]] = bad
        try:
            load_manifest(write(tmp_path, data))
        except ManifestError as err:
            assert err.path and err.entry and err.problem


GOOD_CODES = {
    "takethat": ["12", "19", "21", "34", "55", "89", "98"],
    "ten": ["B1", "G9", "O5", "P7", "B#", "P#", "W1", "W9", "W#", "$1", "$5"],
    "elfer": ["R1", "Y11", "G20", "B21", "J", "connection", "bonus"],
    "retro10": ["0", "7", "10", "S1", "S8", "J", "R1", "R10"],
    "tentiles": ["W1", "W3", "B1", "B3"],
}
BAD_CODES = {
    "takethat": ["11", "99", "20", "90", "012", "100", "1", "ab", "3 4", "34a", "-34"],
    "ten": ["B0", "B10", "R1", "W0", "$0", "$6", "#", "b1", "BW", "B1#"],
    "elfer": ["R0", "R22", "W1", "j", "J1", "Connection", "R011"],
    "retro10": ["11", "-1", "00", "S0", "S9", "R0", "R11", "JJ", "01"],
    "tentiles": ["W0", "W4", "B4", "G1", "W", "1"],
}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_code_grammar_matches_the_digests(game_id):
    pattern, _ = decks.CODE_GRAMMAR[game_id]
    assert all(pattern.fullmatch(code) for code in manifest(game_id).codes())
    assert all(pattern.fullmatch(code) for code in GOOD_CODES[game_id])
    assert not [code for code in BAD_CODES[game_id] if pattern.fullmatch(code)]


def test_a_quoted_code_is_checked_too(tmp_path):
    data = {"format": 1, "game": "takethat", "title": "Take That", "players": [2, 4],
            "kinds": {"number": "n"}, "cards": [{"code": "012", "kind": "number", "count": 1}],
            "totals": {2: 1, 3: 1, 4: 1}}
    with pytest.raises(ManifestError, match="'012' is not a card code of this game"):
        load_manifest(write(tmp_path, data))


def test_hostile_files_give_a_manifest_error_quickly(tmp_path):
    import time
    cases = {
        "deep.yaml": (b"cards: " + b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        "huge.yaml": (b"# " + b"x" * (2 * 1024 * 1024), "larger than 1024 KB"),
        "nul.yaml": (b"format: 1\x00\n", "control character"),
        "elf.yaml": (bytes(range(256)), "not UTF-8 text"),
        "int.yaml": (b"format: 0x1\n", "'0x1' is not a plain whole number"),
    }
    for name, (content, problem) in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(ManifestError) as err:
            load_manifest(path)
        assert err.value.path == str(path) and problem in err.value.problem
        assert "\n" not in str(err.value)
