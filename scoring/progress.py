"""How far play has got: per session, how many score sheets are untouched, being filled in or submitted,
and the phase people see ("in play" rather than just "seating published"). Reads only; a fixed number of
queries per tournament, whatever its size."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Min
from django.utils.translation import gettext_lazy as _

from scoring.models import SIGNED_STATUSES, Hand, HandVersion, Penalty, ScoreSheet
from tournament.models import Session, Table, Tournament

# Phases as people see them. The stored status says what the organizer did (seated, published, closed);
# the phase adds what the referees are doing, so a session whose hands are coming in reads "in play".
PLANNED, SEATED, PUBLISHED, IN_PLAY, FINISHED, CLOSED = (
    "planned",
    "seated",
    "published",
    "in_play",
    "finished",
    "closed",
)
PHASE_LABELS = {
    PLANNED: _("Not seated yet"),
    SEATED: _("Seated, not published"),
    PUBLISHED: _("Seating published"),
    IN_PLAY: _("In play"),
    FINISHED: _("All sheets submitted"),
    CLOSED: _("Closed"),
}


@dataclass
class SessionProgress:
    session: Session
    tables: int = 0
    started: int = 0  # sheets with at least one hand or penalty (submitted ones included)
    submitted: int = 0
    first_entry_at: datetime | None = None  # when the first hand of the session was entered

    @property
    def not_started(self) -> int:
        return self.tables - self.started

    @property
    def open(self) -> int:
        """Sheets not submitted yet, started or not."""
        return self.tables - self.submitted

    @property
    def in_progress(self) -> int:
        return self.started - self.submitted

    @property
    def phase(self) -> str:
        status = self.session.status
        if status == Session.Status.CLOSED:
            return CLOSED
        if status == Session.Status.PLANNED or not self.tables:
            return PLANNED
        if status == Session.Status.SEATED:
            return SEATED
        if self.submitted == self.tables:
            return FINISHED
        if self.started:
            return IN_PLAY
        return PUBLISHED

    @property
    def phase_label(self) -> str:
        return str(PHASE_LABELS[self.phase])

    def overdue(self, minutes: int, now: datetime) -> bool:
        """Sheets still open well after the session's time limit, counted from its first hand."""
        return (
            self.phase == IN_PLAY
            and self.first_entry_at is not None
            and now - self.first_entry_at > timedelta(minutes=minutes)
        )


def session_progress(tournament: Tournament) -> list[SessionProgress]:
    """Every session of the tournament in order, with its sheets counted."""
    sessions = list(tournament.sessions.order_by("number"))
    by_pk = {s.pk: SessionProgress(session=s) for s in sessions}
    in_tournament = {"table__session__tournament": tournament}
    for table_row in Table.objects.filter(session__tournament=tournament).values("session_id").annotate(n=Count("id")):
        by_pk[table_row["session_id"]].tables = table_row["n"]
    for sheet_row in (
        # Signed, countersigned or not: a countersigned sheet is no less submitted.
        ScoreSheet.objects.filter(status__in=SIGNED_STATUSES, **in_tournament)
        .values("table__session_id")
        .annotate(n=Count("id"))
    ):
        by_pk[sheet_row["table__session_id"]].submitted = sheet_row["n"]
    started = set(
        Hand.objects.filter(current__isnull=False, sheet__table__session__tournament=tournament)
        .values_list("sheet__table__session_id", "sheet_id")
        .distinct()
    )
    started |= set(
        Penalty.objects.filter(withdrawn_at__isnull=True, sheet__table__session__tournament=tournament)
        .values_list("sheet__table__session_id", "sheet_id")
        .distinct()
    )
    for session_id, _sheet in started:
        by_pk[session_id].started += 1
    for first_row in (
        HandVersion.objects.filter(hand__sheet__table__session__tournament=tournament)
        .values("hand__sheet__table__session_id")
        .annotate(first=Min("created_at"))
    ):
        by_pk[first_row["hand__sheet__table__session_id"]].first_entry_at = first_row["first"]
    return [by_pk[s.pk] for s in sessions]


def current_session(sessions: list[SessionProgress]) -> SessionProgress | None:
    """The session people are playing or about to play: the first published one with a sheet still open,
    else the last published one not yet closed."""
    published = [p for p in sessions if p.session.status == Session.Status.PUBLISHED and p.tables]
    return next((p for p in published if p.open), published[-1] if published else None)


def session_phase(session: Session) -> SessionProgress:
    """One session's progress (for its own page)."""
    return next(p for p in session_progress(session.tournament) if p.session.pk == session.pk)
