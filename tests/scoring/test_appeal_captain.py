"""A team captain appeals a ruling at a table where a member of their team played (MCR 3.12.1), from their
own private page; never for a table without one."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from scoring import services as ap
from scoring.models import Appeal
from tournament import services as ts
from tournament.models import AuditLog, Team

pytestmark = pytest.mark.django_db

STATEMENT = "Hand 2 was scored as a discard; it was self-drawn."


@pytest.fixture
def captain(tournament, players, organizer, published_session):
    """Player 9 of the Dragons, not seated in session 1 (table 1 holds Dragons 1 and 2), made captain."""
    nine = ts.player_create(tournament=tournament, number=9, name="Player 9", team="Dragons", by=organizer)
    ts.team_captain_set(team=Team.objects.get(tournament=tournament, name="Dragons"), captain=nine, by=organizer)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    nine.refresh_from_db()
    return nine


def sheet_of(published_session, t):
    return published_session.tables.get(number=t).sheet


def page_url(tournament, player):
    return reverse("player-page", args=[tournament.slug, player.code])


def file_url(tournament, player, t):
    return reverse("player-appeal", args=[tournament.slug, player.code, 1, t])


def test_captain_files_for_a_teammates_table_and_the_audit_says_so(captain, published_session):
    appeal = ap.appeal_file(
        sheet=sheet_of(published_session, 1),
        filer=captain,
        code=captain.code,
        kind="rule",
        statement=STATEMENT,
        by=None,
    )
    assert appeal.filer == captain and appeal.via == Appeal.Via.LINK
    entry = AuditLog.objects.get(action="appeal.file")
    assert entry.data["as_captain"] is True and entry.data["for_players"] == [1, 2]


def test_captain_cannot_file_for_a_table_without_a_member_of_their_team(captain, published_session):
    with pytest.raises(PermissionDenied, match="no member of a team you captain"):
        ap.appeal_file(
            sheet=sheet_of(published_session, 2),
            filer=captain,
            code=captain.code,
            kind="rule",
            statement=STATEMENT,
            by=None,
        )
    assert not Appeal.objects.exists()


def test_a_team_member_who_is_not_captain_cannot_file_for_a_teammates_table(
    tournament, players, organizer, published_session
):
    ten = ts.player_create(tournament=tournament, number=10, name="Player 10", team="Dragons", by=organizer)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    ten.refresh_from_db()
    with pytest.raises(PermissionDenied):
        ap.appeal_file(
            sheet=sheet_of(published_session, 1), filer=ten, code=ten.code, kind="rule", statement=STATEMENT, by=None
        )


def test_captain_page_shows_the_teams_tables_and_files_from_there(client, tournament, captain, published_session):
    page = client.get(page_url(tournament, captain)).content.decode()
    assert "Your team&#x27;s tables (as captain)" in page or "Your team's tables (as captain)" in page
    assert "Appeal a ruling at this table (as captain)" in page
    assert file_url(tournament, captain, 1) in page and file_url(tournament, captain, 2) not in page
    form = client.get(file_url(tournament, captain, 1)).content.decode()
    assert "as captain of team Dragons" in form
    assert client.get(file_url(tournament, captain, 2)).status_code == 404
    response = client.post(file_url(tournament, captain, 1), {"kind": "rule", "statement": STATEMENT})
    assert response.status_code == 302
    appeal = Appeal.objects.get()
    assert appeal.filer == captain
    mine = client.get(page_url(tournament, captain)).content.decode().split('id="my-appeals"')[1]
    assert "Appeal 1 · session 1, table 1" in mine and "Fee" in mine  # the captain follows what they filed


def test_players_and_former_captains_see_no_captain_links(
    client, tournament, captain, players, organizer, published_session
):
    member = players[0]
    member.refresh_from_db()
    page = client.get(page_url(tournament, member)).content.decode()
    assert "Appeal a ruling at this table" in page  # their own table
    assert "(as captain)" not in page
    ts.team_captain_set(team=captain.team, captain=None, by=organizer)
    page = client.get(page_url(tournament, captain)).content.decode()
    assert "(as captain)" not in page
    assert client.get(file_url(tournament, captain, 1)).status_code == 404


def test_referee_still_files_for_the_captain(client_for, tournament, captain, published_session):
    sheet_url = reverse("sheet-appeal", args=[tournament.slug, 1, 1])
    response = client_for("referee").post(sheet_url, {"filer": str(captain.pk), "kind": "rule", "statement": STATEMENT})
    assert response.status_code == 302
    appeal = Appeal.objects.get()
    assert appeal.filer == captain and appeal.via == Appeal.Via.REFEREE
    assert AuditLog.objects.get(action="appeal.file").data["for_players"] == [1, 2]
