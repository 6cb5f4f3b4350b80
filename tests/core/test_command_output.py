"""The commands' tables (core.command_output): the ``standings`` and ``series_standings`` commands print through it."""

from core.command_output import neutralise, rows_text

ROWS = [{"rank": 1, "name": "=HYPERLINK(x)", "points": 1.5}, {"rank": 2, "name": "Ana", "points": 0.0}]


def test_json_is_the_rows_as_given():
    assert rows_text(ROWS, "json", ["rank"], lambda r: []).startswith('[\n {\n  "rank": 1,')


def test_csv_has_the_header_and_the_cells_text_never_a_formula():
    text = rows_text(ROWS, "csv", ["rank", "name", "points"], lambda r: [r["rank"], neutralise(r["name"]), r["points"]])
    assert text.splitlines() == ["rank,name,points", "1,'=HYPERLINK(x),1.5", "2,Ana,0.0"]
    assert neutralise("-3") == "'-3" and neutralise(7) == "7"
