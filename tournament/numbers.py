"""Numbers as pages and printed documents show them to people: in the reader's language ("1,50" table points
in Spanish, "1.50" in English and Chinese), by Django's formats for the active language.

Files read by programs (CSV, the ranking body's file, XLSX cells, the JSON API) keep
``rules.table_points.format_table_points``: the same digits with a point, whatever the language."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils import formats

from rules.table_points import format_table_points


def table_points_shown(value: Fraction | Decimal | float | str | None) -> str:
    """Table points as a page shows them: two decimals (``format_table_points``), the language's decimal
    separator (Django's ``number_format``, as the templates' ``floatformat``); '' for none."""
    return formats.number_format(format_table_points(value))


def number_shown(value: int | float) -> str:
    """A score that may carry a fraction (a finalist's carried points), as a page shows it."""
    return formats.number_format(value)
