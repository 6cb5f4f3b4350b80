"""A tournament that requires the chief referee's countersignature: once every sheet is countersigned, the
dashboard counts the sheets finished, the API lists every table submitted and the EMA file downloads."""

import pytest
from django.urls import reverse
from django.utils import timezone

from schedule import dashboard
from scoring import services as ss
from tournament.models import Tournament


@pytest.fixture
def countersigned(ema_names, chief_referee, referee):
    Tournament.objects.filter(pk=ema_names.pk).update(countersign_required=True)
    ema_names.refresh_from_db()
    for session in ema_names.sessions.seated():
        for table in session.tables.all():
            ss.sheet_sign(sheet=table.sheet, mark_rest_not_played=True, by=referee)
    return ema_names


@pytest.fixture
def ema_names(played, players, organizer):
    from tournament import services as ts

    ts.player_update(player=players[0], family_name="López Ruiz", given_name="Ana", by=organizer)
    for player in players[1:]:
        ts.player_update(
            player=player, family_name="Player", given_name=str(player.number), no_ema_id=True, by=organizer
        )
    return played


def countersign_all(tournament, chief_referee):
    for session in tournament.sessions.seated():
        for table in session.tables.all():
            ss.sheet_countersign(sheet=table.sheet, by=chief_referee)


def test_the_ema_file_waits_for_the_countersignatures_then_downloads(countersigned, chief_referee, client_for):
    client = client_for("organizer")
    url = reverse("export-ema", args=[countersigned.slug])
    refused = client.get(url)
    assert refused.status_code == 409
    assert "Session 1, table 1: the score sheet is signed but not countersigned" in refused.content.decode()
    countersign_all(countersigned, chief_referee)
    response = client.get(url)
    assert response.status_code == 200
    assert "López Ruiz" in response.content.decode()


def test_the_api_lists_every_countersigned_table_as_submitted(countersigned, chief_referee, client):
    countersign_all(countersigned, chief_referee)
    for number in (1, 2):
        rows = client.get(reverse("api-session-results", args=[countersigned.slug, number])).json()
        assert rows and all(r["submitted"] and r["sheet_status"] == "countersigned" for r in rows)
        summary = client.get(reverse("api-session", args=[countersigned.slug, number])).json()
        assert summary["phase"] == "finished"


def test_the_dashboard_counts_countersigned_sheets_as_finished(countersigned, chief_referee, client_for):
    board = dashboard.tournament_dashboard(countersigned, timezone.now())
    waiting = [i.text for i in board.next_steps if "countersignature" in i.text]
    assert waiting == [
        "Every score sheet of session 1 is signed; 2 await the chief referee's countersignature before the "
        "session can close.",
        "Every score sheet of session 2 is signed; 2 await the chief referee's countersignature before the "
        "session can close.",
    ]
    countersign_all(countersigned, chief_referee)
    board = dashboard.tournament_dashboard(countersigned, timezone.now())
    first = board.sessions[0]
    assert (first.phase, first.submitted, first.in_progress) == ("finished", 2, 0)
    page = client_for("organizer").get(reverse("manage-home", args=[countersigned.slug])).content.decode()
    assert "All sheets signed" in page and "In play" not in page
