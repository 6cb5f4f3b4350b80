"""A ranking over time: each person's rating and rank on the day of each event and on the ranking's date,
as the same method and parameters give them then (results of later events not yet played)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from .base import PersonKey, Ranker


@dataclass(frozen=True)
class Point:
    day: date
    rating: Fraction
    rank: int | None  # None: not listed on that day
    event: str | None  # the event of that day (the last one of the day), None for the ranking's date


def history_days(events: Iterable[tuple[str, date]], as_of: date) -> list[tuple[date, str | None]]:
    """The days to compute: each event's day up to ``as_of`` (the last event of a day names it), then
    ``as_of`` itself unless an event fell on it."""
    days: dict[date, str | None] = {}
    for key, day in sorted(events, key=lambda e: (e[1], e[0])):
        if day <= as_of:
            days[day] = key
    days.setdefault(as_of, None)
    return sorted(days.items())


def rating_history(rank_on: Ranker, days: list[tuple[date, str | None]]) -> dict[PersonKey, list[Point]]:
    """Per person, a point for each day on which they have a rating (at least one result that counts)."""
    out: dict[PersonKey, list[Point]] = {}
    for day, event in days:
        for standing in rank_on(day):
            out.setdefault(standing.person, []).append(Point(day, standing.rating, standing.rank, event))
    return out
