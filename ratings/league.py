"""A club league: each person's best ``best_results`` events summed, by table points or by base rank.

Events after the ranking's date (``as_of``) are left out; nothing else decays. A person is listed from
``listed_from`` events played. "Best" orders results by the value summed, then the more recent first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from .base import (
    Counted,
    Event,
    Result,
    Standing,
    assign_ranks,
    by_person,
    check_count,
    usable_events,
)
from .text import N_, ParameterError

BY_TABLE_POINTS = "table_points"
BY_BASE_RANK = "base_rank"
LEAGUE_BY = (BY_TABLE_POINTS, BY_BASE_RANK)


@dataclass(frozen=True)
class LeagueParameters:
    as_of: date | None = None
    best_results: int = 5
    listed_from: int = 1
    by: str = BY_TABLE_POINTS

    def problems(self) -> list[ParameterError]:
        found = check_count("best_results", self.best_results, 1)
        found += check_count("listed_from", self.listed_from, 0)
        if self.by not in LEAGUE_BY:
            found.append(ParameterError("league_by", N_("Either %(choices)s."), choices=" or ".join(LEAGUE_BY)))
        return found


def _value(result: Counted, by: str) -> Fraction:
    if by == BY_BASE_RANK:
        return result.base_rank
    return result.table_points or Fraction(0)


def league_ranking(events: Iterable[Event], results: Iterable[Result], params: LeagueParameters) -> list[Standing]:
    """Every person with an event on or before ``params.as_of``, listed ones first, by their sum."""
    by_key = usable_events(events, params.problems())
    standings = []
    for person, own in by_person(results).items():
        counted = []
        for result in own:
            event = by_key[result.event]
            if params.as_of is not None and event.day > params.as_of:
                continue
            counted.append(Counted.of(event, result, weight=Fraction(1), factor=Fraction(1)))
        if not counted:
            continue
        counted.sort(key=lambda r: (-_value(r, params.by), -(r.day.toordinal() if r.day else 0), r.event or ""))
        best = counted[: params.best_results]
        marked = {id(r) for r in best}
        standings.append(
            Standing(
                person=person,
                rating=sum((_value(r, params.by) for r in best), Fraction(0)),
                real_results=len(counted),
                results=[replace(r, in_a=id(r) in marked) for r in counted],
            )
        )
    return assign_ranks(standings, params.listed_from)
