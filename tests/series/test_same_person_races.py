"""Two organizers of a series deciding one offer at the same moment (PostgreSQL: SQLite has no row locks): the
series row serialises them, so the pair is linked or dismissed once, the second is told, nobody sees an error."""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from series.models import NotSamePerson, PlayerLink, SeriesRole
from tests.series.test_same_person import person_of
from tests.together import at_once
from tournament.models import AuditLog

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


@pytest.fixture
def series(same_series):
    return same_series


@pytest.fixture
def two_organizers(series, series_organizer, make_user):
    second = make_user("series-organizer-2")
    SeriesRole.objects.create(series=series, user=second)
    return series_organizer, second


def post_at_once(users, path, forms):
    def send(user, data):
        client = Client(raise_request_exception=False)
        client.force_login(user)
        return client.post(path, data).status_code

    answers, errors = at_once(*[lambda u=u, d=d: send(u, d) for u, d in zip(users, forms)])
    assert errors == [] and len(answers) == 2 and all(a < 500 for a in answers), (answers, errors)


def test_one_link_of_two_at_once(series, two_organizers):
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    path = reverse("series-same-person", args=[series.slug, r1.pk, r2.pk])
    post_at_once(two_organizers, path, [{"do": "link", "confirm": "1"}] * 2)
    assert AuditLog.objects.filter(action="series.same_person").count() == 1
    assert AuditLog.objects.filter(action="person.link").count() == 1
    assert PlayerLink.objects.filter(manual=True).count() == 1


def test_one_word_of_two_at_once(series, two_organizers):
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    path = reverse("series-same-person", args=[series.slug, r1.pk, r2.pk])
    post_at_once(two_organizers, path, [{"do": "dismiss"}] * 2)
    assert NotSamePerson.objects.count() == 1
    assert AuditLog.objects.filter(action="series.not_same_person").count() == 1


def test_link_and_dismiss_at_once_one_wins(series, two_organizers):
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    path = reverse("series-same-person", args=[series.slug, r1.pk, r2.pk])
    post_at_once(two_organizers, path, [{"do": "link", "confirm": "1"}, {"do": "dismiss"}])
    linked = AuditLog.objects.filter(action="series.same_person").count()
    dismissed = AuditLog.objects.filter(action="series.not_same_person").count()
    assert linked + dismissed == 1
    assert NotSamePerson.objects.count() == dismissed and PlayerLink.objects.filter(manual=True).count() == linked


def test_one_taking_back_of_two_at_once(series, two_organizers):
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    path = reverse("series-same-person", args=[series.slug, r1.pk, r2.pk])
    post_at_once(two_organizers, path, [{"do": "dismiss"}, {"do": "dismiss"}])
    post_at_once(two_organizers, path, [{"do": "again"}, {"do": "again"}])
    assert not NotSamePerson.objects.exists()
    assert AuditLog.objects.filter(action="series.same_person_again").count() == 1
