"""The chief referee countersigns a session's ready sheets in one go (issue 30): the rule of "ready" (signed, no
appeal undecided, no request to reopen waiting), all or none, a second tap harmless, per role; on PostgreSQL two
chief referees at the same moment."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.lifecycle import COUNTERSIGNED, SIGNED
from scoring.models import ScoreSheet, Signature
from scoring.selectors import countersign_lacks
from scoring.services import appeals as ap
from tests.together import at_once
from tournament import services as ts
from tournament.models import AuditLog


@pytest.fixture
def signed(tournament, organizer, published_session, players, referee):
    """Both tables of session 1 signed by the referee, in a tournament whose chief referee countersigns."""
    ts.tournament_update(tournament=tournament, by=organizer, countersign_required=True)
    sheets = []
    for table in published_session.tables.order_by("number"):
        ss.hand_record(
            sheet=table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=table.seated_players()[0], points=8, by=referee
        )
        sheets.append(ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True))
    return sheets


def test_ready_sheets_are_countersigned_together_each_with_its_audit_entry(signed, published_session, chief_referee):
    assert ss.sheets_countersign(session=published_session, tables=[1, 2], by=chief_referee) == [1, 2]
    assert {s.status for s in ScoreSheet.objects.all()} == {COUNTERSIGNED}
    assert AuditLog.objects.filter(action="sheet.countersign").count() == 2
    assert Signature.objects.filter(role=Signature.Role.CHIEF_REFEREE).count() == 2


def test_a_second_tap_countersigns_nothing_more_and_is_not_an_error(signed, published_session, chief_referee):
    ss.sheets_countersign(session=published_session, tables=[1, 2], by=chief_referee)
    assert ss.sheets_countersign(session=published_session, tables=[1, 2], by=chief_referee) == []
    assert Signature.objects.filter(role=Signature.Role.CHIEF_REFEREE).count() == 2


def test_an_undecided_appeal_holds_back_the_whole_batch_and_is_named(
    signed, published_session, chief_referee, players, referee
):
    ap.appeal_file(sheet=signed[1], filer=players[4], kind="rule", statement="Hand 1 was a draw.", by=referee)
    assert countersign_lacks(signed)[signed[1].pk] == ["Appeal 1 about it is not decided yet."]
    with pytest.raises(ValidationError) as refused:
        ss.sheets_countersign(session=published_session, tables=[1, 2], by=chief_referee)
    assert refused.value.messages == ["Table 2: Appeal 1 about it is not decided yet."]
    # Nothing countersigned half-way.
    assert {s.status for s in ScoreSheet.objects.all()} == {SIGNED}
    assert ss.sheets_countersign(session=published_session, tables=[1], by=chief_referee) == [1]


def test_a_waiting_request_to_reopen_and_an_unsigned_sheet_are_what_they_lack(
    signed, published_session, chief_referee, referee
):
    ss.sheet_reopen_request(sheet=signed[0], reason="Hand 1 was 16.", by=referee)
    ss.sheet_reopen(sheet=signed[1], reason="Hand 1 was 10.", by=chief_referee)
    sheets = list(ScoreSheet.objects.order_by("table__number"))
    lacks = countersign_lacks(sheets)
    assert lacks[sheets[0].pk] == ["A referee's request to reopen it waits for your answer."]
    assert lacks[sheets[1].pk][0].startswith("The referee has not signed it yet")
    with pytest.raises(ValidationError):
        ss.sheets_countersign(session=published_session, tables=[1, 2], by=chief_referee)


@pytest.mark.parametrize("who", ["referee", "organizer"])
def test_only_the_chief_referee_countersigns(signed, published_session, request, who):
    with pytest.raises(PermissionDenied):
        ss.sheets_countersign(session=published_session, tables=[1, 2], by=request.getfixturevalue(who))


def test_no_sheet_ticked_is_refused(signed, published_session, chief_referee):
    with pytest.raises(ValidationError, match="Tick at least one sheet"):
        ss.sheets_countersign(session=published_session, tables=[], by=chief_referee)


# ------------------------------------------------------------------ the page, per role


@pytest.mark.parametrize(("role", "status"), [("anonymous", 302), ("referee", 403), ("organizer", 403)])
def test_the_page_is_the_chief_referees(signed, tournament, client_for, role, status):
    url = reverse("session-countersign", args=[tournament.slug, 1])
    assert client_for(role).get(url).status_code == status
    assert client_for(role).post(url, {"tables": ["1", "2"]}).status_code == status
    assert not ScoreSheet.objects.filter(status=COUNTERSIGNED).exists()


def test_the_page_lists_the_ready_sheets_ticked_and_names_what_the_others_lack(
    signed, tournament, client_for, players, referee
):
    ap.appeal_file(sheet=signed[1], filer=players[4], kind="rule", statement="Hand 1 was a draw.", by=referee)
    client = client_for("chief_referee")
    url = reverse("session-countersign", args=[tournament.slug, 1])
    page = client.get(url).content.decode()
    assert 'name="tables" value="1" checked' in page and 'value="2"' not in page
    assert "Appeal 1 about it is not decided yet." in page
    response = client.post(url, {"tables": ["1"]})
    assert response.status_code == 302 and reverse("work-queue", args=[tournament.slug]) in response.url
    assert ScoreSheet.objects.get(table__number=1).status == COUNTERSIGNED
    # The work queue offers the batch per session.
    queue = client.get(reverse("work-queue", args=[tournament.slug])).content.decode()
    assert reverse("session-countersign", args=[tournament.slug, 1]) in queue


# ------------------------------------------------------------------ two chief referees at the same moment


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_chief_referees_at_once_countersign_each_sheet_once(signed, published_session, chief_referee, make_user):
    from tournament.models import TournamentRole

    second = make_user("chief2")
    TournamentRole.objects.create(
        tournament=published_session.tournament, user=second, role=TournamentRole.Role.CHIEF_REFEREE
    )
    results, errors = at_once(
        *(
            lambda u=u: ss.sheets_countersign(session=published_session, tables=[1, 2], by=u)
            for u in (chief_referee, second)
        )
    )
    assert errors == []
    assert sorted(results) == [[], [1, 2]]
    assert Signature.objects.filter(role=Signature.Role.CHIEF_REFEREE).count() == 2
