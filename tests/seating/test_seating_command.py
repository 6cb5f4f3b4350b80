"""``manage.py seating`` (no database needed)."""
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args):
    out = StringIO()
    call_command("seating", *args, stdout=out)
    return out.getvalue()


def test_json_output():
    data = json.loads(run("--players", "16", "--sessions", "5", "--format", "json"))
    assert len(data["sessions"]) == 5
    for ses in data["sessions"]:
        assert sorted(p for tb in ses for p in tb) == list(range(1, 17))
    assert data["metrics"]["repeat_excess"] == 0
    assert set(data["metrics"]) >= {"repeated_pairs", "repeat_excess", "max_meetings", "wind_spread",
                                     "team_clashes", "lower_bound"}


def test_team_size_and_seed():
    a = json.loads(run("--players", "32", "--sessions", "7", "--team-size", "4", "--seed", "3", "--format", "json"))
    assert a["metrics"]["team_clashes"] == 0 and a["metrics"]["repeat_excess"] == 0
    for ses in a["sessions"]:
        for tb in ses:
            assert len({(p - 1) // 4 for p in tb}) == 4
    b = json.loads(run("--players", "32", "--sessions", "7", "--team-size", "4", "--seed", "3", "--format", "json"))
    c = json.loads(run("--players", "32", "--sessions", "7", "--team-size", "4", "--seed", "4", "--format", "json"))
    assert a == b and a != c


def test_text_output():
    text = run("--players", "8", "--sessions", "2", "--format", "text")
    assert "Session 2" in text and "East" in text and "lower bound" in text


def test_errors():
    with pytest.raises(CommandError, match="add 2 substitutes"):
        run("--players", "18", "--sessions", "3")
    with pytest.raises(CommandError, match="team-size"):
        run("--players", "16", "--sessions", "3", "--team-size", "5")
