"""django-tables2 tables for the public pages. Rows are plain dicts built by the views."""
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.rules.ranking import TIEBREAKS

TABLE_TEMPLATE = "django_tables2/table.html"


def format_points(value):
    """A table-points Fraction as a 2-decimal string (7/4 -> '1.75', 7/3 -> '2.33')."""
    if value is None:
        return ""
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


TIEBREAK_LABELS = {
    "table_points": _("Table points"),
    "score": _("Score"),
    "first_places": _("First places"),
    "second_places": _("Second places"),
    "best_session_score": _("Best session score"),
    "fewest_last_places": _("Last places"),
}


class PointsColumn(tables.Column):
    def render(self, value):
        return format_points(value)


class NameColumn(tables.Column):
    def render(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)


class RankColumn(tables.Column):
    def render(self, value, record):
        if record.get("provisional"):
            return format_html('{} <abbr class="provisional" title="{}">*</abbr>', value, _("provisional"))
        return value


class FewestLastColumn(tables.Column):
    def render(self, value):
        return -value


class StandingsTable(tables.Table):
    rank = RankColumn(verbose_name=_("Rank"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    name = NameColumn(verbose_name=_("Name"))
    country = tables.Column(verbose_name=_("Country"), attrs={"td": {"class": "opt"}, "th": {"class": "opt"}})
    team = tables.Column(verbose_name=_("Team"), default="", attrs={"td": {"class": "opt"}, "th": {"class": "opt"}})
    table_points = PointsColumn(verbose_name=_("Table points"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})

    class Meta:
        template_name = TABLE_TEMPLATE
        attrs = {"class": "data standings"}
        order_by = ("rank",)
        empty_text = _("No players yet.")
        row_attrs = {"data-number": lambda record: record["number"]}


def standings_table(rows, tiebreak_keys, **kwargs):
    """A standings table with one extra column per configured tie-break, in order."""
    extra = []
    for key in tiebreak_keys:
        if key in ("table_points", "score") or key not in TIEBREAKS:
            continue
        column_class = FewestLastColumn if key == "fewest_last_places" else tables.Column
        extra.append((f"tb_{key}", column_class(verbose_name=TIEBREAK_LABELS.get(key, key),
                                                 accessor=f"tb_{key}",
                                                 attrs={"td": {"class": "num opt"}, "th": {"class": "num opt"}})))
    return StandingsTable(rows, extra_columns=extra, **kwargs)


class TeamStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    team = tables.Column(verbose_name=_("Team"))
    members = tables.Column(verbose_name=_("Members"), orderable=False, attrs={"td": {"class": "opt"},
                                                                                "th": {"class": "opt"}})
    table_points = PointsColumn(verbose_name=_("Table points"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})

    class Meta:
        template_name = TABLE_TEMPLATE
        attrs = {"class": "data standings"}
        order_by = ("rank",)
        empty_text = _("No teams yet.")


class PlayersTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    name = NameColumn(verbose_name=_("Name"))
    country = tables.Column(verbose_name=_("Country"))
    club = tables.Column(verbose_name=_("Club"), default="", attrs={"td": {"class": "opt"}, "th": {"class": "opt"}})
    team = tables.Column(verbose_name=_("Team"), default="")
    substitute = tables.BooleanColumn(verbose_name=_("Substitute"), attrs={"td": {"class": "opt"},
                                                                           "th": {"class": "opt"}})

    class Meta:
        template_name = TABLE_TEMPLATE
        attrs = {"class": "data"}
        order_by = ("number",)
        empty_text = _("No players yet.")
