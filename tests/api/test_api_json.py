"""The JSON API (docs/api.md): the shape of every endpoint, and what a caller without a token cannot see."""

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.api.conftest import bearer
from tournament.models import AuditLog, Tournament, TournamentRole

pytestmark = pytest.mark.django_db

SUMMARY = {"slug", "name", "start_date", "end_date", "venue", "url", "web_url"}
PLAYER = {"number", "name", "country", "club", "team", "substitute", "url"}
BRIEF = {"number", "name", "team"}


def get(client, url, **headers):
    response = client.get(url, **headers)
    assert response["Content-Type"] == "application/json", (url, response.status_code)
    return response, response.json()


def api(name, *args):
    return reverse(name, args=args)


# ------------------------------------------------------------------ shapes


def test_root_and_tournament_list(client, two_sessions):
    _r, root = get(client, api("api-root"))
    assert root == {"version": 1, "tournaments": "/api/v1/tournaments/"}
    _r, listed = get(client, root["tournaments"])
    assert listed == [
        {
            "slug": "test-open",
            "name": "Test Open",
            "start_date": None,
            "end_date": None,
            "venue": "",
            "url": "/api/v1/tournaments/test-open/",
            "web_url": "/t/test-open/",
        }
    ]


def test_tournament_detail(client, two_sessions):
    _r, data = get(client, api("api-tournament", "test-open"))
    assert set(data) == SUMMARY | {
        "rules",
        "rule_options",
        "format",
        "round_robin_sessions",
        "session_count",
        "hands_per_session",
        "session_minutes",
        "table_points",
        "tiebreaks",
        "appeal_minutes",
        "published",
        "city",
        "country",
        "qualification_required",
        "mers_weight",
        "players",
        "teams",
        "current_session",
        "next_session",
        "over",
        "sessions",
        "announcements",
        "referee_calls",
        "links",
    }
    assert data["table_points"] == [4, 2, 1, 0] and data["tiebreaks"] == ["first_places", "best_session_score"]
    assert (data["players"], data["teams"], data["session_count"]) == (8, 4, 4)
    # One day, eight players from one country, open: the EMA's table gives 1, from the public results.
    assert data["mers_weight"]["total"] == 1 and data["mers_weight"]["parts"]["duration"] == 1
    assert data["current_session"] == 1 and data["over"] is False
    assert data["sessions"] == [
        {
            "number": 1,
            "status": "published",
            "phase": "in_play",
            "tables": 2,
            "url": "/api/v1/tournaments/test-open/sessions/1/",
            "results_url": "/api/v1/tournaments/test-open/sessions/1/results/",
            "tables_under_appeal": [],
            "eliminated": [],
            "starts_at": None,
            "day": None,
        }
    ]
    assert data["next_session"] is None  # no session is timed
    assert data["links"] == {
        "players": "/api/v1/tournaments/test-open/players/",
        "sessions": "/api/v1/tournaments/test-open/sessions/",
        "standings": "/api/v1/tournaments/test-open/standings/",
        "team_standings": "/api/v1/tournaments/test-open/standings/teams/",
    }


def test_players(client, two_sessions):
    _r, data = get(client, api("api-players", "test-open"))
    assert [p["number"] for p in data] == list(range(1, 9))
    assert set(data[0]) == PLAYER
    assert data[0] == {
        "number": 1,
        "name": "Player 1",
        "country": "ES",
        "club": "",
        "team": "Dragons",
        "substitute": False,
        "url": "/api/v1/tournaments/test-open/players/1/",
    }


def test_player_detail(client, two_sessions):
    _r, data = get(client, api("api-player", "test-open", 2))
    assert set(data) == PLAYER | {"sessions", "standing"}
    # Player 2 (South at table 1) paid 16 for player 1's self-drawn 8, then won 10 off player 3 (+34).
    assert data["sessions"] == [
        {"session": 1, "table": 1, "wind": "S", "score": 18, "place": 2, "table_points": 2.0, "submitted": False}
    ]
    assert set(data["standing"]) == {"rank", "table_points", "score"}


def test_session_with_seating(client, two_sessions):
    _r, data = get(client, api("api-session", "test-open", 1))
    assert set(data) == {
        "number",
        "status",
        "phase",
        "tables",
        "url",
        "results_url",
        "tables_under_appeal",
        "eliminated",
        "starts_at",
        "day",
        "clock",
        "seating",
    }
    assert data["clock"] is None  # sessions have no start time yet
    assert [t["number"] for t in data["seating"]] == [1, 2]
    first = data["seating"][0]
    assert [s["wind"] for s in first["seats"]] == ["E", "S", "W", "N"]
    assert [s["player"]["number"] for s in first["seats"]] == [1, 2, 3, 4]
    assert first["seats"][0]["player"] == {"number": 1, "name": "Player 1", "team": "Dragons"}


def test_session_results_and_one_table(client, two_sessions):
    _r, data = get(client, api("api-session-results", "test-open", 1))
    assert [t["table"] for t in data] == [1, 2]
    table = data[0]
    assert set(table) == {
        "session",
        "table",
        "hands_entered",
        "hands_per_session",
        "started",
        "submitted",
        "sheet_status",
        "under_appeal",
        "players",
    }
    assert (table["hands_entered"], table["hands_per_session"], table["started"], table["submitted"]) == (
        2,
        16,
        True,
        False,
    )
    assert set(table["players"][0]) == {
        "wind",
        "number",
        "name",
        "team",
        "hand_score",
        "penalties",
        "score",
        "place",
        "table_points",
    }
    # Hand 1: player 1 self-drawn 8 (+48, others -16); hand 2: player 2 wins 10 off player 3 (18 from 3, 8 from 1 and 4).
    assert [p["score"] for p in table["players"]] == [40, 18, -34, -24]
    assert [p["place"] for p in table["players"]] == [1, 2, 4, 3]
    assert [p["table_points"] for p in table["players"]] == [4.0, 2.0, 0.0, 1.0]
    untouched = data[1]
    assert untouched["started"] is False and [p["place"] for p in untouched["players"]] == [None] * 4
    _r, one = get(client, api("api-table-result", "test-open", 1, 1))
    assert one == table


def test_team_standings(client, two_sessions):
    _r, data = get(client, api("api-team-standings", "test-open"))
    assert [row["team"] for row in data][:1] == ["Dragons"]
    assert set(data[0]) == {"rank", "team", "table_points", "score", "members"}
    assert data[0]["members"] == [
        {"number": 1, "name": "Player 1", "team": "Dragons"},
        {"number": 2, "name": "Player 2", "team": "Dragons"},
    ]


COMMAND_FIELDS = ["rank", "number", "name", "team", "table_points", "score"]


def command_json(slug):
    out = io.StringIO()
    call_command("standings", slug, format="json", stdout=out)
    return json.loads(out.getvalue())


def test_standings_are_the_standings_command_rows(client, hands_entered, tournament):
    _r, data = get(client, api("api-standings", tournament.slug))
    assert [{k: row[k] for k in COMMAND_FIELDS} for row in data] == command_json(tournament.slug)
    assert list(data[0]) == [*COMMAND_FIELDS, "under_appeal", "eliminated_in", "played"]
    assert data[0] == {
        "rank": 1,
        "number": 1,
        "name": "Player 1",
        "team": "Dragons",
        "table_points": 4.0,
        "score": 40,
        "under_appeal": False,
        "eliminated_in": None,
        "played": True,
    }


def test_standings_of_the_demo_match_the_command_exactly(client):
    call_command("load_demo", stdout=io.StringIO())
    response = client.get(api("api-standings", "demo-open"))
    # Same rows, same order, same fields, same values, as the command prints them; then the API's two more.
    rows = json.loads(response.content)
    assert [{k: row[k] for k in COMMAND_FIELDS} for row in rows] == command_json("demo-open")
    assert list(rows[0]) == [*COMMAND_FIELDS, "under_appeal", "eliminated_in", "played"]


# ------------------------------------------------------------------ what anonymous callers cannot see


def test_unpublished_tournament_is_not_found_and_not_listed(client, two_sessions):
    Tournament.objects.filter(pk=two_sessions.pk).update(published=False)
    _r, listed = get(client, api("api-tournaments"))
    assert listed == []
    for url in (
        api("api-tournament", "test-open"),
        api("api-players", "test-open"),
        api("api-player", "test-open", 1),
        api("api-sessions", "test-open"),
        api("api-session", "test-open", 1),
        api("api-session-results", "test-open", 1),
        api("api-table-result", "test-open", 1, 1),
        api("api-standings", "test-open"),
        api("api-team-standings", "test-open"),
    ):
        response, data = get(client, url)
        # The same answer as for a tournament that does not exist.
        assert response.status_code == 404, url
        assert data == {"error": {"code": "not_found", "message": "No such tournament."}}
    assert get(client, api("api-tournament", "no-such"))[1] == data


def test_a_logged_in_organizer_gets_nothing_more_without_a_token(two_sessions, organizer):
    """The API never reads cookies: a browser session is not a credential."""
    Tournament.objects.filter(pk=two_sessions.pk).update(published=False)
    client = Client()
    client.force_login(organizer)
    assert client.get(api("api-tournament", "test-open")).status_code == 404
    Tournament.objects.filter(pk=two_sessions.pk).update(published=True)
    assert client.get(api("api-session", "test-open", 2)).status_code == 404


def test_session_with_unpublished_seating_is_hidden_with_its_results(client, two_sessions):
    for url in (
        api("api-session", "test-open", 2),
        api("api-session-results", "test-open", 2),
        api("api-table-result", "test-open", 2, 2),
    ):
        response, data = get(client, url)
        assert response.status_code == 404 and data["error"]["code"] == "not_found", url
    _r, sessions = get(client, api("api-sessions", "test-open"))
    assert [s["number"] for s in sessions] == [1]
    _r, detail = get(client, api("api-tournament", "test-open"))
    assert [s["number"] for s in detail["sessions"]] == [1]
    _r, player = get(client, api("api-player", "test-open", 8))
    assert [line["session"] for line in player["sessions"]] == [1]
    # Planned sessions are hidden too, and look no different from missing ones.
    assert client.get(api("api-session", "test-open", 3)).status_code == 404
    assert client.get(api("api-session", "test-open", 99)).status_code == 404


def test_public_standings_leave_out_results_of_unpublished_sessions(client, two_sessions, token):
    _r, data = get(client, api("api-standings", "test-open"))
    eight = next(row for row in data if row["number"] == 8)
    assert eight["score"] == 0  # session 1 only, where nothing was entered at player 8's table
    _r, data = get(client, api("api-standings", "test-open"), **bearer(token))
    eight = next(row for row in data if row["number"] == 8)
    assert eight["score"] == 96  # and, for an organizer, session 2's self-drawn 24: 3 x (8 + 24)


def test_ema_ids_only_with_a_token(client, two_sessions, organizer, token):
    from tournament import services as ts

    ts.player_update(player=two_sessions.players.get(number=1), ema_id="04000001", by=organizer)
    _r, public = get(client, api("api-players", "test-open"))
    assert "ema_id" not in public[0]
    _r, private = get(client, api("api-players", "test-open"), **bearer(token))
    assert private[0]["ema_id"] == "04000001"
    _r, detail = get(client, api("api-player", "test-open", 1))
    assert "ema_id" not in detail


# ------------------------------------------------------------------ organizer tokens


def test_a_token_shows_its_tournament_as_organizers_see_it(client, two_sessions, token):
    Tournament.objects.filter(pk=two_sessions.pk).update(published=False)
    response, listed = get(client, api("api-tournaments"), **bearer(token))
    assert [t["slug"] for t in listed] == ["test-open"]
    response, detail = get(client, api("api-tournament", "test-open"), **bearer(token))
    assert response.status_code == 200
    assert [(s["number"], s["status"]) for s in detail["sessions"]] == [
        (1, "published"),
        (2, "seated"),
        (3, "planned"),
        (4, "planned"),
    ]
    response, session = get(client, api("api-session", "test-open", 2), **bearer(token))
    assert response.status_code == 200 and session["status"] == "seated"
    response, results = get(client, api("api-session-results", "test-open", 2), **bearer(token))
    assert results[1]["players"][3]["score"] == 96  # player 8's self-drawn 24: 3 x (8 + 24)
    # What a token sees is never kept by shared caches.
    assert response["Cache-Control"] == "private, no-cache"


def test_a_token_is_for_its_own_tournament_only(client, two_sessions, organizer, token):
    from tournament import services as ts

    ts.tournament_create(by=organizer, name="Other Cup", slug="other-cup", session_count=1, published=False)
    response, data = get(client, api("api-tournament", "other-cup"), **bearer(token))
    assert response.status_code == 403
    assert data["error"] == {"code": "wrong_tournament", "message": "This token is for another tournament (test-open)."}
    _r, listed = get(client, api("api-tournaments"), **bearer(token))
    assert [t["slug"] for t in listed] == ["test-open"]  # not the other, unpublished one


@pytest.mark.parametrize("header", ["Bearer not-a-token", "Token abc", "Bearer", "Basic dXNlcjpwdw=="])
def test_a_bad_token_is_refused_not_ignored(client, two_sessions, header):
    response, data = get(client, api("api-tournament", "test-open"), HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert data["error"]["code"] == "invalid_token"
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'


def test_a_revoked_token_stops_working(client, two_sessions, organizer, token):
    from api import services
    from api.models import ApiToken

    services.api_token_revoke(token=ApiToken.objects.get(), by=organizer)
    response, data = get(client, api("api-tournament", "test-open"), **bearer(token))
    assert response.status_code == 401 and "revoked" in data["error"]["message"]


def test_a_token_stops_working_when_its_organizer_loses_the_role(client, two_sessions, organizer, make_user, token):
    from tournament import services as ts

    other = make_user("second-organizer")
    ts.role_grant(tournament=two_sessions, user=other, role=TournamentRole.Role.ORGANIZER, by=organizer)
    ts.role_revoke(
        role=TournamentRole.objects.get(user=organizer, tournament=two_sessions, role=TournamentRole.Role.ORGANIZER),
        by=other,
    )
    assert client.get(api("api-tournament", "test-open"), **bearer(token)).status_code == 401


# ------------------------------------------------------------------ HTTP: CORS, caching, methods


def test_cors_and_caching_headers(client, two_sessions):
    response = client.get(api("api-standings", "test-open"))
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response["Cache-Control"] == "public, max-age=5"
    assert "Authorization" in response["Vary"]
    assert "Set-Cookie" not in response.headers and not response.cookies
    again = client.get(api("api-standings", "test-open"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and again.content == b""


def test_the_etag_changes_with_the_results(client, two_sessions, players, referee):
    from rules import payments as pay
    from scoring import services as ss

    first = client.get(api("api-standings", "test-open"))["ETag"]
    sheet = two_sessions.sessions.get(number=1).tables.get(number=2).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[5], points=8, by=referee)
    response = client.get(api("api-standings", "test-open"), HTTP_IF_NONE_MATCH=first)
    assert response.status_code == 200 and response["ETag"] != first


def test_preflight_allows_a_bearer_token_from_anywhere(client, two_sessions):
    response = client.options(
        api("api-standings", "test-open"),
        HTTP_ORIGIN="https://overlay.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization",
    )
    assert response.status_code == 204
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Authorization" in response["Access-Control-Allow-Headers"]
    assert "GET" in response["Access-Control-Allow-Methods"]


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_writes_are_refused_and_change_nothing(client, two_sessions, token, method):
    audit_before = AuditLog.objects.count()
    response = getattr(client, method)(
        api("api-tournament", "test-open"), data="{}", content_type="application/json", **bearer(token)
    )
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert AuditLog.objects.count() == audit_before
    assert Tournament.objects.get(pk=two_sessions.pk).name == "Test Open"


def test_unknown_addresses_answer_json(client):
    response, data = get(client, "/api/v1/tournaments/x/nothing-here/")
    assert response.status_code == 404 and data["error"]["code"] == "not_found"


def test_unknown_player_and_table(client, two_sessions):
    response, data = get(client, api("api-player", "test-open", 99))
    assert response.status_code == 404 and data["error"]["message"] == "No player number 99 in this tournament."
    response, data = get(client, api("api-table-result", "test-open", 1, 9))
    assert response.status_code == 404


def test_errors_in_spanish(client, two_sessions):
    response = client.get(api("api-tournament", "no-such"), HTTP_ACCEPT_LANGUAGE="es")
    assert response.json()["error"]["message"] == "Ese torneo no existe."


def test_query_count_does_not_grow_with_the_tables(client, two_sessions, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        client.get(api("api-session-results", "test-open", 1))
    with django_assert_max_num_queries(12):
        client.get(api("api-session", "test-open", 1))
    with django_assert_max_num_queries(15):
        client.get(api("api-standings", "test-open"))
