from django.contrib import admin
from django.urls import include, path

from scoring.views import CalculatorView
from tournament.views import exports, manage, public, seating

organizer_patterns = [
    path("", manage.ManageHomeView.as_view(), name="manage-home"),
    path("settings/", manage.TournamentSettingsView.as_view(), name="manage-settings"),
    path("players/", manage.PlayerManageListView.as_view(), name="manage-players"),
    path("players/add/", manage.PlayerCreateView.as_view(), name="manage-player-add"),
    path("players/<int:number>/edit/", manage.PlayerEditView.as_view(), name="manage-player-edit"),
    path("players/import/", manage.PlayerImportView.as_view(), name="manage-import"),
    path("teams/", manage.TeamListView.as_view(), name="manage-teams"),
    path("sessions/", manage.SessionManageView.as_view(), name="manage-sessions"),
    path("sessions/<int:n>/seat/", manage.SessionActionView.as_view(action="seat"), name="manage-session-seat"),
    path("sessions/<int:n>/publish/", manage.SessionActionView.as_view(action="publish"),
         name="manage-session-publish"),
    path("sessions/<int:n>/close/", manage.SessionActionView.as_view(action="close"), name="manage-session-close"),
    path("sessions/<int:n>/reopen/", manage.SessionActionView.as_view(action="reopen"),
         name="manage-session-reopen"),
    path("seating/", seating.SeatingManageView.as_view(), name="manage-seating"),
    path("seating/generate/", seating.ScheduleGenerateView.as_view(), name="manage-seating-generate"),
    path("seating/sessions/<int:n>/swiss/", seating.SwissSeatView.as_view(), name="manage-seating-swiss"),
    path("seating/publish/", seating.PublishAllView.as_view(), name="manage-seating-publish"),
    path("seating/chart/", seating.ChartUploadView.as_view(), name="manage-seating-chart"),
    path("roles/", manage.RoleView.as_view(), name="manage-roles"),
    path("audit/", manage.AuditLogView.as_view(), name="manage-audit"),
]

tournament_patterns = [
    path("", public.TournamentDetailView.as_view(), name="tournament-detail"),
    path("standings/", public.StandingsView.as_view(), name="standings"),
    path("standings/teams/", public.TeamStandingsView.as_view(), name="team-standings"),
    path("standings/sessions/", public.SessionTabulationView.as_view(), name="tabulation"),
    path("players/", public.PlayerListView.as_view(), name="player-list"),
    path("players/<int:number>/", public.PlayerDetailView.as_view(), name="player-detail"),
    path("sessions/<int:n>/", public.SessionDetailView.as_view(), name="session-detail"),
    path("seating/", seating.SeatingChartView.as_view(), name="seating-chart"),
    path("sessions/<int:n>/tables/<int:t>/", include("scoring.urls")),
    path("manage/", include(organizer_patterns)),
    path("exports/", include(exports.urlpatterns)),
]

urlpatterns = [
    path("", public.HomeView.as_view(), name="home"),
    path("calculator/", CalculatorView.as_view(), name="calculator"),
    path("new/", manage.TournamentCreateView.as_view(), name="tournament-create"),
    path("t/<slug:slug>/", include(tournament_patterns)),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
]
