"""MERS, the Mahjong European Ranking System of the EMA (docs/series.md cites the rules).

For each person, on the ranking's date (``as_of``):

1. every result of an event played by then gets its base rank, 1000 x (N - place) / (N - 1), and
   counts with the event's weight times the decay factor of its age (``base.decay_factor``); a factor
   or a weight of 0 drops the result;
2. a person with fewer results than ``minimum_results`` gets results of 0 at weight 1 to fill the gap;
3. part A is the weighted mean of the best ``part_a_best`` of these results and ``part_a_share`` of the
   others, rounded up (the EMA's count since 2018: 5 and 80 %, which is every result up to nine; None
   counts every result, as the EMA did from 2010); part B the weighted mean of the best
   ``best_results`` by base rank;
4. the rating is the mean of part A and part B; a person is listed with at least ``listed_from`` real
   results (not counting the zeros added).

"Best" orders results by base rank, then by their weight after decay, then the more recent first, and
the added zeros last.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from .base import (
    Counted,
    DecayStep,
    Event,
    PersonKey,
    Result,
    Standing,
    assign_ranks,
    by_person,
    check_count,
    check_decay,
    decay_factor,
    usable_events,
    weighted_mean,
)
from .text import N_, ParameterError

# Defaults: the EMA's rules as in force since 1 January 2018 (docs/series.md, "Defaults").
EMA_DECAY: tuple[DecayStep, ...] = (DecayStep(365, Fraction(1, 2)), DecayStep(730, Fraction(0)))
EMA_MINIMUM_RESULTS = 5
EMA_BEST_RESULTS = 4
EMA_LISTED_FROM = 2
EMA_2018_PART_A_BEST = 5
EMA_2018_PART_A_SHARE = Fraction(4, 5)


@dataclass(frozen=True)
class MersParameters:
    as_of: date
    decay: tuple[DecayStep, ...] = EMA_DECAY
    minimum_results: int = EMA_MINIMUM_RESULTS
    best_results: int = EMA_BEST_RESULTS
    listed_from: int = EMA_LISTED_FROM
    part_a_best: int | None = EMA_2018_PART_A_BEST  # None: part A is the mean of every result
    part_a_share: Fraction = EMA_2018_PART_A_SHARE

    def problems(self) -> list[ParameterError]:
        found = check_decay(self.decay)
        found += check_count("minimum_results", self.minimum_results, 0)
        found += check_count("best_results", self.best_results, 1)
        found += check_count("listed_from", self.listed_from, 0)
        if self.part_a_best is not None:
            found += check_count("part_a_best", self.part_a_best, 1)
        if not 0 <= self.part_a_share <= 1:
            found.append(ParameterError("part_a_share", N_("A share between 0 and 1.")))
        return found


def _order(result: Counted) -> tuple[Fraction, Fraction, int, str]:
    """Best first: higher base rank, then more weight after decay, then the more recent, the zeros added last."""
    return (
        -result.base_rank,
        -result.effective_weight,
        -(result.day.toordinal() if result.day else 0),
        result.event or "\uffff",
    )


def part_a_count(pool: int, best: int | None, share: Fraction) -> int:
    """How many of a person's ``pool`` results part A counts: all, or the best ``best`` and ``share`` of
    the others rounded up."""
    if best is None:
        return pool
    return min(pool, best + math.ceil(share * max(0, pool - best)))


def person_results(results: Iterable[Result], events: dict[str, Event], params: MersParameters) -> list[Counted]:
    """A person's results on ``params.as_of``: the ones that count, the dropped ones, no added zeros;
    events after the date are left out."""
    out: list[Counted] = []
    for result in results:
        event = events[result.event]
        if event.day > params.as_of:
            continue
        factor = decay_factor((params.as_of - event.day).days, params.decay)
        out.append(
            Counted.of(event, result, weight=event.weight, factor=factor, dropped=factor == 0 or event.weight == 0)
        )
    return out


def mers_standing(person: PersonKey, counted: list[Counted], params: MersParameters) -> Standing:
    real = [r for r in counted if not r.dropped]
    zeros = [
        Counted(None, None, None, None, Fraction(0), None, Fraction(1), Fraction(1))
        for _ in range(max(0, params.minimum_results - len(real)))
    ]
    pool = sorted(real + zeros, key=_order)
    in_a = pool[: part_a_count(len(pool), params.part_a_best, params.part_a_share)]
    in_b = pool[: params.best_results]
    part_a, part_b = weighted_mean(in_a), weighted_mean(in_b)
    marked_a, marked_b = {id(r) for r in in_a}, {id(r) for r in in_b}
    shown = [replace(r, in_a=id(r) in marked_a, in_b=id(r) in marked_b) for r in pool]
    shown += sorted((r for r in counted if r.dropped), key=_order)
    return Standing(
        person=person,
        rating=(part_a + part_b) / 2,
        real_results=len(real),
        results=shown,
        part_a=part_a,
        part_b=part_b,
    )


def mers_ranking(events: Iterable[Event], results: Iterable[Result], params: MersParameters) -> list[Standing]:
    """Every person with at least one result that counts on ``params.as_of``: the listed ones ranked by
    rating (best first, equal ratings sharing a rank), then the others, unranked."""
    by_key = usable_events(events, params.problems())
    standings = []
    for person, own in by_person(results).items():
        counted = person_results(own, by_key, params)
        if any(not r.dropped for r in counted):
            standings.append(mers_standing(person, counted, params))
    return assign_ranks(standings, params.listed_from)
