"""The series resources of the JSON API: shapes, what the public may see, errors in the API's own shape."""

import pytest
from django.urls import reverse

from series.models import Person, Series

pytestmark = pytest.mark.django_db


def test_the_series_list_and_a_series(client, club_series):
    listing = client.get(reverse("api-series-list")).json()
    assert listing == [
        {
            "slug": "club-ranking",
            "name": "Club Ranking",
            "method": "mers",
            "as_of": "2026-04-01",
            "ranking": 1,
            "tournaments": 3,
            "listed": listing[0]["listed"],
            "url": reverse("api-series", args=["club-ranking"]),
            "web_url": reverse("series-detail", args=["club-ranking"]),
        }
    ]
    detail = client.get(reverse("api-series", args=["club-ranking"])).json()
    assert detail["parameters"]["minimum_results"] == 3 and detail["parameters"]["part_a_best"] == 5
    assert [t["slug"] for t in detail["tournaments"]] == ["club-jan", "club-feb", "club-mar"]
    assert detail["tournaments"][2] == {
        "slug": "club-mar",
        "name": "Club March",
        "date": "2026-03-15",
        "ranked": 8,
        "weight": 2.0,
        "weight_given": False,
        "days": 2,
        "players": 8,
        "countries": detail["tournaments"][2]["countries"],
        "qualification": False,
    }


def test_the_standings(client, club_series):
    response = client.get(reverse("api-series-standings", args=["club-ranking"]))
    assert response["Access-Control-Allow-Origin"] == "*" and response["ETag"]
    data = response.json()
    ranking = club_series.rankings.get()
    listed = [r for r in ranking.rows if r["listed"]]
    assert [row["rank"] for row in data["rows"]] == [r["rank"] for r in listed]
    first = data["rows"][0]
    assert set(first) == {"rank", "player", "rating", "results", "part_a", "part_b"}
    assert first["rating"] == round(float(listed[0]["rating"]), 2)
    assert set(first["player"]) == {"person", "ema_id", "name", "country", "url"}


def test_a_person_in_a_series_and_across_tournaments(client, club_series):
    ana = Person.objects.get(ema_id="10000001")
    data = client.get(reverse("api-series-person", args=["club-ranking", ana.pk])).json()
    assert [r["tournament"] for r in data["results"]] and all(r["part_a"] for r in data["results"])
    assert data["history"][-1]["date"] == "2026-04-01" and data["history"][-1]["rating"] == data["rating"]
    person = client.get(reverse("api-person", args=[ana.pk])).json()
    assert [t["slug"] for t in person["tournaments"]] == ["club-mar", "club-feb", "club-jan"]
    assert all(len(t["session_ranks"]) == 2 for t in person["tournaments"])
    assert person["series"][0]["slug"] == "club-ranking"


def test_what_is_not_public_is_not_found(client, club_series):
    Series.objects.update(published=False)
    for url in (
        reverse("api-series", args=["club-ranking"]),
        reverse("api-series-standings", args=["club-ranking"]),
        reverse("api-series", args=["no-such-series"]),
        reverse("api-person", args=[999999]),
    ):
        response = client.get(url)
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    assert client.get(reverse("api-series-list")).json() == []


def test_the_api_is_read_only(client, club_series):
    response = client.post(reverse("api-series-standings", args=["club-ranking"]))
    assert response.status_code == 405 and response.json()["error"]["code"] == "method_not_allowed"


def test_an_older_ranking_by_its_number(client, club_series):
    assert client.get(reverse("api-series-standings", args=["club-ranking"]) + "?ranking=1").json()["ranking"] == 1
    assert client.get(reverse("api-series-standings", args=["club-ranking"]) + "?ranking=7").status_code == 404
