"""Closing a session (issue 20, item 2): refused, table by table, while a required countersignature is
missing, an appeal window is open or an appeal undecided, unless the organizer gives a reason (audited);
after closing, a change to its results shows to the organizer until acknowledged."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ap
from scoring import services as ss
from scoring.models import Appeal, ClosedSessionChange
from tests.closing import end_appeal_windows
from tournament import audit_text
from tournament.models import AuditLog, Tournament


@pytest.fixture
def signed(published_session, referee):
    for table in published_session.tables.order_by("number"):
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    return published_session


@pytest.fixture
def countersigning(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(countersign_required=True)
    tournament.refresh_from_db()
    return tournament


def sentence_of(entry):
    return audit_text.describe([entry], entry.tournament)[0].text


def refusal(session, by, **kwargs):
    with pytest.raises(sched.CloseNeedsOverride) as exc:
        sched.session_close(session=session, by=by, **kwargs)
    return exc.value.messages


def test_an_open_appeal_window_refuses_closing_naming_each_table(signed, organizer):
    messages = refusal(signed, organizer)
    assert [m.split(":")[0] for m in messages] == ["Table 1", "Table 2"]
    assert all("the appeal window is open until" in m for m in messages)
    end_appeal_windows(signed)
    sched.session_close(session=signed, by=organizer)
    signed.refresh_from_db()
    assert signed.is_closed


def test_a_missing_countersignature_refuses_closing(countersigning, signed, organizer, chief_referee):
    end_appeal_windows(signed)
    sheet_1 = signed.tables.get(number=1).sheet
    ss.sheet_countersign(sheet=sheet_1, by=chief_referee)
    assert refusal(signed, organizer) == ["Table 2: the chief referee has not countersigned the score sheet."]
    ss.sheet_countersign(sheet=signed.tables.get(number=2).sheet, by=chief_referee)
    sched.session_close(session=signed, by=organizer)


def test_an_undecided_appeal_refuses_closing(signed, organizer, referee, players):
    ap.appeal_file(
        sheet=signed.tables.get(number=1).sheet, filer=players[0], kind=Appeal.Kind.RULE, statement="No.", by=referee
    )
    end_appeal_windows(signed)
    assert refusal(signed, organizer) == ["Table 1: an appeal is not decided yet."]


def test_an_unsigned_sheet_refuses_closing_even_with_a_reason(published_session, organizer, referee):
    ss.sheet_sign(sheet=published_session.tables.get(number=1).sheet, by=referee, mark_rest_not_played=True)
    with pytest.raises(ValidationError) as exc:
        sched.session_close(session=published_session, by=organizer, override_reason="The bus leaves")
    assert not isinstance(exc.value, sched.CloseNeedsOverride)
    assert "Table 2 has not signed its score sheet." in exc.value.messages


def test_the_override_closes_and_is_audited_with_what_it_overrode(countersigning, signed, organizer, referee):
    with pytest.raises(PermissionDenied):
        sched.session_close(session=signed, by=referee, override_reason="I say so")
    refusal(signed, organizer, override_reason="   ")
    sched.session_close(session=signed, by=organizer, override_reason="Chief referee ill; prize giving at 18:00")
    signed.refresh_from_db()
    assert signed.is_closed
    entry = AuditLog.objects.get(action="session.close")
    assert entry.data["override_reason"] == "Chief referee ill; prize giving at 18:00"
    assert "Table 2: the chief referee has not countersigned the score sheet." in entry.data["overridden"]
    text = sentence_of(entry)
    assert "closed session 1 despite: " in text and "Reason: Chief referee ill" in text


def u(name, tournament, *args):
    return reverse(name, args=[tournament.slug, *args])


def test_the_close_page_offers_the_override_after_a_refusal(countersigning, signed, client_for):
    client = client_for("organizer")
    page = client.post(u("manage-session-close", countersigning, 1)).content.decode()
    assert "Table 1: the chief referee has not countersigned the score sheet." in page
    assert 'name="reason"' in page and "Close anyway" in page
    # Without a reason the page asks again and nothing closes.
    page = client.post(u("manage-session-close", countersigning, 1), {"confirm": "1", "reason": ""}).content.decode()
    assert "Close anyway" in page
    signed.refresh_from_db()
    assert not signed.is_closed
    response = client.post(u("manage-session-close", countersigning, 1), {"confirm": "1", "reason": "Late bus"})
    assert response.status_code == 302
    signed.refresh_from_db()
    assert signed.is_closed


@pytest.mark.parametrize("role", ["anonymous", "outsider", "referee", "chief_referee"])
def test_only_organizers_close_or_override(signed, client_for, role, tournament):
    client_for(role).post(u("manage-session-close", tournament, 1), {"confirm": "1", "reason": "Me"})
    signed.refresh_from_db()
    assert not signed.is_closed


@pytest.fixture
def amended_after_closing(signed, organizer, referee, players):
    """Closed with an appeal undecided (overridden), then the appeal upheld and hand 1 corrected."""
    sheet = signed.tables.get(number=1).sheet
    appeal = ap.appeal_file(sheet=sheet, filer=players[0], kind=Appeal.Kind.RULE, statement="No.", by=referee)
    sched.session_close(session=signed, by=organizer, override_reason="Decided after the prize giving")
    appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Valid hand.", by=referee)
    ap.appeal_amend_hand(appeal=appeal, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    return signed


def test_a_change_after_closing_shows_until_the_organizer_acknowledges_it(amended_after_closing, client_for):
    tournament = amended_after_closing.tournament
    change = ClosedSessionChange.objects.get()
    assert (change.sheet.table.number, change.what, change.appeal.number) == (1, "hand", 1)
    heading = "Session 1: results changed after it was closed"
    organizer = client_for("organizer")
    assert heading in organizer.get(u("manage-home", tournament)).content.decode()
    session_page = organizer.get(u("session-detail", tournament, 1)).content.decode()
    assert heading in session_page and "Table 1: a hand recorded or corrected" in session_page
    for role in ("anonymous", "referee"):
        assert heading not in client_for(role).get(u("session-detail", tournament, 1)).content.decode()
    response = organizer.post(u("manage-session-changes-acknowledge", tournament, 1), {"next": "session"})
    assert response.status_code == 302 and response.url == u("session-detail", tournament, 1)
    assert heading not in organizer.get(u("manage-home", tournament)).content.decode()
    assert heading not in organizer.get(u("session-detail", tournament, 1)).content.decode()
    assert sentence_of(AuditLog.objects.get(action="session.changes_acknowledge")).endswith(
        "acknowledged 1 changes to session 1 made after it was closed."
    )


@pytest.mark.parametrize("role", ["anonymous", "outsider", "referee", "chief_referee"])
def test_only_organizers_acknowledge(amended_after_closing, client_for, role):
    tournament = amended_after_closing.tournament
    client_for(role).post(u("manage-session-changes-acknowledge", tournament, 1))
    assert ClosedSessionChange.objects.get().acknowledged_at is None


def test_acknowledging_nothing_is_refused(signed, organizer):
    end_appeal_windows(signed)
    sched.session_close(session=signed, by=organizer)
    with pytest.raises(ValidationError):
        sched.session_changes_acknowledge(session=signed, by=organizer)


def test_a_refused_amendment_leaves_no_note(amended_after_closing, players, referee):
    appeal = Appeal.objects.get()
    with pytest.raises(ValidationError):
        ap.appeal_amend_hand(appeal=appeal, number=99, outcome=pay.DRAW, by=referee)
    assert ClosedSessionChange.objects.count() == 1


def test_a_change_made_after_reopening_a_closed_session_shows_until_acknowledged(
    signed, organizer, chief_referee, referee, players, client_for
):
    """Closed, reopened, a sheet reopened and hand 1 corrected, closed again: the results once called final
    have moved, so the organizer is told on the dashboard and the session's page, before and after the
    second close, until they acknowledge it."""
    tournament = signed.tournament
    end_appeal_windows(signed)
    sched.session_close(session=signed, by=organizer)
    sched.session_reopen(session=signed, by=organizer, reason="Table 1 misread hand 1")
    sheet = signed.tables.get(number=1).sheet
    ss.sheet_reopen(sheet=sheet, reason="Hand 1 was self-drawn", by=chief_referee)
    hand = sheet.hands.get(number=1)
    ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.SELF_DRAWN,
        winner=players[0],
        points=8,
        by=referee,
        expected_version=hand.current.version,
    )
    heading = "Session 1: results changed after it was closed"
    org = client_for("organizer")
    # While reopened the change already shows: the results once final are not what they were.
    assert heading in org.get(u("manage-home", tournament)).content.decode()
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    end_appeal_windows(signed)
    sched.session_close(session=signed, by=organizer)
    for page in (u("manage-home", tournament), u("session-detail", tournament, 1)):
        text = org.get(page).content.decode()
        assert heading in text and "Table 1: a hand recorded or corrected" in text
        assert "Table 1: the score sheet reopened by the chief referee" in text
    assert list(ClosedSessionChange.objects.values_list("what", flat=True)) == ["sheet_reopened", "hand"]
    org.post(u("manage-session-changes-acknowledge", tournament, 1))
    assert heading not in org.get(u("manage-home", tournament)).content.decode()
    # Reopening again does not bring back what was acknowledged, and a session never closed notes nothing.
    signed.refresh_from_db()
    assert signed.first_closed_at is not None and signed.first_closed_at <= signed.closed_at


def test_a_session_never_closed_notes_no_change(published_session, referee, players):
    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    assert not ClosedSessionChange.objects.exists()


def test_marking_the_rest_not_played_on_a_complete_sheet_notes_nothing(signed, organizer, chief_referee, referee):
    """A signed sheet has every hand; after reopening, 'the rest not played' marks none, so nothing changed."""
    end_appeal_windows(signed)
    sched.session_close(session=signed, by=organizer)
    sched.session_reopen(session=signed, by=organizer, reason="Checking table 2")
    sheet = signed.tables.get(number=2).sheet
    ss.sheet_reopen(sheet=sheet, reason="Checking", by=chief_referee)
    assert ss.sheet_mark_rest_not_played(sheet=sheet, by=referee) == []
    assert list(ClosedSessionChange.objects.values_list("what", flat=True)) == ["sheet_reopened"]
