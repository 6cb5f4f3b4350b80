"""Every upload has limits checked before or while parsing: a hostile or careless file is refused with a
clear message, in well under a second and under 200 MB of memory (the whole process, Django included),
and nothing is written. Each parser runs in its own process so its peak memory can be measured."""

import json

import pytest

from tests.limits.helpers import assert_refused_quickly, inline, measure, sheet_xml, write_xlsx

HEADER = [inline("A1", "number"), inline("B1", "name")]


def test_xlsx_declaring_a_million_rows(tmp_path):
    sheet = sheet_xml(
        [
            (1, HEADER),
            (2, [inline("A2", "1"), inline("B2", "Ana")]),
            (1048576, [inline("A1048576", "2"), inline("B1048576", "Bo")]),
        ],
        dimension="A1:XFD1048576",
    )
    result = measure("players", write_xlsx(tmp_path / "rows.xlsx", sheet))
    assert_refused_quickly(result, "declares 1048576 rows", "at most 2000 players")


def test_xlsx_with_a_row_far_down_but_no_dimension(tmp_path):
    """Without a declared size, openpyxl would fill the gap with a million empty rows; reading stops early."""
    sheet = sheet_xml(
        [(1, HEADER), (2, [inline("A2", "1"), inline("B2", "Ana")]), (1048576, [inline("XFD1048576", "x")])]
    )
    result = measure("players", write_xlsx(tmp_path / "gap.xlsx", sheet))
    assert result["seconds"] < 1.0 and result["peak_mb"] < 200, result


def test_xlsx_with_a_huge_shared_string(tmp_path):
    path = write_xlsx(
        tmp_path / "bomb.xlsx",
        sheet_xml([(1, HEADER), (2, ['<c r="A2" t="s"><v>0</v></c>'])]),
        big_shared_string_mb=400,
    )
    assert path.stat().st_size < 1024 * 1024  # under the upload limit: only the unpacked size gives it away
    result = measure("players", path)
    assert_refused_quickly(result, "unpacks to more than 16 MB")


def test_xlsx_with_too_many_cells(tmp_path):
    rows = [(1, HEADER)] + [(r, [f'<c r="A{r}"/>'] * 200) for r in range(2, 800)]
    result = measure("players", write_xlsx(tmp_path / "cells.xlsx", sheet_xml(rows)))
    assert_refused_quickly(result, "more than 100000 cells")


def test_xlsx_with_a_long_cell(tmp_path):
    sheet = sheet_xml([(1, HEADER), (2, [inline("A2", "1"), inline("B2", "x" * 5000)])])
    result = measure("players", write_xlsx(tmp_path / "long.xlsx", sheet))
    assert_refused_quickly(result, "longer than 1000 characters")


def test_csv_cell_over_128_kb(tmp_path):
    path = tmp_path / "cell.csv"
    path.write_text('number,name\n1,"' + "x" * 200_000 + '"\n')
    assert_refused_quickly(measure("players", path), "cannot be read")


def test_csv_with_nul_bytes(tmp_path):
    path = tmp_path / "nul.csv"
    path.write_bytes(b"number,name\n1,Ana\x00\n")
    assert_refused_quickly(measure("players", path), "NUL")


@pytest.mark.parametrize(
    "body, message",
    [
        ("\n" * 1_000_000, "has a header but no players"),
        ("".join(f"{i},P{i}\n" for i in range(1, 60_000)), "more than 2000 players"),
        ("9" * 5000 + ",Ana\n", "longer than 1000 characters"),
        ("9" * 900 + ",Ana\n", "is not a whole number"),
        ("100000,Ana\n", "player numbers go up to 99999"),
    ],
)
def test_csv_rows_and_numbers(tmp_path, body, message):
    path = tmp_path / "rows.csv"
    path.write_text("number,name\n" + body)
    assert path.stat().st_size <= 1024 * 1024
    assert_refused_quickly(measure("players", path), message)


def test_players_file_over_the_size_limit(tmp_path):
    path = tmp_path / "big.csv"
    path.write_text("number,name\n" + "1,Ana\n" * 300_000)
    assert_refused_quickly(measure("players", path), "too big")


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("[[[1, 2, 3, " + "9" * 5000 + "]]]", "too long"),
        ("1,1,1,2,3," + "9" * 5000, "is not a whole number"),
        ('1,1,1,2,3,"' + "x" * 150_000 + '"', "cannot be read as CSV"),
        ("1,1,1,2,3,4\n100000,1,5,6,7,8", "at most 60 sessions"),
        ("[" + ",".join(["[[1,2,3,4]]"] * 61) + "]", "at most 60 sessions"),
    ],
)
def test_chart_limits(tmp_path, text, message):
    path = tmp_path / "chart.txt"
    path.write_text(text)
    assert_refused_quickly(measure("chart", path), message)


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"name": "x", "slug": "x", "players": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested more than 12 deep"),
        ('{"name": "x", "slug": "x", "session_count": ' + "9" * 5000 + "}", "more than 15 digits"),
        ('{"name": "x", "slug": "x", "appeal_fee": 1e999}', "too large"),
        ('{"name": "x\\u0000", "slug": "x"}', "NUL"),
    ],
)
def test_interchange_limits(tmp_path, text, message):
    path = tmp_path / "t.json"
    path.write_text(text)
    assert_refused_quickly(measure("interchange", path), message)


def test_interchange_file_over_the_size_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"name": "x", "slug": "x", "venue": "v" * (21 * 1024 * 1024)}))
    assert_refused_quickly(measure("interchange", path), "too large")
