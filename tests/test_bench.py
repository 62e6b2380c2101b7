"""scripts/bench.py runs where `resource` does not exist (Windows): peak memory is then
left out, not counted as over its budget."""
from __future__ import annotations

import sys

import pytest

from scripttools import load_script

bench = load_script("bench")


def test_without_resource_peak_memory_is_not_measured(monkeypatch):
    monkeypatch.setitem(sys.modules, "resource", None)    # as on Windows
    assert bench._peak_rss_mb() is None
    assert bench.peak_rows([None, None]) == []


def test_peak_memory_is_the_largest_measured():
    [(name, value, unit, budget, op)] = bench.peak_rows([None, 80.5, 120.0])
    assert (name, value, unit) == ("peak memory", 120.0, "MB") and value <= budget
    assert bench._peak_rss_mb() > 0        # this machine has `resource`


def test_help_and_unknown_arguments_measure_nothing(monkeypatch, capsys):
    """`--help` prints the usage and a mistyped option is refused with its name, both before
    any measurement starts (a full run takes minutes)."""
    def measured(*_args, **_kwargs):
        raise AssertionError("a measurement started")
    monkeypatch.setattr(bench, "game_rows", measured)
    monkeypatch.setattr(bench, "_child", measured)
    for argv, code in ((["--help"], 0), (["--bost"], 2), (["--json", "ä€☃=" * 50], 2)):
        with pytest.raises(SystemExit) as stop:
            bench.main(argv)
        assert stop.value.code == code, argv
    out, err = capsys.readouterr()
    assert "--bots" in out and "--bost" in err
