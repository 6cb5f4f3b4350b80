"""The tournament and series files' declared schemas (interchange.schema, series.schema, core.json_schema): valid
JSON Schema, published in docs/schemas/ as the code declares them, every field typed, the demo files fit, and
each kind of error says where, what was found and what is expected."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.json_schema import check_schema, schema_errors
from interchange.schema import tournament_file_schema, untyped
from series.schema import problems, series_file_schema

ROOT = Path(__file__).resolve().parents[2]


def test_the_schemas_are_valid_json_schema():
    check_schema(tournament_file_schema())
    check_schema(series_file_schema())


def test_the_published_schemas_are_the_declared_ones():
    """docs/schemas/ is what the code declares (make check runs the same comparison)."""
    done = subprocess.run(
        [sys.executable, "scripts/file_schemas.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_field_of_the_tournament_file_has_its_type():
    """A key added to interchange.format without its type in interchange.schema is accepted as anything: name it."""
    assert untyped() == {}, "give these fields their type in interchange/schema.py: " + json.dumps(untyped())


@pytest.mark.parametrize("name", ["demo.json", "demo-swiss.json", "demo-spanish.json"])
def test_the_demo_files_fit_the_published_schema(name):
    published = json.loads((ROOT / "docs/schemas/tournament-file.schema.json").read_text(encoding="utf-8"))
    data = json.loads((ROOT / "fixtures" / name).read_text(encoding="utf-8"))
    assert schema_errors(published, data) == []


MINIMAL = {"name": "Open", "slug": "open"}


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"session_count": "4"}, "session_count", "expected a whole number, found a string"),
        ({"published": 1}, "published", "expected true or false, found a whole number"),
        ({"start_date": "16/05/2026"}, "start_date", "“16/05/2026” is not a date YYYY-MM-DD"),
        ({"colour": "red"}, "colour", "unknown field; expected one of"),
        ({"rules": "swiss"}, "rules", "“swiss” is not a rule set; expected one of mcr"),
        ({"players": [{"number": 1}]}, "players[0].name", "missing"),
        ({"players": [{"number": 0, "name": "A"}]}, "players[0].number", "must be 1 or more, not 0"),
        ({"sessions": [{"number": 1, "status": "over"}]}, "sessions[0].status", "“over” is not one of planned"),
        (
            {"sessions": [{"number": 1, "tables": [{"seats": [1, 2, 3]}]}]},
            "sessions[0].tables[0].seats",
            "a table has four players (East, South, West, North), not 3",
        ),
        ({"teams": ["Dragons", 7]}, "teams[1]", "expected a string, found a whole number"),
        ({"appeals": [{"number": "1"}]}, "appeals[0].session", "missing"),  # the element's fields first, as before
    ],
)
def test_each_error_says_where_what_was_found_and_what_is_expected(change, path, message):
    found = schema_errors(tournament_file_schema(), {**MINIMAL, **change})
    assert found and found[0][0] == path and message in found[0][1], found


def test_a_file_that_fits_has_no_error():
    assert schema_errors(tournament_file_schema(), MINIMAL) == []


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([], [("", "A series file is a JSON object.")]),
        (
            {"name": "S", "slug": "s", "method": "mers", "tournaments": [], "colour": 1},
            [("colour", "Unknown key.")],
        ),
        (
            {"name": 3, "slug": "s", "method": "elo"},
            [("tournaments", "Missing."), ("method", "One of mers, league."), ("name", "Text.")],
        ),
        (
            {"name": "S", "slug": "s", "method": "mers", "tournaments": [{"slug": ""}], "as_of": "1 Nov"},
            [
                ("as_of", "A date, e.g. 2026-11-01, or null for the day it is computed."),
                ("tournaments[0].slug", "The tournament's short name."),
            ],
        ),
    ],
)
def test_the_series_file_names_every_problem_in_its_words(data, expected):
    assert sorted(problems(data)) == sorted(expected)
