"""E-mail to the players who asked for it (issue 31; docs/running-the-day.md "E-mail", docs/deploy.md "E-mail").

A player gives an address and agrees on their private page (``mail_subscribe``); every mail has one link that
stops them all (``mail_stop``). The services that change something a player should hear of -- publishing a
session (``schedule.services``), a sheet complete and waiting for confirmation (``scoring.services.sheet``) --
call ``queue_seats`` or ``queue_sheet_to_confirm`` inside their transaction: a row of ``OutboxMail`` each, so
publishing never waits for a mail server and a rolled-back change queues nothing. A service that moves seats of a
published session (a substitute in, a player back, two seats swapped on the sheet) takes ``seats_before`` once
its sessions are locked and calls ``queue_seat_changes`` after its audit entry: each player whose table or wind
changed hears what it is now and what it was. ``outbox_send`` (the
``send_mail_outbox`` command, a service of its own beside the app servers) sends them: each row is locked while
it is sent (PostgreSQL ``SKIP LOCKED``: two workers never take the same row) and marked sent in that
transaction; a failure is tried again later (1, 2, 4... minutes, ``MAIL_ATTEMPTS`` in all). Each news is queued
once (``key``), each row sent once; the one gap, a crash between the server's acceptance and the commit, sends
that mail again with the same Message-ID, which mail systems recognise.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.audit import audit
from tournament.floor_models import MailAddress, OutboxMail
from tournament.models import Seat, Session

if TYPE_CHECKING:
    from tournament.models import AuditLog, Player, Table, Tournament


def mail_offered() -> bool:
    return bool(settings.MAIL_OFFERED)


def mail_subscribe(*, player: Player, address: str, agreed: bool) -> MailAddress:
    """The player's own choice, on their private page: their address, and that they agree to the mails."""
    address = (address or "").strip()
    if not agreed:
        raise ValidationError(_("Tick the box to agree to the e-mails, or leave the address empty."), code="agree")
    try:
        validate_email(address)
    except ValidationError:
        raise ValidationError(_("“%(a)s” is not an e-mail address.") % {"a": address[:100]}, code="address") from None
    with transaction.atomic():
        # The player's row, locked: with no address yet there is no row of theirs to lock, and two taps at
        # once would both write one (and log it twice).
        type(player).objects.select_for_update(of=("self",)).filter(pk=player.pk).first()
        current = MailAddress.objects.select_for_update().filter(player=player).first()
        if current is not None and current.active and current.address == address:
            return current  # a second tap
        token = secrets.token_urlsafe(32)
        current, _created = MailAddress.objects.update_or_create(
            player=player,
            defaults={"address": address, "agreed_at": timezone.now(), "token": token, "stopped_at": None},
        )
        # The address is the player's own data: the log says that they agreed, not where they are reached.
        audit(tournament=player.tournament, actor=None, action="mail.subscribe", obj=current, player=player.number)
    return current


def mail_stop(*, token: str) -> MailAddress | None:
    """The link in every mail: no more mails to that address (a second use changes nothing)."""
    with transaction.atomic():
        current = (
            MailAddress.objects.select_for_update().select_related("player__tournament").filter(token=token).first()
        )
        if current is None or not current.active:
            return current
        current.stopped_at = timezone.now()
        current.save(update_fields=["stopped_at"])
        OutboxMail.objects.filter(to=current.address, sent_at__isnull=True, failed_at__isnull=True).delete()
        audit(
            tournament=current.player.tournament,
            actor=None,
            action="mail.stop",
            obj=current,
            player=current.player.number,
        )
    return current


def _stop_url(address: MailAddress) -> str:
    return settings.SITE_URL + reverse("mail-stop", args=[address.player.tournament.slug, address.token])


def _page_url(player: Player) -> str:
    return settings.SITE_URL + reverse("player-page", args=[player.tournament.slug, player.code])


def _queue(tournament: Tournament, address: MailAddress, key: str, subject: str, lines: list[str]) -> None:
    # A player without a code has no private page to link (a substitute made after the codes were printed).
    page = [_("Your page: %(url)s") % {"url": _page_url(address.player)}] if address.player.code else []
    body = "\n\n".join([*lines, *page, _("No more e-mails: %(url)s") % {"url": _stop_url(address)}])
    OutboxMail.objects.get_or_create(
        key=key, defaults={"tournament": tournament, "to": address.address, "subject": subject[:200], "body": body}
    )


def _subscribed(players) -> dict[int, MailAddress]:
    return {
        a.player_id: a
        for a in MailAddress.objects.filter(player__in=players, stopped_at__isnull=True).select_related(
            "player__tournament"
        )
    }


def queue_seats(session: Session) -> int:
    """A mail to each subscribed player of the session with their table and wind; call in the transaction that
    publishes it. A seat already told is not told again."""
    if not mail_offered():
        return 0
    seats = list(session.seats.select_related("table", "player"))
    addresses = _subscribed([s.player_id for s in seats])
    tournament = session.tournament
    count = 0
    with translation.override(settings.LANGUAGE_CODE):
        for seat in seats:
            address = addresses.get(seat.player_id)
            if address is None:
                continue
            where = _("Session %(n)s: table %(t)s, starting wind %(wind)s") % {
                "n": session.number,
                "t": seat.table.number,
                "wind": seat.wind_name,
            }
            start = session.start_time
            lines = [where]
            if start is not None:
                lines.append(_("It starts at %(time)s.") % {"time": timezone.localtime(start).strftime("%H:%M")})
            key = f"seat:{session.pk}:{seat.player_id}:{seat.table.number}:{seat.position}"
            _queue(tournament, address, key, f"{tournament.name} · {where}", lines)
            count += 1
    return count


@dataclass
class SeatsBefore:
    """The seats of the published sessions a change may touch, as they were before it (``seats_before``):
    (session id, player id) -> (table number, position)."""

    sessions: list[int]
    seats: dict[tuple[int, int], tuple[int, int]]


def _seat_map(session_ids: list[int]) -> dict[tuple[int, int], tuple[int, int]]:
    rows = Seat.objects.filter(session_id__in=session_ids).values_list(
        "session_id", "player_id", "table__number", "position"
    )
    return {(s, p): (t, pos) for s, p, t, pos in rows}


def seats_before(sessions: Iterable[Session]) -> SeatsBefore | None:
    """Before a service changes seats (the sessions locked): the seats of those of ``sessions`` already
    published, to give ``queue_seat_changes`` after the change. Seats of a session not published yet are
    nobody's news: publishing tells them. None when players are offered no e-mail."""
    if not mail_offered():
        return None
    # Their state read now, not as the caller's copy has it: one read before a publishing it waited for.
    public = sorted(Session.objects.public().filter(pk__in={s.pk for s in sessions}).values_list("pk", flat=True))
    return SeatsBefore(public, _seat_map(public) if public else {})


def _where(seat: tuple[int, int]) -> dict[str, object]:
    return {"t": seat[0], "wind": Seat.wind_name_of(seat[1])}


def seat_change_line(number: int, was: tuple[int, int] | None, now: tuple[int, int] | None) -> str:
    """What changed for one player in session ``number``: their table and wind now, and before."""
    if was is None:
        assert now is not None
        text = _("Your seat for session %(n)s changed: now table %(t)s, %(wind)s (you had no seat).")
        return text % {"n": number, **_where(now)}
    if now is None:
        text = _("Your seat for session %(n)s changed: you are no longer seated (you were at table %(t)s, %(wind)s).")
        return text % {"n": number, **_where(was)}
    text = _("Your seat for session %(n)s changed: now table %(t)s, %(wind)s (was table %(ot)s, %(owind)s).")
    return text % {"n": number, **_where(now), "ot": was[0], "owind": Seat.wind_name_of(was[1])}


def queue_seat_changes(before: SeatsBefore | None, *, change: AuditLog) -> int:
    """After a change to published seats, in its transaction: a mail to each subscribed player whose table or
    wind changed (or who lost or gained a seat), one per player listing each session; nothing for a seat that
    stayed. ``change`` is the change's audit entry: the mail's key, so each change is told once, and two
    changes back and forth are each told. A second tap changes no seat, so it tells nothing."""
    if before is None or not before.sessions:
        return 0
    after = _seat_map(before.sessions)
    moved: dict[int, list[int]] = {}
    for key in sorted(before.seats.keys() | after.keys()):
        if before.seats.get(key) != after.get(key):
            moved.setdefault(key[1], []).append(key[0])
    addresses = _subscribed(list(moved))
    if not addresses:
        return 0
    sessions = {s.pk: s for s in Session.objects.filter(pk__in=before.sessions).select_related("tournament")}
    tournament = next(iter(sessions.values())).tournament
    with translation.override(settings.LANGUAGE_CODE):
        for player_id, address in addresses.items():
            told = sorted((sessions[s] for s in moved[player_id]), key=lambda s: s.number)
            lines = [
                seat_change_line(s.number, before.seats.get((s.pk, player_id)), after.get((s.pk, player_id)))
                for s in told
            ]
            subject = (
                lines[0]
                if len(lines) == 1
                else _("Your seats changed in sessions %(s)s") % {"s": ", ".join(str(s.number) for s in told)}
            )
            _queue(tournament, address, f"seat-change:{change.pk}:{player_id}", f"{tournament.name} · {subject}", lines)
    return len(addresses)


def queue_sheet_to_confirm(table: Table) -> int:
    """A note to each subscribed player of the table: every hand is in, the sheet waits for their confirmation."""
    if not mail_offered():
        return 0
    seats = list(table.seats.select_related("player"))
    addresses = _subscribed([s.player_id for s in seats])
    session = table.session
    tournament = session.tournament
    with translation.override(settings.LANGUAGE_CODE):
        text = _("Session %(n)s, table %(t)s: every hand is in. Check the sheet, then confirm it.") % {
            "n": session.number,
            "t": table.number,
        }
        for seat in seats:
            address = addresses.get(seat.player_id)
            if address is not None:
                _queue(
                    tournament, address, f"confirm:{table.pk}:{seat.player_id}", f"{tournament.name} · {text}", [text]
                )
    return len([s for s in seats if s.player_id in addresses])


def _due(now: datetime):
    return OutboxMail.objects.filter(sent_at__isnull=True, failed_at__isnull=True, send_after__lte=now).order_by("id")


def outbox_send(
    *, limit: int = 100, now: datetime | None = None, stop: Callable[[], bool] | None = None
) -> tuple[int, int]:
    """Send the mails that are due, one transaction each; returns (sent, failed now). ``stop``: asked before
    each mail, so a worker told to stop ends after the mail it is sending, marked sent."""
    sent = failed = 0
    domain = settings.DEFAULT_FROM_EMAIL.rpartition("@")[2] or "localhost"
    for _i in range(limit):
        if stop is not None and stop():
            break
        with transaction.atomic():
            row = _due(now or timezone.now()).select_for_update(skip_locked=True).first()
            if row is None:
                break
            message = EmailMessage(
                row.subject,
                row.body,
                settings.DEFAULT_FROM_EMAIL,
                [row.to],
                headers={"Message-ID": f"<outbox-{row.pk}@{domain}>"},
            )
            row.attempts += 1
            try:
                message.send(fail_silently=False)
            except Exception as exc:  # the server down, refused, timed out: try again later
                row.last_error = f"{type(exc).__name__}: {exc}"[:300]
                if row.attempts >= settings.MAIL_ATTEMPTS:
                    row.failed_at = timezone.now()
                else:
                    row.send_after = timezone.now() + timedelta(minutes=2 ** (row.attempts - 1))
                row.save(update_fields=["attempts", "last_error", "failed_at", "send_after"])
                failed += 1
                continue
            row.sent_at = timezone.now()
            row.save(update_fields=["attempts", "sent_at"])
            sent += 1
    return sent, failed
