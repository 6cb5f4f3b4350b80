"""Each page says which login it was drawn for (core/login_mark.py), so the phone keeps a private page for that
login only; a logout clears the browser's cache but never the outbox's storage."""

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_page_names_its_login_and_a_new_login_has_a_new_mark(organizer, tournament):
    client = Client()
    assert client.post(reverse("login"), {"username": "organizer", "password": "pw-organizer"}).status_code == 302
    page = client.get(reverse("tournament-detail", args=[tournament.slug]))
    mark = page["X-Login-Mark"]
    assert len(mark) == 24 and page["X-Login-Expires"]
    assert f'<meta name="login-mark" content="{mark}"' in page.content.decode()
    assert client.get(reverse("home"))["X-Login-Mark"] == mark  # the same login, the same mark
    client.post(reverse("logout"))
    client.post(reverse("login"), {"username": "organizer", "password": "pw-organizer"})
    assert client.get(reverse("home"))["X-Login-Mark"] not in ("", mark)


def test_a_page_with_no_login_says_so(tournament):
    page = Client().get(reverse("tournament-detail", args=[tournament.slug]))
    assert page["X-Login-Mark"] == "" and '<meta name="login-mark" content=""' in page.content.decode()


def test_a_logout_clears_the_cache_but_not_the_storage(client_for):
    response = client_for("organizer").post(reverse("logout"))
    assert response["Clear-Site-Data"] == '"cache"'  # "storage" would empty the outbox's unsent hands
