"""The app's URLs, placed by config/urls.py: the series and people pages (``urlpatterns``), a tournament's
people page and links (``tournament_manage_patterns``, under /t/<slug>/manage/), a player's person
(``tournament_patterns``, under /t/<slug>/), and the API (``api_patterns``, under /api/v1/)."""

from django.urls import path

from series import api
from series.views import exports, manage, public

urlpatterns = [
    path("series/", public.SeriesListView.as_view(), name="series-list"),
    path("series/new/", manage.SeriesCreateView.as_view(), name="series-create"),
    path("series/new/from-file/", manage.SeriesImportView.as_view(), name="series-import"),
    path("series/<slug:series>/", public.SeriesDetailView.as_view(), name="series-detail"),
    path("series/<slug:series>/rankings/", public.SeriesRankingsView.as_view(), name="series-rankings"),
    path("series/<slug:series>/people/<int:person>/", public.SeriesPersonView.as_view(), name="series-person"),
    path(
        "series/<slug:series>/exports/ranking.<str:fmt>",
        exports.RankingExportView.as_view(),
        name="series-export-ranking",
    ),
    path(
        "series/<slug:series>/exports/results.<str:fmt>",
        exports.ResultsExportView.as_view(),
        name="series-export-results",
    ),
    path("series/<slug:series>/manage/", manage.SeriesSettingsView.as_view(), name="series-settings"),
    path("series/<slug:series>/manage/recompute/", manage.SeriesRecomputeView.as_view(), name="series-recompute"),
    path("series/<slug:series>/manage/roles/", manage.SeriesRolesView.as_view(), name="series-roles"),
    path("series/<slug:series>/manage/people/", manage.SeriesPeopleView.as_view(), name="series-people"),
    path(
        "series/<slug:series>/manage/same-person/<int:first>/<int:second>/",
        manage.SamePersonView.as_view(),
        name="series-same-person",
    ),
    path("series/<slug:series>/manage/audit/", manage.SeriesAuditView.as_view(), name="series-audit"),
    path("series/<slug:series>/manage/file.json", manage.SeriesFileView.as_view(), name="series-file"),
    path("series/<slug:series>/manage/delete/", manage.SeriesDeleteView.as_view(), name="series-delete"),
    path("people/<int:pk>/", public.PersonView.as_view(), name="person-detail"),
]

tournament_patterns = [
    path("players/<int:number>/person/", public.PlayerPersonView.as_view(), name="player-person"),
]

tournament_manage_patterns = [
    path("people/", manage.TournamentPeopleView.as_view(), name="manage-people"),
    path("people/<int:number>/link/", manage.PlayerLinkView.as_view(), name="person-link"),
    path("people/<int:number>/unlink/", manage.PlayerLinkView.as_view(unlink=True), name="person-unlink"),
]

api_patterns = [
    path("series/", api.SeriesListApiView.as_view(), name="api-series-list"),
    path("series/<slug:slug>/", api.SeriesDetailApiView.as_view(), name="api-series"),
    path("series/<slug:slug>/standings/", api.SeriesStandingsApiView.as_view(), name="api-series-standings"),
    path("series/<slug:slug>/people/<int:person>/", api.SeriesPersonApiView.as_view(), name="api-series-person"),
    path("people/<int:pk>/", api.PersonApiView.as_view(), name="api-person"),
]
