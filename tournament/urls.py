"""The tournament app's pages: public ones under /t/<slug>/, organizer ones under /t/<slug>/manage/."""

from django.urls import path

from tournament.views import codes, floor, manage, public

urlpatterns = [
    path("", public.TournamentDetailView.as_view(), name="tournament-detail"),
    path("players/", public.PlayerListView.as_view(), name="player-list"),
    path("mail/stop/<str:token>/", floor.MailStopView.as_view(), name="mail-stop"),
]

manage_patterns = [
    path("settings/", manage.TournamentSettingsView.as_view(), name="manage-settings"),
    path("copy/", manage.TournamentCopyView.as_view(), name="manage-copy"),
    path("players/", manage.PlayerManageListView.as_view(), name="manage-players"),
    path("players/add/", manage.PlayerCreateView.as_view(), name="manage-player-add"),
    path("players/<int:number>/edit/", manage.PlayerEditView.as_view(), name="manage-player-edit"),
    path("players/import/", manage.PlayerImportView.as_view(), name="manage-import"),
    path("players/import/template.<str:fmt>", manage.PlayerImportTemplateView.as_view(), name="manage-import-template"),
    path("players/codes/", codes.PlayerCodesView.as_view(), name="manage-player-codes"),
    path("players/<int:number>/code/", codes.PlayerCodeResetView.as_view(), name="manage-player-code-reset"),
    path("teams/", manage.TeamListView.as_view(), name="manage-teams"),
    path("teams/<int:team>/captain/", manage.TeamCaptainView.as_view(), name="manage-team-captain"),
    path("roles/", manage.RoleView.as_view(), name="manage-roles"),
    path("roles/<int:role>/revoke/", manage.RoleRevokeView.as_view(), name="manage-role-revoke"),
    path("audit/", manage.AuditLogView.as_view(), name="manage-audit"),
    path("announcements/", floor.AnnouncementsView.as_view(), name="manage-announcements"),
    path(
        "announcements/<int:pk>/withdraw/",
        floor.AnnouncementWithdrawView.as_view(),
        name="manage-announcement-withdraw",
    ),
]
