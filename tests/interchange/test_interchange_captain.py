"""The team captain in the interchange JSON: written on the captain's player row, set again on import; a
file without it imports as before."""

import copy
import json

import pytest

from interchange.export import export_json, tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from interchange.shape import parse_json
from tournament.models import Team, Tournament

pytestmark = pytest.mark.django_db

FILE = {
    "name": "Captains Cup",
    "slug": "captains-cup",
    "rules": "mcr",
    "session_count": 1,
    "players": [{"number": n, "name": f"Player {n}", "team": "Dragons" if n <= 2 else "Winds"} for n in range(1, 5)],
}


def test_captain_round_trips(organizer):
    data = copy.deepcopy(FILE)
    data["players"][1]["team_captain"] = True
    t = tournament_import(data)
    assert Team.objects.get(tournament=t, name="Dragons").captain.number == 2
    assert Team.objects.get(tournament=t, name="Winds").captain is None
    exported = tournament_export(t)
    assert exported["players"][1].get("team_captain") is True
    assert all("team_captain" not in row for i, row in enumerate(exported["players"]) if i != 1)
    again = tournament_import(dict(parse_json(export_json(t)), slug="captains-cup-2"))
    assert Team.objects.get(tournament=again, name="Dragons").captain.number == 2


def test_no_captain_no_key(organizer):
    t = tournament_import(copy.deepcopy(FILE))
    assert "team_captain" not in json.dumps(tournament_export(t))


@pytest.mark.parametrize(
    "change, path",
    [
        (
            lambda d: d["players"][0].update(team_captain=True) or d["players"][1].update(team_captain=True),
            "players[1].team_captain",
        ),
        (lambda d: d["players"][0].update(team=None, team_captain=True), "players[0].team_captain"),
        (lambda d: d["players"][0].update(team_captain="yes"), "players[0].team_captain"),
    ],
)
def test_bad_captains_are_refused(change, path):
    data = copy.deepcopy(FILE)
    change(data)
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == path
    assert not Tournament.objects.exists()
