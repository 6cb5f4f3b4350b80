"""Score sheet URLs, included under /t/<slug>/sessions/<n>/tables/<t>/; the players' own confirmation pages
(``player_patterns``) under /t/<slug>/."""
from django.urls import path

from scoring import views, views_signing

urlpatterns = [
    path("", views.SheetView.as_view(), name="sheet"),
    path("hand/", views.HandRecordView.as_view(), name="sheet-hand"),
    path("hand/live/", views.SheetHandLiveView.as_view(), name="sheet-hand-live"),
    path("hands/<int:hand>/", views.HandHistoryView.as_view(), name="hand-history"),
    path("penalty/", views.PenaltyRecordView.as_view(), name="sheet-penalty"),
    path("penalties/<int:penalty>/withdraw/", views.PenaltyWithdrawView.as_view(), name="penalty-withdraw"),
    # Submitting a sheet is the referee's signature; "submit/" stays for its old callers.
    path("submit/", views_signing.SheetSignView.as_view(), name="sheet-submit"),
    path("reopen/", views_signing.SheetReopenView.as_view(), name="sheet-reopen"),
    path("foul/", views_signing.FoulRecordView.as_view(), name="sheet-foul"),
    path("hands/<int:hand>/confirm/", views_signing.HandConfirmView.as_view(), name="hand-confirm"),
    path("not-played/", views_signing.MarkRestNotPlayedView.as_view(), name="sheet-not-played"),
    path("confirm/", views_signing.SheetConfirmView.as_view(), name="sheet-confirm"),
    path("sign/", views_signing.SheetSignView.as_view(), name="sheet-sign"),
    path("countersign/", views_signing.SheetCountersignView.as_view(), name="sheet-countersign"),
]

player_patterns = [
    path("confirm/", views_signing.PlayerCodeView.as_view(), name="player-code"),
    path("confirm/<str:code>/", views_signing.PlayerSheetsView.as_view(), name="player-sheets"),
    path("confirm/<str:code>/<int:n>/<int:t>/", views_signing.PlayerConfirmSheetView.as_view(),
         name="player-confirm-sheet"),
    path("confirm/<str:code>/<int:n>/<int:t>/hands/<int:hand>/", views_signing.PlayerConfirmHandView.as_view(),
         name="player-confirm-hand"),
]
