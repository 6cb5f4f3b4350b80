"""django-tables2 tables of the standings pages. Rows are the plain dicts of ``standings.selectors``."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from rules.ranking import TIEBREAKS
from tournament.numbers import table_points_shown
from tournament.tables import TABLE_TEMPLATE, NameColumn, with_name_keys

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
NUM_OPT = {"td": {"class": "num opt"}, "th": {"class": "num opt"}}
OPT = {"td": {"class": "opt"}, "th": {"class": "opt"}}


def tiebreak_label(key: str) -> str:
    """A tie-break's name in the user's language (the ranking engine keeps it in English)."""
    return gettext(TIEBREAKS[key].label) if key in TIEBREAKS else key


class PointsColumn(tables.Column):
    def render(self, value):
        return table_points_shown(value)


class RankColumn(tables.Column):
    def render(self, value, record):
        if not record.get("played", True):
            return self.withdrawn(format_html('<span title="{}">—</span>', _("no results yet")), record)
        shown = value
        if record.get("provisional"):
            shown = format_html('{} <abbr class="provisional" title="{}">*</abbr>', shown, _("provisional"))
        if record.get("lost_sessions"):
            # A session lost by a late arrival or a time forfeit (MCR 3.11.2): placed last at that table.
            title = ngettext(
                "Lost session: %(sessions)s", "Lost sessions: %(sessions)s", len(record["lost_sessions"])
            ) % {"sessions": ", ".join(map(str, record["lost_sessions"]))}
            shown = format_html('{} <abbr class="lost" title="{}">{}</abbr>', shown, title, gettext("L"))
        if record.get("decider"):
            # Fully tied players ordered by the chief referee's decider (MCR 3.10.1): a play-off or lots.
            decider = record["decider"]
            title = gettext("Tie decided by the chief referee: %(method)s") % {"method": decider.get_method_display()}
            if decider.note:
                title += f" ({decider.note})"
            shown = format_html('{} <abbr class="decided" title="{}">{}</abbr>', shown, title, gettext("D"))
        if record.get("under_appeal"):
            # An appeal about one of the player's tables is undecided (MCR 3.12): the result may change.
            shown = format_html(
                '{} <abbr class="under-appeal" title="{}">{}</abbr>', shown, gettext("Under appeal"), gettext("A")
            )
        return self.withdrawn(shown, record)

    @staticmethod
    def withdrawn(shown, record):
        if record.get("withdrawn"):
            shown = format_html(
                '{} <abbr class="withdrawn" title="{}">{}</abbr>',
                shown,
                gettext("withdrawn: ranked with what they earned"),
                gettext("W"),
            )
        return shown


class RankedMeta:
    """What every ranking table shares: our table template, the standings style, best first."""

    template_name = TABLE_TEMPLATE
    attrs = {"class": "data standings"}
    order_by = ("rank",)


class StandingsTable(tables.Table):
    rank = RankColumn(verbose_name=_("Rank"), attrs=NUM)
    number = tables.Column(verbose_name=_("No."), attrs=NUM)
    name = NameColumn(verbose_name=_("Name"))
    country = tables.Column(verbose_name=_("Country"), attrs=OPT)
    team = tables.Column(verbose_name=_("Team"), default="", attrs=OPT)
    table_points = PointsColumn(verbose_name=_("Table points"), attrs=NUM)
    score = tables.Column(verbose_name=_("Score"), attrs=NUM)

    class Meta(RankedMeta):
        empty_text = _("No players yet.")
        row_attrs = {"data-number": lambda record: record["number"]}


def standings_table(rows, tiebreak_keys, **kwargs):
    """A standings table with one extra column per configured tie-break, in order, and in an elimination
    tournament one saying who is still in and when the others went out.

    `rows` are ``standings_rows`` dicts with a ``url`` each.
    """
    data = with_name_keys([dict(row, **{f"tb_{k}": v for k, v in row["tiebreaks"].items()}) for row in rows])
    extra = [
        (f"tb_{key}", tables.Column(verbose_name=tiebreak_label(key), accessor=f"tb_{key}", attrs=NUM_OPT))
        for key in tiebreak_keys
        if key not in ("table_points", "score") and key in TIEBREAKS
    ]
    if any(row.get("carried") for row in rows):
        # A final after a cut (standings.finals): each finalist's carried part and final part.
        extra[:0] = [
            ("carried", tables.Column(verbose_name=_("Carried over"), default="", orderable=False, attrs=NUM_OPT)),
            ("final_part", tables.Column(verbose_name=_("Final"), default="", orderable=False, attrs=NUM_OPT)),
        ]
    if any(row.get("elimination") for row in rows):
        extra.insert(0, ("elimination", tables.Column(verbose_name=_("Elimination"), orderable=False)))
    return StandingsTable(data, extra_columns=extra, **kwargs)


class TeamStandingsTable(tables.Table):
    rank = RankColumn(verbose_name=_("Rank"), attrs=NUM)
    team = tables.Column(verbose_name=_("Team"))
    members = tables.Column(verbose_name=_("Members"), orderable=False, attrs=OPT)
    table_points = PointsColumn(verbose_name=_("Table points"), attrs=NUM)
    score = tables.Column(verbose_name=_("Score"), attrs=NUM)

    class Meta(RankedMeta):
        empty_text = _("No teams yet.")
