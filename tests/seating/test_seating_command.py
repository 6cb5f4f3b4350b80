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
    assert set(data["metrics"]) >= {
        "repeated_pairs",
        "repeat_excess",
        "max_meetings",
        "wind_spread",
        "team_clashes",
        "lower_bound",
    }


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


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_32_players_10_sessions_repeat_free(seed):
    # the social golfer instance 8-4-10: nobody meets twice, winds balanced
    data = json.loads(run("--players", "32", "--sessions", "10", "--seed", str(seed), "--format", "json"))
    assert data["metrics"]["repeat_excess"] == 0 and data["metrics"]["max_meetings"] == 1
    assert data["metrics"]["wind_spread"] <= 1


@pytest.mark.parametrize("seed", [0, 3])
def test_32_by_9_keeps_teams_of_four_apart_without_repeats(seed):
    data = json.loads(
        run("--players", "32", "--sessions", "9", "--team-size", "4", "--seed", str(seed), "--format", "json")
    )
    assert data["metrics"]["team_clashes"] == 0 and data["metrics"]["repeat_excess"] == 0


def test_prefer_clashes_keeps_teams_apart_at_the_cost_of_repeats():
    # 16x5 is the affine plane: everybody meets everybody, so with teams of
    # four either team-mates meet or somebody meets twice
    rep = json.loads(run("--players", "16", "--sessions", "5", "--team-size", "4", "--format", "json"))["metrics"]
    cl = json.loads(
        run("--players", "16", "--sessions", "5", "--team-size", "4", "--prefer", "clashes", "--format", "json")
    )["metrics"]
    assert rep["repeat_excess"] == 0 and rep["team_clashes"] > 0
    assert cl["team_clashes"] == 0 and cl["repeat_excess"] > 0
