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
    settings["games"]["takethat"] = {"players": 3, "seats": [{"name": "You", "kind": "human"}]}
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


def test_unknown_version_is_set_aside(home):
    (home / "settings.json").write_text(json.dumps({"version": 99, "card_size": "large"}))
    settings, message = store.load_settings()
    assert settings["card_size"] == "medium"
    assert "version 99" in message
    assert not (home / "settings.json").exists()
    assert len(list(home.glob("settings.json.damaged-*"))) == 1


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
