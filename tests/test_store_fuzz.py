"""Store fuzz: random bytes, truncations and type swaps of a real autosave and a real
settings file. Every one either loads (the app starts, with defaults where needed) or is
set aside with one message; nothing raises, nothing else on disk is touched."""
from __future__ import annotations

import copy
import json
import random

import pytest

from tentable import store
from tentable.engine import SetupError, new_game, replay
from tentable.session import Seat, Session

SWAPS = [None, True, False, 0, -1, 3, 2 ** 63, 1e308, float("nan"), "", "x" * 300, [], {},
         [1], ["a"], {"a": 1}, [[[[[[1]]]]]]]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TENTABLE_HOME", str(tmp_path))
    monkeypatch.setattr(store.os, "fsync", lambda fd: None)   # durability is not tested here
    return tmp_path


def real_autosave() -> bytes:
    state = new_game("takethat", 3, seed=5)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    session = Session("takethat", (Seat("You"), Seat("Ann", "bot", "heuristic"),
                                   Seat("Bo", "bot", "random")), 5)
    return json.dumps({**session.record(state.history), "version": store.SAVE_VERSION},
                      indent=1, sort_keys=True).encode()


def real_settings() -> bytes:
    seats = [{"name": "You", "kind": "human", "bot": ""},
             {"name": "Ann", "kind": "bot", "bot": "heuristic"}]
    settings = {**store.DEFAULT_SETTINGS, "animation_speed": "fast", "window_size": [1300, 760],
                "games": {"takethat": {"players": 2, "seats": seats, "options": {"pro": True}}}}
    return json.dumps({**settings, "version": store.SETTINGS_VERSION}, indent=1).encode()


def mutations(original: bytes, rng: random.Random) -> list[bytes]:
    """Random bytes, truncations, flipped bytes, and every field swapped for other types."""
    found = [bytes(rng.randrange(256) for _ in range(rng.randrange(64))) for _ in range(40)]
    found += [original[:cut] for cut in sorted(rng.sample(range(len(original)), 40))]
    for _ in range(40):
        data = bytearray(original)
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        found.append(bytes(data))
    data = json.loads(original)
    paths = [(key,) for key in data]
    for key, value in data.items():
        if isinstance(value, dict):
            paths += [(key, inner) for inner in value]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            paths += [(key, 0, inner) for inner in value[0]]
    for path in paths:
        for swap in SWAPS:
            changed = copy.deepcopy(data)
            target = changed
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = swap
            found.append(json.dumps(changed).encode())
    return found


def check_folder(folder, name: str, kept: bool, message) -> None:
    """A file that loaded stays; one that did not is set aside, with one message."""
    names = sorted(p.name for p in folder.iterdir())
    if kept:
        assert message is None and names == [name]
    else:
        assert isinstance(message, str) and name in message and "\n" not in message
        assert len(names) == 1 and names[0].startswith(f"{name}.damaged-")
    for path in folder.iterdir():
        path.unlink()


def test_every_damaged_settings_file_starts_with_defaults_or_is_set_aside(home):
    rng = random.Random(15)
    for content in mutations(real_settings(), rng):
        (home / "settings.json").write_bytes(content)
        settings, message = store.load_settings()
        if message and "newer" in message:        # a newer tentable's: left, never written over
            assert [p.name for p in home.iterdir()] == ["settings.json"]
            with pytest.raises(store.NewerFile):
                store.save_settings(settings)
            assert (home / "settings.json").read_bytes() == content
            (home / "settings.json").unlink()
            continue
        check_folder(home, "settings.json", message is None, message)
        assert set(settings) == set(store.DEFAULT_SETTINGS)
        assert store.clean_settings(settings) == settings          # nothing odd got through
        store.save_settings(settings)                              # and it can be written back
        assert store.load_settings() == (settings, None)
        (home / "settings.json").unlink()


def test_every_damaged_autosave_resumes_or_is_set_aside(home):
    rng = random.Random(8)
    saves = home / "saves"
    saves.mkdir()
    outcomes = {"resumed": 0, "set aside": 0, "moves refused": 0}
    for content in mutations(real_autosave(), rng):
        (saves / "autosave-takethat.json").write_bytes(content)
        records, messages = store.load_autosaves()
        record = records.get("takethat")
        check_folder(saves, "autosave-takethat.json", record is not None,
                     messages[0] if messages else None)
        assert len(messages) == (0 if record is not None else 1)
        if record is None:
            outcomes["set aside"] += 1
            continue
        # What the menu does with it: a session, then the moves replayed by the rules.
        session = Session.from_record(record)
        assert all(len(seat.name) <= store.MAX_NAME for seat in session.seats)
        try:
            replay(record)
        except SetupError:
            outcomes["moves refused"] += 1
        else:
            outcomes["resumed"] += 1
        store.save_autosave(record)                               # can be saved again
        store.clear_autosave("takethat")
    assert all(outcomes.values()), outcomes
