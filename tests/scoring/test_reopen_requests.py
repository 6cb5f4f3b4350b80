"""Issue 21: a referee who finds a mistake on a signed sheet asks the chief referee to reopen it. The request
waits in the chief referee's work queue; reopening the sheet grants it, declining answers it on the sheet; a
waiting request holds the session's closing like an undecided appeal."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from rules import payments as pay
from schedule import dashboard
from schedule import services as sched
from scoring import services as ss
from scoring.models import ReopenRequest, ScoreSheet
from scoring.queues import work_queue
from tournament import services as ts
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db


def url(name, tournament):
    return reverse(name, args=[tournament.slug, 1, 1])


@pytest.fixture
def signed(tournament, organizer, published_session, sheet, referee, players):
    """Table 1 of session 1: four hands, every player confirmed, the referee signed."""
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="either")
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    for n in (2, 3, 4):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=referee)
    for player in players[:4]:
        ss.sheet_confirm(sheet=sheet, player=player, method="device", by=referee)
    return ss.sheet_sign(sheet=sheet, by=referee)


# ------------------------------------------------------------------ the services


def test_a_referee_asks_and_the_chief_referee_sees_it(signed, referee, chief_referee, tournament):
    request = ss.sheet_reopen_request(sheet=signed, reason="  Hand 2 was won by player 3  ", by=referee)
    assert request.is_open and request.reason == "Hand 2 was won by player 3" and request.requested_by == referee
    queue = work_queue(tournament, chief_referee)
    assert [(r.session, r.table, r.reason, r.requested_by) for r in queue.reopen] == [
        (1, 1, "Hand 2 was won by player 3", "referee")
    ]
    assert not queue.empty
    assert work_queue(tournament, referee).reopen == []  # the referee cannot act on it
    log = AuditLog.objects.get(action="sheet.reopen_request")
    assert log.data["reason"] == "Hand 2 was won by player 3" and log.actor == referee


def test_reopening_grants_the_request(signed, referee, chief_referee, tournament):
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2 winner", by=referee)
    ss.sheet_reopen(sheet=signed, reason="Hand 2 winner", by=chief_referee)
    request = ReopenRequest.objects.get()
    assert request.status == ReopenRequest.Status.GRANTED and request.decided_by == chief_referee
    assert request.decided_at is not None
    assert work_queue(tournament, chief_referee).reopen == []
    assert AuditLog.objects.get(action="sheet.reopen").data["request_granted"] is True


def test_declining_needs_an_answer_and_keeps_the_sheet_signed(signed, referee, chief_referee, tournament):
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2 winner", by=referee)
    with pytest.raises(ValidationError) as refused:
        ss.reopen_request_decline(sheet=signed, answer="   ", by=chief_referee)
    assert "answer" in refused.value.message_dict
    with pytest.raises(PermissionDenied):
        ss.reopen_request_decline(sheet=signed, answer="No", by=referee)
    request = ss.reopen_request_decline(sheet=signed, answer="The players confirmed hand 2", by=chief_referee)
    assert request.status == ReopenRequest.Status.DECLINED and request.answer == "The players confirmed hand 2"
    assert ScoreSheet.objects.get(pk=signed.pk).is_signed
    assert work_queue(tournament, chief_referee).reopen == []
    assert AuditLog.objects.filter(action="sheet.reopen_decline").count() == 1
    # Declined, the referee may ask again (with more to say).
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2: see the photo", by=referee)
    assert ReopenRequest.objects.filter(status="open").count() == 1


@pytest.mark.parametrize(
    "case, code",
    [("twice", "already_asked"), ("not signed", "not_signed"), ("chief", "chief_reopens"), ("no reason", None)],
)
def test_what_a_request_refuses(case, code, signed, sheet, referee, chief_referee):
    by, reason = referee, "Hand 2 winner"
    if case == "twice":
        ss.sheet_reopen_request(sheet=signed, reason="first", by=referee)
    elif case == "not signed":
        ss.sheet_reopen(sheet=signed, reason="checking", by=chief_referee)
    elif case == "chief":
        by = chief_referee
    else:
        reason = " "
    with pytest.raises(ValidationError) as refused:
        ss.sheet_reopen_request(sheet=signed, reason=reason, by=by)
    if code:
        assert refused.value.code == code
    else:
        assert "reason" in refused.value.message_dict
    assert ReopenRequest.objects.filter(status="open").count() == (1 if case == "twice" else 0)


def test_the_referees_table_list_says_the_request_waits(signed, referee, tournament):
    [before] = [t for t in dashboard.referee_sessions([tournament])[0].tables if t.number == 1]
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2 winner", by=referee)
    [after] = [t for t in dashboard.referee_sessions([tournament])[0].tables if t.number == 1]
    assert before.next_action == "Nothing: the sheet is signed."
    assert after.next_action == "The chief referee answers the request to reopen it."


def test_the_organizers_dashboard_names_the_waiting_request(client_for, signed, referee, tournament):
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2 winner", by=referee)
    board = client_for("organizer").get(reverse("manage-home", args=[tournament.slug])).content.decode()
    steps = board.split('class="next-steps"')[1].split("</section>")[0]
    assert "Session 1, table 1: the referee asks the chief referee to reopen the signed score sheet" in steps
    assert url("sheet", tournament) + "#reopen-request" in steps


def test_outsiders_cannot_ask(signed, outsider, other_referee):
    for user in (outsider, other_referee):
        with pytest.raises(PermissionDenied):
            ss.sheet_reopen_request(sheet=signed, reason="x", by=user)
    assert not ReopenRequest.objects.exists()


def test_one_waiting_request_per_sheet_is_a_database_rule(signed, referee):
    ReopenRequest.objects.create(sheet=signed, reason="a", requested_by=referee)
    with pytest.raises(IntegrityError), transaction.atomic():
        ReopenRequest.objects.create(sheet=signed, reason="b", requested_by=referee)


def test_a_waiting_request_holds_the_closing_until_overridden(signed, referee, published_session):
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2 winner", by=referee)
    _, overridable = sched.session_close_problems(published_session)
    assert "Table 1: the referee asks the chief referee to reopen the score sheet." in overridable


# ------------------------------------------------------------------ the pages, per role


def test_the_referee_asks_from_the_sheet_and_reads_the_answer(client_for, signed, tournament, chief_referee, referee):
    client = client_for("referee")
    page = client.get(url("sheet", tournament)).content.decode()
    assert url("sheet-reopen-request", tournament) in page and "Ask the chief referee to reopen" in page
    response = client.post(url("sheet-reopen-request", tournament), {"reason": ""})
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    response = client.post(url("sheet-reopen-request", tournament), {"reason": "Hand 2 winner"}, follow=True)
    page = response.content.decode()
    assert "Your request is with the chief referee" in page
    assert "asked the chief referee to reopen this sheet" in page and "Waiting for the chief referee." in page
    assert url("sheet-reopen-request", tournament) not in page  # one request at a time
    ss.reopen_request_decline(sheet=signed, answer="Hand 2 is right", by=chief_referee)
    page = client.get(url("sheet", tournament)).content.decode()
    assert "Declined by chief" in page and "Hand 2 is right" in page
    # Reopened later all the same, and signed again: the old answer is about an earlier signature.
    ss.sheet_reopen(sheet=signed, reason="Hand 3 after all", by=chief_referee)
    for player in signed.table.seats.all():
        ss.sheet_confirm(sheet=signed, player=player.player, method="device", by=referee)
    ss.sheet_sign(sheet=signed, by=referee)
    page = client.get(url("sheet", tournament)).content.decode()
    assert "Hand 2 is right" not in page and url("sheet-reopen-request", tournament) in page


def test_the_chief_referee_reopens_or_declines_from_the_queue(client_for, signed, referee, tournament):
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2 winner", by=referee)
    chief = client_for("chief_referee")
    queue = chief.get(reverse("work-queue", args=[tournament.slug])).content.decode()
    assert "Requests to reopen a signed sheet" in queue and "Hand 2 winner" in queue
    assert url("sheet", tournament) + "#reopen-request" in queue
    page = chief.get(url("sheet", tournament)).content.decode()
    assert 'name="reason" value="Hand 2 winner"' in page  # the reopen form is filled in
    assert url("sheet-reopen-decline", tournament) in page
    response = chief.post(url("sheet-reopen-decline", tournament), {"answer": "Confirmed by all four"}, follow=True)
    assert "Request declined" in response.content.decode()
    assert ReopenRequest.objects.get().status == "declined"
    queue = chief.get(reverse("work-queue", args=[tournament.slug])).content.decode()
    assert "No referee asks for a sheet to be reopened." in queue


@pytest.mark.parametrize("role", ("referee", "organizer", "outsider"))
def test_only_the_chief_referee_declines(client_for, signed, referee, role):
    ss.sheet_reopen_request(sheet=signed, reason="Hand 2 winner", by=referee)
    response = client_for(role).post(url("sheet-reopen-decline", signed.table.session.tournament), {"answer": "no"})
    assert response.status_code == 403
    assert ReopenRequest.objects.get().is_open


@pytest.mark.parametrize("role, status", [("anonymous", 302), ("outsider", 403), ("other_referee", 403)])
def test_outsiders_cannot_ask_through_the_page(client_for, signed, tournament, role, status):
    response = client_for(role).post(url("sheet-reopen-request", tournament), {"reason": "x"})
    assert response.status_code == status
    assert not ReopenRequest.objects.exists()
