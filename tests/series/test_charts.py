"""The SVG charts: readable ticks, escaped text, no style attribute (the CSP allows the stylesheet only)."""

from datetime import date

import pytest

from series import charts


@pytest.mark.parametrize(
    "ranked, ticks",
    [
        (2, [1, 2]),
        (6, [1, 2, 3, 4, 5, 6]),
        (8, [1, 4, 6, 8]),
        (10, [1, 4, 6, 8, 10]),
        (12, [1, 4, 6, 8, 10, 12]),
        (24, [1, 5, 10, 15, 20, 24]),
        (100, [1, 20, 40, 60, 80, 100]),
        (216, [1, 50, 100, 150, 216]),
    ],
)
def test_rank_ticks_never_touch(ranked, ticks):
    assert charts._rank_ticks(ranked) == ticks


def rank_svg(**overrides):
    arguments = dict(
        chart_id="c",
        title="Rank of <Ana>",
        description="after each session",
        sessions=[1, 2, 3],
        ranks=[2, 3, 1],
        ranked=10,
        session_text="S%(n)s",
        tip_text="After %(session)s: %(rank)s",
        caption="session",
    )
    arguments.update(overrides)
    return charts.rank_chart(**arguments)


def test_a_rank_chart():
    svg = str(rank_svg())
    assert svg.startswith('<svg class="chart" viewBox="0 0 400 220" role="img" aria-labelledby="c-title c-desc"')
    assert "Rank of &lt;Ana&gt;" in svg and "<Ana>" not in svg
    assert svg.count("<circle") == 3 and svg.count("<path") == 1
    assert "<title>After 3: 1</title>" in svg
    assert " style=" not in svg and "<style" not in svg and "<script" not in svg


def test_rank_one_is_at_the_top():
    svg = str(rank_svg(ranks=[1, 10, 5]))
    ys = [float(part.split('cy="')[1].split('"')[0]) for part in svg.split("<circle")[1:]]
    assert ys[0] < ys[2] < ys[1]


def test_a_rating_chart_over_years():
    svg = str(
        charts.rating_chart(
            chart_id="r",
            title="Rating",
            description="d",
            days=[date(2024, 3, 1), date(2025, 3, 1), date(2026, 6, 1)],
            ratings=[500.0, 612.345, 700.0],
            listed=[False, True, True],
            tips=["a", "b", "c"],
            scale_top=1000.0,
            caption="date",
        )
    )
    assert ">2025<" in svg and ">2026<" in svg  # years marked
    assert ">700.00<" in svg  # the last value labelled, two decimals
    assert svg.count('class="chart-point muted"') == 1  # not listed yet: hollow


def test_a_single_point_and_a_league_scale():
    svg = str(
        charts.rating_chart(
            chart_id="r",
            title="t",
            description="d",
            days=[date(2026, 1, 1)],
            ratings=[27.5],
            listed=[True],
            tips=["x"],
            scale_top=None,
            caption="date",
        )
    )
    assert "<path" not in svg and svg.count("<circle") == 1
    assert ">50<" in svg  # the scale fits the sums: top 50 for 27.5 (x 1.1 rounded up)


def ticks(svg):
    """(x, text-anchor, text) of each axis label."""
    import re

    return re.findall(r'<text class="chart-tick" x="([\d.]+)" y="[\d.]+" text-anchor="(\w+)">([^<]*)<', svg)


def test_dates_of_one_year_stay_inside_the_chart():
    """The first and last dates under the points: the last one, centred under a point near the right side,
    would run past it and be clipped ("28/11/202"); it ends under its point instead."""
    svg = str(
        charts.rating_chart(
            chart_id="r",
            title="t",
            description="d",
            days=[date(2026, 2, 22), date(2026, 9, 27), date(2026, 11, 28)],
            ratings=[500.0, 610.0, 672.16],
            listed=[True, True, True],
            tips=["a", "b", "c"],
            scale_top=1000.0,
            caption="date",
        )
    )
    dates = [t for t in ticks(svg) if "2026" in t[2]]
    assert [(anchor, text) for _, anchor, text in dates] == [("middle", "22/02/2026"), ("end", "28/11/2026")]
    last_x = float(dates[-1][0])
    assert last_x == pytest.approx(charts.LEFT + 0.96 * charts.PLOT_W, abs=0.1)  # it ends under the last point


@pytest.mark.parametrize(
    "x, text, expected",
    [
        (200.0, "28/11/2026", (200.0, "middle")),
        (368.5, "28/11/2026", (368.5, "end")),
        (398.0, "S12", (397.0, "end")),
        (10.0, "2024", (10.0, "start")),
        (350.0, "2026年11月28日", (350.0, "end")),  # wide characters are wider
        (330.0, "2026/11/28", (330.0, "middle")),
    ],
)
def test_labels_near_a_side_end_or_start_at_their_point(x, text, expected):
    assert charts._anchor(x, text, charts.TICK_SIZE) == expected
