"""How a ranking is described to people: its parameters in words, its tournaments with what each counts,
ratings as published (two decimals). Shared by the pages, the files and the API."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ratings.base import format_number, two_decimals
from series import selectors
from series.models import SeriesMethod


def rating_text(value: Fraction | None) -> str:
    return "" if value is None else str(two_decimals(value))


def event_rows(ranking) -> list[dict]:
    """The tournaments of a kept ranking, newest first, with how much each counts on its date."""
    params = selectors.method_parameters(ranking.parameters)
    decay = getattr(params, "decay", ())
    rows = []
    for e in selectors.kept_events(ranking):
        age = (ranking.as_of - e.day).days
        factor = Fraction(1)
        for step in decay:
            if age > step.older_than_days:
                factor = step.factor
        rows.append(
            {
                "facts": e,
                "weight": format_number(e.weight),
                "factor": format_number(factor),
                "dropped": factor == 0 or e.weight == 0,
                "age": age,
            }
        )
    rows.sort(key=lambda r: (r["facts"].day, r["facts"].slug), reverse=True)
    return rows


def parameter_lines(parameters: dict) -> list[tuple[str, str]]:
    """The parameters of a ranking as (what, value) lines people read."""
    lines = [(_("Ranking date"), date_format(date.fromisoformat(parameters["as_of"]), "DATE_FORMAT"))]
    if parameters["method"] == SeriesMethod.LEAGUE:
        lines += [
            (_("Method"), str(SeriesMethod.LEAGUE.label)),
            (
                _("Counted"),
                _("the best %(k)s events, by %(by)s")
                % {
                    "k": parameters["best_results"],
                    "by": _("table points") if parameters["league_by"] == "table_points" else _("base rank"),
                },
            ),
            (_("Listed from"), _("%(n)s events") % {"n": parameters["listed_from"]}),
        ]
        return lines
    decay = "; ".join(
        _("older than %(days)s days: × %(factor)s")
        % {"days": s["older_than_days"], "factor": format_number(Fraction(Decimal(s["factor"])))}
        for s in parameters["decay"]
    ) or _("none")
    part_a = (
        _("every result")
        if parameters["part_a_best"] is None
        else _("the best %(n)s and %(share)s of the others")
        % {"n": parameters["part_a_best"], "share": f"{Decimal(parameters['part_a_share']) * 100:.0f} %"}
    )
    lines += [
        (_("Method"), str(SeriesMethod.MERS.label)),
        (_("Time decay"), decay),
        (
            _("Minimum results"),
            _("%(n)s (results of 0 at weight 1 fill the gap)") % {"n": parameters["minimum_results"]},
        ),
        (_("Part A"), part_a),
        (_("Part B"), _("the best %(n)s results") % {"n": parameters["best_results"]}),
        (_("Listed from"), _("%(n)s real results") % {"n": parameters["listed_from"]}),
    ]
    return lines
