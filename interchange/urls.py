"""Tournament files: the upload (``urlpatterns``, under /new/from-file/) and the organizer's download
(``tournament_patterns``, under /t/<slug>/)."""

from django.urls import path

from interchange import views

urlpatterns = [
    path("", views.TournamentFileImportView.as_view(), name="tournament-import"),
]

tournament_patterns = [
    path("manage/tournament.json", views.TournamentFileView.as_view(), name="manage-tournament-file"),
]
