"""Metrics, the lower bound, and the scorer."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seating import lower_bound, round_robin, schedule_metrics, schedule_score
from seating.metrics import random_draw


def test_metrics_on_a_crafted_schedule():
    sessions = [[(1, 2, 3, 4), (5, 6, 7, 8)], [(1, 2, 3, 4), (5, 6, 7, 8)], [(1, 2, 5, 6), (3, 4, 7, 8)]]
    m = schedule_metrics(sessions, teams={1: "a", 2: "a", 7: "b", 8: "b"})
    assert m == {
        "players": 8,
        "sessions": 3,
        "repeated_pairs": 12,  # every pair of the two first tables
        "repeat_excess": 12 + 4,  # plus 1-2, 5-6, 3-4, 7-8 a third time
        "max_meetings": 3,
        "wind_spread": 3,  # player 1 East three times
        "team_clashes": 6,  # 1-2 and 7-8 together three times each
        "lower_bound": lower_bound(8, 3),
    }


def test_scorer_ranks_repeat_heavy_schedule_worse():
    good = round_robin(16, 5).sessions
    heavy = [good[0]] * 5
    rnd = random_draw(16, 5, random.Random(1))
    sg, sh, sr = (schedule_score(schedule_metrics(x)) for x in (good, heavy, rnd))
    assert sg < sr < sh
    assert schedule_metrics(good)["repeat_excess"] == 0


@settings(max_examples=60, deadline=None)
@given(n=st.sampled_from([8, 12, 16, 20, 24, 28]), s=st.integers(1, 14), seed=st.integers(0, 10**6))
def test_lower_bound_is_valid_for_any_schedule(n, s, seed):
    m = schedule_metrics(random_draw(n, s, random.Random(seed)))
    assert m["repeat_excess"] >= m["lower_bound"]
