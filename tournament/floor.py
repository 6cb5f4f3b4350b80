"""Announcements and calls for a referee (issue 31): the services that post and withdraw an announcement and
make, take and close a call, and the reads every page shares (the announcements shown now, the live calls).

Each write validates, runs in one transaction, locks what it reads then writes and writes the audit entry in
the same transaction (docs/architecture.md). A double tap is answered with what the first tap made: an
announcement by its form's one-time key, a call by the table's one live call (a database constraint).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user, is_user, username
from tournament.audit import audit
from tournament.floor_models import ANNOUNCEMENT_MAX, Announcement, RefereeCall
from tournament.lifecycle import CALL_LIVE, REFEREE_CALL
from tournament.models import Player, Session, Table, Tournament
from tournament.permissions import can_score, is_chief_referee, is_organizer

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def may_announce(user: Any, tournament: Tournament) -> bool:
    """The organizers and the chief referee post announcements."""
    return is_organizer(user, tournament) or is_chief_referee(user, tournament)


# ---------------------------------------------------------------- announcements


def announcements_shown(tournament: Tournament | int, now: datetime | None = None) -> QuerySet[Announcement]:
    """The announcements shown now, in the order posted: not withdrawn, not past their time, and not for a
    session that is closed. ``tournament`` may be its pk (``scoring.live`` prepares this query)."""
    now = now or timezone.now()
    return (
        Announcement.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .filter(Q(until__isnull=True) | Q(until__gt=now))
        .exclude(session__in=Session.objects.filter(tournament=tournament).closed())
        .select_related("session")
        .order_by("posted_at", "id")
    )


def announcement_post(
    *,
    tournament: Tournament,
    text: str,
    session: Session | None = None,
    until: datetime | None = None,
    key: uuid.UUID | None = None,
    by: User | None,
) -> Announcement:
    """Post an announcement. With the form's ``key``, a second post of the same form returns the first."""
    if not may_announce(by, tournament):
        raise PermissionDenied(_("Only an organizer or the chief referee can post announcements."))
    text = " ".join((text or "").split())
    if not text:
        raise ValidationError(_("Write the message to announce."), code="empty")
    if len(text) > ANNOUNCEMENT_MAX:
        raise ValidationError(
            _("An announcement has at most %(n)s characters; this one has %(m)s.")
            % {"n": ANNOUNCEMENT_MAX, "m": len(text)},
            code="too_long",
        )
    if session is not None and session.tournament_id != tournament.pk:
        raise ValidationError(_("That session is not in this tournament."), code="session")
    if session is not None and session.is_closed:
        raise ValidationError(
            _("Session %(n)s is closed: an announcement for it would never be shown.") % {"n": session.number},
            code="closed",
        )
    now = timezone.now()
    if until is not None and until <= now:
        raise ValidationError(_("“Shown until” is already past: choose a later time."), code="past")
    if key is not None:
        earlier = Announcement.objects.filter(tournament=tournament, key=key).first()
        if earlier is not None:
            return earlier
    try:
        with transaction.atomic():
            announcement = Announcement.objects.create(
                tournament=tournament,
                text=text,
                session=session,
                until=until,
                posted_at=now,
                posted_by=acting_user(by),
                key=key,
            )
            audit(
                tournament=tournament,
                actor=by,
                action="announcement.post",
                obj=announcement,
                text=text,
                session=session.number if session else None,
                until=until.isoformat() if until else None,
            )
    except IntegrityError:
        # The same form posted twice at once: the other post won; answer with it.
        return Announcement.objects.get(tournament=tournament, key=key)
    return announcement


def announcement_withdraw(*, announcement: Announcement, by: User | None) -> Announcement:
    """Stop showing an announcement (kept, and in the audit log). Withdrawing it twice changes nothing."""
    tournament = announcement.tournament
    if not may_announce(by, tournament):
        raise PermissionDenied(_("Only an organizer or the chief referee can withdraw announcements."))
    with transaction.atomic():
        announcement = Announcement.objects.select_for_update().get(pk=announcement.pk)
        if not announcement.active:
            return announcement
        announcement.withdrawn_at = timezone.now()
        announcement.withdrawn_by = acting_user(by)
        announcement.save(update_fields=["withdrawn_at", "withdrawn_by"])
        audit(tournament=tournament, actor=by, action="announcement.withdraw", obj=announcement, text=announcement.text)
    return announcement


# ---------------------------------------------------------------- calls for a referee


def calls_live(tournament: Tournament) -> QuerySet[RefereeCall]:
    """The calls waiting for a referee or being answered, the longest waiting first."""
    return (
        RefereeCall.objects.filter(REFEREE_CALL.q(CALL_LIVE), table__session__tournament=tournament)
        .select_related("table__session", "called_by_player")
        .order_by("called_at", "id")
    )


def calls_of_table(table: Table | int) -> QuerySet[RefereeCall]:
    """The table's calls, the latest first: the first is the one it shows (``call_of_table``). ``table`` may be
    its pk (``scoring.live`` prepares this query)."""
    return RefereeCall.objects.filter(table=table).select_related("table").order_by("-called_at", "-id")


def call_of_table(table: Table | int) -> RefereeCall | None:
    """The table's live call, else its latest one (so the table sees that its call was closed)."""
    return calls_of_table(table).first()


def referee_call_make(*, table: Table, player: Player | None = None, by: User | None = None) -> RefereeCall:
    """A table asks for a referee: a player of the table (by their code) or a referee at the table's page. A
    table that already has a live call gets that call back: it cannot flood the queue."""
    session = table.session
    tournament = session.tournament
    if player is not None:
        if not table.seats.filter(player=player).exists():
            raise PermissionDenied(_("You are not seated at this table."))
    elif not can_score(by, tournament):
        raise PermissionDenied(_("Only a player of this table or a referee can call a referee."))
    if not session.is_public or session.is_closed:
        raise ValidationError(_("Session %(n)s is not being played: no referee to call.") % {"n": session.number})
    live = RefereeCall.objects.filter(REFEREE_CALL.q(CALL_LIVE), table=table).first()
    if live is not None:
        return live
    try:
        with transaction.atomic():
            call = RefereeCall.objects.create(table=table, called_by_player=player, called_by=acting_user(by))
            audit(
                tournament=tournament,
                actor=by,
                action="call.make",
                obj=call,
                session=session.number,
                table=table.number,
                player=player.number if player else None,
            )
    except IntegrityError:
        # Two taps (or two players of the table) at the same moment: one call, the other's.
        return RefereeCall.objects.get(REFEREE_CALL.q(CALL_LIVE), table=table)
    return call


def _locked_call(call: RefereeCall) -> RefereeCall:
    return RefereeCall.objects.select_for_update(of=("self",)).select_related("table__session").get(pk=call.pk)


def referee_call_take(*, call: RefereeCall, by: User | None) -> RefereeCall:
    """A referee takes the call: one referee; a second is told who took it."""
    tournament = call.table.session.tournament
    if not can_score(by, tournament):
        raise PermissionDenied(_("Only a referee of this tournament can take a call."))
    with transaction.atomic():
        call = _locked_call(call)
        REFEREE_CALL.check(call, "take")  # taken already: says by whom
        call.taken_at = timezone.now()
        call.taken_by = acting_user(by)
        call.taken_by_name = (by.get_full_name() if is_user(by) else "") or username(by)
        REFEREE_CALL.move(call, "take", fields=["taken_at", "taken_by", "taken_by_name"])
        audit(
            tournament=tournament,
            actor=by,
            action="call.take",
            obj=call,
            session=call.table.session.number,
            table=call.table.number,
        )
    return call


def referee_call_close(*, call: RefereeCall, by: User | None, player: Player | None = None) -> RefereeCall:
    """The call is dealt with: closed by a referee, or by a player of the table who no longer needs one."""
    tournament = call.table.session.tournament
    if player is not None:
        if not call.table.seats.filter(player=player).exists():
            raise PermissionDenied(_("You are not seated at this table."))
    elif not can_score(by, tournament):
        raise PermissionDenied(_("Only a referee of this tournament can close a call."))
    with transaction.atomic():
        call = _locked_call(call)
        call.closed_at = timezone.now()
        call.closed_by = acting_user(by)
        REFEREE_CALL.move(call, "close", fields=["closed_at", "closed_by"])
        audit(
            tournament=tournament,
            actor=by,
            action="call.close",
            obj=call,
            session=call.table.session.number,
            table=call.table.number,
            player=player.number if player else None,
        )
    return call
