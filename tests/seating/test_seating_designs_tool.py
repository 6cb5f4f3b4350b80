"""The offline design tool (seating_designs/search.py) still builds what it
claims; the shipped data itself is re-verified in test_seating_round_robin."""

from itertools import combinations

from seating.metrics import schedule_metrics
from seating_designs.search import exact_cover, planes_lift_32


def test_planes_lift_gives_a_repeat_free_32x10_with_partners_apart():
    sessions = planes_lift_32(seed=0, save=False)
    assert len(sessions) == 10
    for tables in sessions:
        assert sorted(p for tb in tables for p in tb) == list(range(32))
    m = schedule_metrics([[tuple(p + 1 for p in tb) for tb in ses] for ses in sessions])
    assert m["repeat_excess"] == 0
    met = {frozenset(pr) for ses in sessions for tb in ses for pr in combinations(tb, 2)}
    # every pair except v, v+16 meets: a resolvable 4-GDD of type 2^16
    assert len(met) == 32 * 31 // 2 - 16
    assert all(frozenset((v, v + 16)) not in met for v in range(16))


def test_exact_cover_finds_a_cover_and_proves_absence():
    rows = {"a": [1, 2], "b": [3], "c": [2, 3], "d": [1]}
    sol, complete = exact_cover(rows, {1, 2, 3})
    assert complete and sorted(sol) in (["a", "b"], ["c", "d"])
    sol, complete = exact_cover({"a": [1, 2], "b": [2, 3]}, {1, 2, 3})
    assert sol is None and complete
