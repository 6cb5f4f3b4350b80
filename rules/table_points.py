"""Table points from session scores (MCR 3.9.2), with shared points on ties. Pure Python."""

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

DEFAULT_TABLE_POINTS = (4, 2, 1, 0)


def parse_table_points(text):
    """'4/2/1/0' or '4,2,1,0' -> (Fraction, ...) for 1st..4th; raises ValueError."""
    parts = [p.strip() for p in str(text).replace(",", "/").split("/") if p.strip()]
    if len(parts) != 4:
        raise ValueError("Table points are four numbers, for 1st to 4th place, e.g. 4/2/1/0.")
    values = tuple(Fraction(p) for p in parts)
    if any(v < 0 for v in values) or list(values) != sorted(values, reverse=True):
        raise ValueError("Table points must not increase from 1st to 4th place and cannot be negative.")
    return values


def table_points(scores, points=DEFAULT_TABLE_POINTS, lost=()):
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
    lost = set(lost)

    def group(player_score):
        player, score = player_score
        return (True, 0) if player in lost else (False, -score)

    ordered = sorted(scores.items(), key=group)
    result = {}
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


def format_table_points(value) -> str:
    """Table points as people read them: two decimals, half up (7/4 -> '1.75', 7/3 -> '2.33');
    '' for none. Sums are kept exact as fractions; only the display rounds."""
    if value is None:
        return ""
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
