"""Seating charts as organizers write them (appendix 3): CSV or JSON text, read and checked for form.

Nothing here knows a tournament; ``schedule.services.chart_check`` checks a chart against one.
"""

import csv
import io
import json
import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from core import safejson

# The limits of a chart, pasted or uploaded (README, "Limits"). A chart of 60 sessions for 1,000
# players is about 90,000 characters.
MAX_CHART_CHARS = 200_000
MAX_CHART_BYTES = 1_000_000  # an uploaded file, before decoding
MAX_NUMBER_DIGITS = 6  # session, table and player numbers
MAX_JSON_DEPTH = 4  # {"sessions": [session [table [numbers]]]}
MAX_SESSIONS = 60  # as Tournament.session_count
MAX_TABLES = 1_000


@dataclass
class ChartParse:
    """A chart read from text: ``sessions[s][t]`` = four player numbers, and the errors found.

    ``errors`` is a list of (where, message): where is "line 3" for CSV, "session 2, table 1" for JSON,
    or "" for the whole chart. The chart is usable only when there are no errors.
    """

    sessions: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    format: str = ""
    lines: dict = field(default_factory=dict)  # (session, table) -> where it was written


def _int(value):
    value = str(value).strip()
    # ASCII digits only ("²".isdigit() is true), and few of them: int() of thousands of digits is slow.
    if not re.fullmatch(rf"[0-9]{{1,{MAX_NUMBER_DIGITS}}}", value):
        return None
    n = int(value)
    return n if n >= 1 else None


def _parse_csv(text, result):
    if not any(c in text for c in ",;\t"):
        text = "\n".join(",".join(line.split()) for line in text.splitlines())  # numbers apart by spaces
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = {}
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        _read_csv_rows(reader, rows, result)
    except csv.Error:
        # A cell over the csv module's limit (128 KB), a stray quote that swallows the file, a NUL byte.
        result.errors.append(
            (
                _("line %(n)s") % {"n": reader.line_num},
                _("this line cannot be read as CSV (a value is far too long, or a quote is not closed)"),
            )
        )
        return
    _check_csv_rows(rows, result)


def _read_csv_rows(reader, rows, result):
    first = True
    for row in reader:
        line = _("line %(n)s") % {"n": reader.line_num}
        cells = [c.strip() for c in row]
        while cells and cells[-1] == "":
            cells.pop()
        if not cells or cells[0].startswith("#"):
            continue
        if first and _int(cells[0]) is None:
            first = False
            continue  # a header line
        first = False
        if len(cells) != 6:
            result.errors.append(
                (line, _("expected 6 values (session, table and four player numbers), found %(n)s") % {"n": len(cells)})
            )
            continue
        numbers = [_int(c) for c in cells]
        bad = [c for c, n in zip(cells, numbers) if n is None]
        if bad:
            result.errors.append(
                (
                    line,
                    _("%(v)s is not a whole number from 1 up")
                    % {"v": ", ".join(repr(b if len(b) <= 20 else b[:17] + "...") for b in bad)},
                )
            )
            continue
        s, t, *players = numbers
        if s > MAX_SESSIONS or t > MAX_TABLES:
            result.errors.append(
                (line, _("a chart has at most %(s)s sessions of %(t)s tables") % {"s": MAX_SESSIONS, "t": MAX_TABLES})
            )
            continue
        if t in rows.setdefault(s, {}):
            result.errors.append(
                (
                    line,
                    _("session %(s)s, table %(t)s is given twice (first on %(first)s)")
                    % {"s": s, "t": t, "first": rows[s][t][0]},
                )
            )
            continue
        rows[s][t] = (line, players)


def _check_csv_rows(rows, result):
    if not rows and not result.errors:
        result.errors.append(("", _("The chart is empty.")))
        return
    for s in range(1, max(rows, default=0) + 1):
        if s not in rows:
            result.errors.append(
                ("", _("Session %(s)s has no tables; sessions are numbered from 1 without gaps.") % {"s": s})
            )
            continue
        tables = rows[s]
        missing = [t for t in range(1, max(tables) + 1) if t not in tables]
        if missing:
            result.errors.append(
                (
                    "",
                    _("Session %(s)s: table(s) %(t)s missing; tables are numbered from 1 without gaps.")
                    % {"s": s, "t": ", ".join(map(str, missing))},
                )
            )
        result.sessions.append([tables[t][1] for t in sorted(tables)])
        for i, t in enumerate(sorted(tables), 1):
            result.lines[(s, i)] = tables[t][0]


def _limit_message(exc):
    """What a chart's JSON broke of the reader's limits, in words."""
    if exc.kind == "depth":
        return _(
            "Lists are nested too deeply: a chart is a list of sessions, each a list of tables, each "
            "a list of four player numbers."
        )
    if exc.kind == "surrogate":
        return _(
            "The text at %(where)s holds a lone surrogate (like \\ud800): half of a UTF-16 pair, which is not a "
            "character. Remove it or write the whole character."
        ) % {"where": exc.path}
    if exc.kind == "constant":
        return _("NaN and Infinity are not numbers JSON allows.")
    return _("A number is too long (at most %(n)s digits).") % {"n": MAX_NUMBER_DIGITS}


def _parse_json(text, result):
    try:
        data = safejson.loads(text, max_depth=MAX_JSON_DEPTH, max_digits=MAX_NUMBER_DIGITS)
    except safejson.JSONLimitError as exc:
        result.errors.append(("", _limit_message(exc)))
        return
    except ValueError as exc:
        result.errors.append(("", _("This is not valid JSON: %(e)s") % {"e": exc}))
        return
    if isinstance(data, dict) and "sessions" in data:
        data = data["sessions"]
    if isinstance(data, list) and (
        len(data) > MAX_SESSIONS or any(isinstance(t, list) and len(t) > MAX_TABLES for t in data)
    ):
        result.errors.append(
            ("", _("a chart has at most %(s)s sessions of %(t)s tables") % {"s": MAX_SESSIONS, "t": MAX_TABLES})
        )
        return
    if not isinstance(data, list) or not data:
        result.errors.append(
            ("", _("Give a list of sessions, each a list of tables, each a list of four player numbers."))
        )
        return
    for s, tables in enumerate(data, 1):
        if not isinstance(tables, list) or not tables:
            result.errors.append((_("session %(s)s") % {"s": s}, _("give a list of tables")))
            result.sessions.append([])
            continue
        out = []
        for t, table in enumerate(tables, 1):
            where = _("session %(s)s, table %(t)s") % {"s": s, "t": t}
            result.lines[(s, t)] = where
            if not isinstance(table, list) or len(table) != 4:
                result.errors.append((where, _("give exactly four player numbers")))
                continue
            if any(isinstance(p, bool) or not isinstance(p, int) or p < 1 for p in table):
                shown = json.dumps(table, ensure_ascii=False)
                shown = shown if len(shown) <= 80 else shown[:77] + "..."
                result.errors.append((where, _("%(v)s is not a list of player numbers") % {"v": shown}))
                continue
            out.append(list(table))
        result.sessions.append(out)


def parse_chart(text):
    """Read a chart: CSV (session, table, four player numbers per line) or JSON (list of sessions of
    tables). Returns a ChartParse; nothing is checked against a tournament here."""
    result = ChartParse()
    text = (text or "").lstrip("\ufeff").strip()
    if not text:
        result.errors.append(("", _("The chart is empty.")))
        return result
    if len(text) > MAX_CHART_CHARS:
        result.errors.append(("", _("The chart is too long (at most %(n)s characters).") % {"n": MAX_CHART_CHARS}))
        return result
    if text[0] in "[{":
        result.format = "json"
        _parse_json(text, result)
    else:
        result.format = "csv"
        _parse_csv(text, result)
    if not result.errors:
        lines = result.lines
        for s, tables in enumerate(result.sessions, 1):
            where = {}
            for t, table in enumerate(tables, 1):
                for p in table:
                    if p in where:
                        result.errors.append(
                            (
                                lines.get((s, t), ""),
                                _("player %(p)s is seated twice in session %(s)s (tables %(a)s and %(b)s)")
                                % {"p": p, "s": s, "a": where[p], "b": t},
                            )
                        )
                    else:
                        where[p] = t
    return result
