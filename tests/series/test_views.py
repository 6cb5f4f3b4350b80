"""Series pages per role: the public reads, series organizers change, tournament organizers link their
players; anonymous users are sent to log in and others refused, with nothing changed."""

import json
import re

import pytest
from django.urls import reverse

from series.models import Person, PlayerLink, Series, SeriesRanking
from tests.series.helpers import correct_hand
from tournament.models import Player, Tournament, TournamentRole

pytestmark = pytest.mark.django_db

READERS = ("anonymous", "outsider", "organizer", "series_organizer")


@pytest.fixture
def tournament_organizer(organizer, small_tournaments):
    """``organizer`` organizes Club January (not the series)."""
    TournamentRole.objects.create(
        tournament=Tournament.objects.get(slug="club-jan"), user=organizer, role=TournamentRole.Role.ORGANIZER
    )
    return organizer


def ana():
    return Person.objects.get(ema_id="10000001")


def public_urls(slug):
    person = ana().pk
    return [
        reverse("series-list"),
        reverse("series-detail", args=[slug]),
        reverse("series-detail", args=[slug]) + "?ranking=1",
        reverse("series-rankings", args=[slug]),
        reverse("series-person", args=[slug, person]),
        reverse("person-detail", args=[person]),
        reverse("series-export-ranking", args=[slug, "csv"]),
        reverse("series-export-ranking", args=[slug, "xlsx"]),
        reverse("series-export-ranking", args=[slug, "pdf"]),
        reverse("series-export-results", args=[slug, "csv"]),
    ]


def organizer_urls(slug):
    return [
        reverse(name, args=[slug])
        for name in ("series-settings", "series-roles", "series-people", "series-audit", "series-file", "series-delete")
    ]


@pytest.mark.parametrize("role", READERS)
def test_public_pages_for_everyone(client_for, club_series, tournament_organizer, role):
    client = client_for(role)
    for url in public_urls(club_series.slug):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize(
    "role, expected", [("anonymous", 302), ("outsider", 404), ("organizer", 404), ("series_organizer", 200)]
)
def test_organizer_pages_only_for_series_organizers(client_for, club_series, tournament_organizer, role, expected):
    client = client_for(role)
    for url in organizer_urls(club_series.slug):
        response = client.get(url)
        assert response.status_code == expected, url
        if expected == 302:
            assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("role, expected", [("anonymous", 302), ("outsider", 404), ("organizer", 404)])
def test_writes_are_refused_and_change_nothing(client_for, club_series, tournament_organizer, role, expected):
    client = client_for(role)
    slug = club_series.slug
    before = list(SeriesRanking.objects.values_list("pk", "number"))
    for url, data in [
        (reverse("series-recompute", args=[slug]), {}),
        (reverse("series-settings", args=[slug]), {"name": "Hijacked"}),
        (reverse("series-delete", args=[slug]), {"confirm": slug}),
        (reverse("series-roles", args=[slug]), {"username": role if role != "anonymous" else "outsider"}),
    ]:
        assert client.post(url, data).status_code == expected, url
    assert list(SeriesRanking.objects.values_list("pk", "number")) == before
    assert Series.objects.get().name == "Club Ranking" and Series.objects.get().roles.count() == 1


def test_a_series_that_is_not_public_is_seen_by_its_organizers_only(client_for, club_series):
    Series.objects.filter(pk=club_series.pk).update(published=False)
    hidden = [u for u in public_urls(club_series.slug) if "/series/club-ranking/" in u]
    assert len(hidden) == 8  # the ranking, its versions, a person in it, its files
    for url in hidden:
        assert client_for("anonymous").get(url).status_code == 404, url
        assert client_for("outsider").get(url).status_code == 404, url
        assert client_for("series_organizer").get(url).status_code == 200, url
    # A person's page shows their public tournaments, not the hidden series.
    person_page = client_for("anonymous").get(reverse("person-detail", args=[ana().pk])).content.decode()
    assert "Club Ranking" not in person_page
    assert "Club Ranking" not in client_for("anonymous").get(reverse("series-list")).content.decode()
    assert "Club Ranking" in client_for("series_organizer").get(reverse("series-list")).content.decode()


def test_the_ranking_page(client, club_series):
    content = client.get(reverse("series-detail", args=[club_series.slug])).content.decode()
    ranking = club_series.rankings.get()
    for row in [r for r in ranking.rows if r["listed"]]:
        assert row["name"] in content and row["rating"] in content
    unlisted = [r for r in ranking.rows if not r["listed"]]
    assert f"{len(unlisted)} more players have a rating but too few results" in content
    assert "Club March" in content and "× 1" in content  # the tournaments, with their decay factor
    assert "Compute again" not in content  # organizers only


def test_an_organizer_sees_when_results_changed_and_computes_again(client_for, club_series):
    client = client_for("series_organizer")
    url = reverse("series-detail", args=[club_series.slug])
    assert "up to date" in client.get(url).content.decode()
    correct_hand("club-feb", 1, 2, 2, seat=0, points=64)
    content = client.get(url).content.decode()
    assert "results changed since this ranking was computed" in content
    response = client.post(reverse("series-recompute", args=[club_series.slug]), follow=True)
    assert "version 2 is published" in response.content.decode()
    page = client.get(url).content.decode()
    assert "up to date" in page and 'class="move' in page  # movements against version 1


def test_a_person_in_a_series(client, club_series):
    person = ana()
    content = client.get(reverse("series-person", args=[club_series.slug, person.pk])).content.decode()
    assert 'id="rating-chart"' in content and "<svg" in content
    assert content.count("Club ") >= 3  # her three tournaments
    assert "a result of 0" not in content  # three results, the minimum: nothing added
    assert client.get(reverse("series-person", args=[club_series.slug, 999999])).status_code == 404


def test_a_person_across_tournaments_with_both_charts(client, club_series):
    person = ana()
    response = client.get(reverse("person-detail", args=[person.pk]))
    content = response.content.decode()
    assert 'id="rank-chart"' in content and 'id="rating-chart"' in content
    assert "Rank after each session" in content and "Rating in Club Ranking over time" in content
    # The chart of another tournament's sessions, chosen by its short name.
    content = client.get(reverse("person-detail", args=[person.pk]) + "?t=club-jan").content.decode()
    assert "Rank of Ana López after each session of Club January" in content
    # No inline styles or scripts: the CSP allows neither.
    assert " style=" not in content and not re.search(r"<script(?![^>]*\bsrc=)", content)


def test_a_person_without_public_tournaments_is_not_found(client, club_series):
    Tournament.objects.update(published=False)
    assert client.get(reverse("person-detail", args=[ana().pk])).status_code == 404


def test_from_a_player_to_the_person(client, club_series):
    response = client.get(reverse("player-person", args=["club-jan", 1]))
    person = PlayerLink.objects.get(player__tournament__slug="club-jan", player__number=1).person
    assert response.status_code == 302 and response["Location"] == reverse("person-detail", args=[person.pk])
    page = client.get(reverse("player-detail", args=["club-jan", 1])).content.decode()
    assert reverse("player-person", args=["club-jan", 1]) in page


@pytest.mark.parametrize("role, expected", [("anonymous", 302), ("outsider", 403), ("organizer", 200)])
def test_create_page(client_for, small_tournaments, tournament_organizer, role, expected):
    assert client_for(role).get(reverse("series-create")).status_code == expected


def _form_data(tournaments, **overrides):
    data = {
        "name": "Spring League",
        "slug": "spring",
        "published": "on",
        "method": "league",
        "as_of": "",
        "minimum_results": "5",
        "best_results": "2",
        "listed_from": "1",
        "part_a_best": "",
        "part_a_share": "0.8",
        "league_by": "table_points",
        "decay_0_days": "365",
        "decay_0_factor": "0.5",
    }
    for t in tournaments:
        data[f"t_{t.pk}_include"] = "on"
        data[f"t_{t.pk}_weight"] = ""
    data.update(overrides)
    return data


def test_creating_a_series_in_the_browser(client_for, small_tournaments, tournament_organizer):
    client = client_for("organizer")
    response = client.post(reverse("series-create"), _form_data(small_tournaments))
    assert response.status_code == 302 and response["Location"] == reverse("series-detail", args=["spring"])
    series = Series.objects.get(slug="spring")
    assert series.roles.get().user == tournament_organizer
    assert series.entries.count() == 3 and series.rankings.count() == 1


def test_form_errors_stay_on_their_fields(client_for, small_tournaments, tournament_organizer):
    jan = small_tournaments[0]
    data = _form_data(small_tournaments, **{f"t_{jan.pk}_weight": "-1", "decay_1_days": "100", "decay_1_factor": "0.9"})
    response = client_for("organizer").post(reverse("series-create"), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert "below 0" in form.errors[f"t_{jan.pk}_weight"][0]
    assert "youngest to the oldest" in form.errors["decay_1_days"][0]
    assert form["name"].value() == "Spring League"  # what was typed is kept
    assert not Series.objects.exists()


def test_the_tournament_people_page(client_for, club_series, tournament_organizer, referee):
    url = reverse("manage-people", args=["club-jan"])
    assert client_for("anonymous").get(url).status_code == 302
    assert client_for("outsider").get(url).status_code == 403
    content = client_for("organizer").get(url).content.decode()
    assert "Rosa Vidal" in content and "Ana López" in content


def test_linking_from_the_series_people_page(client_for, club_series):
    client = client_for("series_organizer")
    page = client.get(reverse("series-people", args=[club_series.slug])).content.decode()
    assert "Same person" in page  # Rosa Vidal of February may be Rosa Vidal of January
    feb = Player.objects.get(tournament__slug="club-feb", name="Rosa Vidal")
    jan_person = PlayerLink.objects.get(player__tournament__slug="club-jan", player__name="Rosa Vidal").person
    back = reverse("series-people", args=[club_series.slug])
    response = client.post(
        reverse("person-link", args=["club-feb", feb.number]), {"person": jan_person.pk, "next": back}
    )
    assert response.status_code == 302 and response["Location"] == back
    assert PlayerLink.objects.get(player=feb).person == jan_person
    # An outsider cannot.
    assert client_for("outsider").post(reverse("person-unlink", args=["club-feb", feb.number])).status_code == 403
    assert PlayerLink.objects.get(player=feb).manual


def test_importing_a_series_file_in_the_browser(client_for, small_tournaments, tournament_organizer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_for("organizer")
    bad = {"name": "X", "slug": "x", "method": "mers", "tournaments": [{"slug": "nowhere"}], "colour": "red"}
    response = client.post(reverse("series-import"), {"file": SimpleUploadedFile("s.json", json.dumps(bad).encode())})
    content = response.content.decode()
    assert "Nothing was imported." in content and "<code>colour</code>" in content
    good = {"name": "Club", "slug": "club", "method": "mers", "tournaments": [{"slug": "club-jan"}]}
    response = client.post(reverse("series-import"), {"file": SimpleUploadedFile("s.json", json.dumps(good).encode())})
    assert response.status_code == 302
    assert Series.objects.get(slug="club").roles.get().user == tournament_organizer


def test_deleting_needs_the_slug_typed(client_for, club_series):
    client = client_for("series_organizer")
    url = reverse("series-delete", args=[club_series.slug])
    client.post(url, {"confirm": "yes"})
    assert Series.objects.exists()
    assert client.post(url, {"confirm": club_series.slug}).status_code == 302
    assert not Series.objects.exists()


def test_query_counts_do_not_grow_with_the_series(client, club_series):
    """The public pages read the kept ranking, and a person's places are kept per tournament: as many queries
    for three tournaments as for five."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from series import services
    from series.services import TournamentEntry
    from tests.series import factory

    def count(url):
        client.get(url)  # a person's places are computed once, then kept
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    person = ana().pk
    urls = [
        reverse("series-list"),
        reverse("series-detail", args=[club_series.slug]),
        reverse("series-person", args=[club_series.slug, person]),
        reverse("api-series-standings", args=[club_series.slug]),
        reverse("person-detail", args=[person]),
        reverse("api-person", args=[person]),
    ]
    before = [count(url) for url in urls]
    for n, day in ((4, 18), (5, 16)):
        factory.import_tournament(
            slug=f"club-{n}",
            name=f"Club {n}",
            start=factory.date(2026, n, day),
            end=None,
            people=[0, 1, 12, 13, 14, 15, 16, 19],
            sessions=2,
            seed=30 + n,
        )
    slugs = ["club-jan", "club-feb", "club-mar", "club-4", "club-5"]
    services.series_update(series=club_series, by=None, tournaments=[TournamentEntry(s) for s in slugs])
    after = [count(url) for url in urls]
    assert after == before, (before, after)
    assert max(after) <= 15, after


def test_a_national_ranking_drawn_from_the_series(client, club_series):
    url = reverse("series-detail", args=[club_series.slug])
    content = client.get(url + "?country=ES").content.decode()
    listed = [r for r in club_series.rankings.get().rows if r["listed"]]
    spanish = [r for r in listed if r["country"] == "ES"]
    others = [r for r in listed if r["country"] != "ES"]
    assert spanish and others
    assert "Rank in ES" in content
    assert all(r["name"] in content for r in spanish) and not any(f">{r['name']}<" in content for r in others)
    response = client.get(reverse("series-export-ranking", args=[club_series.slug, "csv"]) + "?country=ES")
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("National rank,Rank,Name") and lines[1].startswith("1,")
    assert len(lines) == 1 + len(spanish)
    api = client.get(reverse("api-series-standings", args=[club_series.slug]) + "?country=ES").json()
    assert api["rows"][0]["national_rank"] == 1 and len(api["rows"]) == len(spanish)
    assert (
        client.get(reverse("series-export-ranking", args=[club_series.slug, "csv"]) + "?country=ZZ").status_code == 404
    )


def _page(response):
    """The page without what changes with each request (the form token, the login's expiry time)."""
    text = response.content.decode()
    return re.sub(r'(csrfmiddlewaretoken" value|data-expires)="[^"]*"', r"\1=", text)


@pytest.mark.parametrize("published", [True, False])
@pytest.mark.parametrize("role", ["outsider", "organizer"])
def test_a_series_is_not_revealed_to_another_organizer(client_for, club_series, tournament_organizer, role, published):
    """Issue 27: a series that exists, public or not, answers its organizer pages to someone who does not
    organize it exactly as a series that does not exist: the same 404, the same page."""
    Series.objects.filter(pk=club_series.pk).update(published=published)
    client = client_for(role)
    for url, missing in zip(organizer_urls(club_series.slug), organizer_urls("no-such-series"), strict=True):
        there, not_there = client.get(url), client.get(missing)
        assert there.status_code == not_there.status_code == 404, url
        assert _page(there).replace(club_series.slug, "no-such-series") == _page(not_there)
    # A post too: nothing changes, and nothing tells the series is there.
    response = client.post(reverse("series-settings", args=[club_series.slug]), {"name": "Hijacked"})
    assert response.status_code == 404 and Series.objects.get().name == "Club Ranking"


def test_the_people_page_names_two_players_with_one_ema_id(client_for, tournament, organizer):
    """The sync refuses them (one person cannot play twice); the page says who, not a server error."""
    from tournament import services as ts

    for number in (1, 2):
        ts.player_create(tournament=tournament, number=number, name=f"Twin {number}", ema_id="10000001", by=organizer)
    response = client_for("organizer").post(
        reverse("manage-people", args=[tournament.slug]), {"sync": "1"}, follow=True
    )
    assert response.status_code == 200
    assert "players 1, 2 have the same EMA id 10000001" in response.content.decode()
    assert not PlayerLink.objects.exists()
