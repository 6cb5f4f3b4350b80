"""A tournament's MERS weight from its facts, as the EMA's table gives it ("Basics for ranking system",
mahjong-europe.org/ranking/Basicsranking.html, in force since 1 January 2018; docs/series.md):

    weight = duration + players + countries + qualification

    duration        1 day: 1, 2 days: 2, 3 days: 3
    players         up to 40: 0, 41 to 80: 0.5, more than 80: 1
    countries       up to 5: 0, 6 to 9: 0.5, 10 or more: 1
    qualification   no: 0, yes (players had to qualify): 1

Substitutes count as participants, three at most.

Ten countries: the page's table gives 10 or more +1, but its earlier draft (``Basicsranking2018.html``) said
6-10 +0.5 and more than 10 +1. We follow the table in force, so 10 countries weigh 1 (docs/series.md, "Where
the defaults come from", 1); ``COUNTRY_STEPS_DRAFT`` keeps the other reading for comparison.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

MAX_DAYS_COUNTED = 3
SUBSTITUTES_COUNTED = 3
# (at most this many, weight); None: any number above the previous bound.
PLAYER_STEPS: tuple[tuple[int | None, Fraction], ...] = ((40, Fraction(0)), (80, Fraction(1, 2)), (None, Fraction(1)))
COUNTRY_STEPS: tuple[tuple[int | None, Fraction], ...] = ((5, Fraction(0)), (9, Fraction(1, 2)), (None, Fraction(1)))
COUNTRY_STEPS_DRAFT: tuple[tuple[int | None, Fraction], ...] = (
    (5, Fraction(0)),
    (10, Fraction(1, 2)),
    (None, Fraction(1)),
)
QUALIFICATION_WEIGHT = Fraction(1)


@dataclass(frozen=True)
class WeightParts:
    """A tournament's weight, part by part, with the facts each part was read from."""

    days: int
    players: int  # participants as counted (``participants``)
    countries: int
    qualification: bool
    duration_part: Fraction
    players_part: Fraction
    countries_part: Fraction
    qualification_part: Fraction

    @property
    def total(self) -> Fraction:
        return self.duration_part + self.players_part + self.countries_part + self.qualification_part


def participants(ranked: int, substitutes: int) -> int:
    """The players the weight counts: everyone ranked, and the substitutes who played, three at most."""
    return ranked + min(SUBSTITUTES_COUNTED, max(0, substitutes))


def _step(value: int, steps: tuple[tuple[int | None, Fraction], ...]) -> Fraction:
    for bound, weight in steps:
        if bound is None or value <= bound:
            return weight
    raise AssertionError("the last step has no bound")


def duration_weight(days: int) -> Fraction:
    """1 for one day, 2 for two, 3 for three days or more (the table stops at three)."""
    return Fraction(min(max(days, 1), MAX_DAYS_COUNTED))


def weight_parts(*, days: int, players: int, countries: int, qualification: bool) -> WeightParts:
    """The parts of the weight the EMA's table gives a tournament of ``days`` days, ``players`` participants
    (see ``participants``) from ``countries`` countries, which players had to qualify for or not."""
    return WeightParts(
        days=days,
        players=players,
        countries=countries,
        qualification=qualification,
        duration_part=duration_weight(days),
        players_part=_step(players, PLAYER_STEPS),
        countries_part=_step(countries, COUNTRY_STEPS),
        qualification_part=QUALIFICATION_WEIGHT if qualification else Fraction(0),
    )


def mers_weight(*, days: int, players: int, countries: int, qualification: bool) -> Fraction:
    """The weight's total (``weight_parts``)."""
    return weight_parts(days=days, players=players, countries=countries, qualification=qualification).total
