"""One table's extra time on the session clock (issue 29): the chief referee or an organizer gives a table minutes
after the session's bell, with a reason; the cut-off for new hands, the table page and its "Time is up", the
hall's data and the dashboard follow that table's own end (``Table.ends_at``), the other tables the session's."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from api.data import seating_data
from rules import payments as pay
from schedule import clock
from schedule.dashboard import tournament_dashboard
from scoring import services as ss
from tournament.clock import clock_data
from tournament.models import AuditLog, Session, Table

pytestmark = pytest.mark.django_db

T0 = timezone.make_aware(timezone.datetime(2026, 5, 16, 10, 0))
BELL = T0 + timedelta(minutes=150)


@pytest.fixture
def running(published_session, organizer):
    """Session 1's clock started at T0 for 150 minutes: the bell at 12:30."""
    return clock.session_clock_start(session=published_session, by=organizer, now=T0)


@pytest.fixture
def late_table(running):
    return running.tables.get(number=2)


def test_the_table_plays_on_after_the_sessions_bell(running, late_table, chief_referee, referee, players):
    table = clock.table_time_extend(table=late_table, minutes=10, reason="Started 10 minutes late", by=chief_referee)
    assert table.ends_at == BELL + timedelta(minutes=10)
    assert Table.objects.get(number=1, session=running).ends_at == BELL
    after_bell = BELL + timedelta(minutes=5)
    with pytest.raises(ValidationError, match="Time ran out at"):
        ss.hand_record(sheet=running.tables.get(number=1).sheet, number=1, outcome=pay.DRAW, by=referee, now=after_bell)
    version = ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee, now=after_bell)
    assert not version.after_bell
    with pytest.raises(ValidationError, match="Time ran out at 12:40"):
        ss.hand_record(sheet=table.sheet, number=2, outcome=pay.DRAW, by=referee, now=BELL + timedelta(minutes=11))
    entry = AuditLog.objects.get(action="table.time_extend")
    assert entry.data["table"] == 2 and entry.data["reason"] == "Started 10 minutes late"
    assert entry.data["changes"] == {"extra_minutes": [0, 10]}


def test_the_clock_each_page_and_the_api_show_is_the_tables_own(running, late_table, organizer):
    clock.table_time_extend(table=late_table, minutes=10, reason="Started late", by=organizer)
    table = Table.objects.get(pk=late_table.pk)
    after_bell = BELL + timedelta(minutes=5)
    own = clock_data(running, after_bell, table=table)
    assert own["state"] == "warning" and own["ends_at"] == (BELL + timedelta(minutes=10)).isoformat()
    assert own["extra_minutes"] == 10 and own["minutes"] == 160
    assert clock_data(running, after_bell)["state"] == "ended"  # the session's, as the hall's main clock shows
    rows = {row["number"]: row for row in seating_data(running.tournament, running)}
    assert (rows[1]["extra_minutes"], rows[1]["ends_at"]) == (0, BELL.isoformat())
    assert (rows[2]["extra_minutes"], rows[2]["ends_at"]) == (10, (BELL + timedelta(minutes=10)).isoformat())


def test_the_dashboard_names_only_the_tables_whose_own_bell_rang(running, late_table, organizer, referee):
    ss.hand_record(sheet=running.tables.get(number=1).sheet, number=1, outcome=pay.DRAW, by=referee, now=T0)
    clock.table_time_extend(table=late_table, minutes=10, reason="Started late", by=organizer)
    texts = [str(i.text) for i in tournament_dashboard(running.tournament, BELL + timedelta(minutes=5)).problems]
    assert any("table 1 is still open" in t for t in texts), texts
    later = [str(i.text) for i in tournament_dashboard(running.tournament, BELL + timedelta(minutes=11)).problems]
    assert any("tables 1, 2 are still open" in t for t in later), later


def test_a_second_tap_changes_nothing_and_zero_takes_it_back(running, late_table, organizer):
    for _tap in range(2):
        clock.table_time_extend(table=late_table, minutes=10, reason="Started late", by=organizer)
    assert AuditLog.objects.filter(action="table.time_extend").count() == 1
    table = clock.table_time_extend(table=late_table, minutes=0, reason="Caught up", by=organizer)
    assert table.ends_at == BELL and AuditLog.objects.filter(action="table.time_extend").count() == 2


@pytest.mark.parametrize(
    "minutes, reason, message",
    [(10, "  ", "Say why"), (-5, "x", "Give 0 to"), (24 * 60 + 1, "x", "Give 0 to"), (True, "x", "Give 0 to")],
)
def test_bad_input_is_refused(late_table, organizer, minutes, reason, message):
    with pytest.raises(ValidationError, match=message):
        clock.table_time_extend(table=late_table, minutes=minutes, reason=reason, by=organizer)
    assert Table.objects.get(pk=late_table.pk).extra_minutes == 0


@pytest.mark.parametrize("role", ["referee", "outsider"])
def test_only_the_chief_referee_or_an_organizer(request, late_table, role):
    with pytest.raises(PermissionDenied):
        clock.table_time_extend(table=late_table, minutes=10, reason="x", by=request.getfixturevalue(role))
    assert Table.objects.get(pk=late_table.pk).extra_minutes == 0


def test_a_signed_sheet_needs_no_more_time(running, late_table, referee, organizer):
    for n in range(1, 17):
        ss.hand_record(sheet=late_table.sheet, number=n, outcome=pay.DRAW, by=referee, now=T0)
    ss.sheet_sign(sheet=late_table.sheet, by=referee)
    with pytest.raises(ValidationError, match="signed"):
        clock.table_time_extend(table=late_table, minutes=10, reason="x", by=organizer)


def test_without_a_clock_or_once_closed_it_is_refused(published_session, organizer):
    table = published_session.tables.get(number=2)
    with pytest.raises(ValidationError, match="Start or schedule the clock"):
        clock.table_time_extend(table=table, minutes=10, reason="x", by=organizer)
    clock.session_clock_start(session=published_session, by=organizer, now=T0)
    Session.objects.filter(pk=published_session.pk).update(status="closed")  # closed as the closing tests close it
    with pytest.raises(ValidationError, match="is closed"):
        clock.table_time_extend(table=table, minutes=10, reason="x", by=organizer)


# ------------------------------------------------------------------ the pages


@pytest.fixture
def rang(published_session, organizer):
    """The session's bell rang 2 minutes ago."""
    start = timezone.now() - timedelta(minutes=152)
    return clock.session_clock_start(session=published_session, by=organizer, now=start)


def sheet_url(session, t):
    return reverse("sheet", args=[session.tournament.slug, session.number, t])


@pytest.mark.parametrize("role, status", [("anonymous", 302), ("outsider", 403), ("referee", 403)])
def test_who_may_give_extra_time(client_for, rang, role, status):
    url = reverse("table-time", args=[rang.tournament.slug, 1, 2])
    client = client_for(role)
    assert client.get(url).status_code == status
    assert client.post(url, {"minutes": 10, "reason": "Late"}).status_code == status
    assert Table.objects.get(session=rang, number=2).extra_minutes == 0


@pytest.mark.parametrize("role", ["organizer", "chief_referee"])
def test_the_table_page_follows_its_own_end(client_for, rang, players, role):
    client = client_for(role)
    page = client.get(sheet_url(rang, 2)).content.decode()
    assert reverse("table-time", args=[rang.tournament.slug, 1, 2]) in page
    assert "Time is up" in page
    bad = client.post(reverse("table-time", args=[rang.tournament.slug, 1, 2]), {"minutes": 10, "reason": ""})
    assert bad.status_code == 400 and "Say why" in bad.content.decode()
    done = client.post(reverse("table-time", args=[rang.tournament.slug, 1, 2]), {"minutes": 10, "reason": "Late"})
    assert done.status_code == 302 and done.url == sheet_url(rang, 2)
    referee_page = client_for("referee").get(sheet_url(rang, 2)).content.decode()
    assert "This table has 10 minutes more than the session (Late)" in referee_page
    assert "Time is up: mark hands" not in referee_page
    assert "Time is up" in client_for("referee").get(sheet_url(rang, 1)).content.decode()
    clock_page = client_for("organizer").get(reverse("manage-session-clock", args=[rang.tournament.slug, 1]))
    assert "+10 min, until" in clock_page.content.decode() and "(Late)" in clock_page.content.decode()
    audit = client_for("organizer").get(reverse("manage-audit", args=[rang.tournament.slug])).content.decode()
    assert "gave table 2 of session 1 10 minutes after the bell" in audit and "Reason: Late" in audit


def test_the_hall_shows_the_tables_own_end(client, rang, organizer):
    clock.table_time_extend(table=rang.tables.get(number=2), minutes=10, reason="Late", by=organizer)
    page = client.get(reverse("hall", args=[rang.tournament.slug])).content.decode()
    ends = timezone.localtime(Table.objects.get(session=rang, number=2).ends_at).strftime("%H:%M")
    assert f"+10 min: ends at {ends}" in page
    session_page = client.get(reverse("session-detail", args=[rang.tournament.slug, 1])).content.decode()
    assert f"+10 min: ends at {ends}" in session_page
