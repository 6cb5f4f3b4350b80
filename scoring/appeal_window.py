"""The appeal window, defined once (MCR 3.12.2: an appeal is filed within the time the tournament sets "after the
end of the game concerned"). A table's game ends when its sheet is signed or its session closed, whichever comes
first; until then the window is open. A reopened sheet signed again ends its game again.

Filing (``scoring.services.appeals``), closing a session, the player's page, the work queues and the organizer's dashboard
all read these."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.models import ScoreSheet
    from tournament.models import Session, Tournament


def window_end(ended_at: datetime | None, minutes: int) -> datetime | None:
    """When a window of ``minutes`` opened by a game ended at ``ended_at`` closes; None while it goes on."""
    return None if ended_at is None else ended_at + timedelta(minutes=minutes)


def ended_since(now: datetime, tournament: Tournament) -> datetime:
    """A game that ended after this moment may still be appealed at ``now``."""
    return now - timedelta(minutes=tournament.appeal_minutes)


def game_ended_at(session: Session, sheet: ScoreSheet | None) -> datetime | None:
    """When the game at a table ended: its sheet signed, or its session closed, whichever came first."""
    ends = [
        at
        for at in (session.closed_at, sheet.submitted_at if sheet is not None and sheet.is_submitted else None)
        if at is not None
    ]
    return min(ends) if ends else None


def appeal_deadline(session: Session, tournament: Tournament, sheet: ScoreSheet | None = None) -> datetime | None:
    """When the appeal window for a table's game closes; None while the game goes on (the window is open).
    Without a sheet, from the session's closing alone."""
    return window_end(game_ended_at(session, sheet), tournament.appeal_minutes)
