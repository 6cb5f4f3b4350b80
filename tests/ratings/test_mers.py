"""MERS (ratings.mers), table-driven: one person's results in, their parts and rating out; then ranking,
listing and parameter errors."""

from datetime import date, timedelta
from fractions import Fraction as F

import pytest

from ratings.base import DecayStep, Event, Result
from ratings.mers import MersParameters, mers_ranking, part_a_count
from ratings.text import ParameterError

AS_OF = date(2026, 11, 1)


def ago(days):
    return AS_OF - timedelta(days=days)


def event(key, days_ago, ranked=9, weight=1):
    return Event(key, ago(days_ago), ranked, F(weight))


# (events as (days ago, ranked, weight, place)), parameters, (part A, part B, rating, real results)
CASES = {
    "one-win-filled-with-four-zeros": (
        [(10, 9, 1, 1)],
        {},
        (F(200), F(250), F(225), 1),
    ),
    "five-wins": ([(10 * i, 9, 1, 1) for i in range(5)], {}, (F(1000), F(1000), F(1000), 5)),
    "five-last-places": ([(10 * i, 9, 1, 9) for i in range(5)], {}, (F(0), F(0), F(0), 5)),
    "weight-and-second-year-decay": (
        # 1000 at weight 2, and 500 at weight 1 halved: A = (2000 + 250) / 2.5; B = the best one.
        [(100, 9, 2, 1), (400, 9, 1, 5)],
        {"minimum_results": 0, "best_results": 1},
        (F(900), F(1000), F(950), 2),
    ),
    "too-old-is-dropped": (
        [(100, 9, 1, 5), (800, 9, 1, 1)],
        {"minimum_results": 0},
        (F(500), F(500), F(500), 1),
    ),
    "weight-zero-is-dropped": (
        [(100, 9, 1, 5), (50, 9, 0, 1)],
        {"minimum_results": 0},
        (F(500), F(500), F(500), 1),
    ),
    "after-the-date-is-left-out": (
        [(100, 9, 1, 5), (-5, 9, 1, 1)],
        {"minimum_results": 0},
        (F(500), F(500), F(500), 1),
    ),
    "equal-base-ranks-heavier-first-in-part-b": (
        # 800, then the 500 of weight 3 before the 500 of weight 1.
        [(10, 6, 1, 2), (20, 3, 3, 2), (30, 3, 1, 2)],
        {"minimum_results": 0, "best_results": 2},
        (F(560), F(575), F(1135, 2), 3),
    ),
    "zeros-enter-part-b-when-results-are-few": (
        [(10, 9, 1, 1), (20, 9, 1, 1)],
        {"minimum_results": 5, "best_results": 4},
        (F(400), F(500), F(450), 2),
    ),
    "no-minimum": ([(10, 9, 1, 1)], {"minimum_results": 0}, (F(1000), F(1000), F(1000), 1)),
    "part-a-best-and-share-of-the-rest": (
        # 2018 count: the best 2 and half of the other 2, rounded up: 3 of 4.
        [(10, 6, 1, 1), (20, 6, 1, 2), (30, 6, 1, 4), (40, 6, 1, 6)],
        {"minimum_results": 0, "best_results": 1, "part_a_best": 2, "part_a_share": F(1, 2)},
        (F(2200, 3), F(1000), F(2600, 3), 4),
    ),
    "2010-decay-table": (
        [(100, 9, 1, 1), (400, 9, 1, 1), (800, 9, 1, 9)],
        {
            "minimum_results": 0,
            "best_results": 3,
            "decay": (DecayStep(365, F(2, 3)), DecayStep(730, F(1, 3)), DecayStep(1095, F(0))),
        },
        # (1000 + 1000 * 2/3 + 0) / (1 + 2/3 + 1/3) for both parts
        (F(2500, 3), F(2500, 3), F(2500, 3), 3),
    ),
}


@pytest.mark.parametrize("played, overrides, expected", CASES.values(), ids=CASES.keys())
def test_one_person(played, overrides, expected):
    events = [event(f"t{i}", d, n, w) for i, (d, n, w, _place) in enumerate(played)]
    results = [Result("p", f"t{i}", place) for i, (*_rest, place) in enumerate(played)]
    (standing,) = mers_ranking(events, results, MersParameters(as_of=AS_OF, **overrides))
    assert (standing.part_a, standing.part_b, standing.rating, standing.real_results) == expected


def test_the_results_say_what_counted():
    events = [event("recent", 10), event("old", 800)]
    (standing,) = mers_ranking(
        events, [Result("p", "recent", 1), Result("p", "old", 1)], MersParameters(as_of=AS_OF, best_results=2)
    )
    shown = [(r.event, r.in_a, r.in_b, r.dropped) for r in standing.results]
    assert shown == [
        ("recent", True, True, False),
        (None, True, True, False),  # a zero added to reach five
        (None, True, False, False),
        (None, True, False, False),
        (None, True, False, False),
        ("old", False, False, True),
    ]


@pytest.mark.parametrize(
    "pool, best, share, expected",
    [(3, None, F(4, 5), 3), (5, 5, F(4, 5), 5), (6, 5, F(4, 5), 6), (10, 5, F(4, 5), 9), (25, 5, F(4, 5), 21)],
)
def test_part_a_count(pool, best, share, expected):
    assert part_a_count(pool, best, share) == expected


def test_ranking_lists_from_the_minimum_and_shares_equal_ratings():
    events = [event("a", 10, ranked=4), event("b", 20, ranked=4)]
    results = [
        Result("ana", "a", 1),
        Result("ana", "b", 2),
        Result("ben", "a", 2),
        Result("ben", "b", 1),
        Result("cai", "a", 3),
        Result("cai", "b", 3),
        Result("dan", "a", 4),  # one result only: rated, not listed
    ]
    ranking = mers_ranking(events, results, MersParameters(as_of=AS_OF, minimum_results=0, best_results=1))
    assert [(s.person, s.rank, s.listed) for s in ranking] == [
        ("ana", 1, True),
        ("ben", 1, True),
        ("cai", 3, True),
        ("dan", None, False),
    ]
    assert ranking[0].rating == ranking[1].rating == (F(2500, 3) + 1000) / 2


def test_a_person_with_only_dropped_results_is_not_rated():
    events = [event("old", 900), event("new", 10)]
    ranking = mers_ranking(events, [Result("gone", "old", 1), Result("here", "new", 1)], MersParameters(as_of=AS_OF))
    assert [s.person for s in ranking] == ["here"]


@pytest.mark.parametrize(
    "params, field",
    [
        (MersParameters(as_of=AS_OF, minimum_results=-1), "minimum_results"),
        (MersParameters(as_of=AS_OF, best_results=0), "best_results"),
        (MersParameters(as_of=AS_OF, listed_from=101), "listed_from"),
        (MersParameters(as_of=AS_OF, part_a_best=0), "part_a_best"),
        (MersParameters(as_of=AS_OF, part_a_share=F(3, 2)), "part_a_share"),
        (
            MersParameters(as_of=AS_OF, decay=(DecayStep(730, F(1, 2)), DecayStep(365, F(0)))),
            "decay[1].older_than_days",
        ),
    ],
)
def test_bad_parameters_name_the_field(params, field):
    with pytest.raises(ParameterError) as caught:
        mers_ranking([event("a", 1)], [Result("p", "a", 1)], params)
    assert caught.value.field == field


@pytest.mark.parametrize(
    "events, field",
    [
        ([event("a", 1), Event("b", AS_OF, 8, F(-1))], "tournaments[1].weight"),
        ([Event("a", AS_OF, 1, F(1))], "tournaments[0].slug"),
    ],
)
def test_bad_events_name_the_tournament(events, field):
    with pytest.raises(ParameterError) as caught:
        mers_ranking(events, [], MersParameters(as_of=AS_OF))
    assert caught.value.field == field


def defaults_standing(days_and_places):
    events = [event(f"t{i}", days) for i, (days, _place) in enumerate(days_and_places)]
    results = [Result("p", f"t{i}", place) for i, (_days, place) in enumerate(days_and_places)]
    (standing,) = mers_ranking(events, results, MersParameters(as_of=AS_OF))
    return standing


@pytest.mark.parametrize(
    "days, weight",
    [
        (365, 1),  # a year old still counts whole
        (366, F(1, 2)),  # older than a year: half
        (730, F(1, 2)),
        (731, 0),  # older than two years: dropped
    ],
)
def test_the_ema_decay_halves_after_a_year_and_drops_after_two(days, weight):
    events = [event("old", days), event("new", 10)]
    (standing,) = mers_ranking(events, [Result("p", "old", 1), Result("p", "new", 9)], MersParameters(as_of=AS_OF))
    old = next(r for r in standing.results if r.event == "old")
    assert (old.effective_weight, old.dropped) == (weight, weight == 0)


@pytest.mark.parametrize("played, in_a", [(8, 8), (10, 9), (12, 11)])
def test_the_ema_part_a_counts_the_best_five_and_four_fifths_of_the_others(played, in_a):
    standing = defaults_standing([(10 + i, 1 + i % 9) for i in range(played)])
    assert sum(r.in_a for r in standing.results) == in_a
    assert sum(r.in_b for r in standing.results) == 4  # part B: the best four
    assert standing.listed


def test_the_ema_defaults_fill_to_five_results_and_list_from_two():
    one = defaults_standing([(10, 1)])
    assert (len(one.results), one.real_results, one.listed) == (5, 1, False)
    two = defaults_standing([(10, 1), (20, 1)])
    assert two.listed


@pytest.mark.parametrize(
    "overrides",
    [{"listed_from": 0}, {"part_a_best": 1}, {"part_a_share": F(0)}, {"part_a_share": F(1)}, {"minimum_results": 0}],
)
def test_the_edges_of_each_parameter_are_allowed(overrides):
    assert MersParameters(as_of=AS_OF, **overrides).problems() == []


def test_equal_results_show_the_more_recent_first_then_by_tournament():
    events = [event("b-older", 30), event("c-same-day", 10), event("a-same-day", 10)]
    results = [Result("p", e.key, 1) for e in events]
    (standing,) = mers_ranking(events, results, MersParameters(as_of=AS_OF, minimum_results=0))
    assert [r.event for r in standing.results] == ["a-same-day", "c-same-day", "b-older"]


def test_a_tournament_after_the_date_does_not_hide_the_ones_after_it_in_the_list():
    events = [event("future", -5), event("past", 10)]
    results = [Result("p", "future", 1), Result("p", "past", 5)]
    (standing,) = mers_ranking(events, results, MersParameters(as_of=AS_OF, minimum_results=0))
    assert [r.event for r in standing.results] == ["past"]
