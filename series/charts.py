"""Charts drawn on the server as SVG: a player's rank after each session of a tournament, and their rating
in a series over time. No script and no chart library: a few lines and labels, readable on a phone.

The SVG carries no style attribute or element (the Content-Security-Policy allows styles from the site's
stylesheet only): colours and fonts come from classes in static/css/series.css. Each chart has a title and
a description for screen readers; the pages show the same figures in a table beside it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 400, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 18, 18, 38
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
MAX_POINT_LABELS = 12
EDGE = 3  # the least room left between a label and the chart's side
TICK_SIZE, LABEL_SIZE = 12, 13  # font sizes of static/css/series.css (.chart-tick, .chart-label)


@dataclass(frozen=True)
class ChartPoint:
    x: float  # 0..1 across the plot
    y: float  # the value
    label: str  # printed beside the point ("" for none)
    tip: str  # the point's tooltip and its text for screen readers
    muted: bool = False  # drawn hollow (e.g. a rating while not listed yet)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _two(value: float) -> str:
    return f"{value:.2f}"


def _text_width(text: str, size: float) -> float:
    """A generous guess of the text's width (the server cannot measure it): a wide character (Chinese) is a
    square, anything else two thirds of one (wider than digits in any common sans-serif, bold included)."""
    return sum(size if unicodedata.east_asian_width(c) in ("W", "F") else 0.67 * size for c in text)


def _anchor(x: float, text: str, size: float) -> tuple[float, str]:
    """Where a label centred on ``x`` would run past a side of the chart (a date under the last point: the
    SVG clips it), it ends at ``x`` (starts, on the left) instead, so it stays whole and still marks ``x``."""
    half = _text_width(text, size) / 2
    if x + half > WIDTH - EDGE:
        return min(x, WIDTH - EDGE), "end"
    if x - half < EDGE:
        return max(x, EDGE), "start"
    return x, "middle"


def _svg(
    *,
    chart_id: str,
    title: str,
    description: str,
    points: Sequence[ChartPoint],
    y_range: tuple[float, float],
    invert: bool,
    y_ticks: Sequence[tuple[float, str]],
    x_ticks: Sequence[tuple[float, str]],
    x_caption: str,
) -> SafeString:
    low, high = y_range
    span = (high - low) or 1.0

    def px(x: float) -> float:
        return LEFT + x * PLOT_W

    def py(y: float) -> float:
        share = (y - low) / span
        return TOP + (share if invert else 1 - share) * PLOT_H

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" id="{chart_id}" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(description)}</desc>',
        f'<rect class="chart-area" x="{LEFT}" y="{TOP}" width="{PLOT_W}" height="{PLOT_H}"/>',
    ]
    for value, text in y_ticks:
        y = py(value)
        parts.append(f'<line class="chart-grid" x1="{LEFT}" x2="{LEFT + PLOT_W}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text class="chart-tick" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{escape(text)}</text>')
    for x, text in x_ticks:
        at, anchor = _anchor(px(x), text, TICK_SIZE)
        parts.append(
            f'<text class="chart-tick" x="{at:.1f}" y="{TOP + PLOT_H + 16}" text-anchor="{anchor}">{escape(text)}</text>'
        )
    parts.append(
        f'<text class="chart-caption" x="{LEFT + PLOT_W / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle">'
        f"{escape(x_caption)}</text>"
    )
    coords = [(px(p.x), py(p.y)) for p in points]
    if len(coords) > 1:
        path = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(coords))
        parts.append(f'<path class="chart-line" d="{path}"/>')
    for point, (x, y) in zip(points, coords, strict=True):
        kind = "chart-point muted" if point.muted else "chart-point"
        parts.append(
            f'<circle class="{kind}" cx="{x:.1f}" cy="{y:.1f}" r="4"><title>{escape(point.tip)}</title></circle>'
        )
        if point.label:
            above = y - 9 if y - 9 > TOP + 4 else y + 17
            at, anchor = _anchor(x, point.label, LABEL_SIZE)
            parts.append(
                f'<text class="chart-label" x="{at:.1f}" y="{above:.1f}" text-anchor="{anchor}">'
                f"{escape(point.label)}</text>"
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _rank_ticks(ranked: int) -> list[int]:
    """A few ranks to mark on the axis: 1, the last, and round numbers between."""
    if ranked <= 6:
        return list(range(1, ranked + 1))
    step = next(s for s in (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10_000) if ranked / s <= 6)
    # Round numbers between the first and the last, none so close to either that their labels touch.
    between = [t for t in range(step, ranked, step) if t - 1 >= step * 0.75 and ranked - t >= step * 0.75]
    return [1, *between, ranked]


def rank_chart(
    *,
    chart_id: str,
    title: str,
    description: str,
    sessions: Sequence[int],
    ranks: Sequence[int],
    ranked: int,
    session_text: str,
    tip_text: str,
    caption: str,
) -> SafeString:
    """Rank after each session: 1 at the top. ``tip_text`` is a template with ``%(session)s`` and
    ``%(rank)s``; ``session_text`` labels the sessions on the axis (``%(n)s``)."""
    n = len(sessions)
    label_all = n <= MAX_POINT_LABELS
    points = [
        ChartPoint(
            x=(i + 0.5) / n if n else 0.5,
            y=rank,
            label=str(rank) if label_all or i == n - 1 else "",
            tip=tip_text % {"session": s, "rank": rank},
        )
        for i, (s, rank) in enumerate(zip(sessions, ranks, strict=True))
    ]
    every = max(1, -(-n // 10))
    x_ticks = [((i + 0.5) / n, session_text % {"n": s}) for i, s in enumerate(sessions) if i % every == 0 or i == n - 1]
    return _svg(
        chart_id=chart_id,
        title=title,
        description=description,
        points=points,
        y_range=(1, max(ranked, 2)),
        invert=True,
        y_ticks=[(r, str(r)) for r in _rank_ticks(max(ranked, 1))],
        x_ticks=x_ticks,
        x_caption=caption,
    )


def _nice_top(value: float) -> float:
    for top in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000):
        if value <= top:
            return float(top)
    return float(value)


def rating_chart(
    *,
    chart_id: str,
    title: str,
    description: str,
    days: Sequence[date],
    ratings: Sequence[float],
    listed: Sequence[bool],
    tips: Sequence[str],
    scale_top: float | None,
    caption: str,
) -> SafeString:
    """Rating over time: days spaced as in the calendar, years marked. ``scale_top``: the top of the scale
    (1000 for MERS); None fits it to the ratings (a league's sums)."""
    first, last = (days[0], days[-1]) if days else (date.today(), date.today())
    length = (last - first).days or 1
    top = scale_top if scale_top is not None else _nice_top(max([*ratings, 1.0]) * 1.1)
    count = len(days)
    points = [
        ChartPoint(
            x=0.5 if count == 1 else 0.04 + 0.92 * (day - first).days / length,
            y=value,
            label=_two(value) if i == count - 1 or count <= 4 else "",
            tip=tip,
            muted=not is_listed,
        )
        for i, (day, value, is_listed, tip) in enumerate(zip(days, ratings, listed, tips, strict=True))
    ]
    x_ticks: list[tuple[float, str]] = []
    if count == 1:
        x_ticks = [(0.5, date_format(first, "SHORT_DATE_FORMAT"))]
    elif last.year == first.year:
        x_ticks = [(0.04, date_format(first, "SHORT_DATE_FORMAT")), (0.96, date_format(last, "SHORT_DATE_FORMAT"))]
    else:
        for year in range(first.year + 1, last.year + 1):
            x = 0.04 + 0.92 * (date(year, 1, 1) - first).days / length
            x_ticks.append((x, str(year)))
    quarter = top / 4
    return _svg(
        chart_id=chart_id,
        title=title,
        description=description,
        points=points,
        y_range=(0.0, top),
        invert=False,
        y_ticks=[(quarter * k, _fmt(quarter * k)) for k in range(5)],
        x_ticks=x_ticks,
        x_caption=caption,
    )
