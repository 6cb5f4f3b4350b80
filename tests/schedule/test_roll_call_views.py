"""The roll call's pages per role (who may see, who may write), the proposal confirmed by its fingerprint,
self check-in from the player's private page, a player back in from the Withdrawals page with the changed
tables to reprint, and the dashboard's player seated nowhere."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from schedule import attendance as att
from schedule import services as sched
from schedule import withdrawals as wd
from schedule.dashboard import tournament_dashboard
from tournament import services as ts
from tournament.lifecycle import CheckInStatus, RollCallStatus
from tournament.models import CheckIn, Seat, Session, Withdrawal

from .conftest import make_tournament


@pytest.fixture
def t(organizer, referee):
    t = make_tournament(organizer, referee, slug="desk", players=8, sessions=2)
    ts.player_create(tournament=t, number=9, name="Bench Ana", is_substitute=True, by=organizer)
    return t


def url(t, name, *args):
    return reverse(name, args=[t.slug, *args])


@pytest.mark.parametrize("role, status", [("anonymous", 302), ("outsider", 403), ("referee", 200), ("organizer", 200)])
def test_who_sees_the_roll_call(t, client_for, role, status):
    assert client_for(role).get(url(t, "manage-roll-call", 1)).status_code == status


@pytest.mark.parametrize("role, status", [("anonymous", 302), ("outsider", 403), ("referee", 403)])
def test_only_organizers_open_it_or_seat_from_it(t, client_for, role, status):
    client = client_for(role)
    assert client.post(url(t, "manage-roll-call-open", 1)).status_code == status
    assert client.get(url(t, "manage-roll-call-seat", 1)).status_code == status
    assert Session.objects.get(tournament=t, number=1).roll_call == RollCallStatus.NONE


def test_the_desk_marks_and_searches(t, client_for):
    organizer = client_for("organizer")
    organizer.post(url(t, "manage-roll-call-open", 1))
    referee = client_for("referee")
    response = referee.post(url(t, "manage-roll-call", 1), {"player": 3, "status": "present", "q": "play"})
    assert response.status_code == 302 and response["Location"].endswith("?q=play#p-3")
    assert CheckIn.objects.get(player__number=3).status == CheckInStatus.PRESENT
    page = referee.get(url(t, "manage-roll-call", 1) + "?q=3").content.decode()
    assert 'id="p-3"' in page and 'id="p-4"' not in page  # a number finds that player only
    page = referee.get(url(t, "manage-roll-call", 1)).content.decode()
    assert "<strong>1</strong> present" in page and "<strong>7</strong> not here" in page
    bad = referee.post(url(t, "manage-roll-call", 1), {"player": 99, "status": "present"})
    assert bad.status_code == 400


def test_the_proposal_is_confirmed_as_seen(t, organizer, referee, client_for):
    session = t.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    for n in (1, 2, 3, 5, 6, 7, 8, 9):
        att.check_in_mark(session=session, player=t.players.get(number=n), status="present", by=referee)
    client = client_for("organizer")
    page = client.get(url(t, "manage-roll-call-seat", 1)).content.decode()
    assert "Player 4" in page and "no-show" in page and "Bench Ana" in page
    stale = client.post(url(t, "manage-roll-call-seat", 1), {"proposal": "0000"})
    assert stale.status_code == 400 and "changed since you looked" in stale.content.decode()
    assert not Seat.objects.filter(session=session).exists()
    fingerprint = att.roll_call_proposal(session).fingerprint
    done = client.post(url(t, "manage-roll-call-seat", 1), {"proposal": fingerprint})
    assert done.status_code == 302
    assert Withdrawal.objects.get().reason == "no_show"
    assert Seat.objects.filter(session=session).count() == 8


def test_self_check_in_from_the_private_page(t, organizer, client_for):
    ts.player_codes_generate(tournament=t, by=organizer)
    player = t.players.get(number=2)
    page_url = reverse("player-page", args=[t.slug, player.code])
    check_url = url(t, "player-check-in", player.code)
    anonymous = client_for("anonymous")
    assert "I am here" not in anonymous.get(page_url).content.decode()
    att.roll_call_open(session=t.sessions.get(number=1), by=organizer)
    att.roll_call_self_check_in(session=t.sessions.get(number=1), by=organizer, allowed=True)
    assert "I am here" in anonymous.get(page_url).content.decode()
    response = anonymous.post(check_url)
    assert response.status_code == 302
    assert CheckIn.objects.get(player=player).by_self
    assert "You are checked in" in anonymous.get(page_url).content.decode()
    assert anonymous.post(url(t, "player-check-in", "WRONGCODE")).status_code == 404


def test_a_player_back_in_from_the_withdrawals_page(t, organizer, client_for):
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=4)
    sched.session_publish(session=t.sessions.get(number=1), by=organizer)
    player = t.players.get(number=5)
    w = wd.player_withdraw(
        player=player,
        from_session=t.sessions.get(number=1),
        reason="no_show",
        substitute=t.players.get(number=9),
        by=organizer,
    )
    table = Seat.objects.get(session__number=1, player__number=9).table.number
    now = timezone.now()
    Session.objects.filter(tournament=t, number=1).update(
        starts_at=now - timedelta(minutes=3), ends_at=now + timedelta(hours=2)
    )
    client = client_for("organizer")
    assert client_for("referee").post(url(t, "manage-withdrawal-return", w.pk)).status_code == 403
    response = client.post(url(t, "manage-withdrawal-return", w.pk), {"minutes": ""}, follow=True)
    page = response.content.decode()
    assert f"sits again from session 1 (table {table})" in page
    assert "Bench Ana returns to the bench" in page
    assert "10 points at the end of the session (MCR 3.11.2)" in page
    assert f"?session=1&amp;tables={table}" in page  # reprint the changed table only
    cards = client.get(url(t, "export-player-cards") + f"?session=1&tables={table}")
    assert cards.status_code == 200 and cards["Content-Type"] == "application/pdf"


def test_the_substitutes_row_never_reads_seated_in_sessions_dot(t, organizer, client_for):
    wd.player_withdraw(
        player=t.players.get(number=5), from_session=t.sessions.get(number=2), reason="illness", by=organizer
    )
    wd.player_substitute(withdrawn=t.players.get(number=5), substitute=t.players.get(number=9), by=organizer)
    page = client_for("organizer").get(url(t, "manage-withdrawals")).content.decode()
    assert "seated in sessions ." not in page and "seated in session ." not in page
    assert "Bench Ana, not seated in any session yet" in page


def test_the_dashboard_flags_a_player_seated_nowhere_in_a_published_session(t, organizer):
    session = t.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=4, fill_with_substitutes=False)
    sched.session_publish(session=session, by=organizer)
    assert not [i for i in tournament_dashboard(t, timezone.now()).problems if "seated nowhere" in i.text]
    seat = Seat.objects.get(session=session, player__number=2)
    Seat.objects.filter(pk=seat.pk).update(player=t.players.get(number=9))  # left out by hand
    texts = [i.text for i in tournament_dashboard(t, timezone.now()).problems]
    assert "Session 1: 2. Player 2 is seated nowhere though not withdrawn." in texts


def test_the_audit_log_tells_the_roll_call_and_the_return_in_words(t, organizer, referee, client_for):
    session = t.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    for n in (1, 2, 3, 5, 6, 7, 8, 9):
        att.check_in_mark(session=session, player=t.players.get(number=n), status="present", by=referee)
    att.roll_call_seat(session=session, by=organizer, expected=att.roll_call_proposal(session).fingerprint, seed=3)
    wd.player_return(withdrawal=Withdrawal.objects.get(), by=organizer, minutes=0)
    page = client_for("organizer").get(url(t, "manage-audit")).content.decode()
    assert "opened the roll call of session 1" in page
    assert "marked player 9, Bench Ana, “Present” for session 1" in page
    assert "seated session 1 from its roll call: 7 here; no-shows: players 4" in page
    assert "brought player 4, Player 4, back: plays from session 1" in page


def test_the_referees_to_do_leads_to_an_open_roll_call(t, organizer, client_for):
    assert "Roll call, session 1" not in client_for("referee").get(url(t, "work-queue")).content.decode()
    att.roll_call_open(session=t.sessions.get(number=1), by=organizer)
    page = client_for("referee").get(url(t, "work-queue")).content.decode()
    assert "Roll call, session 1" in page and url(t, "manage-roll-call", 1) in page


def test_the_sessions_page_seats_from_an_open_roll_call(t, organizer, client_for):
    att.roll_call_open(session=t.sessions.get(number=1), by=organizer)
    page = client_for("organizer").get(url(t, "manage-sessions")).content.decode()
    assert url(t, "manage-roll-call-seat", 1) in page
    assert url(t, "manage-session-seat", 1) not in page  # not a draw that would ignore who is here
    assert url(t, "manage-session-seat", 2) in page
