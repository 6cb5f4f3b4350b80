"""Logins at a venue where every phone shares one address (core/login_guard.py; OWASP's device cookie): a
browser that has logged in to its account before is never kept out by other people's failures; the flood
ceiling holds for every other browser."""

import pytest
from django.test import Client
from django.urls import reverse

from core import device
from core.models import ThrottleCount

HALL = "203.0.113.10"

pytestmark = pytest.mark.django_db


def login(client, username, password, address=HALL):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def known_browser(username, password):
    """A browser that logged in to ``username`` once (its device cookie notes it), then logged out."""
    browser = Client()
    assert login(browser, username, password).status_code == 302
    assert device.COOKIE in browser.cookies
    browser.post(reverse("logout"), REMOTE_ADDR=HALL)
    return browser


def test_200_failed_logins_then_a_known_browser_gets_in_and_an_unknown_one_is_throttled(organizer, settings):
    """Done when (issue 27)."""
    organizers_phone = known_browser("organizer", "pw-organizer")
    flooder = Client()
    statuses = [login(flooder, f"nobody{i}", "wrong").status_code for i in range(200)]
    limit = settings.LOGIN_ADDRESS_FAILURE_LIMIT
    assert statuses[: limit - 1] == [200] * (limit - 1)  # the form again, with its error
    assert set(statuses[limit - 1 :]) == {429}  # the failure that reaches the ceiling says so at once
    assert ThrottleCount.objects.get(scope="login-address").count == limit  # refused tries are not counted
    response = login(organizers_phone, "organizer", "pw-organizer")
    assert response.status_code == 302 and organizers_phone.session["_auth_user_id"] == str(organizer.pk)
    stranger = Client()
    response = login(stranger, "organizer", "pw-organizer")
    assert response.status_code == 429
    assert "Logins from this network are paused" in response.content.decode()
    assert "A browser that has logged in to its account here before still can." in response.content.decode()
    assert "_auth_user_id" not in stranger.session


def test_someone_guessing_an_account_does_not_keep_its_owner_out(organizer, settings):
    organizers_phone = known_browser("organizer", "pw-organizer")
    guesser = Client()
    for _ in range(settings.LOGIN_FAILURE_LIMIT + 3):
        login(guesser, "organizer", "wrong")
    assert login(Client(), "organizer", "pw-organizer").status_code == 429  # an unknown browser at that address
    assert login(organizers_phone, "organizer", "pw-organizer").status_code == 302


def test_a_known_browser_has_its_own_limit(organizer, settings):
    phone = known_browser("organizer", "pw-organizer")
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        assert login(phone, "organizer", "wrong").status_code == 200
    response = login(phone, "organizer", "wrong")
    assert response.status_code == 429
    assert "from this browser are paused" in response.content.decode()
    assert login(phone, "organizer", "pw-organizer").status_code == 429
    # Its failures were its own: another browser at the address is not held by them.
    assert login(Client(), "organizer", "pw-organizer").status_code == 302


def test_the_cookie_vouches_only_for_the_account_it_logged_in(organizer, referee, settings):
    phone = known_browser("referee", "pw-referee")
    for i in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        login(Client(), f"nobody{i}", "wrong")
    assert login(phone, "organizer", "pw-organizer").status_code == 429
    assert login(phone, "referee", "pw-referee").status_code == 302


def test_a_forged_or_edited_cookie_counts_for_nothing(organizer, settings):
    someone = known_browser("organizer", "pw-organizer")
    for i in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        login(Client(), f"nobody{i}", "wrong")
    forger = Client()
    forger.cookies[device.COOKIE] = f"abcd:{device.mark('login', 'organizer')}"
    assert login(forger, "organizer", "pw-organizer").status_code == 429
    value = someone.cookies[device.COOKIE].value  # a real cookie, its browser id edited
    forger.cookies[device.COOKIE] = value.replace(value.split(":")[0], "ffff", 1)
    assert login(forger, "organizer", "pw-organizer").status_code == 429
    assert login(someone, "organizer", "pw-organizer").status_code == 302


def test_the_admin_login_is_throttled_too(organizer, settings):
    organizer.is_staff = True
    organizer.save()
    client = Client()
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post(reverse("admin:login"), {"username": "organizer", "password": "wrong"}, REMOTE_ADDR=HALL)
    response = client.post(
        reverse("admin:login"), {"username": "organizer", "password": "pw-organizer"}, REMOTE_ADDR=HALL
    )
    assert response.status_code == 429 and "_auth_user_id" not in client.session
