"""Result pages, included under /t/<slug>/."""

from django.urls import path

from standings import views, views_ties

urlpatterns = [
    path("standings/", views.StandingsView.as_view(), name="standings"),
    path("standings/ties/", views_ties.TiesView.as_view(), name="tie-deciders"),
    path("standings/teams/", views.TeamStandingsView.as_view(), name="team-standings"),
    path("standings/sessions/", views.SessionTabulationView.as_view(), name="tabulation"),
    path("players/<int:number>/", views.PlayerDetailView.as_view(), name="player-detail"),
    path("sessions/<int:n>/", views.SessionDetailView.as_view(), name="session-detail"),
    path("sessions/current/", views.SessionCurrentView.as_view(), name="session-current"),
]
