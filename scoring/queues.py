"""What needs someone now: the work queue of the chief referee, the referees and the appeals committee (sheets
to countersign, requests to reopen a signed sheet, appeals to decide with their deadlines, appeal windows still
open), the appeals nobody can decide (flagged to the organizer), a table's next step for the referee, and a
player's own to-do list.

Reads only, a fixed number of queries whatever the size of the tournament; the pages (``scoring/views/queue.py``,
the start page, the organizer's dashboard, the player's page) show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import lifecycle
from scoring.appeal_window import appeal_deadline, ended_since
from scoring.models import APPEAL_OPEN_STATUSES, Appeal, AppealDecision, ReopenRequest, ScoreSheet
from scoring.selectors import appeal_deciding_body, may_decide
from tournament.lifecycle import ROLL_CALL, ROLL_CALL_TAKING
from tournament.models import Session, Tournament, TournamentRole
from tournament.permissions import can_score, is_chief_referee, is_organizer

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from django.contrib.auth.models import AnonymousUser, User


@dataclass
class SheetToCountersign:
    session: int
    table: int
    signed_at: datetime | None
    url: str


@dataclass
class ReopenWaiting:
    """A referee's request that the chief referee reopen a signed sheet."""

    session: int
    table: int
    reason: str
    requested_by: str
    requested_at: datetime
    url: str


@dataclass
class AppealWaiting:
    """An appeal still to be decided: who decides it, until when the table's window runs, where to act."""

    appeal: Appeal
    body: str
    filed_at: datetime
    window_until: datetime | None  # the end of the table's appeal window: more appeals may come until then
    url: str
    # The rulebook sets no time to decide (MCR 3.13); what makes one is the next session: its results, or its
    # Swiss seating, should not be built on a ruling still open. Its scheduled clock start, when there is one.
    decide_before: datetime | None = None
    next_session: int | None = None
    late: bool = False  # the next session's clock has started


@dataclass
class OpenWindow:
    """A table whose game ended and whose appeal window has not closed yet."""

    session: int
    table: int
    until: datetime
    url: str


@dataclass
class WorkQueue:
    countersign: list[SheetToCountersign] = field(default_factory=list)
    reopen: list[ReopenWaiting] = field(default_factory=list)
    appeals: list[AppealWaiting] = field(default_factory=list)
    nobody_decides: list[AppealWaiting] = field(default_factory=list)
    windows: list[OpenWindow] = field(default_factory=list)
    # Sessions whose roll call the desk is taking now (schedule.attendance), by number.
    roll_calls: list[int] = field(default_factory=list)
    # Who it is for: what the page offers them (the countersignatures, the roles page, the windows).
    chief: bool = False
    organizer: bool = False
    scorer: bool = False

    @property
    def empty(self) -> bool:
        return not (self.countersign or self.reopen or self.appeals or self.nobody_decides or self.roll_calls)


def _sheet_url(tournament: Tournament, session: int, table: int, anchor: str = "") -> str:
    return reverse("sheet", args=[tournament.slug, session, table]) + anchor


def sheets_to_countersign(tournament: Tournament) -> list[SheetToCountersign]:
    """Signed sheets waiting for the chief referee's countersignature, where the tournament asks for one, in the
    order they were signed."""
    if not tournament.countersign_required:
        return []
    rows = (
        ScoreSheet.objects.filter(table__session__tournament=tournament, status=lifecycle.SIGNED)
        .order_by("submitted_at", "table__session__number", "table__number")
        .values_list("table__session__number", "table__number", "submitted_at")
    )
    return [
        SheetToCountersign(session=s, table=t, signed_at=at, url=_sheet_url(tournament, s, t, "#countersign"))
        for s, t, at in rows
    ]


def reopen_requests_waiting(tournament: Tournament) -> list[ReopenWaiting]:
    """Requests to reopen a signed sheet that the chief referee has not answered, the oldest first."""
    rows = (
        ReopenRequest.objects.filter(sheet__table__session__tournament=tournament, status=ReopenRequest.Status.OPEN)
        .select_related("sheet__table__session", "requested_by")
        .order_by("requested_at", "id")
    )
    return [
        ReopenWaiting(
            session=r.sheet.table.session.number,
            table=r.sheet.table.number,
            reason=r.reason,
            requested_by=r.requested_by.get_username() if r.requested_by else "",
            requested_at=r.requested_at,
            url=_sheet_url(tournament, r.sheet.table.session.number, r.sheet.table.number, "#reopen-request"),
        )
        for r in rows
    ]


def _open_appeals(tournament: Tournament) -> list[Appeal]:
    return list(
        Appeal.objects.filter(tournament=tournament, status__in=APPEAL_OPEN_STATUSES)
        .select_related("sheet__table__session", "filer", "tournament")
        .order_by("filed_at", "number")
    )


def _session_starts(tournament: Tournament) -> dict[int, datetime | None]:
    return dict(Session.objects.filter(tournament=tournament).values_list("number", "starts_at"))


def _waiting(
    tournament: Tournament, appeal: Appeal, starts: dict[int, datetime | None], now: datetime
) -> AppealWaiting:
    body = appeal_deciding_body(appeal)
    sheet = appeal.sheet
    following = sheet.table.session.number + 1
    before = starts.get(following)
    return AppealWaiting(
        appeal=appeal,
        body=str(AppealDecision.Body(body).label) if body else "",
        filed_at=appeal.filed_at,
        window_until=appeal_deadline(sheet.table.session, tournament, sheet),
        url=reverse("appeal-detail", args=[tournament.slug, appeal.number]),
        decide_before=before,
        next_session=following if before is not None else None,
        late=before is not None and before <= now,
    )


# The roles that may decide an appeal at each step (scoring.selectors.may_decide says the same per user).
_DECIDERS = {
    AppealDecision.Body.REFEREES: {TournamentRole.Role.REFEREE, TournamentRole.Role.CHIEF_REFEREE},
    AppealDecision.Body.CHIEF_REFEREE: {TournamentRole.Role.CHIEF_REFEREE},
    AppealDecision.Body.COMMITTEE: {TournamentRole.Role.APPEALS_COMMITTEE},
}


def appeals_nobody_decides(
    tournament: Tournament,
    appeals: list[Appeal] | None = None,
    starts: dict[int, datetime | None] | None = None,
    now: datetime | None = None,
) -> list[AppealWaiting]:
    """Undecided appeals for whose next step no one holds the role (an appeal to the committee with no
    committee named): the organizer must name someone, or the appeal waits for ever."""
    appeals = _open_appeals(tournament) if appeals is None else appeals
    if not appeals:
        return []
    starts = _session_starts(tournament) if starts is None else starts
    now = now or timezone.now()
    held = set(TournamentRole.objects.filter(tournament=tournament).values_list("role", flat=True))
    return [
        _waiting(tournament, a, starts, now)
        for a in appeals
        if (body := appeal_deciding_body(a)) is not None and not (_DECIDERS[body] & held)
    ]


def open_appeal_windows(tournament: Tournament, now: datetime | None = None) -> list[OpenWindow]:
    """Tables whose game has ended (sheet signed or session closed) and whose appeal window is still open,
    the one closing first first (MCR 3.12.2)."""
    now = now or timezone.now()
    since = ended_since(now, tournament)
    sheets = ScoreSheet.objects.filter(table__session__tournament=tournament).filter(
        Q(submitted_at__gt=since, status__in=lifecycle.FINISHED) | Q(table__session__closed_at__gt=since)
    )
    windows = []
    for sheet in sheets.select_related("table__session"):
        session = sheet.table.session
        until = appeal_deadline(session, tournament, sheet)
        if until is not None and until > now:
            windows.append(
                OpenWindow(
                    session=session.number,
                    table=sheet.table.number,
                    until=until,
                    url=_sheet_url(tournament, session.number, sheet.table.number),
                )
            )
    windows.sort(key=lambda w: (w.until, w.session, w.table))
    return windows


def work_queue(tournament: Tournament, user: User | AnonymousUser, now: datetime | None = None) -> WorkQueue:
    """What waits for `user` in the tournament: the sheets to countersign and the requests to reopen a sheet
    (the chief referee), the appeals
    they may decide now, those nobody may decide (the chief referee and organizers see them), and the appeal
    windows still open (for the referees: an appeal may still come from those tables)."""
    queue = WorkQueue(
        chief=is_chief_referee(user, tournament),
        organizer=is_organizer(user, tournament),
        scorer=can_score(user, tournament),
    )
    if queue.chief:
        queue.countersign = sheets_to_countersign(tournament)
        queue.reopen = reopen_requests_waiting(tournament)
    now = now or timezone.now()
    appeals = _open_appeals(tournament)
    starts = _session_starts(tournament) if appeals else {}
    queue.appeals = [_waiting(tournament, a, starts, now) for a in appeals if may_decide(user, a)]
    if queue.chief or queue.organizer:
        queue.nobody_decides = appeals_nobody_decides(tournament, appeals, starts, now)
    if queue.scorer:
        queue.windows = open_appeal_windows(tournament, now)
        queue.roll_calls = list(
            tournament.sessions.filter(ROLL_CALL.q(ROLL_CALL_TAKING))
            .order_by("number")
            .values_list("number", flat=True)
        )
    return queue


def undecided_appeal_count(tournament: Tournament) -> int:
    return Appeal.objects.filter(tournament=tournament, status__in=APPEAL_OPEN_STATUSES).count()


# ------------------------------------------------------------------ a table, for its referee


def sheet_next_step(
    status: str,
    *,
    hands_entered: int,
    hands_per_session: int,
    countersign_required: bool,
    reopen_asked: bool = False,
) -> tuple[str, str]:
    """A sheet's state as its referee reads it, and what comes next: (state, next action).

    The state is the sheet's lifecycle label (``scoring.lifecycle``)."""
    state = lifecycle.label(status) if status in lifecycle.TRANSITIONS else ""
    if reopen_asked and lifecycle.is_finished(status):
        return state, _("The chief referee answers the request to reopen it.")
    if status == lifecycle.COUNTERSIGNED:
        return state, _("Nothing: the sheet is countersigned.")
    if status == lifecycle.SIGNED:
        if countersign_required:
            return state, _("The chief referee countersigns.")
        return state, _("Nothing: the sheet is signed.")
    if status == lifecycle.CONFIRMING:
        return state, _("The players confirm the sheet, then you sign it.")
    if hands_entered == 0:
        return state, _("Enter hand 1.")
    if hands_entered >= hands_per_session:
        return state, _("Check the hands waiting for confirmation.")
    return state, _("Enter hand %(n)s.") % {"n": hands_entered + 1}


# ------------------------------------------------------------------ a player's own page


def player_todo(
    tournament: Tournament,
    player_code: str,
    sheets: list[dict[str, Any]],
    sessions: list[dict[str, Any]],
    appeals: list[Appeal],
    player_id: int,
    captain_tables: Sequence[dict[str, Any]] = (),
) -> list[dict[str, Any]]:
    """What the player must do, most urgent first: confirm a finished sheet, confirm the hands waiting for
    them, appeal while a window is open (a captain also for their team's tables), take an appeal the referees rejected to the chief referee. Built from
    what the page already read (``player_sheets_to_confirm``, ``player_page``): no query of its own."""
    page = reverse("player-page", args=[tournament.slug, player_code])
    confirm, hands, appeal, escalate = [], [], [], []
    for item in sheets:
        data = item["data"]
        if item["mine"]:
            continue
        anchor = f"{page}#sheet-{data.session}-{data.table}"
        if not data.missing and not data.pending:
            confirm.append({"kind": "confirm", "item": item, "url": anchor})
        for hand in data.pending:
            hands.append({"kind": "hand", "item": item, "hand": hand, "url": anchor})
    for row in sessions:
        # Once the game has ended only: while it is played, the table's referee is there to rule.
        if row["appeal_open"] and row["appeal_until"] is not None:
            appeal.append({"kind": "appeal", "row": row})
    for table in captain_tables:
        if table["appeal_open"] and table["appeal_until"] is not None:
            appeal.append({"kind": "captain_appeal", "table": table})
    for a in appeals:
        if a.filer_id == player_id and a.status == Appeal.Status.REFEREE_REJECTED:
            escalate.append({"kind": "escalate", "appeal": a, "url": f"{page}#appeal-{a.number}"})
    return confirm + hands + appeal + escalate
