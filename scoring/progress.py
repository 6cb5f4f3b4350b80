"""How far play has got: per session, how many score sheets are untouched, being filled in or submitted,
and the phase people see ("in play" rather than just "seating published"). Reads only; a fixed number of
queries per tournament, whatever its size."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Max, Min, Q

from scoring import lifecycle as sheet_lifecycle
from scoring.models import Hand, HandVersion, Penalty, ScoreSheet
from tournament import lifecycle as session_lifecycle
from tournament.models import Session, Table, Tournament

# The phases and their labels are the session's lifecycle (``tournament.lifecycle``); these names stay for
# the readers of this module.
PLANNED, SEATED, PUBLISHED, IN_PLAY, FINISHED, CLOSED = (
    session_lifecycle.PHASE_PLANNED,
    session_lifecycle.PHASE_SEATED,
    session_lifecycle.PHASE_PUBLISHED,
    session_lifecycle.PHASE_IN_PLAY,
    session_lifecycle.PHASE_FINISHED,
    session_lifecycle.PHASE_CLOSED,
)
PHASE_LABELS = session_lifecycle.PHASE_LABELS


@dataclass
class SessionProgress:
    session: Session
    tables: int = 0
    started: int = 0  # sheets past open (finished ones included, empty or not) or with a hand or a foul
    submitted: int = 0  # finished sheets: signed, countersigned included (``scoring.lifecycle.FINISHED``)
    countersigned: int = 0
    last_signed_at: datetime | None = None  # the latest referee's signature: the last appeal window counts from it
    first_entry_at: datetime | None = None  # when the first hand of the session was entered

    @property
    def not_started(self) -> int:
        """Open sheets with nothing on them: the three columns (not started, being entered, signed) add up to
        the tables, each sheet counted once by its lifecycle."""
        return self.tables - self.started

    @property
    def open(self) -> int:
        """Sheets not submitted yet, started or not."""
        return self.tables - self.submitted

    @property
    def in_progress(self) -> int:
        """Sheets started and not finished yet."""
        return self.started - self.submitted

    @property
    def phase(self) -> str:
        return session_lifecycle.phase(
            self.session.status, tables=self.tables, started=self.started, finished=self.submitted
        )

    @property
    def phase_label(self) -> str:
        return session_lifecycle.phase_label(self.phase)

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
        ScoreSheet.objects.filter(status__in=sheet_lifecycle.FINISHED, **in_tournament)
        .values("table__session_id")
        .annotate(
            n=Count("id"),
            countersigned=Count("id", filter=Q(status=sheet_lifecycle.COUNTERSIGNED)),
            last=Max("submitted_at"),
        )
    ):
        progress = by_pk[sheet_row["table__session_id"]]
        progress.submitted, progress.countersigned = sheet_row["n"], sheet_row["countersigned"]
        progress.last_signed_at = sheet_row["last"]
    # Started: the sheet's lifecycle has moved on from open (awaiting confirmation, signed, countersigned),
    # whatever is on it (a sheet signed with every hand not played, or imported bare, is finished), or a hand
    # or a foul is on it.
    started = set(
        ScoreSheet.objects.filter(**in_tournament)
        .exclude(status=sheet_lifecycle.OPEN)
        .values_list("table__session_id", "id")
    )
    started |= set(
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
    published = [p for p in sessions if p.session.is_public and not p.session.is_closed and p.tables]
    return next((p for p in published if p.open), published[-1] if published else None)


def session_phase(session: Session) -> SessionProgress:
    """One session's progress (for its own page)."""
    return next(p for p in session_progress(session.tournament) if p.session.pk == session.pk)


def with_phases(tournament: Tournament, sessions: list[Session]) -> list[Session]:
    """Give each of the tournament's ``sessions`` its ``phase`` and ``phase_label``, for lists of sessions that
    show their state: one label everywhere (``tournament.lifecycle``)."""
    phases = {p.session.pk: p.phase for p in session_progress(tournament)}
    for session in sessions:
        session.phase = phases.get(session.pk, PLANNED)  # type: ignore[attr-defined]
        session.phase_label = session_lifecycle.phase_label(session.phase)  # type: ignore[attr-defined]
    return sessions
