"""django-tables2 tables of the tournament's public pages. Rows are plain dicts built by the views."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from core.collation import person_sort_key

TABLE_TEMPLATE = "django_tables2/table.html"


class NameColumn(tables.Column):
    """A player's name linking to their page (the row's ``url``). Sorting by it follows the reader's language
    (core/collation.py: pinyin for Chinese names, ñ after n in Spanish) through the row's ``name_key``, which
    ``with_name_keys`` adds; never by code point."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("order_by", ("name_key", "number"))
        super().__init__(*args, **kwargs)

    def render(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)


def with_name_keys(rows: list[dict]) -> list[dict]:
    """The rows of a table with a NameColumn, each with its name's sort key in the active language."""
    language = get_language()
    return [{**row, "name_key": person_sort_key(row["name"], language)} for row in rows]


class PlayersTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    name = NameColumn(verbose_name=_("Name"))
    country = tables.Column(verbose_name=_("Country"))
    club = tables.Column(verbose_name=_("Club"), default="", attrs={"td": {"class": "opt"}, "th": {"class": "opt"}})
    team = tables.Column(verbose_name=_("Team"), default="")
    substitute = tables.BooleanColumn(
        verbose_name=_("Substitute"), attrs={"td": {"class": "opt"}, "th": {"class": "opt"}}
    )

    class Meta:
        template_name = TABLE_TEMPLATE
        attrs = {"class": "data"}
        order_by = ("number",)
        empty_text = _("No players yet.")
