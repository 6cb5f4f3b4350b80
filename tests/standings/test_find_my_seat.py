"""The tournament page's "find my seat" and its link to the session being played (issue 21)."""

import pytest
from django.urls import reverse

from schedule import services as sched
from scoring import services as ss

pytestmark = pytest.mark.django_db


def test_no_seat_to_find_before_any_seating_is_published(client, tournament, seated_session):
    tournament.published = True
    tournament.save()
    page = client.get(reverse("tournament-detail", args=[tournament.slug])).content.decode()
    assert "Find my seat" not in page
    response = client.get(reverse("session-current", args=[tournament.slug]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament-detail", args=[tournament.slug])
    assert "No session&#x27;s seating is published yet." in response.content.decode()


def test_find_my_seat_leads_to_the_current_session(client, tournament, published_session, players):
    tournament.published = True
    tournament.save()
    page = client.get(reverse("tournament-detail", args=[tournament.slug])).content.decode()
    assert f'action="{reverse("session-current", args=[tournament.slug])}"' in page
    response = client.get(reverse("session-current", args=[tournament.slug]), {"q": "Player 6"})
    assert response.status_code == 302
    assert response.url == reverse("session-detail", args=[tournament.slug, 1]) + "?q=Player+6#found"
    found = client.get(response.url).content.decode().split('id="found"')[1].split("</div>")[0]
    assert "Player 6 (6): <strong>table 2</strong>, starting wind South" in found


def test_current_moves_on_once_the_sheets_are_signed(
    client, tournament, published_session, players, organizer, referee
):
    tournament.published = True
    tournament.save()
    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[4:8], players[0:4]], by=organizer, method="manual")
    sched.session_publish(session=second, by=organizer)
    assert client.get(reverse("session-current", args=[tournament.slug])).url.endswith("/sessions/1/")
    for table in published_session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    assert client.get(reverse("session-current", args=[tournament.slug])).url.endswith("/sessions/2/")


def test_a_private_tournament_stays_hidden(client, tournament, published_session):
    tournament.published = False
    tournament.save()
    assert client.get(reverse("session-current", args=[tournament.slug])).status_code == 404


def test_between_sessions_nothing_is_being_played(client, tournament, published_session, referee, organizer):
    """Session 1 closed, the next not published: the tournament page offers no seat to find, and the old
    address of the session being played says none is, not that no seating was ever published."""
    from tests.closing import close_session

    tournament.published = True
    tournament.save()
    for table in published_session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    close_session(session=published_session, by=organizer)
    page = client.get(reverse("tournament-detail", args=[tournament.slug])).content.decode()
    assert "Find my seat" not in page and "The session being played" not in page
    response = client.get(reverse("session-current", args=[tournament.slug]), follow=True)
    assert "No session is being played right now." in response.content.decode()
