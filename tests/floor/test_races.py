"""Two people at the same moment (PostgreSQL only: SQLite has no row locks): two players of a table calling a
referee make one call; two referees taking it, one takes it and the other is told who; two mail workers send
each mail once; two taps of one announcement post one."""

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from tests.together import at_once
from tournament import floor, mail
from tournament.floor_models import Announcement, OutboxMail, RefereeCall

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


def test_two_players_calling_at_once_make_one_call(published_session, coded):
    table = published_session.tables.get(number=1)
    results, errors = at_once(*(lambda p=p: floor.referee_call_make(table=table, player=p) for p in coded[:4]))
    assert errors == [] and len({c.pk for c in results}) == 1
    assert RefereeCall.objects.count() == 1


def test_two_referees_taking_at_once_one_takes_it(published_session, coded, referee, second_referee):
    call = floor.referee_call_make(table=published_session.tables.get(number=1), player=coded[0])
    results, errors = at_once(
        lambda: floor.referee_call_take(call=call, by=referee),
        lambda: floor.referee_call_take(call=call, by=second_referee),
    )
    assert len(results) == 1 and len(errors) == 1
    assert isinstance(errors[0], ValidationError) and "has already taken this call" in errors[0].messages[0]


def test_two_taps_of_one_announcement_post_one(tournament, organizer):
    key = uuid.uuid4()
    _results, errors = at_once(
        *(
            lambda: floor.announcement_post(tournament=tournament, text="Hello", key=key, by=organizer)
            for _i in range(3)
        )
    )
    assert errors == [] and Announcement.objects.count() == 1


def test_two_mail_workers_send_each_mail_once(settings, tournament, coded):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    from django.core import mail as django_mail

    django_mail.outbox = []
    for i, p in enumerate(coded):
        address = mail.mail_subscribe(player=p, address=f"p{p.number}@example.org", agreed=True)
        mail._queue(tournament, address, f"test:{i}", "Hello", ["Hello"])
    results, errors = at_once(mail.outbox_send, mail.outbox_send, mail.outbox_send)
    assert errors == [] and sum(sent for sent, _failed in results) == len(coded)
    assert sorted(m.to[0] for m in django_mail.outbox) == sorted(f"p{p.number}@example.org" for p in coded)
    assert not OutboxMail.objects.filter(sent_at__isnull=True).exists()
