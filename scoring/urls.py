"""Score sheet URLs, included under /t/<slug>/sessions/<n>/tables/<t>/; the players' own confirmation pages
(``player_patterns``) under /t/<slug>/."""

from django.urls import path

from scoring.views import appeals, chief, corrections, live, player, queue, referee, sheet

urlpatterns = [
    path("", sheet.SheetView.as_view(), name="sheet"),
    path("hand/", referee.HandRecordView.as_view(), name="sheet-hand"),
    path("hand/live/", referee.SheetHandLiveView.as_view(), name="sheet-hand-live"),
    path("hands/<int:hand>/", sheet.HandHistoryView.as_view(), name="hand-history"),
    path("penalty/", referee.PenaltyRecordView.as_view(), name="sheet-penalty"),
    path("penalties/<int:penalty>/withdraw/", referee.PenaltyWithdrawView.as_view(), name="penalty-withdraw"),
    # Submitting a sheet is the referee's signature; "submit/" stays for its old callers.
    path("submit/", referee.SheetSignView.as_view(), name="sheet-submit"),
    path("reopen/", chief.SheetReopenView.as_view(), name="sheet-reopen"),
    path("reopen-request/", chief.SheetReopenRequestView.as_view(), name="sheet-reopen-request"),
    path("reopen-request/decline/", chief.SheetReopenDeclineView.as_view(), name="sheet-reopen-decline"),
    path("foul/", referee.FoulRecordView.as_view(), name="sheet-foul"),
    path("hands/<int:hand>/confirm/", referee.HandConfirmView.as_view(), name="hand-confirm"),
    path("not-played/", referee.MarkRestNotPlayedView.as_view(), name="sheet-not-played"),
    path("confirm/", referee.SheetConfirmView.as_view(), name="sheet-confirm"),
    path("sign/", referee.SheetSignView.as_view(), name="sheet-sign"),
    path("countersign/", chief.SheetCountersignView.as_view(), name="sheet-countersign"),
    path("appeal/", appeals.SheetAppealFileView.as_view(), name="sheet-appeal"),
    # A table without a referee of its own calls one (a player's code): tournament.floor.
    path("call/", live.TableCallView.as_view(), name="sheet-call"),
    path("call/close/", live.TableCallView.as_view(close=True), name="sheet-call-close"),
    path("seats/swap/", corrections.SeatSwapView.as_view(), name="sheet-seats-swap"),
    path("hands/move/", corrections.HandsMoveView.as_view(), name="sheet-hands-move"),
]

player_patterns = [
    # The player's private page ("my page"): the code is the token, revoked by giving the player a new code.
    path("p/<str:code>/", player.PlayerSheetsView.as_view(), name="player-page"),
    # Polled by the page to keep itself current (scoring/live.py); the table's call for a referee.
    path("p/<str:code>/live/", live.PlayerLiveView.as_view(), name="player-live"),
    path("p/<str:code>/live/announcements/", live.PlayerAnnouncementsView.as_view(), name="player-announcements"),
    path("p/<str:code>/call/", live.PlayerCallView.as_view(), name="player-call"),
    path("p/<str:code>/call/close/", live.PlayerCallView.as_view(close=True), name="player-call-close"),
    path("p/<str:code>/mail/", live.PlayerMailView.as_view(), name="player-mail"),
    path("p/<str:code>/appeal/<int:n>/<int:t>/", appeals.PlayerAppealFileView.as_view(), name="player-appeal"),
    path(
        "p/<str:code>/appeals/<int:number>/escalate/",
        appeals.PlayerAppealEscalateView.as_view(),
        name="player-appeal-escalate",
    ),
    # The same page under its first address, printed on earlier cards.
    path("confirm/", player.PlayerCodeView.as_view(), name="player-code"),
    path("confirm/<str:code>/", player.PlayerSheetsView.as_view(), name="player-sheets"),
    path(
        "confirm/<str:code>/<int:n>/<int:t>/",
        player.PlayerConfirmSheetView.as_view(),
        name="player-confirm-sheet",
    ),
    path(
        "confirm/<str:code>/<int:n>/<int:t>/hands/<int:hand>/",
        player.PlayerConfirmHandView.as_view(),
        name="player-confirm-hand",
    ),
]

# Under /t/<slug>/appeals/: the referees, chief referee, committee and organizers.
appeal_patterns = [
    path("", appeals.AppealListView.as_view(), name="appeal-list"),
    path("<int:number>/", appeals.AppealDetailView.as_view(), name="appeal-detail"),
    path("<int:number>/decide/", appeals.AppealDecideView.as_view(), name="appeal-decide"),
    path("<int:number>/escalate/", appeals.AppealEscalateView.as_view(), name="appeal-escalate"),
    path("<int:number>/amend/hand/", appeals.AppealAmendHandView.as_view(), name="appeal-amend-hand"),
    path("<int:number>/amend/withdraw/", appeals.AppealAmendWithdrawView.as_view(), name="appeal-amend-withdraw"),
    path("<int:number>/amend/foul/", appeals.AppealAmendFoulView.as_view(), name="appeal-amend-foul"),
]

# Under /t/<slug>/work/: what waits for the chief referee, the referees and the appeals committee.
work_patterns = [
    path("", queue.WorkQueueView.as_view(), name="work-queue"),
    path("countersign/<int:n>/", queue.SessionCountersignView.as_view(), name="session-countersign"),
    path("live-calls/", queue.WorkCallsView.as_view(), name="work-calls"),
    path("calls/<int:pk>/take/", queue.CallActionView.as_view(action="take"), name="work-call-take"),
    path("calls/<int:pk>/close/", queue.CallActionView.as_view(action="close"), name="work-call-close"),
]
