"""One rule of who sees a tournament (``Tournament.objects.visible_to``) and a series (``Series.objects.visible_to``),
read by the home page, the tournament's pages, the API and the series pages: every role against a public and a
non-public one. Whoever sees it listed also opens it, and whoever does not gets 404."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from api import services as api_services
from series.models import Series, SeriesRole
from tournament.models import Tournament, TournamentRole

ROLES = ["anonymous", "outsider", "organizer", "chief_referee", "referee", "appeals_committee", "superuser"]
# Who sees a tournament that is not public: whoever holds a role in it, and the superusers.
SEES_UNPUBLISHED = {"organizer", "chief_referee", "referee", "appeals_committee", "superuser"}


@pytest.fixture
def visit(db, client):
    """Log in as ``role`` in the tournament ``t`` (published or not); the user, or None for a visitor."""

    def as_(role, t):
        if role == "anonymous":
            return None
        user = get_user_model().objects.create_user(
            username=role, password="pw", is_superuser=role == "superuser", is_staff=role == "superuser"
        )
        if role in TournamentRole.Role.values:
            TournamentRole.objects.create(tournament=t, user=user, role=role)
        client.force_login(user)
        return user

    return as_


def _tournament(published):
    return Tournament.objects.create(name="Open", slug="open", published=published)


@pytest.mark.parametrize("published", [True, False])
@pytest.mark.parametrize("role", ROLES)
def test_who_sees_a_tournament(visit, client, role, published):
    t = _tournament(published)
    user = visit(role, t)
    sees = published or role in SEES_UNPUBLISHED
    assert (t in Tournament.objects.visible_to(user)) is sees
    home = client.get(reverse("home"))
    assert (reverse("tournament-detail", args=[t.slug]) in home.content.decode()) is sees
    assert client.get(reverse("tournament-detail", args=[t.slug])).status_code == (200 if sees else 404)
    assert client.get(reverse("player-list", args=[t.slug])).status_code == (200 if sees else 404)


def test_the_appeals_committee_opens_the_unpublished_tournament_it_is_listed_on(visit, client):
    """Listed on the home page, the tournament opens (it used to answer 404), and so does its appeals list."""
    t = _tournament(published=False)
    visit("appeals_committee", t)
    assert "/t/open/" in client.get(reverse("home")).content.decode()
    assert client.get(reverse("tournament-detail", args=["open"])).status_code == 200
    assert client.get(reverse("appeal-list", args=["open"])).status_code == 200


@pytest.mark.parametrize("published", [True, False])
@pytest.mark.parametrize("caller", ["anonymous", "its token", "another tournament's token"])
def test_who_sees_a_tournament_through_the_api(db, client, caller, published):
    t = _tournament(published)
    other = Tournament.objects.create(name="Other", slug="other", published=False)
    headers = {}
    if caller != "anonymous":
        holder = t if caller == "its token" else other
        maker = get_user_model().objects.create_user(username="maker", password="pw")
        TournamentRole.objects.create(tournament=holder, user=maker, role=TournamentRole.Role.ORGANIZER)
        _record, raw = api_services.api_token_create(tournament=holder, name="overlay", by=maker)
        headers = {"HTTP_AUTHORIZATION": f"Bearer {raw}"}
    sees = published or caller == "its token"
    listed = [row["slug"] for row in client.get(reverse("api-tournaments"), **headers).json()]
    assert ("open" in listed) is sees
    detail = client.get(reverse("api-tournament", args=["open"]), **headers)
    if caller == "another tournament's token":
        assert detail.status_code == 403  # the token names its own tournament
    else:
        assert detail.status_code == (200 if sees else 404)


@pytest.mark.parametrize("published", [True, False])
@pytest.mark.parametrize("role", ["anonymous", "outsider", "organizer", "superuser"])
def test_who_sees_a_series(db, client, role, published):
    series = Series.objects.create(name="League", slug="league", method=Series.Method.MERS, published=published)
    user = None
    if role != "anonymous":
        user = get_user_model().objects.create_user(username=role, password="pw", is_superuser=role == "superuser")
        if role == "organizer":
            SeriesRole.objects.create(series=series, user=user, role=SeriesRole.Role.ORGANIZER)
        client.force_login(user)
    sees = published or role in {"organizer", "superuser"}
    assert (series in Series.objects.visible_to(user)) is sees
    assert ("/series/league/" in client.get(reverse("series-list")).content.decode()) is sees
    assert client.get(reverse("series-detail", args=["league"])).status_code == (200 if sees else 404)
    client.logout()
    # The API has no login: it answers everyone alike, the public series only.
    assert ("league" in client.get(reverse("api-series-list")).content.decode()) is published
