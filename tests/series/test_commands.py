"""import_series, export_series, series_standings: a round trip, clear errors naming the field."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from series.models import Series
from tests.series.helpers import correct_hand

pytestmark = pytest.mark.django_db


def run(*args, **kwargs):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err, **kwargs)
    return out.getvalue(), err.getvalue()


def test_export_then_import_gives_the_same_series_and_ranking(club_series, tmp_path):
    exported, _err = run("export_series", "club-ranking")
    data = json.loads(exported)
    assert data["minimum_results"] == 3 and data["decay"] == [
        {"older_than_days": 365, "factor": 0.5},
        {"older_than_days": 730, "factor": 0},
    ]
    assert data["tournaments"][0] == {"slug": "club-jan", "weight": None, "qualification": False}
    rows = club_series.rankings.get().rows
    Series.objects.all().delete()
    path = tmp_path / "series.json"
    path.write_text(exported, encoding="utf-8")
    out, _err = run("import_series", str(path))
    assert "Imported “Club Ranking” (club-ranking): 3 tournaments" in out
    assert Series.objects.get().rankings.get().rows == rows
    again, _err = run("export_series", "club-ranking")
    assert json.loads(again) == data


def test_the_issue_example_file(small_tournaments, tmp_path):
    example = {
        "name": "Liga Ibérica MCR",
        "slug": "liga-iberica",
        "method": "mers",
        "as_of": "2026-11-01",
        "tournaments": [{"slug": "club-mar", "weight": 2.0}, {"slug": "club-jan", "weight": 1.0}],
        "decay": [{"older_than_days": 730, "factor": 0.5}, {"older_than_days": 1095, "factor": 0.0}],
        "minimum_results": 5,
        "best_results": 3,
        "listed_from": 2,
    }
    path = tmp_path / "liga.json"
    path.write_text(json.dumps(example, ensure_ascii=False), encoding="utf-8")
    run("import_series", str(path))
    printed = json.loads(run("series_standings", "liga-iberica", "--format", "json")[0])
    assert printed and all(set(row) == {"rank", "player", "rating", "results"} for row in printed)
    assert all(row["results"] == 2 for row in printed)


@pytest.mark.parametrize(
    "change, expected",
    [
        ({"tournaments": [{"slug": "no-such-cup"}]}, "tournaments[0].slug: There is no tournament “no-such-cup”."),
        ({"tournaments": [{"slug": "club-jan", "weight": -0.5}]}, "tournaments[0].weight: A weight cannot be below 0."),
        (
            {"decay": [{"older_than_days": 730, "factor": 0.5}, {"older_than_days": 365, "factor": 0}]},
            "decay[1].older_than_days: The steps go from the youngest to the oldest",
        ),
        ({"decay": [{"older_than_days": "a year", "factor": 0.5}]}, "decay[0].older_than_days: A whole number."),
        ({"colour": "green"}, "colour: Unknown key."),
        ({"method": "elo"}, "method: One of mers, league."),
        ({"as_of": "1 November"}, "as_of: A date"),
    ],
)
def test_bad_files_name_the_field(small_tournaments, tmp_path, change, expected):
    data = {"name": "Bad", "slug": "bad", "method": "mers", "tournaments": [{"slug": "club-jan"}], **change}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        run("import_series", str(path))
    assert "nothing was imported" in str(caught.value) and expected in str(caught.value)
    assert not Series.objects.exists()


def test_an_existing_series_is_replaced_only_when_asked(club_series, tmp_path):
    exported, _err = run("export_series", "club-ranking")
    data = json.loads(exported)
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**data, "best_results": 3}), encoding="utf-8")
    with pytest.raises(CommandError, match="exists already"):
        run("import_series", str(path))
    run("import_series", str(path), "--replace")
    assert Series.objects.get().best_results == 3 and Series.objects.get().rankings.count() == 2


def test_series_standings_says_when_results_changed_and_recomputes(club_series):
    correct_hand("club-mar", 1, 1, 3, seat=2, points=80)
    out, err = run("series_standings", "club-ranking")
    assert "results changed since" in err
    before = json.loads(out)
    out, err = run("series_standings", "club-ranking", "--recompute")
    assert "Version 2 kept." in err and json.loads(out) != before
    out, _err = run("series_standings", "club-ranking", "--ranking", "1")
    assert json.loads(out) == before
    with pytest.raises(CommandError, match="No series"):
        run("series_standings", "nothing")


def test_links_travel_in_the_file(club_series, tmp_path):
    from series import services
    from series.models import PlayerLink
    from tournament.models import Player

    feb = Player.objects.get(tournament__slug="club-feb", name="Rosa Vidal")
    jan_person = PlayerLink.objects.get(player__tournament__slug="club-jan", player__name="Rosa Vidal").person
    services.person_link(player=feb, person=jan_person, by=None)
    data = json.loads(run("export_series", "club-ranking")[0])
    assert data["links"] == [
        {"players": [{"tournament": "club-jan", "number": 8}, {"tournament": "club-feb", "number": 8}]}
    ]
    # On another machine: the same tournaments, the links made by the file.
    services.person_unlink(player=feb, by=None)
    Series.objects.all().delete()
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run("import_series", str(path))
    assert PlayerLink.objects.get(player=feb).person == jan_person
