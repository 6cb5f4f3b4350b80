"""Who may create tournaments (the site's TOURNAMENT_CREATORS), and copying one as a template."""

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tournament import services as ts
from tournament.models import AuditLog, Tournament, TournamentRole
from tournament.views.mixins import can_create_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    plain = make_user("plain")
    staff = make_user("staffer", is_staff=True)
    holder = make_user("holder")
    holder.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    root = make_user("root", is_superuser=True)
    return {"plain": plain, "staff": staff, "holder": get_fresh(holder), "root": root}


def get_fresh(user):
    return type(user).objects.get(pk=user.pk)  # permissions are cached on the instance


@pytest.mark.parametrize(
    "setting, allowed",
    [
        ("staff", {"staff", "root"}),
        ("permission", {"staff", "holder", "root"}),
        ("any_user", {"plain", "staff", "holder", "root"}),
    ],
)
def test_site_setting_decides_who_creates(settings, people, setting, allowed):
    settings.TOURNAMENT_CREATORS = setting
    assert {name for name, user in people.items() if can_create_tournament(user)} == allowed
    for name, user in people.items():
        client = Client()
        client.force_login(user)
        status = client.get(reverse("tournament-create")).status_code
        assert status == (200 if name in allowed else 403), (setting, name)


def test_anonymous_never_creates(settings, client):
    settings.TOURNAMENT_CREATORS = "any_user"
    response = client.get(reverse("tournament-create"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_bad_setting_refused_at_start():
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import django; from django.conf import settings; settings.INSTALLED_APPS"],
        capture_output=True,
        text=True,
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "TOURNAMENT_CREATORS": "everyone",
            "DEBUG": "1",
            "PATH": "/usr/bin:/bin",
        },
    )
    assert result.returncode != 0 and "TOURNAMENT_CREATORS must be" in result.stderr


# --- copying a tournament ------------------------------------------------------------------------------


@pytest.fixture
def played(tournament, players, organizer, referee):
    """The conftest tournament with results in session 1 and custom settings."""
    ts.tournament_update(
        tournament=tournament,
        by=organizer,
        table_points="8/4/2/0",
        hands_per_session=12,
        venue="Madrid",
        tiebreaks="first_places",
    )
    session = tournament.sessions.get(number=1)
    sched.session_seat(session=session, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    sched.session_publish(session=session, by=organizer)
    ss.hand_record(sheet=session.tables.get(number=1).sheet, number=1, outcome=pay.DRAW, by=referee)
    return tournament


def test_copy_takes_settings_not_results(played, organizer):
    copy = ts.tournament_copy(source=played, name="Test Open 2027", slug="test-open-2027", by=organizer)
    assert (copy.table_points, copy.hands_per_session, copy.venue, copy.tiebreaks, copy.session_count) == (
        "8/4/2/0",
        12,
        "Madrid",
        "first_places",
        4,
    )
    assert not copy.published
    assert copy.sessions.count() == 4 and not copy.sessions.exclude(status="planned").exists()
    assert not copy.players.exists() and not copy.teams.exists()
    assert list(copy.roles.values_list("user__username", "role")) == [("organizer", "organizer")]
    entry = AuditLog.objects.get(action="tournament.copy")
    assert entry.tournament == copy and entry.data["source"] == played.slug and entry.actor == organizer


def test_copy_with_teams_players_and_roles(played, organizer):
    copy = ts.tournament_copy(
        source=played, name="Next", slug="next", by=organizer, teams=True, players=True, roles=True
    )
    assert sorted(copy.teams.values_list("name", flat=True)) == ["Bamboo", "Dots", "Dragons", "Winds"]
    assert list(copy.players.values_list("number", "name", "team__name"))[:2] == [
        (1, "Player 1", "Dragons"),
        (2, "Player 2", "Dragons"),
    ]
    assert sorted(copy.roles.values_list("user__username", "role")) == [
        ("organizer", "organizer"),
        ("referee", "referee"),
    ]
    assert AuditLog.objects.filter(tournament=copy, action="player.create").count() == 8


def test_players_without_teams_when_teams_not_copied(played, organizer):
    copy = ts.tournament_copy(source=played, name="Next", slug="next", by=organizer, players=True)
    assert copy.players.count() == 8 and not copy.players.filter(team__isnull=False).exists()


def test_copy_refuses_taken_slug_and_non_organizers(played, organizer, referee):
    with pytest.raises(ValidationError) as exc:
        ts.tournament_copy(source=played, name="Dup", slug=played.slug, by=organizer)
    assert "slug" in exc.value.message_dict
    with pytest.raises(PermissionDenied):
        ts.tournament_copy(source=played, name="Mine", slug="mine", by=referee)
    assert Tournament.objects.count() == 1


def test_copy_page(client_for, played, settings):
    settings.TOURNAMENT_CREATORS = "any_user"
    client = client_for("organizer")
    url = reverse("manage-copy", args=[played.slug])
    page = client.get(url).content.decode()
    assert 'value="Test Open (copy)"' in page
    bad = client.post(url, {"name": "Again", "slug": played.slug, "teams": "on"})
    assert bad.status_code == 200 and 'value="Again"' in bad.content.decode()
    assert "already exists" in bad.content.decode()
    good = client.post(url, {"name": "Again", "slug": "again", "players": "on", "start_date": "2027-05-01"})
    assert good.status_code == 302 and good.url == reverse("manage-settings", args=["again"])
    copy = Tournament.objects.get(slug="again")
    assert copy.players.count() == 8 and str(copy.start_date) == "2027-05-01"


def test_copy_needs_the_right_to_create(client_for, played, organizer, settings):
    settings.TOURNAMENT_CREATORS = "staff"
    client = client_for("organizer")  # organizer of the source, but not staff
    assert client.get(reverse("manage-copy", args=[played.slug])).status_code == 403
    assert client.post(reverse("manage-copy", args=[played.slug]), {"name": "X", "slug": "x"}).status_code == 403
    assert not Tournament.objects.filter(slug="x").exists()
    settings.TOURNAMENT_CREATORS = "any_user"
    assert client.get(reverse("manage-copy", args=[played.slug])).status_code == 200
    assert "Copy as a template" in client.get(reverse("manage-settings", args=[played.slug])).content.decode()


@pytest.mark.parametrize("role", ("anonymous", "outsider", "referee"))
def test_copy_only_by_organizers(client_for, played, role, settings):
    settings.TOURNAMENT_CREATORS = "any_user"
    response = client_for(role).post(reverse("manage-copy", args=[played.slug]), {"name": "X", "slug": "x"})
    assert response.status_code in (302, 403)
    assert not Tournament.objects.filter(slug="x").exists()
    assert not TournamentRole.objects.filter(tournament__slug="x").exists()


def test_a_short_name_taken_a_moment_ago_is_refused_on_its_field(organizer, monkeypatch):
    """Two creations of one short name at once: both pass the check, the database refuses the second, which is
    told so on the short name (not a server error)."""
    check = Tournament.full_clean

    def meanwhile(self, *args, **kwargs):
        check(self, *args, **kwargs)
        if "exclude" not in kwargs:  # the last check before saving
            Tournament.objects.create(name="Someone else's", slug=self.slug)

    monkeypatch.setattr(Tournament, "full_clean", meanwhile)
    with pytest.raises(ValidationError) as exc:
        ts.tournament_create(by=organizer, name="Spring Open", slug="spring-open")
    assert exc.value.message_dict == {
        "slug": ["The short name “spring-open” was taken a moment ago by another tournament."]
    }
    assert not Tournament.objects.filter(slug="spring-open").exists()  # the other was made inside this one
    assert not AuditLog.objects.filter(action="tournament.create", data__name="Spring Open").exists()
