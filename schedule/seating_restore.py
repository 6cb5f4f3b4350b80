"""Putting a kept seating back (``schedule.seating_versions``): while the session is unpublished and has no
scores, as every way of seating requires (``schedule.services.check_seating_may_change``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from schedule.seating_versions import current_tables
from schedule.services import check_seating_may_change, lock_sheets, session_seat
from tournament.audit import audit
from tournament.models import SeatingVersion, Session
from tournament.services import check_organizer, lock_tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def seating_restore_check(session: Session, version: SeatingVersion) -> list:
    """Why the version cannot be put back (a ValidationError), changing nothing; else the players it seats,
    table by table. The same rule as every seating: not once the seating is published or has scores."""
    if version.session_id != session.pk:
        raise ValidationError(_("That seating belongs to another session."), code="session")
    check_seating_may_change([session])
    players = {p.number: p for p in session.tournament.players.all()}
    missing = sorted({n for t in version.tables for n in t if n not in players})
    if missing:
        raise ValidationError(
            _("Players %(p)s of that seating are no longer in the tournament; it cannot be put back.")
            % {"p": ", ".join(map(str, missing))},
            code="missing",
        )
    return [[players[n] for n in table] for table in version.tables]


def session_seating_restore(*, session: Session, version: SeatingVersion, by: User | None) -> Session:
    """Put a kept seating back: the seating it replaces is kept in turn, so this too can be undone. Pressed
    twice, the second finds the session already seated that way and changes nothing."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        lock_sheets(session)
        version = SeatingVersion.objects.get(pk=version.pk)
        tables = seating_restore_check(session, version)
        if current_tables(session) == version.tables:
            return session
        before = current_tables(session)
        session = session_seat(
            session=session,
            tables=tables,
            by=by,
            method=version.seating_method,
            seed=version.seed,
            replaced_with="restore",
        )
        audit(
            tournament=tournament,
            actor=by,
            action="session.seating_restore",
            obj=session,
            session=session.number,
            version=version.pk,
            replaced_at=version.replaced_at.isoformat(),
            before=before,
            tables=version.tables,
        )
        return session
