"""The announcements page and the calls on the To do page, per role: who may see, who may write."""

import uuid

import pytest
from django.urls import reverse

from tournament import floor
from tournament.floor_models import Announcement, RefereeCall


@pytest.mark.parametrize(
    ("role", "status"),
    [("organizer", 200), ("chief_referee", 200), ("referee", 403), ("outsider", 403), ("anonymous", 302)],
)
def test_who_opens_the_announcements_page(client_for, tournament, role, status):
    response = client_for(role).get(reverse("manage-announcements", args=[tournament.slug]))
    assert response.status_code == status


@pytest.mark.parametrize("role", ["referee", "outsider", "anonymous"])
def test_others_cannot_post_or_withdraw(client_for, tournament, organizer, role):
    client = client_for(role)
    url = reverse("manage-announcements", args=[tournament.slug])
    client.post(url, {"text": "Fake news", "key": str(uuid.uuid4())})
    assert not Announcement.objects.exists()
    note = floor.announcement_post(tournament=tournament, text="True news", by=organizer)
    client.post(reverse("manage-announcement-withdraw", args=[tournament.slug, note.pk]))
    note.refresh_from_db()
    assert note.active


def test_the_chief_referee_posts_and_everyone_reads_it(client_for, tournament, client):
    chief = client_for("chief_referee")
    url = reverse("manage-announcements", args=[tournament.slug])
    key = str(uuid.uuid4())
    response = chief.post(url, {"text": "Session 1 starts at 10:00", "key": key}, follow=True)
    assert "Announced." in response.content.decode()
    chief.post(url, {"text": "Session 1 starts at 10:00", "key": key})  # a double tap
    assert Announcement.objects.count() == 1
    page = client.get(reverse("tournament-detail", args=[tournament.slug])).content.decode()
    assert "Session 1 starts at 10:00" in page


def test_a_bad_announcement_keeps_what_was_typed(client_for, tournament):
    response = client_for("organizer").post(
        reverse("manage-announcements", args=[tournament.slug]),
        {"text": "Later", "until": "2000-01-01T10:00", "key": str(uuid.uuid4())},
    )
    content = response.content.decode()
    assert response.status_code == 200 and "already past" in content and "Later" in content
    assert not Announcement.objects.exists()


@pytest.mark.parametrize(("role", "sees"), [("referee", True), ("chief_referee", True), ("organizer", True)])
def test_calls_lead_the_to_do_page(client_for, tournament, published_session, coded, role, sees):
    floor.referee_call_make(table=published_session.tables.get(number=2), player=coded[4])
    content = client_for(role).get(reverse("work-queue", args=[tournament.slug])).content.decode()
    assert ("Take the call of table 2" in content) is sees
    fragment = client_for(role).get(reverse("work-calls", args=[tournament.slug]))
    assert fragment.status_code == 200 and "Take the call of table 2" in fragment.content.decode()


@pytest.mark.parametrize(("role", "status"), [("outsider", 403), ("anonymous", 302)])
def test_others_neither_see_nor_take_calls(client_for, tournament, published_session, coded, role, status):
    call = floor.referee_call_make(table=published_session.tables.get(number=2), player=coded[4])
    client = client_for(role)
    assert client.get(reverse("work-calls", args=[tournament.slug])).status_code == status
    assert client.post(reverse("work-call-take", args=[tournament.slug, call.pk])).status_code == status
    call.refresh_from_db()
    assert not call.is_taken


def test_a_referee_takes_and_the_other_sees_who(client_for, tournament, published_session, coded, second_referee):
    call = floor.referee_call_make(table=published_session.tables.get(number=1), player=coded[0])
    client_for("second_referee").post(reverse("work-call-take", args=[tournament.slug, call.pk]))
    other = client_for("referee")
    response = other.post(reverse("work-call-take", args=[tournament.slug, call.pk]), follow=True)
    content = response.content.decode()
    assert "Ana Ruiz has already taken this call." in content and "Taken by Ana Ruiz." in content
    other.post(reverse("work-call-close", args=[tournament.slug, call.pk]))
    assert not RefereeCall.objects.get().is_live
