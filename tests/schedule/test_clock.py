"""The session clock: starting, scheduling and moving it, and the cut-off it puts on score entry (MCR 3.5.6)."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from rules import payments as pay
from schedule import clock
from scoring import services as ss
from scoring.models import Hand, Penalty
from tests.closing import close_session
from tournament.clock import clock_data
from tournament.models import AuditLog, Session

T0 = timezone.make_aware(timezone.datetime(2026, 5, 16, 10, 0))


def reload(session):
    return Session.objects.get(pk=session.pk)


@pytest.fixture
def running(published_session, organizer):
    """Session 1's clock started at T0 for the tournament's 150 minutes."""
    return clock.session_clock_start(session=published_session, by=organizer, now=T0)


def test_start_sets_the_end_from_the_tournament_time_limit_and_is_audited(published_session, organizer):
    session = clock.session_clock_start(session=published_session, by=organizer, now=T0)
    assert session.starts_at == T0 and session.ends_at == T0 + timedelta(minutes=150)
    entry = AuditLog.objects.get(action="session.clock_start")
    assert entry.data["minutes"] == 150 and entry.actor == organizer


def test_start_takes_a_per_session_length(published_session, organizer):
    session = clock.session_clock_start(session=published_session, by=organizer, minutes=90, now=T0)
    assert session.ends_at == T0 + timedelta(minutes=90)


@pytest.mark.parametrize("minutes", [0, -5, 1441, "90", True])
def test_start_refuses_a_bad_length_and_changes_nothing(published_session, organizer, minutes):
    with pytest.raises(ValidationError) as exc:
        clock.session_clock_start(session=published_session, by=organizer, minutes=minutes, now=T0)
    assert "1 to 1440 minutes" in str(exc.value)
    assert reload(published_session).ends_at is None
    assert not AuditLog.objects.filter(action="session.clock_start").exists()


def test_start_refuses_twice(running, organizer):
    with pytest.raises(ValidationError, match="already started at"):
        clock.session_clock_start(session=running, by=organizer, now=T0 + timedelta(minutes=5))
    assert reload(running).starts_at == T0


def test_only_an_organizer_starts_the_clock(published_session, referee):
    with pytest.raises(PermissionDenied):
        clock.session_clock_start(session=published_session, by=referee, now=T0)
    assert reload(published_session).ends_at is None


def test_a_planned_or_closed_session_has_no_clock(tournament, players, organizer):
    planned = tournament.sessions.get(number=2)
    with pytest.raises(ValidationError, match="not seated yet"):
        clock.session_clock_start(session=planned, by=organizer, now=T0)


def test_schedule_then_start_early_replaces_the_scheduled_start(published_session, organizer):
    later = T0 + timedelta(hours=1)
    session = clock.session_clock_schedule(session=published_session, starts_at=later, by=organizer, now=T0)
    assert session.clock_state(T0) == "scheduled" and session.ends_at == later + timedelta(minutes=150)
    session = clock.session_clock_start(session=session, by=organizer, now=T0 + timedelta(minutes=10))
    assert session.starts_at == T0 + timedelta(minutes=10)
    assert AuditLog.objects.get(action="session.clock_start").data["replaced"]["starts_at"] == later.isoformat()


def test_schedule_refuses_the_past_and_a_running_clock(published_session, organizer, running):
    with pytest.raises(ValidationError, match="already running"):
        clock.session_clock_schedule(
            session=running, starts_at=T0 + timedelta(hours=5), by=organizer, now=T0 + timedelta(minutes=1)
        )
    session = reload(running)
    session.starts_at = session.ends_at = None
    session.save()
    with pytest.raises(ValidationError, match="in the future"):
        clock.session_clock_schedule(session=session, starts_at=T0 - timedelta(minutes=1), by=organizer, now=T0)
    assert reload(session).ends_at is None


def test_adjust_moves_the_bell_and_logs_old_and_new(running, organizer):
    session = clock.session_clock_adjust(session=running, minutes=10, reason="power cut", by=organizer)
    assert session.ends_at == T0 + timedelta(minutes=160)
    entry = AuditLog.objects.get(action="session.clock_adjust")
    assert entry.data["reason"] == "power cut"
    assert entry.data["changes"]["ends_at"][1] == session.ends_at.isoformat()


@pytest.mark.parametrize(
    "minutes,message", [(0, "not zero"), (-150, "end before it starts"), (5000, "not zero and at most")]
)
def test_adjust_refuses_bad_minutes(running, organizer, minutes, message):
    with pytest.raises(ValidationError, match=message):
        clock.session_clock_adjust(session=running, minutes=minutes, by=organizer)
    assert reload(running).ends_at == T0 + timedelta(minutes=150)


def test_adjust_needs_a_clock(published_session, organizer):
    with pytest.raises(ValidationError, match="has not been started"):
        clock.session_clock_adjust(session=published_session, minutes=5, by=organizer)


def test_clock_states_turn_amber_15_minutes_before_the_end_and_red_at_the_end(running):
    end = running.ends_at
    assert running.clock_state(T0 - timedelta(seconds=1)) == "scheduled"
    assert running.clock_state(end - timedelta(minutes=15, seconds=1)) == "running"
    assert running.clock_state(end - timedelta(minutes=15)) == "warning"
    assert running.clock_state(end) == "ended"
    data = clock_data(running, now=end)
    assert data["state"] == "ended" and data["minutes"] == 150 and data["ends_at"] == end.isoformat()


# --- the cut-off -------------------------------------------------------------------------------------


def test_before_the_bell_hands_are_entered_as_usual(running, sheet, referee):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=T0 + timedelta(minutes=149))
    assert Hand.objects.get(sheet=sheet, number=1).current.after_bell is False


def test_after_the_bell_a_new_hand_is_refused_unless_it_ended_before(running, sheet, referee, players):
    bell = running.ends_at
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=bell - timedelta(minutes=1))
    with pytest.raises(ValidationError) as exc:
        ss.hand_record(sheet=sheet, number=2, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee, now=bell)
    assert exc.value.code == "time_up" and "Time ran out at" in exc.value.messages[0]
    assert not Hand.objects.filter(sheet=sheet, number=2).exists()
    # The referee says hand 2 ended before the bell: it counts, marked as entered after it.
    version = ss.hand_record(
        sheet=sheet,
        number=2,
        outcome=pay.SELF_DRAWN,
        winner=players[0],
        points=8,
        by=referee,
        before_bell=True,
        now=bell + timedelta(minutes=2),
    )
    assert version.after_bell
    assert AuditLog.objects.filter(action="hand.record", data__after_bell=True).count() == 1


def test_after_the_bell_corrections_of_entered_hands_are_accepted(running, sheet, referee, players):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=T0 + timedelta(minutes=5))
    version = ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.SELF_DRAWN,
        winner=players[1],
        points=8,
        by=referee,
        now=running.ends_at + timedelta(minutes=1),
    )
    assert version.version == 2 and not version.after_bell


def test_the_hand_in_progress_and_the_rest_become_not_played(running, sheet, referee, tournament):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=T0 + timedelta(minutes=5))
    session = reload(running)
    session.ends_at = timezone.now() - timedelta(minutes=1)  # the bell rang a minute ago, by the server's clock
    session.starts_at = session.ends_at - timedelta(minutes=150)
    session.save()
    marked = ss.sheet_mark_rest_not_played(sheet=sheet, by=referee)
    assert marked == list(range(2, tournament.hands_per_session + 1))
    notes = dict(Hand.objects.filter(sheet=sheet).values_list("number", "current__note"))
    assert "In progress at the bell" in notes[2] and "when time ran out" in notes[3]
    ss.sheet_sign(sheet=sheet, by=referee)


def test_without_a_clock_nothing_is_cut_off(published_session, sheet, referee):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=T0 + timedelta(days=3))


def test_a_late_arrival_takes_its_minutes_from_the_clock(running, sheet, referee, players):
    penalty = ss.foul_record(
        sheet=sheet, player=players[2], foul="late", by=referee, now=T0 + timedelta(minutes=10, seconds=20)
    )
    # 10 min 20 s is more than 10 minutes late: 20 points (MCR 3.11.2).
    assert penalty.minutes == 11 and penalty.amount == 20
    typed = ss.foul_record(
        sheet=sheet, player=players[3], foul="late", minutes=4, by=referee, now=T0 + timedelta(minutes=30)
    )
    assert typed.minutes == 4 and typed.amount == 10


def test_a_late_arrival_without_minutes_or_clock_is_refused(published_session, sheet, referee, players):
    with pytest.raises(ValidationError, match="how many minutes late"):
        ss.foul_record(sheet=sheet, player=players[2], foul="late", by=referee)
    assert not Penalty.objects.exists()


def test_the_clock_stops_changing_once_the_session_is_closed(running, organizer, referee):
    for table in running.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    close_session(session=running, by=organizer)
    with pytest.raises(ValidationError, match="is closed"):
        clock.session_clock_adjust(session=running, minutes=5, by=organizer)


def test_schedule_refuses_a_start_far_ahead(published_session, organizer):
    with pytest.raises(ValidationError, match="at most 30 days ahead"):
        clock.session_clock_schedule(
            session=published_session,
            by=organizer,
            now=T0,
            starts_at=timezone.make_aware(timezone.datetime(9999, 12, 31, 23, 59)),
        )
    assert reload(published_session).ends_at is None


def test_dashboard_names_the_tables_still_open_after_the_bell(running, sheet, referee, tournament):
    from schedule import dashboard

    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=T0 + timedelta(minutes=3))
    before = [i.text for i in dashboard.tournament_dashboard(tournament, T0 + timedelta(minutes=149)).problems]
    assert not any("bell rang" in text for text in before)
    after = [i.text for i in dashboard.tournament_dashboard(tournament, running.ends_at).problems]
    bell = timezone.localtime(running.ends_at).strftime("%H:%M")
    assert f"Session 1: tables 1, 2 are still open; the bell rang at {bell}." in after
