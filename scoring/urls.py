"""Score sheet URLs, included under /t/<slug>/sessions/<n>/tables/<t>/; the players' own confirmation pages
(``player_patterns``) under /t/<slug>/."""

from django.urls import path

from scoring import views, views_appeals, views_signing

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
    path("appeal/", views_appeals.SheetAppealFileView.as_view(), name="sheet-appeal"),
]

player_patterns = [
    # The player's private page ("my page"): the code is the token, revoked by giving the player a new code.
    path("p/<str:code>/", views_signing.PlayerSheetsView.as_view(), name="player-page"),
    path("p/<str:code>/appeal/<int:n>/<int:t>/", views_appeals.PlayerAppealFileView.as_view(), name="player-appeal"),
    path(
        "p/<str:code>/appeals/<int:number>/escalate/",
        views_appeals.PlayerAppealEscalateView.as_view(),
        name="player-appeal-escalate",
    ),
    # The same page under its first address, printed on earlier cards.
    path("confirm/", views_signing.PlayerCodeView.as_view(), name="player-code"),
    path("confirm/<str:code>/", views_signing.PlayerSheetsView.as_view(), name="player-sheets"),
    path(
        "confirm/<str:code>/<int:n>/<int:t>/",
        views_signing.PlayerConfirmSheetView.as_view(),
        name="player-confirm-sheet",
    ),
    path(
        "confirm/<str:code>/<int:n>/<int:t>/hands/<int:hand>/",
        views_signing.PlayerConfirmHandView.as_view(),
        name="player-confirm-hand",
    ),
]

# Under /t/<slug>/appeals/: the referees, chief referee, committee and organizers.
appeal_patterns = [
    path("", views_appeals.AppealListView.as_view(), name="appeal-list"),
    path("<int:number>/", views_appeals.AppealDetailView.as_view(), name="appeal-detail"),
    path("<int:number>/decide/", views_appeals.AppealDecideView.as_view(), name="appeal-decide"),
    path("<int:number>/escalate/", views_appeals.AppealEscalateView.as_view(), name="appeal-escalate"),
    path("<int:number>/amend/hand/", views_appeals.AppealAmendHandView.as_view(), name="appeal-amend-hand"),
    path("<int:number>/amend/withdraw/", views_appeals.AppealAmendWithdrawView.as_view(), name="appeal-amend-withdraw"),
    path("<int:number>/amend/foul/", views_appeals.AppealAmendFoulView.as_view(), name="appeal-amend-foul"),
]
