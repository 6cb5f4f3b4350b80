"""Metrics, the lower bound, and the scorer."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import lower_bound, round_robin, schedule_metrics, schedule_score
from seating.metrics import random_draw, team_clashes, wind_counts


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


@pytest.mark.parametrize(
    "players, sessions, bound",
    [
        (8, 1, 0),
        (8, 2, 4),  # each table of the second session takes two pairs from one first-session table
        (8, 3, 8),
        (8, 4, 20),  # here the counting bound is the higher
        (12, 2, 3),  # one repeat per table
        (12, 3, 6),
        (16, 5, 0),
        (16, 6, 24),
        (20, 6, 1),  # proven: no repeat-free 20 x 6
        (24, 7, 0),
    ],
)
def test_lower_bound_as_the_seating_table_prints_it(players, sessions, bound):
    assert str(lower_bound(players, sessions)) == str(bound)


def test_each_players_starting_winds_are_counted():
    sessions = [[(1, 2, 3, 4)], [(1, 2, 3, 4)], [(4, 1, 2, 3)]]
    assert wind_counts(sessions) == {1: [2, 1, 0, 0], 2: [0, 2, 1, 0], 3: [0, 0, 2, 1], 4: [1, 0, 0, 2]}


def test_a_schedule_rotating_every_wind_has_no_wind_spread():
    sessions = [[(1, 2, 3, 4)], [(2, 3, 4, 1)], [(3, 4, 1, 2)], [(4, 1, 2, 3)]]
    m = schedule_metrics(sessions)
    assert (m["wind_spread"], m["max_meetings"], m["repeat_excess"], m["repeated_pairs"]) == (0, 4, 18, 6)


def test_an_empty_schedule_has_no_meetings_and_no_spread():
    m = schedule_metrics([])
    assert (m["max_meetings"], m["wind_spread"], m["repeat_excess"]) == (0, 0, 0)


def test_players_without_a_team_never_clash():
    sessions = [[(1, 2, 3, 4), (5, 6, 7, 8)]]
    assert schedule_metrics(sessions, {1: "a", 2: "b", 3: None, 4: None})["team_clashes"] == 0
    teams = {1: "a", 2: "a", 3: None, 4: None, 5: "b"}
    assert schedule_metrics(sessions, teams)["team_clashes"] == 1
    assert team_clashes(sessions, teams) == 1
    assert team_clashes(sessions, None) == 0
    assert team_clashes(sessions, {1: "a", 2: "a", 5: "a", 6: "a"}) == 2


def test_the_baseline_draw_is_the_same_every_run():
    assert random_draw(16, 3) == random_draw(16, 3, random.Random(0))
    assert random_draw(16, 3) != random_draw(16, 3, random.Random(1))
