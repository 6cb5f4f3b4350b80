"""The API's URLs (``api_patterns``, included under /api/v1/) and the app's pages under /t/<slug>/."""

from django.urls import path, re_path

from api import pages, schema_views, stream, views

api_patterns = [
    path("", views.RootView.as_view(), name="api-root"),
    path("tournaments/", views.TournamentListView.as_view(), name="api-tournaments"),
    path("tournaments/<slug:slug>/", views.TournamentView.as_view(), name="api-tournament"),
    path("tournaments/<slug:slug>/players/", views.PlayersView.as_view(), name="api-players"),
    path("tournaments/<slug:slug>/players/<int:number>/", views.PlayerView.as_view(), name="api-player"),
    path("tournaments/<slug:slug>/sessions/", views.SessionsView.as_view(), name="api-sessions"),
    path("tournaments/<slug:slug>/sessions/<int:n>/", views.SessionView.as_view(), name="api-session"),
    path(
        "tournaments/<slug:slug>/sessions/<int:n>/results/",
        views.SessionResultsView.as_view(),
        name="api-session-results",
    ),
    path(
        "tournaments/<slug:slug>/sessions/<int:n>/tables/<int:t>/",
        views.TableResultView.as_view(),
        name="api-table-result",
    ),
    path("tournaments/<slug:slug>/standings/", views.StandingsView.as_view(), name="api-standings"),
    path("tournaments/<slug:slug>/standings/teams/", views.TeamStandingsView.as_view(), name="api-team-standings"),
    path("schema/", schema_views.SchemaView.as_view(), name="api-schema"),
    path("schema/docs/", schema_views.SchemaDocsView.as_view(), name="api-schema-docs"),
    re_path(r"^.*$", views.UnknownView.as_view()),
]

tournament_patterns = [
    path("hall/", pages.HallView.as_view(), name="hall"),
    # Stream overlays for OBS (api/stream.py): the featured table, a fixed table, the standings ticker.
    path("stream/table/", stream.StreamPage.as_view(), name="stream-featured"),
    path("stream/table/data.json", stream.StreamPage.as_view(), {"json": True}, name="stream-featured-data"),
    path("stream/table/<int:n>/", stream.StreamPage.as_view(), name="stream-table"),
    path("stream/table/<int:n>/data.json", stream.StreamPage.as_view(), {"json": True}, name="stream-table-data"),
    path("stream/standings/", stream.StreamPage.as_view(kind="standings"), name="stream-standings"),
    path(
        "stream/standings/data.json",
        stream.StreamPage.as_view(kind="standings"),
        {"json": True},
        name="stream-standings-data",
    ),
    path("manage/stream/", stream.StreamManageView.as_view(), name="manage-stream"),
    path("manage/api-tokens/", pages.ApiTokensView.as_view(), name="manage-api-tokens"),
    path("manage/api-tokens/<int:pk>/revoke/", pages.ApiTokenRevokeView.as_view(), name="manage-api-token-revoke"),
]
