"""django-tables2 tables of the tournament's public pages. Rows are plain dicts built by the views."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

TABLE_TEMPLATE = "django_tables2/table.html"


class NameColumn(tables.Column):
    """A player's name linking to their page (the row's ``url``)."""

    def render(self, value, record):
        return format_html('<a href="{}">{}</a>', record["url"], value)


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
