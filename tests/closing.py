"""Closing a session in tests that are about something else: a session closes only once every appeal window
has ended (``schedule.services.session_close``), so these let the windows end first, as if the sheets had
been signed long enough ago."""

from datetime import timedelta

from django.db.models import F

from schedule import services as sched
from scoring.models import ScoreSheet


def end_appeal_windows(session):
    minutes = session.tournament.appeal_minutes + 1
    ScoreSheet.objects.filter(table__session=session, submitted_at__isnull=False).update(
        submitted_at=F("submitted_at") - timedelta(minutes=minutes)
    )


def close_session(*, session, by, **kwargs):
    """Publish it if it is only seated (a session is published before it closes), end the windows, close."""
    session.refresh_from_db()
    if session.status == "seated" and by is not None:
        sched.session_publish(session=session, by=by)
    end_appeal_windows(session)
    return sched.session_close(session=session, by=by, **kwargs)
