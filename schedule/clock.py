"""The session clock (MCR 3.5.6): an organizer starts it, schedules its start, or moves its end. Every change
locks the session, validates, writes and logs in one transaction.

The time is always the server's (``timezone.now``, or ``now=`` in tests): a browser only displays it. The
cut-off itself (no new hand after the bell unless it ended before it) is enforced where hands are
recorded, ``scoring.services.hand_record``, from ``Session.ends_at``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.audit import audit
from tournament.models import EXTRA_MINUTES_MAX, MINUTES_MAX, Session, Table, Tournament
from tournament.permissions import is_chief_referee, is_organizer
from tournament.services import check_organizer

if TYPE_CHECKING:
    from django.contrib.auth.models import User


# A start further ahead is a typing mistake (a wrong year), and far-off dates would overflow.
SCHEDULE_AHEAD_MAX = timedelta(days=30)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _lock_session(session: Session, by: User | None) -> Session:
    check_organizer(by, session.tournament)
    session = Session.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=session.pk)
    if session.is_closed:
        raise ValidationError(
            _("Session %(n)s is closed; its clock no longer changes.") % {"n": session.number}, code="closed"
        )
    if not session.is_seated:
        raise ValidationError(
            _("Session %(n)s is not seated yet; seat it before starting its clock.") % {"n": session.number},
            code="not_seated",
        )
    return session


def _minutes(minutes: int | None, session: Session) -> int:
    if minutes is None:
        return session.tournament.session_minutes
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MINUTES_MAX:
        raise ValidationError(
            {"minutes": _("A session lasts 1 to %(max)s minutes.") % {"max": MINUTES_MAX}}, code="minutes"
        )
    return minutes


def _clock_set(session: Session, *, starts_at: datetime, minutes: int, action: str, by: User | None) -> Session:
    """Start (or schedule) the clock of a locked session, keeping the times it replaces in the audit entry."""
    before = {"starts_at": _iso(session.starts_at), "ends_at": _iso(session.ends_at)}
    if (session.starts_at, session.ends_at) == (starts_at, starts_at + timedelta(minutes=minutes)):
        return session  # the same schedule again (a double tap, two organizers): nothing changes
    session.starts_at, session.ends_at = starts_at, starts_at + timedelta(minutes=minutes)
    session.full_clean()
    session.save(update_fields=["starts_at", "ends_at"])
    audit(
        tournament=session.tournament,
        actor=by,
        action=action,
        obj=session,
        session=session.number,
        minutes=minutes,
        starts_at=_iso(session.starts_at),
        ends_at=_iso(session.ends_at),
        **({"replaced": before} if before["starts_at"] else {}),
    )
    return session


def session_clock_start(
    *, session: Session, by: User | None, minutes: int | None = None, now: datetime | None = None
) -> Session:
    """Start the session's clock now; it rings after ``minutes`` (the tournament's session time limit unless
    given). A scheduled start not reached yet is replaced by this one."""
    with transaction.atomic():
        session = _lock_session(session, by)
        # The time read under the lock: a second Start that waited for the first finds its clock running.
        now = now or timezone.now()
        length = _minutes(minutes, session)
        if session.starts_at is not None and session.starts_at <= now:
            raise ValidationError(
                _("The clock of session %(n)s already started at %(time)s; move its end instead.")
                % {"n": session.number, "time": timezone.localtime(session.starts_at).strftime("%H:%M")},
                code="started",
            )
        return _clock_set(session, starts_at=now, minutes=length, action="session.clock_start", by=by)


def session_clock_schedule(
    *, session: Session, starts_at: datetime, by: User | None, minutes: int | None = None, now: datetime | None = None
) -> Session:
    """Schedule the clock to start at ``starts_at`` (in the future); tables and the hall count down from then."""
    now = now or timezone.now()
    with transaction.atomic():
        session = _lock_session(session, by)
        length = _minutes(minutes, session)
        if starts_at is None:
            raise ValidationError({"starts_at": _("Give the time the session starts.")}, code="starts_at")
        if timezone.is_naive(starts_at):
            starts_at = timezone.make_aware(starts_at)
        if starts_at <= now:
            raise ValidationError(
                {"starts_at": _("A scheduled start is in the future; to start now, press Start.")}, code="past"
            )
        if starts_at > now + SCHEDULE_AHEAD_MAX:
            raise ValidationError(
                {"starts_at": _("Schedule a start at most %(days)s days ahead.") % {"days": SCHEDULE_AHEAD_MAX.days}},
                code="far",
            )
        if session.starts_at is not None and session.starts_at <= now:
            raise ValidationError(
                _("The clock of session %(n)s is already running; move its end instead.") % {"n": session.number},
                code="started",
            )
        return _clock_set(session, starts_at=starts_at, minutes=length, action="session.clock_schedule", by=by)


def session_clock_adjust(
    *,
    session: Session,
    minutes: int,
    by: User | None,
    reason: str = "",
    now: datetime | None = None,
    seen: int | None = None,
) -> Session:
    """Move the bell by ``minutes`` (more time after an interruption, or less), saying why. Moving it never
    changes hands already entered; it only changes which new hands the sheets still accept.

    ``seen``: the end the organizer moved from (Unix seconds); when it moved meanwhile (a double tap, a second
    organizer) the move is refused, since minutes added twice are not what either meant."""
    with transaction.atomic():
        session = _lock_session(session, by)
        if session.starts_at is None or session.ends_at is None:
            raise ValidationError(
                _("The clock of session %(n)s has not been started or scheduled.") % {"n": session.number},
                code="no_clock",
            )
        if seen is not None and seen != int(session.ends_at.timestamp()):
            raise ValidationError(
                _(
                    "The end of session %(n)s moved a moment ago, to %(time)s: check it, then move it again if "
                    "it still needs it."
                )
                % {"n": session.number, "time": timezone.localtime(session.ends_at).strftime("%H:%M")},
                code="moved",
            )
        if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes == 0 or abs(minutes) > MINUTES_MAX:
            raise ValidationError(
                {
                    "minutes": _("Give the minutes to add (or, negative, to take away), not zero and at most %(max)s.")
                    % {"max": MINUTES_MAX}
                },
                code="minutes",
            )
        ends_at = session.ends_at + timedelta(minutes=minutes)
        if ends_at <= session.starts_at:
            raise ValidationError({"minutes": _("The session would end before it starts.")}, code="before_start")
        reason = (reason or "").strip()
        if len(reason) > 200:
            raise ValidationError({"reason": _("Say why in at most 200 characters.")}, code="reason")
        old = session.ends_at
        session.ends_at = ends_at
        session.full_clean()
        session.save(update_fields=["ends_at"])
        audit(
            tournament=session.tournament,
            actor=by,
            action="session.clock_adjust",
            obj=session,
            session=session.number,
            minutes=minutes,
            reason=reason,
            changes={"ends_at": [_iso(old), _iso(ends_at)]},
        )
        return session


def session_clock_load(*, session: Session, starts_at: datetime, ends_at: datetime, by: User | None) -> Session:
    """Record a session's clock as a tournament file gives it (any times, past ones included): the file is
    the record. For imports; the organizer's pages use the services above."""
    with transaction.atomic():
        check_organizer(by, session.tournament)
        session = Session.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=session.pk)
        if ends_at <= starts_at:
            raise ValidationError({"ends_at": _("The session would end before it starts.")}, code="before_start")
        session.starts_at, session.ends_at = starts_at, ends_at
        session.full_clean()
        session.save(update_fields=["starts_at", "ends_at"])
        audit(
            tournament=session.tournament,
            actor=by,
            action="session.clock_schedule",
            obj=session,
            session=session.number,
            minutes=round((ends_at - starts_at).total_seconds() / 60),
            starts_at=_iso(starts_at),
            ends_at=_iso(ends_at),
            loaded=True,
        )
        return session


# --- one table's extra time --------------------------------------------------------------------------------


def table_time_extend(
    *, table: Table, minutes: int, reason: str, by: User | None, now: datetime | None = None
) -> Table:
    """Give one table ``minutes`` after the session's bell (0 takes its extra time back), saying why: a table
    that started late or was held up. The chief referee or an organizer. The minutes are the table's whole
    extension, not added to what it had, so a second tap changes nothing. Its table page, the hall display,
    the cut-off for new hands and "Time is up" follow the table's own end (``Table.ends_at``)."""
    with transaction.atomic():
        session = Session.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=table.session_id)
        tournament = session.tournament
        if by is None or not (is_organizer(by, tournament) or is_chief_referee(by, tournament)):
            raise PermissionDenied(_("Only the chief referee or an organizer gives a table extra time."))
        table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
        table.session = session
        if session.is_closed:
            raise ValidationError(
                _("Session %(n)s is closed; its clock no longer changes.") % {"n": session.number}, code="closed"
            )
        if session.ends_at is None:
            raise ValidationError(
                _("Start or schedule the clock of session %(n)s first.") % {"n": session.number}, code="no_clock"
            )
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not 0 <= minutes <= EXTRA_MINUTES_MAX:
            raise ValidationError(
                {"minutes": _("Give 0 to %(max)s minutes (0 takes the extra time back).") % {"max": EXTRA_MINUTES_MAX}},
                code="minutes",
            )
        reason = (reason or "").strip()
        if not reason or len(reason) > 200:
            raise ValidationError({"reason": _("Say why, in at most 200 characters.")}, code="reason")
        sheet = getattr(table, "sheet", None)
        if sheet is not None and sheet.is_submitted:
            raise ValidationError(
                _("Table %(t)s's sheet is signed: it needs no more time.") % {"t": table.number}, code="signed"
            )
        if minutes == table.extra_minutes:
            return table
        before = table.extra_minutes
        table.extra_minutes, table.extra_reason = minutes, reason
        table.full_clean(exclude=["session"])
        table.save(update_fields=["extra_minutes", "extra_reason"])
        audit(
            tournament=tournament,
            actor=by,
            action="table.time_extend",
            obj=table,
            session=session.number,
            table=table.number,
            minutes=minutes,
            reason=reason,
            ends_at=_iso(table.ends_at),
            changes={"extra_minutes": [before, minutes]},
        )
        return table


def table_time_load(*, table: Table, minutes: int, reason: str, by: User | None) -> Table:
    """Record a table's extra time as a tournament file gives it (the file is the record: no permission but an
    organizer's, any reason). For imports; the pages use ``table_time_extend``."""
    with transaction.atomic():
        session = Session.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=table.session_id)
        check_organizer(by, session.tournament)
        if session.ends_at is None:
            raise ValidationError(_("A table's extra time needs the session clock."), code="no_clock")
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not 0 <= minutes <= EXTRA_MINUTES_MAX:
            raise ValidationError(
                {"minutes": _("Give 0 to %(max)s minutes (0 takes the extra time back).") % {"max": EXTRA_MINUTES_MAX}},
                code="minutes",
            )
        table = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
        table.session = session
        table.extra_minutes, table.extra_reason = minutes, (reason or "").strip()[:200]
        table.full_clean(exclude=["session"])
        table.save(update_fields=["extra_minutes", "extra_reason"])
        audit(
            tournament=session.tournament,
            actor=by,
            action="table.time_extend",
            obj=table,
            session=session.number,
            table=table.number,
            minutes=minutes,
            reason=table.extra_reason,
            ends_at=_iso(table.ends_at),
            loaded=True,
        )
        return table


# --- the timetable ------------------------------------------------------------------------------------------


def sessions_timetable_set(
    *, tournament: Tournament, starts: dict[int, datetime | None], by: User | None, closed_too: bool = False
) -> list[int]:
    """The planned start of each session by number (None clears it): what players are told ("Session 3 starts
    at 14:00") and, by its date, the day it belongs to in a multi-day event. A closed session keeps its time.
    Returns the numbers changed; one audit entry for them all."""
    from tournament.services import lock_tournament

    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        sessions = {s.number: s for s in Session.objects.select_for_update().filter(tournament=tournament)}
        changed: dict[int, list[str | None]] = {}
        for number, start in sorted(starts.items()):
            session = sessions.get(number)
            if session is None or session.planned_start == start:
                continue
            if session.is_closed and not closed_too:  # a tournament file loads the record as it stands
                raise ValidationError(
                    _("Session %(n)s is closed; its time no longer changes.") % {"n": number}, code="closed"
                )
            if (
                start is not None
                and not closed_too
                and tournament.start_date
                and timezone.localdate(start) < tournament.start_date
            ):
                raise ValidationError(
                    _("Session %(n)s would start before the tournament's first day.") % {"n": number},
                    code="before_start",
                )
            changed[number] = [_iso(session.planned_start), _iso(start)]
            session.planned_start = start
            session.save(update_fields=["planned_start"])
        if changed:
            audit(tournament=tournament, actor=by, action="session.timetable", changes=changed)
        return sorted(changed)
