"""The API described: an OpenAPI 3.1 document built from the code (issue 31; docs/api.md, "The schema").

The paths come from the URL tree itself (every route under /api/v1/ that a view answers), their parameters from
the routes' converters, and each view's description and response schema from ``DESCRIBED``, filled by the module
that owns the view (``describe``: this module for the tournament resources, ``series.api`` for its own). A route
without a description is named in the document's ``x-undescribed`` and fails ``tests/api/test_openapi.py``,
which also validates every endpoint's real responses against the schemas: neither can drift from the code.

Why not Django REST framework and drf-spectacular: the API is read-only, a dozen small views over ``api.data``
(plain dicts that the hall display and the pages share); DRF would add two dependencies and serializers that
copy those dicts without making the API smaller, and drf-spectacular would still need a schema per response,
since our views return dicts, not serializers. The schemas below are that one declaration, in JSON Schema
(2020-12, which OpenAPI 3.1 uses), checked against the real answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

API_PREFIX = "api/v1/"
OPENAPI_VERSION = "3.1.0"


# ---------------------------------------------------------------- JSON Schema shorthands

STRING: dict[str, Any] = {"type": "string"}
INTEGER: dict[str, Any] = {"type": "integer"}
NUMBER: dict[str, Any] = {"type": "number"}
BOOLEAN: dict[str, Any] = {"type": "boolean"}
DATE: dict[str, Any] = {"type": "string", "format": "date"}
DATETIME: dict[str, Any] = {"type": "string", "format": "date-time"}
WIND: dict[str, Any] = {"type": "string", "enum": ["E", "S", "W", "N"]}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    kind = schema.get("type")
    if isinstance(kind, str):
        return {**schema, "type": [kind, "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


def obj(properties: dict[str, Any], *, optional: tuple[str, ...] = (), strict: bool = True) -> dict[str, Any]:
    """An object with these properties, all required but ``optional``; ``strict``: no other property (so a field
    added to a response and not here fails the schema test)."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": [k for k in properties if k not in optional],
    }
    if strict:
        schema["additionalProperties"] = False
    return schema


# ---------------------------------------------------------------- the components

TOURNAMENT_SUMMARY = {
    "slug": STRING,
    "name": STRING,
    "start_date": nullable(DATE),
    "end_date": nullable(DATE),
    "venue": STRING,
    "url": STRING,
    "web_url": STRING,
}
SESSION_SUMMARY = {
    "number": INTEGER,
    "status": {"type": "string", "enum": ["planned", "seated", "published", "closed"]},
    "phase": STRING,
    "tables": INTEGER,
    "url": STRING,
    "results_url": STRING,
    "tables_under_appeal": array(INTEGER),
    "eliminated": array(INTEGER),
    "starts_at": nullable(DATETIME),
    "day": nullable(DATE),
}
PLAYER = {
    "number": INTEGER,
    "name": STRING,
    "country": STRING,
    "club": STRING,
    "team": nullable(STRING),
    "substitute": BOOLEAN,
    "url": STRING,
    "ema_id": STRING,
}
PLAYER_BRIEF = obj({"number": INTEGER, "name": STRING, "team": nullable(STRING)})

COMPONENTS: dict[str, dict[str, Any]] = {
    "Error": obj({"error": obj({"code": STRING, "message": STRING})}),
    "Root": obj({"version": INTEGER, "tournaments": STRING}),
    "TournamentSummary": obj(TOURNAMENT_SUMMARY),
    "Tournament": obj(
        {
            **TOURNAMENT_SUMMARY,
            "rules": {"type": "string", "enum": ["mcr", "swiss_championship", "spanish"]},
            "rule_options": {"type": "object"},
            "format": {"type": "string", "enum": ["round_robin", "swiss", "mixed", "elimination"]},
            "round_robin_sessions": INTEGER,
            "session_count": INTEGER,
            "hands_per_session": INTEGER,
            "session_minutes": INTEGER,
            "table_points": array(NUMBER),
            "tiebreaks": array(STRING),
            "appeal_minutes": INTEGER,
            "published": BOOLEAN,
            "city": STRING,
            "country": STRING,
            "qualification_required": BOOLEAN,
            "mers_weight": nullable({"type": "object"}),
            "players": INTEGER,
            "teams": INTEGER,
            "current_session": nullable(INTEGER),
            "next_session": nullable(
                obj({"number": INTEGER, "starts_at": DATETIME, "time": STRING, "day": DATE}, strict=False)
            ),
            "over": BOOLEAN,
            "sessions": array(ref("SessionSummary")),
            "announcements": array(
                obj(
                    {
                        "id": INTEGER,
                        "text": STRING,
                        "posted_at": DATETIME,
                        "session": nullable(INTEGER),
                        "until": nullable(DATETIME),
                    }
                )
            ),
            "referee_calls": array(
                obj({"session": INTEGER, "table": INTEGER, "called_at": DATETIME, "taken": BOOLEAN})
            ),
            "links": obj({"players": STRING, "sessions": STRING, "standings": STRING, "team_standings": STRING}),
        },
        optional=("mers_weight",),
    ),
    "SessionSummary": obj(SESSION_SUMMARY),
    "Session": obj(
        {
            **SESSION_SUMMARY,
            "clock": nullable(
                obj(
                    {
                        "starts_at": DATETIME,
                        "ends_at": DATETIME,
                        "minutes": INTEGER,
                        "state": STRING,
                        "server_now": DATETIME,
                    },
                    strict=False,
                )
            ),
            "seating": array(
                obj(
                    {
                        "number": INTEGER,
                        "seats": array(obj({"wind": WIND, "player": PLAYER_BRIEF})),
                        "extra_minutes": INTEGER,
                        "ends_at": nullable(DATETIME),
                    }
                )
            ),
        }
    ),
    "Player": obj(PLAYER, optional=("ema_id",)),
    "PlayerDetail": obj(
        {
            **PLAYER,
            "sessions": array(
                obj(
                    {
                        "session": INTEGER,
                        "table": INTEGER,
                        "wind": WIND,
                        "score": nullable(INTEGER),
                        "place": nullable(INTEGER),
                        "table_points": nullable(NUMBER),
                        "submitted": BOOLEAN,
                    }
                )
            ),
            "standing": nullable(obj({"rank": nullable(INTEGER), "table_points": NUMBER, "score": INTEGER})),
        },
        optional=("ema_id",),
    ),
    "TableResult": obj(
        {
            "session": INTEGER,
            "table": INTEGER,
            "hands_entered": INTEGER,
            "hands_per_session": INTEGER,
            "started": BOOLEAN,
            "submitted": BOOLEAN,
            "sheet_status": STRING,
            "under_appeal": BOOLEAN,
            "players": array(
                obj(
                    {
                        "wind": WIND,
                        "number": INTEGER,
                        "name": STRING,
                        "team": nullable(STRING),
                        "hand_score": INTEGER,
                        "penalties": INTEGER,
                        "score": INTEGER,
                        "place": nullable(INTEGER),
                        "table_points": nullable(NUMBER),
                    }
                )
            ),
        }
    ),
    "StandingRow": obj(
        {
            "rank": nullable(INTEGER),
            "number": INTEGER,
            "name": STRING,
            "team": nullable(STRING),
            "table_points": NUMBER,
            "score": INTEGER,
            "under_appeal": BOOLEAN,
            "eliminated_in": nullable(INTEGER),
            "played": BOOLEAN,
        },
        strict=False,  # the standings command's row: its columns follow the tournament's tie-breaks
    ),
    "TeamStandingRow": obj(
        {
            "rank": INTEGER,
            "team": STRING,
            "table_points": NUMBER,
            "score": INTEGER,
            "members": array(PLAYER_BRIEF),
        }
    ),
}


# ---------------------------------------------------------------- what each view answers


@dataclass(frozen=True)
class Described:
    summary: str
    schema: dict[str, Any]
    tag: str = "tournaments"
    query: tuple[tuple[str, str], ...] = ()  # (name, description) of optional query parameters
    errors: tuple[int, ...] = (403, 404)
    description: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


DESCRIBED: dict[type, Described] = {}


def describe(view: type, summary: str, schema: dict[str, Any], **options: Any) -> None:
    """Say what ``view`` answers (its GET's 200 body); the module that owns the view calls this."""
    DESCRIBED[view] = Described(summary=summary, schema=schema, **options)


def components(extra: dict[str, dict[str, Any]]) -> None:
    """Add schemas other modules' views refer to (``series.api``)."""
    COMPONENTS.update(extra)


# ---------------------------------------------------------------- the document


def _routes(resolver=None, prefix: str = ""):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


_PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def api_routes() -> list[tuple[str, Any]]:
    """(OpenAPI path, view class) for every route under /api/v1/ a view answers (not the catch-all)."""
    from api.views import ApiView, UnknownView

    found = []
    for route, pattern in _routes():
        view_class = getattr(pattern.callback, "view_class", None)
        if not route.startswith(API_PREFIX) or view_class is None or not issubclass(view_class, ApiView):
            continue  # not the API (the reference page is read by people, not by programs)
        if view_class is UnknownView:  # the catch-all for unknown addresses
            continue
        found.append(("/" + _PARAM.sub(r"{\2}", route), view_class, route))
    return [(path, view) for path, view, _route in found]


def _parameters(path: str) -> list[dict[str, Any]]:
    out = []
    for name in re.findall(r"{(\w+)}", path):
        kind = STRING if name == "slug" else INTEGER
        out.append({"name": name, "in": "path", "required": True, "schema": kind})
    return out


ERROR_TEXT = {
    401: "The bearer token is not valid (revoked, or unknown).",
    403: "The token is for another tournament.",
    404: "No such resource, or one the caller may not see (not published): the same answer for both.",
}


def openapi_document(server: str = "/") -> dict[str, Any]:
    """The whole document, built now from the URL tree and the descriptions."""
    paths: dict[str, Any] = {}
    undescribed = []
    for path, view in api_routes():
        described = DESCRIBED.get(view)
        if described is None:
            undescribed.append(path)
            continue
        responses: dict[str, Any] = {
            "200": {"description": described.summary, "content": {"application/json": {"schema": described.schema}}}
        }
        for status in (*described.errors, 401):
            responses[str(status)] = {
                "description": ERROR_TEXT.get(status, ""),
                "content": {"application/json": {"schema": ref("Error")}},
            }
        parameters = _parameters(path) + [
            {"name": name, "in": "query", "required": False, "schema": STRING, "description": text}
            for name, text in described.query
        ]
        operation: dict[str, Any] = {
            "summary": described.summary,
            "tags": [described.tag],
            "operationId": view.__name__,
            "responses": responses,
        }
        if described.description:
            operation["description"] = described.description
        if parameters:
            operation["parameters"] = parameters
        paths[path] = {"get": operation}
    document: dict[str, Any] = {
        "openapi": OPENAPI_VERSION,
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "MCR tournaments API",
            "version": "1",
            "description": (
                "Read-only JSON: tournaments, players, sessions, results, standings and series rankings as the "
                "public pages show them; an organizer's token (Authorization: Bearer …) shows its tournament as "
                "its organizers see it. docs/api.md explains every field."
            ),
        },
        "servers": [{"url": server}],
        "paths": paths,
        "components": {
            "schemas": COMPONENTS,
            "securitySchemes": {"organizerToken": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{}, {"organizerToken": []}],
    }
    if undescribed:
        document["x-undescribed"] = undescribed
    return document


def _describe_tournament_views() -> None:
    from api import views

    describe(views.RootView, "The API's version and where to start", ref("Root"), tag="api", errors=())
    describe(
        views.TournamentListView,
        "The tournaments the caller may see (public ones; with a token, its tournament too)",
        array(ref("TournamentSummary")),
        errors=(),
    )
    describe(views.TournamentView, "A tournament, its sessions, announcements and calls", ref("Tournament"))
    describe(views.PlayersView, "The tournament's players", array(ref("Player")))
    describe(views.PlayerView, "A player, their seats and results, their standing", ref("PlayerDetail"))
    describe(views.SessionsView, "The sessions the caller may see", array(ref("SessionSummary")))
    describe(views.SessionView, "A session: its clock and its seating", ref("Session"))
    describe(views.SessionResultsView, "The results of a session's tables", array(ref("TableResult")))
    describe(views.TableResultView, "One table's result", ref("TableResult"))
    describe(views.StandingsView, "The player standings", array(ref("StandingRow")))
    describe(views.TeamStandingsView, "The team standings", array(ref("TeamStandingRow")))


_describe_tournament_views()
