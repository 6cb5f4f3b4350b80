"""Creating a tournament without the admin: the start page offers it to those the site allows, and explains
the site's TOURNAMENT_CREATORS to an organizer it refuses, there and on the refusal page (no bare 403)."""

import io

import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.tournament.test_manage_views import settings_data
from tournament import services as ts
from tournament.models import Tournament, TournamentRole

pytestmark = pytest.mark.django_db

NEW = 'href="/new/"'


@pytest.fixture
def second(organizer):
    """A second tournament, so that the start page lists the organizer's tournaments instead of going
    straight to the one dashboard."""
    return ts.tournament_create(by=organizer, name="Autumn Cup", slug="autumn-cup", session_count=6)


def allow(user):
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return type(user).objects.get(pk=user.pk)  # permissions are cached on the instance


def login(user):
    client = Client()
    client.force_login(user)
    return client


def test_organizer_given_the_permission_sees_new_tournament_on_start_and_dashboard(tournament, second, organizer):
    client = login(allow(organizer))
    start = client.get(reverse("start")).content.decode()
    assert NEW in start and "TOURNAMENT_CREATORS" not in start
    dashboard = client.get(reverse("manage-home", args=[tournament.slug])).content.decode()
    assert NEW in dashboard


@pytest.mark.parametrize(
    "setting, words",
    [("permission", "Can add tournament"), ("staff", "only staff accounts")],
)
def test_organizer_refused_is_told_why_beside_the_button(settings, tournament, second, organizer, setting, words):
    settings.TOURNAMENT_CREATORS = setting
    client = login(organizer)
    for page in (reverse("start"), reverse("home"), reverse("manage-home", args=[tournament.slug])):
        content = client.get(page).content.decode()
        assert NEW not in content, page
        assert "Your account may not create tournaments." in content, page
        assert f"TOURNAMENT_CREATORS = {setting}" in content and words in content, page


@pytest.mark.parametrize("role", ["referee", "outsider", "anonymous"])
def test_others_see_neither_button_nor_explanation(client_for, tournament, role):
    content = client_for(role).get(reverse("home")).content.decode()
    assert NEW not in content and "TOURNAMENT_CREATORS" not in content


@pytest.mark.parametrize("url", ["tournament-create", "tournament-import"])
@pytest.mark.parametrize("setting", ["staff", "permission"])
def test_refusal_page_explains_the_setting(settings, tournament, organizer, url, setting):
    settings.TOURNAMENT_CREATORS = setting
    client = login(organizer)
    response = client.get(reverse(url))
    assert response.status_code == 403
    content = response.content.decode()
    assert "Your account may not create tournaments." in content
    assert f"TOURNAMENT_CREATORS = {setting}" in content
    response = client.post(reverse(url), settings_data(Tournament(name="X"), slug="x"))
    assert response.status_code == 403 and not Tournament.objects.filter(slug="x").exists()


def test_refused_copy_explains_the_setting(settings, tournament, organizer):
    settings.TOURNAMENT_CREATORS = "staff"
    response = login(organizer).get(reverse("manage-copy", args=[tournament.slug]))
    assert response.status_code == 403 and "TOURNAMENT_CREATORS = staff" in response.content.decode()


def test_demo_organizer_creates_a_tournament_from_the_start_page():
    call_command("load_demo", stdout=io.StringIO())
    client = Client()
    landed = client.post(reverse("login"), {"username": "organizer", "password": "organizer-demo"})
    assert landed.status_code == 302 and landed.url == reverse("start")
    start = client.get(reverse("start"))
    assert start.status_code == 200 and NEW in start.content.decode()
    assert client.get(reverse("tournament-create")).status_code == 200
    response = client.post(
        reverse("tournament-create"), settings_data(Tournament(name="Club Night"), slug="club-night")
    )
    assert response.status_code == 302
    created = Tournament.objects.get(slug="club-night")
    assert TournamentRole.objects.filter(tournament=created, user__username="organizer", role="organizer").exists()
    # The other demo logins stay as they were: a referee still cannot create one.
    referee = Client()
    assert referee.post(reverse("login"), {"username": "referee", "password": "referee-demo"}).status_code == 302
    assert referee.get(reverse("tournament-create")).status_code == 403
