"""Reading the session clock (``Session.starts_at`` / ``ends_at``) for pages and the API. Its changes are
services in ``schedule.clock``; the cut-off for hands is in ``scoring.services.hand_record``."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from tournament.models import Session, Table


def clock_data(session: Session | None, now: datetime | None = None, table: Table | None = None) -> dict | None:
    """The clock as a page or the API shows it: start and end as ISO 8601, its length in minutes, its state
    now, and the server's time (a browser counts from the server's clock, not its own). With `table`, that
    table's own end (``Table.ends_at``: the session's plus its extra minutes) and its extra time."""
    if session is None or session.starts_at is None or session.ends_at is None:
        return None
    now = now or timezone.now()
    ends_at = table.ends_at if table is not None else session.ends_at
    data = {
        "starts_at": session.starts_at.isoformat(),
        "ends_at": ends_at.isoformat(),
        "minutes": round((ends_at - session.starts_at).total_seconds() / 60),
        "state": table.clock_state(now) if table is not None else session.clock_state(now),
        "server_now": now.isoformat(),
    }
    if table is not None:
        data.update(extra_minutes=table.extra_minutes, extra_reason=table.extra_reason)
    return data


def clock_context(session: Session | None, now: datetime | None = None, table: Table | None = None) -> dict | None:
    """``clock_data`` plus the start and end as datetimes, for templates (``_session_clock.html``)."""
    data = clock_data(session, now, table)
    if data is not None and session is not None and session.starts_at and session.ends_at:
        ends_at = table.ends_at if table is not None else session.ends_at
        data.update(starts_at_local=timezone.localtime(session.starts_at), ends_at_local=timezone.localtime(ends_at))
        if table is not None and table.extra_minutes:
            data["session_ends_at_local"] = timezone.localtime(session.ends_at)
    return data


def next_session_start(tournament, now: datetime | None = None) -> Session | None:
    """The next session to begin (not closed, its start -- the clock's, else the timetable's -- still ahead),
    for "Session 3 starts at 14:00" on the players' pages, the hall and the API. None when none is timed."""
    now = now or timezone.now()
    for session in tournament.sessions.open().order_by("number"):
        start = session.start_time
        if start is not None and start > now:
            return session
    return None


def day_label(day) -> str:
    """A session's day as lists and files head it ("Saturday 2 May"), in the page's language."""
    from django.utils.formats import date_format

    return date_format(day, "l j F") if day else ""


def start_data(session: Session | None) -> dict | None:
    """A session's start for the API and the hall's script: number, ISO time, local date."""
    if session is None or session.start_time is None:
        return None
    return {
        "number": session.number,
        "starts_at": session.start_time.isoformat(),
        "time": timezone.localtime(session.start_time).strftime("%H:%M"),  # the venue's local time
        "day": session.day.isoformat() if session.day else None,
    }


def is_multi_day(sessions) -> bool:
    """Whether the sessions fall on more than one day: only then are they grouped by day."""
    return len({s.day for s in sessions if s.day is not None}) > 1
