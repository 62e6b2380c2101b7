"""User data on disk: atomic writes, versions, damaged files set aside, never a crash."""
import json
import os

import pytest

from tentable import store


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    return tmp_path


def record(**changes):
    rec = {"game": "takethat", "players": 3, "seed": 7, "options": {"rounds": 2},
           "deck": None, "history": ["play 34", "take", "play 12"]}
    rec.update(changes)
    return rec


def test_no_file_gives_defaults_without_a_message(home):
    settings, message = store.load_settings()
    assert settings == store.DEFAULT_SETTINGS
    assert message is None
    assert list(home.iterdir()) == []


def test_settings_round_trip(home):
    settings, _ = store.load_settings()
    settings["animation_speed"] = "fast"
    settings["card_size"] = "large"
    settings["games"]["takethat"] = {"players": 3,
                                      "seats": [{"name": "You", "kind": "human", "bot": ""}]}
    store.save_settings(settings)
    again, message = store.load_settings()
    assert message is None
    assert again == settings
    on_disk = json.loads((home / "settings.json").read_text())
    assert on_disk["version"] == store.SETTINGS_VERSION


def test_atomic_write_leaves_no_temp_file(home):
    store.save_settings(store.DEFAULT_SETTINGS)
    store.save_settings(store.DEFAULT_SETTINGS)
    store.save_game("autosave", record())
    assert sorted(p.name for p in home.iterdir()) == ["saves", "settings.json"]
    assert [p.name for p in (home / "saves").iterdir()] == ["autosave.json"]


def test_failed_write_keeps_the_old_file_and_no_temp(home, monkeypatch):
    store.save_settings({**store.DEFAULT_SETTINGS, "card_size": "small"})

    def broken(*args, **kwargs):
        raise OSError("disk full")
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", broken)
        with pytest.raises(OSError):
            store.save_settings({**store.DEFAULT_SETTINGS, "card_size": "large"})
    assert [p.name for p in home.iterdir()] == ["settings.json"]
    assert store.load_settings()[0]["card_size"] == "small"


def test_damaged_settings_are_set_aside_with_a_message(home):
    store.save_game("autosave", record())
    (home / "settings.json").write_text('{"version": 1, "card_size": "lar')
    settings, message = store.load_settings()
    assert settings == store.DEFAULT_SETTINGS
    assert "settings.json" in message and "damaged" in message
    names = sorted(p.name for p in home.iterdir())
    assert names[0] == "saves" and names[1].startswith("settings.json.damaged-")
    assert len(names) == 2
    assert store.load_game("autosave") == ({**record(), "version": store.SAVE_VERSION}, None)
    # the next save starts clean; the set-aside copy stays
    store.save_settings(settings)
    assert len(list(home.glob("settings.json*"))) == 2


def test_an_unknown_older_version_is_set_aside(home):
    (home / "settings.json").write_text(json.dumps({"version": 0, "card_size": "large"}))
    settings, message = store.load_settings()
    assert settings["card_size"] == "medium"
    assert "version 0" in message
    assert not (home / "settings.json").exists()
    assert len(list(home.glob("settings.json.damaged-*"))) == 1


def test_a_newer_version_is_left_alone_and_never_written_over(home):
    """A newer tentable's settings (#37): this one starts with its defaults and leaves the
    file for the version that wrote it."""
    content = json.dumps({"version": 99, "card_size": "large"})
    (home / "settings.json").write_text(content)
    settings, message = store.load_settings()
    assert settings["card_size"] == "medium" and "version 99" in message
    with pytest.raises(store.NewerFile):
        store.save_settings(settings)
    assert [p.name for p in home.iterdir()] == ["settings.json"]
    assert (home / "settings.json").read_text() == content


def test_two_damaged_files_in_the_same_second_both_kept(home):
    for _ in range(2):
        (home / "settings.json").write_text("not json")
        assert store.load_settings()[1]
    assert len(list(home.glob("settings.json.damaged-*"))) == 2


def test_bad_values_fall_back_to_defaults(home):
    (home / "settings.json").write_text(json.dumps(
        {"version": 1, "animation_speed": "ludicrous", "card_size": 3, "games": [1, 2]}))
    settings, message = store.load_settings()
    assert message is None
    assert settings == store.DEFAULT_SETTINGS


def test_game_round_trip_and_list(home):
    assert store.list_saves() == []
    assert store.load_game("autosave") == (None, None)
    store.save_game("autosave", record())
    store.save_game("other", record(seed=8))
    loaded, message = store.load_game("autosave")
    assert message is None
    assert loaded == {**record(), "version": store.SAVE_VERSION}
    assert sorted(store.list_saves()) == ["autosave", "other"]
    store.delete_game("other")
    assert store.list_saves() == ["autosave"]


def test_damaged_save_is_set_aside(home):
    store.save_game("autosave", record())
    store.save_game("keep", record())
    (home / "saves" / "autosave.json").write_text(json.dumps({"version": 1, "game": "x"}))
    loaded, message = store.load_game("autosave")
    assert loaded is None and "autosave.json" in message
    assert store.list_saves() == ["keep"]
    assert store.load_game("keep")[0]["seed"] == 7


def test_save_needs_a_complete_record_and_a_plain_name():
    with pytest.raises(ValueError, match="history"):
        store.save_game("autosave", {"game": "takethat", "players": 2, "seed": 1, "options": {}})
    with pytest.raises(ValueError):
        store.save_game("../escape", record())


# -- hostile files ------------------------------------------------------------------
BAD_FILES = [  # contents, a substring of the reason in the message
    (b'{"version": 1, "card_size": "gro\xdf"}', "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"version": 1, "x": "' + b"a" * (4 * 1024 * 1024) + b'"}', "larger than 4 MB"),
    (b'{"version": 1, "seed": ' + b"9" * 5000 + b"}", "damaged"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"version": true}', "format version True"),
]


@pytest.mark.parametrize("content, reason", BAD_FILES)
def test_unusable_settings_are_set_aside_and_defaults_used(home, content, reason):
    (home / "settings.json").write_bytes(content)
    settings, message = store.load_settings()
    assert settings == store.DEFAULT_SETTINGS
    assert "settings.json" in message and reason in message and "\n" not in message
    assert [p.name[:22] for p in home.iterdir()] == ["settings.json.damaged-"]


@pytest.mark.parametrize("content, reason", BAD_FILES)
def test_unusable_autosave_is_set_aside_with_a_message(home, content, reason):
    (home / "saves").mkdir()
    (home / "saves" / "autosave-takethat.json").write_bytes(content)
    records, messages = store.load_autosaves()
    assert records == {}
    assert len(messages) == 1 and reason in messages[0]
    assert "autosave-takethat.json" in messages[0]
    assert [p.name[:31] for p in (home / "saves").iterdir()] == [
        "autosave-takethat.json.damaged-"]


WRONG_FIELDS = [  # change to a valid record, a substring of the reason
    ({"game": ["takethat"]}, "'game'"),
    ({"game": "chess"}, "'game'"),
    ({"players": 100_000_000}, "'players' must be 2 to 4"),
    ({"players": True}, "'players'"),
    ({"players": "3"}, "'players'"),
    ({"seed": -1}, "'seed'"),
    ({"seed": 2 ** 63}, "'seed'"),
    ({"seed": True}, "'seed'"),
    ({"seed": 7.0}, "'seed'"),
    ({"options": [1]}, "'options'"),
    ({"options": {"a": [[[[1]]]]}}, "'options'"),
    ({"deck": "12 13"}, "'deck'"),
    ({"deck": [12, 13]}, "'deck'"),
    ({"history": "play 34"}, "'history'"),
    ({"history": ["play 34", 5]}, "'history'"),
    ({"history": ["x" * 1000]}, "'history'"),
    ({"history": ["take"] * 100_001}, "'history'"),
    ({"seats": [{"name": "A", "kind": "human", "bot": ""}]}, "'seats'"),
    ({"seats": "A,B,C"}, "'seats'"),
    ({"seats": [{"name": 1, "kind": "human"}] * 3}, "seat"),
    ({"seats": [{"name": "A", "kind": "alien"}] * 3}, "seat"),
    ({"chance": [1]}, "'chance'"),
]


@pytest.mark.parametrize("change, reason", WRONG_FIELDS)
def test_an_autosave_with_a_wrong_field_is_set_aside_with_a_message(home, change, reason):
    (home / "saves").mkdir()
    data = {**record(), **change, "version": store.SAVE_VERSION}
    (home / "saves" / "autosave-takethat.json").write_text(json.dumps(data))
    records, messages = store.load_autosaves()
    assert records == {}
    assert len(messages) == 1 and reason in messages[0] and "kept as" in messages[0]
    with pytest.raises(ValueError):
        store.save_autosave({**record(), **change})


def test_names_are_refused_in_saves_and_cleaned_in_the_settings(home):
    """A save's names are the table's, written clean: one that is not was written by
    someone else and is refused (issue #44). The settings' are the player's own: cleaned."""
    long = "Ünïcode-" + "x" * 1000
    seats = [{"name": long, "kind": "human", "bot": ""},
             {"name": "  Ann\n\tLee\x00 ", "kind": "bot", "bot": "heuristic"},
             {"name": "", "kind": "bot", "bot": "random"}]
    with pytest.raises(ValueError, match="'seats'"):
        store.save_game("autosave-takethat", record(seats=seats))
    store.write_json(store.saves_dir() / "autosave-takethat.json",
                     {**record(seats=seats), "version": store.SAVE_VERSION})
    records, messages = store.load_autosaves()
    assert records == {} and "'seats'" in messages[0]
    clean = [{**seats[0], "name": "  Ünïcode "}, seats[2], seats[2]]
    store.save_game("autosave-takethat", record(seats=clean))
    loaded = store.load_autosaves()[0]["takethat"]
    assert [s["name"] for s in loaded["seats"]] == ["Ünïcode", "", ""]
    (home / "settings.json").write_text(json.dumps(
        {"version": 1, "games": {"takethat": {"players": 3, "seats": seats, "x": [[[[[1]]]]]}}}))
    setup = store.load_settings()[0]["games"]["takethat"]
    assert [s["name"] for s in setup["seats"]] == [long[:24], "Ann Lee", ""]
    assert setup["players"] == 3 and "x" not in setup


def test_clean_name():
    assert store.MAX_NAME == 24
    assert store.clean_name("  Bo  ") == "Bo"
    assert store.clean_name("a\u202eb\r\nc") == "ab c"
    assert store.clean_name("y" * 10_000) == "y" * 24
    assert store.clean_name("  " + "z" * 23 + "   w") == "z" * 23
    assert store.clean_name(None) == "" and store.clean_name(42) == ""


def test_window_size_and_position_are_kept_when_sane(home):
    store.save_settings({**store.DEFAULT_SETTINGS, "window_size": [1400, 800],
                         "window_position": [-20, 40]})
    settings = store.load_settings()[0]
    assert (settings["window_size"], settings["window_position"]) == ([1400, 800], [-20, 40])
    for bad in ([1400], [10**9, 800], [True, 800], "1400x800", [1400.0, 800]):
        store.save_settings({**store.DEFAULT_SETTINGS, "window_size": bad})
        assert store.load_settings()[0]["window_size"] is None


def test_stray_temp_files_of_a_killed_write_go_at_the_next_start(home):
    store.save_settings(store.DEFAULT_SETTINGS)
    store.save_game("autosave-takethat", record())
    (home / ".settings.json.k3j2.tmp").write_text('{"version": 1, "card_')
    (home / "saves" / ".autosave-takethat.json.x8q.tmp").write_text("")
    (home / "notes.tmp").write_text("not ours")
    store.load_settings()
    assert sorted(p.name for p in home.iterdir()) == ["notes.tmp", "saves", "settings.json"]
    assert [p.name for p in (home / "saves").iterdir()] == ["autosave-takethat.json"]


@pytest.fixture
def second_game(monkeypatch):
    """A second registered game, so that two games can be in progress at once."""
    from tentable.engine import GAMES, Game
    monkeypatch.setitem(GAMES, "mini", Game("mini", "Mini", 1, 5, GAMES["takethat"].state))


def test_one_game_in_progress_per_game(home, second_game):
    assert store.load_autosaves() == ({}, [])
    store.save_autosave(record())
    store.save_autosave(record(game="mini", players=5, seed=9))
    records, messages = store.load_autosaves()
    assert messages == [] and sorted(records) == ["mini", "takethat"]
    assert records["takethat"]["seed"] == 7 and records["mini"]["players"] == 5
    assert store.load_autosave("mini")[0]["seed"] == 9
    store.clear_autosave("takethat")
    assert sorted(store.load_autosaves()[0]) == ["mini"]
    store.clear_autosave("takethat")            # clearing twice is fine


def test_an_autosave_in_the_wrong_slot_is_set_aside(home, second_game):
    store.save_game("autosave-mini", record())
    records, messages = store.load_autosaves()
    assert records == {} and "holds a game of 'takethat'" in messages[0]


def test_a_game_that_cannot_be_continued_can_be_set_aside(home):
    store.save_autosave(record())
    message = store.discard_autosave("takethat", "its moves do not replay")
    assert "its moves do not replay" in message and "kept as" in message
    assert store.load_autosaves() == ({}, [])
    assert len(list((home / "saves").glob("autosave-takethat.json.damaged-*"))) == 1


def test_the_single_autosave_of_earlier_versions_moves_to_its_games_slot(home):
    store.save_game("autosave", record(seed=11))
    records, messages = store.load_autosaves()
    assert messages == [] and records["takethat"]["seed"] == 11
    assert [p.name for p in (home / "saves").iterdir()] == ["autosave-takethat.json"]
    # a newer game in the slot wins over an older single slot
    store.save_game("autosave", record(seed=12))
    os.utime(home / "saves" / "autosave.json", (1, 1))
    assert store.load_autosaves()[0]["takethat"]["seed"] == 11
    assert [p.name for p in (home / "saves").iterdir()] == ["autosave-takethat.json"]
    # a damaged single slot is set aside with its message
    (home / "saves" / "autosave.json").write_text("{")
    records, messages = store.load_autosaves()
    assert records["takethat"]["seed"] == 11 and "autosave.json" in messages[0]


def test_parse_json_reports_each_problem():
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.json"
        with pytest.raises(FileNotFoundError):
            store.parse_json(path)
        path.write_bytes(b"\xef\xbb\xbf{\"a\": 1}")            # a BOM is fine
        assert store.parse_json(path) == {"a": 1}
        path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
        with pytest.raises(store.DamagedFile, match="not UTF-8"):
            store.parse_json(path)
        path.write_text("[1, 2]")
        with pytest.raises(store.DamagedFile, match="larger than 5 bytes"):
            store.parse_json(path, limit=5)


def test_every_seat_kind_the_table_writes_is_kept(home):
    seats = [{"name": "You", "kind": "human", "bot": ""},
             {"name": "Mona", "kind": "rules", "bot": ""},
             {"name": "Ann", "kind": "bot", "bot": "heuristic"}]
    store.save_autosave(record(seats=seats))
    assert store.load_autosave("takethat") == ({**record(seats=seats), "version": 1}, None)
