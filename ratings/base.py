"""What every ranking method shares: events and results, base ranks, the time-decay table, standings."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .text import N_, ParameterError

PersonKey = int | str

BASE_RANK_SCALE = 1000
MAX_RESULTS_PARAMETER = 100  # minimum results, best results, listed from: far above any real series
MAX_DECAY_STEPS = 20
MAX_DECAY_DAYS = 36_500  # a hundred years
MAX_WEIGHT = Fraction(1000)


@dataclass(frozen=True)
class Event:
    """A tournament of a ranking: its key (slug), the day its result stands from (its last day), how many
    players its standings ranked (N) and its weight."""

    key: str
    day: date
    ranked: int
    weight: Fraction = Fraction(1)


@dataclass(frozen=True)
class Result:
    """A person's final place in an event (shared places share the place, as the standings give them)."""

    person: PersonKey
    event: str
    place: int
    table_points: Fraction = Fraction(0)


@dataclass(frozen=True)
class Counted:
    """One of a person's results as a ranking used it. ``event`` is None for a result of 0 added to reach
    the minimum number of results. ``in_a`` / ``in_b``: counted in MERS part A / part B; for a league,
    ``in_a`` marks the results summed. ``dropped``: too old (a decay factor of 0) or of weight 0."""

    event: str | None
    day: date | None
    place: int | None
    ranked: int | None
    base_rank: Fraction
    table_points: Fraction | None
    weight: Fraction
    factor: Fraction
    in_a: bool = False
    in_b: bool = False
    dropped: bool = False

    @property
    def effective_weight(self) -> Fraction:
        return self.weight * self.factor

    @classmethod
    def of(cls, event: Event, result: Result, *, weight: Fraction, factor: Fraction, dropped: bool = False) -> Counted:
        """A real result of ``event`` (not a 0 added to reach the minimum)."""
        return cls(
            event=event.key,
            day=event.day,
            place=result.place,
            ranked=event.ranked,
            base_rank=base_rank(result.place, event.ranked),
            table_points=result.table_points,
            weight=weight,
            factor=factor,
            dropped=dropped,
        )


@dataclass
class Standing:
    """A person in a ranking. ``rank`` is None when the person is not listed (fewer real results than the
    ranking lists from). ``real_results``: results that counted (not the zeros added, not the dropped)."""

    person: PersonKey
    rating: Fraction
    real_results: int
    results: list[Counted] = field(default_factory=list)
    listed: bool = True
    rank: int | None = None
    part_a: Fraction | None = None
    part_b: Fraction | None = None


def base_rank(place: int, ranked: int) -> Fraction:
    """1000 x (N - place) / (N - 1): 1000 for the winner, 0 for the last of the N ranked players. Players
    sharing a place share its base rank (the number of players they beat is the same)."""
    if ranked < 2:
        raise ValueError("a base rank needs at least two ranked players")
    if not 1 <= place <= ranked:
        raise ValueError(f"place {place} is not between 1 and {ranked}")
    return Fraction(BASE_RANK_SCALE * (ranked - place), ranked - 1)


@dataclass(frozen=True)
class DecayStep:
    """Results of events older than ``older_than_days`` on the ranking's date count ``factor`` times."""

    older_than_days: int
    factor: Fraction


def decay_factor(age_days: int, steps: Sequence[DecayStep]) -> Fraction:
    """The factor of the oldest step the age is past ("older than 365 days": 366 days and more); 1 before
    the first step. ``steps`` are in order, youngest first (``check_decay``)."""
    factor = Fraction(1)
    for step in steps:
        if age_days > step.older_than_days:
            factor = step.factor
    return factor


def check_decay(steps: Sequence[DecayStep]) -> list[ParameterError]:
    """What is wrong with a decay table: each step older than the one before it, factors from 1 down to
    0 that never grow with age."""
    problems: list[ParameterError] = []
    if len(steps) > MAX_DECAY_STEPS:
        problems.append(ParameterError("decay", N_("At most %(n)s steps."), n=MAX_DECAY_STEPS))
        return problems
    previous: DecayStep | None = None
    for i, step in enumerate(steps):
        where = f"decay[{i}]"
        if not 0 <= step.older_than_days <= MAX_DECAY_DAYS:
            problems.append(
                ParameterError(
                    f"{where}.older_than_days",
                    N_("A number of days between 0 and %(max)s."),
                    max=MAX_DECAY_DAYS,
                )
            )
        elif previous is not None and step.older_than_days <= previous.older_than_days:
            problems.append(
                ParameterError(
                    f"{where}.older_than_days",
                    N_(
                        "The steps go from the youngest to the oldest: %(days)s days cannot come after "
                        "%(previous)s days."
                    ),
                    days=step.older_than_days,
                    previous=previous.older_than_days,
                )
            )
        if not 0 <= step.factor <= 1:
            problems.append(ParameterError(f"{where}.factor", N_("A factor between 0 and 1.")))
        elif previous is not None and step.factor > previous.factor:
            problems.append(
                ParameterError(
                    f"{where}.factor",
                    N_("A result cannot count more as it gets older: %(factor)s after %(previous)s."),
                    factor=format_number(step.factor),
                    previous=format_number(previous.factor),
                )
            )
        previous = step
    return problems


def check_count(name: str, value: int, lowest: int) -> list[ParameterError]:
    if not lowest <= value <= MAX_RESULTS_PARAMETER:
        return [
            ParameterError(name, N_("A whole number from %(low)s to %(high)s."), low=lowest, high=MAX_RESULTS_PARAMETER)
        ]
    return []


def check_events(events: Iterable[Event]) -> list[ParameterError]:
    """Events a ranking cannot use: fewer than two ranked players (no base rank), a weight below 0."""
    problems: list[ParameterError] = []
    for i, event in enumerate(events):
        if event.ranked < 2:
            problems.append(
                ParameterError(
                    f"tournaments[{i}].slug",
                    N_("%(slug)s ranked %(n)s players: a base rank needs at least two."),
                    slug=event.key,
                    n=event.ranked,
                )
            )
        if not 0 <= event.weight <= MAX_WEIGHT:
            problems.append(
                ParameterError(
                    f"tournaments[{i}].weight",
                    N_("A weight from 0 to %(max)s."),
                    max=format_number(MAX_WEIGHT),
                )
            )
    return problems


def two_decimals(value: Fraction) -> Decimal:
    """A rating as published: two decimals, half up. Computed exactly; only the display rounds."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def format_number(value: Fraction) -> str:
    """A parameter as people write it: 0.5, 2, 0.6667 (at most four decimals)."""
    text = str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.0001")))
    return text.rstrip("0").rstrip(".") if "." in text else text


def weighted_mean(results: Sequence[Counted]) -> Fraction:
    total = sum((r.effective_weight for r in results), Fraction(0))
    if not total:
        return Fraction(0)
    return sum((r.base_rank * r.effective_weight for r in results), Fraction(0)) / total


def assign_ranks(standings: list[Standing], listed_from: int) -> list[Standing]:
    """Listed persons (at least ``listed_from`` real results) first, best rating first, equal ratings
    sharing the better rank (1, 2, 2, 4); then the others, unranked. Ties are listed by person key; the
    caller may sort them by name."""
    for s in standings:
        s.listed = s.real_results >= listed_from
    ordered = sorted(standings, key=lambda s: (not s.listed, -s.rating, str(s.person)))
    previous: Fraction | None = None
    rank = 0
    for i, s in enumerate(ordered, start=1):
        if not s.listed:
            s.rank = None
            continue
        if s.rating != previous:
            rank, previous = i, s.rating
        s.rank = rank
    return ordered


def usable_events(events: Iterable[Event], parameter_problems: list[ParameterError]) -> dict[str, Event]:
    """The events by key, once the parameters and the events are known to be usable; else the first problem."""
    event_list = list(events)
    problems = parameter_problems + check_events(event_list)
    if problems:
        raise problems[0]
    return {e.key: e for e in event_list}


def by_person(results: Iterable[Result]) -> dict[PersonKey, list[Result]]:
    grouped: dict[PersonKey, list[Result]] = {}
    for result in results:
        grouped.setdefault(result.person, []).append(result)
    return grouped


Ranker = Callable[[date], list[Standing]]
