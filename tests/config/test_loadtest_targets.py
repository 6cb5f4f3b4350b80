"""`make loadtest` exits non-zero when a target is missed and prints which (scripts/loadtest.py), checked on
made-up figures: the load test itself takes minutes and is run by hand (README, "Load")."""

import importlib.util
from argparse import Namespace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def loadtest():
    spec = importlib.util.spec_from_file_location("loadtest", ROOT / "scripts" / "loadtest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stats_with(loadtest, entry_ms, errors=None):
    stats = loadtest.Stats()
    for i, ms in enumerate(entry_ms):
        stats.ok("entry", ms / 1000, start=float(i))
    for kind, n in (errors or {}).items():
        for _i in range(n):
            stats.error(kind, "x", "HTTP 500")
    return stats


def test_every_target_met(loadtest):
    args = loadtest.parse_args([])
    assert args.entry_p99_ms == 500
    assert loadtest.missed_targets(stats_with(loadtest, [40] * 800), [], args) == []


def test_the_entry_p99_of_the_issue_is_a_missed_target(loadtest):
    """Issue 23: an entry p99 of 706 ms against 500 ms exited 0."""
    missed = loadtest.missed_targets(stats_with(loadtest, [40] * 790 + [706] * 10), [], loadtest.parse_args([]))
    assert missed == ["entry p99 706 ms (target < 500 ms)"]


def test_errors_mismatches_and_no_entries_are_missed_targets(loadtest):
    args = Namespace(entry_p99_ms=500)
    missed = loadtest.missed_targets(stats_with(loadtest, [], {"login": 2, "standings": 1}), ["table 1 hand 2"], args)
    assert missed == [
        "login: 2 error(s) (target: none)",
        "standings: 1 error(s) (target: none)",
        "1 mismatch(es) between the hands posted and what was stored or ranked (target: none)",
        "no hand was entered, so entry time was not measured",
    ]


def test_the_target_can_be_given(loadtest):
    args = loadtest.parse_args(["--entry-p99-ms", "100"])
    assert loadtest.missed_targets(stats_with(loadtest, [150] * 10), [], args) == ["entry p99 150 ms (target < 100 ms)"]
