"""A team or role that another organizer removed a moment ago: the second request gets a clear message and
writes nothing (the page had the row; by the time the service holds its lock it is gone). The true races,
two requests at once on PostgreSQL, are in tests/web/test_races.py."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournament import services as ts
from tournament import teams as team_services
from tournament.models import AuditLog, Team, TournamentRole


def team(tournament, name):
    return Team.objects.get(tournament=tournament, name=name)


def test_a_team_merged_a_moment_ago_says_into_which(tournament, players, organizer):
    stale = team(tournament, "Dragons")
    team_services.team_merge(team=team(tournament, "Dragons"), into=team(tournament, "Winds"), by=organizer)
    before = AuditLog.objects.count()
    for change in (
        lambda: team_services.team_rename(team=stale, name="Red", by=organizer),
        lambda: team_services.team_delete(team=stale, by=organizer),
        lambda: team_services.team_players_add(team=stale, numbers=[5], by=organizer),
        lambda: team_services.team_merge(team=stale, into=team(tournament, "Bamboo"), by=organizer),
        lambda: team_services.team_merge(team=team(tournament, "Bamboo"), into=stale, by=organizer),
        lambda: ts.team_captain_set(team=stale, captain=None, by=organizer),
    ):
        with pytest.raises(ValidationError, match="Team Dragons was merged into Winds a moment ago"):
            change()
    assert AuditLog.objects.count() == before and not Team.objects.filter(name="Red").exists()


def test_a_team_removed_a_moment_ago_says_so(tournament, players, organizer):
    spare = team_services.team_create(tournament=tournament, name="Spare", by=organizer)
    stale = Team.objects.get(pk=spare.pk)
    team_services.team_delete(team=spare, by=organizer)
    with pytest.raises(ValidationError, match="Team Spare was removed a moment ago"):
        team_services.team_delete(team=stale, by=organizer)
    assert AuditLog.objects.filter(action="team.delete").count() == 1


def test_a_role_revoked_a_moment_ago_says_so(tournament, organizer, referee):
    role = TournamentRole.objects.get(user=referee)
    stale = TournamentRole.objects.get(pk=role.pk)
    ts.role_revoke(role=role, by=organizer)
    with pytest.raises(ValidationError, match="referee is no longer Referee: someone took that role away"):
        ts.role_revoke(role=stale, by=organizer)
    assert AuditLog.objects.filter(action="role.revoke").count() == 1


def test_renaming_to_the_same_name_says_nothing_changed(client_for, tournament, players):
    dragons = team(tournament, "Dragons")
    page = (
        client_for("organizer")
        .post(
            reverse("manage-teams", args=[tournament.slug]),
            {"action": "rename", "team": dragons.pk, "name": "Dragons"},
            follow=True,
        )
        .content.decode()
    )
    assert "Team Dragons already has that name: nothing changed." in page and "is now called" not in page
    assert not AuditLog.objects.filter(action="team.rename").exists()
