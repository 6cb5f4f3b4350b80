"""Table points from session scores (MCR 3.9.2), with shared points on ties. Pure Python."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TypeVar

DEFAULT_TABLE_POINTS = (4, 2, 1, 0)

#: Whatever names a player at the table (a seat number, a player's id).
Player = TypeVar("Player", bound=Hashable)


def parse_table_points(text: object) -> tuple[Fraction, ...]:
    """'4/2/1/0' or '4,2,1,0' -> (Fraction, ...) for 1st..4th; raises ValueError."""
    parts = [p.strip() for p in str(text).replace(",", "/").split("/") if p.strip()]
    if len(parts) != 4:
        raise ValueError("Table points are four numbers, for 1st to 4th place, e.g. 4/2/1/0.")
    values = tuple(Fraction(p) for p in parts)
    if any(v < 0 for v in values) or list(values) != sorted(values, reverse=True):
        raise ValueError("Table points must not increase from 1st to 4th place and cannot be negative.")
    return values


def table_points(
    scores: Mapping[Player, int],
    points: Sequence[Fraction | int] = DEFAULT_TABLE_POINTS,
    lost: Iterable[Player] = (),
) -> dict[Player, tuple[int, Fraction]]:
    """Rank and table points of each player at one table.

    `scores` maps player -> session score. Tied players share the points of the places they
    occupy equally (two tied for first with 4/2/1/0 get 3 each), kept as exact fractions so
    1.75 or 7/3 never drift when summed over sessions. Returns player -> (rank, Fraction);
    tied players share the best rank of their group.

    Players in `lost` lost the session (over 15 minutes late, MCR 3.11.2, or a time forfeit): they
    are placed after the others whatever their score, and share the last places among themselves.
    """
    if len(scores) != len(points):
        raise ValueError("Table points need one score per seat.")
    lost_players = set(lost)

    def group(player_score: tuple[Player, int]) -> tuple[bool, int]:
        player, score = player_score
        return (True, 0) if player in lost_players else (False, -score)

    ordered = sorted(scores.items(), key=group)
    result: dict[Player, tuple[int, Fraction]] = {}
    place = 0
    while place < len(ordered):
        group_end = place
        while group_end + 1 < len(ordered) and group(ordered[group_end + 1]) == group(ordered[place]):
            group_end += 1
        share = sum((Fraction(points[i]) for i in range(place, group_end + 1)), Fraction(0))
        share /= group_end - place + 1
        for i in range(place, group_end + 1):
            result[ordered[i][0]] = (place + 1, share)
        place = group_end + 1
    return result


def format_table_points(value: Fraction | Decimal | float | str | None) -> str:
    """Table points as people read them: two decimals, half up (7/4 -> '1.75', 7/3 -> '2.33');
    '' for none. Sums are kept exact as fractions; only the display rounds."""
    if value is None:
        return ""
    exact_value = Fraction(value)
    exact = Decimal(exact_value.numerator) / Decimal(exact_value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
