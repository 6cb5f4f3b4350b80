"""Standings: players ranked by table points, score, then configured tie-breaks (MCR 3.10).

Each tie-break is one small class with a key and a value for a player's session results, so the
organizer's order is just a list of keys. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .text import N_

#: What a tie-break compares: bigger is better.
TieValue = Fraction | int
#: The caller's identifier of a ranked player (or team): a player's number, a team's name.
Key = TypeVar("Key", bound=Hashable)


@dataclass(frozen=True)
class SessionResult:
    session: int
    score: int
    rank: int  # place at the table, 1..4, ties sharing the best place
    table_points: Fraction
    complete: bool = True  # False while the session's sheet is still being entered
    lost: bool = False  # the player lost the session (late arrival, time forfeit); rank and points say so


@dataclass
class Entry(Generic[Key]):
    key: Key  # the caller's player (or team) identifier
    results: list[SessionResult] = field(default_factory=list)
    # Tie-break key -> its value: a Fraction for table points, a whole number for the others. Any,
    # so a caller reads each as the number it is (values["score"] is an int) without a cast.
    values: dict[str, Any] = field(default_factory=dict)
    rank: int = 0

    @property
    def table_points(self) -> Fraction:
        return sum((r.table_points for r in self.results), Fraction(0))

    @property
    def score(self) -> int:
        return sum(r.score for r in self.results)


class TieBreak:
    key = ""
    label = ""  # English, marked with N_; the web layer translates it

    def value(self, results: Sequence[SessionResult]) -> TieValue:
        raise NotImplementedError


class TablePoints(TieBreak):
    key, label = "table_points", N_("Table points")

    def value(self, results: Sequence[SessionResult]) -> TieValue:
        return sum((r.table_points for r in results), Fraction(0))


class Score(TieBreak):
    # The rulebook's "contest points": the sum of session scores (MCR 3.10.1).
    key, label = "score", N_("Score")

    def value(self, results: Sequence[SessionResult]) -> TieValue:
        return sum(r.score for r in results)


class FirstPlaces(TieBreak):
    key, label = "first_places", N_("First places")

    def value(self, results: Sequence[SessionResult]) -> TieValue:
        return sum(1 for r in results if r.rank == 1)


class SecondPlaces(TieBreak):
    key, label = "second_places", N_("Second places")

    def value(self, results: Sequence[SessionResult]) -> TieValue:
        return sum(1 for r in results if r.rank == 2)


class BestSessionScore(TieBreak):
    key, label = "best_session_score", N_("Best session score")

    def value(self, results: Sequence[SessionResult]) -> TieValue:
        return max((r.score for r in results), default=0)


class FewestLastPlaces(TieBreak):
    # Ranked by fewest; the standings show the count of last places under this label.
    key, label = "fewest_last_places", N_("Last places")

    def value(self, results: Sequence[SessionResult]) -> TieValue:
        # Negated so that, like every other tie-break, bigger is better.
        return -sum(1 for r in results if r.rank == 4)


TIEBREAKS = {
    cls.key: cls() for cls in (TablePoints, Score, FirstPlaces, SecondPlaces, BestSessionScore, FewestLastPlaces)
}
MANDATORY_ORDER = ("table_points", "score")


def tiebreak_order(extra: Iterable[str]) -> list[str]:
    """Table points then score always lead (MCR 3.10.1); the organizer's tie-breaks follow."""
    order = list(MANDATORY_ORDER)
    for key in extra:
        if key not in TIEBREAKS:
            raise ValueError(f"Unknown tie-break {key!r}; choose from {', '.join(sorted(TIEBREAKS))}.")
        if key not in order:
            order.append(key)
    return order


def natural_key(key: object) -> tuple[tuple[int, TieValue, str], ...]:
    """Tied entries in the order people expect: numbers as numbers (2 before 10), and text with the
    numbers inside it compared the same way ("Team 2" before "Team 10")."""
    if isinstance(key, (int, Fraction)) and not isinstance(key, bool):
        return ((0, key, ""),)
    parts = re.split(r"(\d+)", str(key))
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p.casefold()) for p in parts if p)


def rank_entries(entries: Iterable[Entry[Key]], order: Iterable[str] = MANDATORY_ORDER) -> list[Entry[Key]]:
    """Sort entries best first and give fully tied entries the same rank (1, 2, 2, 4)."""
    keys = tiebreak_order(order)
    entries = list(entries)
    for entry in entries:
        entry.values = {key: TIEBREAKS[key].value(entry.results) for key in keys}

    def sort_key(entry: Entry[Key]) -> tuple[TieValue, ...]:
        return tuple(-entry.values[k] for k in keys)

    ranked = sorted(entries, key=lambda e: (sort_key(e), natural_key(e.key)))
    previous: tuple[tuple[TieValue, ...], int] | None = None
    for position, entry in enumerate(ranked, start=1):
        key = sort_key(entry)
        entry.rank = previous[1] if previous and previous[0] == key else position
        previous = (key, entry.rank)
    return ranked
