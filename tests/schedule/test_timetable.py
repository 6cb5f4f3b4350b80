"""The timetable: when each session starts ("Session 3 starts at 14:00" on the player's page, the hall and the
API, not only a countdown) and the days of a multi-day event (sessions grouped by date in the lists and
the tabulation file)."""

from datetime import datetime, time, timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from exports import datasets
from schedule import clock
from schedule import services as sched
from tournament.clock import next_session_start
from tournament.models import AuditLog

from .conftest import make_tournament


def at(days, hour, minute=0):
    day = timezone.localdate() + timedelta(days=days)
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


@pytest.fixture
def two_days(organizer, referee):
    t = make_tournament(organizer, referee, slug="weekend", players=8, sessions=4)
    clock.sessions_timetable_set(
        tournament=t, starts={1: at(1, 10), 2: at(1, 14), 3: at(2, 10), 4: at(2, 14)}, by=organizer
    )
    return t


def test_the_timetable_is_kept_and_audited(two_days):
    assert [s.planned_start.hour for s in two_days.sessions.order_by("number")] == [10, 14, 10, 14]
    assert [s.day for s in two_days.sessions.order_by("number")][1:3] == [
        timezone.localdate() + timedelta(days=1),
        timezone.localdate() + timedelta(days=2),
    ]
    entry = AuditLog.objects.get(action="session.timetable")
    assert sorted(entry.data["changes"]) == ["1", "2", "3", "4"]


def test_the_timetable_refusals(two_days, organizer, referee):
    with pytest.raises(PermissionDenied):
        clock.sessions_timetable_set(tournament=two_days, starts={1: at(1, 9)}, by=referee)
    two_days.start_date = timezone.localdate() + timedelta(days=1)
    two_days.save(update_fields=["start_date"])
    with pytest.raises(ValidationError, match="before the tournament's first day"):
        clock.sessions_timetable_set(tournament=two_days, starts={1: at(0, 9)}, by=organizer)
    assert two_days.sessions.get(number=1).planned_start == at(1, 10)


def test_the_next_session_is_the_first_still_ahead(two_days):
    assert next_session_start(two_days).number == 1
    assert next_session_start(two_days, now=at(1, 11)).number == 2
    assert next_session_start(two_days, now=at(3, 0)) is None


def test_the_clock_once_scheduled_takes_over(two_days, organizer):
    session = two_days.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    clock.session_clock_schedule(session=session, starts_at=at(1, 10, 20), by=organizer)
    session.refresh_from_db()
    assert session.start_time == at(1, 10, 20)


def test_the_players_page_says_when_the_next_session_starts(two_days, organizer, client_for):
    session = two_days.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    sched.session_publish(session=session, by=organizer)
    player = two_days.players.get(number=1)
    page = client_for("anonymous").get(reverse("player-page", args=[two_days.slug, player.code])).content.decode()
    day = date_format(timezone.localdate() + timedelta(days=1), "l j F")
    assert f"Session 1 starts on {day} at 10:00." in page
    # Before session 2 is seated, its time is said too.
    assert "Session 2 starts on" not in page  # only the next seat's session is shown


def test_the_hall_and_the_api_say_when_the_next_session_starts(two_days, client_for):
    client = client_for("anonymous")
    hall = client.get(reverse("hall", args=[two_days.slug])).content.decode()
    day = date_format(timezone.localdate() + timedelta(days=1), "l j F")
    assert f"Session 1 starts on {day} at 10:00." in hall
    data = client.get(reverse("api-tournament", args=[two_days.slug])).json()
    assert data["next_session"]["number"] == 1 and data["next_session"]["time"] == "10:00"
    assert [s["day"] for s in data["sessions"]] == [] or all("day" in s for s in data["sessions"])


def test_lists_and_files_group_sessions_by_day(two_days, client_for, organizer):
    day1 = date_format(timezone.localdate() + timedelta(days=1), "l j F")
    day2 = date_format(timezone.localdate() + timedelta(days=2), "l j F")
    page = client_for("anonymous").get(reverse("tournament-detail", args=[two_days.slug])).content.decode()
    assert page.index(day1) < page.index("Session 1") < page.index(day2) < page.index("Session 3")
    manage = client_for("organizer").get(reverse("manage-sessions", args=[two_days.slug])).content.decode()
    assert f'<h2 class="day-heading">{day1}</h2>' in manage and f'<h2 class="day-heading">{day2}</h2>' in manage
    groups = [label for label, _width in datasets.tabulation_dataset(two_days).groups]
    assert f"Session 3 · {day2}" in groups


def test_a_one_day_event_is_not_grouped(organizer, referee, client_for):
    t = make_tournament(organizer, referee, slug="one-day", players=8, sessions=2)
    clock.sessions_timetable_set(tournament=t, starts={1: at(1, 10), 2: at(1, 14)}, by=organizer)
    manage = client_for("organizer").get(reverse("manage-sessions", args=[t.slug])).content.decode()
    assert "day-heading" not in manage


@pytest.mark.parametrize("role, status", [("anonymous", 302), ("referee", 403), ("organizer", 200)])
def test_the_timetable_page_per_role(two_days, client_for, role, status):
    client = client_for(role)
    url = reverse("manage-timetable", args=[two_days.slug])
    assert client.get(url).status_code == status
    response = client.post(url, {"start_1": "2031-05-02T09:30"})
    assert response.status_code == (302 if status == 200 else status)
    hour = two_days.sessions.get(number=1).planned_start.hour
    assert hour == (9 if status == 200 else 10)


def test_the_timetable_page_keeps_what_was_typed_when_refused(two_days, client_for):
    response = client_for("organizer").post(reverse("manage-timetable", args=[two_days.slug]), {"start_1": "tomorrow"})
    assert response.status_code == 400 and 'value="tomorrow"' in response.content.decode()
