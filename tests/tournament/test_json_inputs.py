"""The inputs the probe of issue 23 found giving server errors get form errors instead, on SQLite and PostgreSQL:
the settings form's hidden rule set options (a lone surrogate, 10,000 nested brackets, a 5,000-digit number)
and /new/ with options that are not a JSON object."""

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from tests.tournament.test_manage_views import settings_data
from tournament.models import Tournament
from tournament.services import tournament_update

pytestmark = pytest.mark.django_db

BAD_OPTIONS = {
    "lone surrogate": ('{"x":"\\ud800"}', "lone surrogate"),
    "surrogate key": ('{"\\udfff":1}', "lone surrogate"),
    "10,000 nested brackets": ("[" * 10_000 + "]" * 10_000, "At most 5000 characters of JSON"),
    "deep within the length": ("[" * 500 + "]" * 500, "nested more than 8 deep"),
    "5,000-digit number": ('{"hands_per_session": ' + "9" * 5_000 + "}", "characters of JSON"),
    "long number": ('{"hands_per_session": ' + "9" * 400 + "}", "A number is too large"),
    "1e309": ("1e309", "A number is too large"),
    "NaN": ('{"x": NaN}', "NaN and Infinity"),
    "a number": ("1", "a JSON object of option names and values"),
    "a float": ("1.5", "a JSON object of option names and values"),
    "a list": ("[]", "a JSON object of option names and values"),
    "a string": ('"mcr"', "a JSON object of option names and values"),
    "null": ("null", "a JSON object of option names and values"),
    "true": ("true", "a JSON object of option names and values"),
    "not JSON": ("{payment_mode: official}", "This is not valid JSON (line 1, column 2)"),
    "unknown option": ('{"no_such_option": 1}', "These options do not fit the rule set"),
}


def _errors_shown(response, expected):
    assert response.status_code == 200, response.status_code
    page = response.content.decode()
    assert expected in page, page[:200]
    assert "Rule set options" in page or "options do not fit the rule set" in page  # names the hidden field


@pytest.mark.parametrize("case", sorted(BAD_OPTIONS))
def test_the_settings_form_refuses_bad_options_with_a_message(client, tournament, organizer, case):
    text, expected = BAD_OPTIONS[case]
    client.force_login(organizer)
    before = Tournament.objects.get(pk=tournament.pk)
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]), settings_data(tournament, rule_options=text)
    )
    _errors_shown(response, expected)
    after = Tournament.objects.get(pk=tournament.pk)
    assert (after.rule_options, after.venue) == (before.rule_options, before.venue)  # nothing saved half-way


@pytest.mark.parametrize("case", sorted(BAD_OPTIONS))
def test_new_refuses_bad_options_with_a_message(make_user, case):
    text, expected = BAD_OPTIONS[case]
    user = make_user("creator")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client = Client()
    client.force_login(user)
    data = settings_data(Tournament(name="Spring Open"), slug="spring-open", rule_options=text)
    del data["hands_per_session"]  # the rule set's own: the options were read for it (the old crash)
    response = client.post(reverse("tournament-create"), data)
    _errors_shown(response, expected)
    assert not Tournament.objects.filter(slug="spring-open").exists()


def test_good_options_still_save(client, tournament, organizer):
    client.force_login(organizer)
    data = settings_data(tournament, rules="spanish", rule_options='{"payment_mode": "ranked"}')
    data["hands_per_session"] = 16
    response = client.post(reverse("manage-settings", args=[tournament.slug]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Tournament.objects.get(pk=tournament.pk).rule_options == {"payment_mode": "ranked"}


def test_the_page_shows_the_bad_text_back_as_typed(client, tournament, organizer):
    client.force_login(organizer)
    text = "[" * 200 + "]" * 200
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]), settings_data(tournament, rule_options=text)
    )
    assert response.status_code == 200
    assert f'value="{text}"' in response.content.decode()


def test_options_saved_earlier_still_show(client, tournament, organizer):
    tournament_update(tournament=tournament, by=organizer, rules="spanish", rule_options={"payment_mode": "ranked"})
    client.force_login(organizer)
    assert client.get(reverse("manage-settings", args=[tournament.slug])).status_code == 200


@pytest.mark.parametrize("raw", [b"%ED%A0%80x", b"%ED%B0%80", b"x%F4%90%80%80"])
def test_a_text_field_posted_with_surrogate_bytes_is_never_a_server_error(client, tournament, organizer, raw):
    """A form's text arrives as UTF-8, which cannot carry a lone surrogate: Django reads such bytes as U+FFFD, so
    the name is stored as the replacement character, never half a pair (and never a server error)."""
    client.force_login(organizer)
    body = b"number=40&name=" + raw
    response = client.post(
        reverse("manage-player-add", args=[tournament.slug]), body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code in (200, 302)
    names = list(tournament.players.filter(number=40).values_list("name", flat=True))
    assert all("\ufffd" in name and not any(0xD800 <= ord(c) <= 0xDFFF for c in name) for name in names)
