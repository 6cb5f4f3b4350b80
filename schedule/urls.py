"""Seating and session pages, included under /t/<slug>/ (public chart) and /t/<slug>/manage/."""

from django.urls import path

from schedule import (
    views,
    views_day,
    views_elimination,
    views_final,
    views_replace,
    views_roll_call,
    views_table_time,
)

urlpatterns = [
    path("seating/", views.SeatingChartView.as_view(), name="seating-chart"),
    path("sessions/<int:n>/seats/", views.SeatListView.as_view(), name="seat-list"),
    path("p/<str:code>/check-in/", views_roll_call.PlayerCheckInView.as_view(), name="player-check-in"),
    path("sessions/<int:n>/tables/<int:t>/time/", views_table_time.TableTimeView.as_view(), name="table-time"),
]

manage_patterns = [
    path("", views.DashboardView.as_view(), name="manage-home"),
    path("sessions/", views.SessionManageView.as_view(), name="manage-sessions"),
    path("final/", views_final.FinalView.as_view(), name="manage-final"),
    path("sessions/<int:n>/seat/", views_replace.SessionSeatView.as_view(), name="manage-session-seat"),
    path("sessions/<int:n>/publish/", views_replace.SessionPublishView.as_view(), name="manage-session-publish"),
    path(
        "sessions/<int:n>/seating-versions/",
        views_replace.SeatingVersionsView.as_view(),
        name="manage-seating-versions",
    ),
    path(
        "sessions/<int:n>/seating-versions/<int:pk>/restore/",
        views_replace.SeatingRestoreView.as_view(),
        name="manage-seating-restore",
    ),
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
    path("seating/generate/", views_replace.ScheduleGenerateView.as_view(), name="manage-seating-generate"),
    path("seating/sessions/<int:n>/swiss/", views.SwissSeatView.as_view(), name="manage-seating-swiss"),
    path("seating/publish/", views.PublishAllView.as_view(), name="manage-seating-publish"),
    path("seating/chart/", views.ChartUploadView.as_view(), name="manage-seating-chart"),
    path("sessions/timetable/", views_day.TimetableView.as_view(), name="manage-timetable"),
    path("sessions/<int:n>/clock/", views_day.SessionClockView.as_view(), name="manage-session-clock"),
    path("withdrawals/", views_day.WithdrawalsView.as_view(), name="manage-withdrawals"),
    path(
        "withdrawals/<int:pk>/substitute/",
        views_day.WithdrawalActionView.as_view(action="substitute"),
        name="manage-withdrawal-substitute",
    ),
    path(
        "withdrawals/<int:pk>/back/",
        views_day.WithdrawalActionView.as_view(action="return"),
        name="manage-withdrawal-return",
    ),
    path("sessions/<int:n>/roll-call/", views_roll_call.RollCallView.as_view(), name="manage-roll-call"),
    path(
        "sessions/<int:n>/roll-call/open/",
        views_roll_call.RollCallControlView.as_view(action="open"),
        name="manage-roll-call-open",
    ),
    path(
        "sessions/<int:n>/roll-call/self/",
        views_roll_call.RollCallControlView.as_view(action="self"),
        name="manage-roll-call-self",
    ),
    path(
        "sessions/<int:n>/roll-call/desk/",
        views_roll_call.RollCallControlView.as_view(action="desk"),
        name="manage-roll-call-desk",
    ),
    path(
        "sessions/<int:n>/roll-call/close/",
        views_roll_call.RollCallControlView.as_view(action="close"),
        name="manage-roll-call-close",
    ),
    path("sessions/<int:n>/roll-call/seat/", views_roll_call.RollCallSeatView.as_view(), name="manage-roll-call-seat"),
    path(
        "withdrawals/<int:pk>/undo/",
        views_day.WithdrawalActionView.as_view(action="undo"),
        name="manage-withdrawal-undo",
    ),
]
