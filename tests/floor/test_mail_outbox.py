"""E-mail to players (tournament.mail) through a real SMTP server (aiosmtpd) started here: publishing queues one
mail per opted-in player in its transaction; the worker sends each exactly once, also after it was stopped and
publishing went on without it; a server down is tried again; one link stops the mails."""

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tournament import mail
from tournament.floor_models import OutboxMail

from .smtp_server import free_port, recipients, worker


@pytest.fixture
def opted_in(coded):
    """Players 1, 2 and 6 asked for e-mails; player 3 asked, then stopped them."""
    for p in (coded[0], coded[1], coded[5], coded[2]):
        mail.mail_subscribe(player=p, address=f"player{p.number}@example.org", agreed=True)
    mail.mail_stop(token=coded[2].mail_address.token)
    return coded


def test_publishing_sends_one_mail_per_opted_in_player_exactly_once(smtp, tournament, players, organizer, opted_in):
    sched.session_seat(session=tournament.sessions.get(number=1), tables=[players[0:4], players[4:8]], by=organizer)
    sched.session_publish(session=tournament.sessions.get(number=1), by=organizer)
    assert smtp.messages == []  # publishing only wrote the outbox: the worker sends
    worker()
    assert recipients(smtp) == ["player1@example.org", "player2@example.org", "player6@example.org"]
    _tos, first = next(m for m in smtp.messages if m[0] == ["player2@example.org"])
    body = first.get_content()
    assert "Session 1: table 1, starting wind South" in first["Subject"] and "table 1, starting wind South" in body
    assert "https://mahjong.example.org/t/test-open/mail/stop/" in body
    worker()
    assert len(smtp.messages) == 3  # nothing twice

    # The worker stopped; session 2 is published meanwhile; it comes back and sends each mail once.
    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[0:2] + players[4:6], players[2:4] + players[6:8]], by=organizer)
    sched.session_publish(session=second, by=organizer)
    worker()
    worker()
    assert len(smtp.messages) == 6
    assert recipients(smtp).count("player6@example.org") == 2
    assert OutboxMail.objects.filter(sent_at__isnull=True).count() == 0


def test_a_mail_waits_while_the_server_is_down_then_goes_once(smtp, settings, tournament, players, organizer, opted_in):
    sched.session_seat(session=tournament.sessions.get(number=1), tables=[players[0:4], players[4:8]], by=organizer)
    settings.EMAIL_PORT = free_port()  # nobody listens there
    sched.session_publish(session=tournament.sessions.get(number=1), by=organizer)
    worker()
    row = OutboxMail.objects.first()
    assert row.sent_at is None and row.attempts == 1 and row.last_error
    settings.EMAIL_PORT = smtp.controller.port
    OutboxMail.objects.update(send_after=row.created_at)  # its retry time has come
    worker()
    worker()
    assert recipients(smtp) == ["player1@example.org", "player2@example.org", "player6@example.org"]


def test_a_sheet_waiting_for_confirmation_is_told_once(smtp, tournament, published_session, referee, opted_in):
    sheet = published_session.tables.get(number=1).sheet
    OutboxMail.objects.all().delete()
    for number in range(1, tournament.hands_per_session + 1):
        ss.hand_record(sheet=sheet, number=number, outcome=pay.DRAW, by=referee)
    worker()
    subjects = [m["Subject"] for _tos, m in smtp.messages]
    assert len(subjects) == 2 and all("every hand is in" in s for s in subjects)


def test_one_link_stops_the_mails_and_asks_first(client, smtp, tournament, opted_in):
    address = opted_in[0].mail_address
    url = reverse("mail-stop", args=[tournament.slug, address.token])
    assert "Stop every e-mail" in client.get(url).content.decode()
    address.refresh_from_db()
    assert address.active  # a mail scanner opening the link stops nothing
    assert "No more e-mails will be sent" in client.post(url).content.decode()
    address.refresh_from_db()
    assert not address.active


def test_the_player_asks_on_their_page_and_must_agree(client, smtp, tournament, coded):
    url = reverse("player-mail", args=[tournament.slug, coded[3].code])
    client.post(url, {"address": "four@example.org"})
    assert not hasattr(coded[3], "mail_address") or not coded[3].mail_address.active
    response = client.post(url, {"address": "four@example.org", "agree": "1"}, follow=True)
    assert "will be e-mailed to four@example.org" in response.content.decode()
    coded[3].refresh_from_db()
    assert coded[3].mail_address.active
