"""The public standings page is kept for PUBLIC_STANDINGS_CACHE_SECONDS in the shared page cache: the public
may see it that many seconds late, organizers and referees never; each visitor still gets their own page
around it (menu, language form with their own CSRF token)."""

import datetime
import re
from unittest import mock

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from scoring import services as ss

pytestmark = pytest.mark.django_db
URL = reverse("standings", args=["test-open"])


@pytest.fixture
def kept(settings):
    settings.PUBLIC_STANDINGS_CACHE_SECONDS = 30
    caches["pages"].clear()
    yield
    caches["pages"].clear()


def leader(response):
    assert response.status_code == 200
    return re.search(r'<tr[^>]*data-number="(\d+)"', response.content.decode()).group(1)


def test_the_public_sees_the_standings_some_seconds_late(kept, hands_entered, players, referee, client_for):
    assert leader(Client().get(URL)) == "1"  # player 1's self-drawn 8 leads
    sheet = hands_entered.table.session.tables.get(number=2).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[5], points=64, by=referee)
    assert leader(Client().get(URL)) == "1"  # kept: not yet
    assert leader(client_for("referee").get(URL)) == "6"  # referees and organizers see it at once
    assert leader(client_for("organizer").get(URL)) == "6"
    later = timezone.now() + datetime.timedelta(seconds=31)
    with mock.patch("django.core.cache.backends.db.tz_now", return_value=later):  # the cache's clock
        assert leader(Client().get(URL)) == "6"  # once the seconds have passed


def test_each_language_and_page_is_kept_apart(kept, hands_entered):
    english = Client().get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    spanish = Client().get(URL, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "<h1>Standings</h1>" in english and "<h1>Clasificación</h1>" in spanish
    assert "<h1>Clasificación</h1>" in Client().get(URL, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    by_name = Client().get(URL + "?sort=name").content.decode()
    assert by_name.index("Player 1<") < by_name.index("Player 2<") < by_name.index("Player 5<")


def test_every_visitor_gets_a_language_form_that_works_for_them(kept, hands_entered):
    tokens = []
    for _visitor in range(2):
        visitor = Client(enforce_csrf_checks=True)
        page = visitor.get(URL).content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        tokens.append(token)
        answer = visitor.post(reverse("set_language"), {"language": "es", "next": URL, "csrfmiddlewaretoken": token})
        assert answer.status_code == 302  # not refused for another visitor's token
    assert tokens[0] != tokens[1]


def test_nothing_is_kept_when_turned_off(settings, hands_entered, players, referee):
    settings.PUBLIC_STANDINGS_CACHE_SECONDS = 0
    caches["pages"].clear()
    assert leader(Client().get(URL)) == "1"
    sheet = hands_entered.table.session.tables.get(number=2).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[5], points=64, by=referee)
    assert leader(Client().get(URL)) == "6"
