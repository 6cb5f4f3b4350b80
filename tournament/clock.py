"""Reading the session clock (``Session.starts_at`` / ``ends_at``) for pages and the API. Its changes are
services in ``schedule.clock``; the cut-off for hands is in ``scoring.services.hand_record``."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from tournament.models import Session


def clock_data(session: Session | None, now: datetime | None = None) -> dict | None:
    """The clock as a page or the API shows it: start and end as ISO 8601, its length in minutes, its state
    now, and the server's time (a browser counts from the server's clock, not its own)."""
    if session is None or session.starts_at is None or session.ends_at is None:
        return None
    now = now or timezone.now()
    return {
        "starts_at": session.starts_at.isoformat(),
        "ends_at": session.ends_at.isoformat(),
        "minutes": round((session.ends_at - session.starts_at).total_seconds() / 60),
        "state": session.clock_state(now),
        "server_now": now.isoformat(),
    }


def clock_context(session: Session | None, now: datetime | None = None) -> dict | None:
    """``clock_data`` plus the start and end as datetimes, for templates (``_session_clock.html``)."""
    data = clock_data(session, now)
    if data is not None and session is not None and session.starts_at and session.ends_at:
        data.update(
            starts_at_local=timezone.localtime(session.starts_at), ends_at_local=timezone.localtime(session.ends_at)
        )
    return data
