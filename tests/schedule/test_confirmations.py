"""Actions that reach many people or are hard to undo ask first, saying what they affect; nothing changes
until the confirmation (issue 15, item 5). Without JavaScript: the confirmation is a page whose form posts
again with confirm=1."""

import pytest
from django.urls import reverse

from schedule import services as sched
from tests.closing import end_appeal_windows
from tournament.models import AuditLog, Session

from .conftest import make_tournament, play_and_close

pytestmark = pytest.mark.django_db


def u(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, *extra])


def statuses(tournament):
    return list(tournament.sessions.order_by("number").values_list("status", flat=True))


def test_publish_all_asks_then_publishes(client_for, rr16, organizer):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=2)
    client = client_for("organizer")
    response = client.post(u("manage-seating-publish", rr16))
    content = response.content.decode()
    assert response.status_code == 200
    assert "Publish the seating of sessions 1, 2, 3, 4, 5?" in content
    assert "each of the 16 players" in content
    assert 'name="confirm" value="1"' in content and f'action="{u("manage-seating-publish", rr16)}"' in content
    assert u("manage-seating", rr16) + "#sessions" in content  # cancel goes back
    assert set(statuses(rr16)) == {Session.Status.SEATED}
    response = client.post(u("manage-seating-publish", rr16), {"confirm": "1"})
    assert response.status_code == 302
    assert set(statuses(rr16)) == {Session.Status.PUBLISHED}


def test_publish_all_with_nothing_seated_says_so_without_asking(client_for, rr16):
    content = client_for("organizer").post(u("manage-seating-publish", rr16)).content.decode()
    assert "No session is seated" in content and 'name="confirm"' not in content


def test_close_asks_then_closes(client_for, rr16, organizer, referee):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=2)
    session = rr16.sessions.get(number=1)
    sched.session_publish(session=session, by=organizer)
    client = client_for("organizer")
    open_sheets = client.post(u("manage-session-close", rr16, 1)).content.decode()
    assert "have not signed their" in open_sheets and 'name="confirm"' not in open_sheets
    from scoring import services as ss

    for table in session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    end_appeal_windows(session)
    content = client.post(u("manage-session-close", rr16, 1)).content.decode()
    assert "Close session 1?" in content and "Its 4 score sheets become final" in content
    assert rr16.sessions.get(number=1).status == Session.Status.PUBLISHED
    assert client.post(u("manage-session-close", rr16, 1), {"confirm": "1"}).status_code == 302
    assert rr16.sessions.get(number=1).status == Session.Status.CLOSED


def test_closing_before_swiss_says_the_next_session_can_be_seated(client_for, organizer, referee):
    t = make_tournament(organizer, referee, slug="swiss-c", sessions=3, format="swiss")
    first = t.sessions.get(number=1)
    sched.session_seat_random(session=first, by=organizer, seed=4)
    sched.session_publish(session=first, by=organizer)
    from scoring import services as ss

    for table in first.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    end_appeal_windows(first)
    content = client_for("organizer").post(u("manage-session-close", t, 1)).content.decode()
    assert "Session 2 can then be seated by Swiss pairing" in content


@pytest.fixture
def swiss_after_one(organizer, referee):
    """Swiss: session 1 played and closed, session 2 seated by Swiss from its results."""
    t = make_tournament(organizer, referee, slug="swiss-r", sessions=3, format="swiss")
    first = t.sessions.get(number=1)
    sched.session_seat_random(session=first, by=organizer, seed=4)
    play_and_close(first, referee, organizer)
    sched.session_seat_swiss(session=t.sessions.get(number=2), by=organizer)
    return t


def test_reopen_warns_about_sessions_seated_from_its_results(client_for, swiss_after_one, organizer):
    t = swiss_after_one
    client = client_for("organizer")
    response = client.post(u("manage-session-reopen", t, 1), {"reason": "Appeal at table 2"})
    content = response.content.decode()
    assert "Reopen session 1?" in content
    assert "Session 2 was seated by Swiss pairing on standings that include this session" in content
    assert "you can seat it again by Swiss" in content
    assert 'value="Appeal at table 2"' in content  # the reason typed is kept
    assert t.sessions.get(number=1).status == Session.Status.CLOSED
    sched.session_publish(session=t.sessions.get(number=2), by=organizer)
    content = client.post(u("manage-session-reopen", t, 1), {"reason": "x"}).content.decode()
    assert "Players have already seen the seating of sessions 2" in content
    response = client.post(u("manage-session-reopen", t, 1), {"reason": "Appeal at table 2", "confirm": "1"})
    assert response.status_code == 302
    assert t.sessions.get(number=1).status == Session.Status.PUBLISHED
    entry = AuditLog.objects.filter(action="session.reopen").first()
    assert entry.data == {"reason": "Appeal at table 2", "seated_from_it": [2]}


def test_reopen_without_dependents_has_no_warning(client_for, rr16, organizer, referee):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=2)
    play_and_close(rr16.sessions.get(number=1), referee, organizer)
    content = client_for("organizer").post(u("manage-session-reopen", rr16, 1)).content.decode()
    assert "Reopen session 1?" in content and 'role="alert"' not in content


def test_reopen_an_open_session_is_refused_at_once(client_for, rr16):
    content = client_for("organizer").post(u("manage-session-reopen", rr16, 1)).content.decode()
    assert "Session 1 is not closed." in content and 'name="confirm"' not in content


@pytest.mark.parametrize("role", ("anonymous", "outsider", "referee"))
def test_others_get_no_confirmation_page(client_for, swiss_after_one, role):
    t = swiss_after_one
    for name, args in (("manage-session-reopen", (1,)), ("manage-session-close", (2,)), ("manage-seating-publish", ())):
        for data in ({}, {"confirm": "1"}):
            response = client_for(role).post(u(name, t, *args), data)
            assert response.status_code in (302, 403)
            assert "What this does" not in response.content.decode()
    assert statuses(t) == [Session.Status.CLOSED, Session.Status.SEATED, Session.Status.PLANNED]
