"""Download URLs, included under /t/<slug>/exports/."""

from django.urls import path

from exports.views import (
    AppealPdfView,
    EmaExportView,
    FoulsExportView,
    ObserverReportView,
    PlayerCardsView,
    ScoreSheetsView,
    SeatListPdfView,
    StandingsExportView,
    TabulationExportView,
    TeamStandingsExportView,
)

urlpatterns = [
    path("standings.<str:fmt>", StandingsExportView.as_view(), name="export-standings"),
    path("team-standings.<str:fmt>", TeamStandingsExportView.as_view(), name="export-team-standings"),
    path("tabulation.<str:fmt>", TabulationExportView.as_view(), name="export-tabulation"),
    path("ema-results.csv", EmaExportView.as_view(), {"fmt": "csv"}, name="export-ema"),
    path("ema-results.xlsx", EmaExportView.as_view(), {"fmt": "xlsx"}, name="export-ema-xlsx"),
    path("observer-report.pdf", ObserverReportView.as_view(), {"fmt": "pdf"}, name="export-observer-report"),
    path("observer-report.json", ObserverReportView.as_view(), {"fmt": "json"}, name="export-observer-report-json"),
    path("fouls.<str:fmt>", FoulsExportView.as_view(), name="export-fouls"),
    path("sessions/<int:n>/score-sheets.pdf", ScoreSheetsView.as_view(), name="export-score-sheets"),
    path("sessions/<int:n>/tables/<int:t>/score-sheet.pdf", ScoreSheetsView.as_view(), name="export-score-sheet"),
    path("player-cards.pdf", PlayerCardsView.as_view(), name="export-player-cards"),
    path("sessions/<int:n>/seats.pdf", SeatListPdfView.as_view(), name="export-seat-list"),
    path("appeals/<int:number>.pdf", AppealPdfView.as_view(), name="appeal-pdf"),
]
