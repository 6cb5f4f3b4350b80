"""Announcements and calls for a referee (tournament.floor): their rules, refusals, double taps and audit."""

import uuid
from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from tournament import floor
from tournament.floor_models import Announcement, RefereeCall
from tournament.lifecycle import SESSION, SessionStatus
from tournament.models import AuditLog


def shown(tournament):
    return [a.text for a in floor.announcements_shown(tournament)]


def test_announcements_show_in_the_order_posted_until_withdrawn(tournament, organizer, chief_referee):
    first = floor.announcement_post(tournament=tournament, text="  Session 1 starts at 10:00 ", by=organizer)
    floor.announcement_post(tournament=tournament, text="Lunch is in room B", by=chief_referee)
    assert shown(tournament) == ["Session 1 starts at 10:00", "Lunch is in room B"]
    floor.announcement_withdraw(announcement=first, by=organizer)
    floor.announcement_withdraw(announcement=first, by=organizer)  # a second tap changes nothing
    assert shown(tournament) == ["Lunch is in room B"]
    actions = list(
        AuditLog.objects.filter(action__startswith="announcement.").order_by("id").values_list("action", flat=True)
    )
    assert actions == ["announcement.post", "announcement.post", "announcement.withdraw"]


def test_only_organizers_and_the_chief_referee_announce(tournament, referee, outsider):
    for user in (referee, outsider, None):
        with pytest.raises(PermissionDenied):
            floor.announcement_post(tournament=tournament, text="Hello", by=user)
    assert not Announcement.objects.exists()


def test_an_announcement_for_a_session_ends_with_it_and_one_until_a_time_then(tournament, organizer, published_session):
    floor.announcement_post(
        tournament=tournament, text="Table 2 plays in room B", session=published_session, by=organizer
    )
    soon = floor.announcement_post(
        tournament=tournament, text="Coffee now", until=timezone.now() + timedelta(minutes=5), by=organizer
    )
    assert shown(tournament) == ["Table 2 plays in room B", "Coffee now"]
    assert [a.text for a in floor.announcements_shown(tournament, now=soon.until)] == ["Table 2 plays in room B"]
    SESSION.restore(published_session, SessionStatus.CLOSED).save()  # as closing does, without its checks
    assert shown(tournament) == ["Coffee now"]


@pytest.mark.parametrize(
    ("text", "extra", "message"),
    [
        ("   ", {}, "Write the message"),
        ("x" * 281, {}, "at most 280 characters"),
        ("Later", {"until": "past"}, "already past"),
    ],
)
def test_bad_announcements_are_refused_saying_why(tournament, organizer, text, extra, message):
    if extra.get("until") == "past":
        extra = {"until": timezone.now() - timedelta(minutes=1)}
    with pytest.raises(ValidationError, match=message):
        floor.announcement_post(tournament=tournament, text=text, by=organizer, **extra)


def test_a_double_tap_posts_one_announcement(tournament, organizer):
    key = uuid.uuid4()
    a = floor.announcement_post(tournament=tournament, text="Hello", key=key, by=organizer)
    b = floor.announcement_post(tournament=tournament, text="Hello", key=key, by=organizer)
    assert a.pk == b.pk and Announcement.objects.count() == 1


# ---------------------------------------------------------------- calls


def test_a_call_is_made_taken_by_one_referee_and_closed(tournament, published_session, coded, referee, second_referee):
    table = published_session.tables.get(number=1)
    call = floor.referee_call_make(table=table, player=coded[0])
    again = floor.referee_call_make(table=table, player=coded[2])  # the table cannot flood the queue
    assert again.pk == call.pk and RefereeCall.objects.count() == 1
    assert list(floor.calls_live(tournament)) == [call]
    floor.referee_call_take(call=call, by=second_referee)
    with pytest.raises(ValidationError, match="Ana Ruiz has already taken this call"):
        floor.referee_call_take(call=call, by=referee)
    call.refresh_from_db()
    assert call.is_taken and call.taken_by == second_referee
    floor.referee_call_close(call=call, by=second_referee)
    with pytest.raises(ValidationError, match="already closed"):
        floor.referee_call_close(call=call, by=referee)
    assert not floor.calls_live(tournament).exists()
    # Closed, the table may call again.
    assert floor.referee_call_make(table=table, player=coded[0]).pk != call.pk
    actions = list(AuditLog.objects.filter(action__startswith="call.").order_by("id").values_list("action", flat=True))
    assert actions == ["call.make", "call.take", "call.close", "call.make"]


def test_who_may_call_take_and_close(tournament, published_session, coded, referee, outsider):
    table = published_session.tables.get(number=1)
    with pytest.raises(PermissionDenied):
        floor.referee_call_make(table=table, player=coded[5])  # seated at table 2
    with pytest.raises(PermissionDenied):
        floor.referee_call_make(table=table, by=outsider)
    call = floor.referee_call_make(table=table, by=referee)
    for user in (outsider, None):
        with pytest.raises(PermissionDenied):
            floor.referee_call_take(call=call, by=user)
    with pytest.raises(PermissionDenied):
        floor.referee_call_close(call=call, by=None, player=coded[5])
    floor.referee_call_close(call=call, by=None, player=coded[1])  # a player of the table no longer needs one
    call.refresh_from_db()
    assert not call.is_live


def test_no_call_from_a_session_not_published(tournament, seated_session, coded):
    with pytest.raises(ValidationError, match="not being played"):
        floor.referee_call_make(table=seated_session.tables.get(number=1), player=coded[0])
