"""scripts/bench.py runs where `resource` does not exist (Windows): peak memory is then
left out, not counted as over its budget."""
from __future__ import annotations

import sys

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
