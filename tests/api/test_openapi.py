"""The API described (issue 31): the OpenAPI document at /api/v1/schema/ names every API route of the URL tree,
its schemas are valid JSON Schema, and every endpoint's real answers -- public and with an organizer's token,
found and not found -- fit the schema the document gives them."""

import re

import pytest
from django.urls import reverse
from jsonschema import Draft202012Validator, FormatChecker

from api.openapi import api_routes
from tests.api.conftest import bearer
from tests.series.conftest import club_series, series_organizer, small_tournaments  # noqa: F401 (fixtures)
from tournament import floor
from tournament.models import Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(client):
    response = client.get(reverse("api-schema"))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    return response.json()


def test_the_document_names_every_api_route_and_nothing_else(document):
    assert document["openapi"].startswith("3.1")
    assert "x-undescribed" not in document, document["x-undescribed"]
    assert set(document["paths"]) == {path for path, _view in api_routes()}
    assert len(document["paths"]) >= 17


def test_its_schemas_are_valid_json_schema(document):
    for name, schema in document["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema), name
    for path, item in document["paths"].items():
        for status, answer in item["get"]["responses"].items():
            Draft202012Validator.check_schema(answer["content"]["application/json"]["schema"]), (path, status)


def _validator(document, path, status):
    schema = document["paths"][path]["get"]["responses"][str(status)]["content"]["application/json"]["schema"]
    # The components at the root, so "#/components/schemas/..." resolves as in the document.
    return Draft202012Validator({**schema, "components": document["components"]}, format_checker=FormatChecker())


def _path_of(document, url):
    for path in document["paths"]:
        pattern = "^" + re.sub(r"\\{\w+\\}", "[^/]+", re.escape(path)) + "$"
        if re.match(pattern, url.split("?")[0]):
            return path
    raise AssertionError(f"{url} is in no path of the document")


@pytest.fixture
def full_day(two_sessions, tournament, organizer, players, referee):
    """Every kind of answer has something in it: a published session with hands, one only seated (for the
    token), an announcement, a call for a referee, teams."""
    floor.announcement_post(tournament=tournament, text="Session 2 at 14:00", by=organizer)
    session = Session.objects.get(tournament=tournament, number=1)
    floor.referee_call_make(table=session.tables.get(number=2), by=referee)
    return tournament


def test_every_endpoint_answers_as_the_document_says(client, document, full_day, token, club_series):  # noqa: F811
    from series.models import Person

    slug = full_day.slug
    person = Person.objects.filter(ema_id="10000001").first()
    urls = [
        reverse("api-root"),
        reverse("api-schema"),
        reverse("api-tournaments"),
        reverse("api-tournament", args=[slug]),
        reverse("api-players", args=[slug]),
        reverse("api-player", args=[slug, 1]),
        reverse("api-sessions", args=[slug]),
        reverse("api-session", args=[slug, 1]),
        reverse("api-session-results", args=[slug, 1]),
        reverse("api-table-result", args=[slug, 1, 1]),
        reverse("api-standings", args=[slug]),
        reverse("api-team-standings", args=[slug]),
        reverse("api-series-list"),
        reverse("api-series", args=["club-ranking"]),
        reverse("api-series-standings", args=["club-ranking"]),
        reverse("api-series-standings", args=["club-ranking"]) + "?country=ES",
        reverse("api-series-person", args=["club-ranking", person.pk]),
        reverse("api-person", args=[person.pk]),
    ]
    not_found = [
        reverse("api-tournament", args=["no-such"]),
        reverse("api-player", args=[slug, 99]),
        reverse("api-session", args=[slug, 2]),  # seated, not published: not found for the public
        reverse("api-table-result", args=[slug, 1, 9]),
        reverse("api-series", args=["no-such"]),
        reverse("api-person", args=[999999]),
    ]
    seen = set()
    for headers in ({}, bearer(token)):
        for url in urls + not_found:
            if (headers and "series" in url) or (headers and "people" in url):
                continue
            response = client.get(url, **headers)
            path = _path_of(document, url)
            seen.add(path)
            expected = 200
            if url in not_found:
                # With the token, session 2 is seen (organizers see every session); another tournament is 403.
                expected = 404
                if headers and url.endswith("/sessions/2/"):
                    expected = 200
                elif headers and "/no-such/" in url:
                    expected = 403
            assert response.status_code == expected, (url, headers, response.status_code)
            errors = sorted(_validator(document, path, expected).iter_errors(response.json()), key=str)
            assert not errors, (url, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]])
    assert seen == set(document["paths"])


def test_the_reference_page_lists_every_address(client, document):
    page = client.get(reverse("api-schema-docs")).content.decode()
    for path in document["paths"]:
        assert f"<code>{path}</code>" in page
