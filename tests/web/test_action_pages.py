"""No blank 405 page: every address that only takes a form's POST, opened as a page (a reload, the login's
?next=, the history), goes to the page its button is on and says that nothing was done."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from config.action_pages import page_of_action, shows_a_page
from scoring import services as ap
from series import services as series_services
from tournament import services as ts
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db


def _routes(resolver=None, prefix=""):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


def post_only_routes():
    """Every route of ours whose view takes no GET: found by walking the URL tree, so a new one is covered."""
    found = []
    for route, pattern in _routes():
        view_class = getattr(pattern.callback, "view_class", None)
        if view_class is None or route.startswith(("admin/", "api/")):
            continue
        if "get" not in view_class.http_method_names or not hasattr(view_class, "get"):
            found.append((route, pattern.name))
    return found


def _fill(route, values):
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)


def test_the_walk_finds_the_actions_the_issue_names():
    names = {name for _route, name in post_only_routes()}
    assert {
        "manage-seating-publish",
        "manage-session-close",
        "manage-seating-generate",
        "manage-seating-swiss",
        "manage-session-reopen",
        "manage-role-revoke",
        "player-confirm-sheet",
        "logout",
    } <= names


def test_a_get_of_every_action_goes_to_its_page_with_a_message(client, make_user, tournament, players, hands_entered):
    admin = make_user("admin", is_superuser=True, is_staff=True)
    client.force_login(admin)
    ts.player_codes_generate(tournament=tournament, by=admin)
    players[0].refresh_from_db()
    series_services.series_create(by=admin, name="League", slug="league", method="league")
    ap.appeal_file(sheet=hands_entered, filer=players[0], kind="rule", statement="The ruling on hand 2.", by=admin)
    values = {
        "slug": tournament.slug,
        "series": "league",
        "code": players[0].code,
        "n": 1,
        "t": 1,
        "number": 1,
        "hand": 1,
        "penalty": 1,
        "team": 1,
        "role": 1,
        "pk": 1,
        "invitation": 1,
        "first": 1,
        "second": 2,
    }
    audit_before = AuditLog.objects.count()  # nothing is done on a GET
    routes = post_only_routes()
    missing = []
    assert len(routes) > 20
    for route, name in routes:
        url = _fill(route, values)
        response = client.get(url)
        assert response.status_code != 405, (name, url)
        if response.status_code == 404:
            missing.append(name)  # an object it names does not exist: a 404 page with words, not a blank 405
            continue
        assert response.status_code == 302, (name, url, response.status_code)
        target = response["Location"]
        assert url.startswith(target) and target != url, (name, url, target)
        assert shows_a_page(target), (name, target)
        page = client.get(target, follow=True)
        assert page.status_code == 200, (name, target)
        assert "Nothing was done" in page.content.decode(), (name, target)
    assert AuditLog.objects.count() == audit_before
    assert missing == [], missing


@pytest.mark.parametrize(
    "path,page",
    [
        ("/t/x/manage/seating/publish/", "/t/x/manage/seating/"),
        ("/t/x/manage/seating/sessions/3/swiss/", "/t/x/manage/seating/"),
        ("/t/x/manage/sessions/3/close/", "/t/x/manage/sessions/"),
        ("/t/x/appeals/4/amend/hand/", "/t/x/appeals/4/"),
        ("/t/x/confirm/ABCD/1/2/hands/3/", "/t/x/confirm/ABCD/"),
        ("/t/x/sessions/1/tables/2/penalties/5/withdraw/", "/t/x/sessions/1/tables/2/"),
    ],
)
def test_the_page_of_an_action_is_the_nearest_page_above_it(path, page):
    assert page_of_action(path) == page


def test_an_anonymous_get_goes_to_the_login_and_from_there_to_the_page(client, organizer, tournament):
    url = f"/t/{tournament.slug}/manage/seating/publish/"
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(organizer)
    response = client.get(url)
    assert response.status_code == 302 and response["Location"] == f"/t/{tournament.slug}/manage/seating/"


def test_the_api_keeps_its_json_405(client, tournament):
    response = client.post(f"/api/v1/tournaments/{tournament.slug}/", data="{}", content_type="application/json")
    assert response.status_code in (401, 403, 404, 405)
    assert response["Content-Type"].startswith("application/json")
