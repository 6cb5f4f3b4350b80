"""Teams made, renamed, merged and removed without editing each player (issue 21, item 5): the rules and
failures of the services, and the teams page per role."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tournament import services as ts
from tournament import teams as team_services
from tournament.models import AuditLog, Player, Team

pytestmark = pytest.mark.django_db


def team(tournament, name):
    return Team.objects.get(tournament=tournament, name=name)


def members(tournament, name):
    return sorted(team(tournament, name).players.values_list("number", flat=True))


def test_create_tidies_the_name_and_is_audited(tournament, organizer):
    created = team_services.team_create(tournament=tournament, name="  Red Dragons ", by=organizer)
    assert created.name == "Red Dragons" and created.players.count() == 0
    entry = AuditLog.objects.get(action="team.create")
    assert entry.data["name"] == "Red Dragons" and entry.actor == organizer


@pytest.mark.parametrize(
    "name, message",
    [
        ("", "Give the team a name."),
        ("   ", "Give the team a name."),
        ("x" * 121, "at most 120 characters"),
        ("dragons", "There is already a team Dragons in this tournament."),
        ("Dragons", "There is already a team Dragons in this tournament."),
    ],
)
def test_create_refuses_blank_long_and_taken_names(tournament, players, organizer, name, message):
    before = Team.objects.count()
    with pytest.raises(ValidationError) as exc:
        team_services.team_create(tournament=tournament, name=name, by=organizer)
    assert message in " ".join(exc.value.messages)
    assert Team.objects.count() == before


def test_same_name_in_another_tournament_is_fine(tournament, players, organizer):
    other = ts.tournament_create(by=organizer, name="Other", slug="other", session_count=1)
    assert team_services.team_create(tournament=other, name="Dragons", by=organizer).tournament == other


def test_rename_keeps_members_and_captain(tournament, players, organizer):
    ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[0], by=organizer)
    renamed, changed = team_services.team_rename(team=team(tournament, "Dragons"), name="Red Dragons", by=organizer)
    assert changed
    assert renamed.name == "Red Dragons" and renamed.captain == players[0]
    assert members(tournament, "Red Dragons") == [1, 2]
    entry = AuditLog.objects.get(action="team.rename")
    assert entry.data["changes"] == {"name": ["Dragons", "Red Dragons"]}
    # Only the case of its own name: allowed (it is no other team's name).
    assert team_services.team_rename(team=renamed, name="RED DRAGONS", by=organizer)[0].name == "RED DRAGONS"


def test_rename_to_another_teams_name_is_refused(tournament, players, organizer):
    with pytest.raises(ValidationError, match="already a team Winds"):
        team_services.team_rename(team=team(tournament, "Dragons"), name=" winds ", by=organizer)
    assert team(tournament, "Dragons") and not AuditLog.objects.filter(action="team.rename").exists()


def test_rename_to_the_same_name_writes_nothing(tournament, players, organizer):
    _, changed = team_services.team_rename(team=team(tournament, "Dragons"), name="Dragons ", by=organizer)
    assert not changed
    assert not AuditLog.objects.filter(action="team.rename").exists()


def test_merge_moves_the_players_and_removes_the_team(tournament, players, organizer):
    winds = team(tournament, "Winds")
    merged = team_services.team_merge(team=team(tournament, "Dragons"), into=winds, by=organizer)
    assert merged == winds
    assert members(tournament, "Winds") == [1, 2, 3, 4]
    assert not Team.objects.filter(tournament=tournament, name="Dragons").exists()
    entry = AuditLog.objects.get(action="team.merge")
    assert entry.data["team"] == "Dragons" and entry.data["into"] == "Winds" and entry.data["players"] == [1, 2]


def test_merge_keeps_the_captain_of_the_team_merged_into(tournament, players, organizer):
    ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[0], by=organizer)
    ts.team_captain_set(team=team(tournament, "Winds"), captain=players[2], by=organizer)
    assert (
        team_services.team_merge(team=team(tournament, "Dragons"), into=team(tournament, "Winds"), by=organizer).captain
        == (players[2])
    )


def test_merge_into_a_team_without_captain_takes_the_other_captain(tournament, players, organizer):
    ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[0], by=organizer)
    merged = team_services.team_merge(team=team(tournament, "Dragons"), into=team(tournament, "Winds"), by=organizer)
    merged.refresh_from_db()
    assert merged.captain == players[0] and players[0].pk in merged.players.values_list("pk", flat=True)


def test_merge_refuses_itself_and_another_tournament(tournament, players, organizer):
    dragons = team(tournament, "Dragons")
    with pytest.raises(ValidationError, match="another team"):
        team_services.team_merge(team=dragons, into=dragons, by=organizer)
    other = ts.tournament_create(by=organizer, name="Other", slug="other", session_count=1)
    elsewhere = team_services.team_create(tournament=other, name="Elsewhere", by=organizer)
    with pytest.raises(ValidationError, match="within one tournament"):
        team_services.team_merge(team=dragons, into=elsewhere, by=organizer)
    assert members(tournament, "Dragons") == [1, 2] and elsewhere.players.count() == 0


def test_delete_only_an_empty_team(tournament, players, organizer):
    with pytest.raises(ValidationError, match="has members"):
        team_services.team_delete(team=team(tournament, "Dragons"), by=organizer)
    spare = team_services.team_create(tournament=tournament, name="Spare", by=organizer)
    team_services.team_delete(team=spare, by=organizer)
    assert not Team.objects.filter(pk=spare.pk).exists()
    assert AuditLog.objects.filter(action="team.delete", data__name="Spare").exists()


def test_only_organizers_change_teams(tournament, players, referee):
    dragons = team(tournament, "Dragons")
    with pytest.raises(PermissionDenied):
        team_services.team_create(tournament=tournament, name="New", by=referee)
    with pytest.raises(PermissionDenied):
        team_services.team_rename(team=dragons, name="New", by=referee)
    with pytest.raises(PermissionDenied):
        team_services.team_merge(team=dragons, into=team(tournament, "Winds"), by=referee)
    assert members(tournament, "Dragons") == [1, 2] and not Team.objects.filter(name="New").exists()


# --- the teams page ------------------------------------------------------------------------------------


def url(tournament):
    return reverse("manage-teams", args=[tournament.slug])


def test_teams_page_creates_renames_merges_and_removes(client_for, tournament, players):
    client = client_for("organizer")
    page = client.get(url(tournament)).content.decode()
    assert "Create team" in page and "Merge into" in page and "Rename" in page
    done = client.post(url(tournament), {"action": "create", "name": "Newcomers"}, follow=True).content.decode()
    assert "Team Newcomers created: add its players by their numbers." in done
    dragons = team(tournament, "Dragons")
    done = client.post(
        url(tournament), {"action": "rename", "team": dragons.pk, "name": "Red Dragons"}, follow=True
    ).content.decode()
    assert "Team Dragons is now called Red Dragons." in done
    done = client.post(
        url(tournament), {"action": "merge", "team": dragons.pk, "into": team(tournament, "Winds").pk}, follow=True
    ).content.decode()
    assert "Team Red Dragons merged into Winds: 2 players moved." in done
    assert members(tournament, "Winds") == [1, 2, 3, 4]
    newcomers = team(tournament, "Newcomers")
    done = client.post(url(tournament), {"action": "delete", "team": newcomers.pk}, follow=True).content.decode()
    assert "Team Newcomers removed." in done and not Team.objects.filter(pk=newcomers.pk).exists()


def test_a_refused_name_is_shown_beside_its_form_with_what_was_typed(client_for, tournament, players):
    client = client_for("organizer")
    response = client.post(url(tournament), {"action": "create", "name": "winds"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "There is already a team Winds in this tournament." in page and 'value="winds" autofocus' in page
    bamboo = team(tournament, "Bamboo")
    response = client.post(url(tournament), {"action": "rename", "team": bamboo.pk, "name": "Dots"})
    page = response.content.decode()
    assert "There is already a team Dots" in page and 'value="Dots" autofocus' in page
    assert team(tournament, "Bamboo") == bamboo
    response = client.post(url(tournament), {"action": "merge", "team": bamboo.pk, "into": ""})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert members(tournament, "Bamboo") == [5, 6]


@pytest.mark.parametrize("role", ["referee", "outsider", "anonymous"])
def test_only_organizers_use_the_teams_page(client_for, tournament, players, role):
    client = client_for(role)
    dragons = team(tournament, "Dragons")
    assert client.get(url(tournament)).status_code in (302, 403, 404)
    for data in (
        {"action": "create", "name": "Intruders"},
        {"action": "rename", "team": dragons.pk, "name": "Intruders"},
        {"action": "merge", "team": dragons.pk, "into": team(tournament, "Winds").pk},
    ):
        assert client.post(url(tournament), data).status_code in (302, 403, 404)
    assert members(tournament, "Dragons") == [1, 2] and not Team.objects.filter(name="Intruders").exists()
    assert Player.objects.filter(team__name="Winds").count() == 2


def test_a_team_of_another_tournament_is_not_found(client_for, tournament, players, organizer):
    other = ts.tournament_create(by=organizer, name="Other", slug="other", session_count=1)
    elsewhere = team_services.team_create(tournament=other, name="Elsewhere", by=organizer)
    response = client_for("organizer").post(url(tournament), {"action": "rename", "team": elsewhere.pk, "name": "X"})
    assert response.status_code == 404 and Team.objects.get(pk=elsewhere.pk).name == "Elsewhere"


# --- adding players by number ----------------------------------------------------------------------------


def test_add_players_moves_them_from_no_team_or_another_team(tournament, players, organizer):
    ts.player_update(player=players[4], team=None, by=organizer)
    newcomers = team_services.team_create(tournament=tournament, name="Newcomers", by=organizer)
    moved = team_services.team_players_add(team=newcomers, numbers=[5, 7, 7], by=organizer)
    assert [p.number for p in moved] == [5, 7]
    assert members(tournament, "Newcomers") == [5, 7] and members(tournament, "Dots") == [8]
    assert AuditLog.objects.filter(action="player.update", data__changes__has_key="team").count() >= 2


def test_add_players_clears_a_captain_who_leaves_their_team(tournament, players, organizer):
    ts.team_captain_set(team=team(tournament, "Dragons"), captain=players[0], by=organizer)
    team_services.team_players_add(team=team(tournament, "Winds"), numbers=[1], by=organizer)
    assert team(tournament, "Dragons").captain is None


def test_add_players_is_all_or_nothing(tournament, players, organizer):
    with pytest.raises(ValidationError, match="No player has number 40, 41"):
        team_services.team_players_add(team=team(tournament, "Winds"), numbers=[1, 40, 41], by=organizer)
    assert members(tournament, "Winds") == [3, 4] and members(tournament, "Dragons") == [1, 2]
    with pytest.raises(ValidationError, match="Give the numbers"):
        team_services.team_players_add(team=team(tournament, "Winds"), numbers=[], by=organizer)


def test_only_organizers_add_players(tournament, players, referee):
    with pytest.raises(PermissionDenied):
        team_services.team_players_add(team=team(tournament, "Winds"), numbers=[1], by=referee)
    assert members(tournament, "Winds") == [3, 4]


def test_teams_page_adds_players_by_number(client_for, tournament, players):
    client = client_for("organizer")
    winds = team(tournament, "Winds")
    done = client.post(url(tournament), {"action": "add", "team": winds.pk, "numbers": "1, 2"}, follow=True)
    assert "joined team Winds" in done.content.decode() and members(tournament, "Winds") == [1, 2, 3, 4]
    response = client.post(url(tournament), {"action": "add", "team": winds.pk, "numbers": "5 x"})
    page = response.content.decode()
    assert "Write player numbers only" in page and 'value="5 x" autofocus' in page
    response = client.post(url(tournament), {"action": "add", "team": winds.pk, "numbers": "5 99"})
    assert "No player has number 99 in this tournament." in response.content.decode()
    assert members(tournament, "Winds") == [1, 2, 3, 4]
