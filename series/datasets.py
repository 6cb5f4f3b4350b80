"""A series' files: its ranking and every result it counted, as datasets for the exports renderers
(CSV, XLSX, PDF), from a kept ranking."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from exports.datasets import INT, POINTS, TEXT, Column, Dataset
from ratings.base import format_number
from series import selectors
from series.describe import parameter_lines
from series.models import SeriesMethod, SeriesRanking


def _rating(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(Decimal(text))


def _notes(ranking: SeriesRanking) -> list[str]:
    notes = [
        _("Version %(n)s, computed %(when)s.")
        % {"n": ranking.number, "when": date_format(ranking.computed_at, "SHORT_DATETIME_FORMAT")}
    ]
    notes += [f"{what}: {value}" for what, value in parameter_lines(ranking.parameters)]
    return notes


def ranking_dataset(ranking: SeriesRanking, country: str = "") -> Dataset:
    """The listed players, in ranking order; with ``country``, that country's, with their national rank."""
    mers = ranking.method == SeriesMethod.MERS
    columns = [Column(_("National rank"), INT)] if country else []
    columns += [
        Column(_("Rank"), INT),
        Column(_("Name")),
        Column(_("Country")),
        Column(_("EMA id")),
        Column(_("Rating"), POINTS),
        Column(_("Results"), INT),
    ]
    if mers:
        columns += [Column(_("Part A"), POINTS), Column(_("Part B"), POINTS)]
    else:
        columns += [Column(_("Events counted"), INT)]
    rows = []
    for row in selectors.listed_rows(ranking, country):
        line = [row["national_rank"]] if country else []
        line += [row["rank"], row["name"], row["country"], row["ema_id"], _rating(row["rating"]), row["results"]]
        line += [_rating(row["part_a"]), _rating(row["part_b"])] if mers else [row["counted"]]
        rows.append(line)
    title = _("%(series)s: ranking as of %(date)s") % {
        "series": ranking.series.name,
        "date": date_format(ranking.as_of, "DATE_FORMAT"),
    }
    if country:
        title = _("%(title)s, players of %(country)s") % {"title": title, "country": country}
    return Dataset(
        name=f"ranking-{country}" if country else "ranking",
        title=title,
        columns=columns,
        rows=rows,
        notes=_notes(ranking),
    )


def results_dataset(ranking: SeriesRanking) -> Dataset:
    """Every result of every rated player: base rank, weight, decay factor and whether it counted."""
    mers = ranking.method == SeriesMethod.MERS
    events = {e.slug: e for e in selectors.kept_events(ranking)}
    columns = [
        Column(_("Name")),
        Column(_("EMA id")),
        Column(_("Tournament")),
        Column(_("Date")),
        Column(_("Place"), INT),
        Column(_("Players"), INT),
        Column(_("Base rank"), POINTS),
        Column(_("Table points"), POINTS),
    ]
    if mers:
        columns += [Column(_("Weight")), Column(_("Factor")), Column(_("Part A")), Column(_("Part B"))]
    else:
        columns += [Column(_("Counted"))]
    rows = []
    for row in ranking.rows:
        standing = selectors.person_standing(ranking, row["person"])
        if standing is None:
            continue
        for r in standing.results:
            facts = events.get(r.event) if r.event else None
            line = [
                row["name"],
                row["ema_id"],
                facts.name if facts else _("(a result of 0 to reach the minimum)"),
                date_format(facts.day, "Y-m-d") if facts else "",
                r.place,
                r.ranked,
                r.base_rank,
                r.table_points,
            ]
            if mers:
                line += [
                    format_number(r.weight),
                    format_number(r.factor),
                    _("yes") if r.in_a else "",
                    _("yes") if r.in_b else "",
                ]
            else:
                line += [_("yes") if r.in_a else ""]
            rows.append(line)
    return Dataset(
        name="results",
        title=_("%(series)s: results counted as of %(date)s")
        % {"series": ranking.series.name, "date": date_format(ranking.as_of, "DATE_FORMAT")},
        columns=columns,
        rows=rows,
        landscape=True,
        notes=_notes(ranking),
    )


__all__ = ["TEXT", "ranking_dataset", "results_dataset"]
