"""A management command's table printed as JSON or CSV, and text safe in a spreadsheet cell: one definition for the
``standings`` and ``series_standings`` commands and for the exports' CSV and XLSX files."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

# A spreadsheet opening a CSV (or a cell later edited) runs text starting with one of these as a formula:
# =HYPERLINK(...), @SUM(...)|cmd.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(text: object) -> str:
    """Text as it may go into a CSV or XLSX cell: never read as a formula when a spreadsheet opens it (OWASP's
    advice: prefix such text with a single quote)."""
    text = str(text)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def rows_text(
    rows: Sequence[dict[str, Any]], format: str, columns: Sequence[str], cells: Callable[[dict[str, Any]], Iterable]
) -> str:
    """The rows as JSON (a list of objects, as given) or as CSV: a header of ``columns``, then ``cells(row)`` for
    each row (which neutralises its text)."""
    if format == "json":
        return json.dumps(list(rows), ensure_ascii=False, indent=1)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(list(cells(row)))
    return out.getvalue()
