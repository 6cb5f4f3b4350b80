"""A rating over time (ratings.history): the same method on each event's day and on the ranking's date."""

from dataclasses import replace
from datetime import date
from fractions import Fraction as F

from ratings.base import DecayStep, Event, Result
from ratings.history import history_days, rating_history
from ratings.mers import MersParameters, mers_ranking

EVENTS = [Event("a", date(2024, 3, 1), 5), Event("b", date(2025, 3, 1), 5), Event("c", date(2026, 3, 1), 5)]
RESULTS = [Result("p", "a", 1), Result("p", "b", 5), Result("q", "c", 1), Result("p", "c", 3)]
PARAMS = MersParameters(
    as_of=date(2026, 6, 1), decay=(DecayStep(365, F(1, 2)), DecayStep(730, F(0))), minimum_results=0, best_results=1
)


def test_days_are_the_events_and_the_ranking_date():
    days = history_days([(e.key, e.day) for e in EVENTS], PARAMS.as_of)
    assert days == [(date(2024, 3, 1), "a"), (date(2025, 3, 1), "b"), (date(2026, 3, 1), "c"), (date(2026, 6, 1), None)]
    assert history_days([("x", date(2026, 6, 1))], date(2026, 6, 1)) == [(date(2026, 6, 1), "x")]
    assert history_days([("later", date(2027, 1, 1))], date(2026, 6, 1)) == [(date(2026, 6, 1), None)]


def test_rating_after_each_event():
    days = history_days([(e.key, e.day) for e in EVENTS], PARAMS.as_of)
    points = rating_history(lambda day: mers_ranking(EVENTS, RESULTS, replace(PARAMS, as_of=day)), days)
    p = [(pt.day, pt.rating) for pt in points["p"]]
    assert p == [
        (date(2024, 3, 1), F(1000)),  # won a
        # a year on the day is not older than 365: full weight, A = (1000 + 0) / 2, B = 1000
        (date(2025, 3, 1), F(750)),
        # a is 730 days old, not older: halved; b a year; c new. A = (1000/2 + 0 + 500) / 2.5, B = 1000
        (date(2026, 3, 1), F(700)),
        # a is past 730 days, dropped; b halved: A = (0 + 500) / 1.5, B = 500
        (date(2026, 6, 1), (F(1000, 3) + 500) / 2),
    ]
    assert [pt.event for pt in points["q"]] == ["c", None]
