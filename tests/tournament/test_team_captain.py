"""Team captains (MCR 3.12.1): named by an organizer among the team's members, on the Teams page."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tournament import services as ts
from tournament.models import AuditLog, Team

pytestmark = pytest.mark.django_db


def team(tournament, name):
    return Team.objects.get(tournament=tournament, name=name)


def test_organizer_names_a_member_captain_and_it_is_logged(tournament, players, organizer):
    dragons = ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[1], by=organizer)
    assert team(tournament, "Dragons").captain == players[1]
    entry = AuditLog.objects.filter(action="team.captain").get()
    assert entry.data["captain"] == 2 and entry.data["team"] == "Dragons"
    ts.team_captain_set(team=dragons, captain=None, by=organizer)
    assert team(tournament, "Dragons").captain is None


def test_a_player_of_another_team_cannot_be_captain(tournament, players, organizer):
    with pytest.raises(ValidationError) as exc:
        ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[2], by=organizer)  # a Wind
    assert "only a member can be its captain" in str(exc.value)
    assert team(tournament, "Dragons").captain is None
    dragons = team(tournament, "Dragons")
    dragons.captain = players[2]
    with pytest.raises(ValidationError):
        dragons.full_clean()  # the model says so too


def test_only_an_organizer_names_the_captain(tournament, players, referee):
    with pytest.raises(PermissionDenied):
        ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[0], by=referee)


def test_a_captain_who_changes_team_is_captain_no_more(tournament, players, organizer):
    ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[0], by=organizer)
    ts.player_update(player=players[0], team="Winds", by=organizer)
    assert team(tournament, "Dragons").captain is None
    assert AuditLog.objects.filter(action="team.captain", data__reason="left_team").exists()


def test_teams_page_sets_the_captain(client_for, tournament, players):
    organizer = client_for("organizer")
    page = organizer.get(reverse("manage-teams", args=[tournament.slug])).content.decode()
    assert "Captain" in page and "No captain" in page
    dragons = team(tournament, "Dragons")
    url = reverse("manage-team-captain", args=[tournament.slug, dragons.pk])
    response = organizer.post(url, {"captain": "2"}, follow=True)
    assert "is now captain of team Dragons" in response.content.decode()
    assert team(tournament, "Dragons").captain == players[1]
    refused = organizer.post(url, {"captain": "5"}, follow=True).content.decode()  # a Bamboo player
    assert "only a member can be its captain" in refused
    assert team(tournament, "Dragons").captain == players[1]
    audit = organizer.get(reverse("manage-audit", args=[tournament.slug])).content.decode()
    assert "captain of team Dragons" in audit


@pytest.mark.parametrize("role", ["referee", "anonymous"])
def test_only_organizers_reach_the_captain_form(client_for, tournament, players, role):
    url = reverse("manage-team-captain", args=[tournament.slug, team(tournament, "Dragons").pk])
    response = client_for(role).post(url, {"captain": "1"})
    assert response.status_code in (302, 403)
    assert team(tournament, "Dragons").captain is None


def test_a_copy_with_teams_and_players_keeps_the_captains(tournament, players, organizer):
    ts.team_captain_set(team=team(tournament, "Winds"), captain=players[3], by=organizer)
    copy = ts.tournament_copy(
        source=tournament, name="Test Open II", slug="test-open-2", by=organizer, teams=True, players=True
    )
    assert team(copy, "Winds").captain.number == 4 and team(copy, "Winds").captain.tournament == copy
    assert team(copy, "Dragons").captain is None
