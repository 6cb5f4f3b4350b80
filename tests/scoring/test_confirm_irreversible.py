"""Irreversible actions on the sheet are asked first, in the page (issue 21, item 4): "time is up" (undone only
by correcting each hand) and the chief referee's countersignature (undone only by reopening). The first post
checks by the service's own rules and changes nothing; the page's button posts again with confirm=1."""

import html

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, ScoreSheet
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db


def url(name, tournament):
    return reverse(name, args=[tournament.slug, 1, 1])


def text(response):
    return html.unescape(response.content.decode())


@pytest.fixture
def one_hand(tournament, organizer, published_session, sheet, players, referee):
    from tournament import services as ts

    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    return sheet


def bell_rang(session):
    """The session's clock ended a minute ago: the button and its question say "Time is up"."""
    from datetime import timedelta

    from django.utils import timezone

    from tournament.models import Session

    now = timezone.now()
    Session.objects.filter(pk=session.pk).update(starts_at=now - timedelta(hours=3), ends_at=now - timedelta(minutes=1))


def test_time_is_up_is_asked_first_then_done(client_for, tournament, one_hand):
    bell_rang(one_hand.table.session)
    client = client_for("referee")
    before = AuditLog.objects.count()
    response = client.post(url("sheet-not-played", tournament), {})
    assert response.status_code == 200
    page = text(response)
    assert "Time is up: mark hands 2, 3, 4 not played?" in page
    assert "Undoing it means correcting each of those hands." in page
    assert 'name="confirm" value="1"' in page and "Yes, mark them not played" in page
    assert Hand.objects.filter(sheet=one_hand).count() == 1 and AuditLog.objects.count() == before
    response = client.post(url("sheet-not-played", tournament), {"confirm": "1"})
    assert response.status_code == 302
    assert Hand.objects.filter(sheet=one_hand).count() == 4


def test_without_a_bell_the_question_does_not_say_time_is_up(client_for, tournament, one_hand):
    page = text(client_for("referee").post(url("sheet-not-played", tournament), {}))
    assert "Mark hands 2, 3, 4 not played?" in page and "Time is up" not in page


def test_time_is_up_refused_at_once_on_a_signed_sheet(client_for, tournament, one_hand, referee):
    ss.sheet_sign(sheet=one_hand, by=referee, mark_rest_not_played=True)
    response = client_for("referee").post(url("sheet-not-played", tournament), {})
    assert "Yes, mark them not played" not in text(response)
    assert "only the chief referee can reopen it" in text(response)


def test_countersigning_is_asked_first_then_done(client_for, tournament, one_hand, referee, chief_referee):
    ss.sheet_sign(sheet=one_hand, by=referee, mark_rest_not_played=True)
    chief = client_for("chief_referee")
    response = chief.post(url("sheet-countersign", tournament), {})
    page = text(response)
    assert response.status_code == 200 and "Countersign the score sheet of table 1, session 1?" in page
    assert "Yes, countersign" in page
    assert ScoreSheet.objects.get(pk=one_hand.pk).status == ScoreSheet.Status.SUBMITTED
    assert chief.post(url("sheet-countersign", tournament), {"confirm": "1"}).status_code == 302
    assert ScoreSheet.objects.get(pk=one_hand.pk).status == ScoreSheet.Status.COUNTERSIGNED


def test_countersigning_by_a_referee_is_refused_without_being_asked(client_for, tournament, one_hand, referee):
    ss.sheet_sign(sheet=one_hand, by=referee, mark_rest_not_played=True)
    response = client_for("referee").post(url("sheet-countersign", tournament), {})
    assert "Only the chief referee countersigns" in text(response) and "Yes, countersign" not in text(response)
    response = client_for("referee").post(url("sheet-countersign", tournament), {"confirm": "1"})
    assert "Only the chief referee countersigns" in text(response)
    assert ScoreSheet.objects.get(pk=one_hand.pk).status == ScoreSheet.Status.SUBMITTED
