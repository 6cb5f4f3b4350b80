"""Seating and session pages, included under /t/<slug>/ (public chart) and /t/<slug>/manage/."""

from django.urls import path

from schedule import views, views_day, views_elimination

urlpatterns = [
    path("seating/", views.SeatingChartView.as_view(), name="seating-chart"),
    path("sessions/<int:n>/seats/", views.SeatListView.as_view(), name="seat-list"),
]

manage_patterns = [
    path("", views.DashboardView.as_view(), name="manage-home"),
    path("sessions/", views.SessionManageView.as_view(), name="manage-sessions"),
    path("sessions/<int:n>/seat/", views.SessionSeatView.as_view(), name="manage-session-seat"),
    path("sessions/<int:n>/publish/", views.SessionPublishView.as_view(), name="manage-session-publish"),
    path("sessions/<int:n>/close/", views.SessionCloseView.as_view(), name="manage-session-close"),
    path("sessions/<int:n>/reopen/", views.SessionReopenView.as_view(), name="manage-session-reopen"),
    path(
        "sessions/<int:n>/changes/acknowledge/",
        views.SessionChangesAcknowledgeView.as_view(),
        name="manage-session-changes-acknowledge",
    ),
    path(
        "sessions/<int:n>/eliminate/", views_elimination.SessionEliminateView.as_view(), name="manage-session-eliminate"
    ),
    path(
        "sessions/<int:n>/eliminate/undo/",
        views.SessionEliminationUndoView.as_view(),
        name="manage-session-eliminate-undo",
    ),
    path("seating/", views.SeatingManageView.as_view(), name="manage-seating"),
    path("seating/generate/", views.ScheduleGenerateView.as_view(), name="manage-seating-generate"),
    path("seating/sessions/<int:n>/swiss/", views.SwissSeatView.as_view(), name="manage-seating-swiss"),
    path("seating/publish/", views.PublishAllView.as_view(), name="manage-seating-publish"),
    path("seating/chart/", views.ChartUploadView.as_view(), name="manage-seating-chart"),
    path("sessions/<int:n>/clock/", views_day.SessionClockView.as_view(), name="manage-session-clock"),
    path("withdrawals/", views_day.WithdrawalsView.as_view(), name="manage-withdrawals"),
    path(
        "withdrawals/<int:pk>/substitute/",
        views_day.WithdrawalActionView.as_view(action="substitute"),
        name="manage-withdrawal-substitute",
    ),
    path(
        "withdrawals/<int:pk>/undo/",
        views_day.WithdrawalActionView.as_view(action="undo"),
        name="manage-withdrawal-undo",
    ),
]
