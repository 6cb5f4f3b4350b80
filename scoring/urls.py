"""Score sheet URLs, included under /t/<slug>/sessions/<n>/tables/<t>/."""
from django.urls import path

from scoring import views

urlpatterns = [
    path("", views.SheetView.as_view(), name="sheet"),
    path("hand/", views.HandRecordView.as_view(), name="sheet-hand"),
    path("hand/live/", views.SheetHandLiveView.as_view(), name="sheet-hand-live"),
    path("hands/<int:hand>/", views.HandHistoryView.as_view(), name="hand-history"),
    path("penalty/", views.PenaltyRecordView.as_view(), name="sheet-penalty"),
    path("penalties/<int:penalty>/withdraw/", views.PenaltyWithdrawView.as_view(), name="penalty-withdraw"),
    path("submit/", views.SheetSubmitView.as_view(), name="sheet-submit"),
    path("reopen/", views.SheetReopenView.as_view(), name="sheet-reopen"),
]
