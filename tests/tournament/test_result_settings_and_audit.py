"""Settings that shape results are locked once results exist; the audit log keeps old and new values and
outlives a replaced tournament; a player never changes tournament; a team with members is not deleted."""

import pytest
from django.core.exceptions import ValidationError
from django.db.models import RestrictedError
from django.urls import reverse

from interchange.export import tournament_export
from interchange.load import tournament_import
from rules import payments as pay
from scoring import services as ss
from tournament import services as ts
from tournament.models import AuditLog, Player, Team, Tournament


@pytest.mark.parametrize("field, value", [("hands_per_session", 4), ("table_points", "3/2/1/0")])
def test_result_settings_cannot_change_once_a_hand_is_entered(hands_entered, tournament, organizer, field, value):
    before = Tournament.objects.values().get(pk=tournament.pk)
    with pytest.raises(ValidationError) as error:
        ts.tournament_update(tournament=tournament, by=organizer, **{field: value})
    assert "Results have been entered" in " ".join(error.value.message_dict[field])
    assert Tournament.objects.values().get(pk=tournament.pk) == before


def test_result_settings_change_freely_before_any_result(seated_session, tournament, organizer):
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, table_points="3/2/1/0")
    tournament.refresh_from_db()
    assert (tournament.hands_per_session, tournament.table_points) == (4, "3/2/1/0")


def test_a_penalty_alone_locks_them_too(published_session, sheet, players, referee, tournament, organizer):
    ss.penalty_record(sheet=sheet, player=players[0], amount=5, to=pay.TO_NOBODY, reason="late", by=referee)
    with pytest.raises(ValidationError):
        ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=8)


def test_session_count_not_below_a_seated_session(seated_session, tournament, organizer):
    second = tournament.sessions.get(number=2)
    from schedule import services as sched

    players = list(tournament.players.order_by("number"))
    sched.session_seat(session=second, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    with pytest.raises(ValidationError) as error:
        ts.tournament_update(tournament=tournament, by=organizer, session_count=1)
    assert "Session 2 is already seated" in " ".join(error.value.message_dict["session_count"])
    ts.tournament_update(tournament=tournament, by=organizer, session_count=2)
    assert sorted(tournament.sessions.values_list("number", flat=True)) == [1, 2]


def test_the_settings_page_shows_the_lock_and_keeps_the_input(client_for, hands_entered, tournament):
    client = client_for("organizer")
    data = {k: v for k, v in Tournament.objects.values().get(pk=tournament.pk).items() if v is not None}
    data.update(hands_per_session=4, tiebreaks=tournament.tiebreaks, published="on")
    response = client.post(reverse("manage-settings", args=[tournament.slug]), data)
    assert response.status_code == 200
    content = response.content.decode()
    assert "Results have been entered, so hands per session can no longer change" in content
    assert 'name="hands_per_session" value="4"' in content
    tournament.refresh_from_db()
    assert tournament.hands_per_session == 16


def test_audit_keeps_old_and_new_values(players, organizer):
    ts.player_update(player=players[0], name="Ana López", club="Club Madrid", by=organizer)
    entry = AuditLog.objects.filter(action="player.update").latest("id")
    assert entry.data["changes"] == {"name": ["Player 1", "Ana López"], "club": ["", "Club Madrid"]}
    tournament = players[0].tournament
    ts.tournament_update(tournament=tournament, by=organizer, venue="Madrid")
    entry = AuditLog.objects.filter(action="tournament.update").latest("id")
    assert entry.data["changes"] == {"venue": ["", "Madrid"]}
    created = AuditLog.objects.filter(action="player.create", object_id=str(players[1].pk)).get()
    assert created.data["values"]["name"] == "Player 2" and created.data["values"]["team"] == "Dragons"


def test_a_player_cannot_be_moved_to_another_tournament(hands_entered, players, organizer):
    other = ts.tournament_create(by=organizer, name="Other", slug="other", session_count=1)
    with pytest.raises(ValidationError, match="cannot be moved"):
        ts.player_update(player=players[0], tournament=other, by=organizer)
    player = Player.objects.get(pk=players[0].pk)
    player.tournament = other
    with pytest.raises(ValidationError, match="cannot be moved"):
        player.save()
    assert Player.objects.get(pk=players[0].pk).tournament_id == hands_entered.table.session.tournament_id
    assert other.players.count() == 0


def test_a_team_with_members_cannot_be_deleted(hands_entered, tournament):
    team = Team.objects.get(tournament=tournament, name="Dragons")
    with pytest.raises(RestrictedError):
        team.delete()
    with pytest.raises(RestrictedError):
        Team.objects.filter(pk=team.pk).delete()
    assert Team.objects.filter(pk=team.pk).exists()
    assert set(team.players.values_list("number", flat=True)) == {1, 2}


def test_a_team_without_members_and_a_whole_tournament_can_be_deleted(tournament, players, organizer):
    empty = Team.objects.create(tournament=tournament, name="Nobody")
    empty.delete()
    tournament.delete()  # the teams go with their members
    assert not Team.objects.filter(tournament_id=tournament.pk).exists()


def test_replacing_a_tournament_by_import_keeps_its_audit_history(hands_entered, tournament, organizer):
    data = tournament_export(tournament)
    old_entries = set(AuditLog.objects.filter(tournament=tournament).values_list("pk", flat=True))
    assert old_entries
    replaced = tournament_import(data, replace=True)
    kept = AuditLog.objects.filter(pk__in=old_entries)
    assert kept.count() == len(old_entries)
    assert set(kept.values_list("tournament_slug", flat=True)) == {tournament.slug}
    assert AuditLog.objects.filter(action="tournament.delete", tournament_slug=tournament.slug).exists()
    assert replaced.slug == tournament.slug and replaced.pk != tournament.pk
