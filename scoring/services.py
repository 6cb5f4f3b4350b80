"""Score entry: every change validates, locks the sheet, writes, and logs in one transaction.

Locks (docs/architecture.md, "Locks"): tournament, then session, then sheet, then the sheet's hands or
penalties, each ``FOR UPDATE OF`` its own row only. Score entry takes only the sheet's lock, so tables
enter hands in parallel and two entries at one table wait for each other; reopening a sheet also takes
its session first, so it cannot cross the session being closed.

The rules of a hand or penalty (who may win, minimum points, what a penalty pays) are the pure
``scoring.rules.payments``; its errors become ValidationErrors on the field at fault, translated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from scoring.models import Hand, HandVersion, Penalty, ScoreSheet
from scoring.rules import payments as pay
from tournament.audit import audit
from tournament.models import Session
from tournament.permissions import can_score, is_organizer

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournament.models import Player, Table, Tournament


def _check_scorer(by: User | None, tournament: Tournament) -> None:
    if by is not None and not can_score(by, tournament):
        raise PermissionDenied(_("You are not a referee or organizer of this tournament."))


def _lock_sheet(sheet: ScoreSheet) -> ScoreSheet:
    """Lock the sheet row: concurrent entries on one table serialise here, across app servers.

    Only the sheet's own row (``of=("self",)``): the joined session and tournament rows are read, not
    locked, so entries at different tables never wait for each other.
    """
    try:
        return (ScoreSheet.objects.select_for_update(of=("self",)).select_related("table__session__tournament")
                .get(pk=sheet.pk))
    except ScoreSheet.DoesNotExist:
        # The organizer seated the session again while this entry waited for the lock.
        raise ValidationError(_("This table no longer exists: the session was seated again. Open the new seating."),
                              code="sheet_gone") from None


def _lock_open_sheet(sheet: ScoreSheet, by: User | None) -> tuple[ScoreSheet, Tournament]:
    """Lock the sheet for a score change by `by`; refuse when they may not score or it is submitted."""
    sheet = _lock_sheet(sheet)
    tournament = sheet.table.session.tournament
    _check_scorer(by, tournament)
    if sheet.is_submitted:
        raise ValidationError(_("This score sheet has been submitted; an organizer must reopen it first."))
    return sheet, tournament


def _check_hand_number(number: int, tournament: Tournament, field: str | None = None) -> None:
    if not 1 <= number <= tournament.hands_per_session:
        error = ValidationError(_("Hands are numbered 1 to %(n)s.") % {"n": tournament.hands_per_session},
                                code="hand_number")
        raise ValidationError({field: error}) if field else error


def payment_error(exc: pay.PaymentError) -> ValidationError:
    """A rules error as the user sees it: translated, and on the field it is about when there is one."""
    message = gettext(exc.message)
    error = ValidationError(message % exc.params if exc.params else message, code=exc.code)
    return ValidationError({exc.field: error}) if exc.field else error


def _actor(by):
    return by if getattr(by, "is_authenticated", False) else None


def sheet_for_table(*, table: Table) -> ScoreSheet:
    sheet, _created = ScoreSheet.objects.get_or_create(table=table)
    return sheet


def _positions(sheet: ScoreSheet) -> list[Player]:
    seats = list(sheet.table.seats.select_related("player").order_by("position"))
    if len(seats) != 4:
        raise ValidationError(_("This table does not have four seated players yet."))
    return [s.player for s in seats]


def _position_deltas(players, by_player_id):
    return {f"delta_{i}": by_player_id[p.pk] for i, p in enumerate(players)}


def hand_record(*, sheet: ScoreSheet, number: int, outcome: str, winner: Player | None = None,
                discarder: Player | None = None, points: int = 0, flowers: int = 0, tiles: dict | None = None,
                note: str = "", by: User | None, expected_version: int | None = None) -> HandVersion:
    """Enter a hand, or correct it by adding a new version. Returns the new HandVersion.

    expected_version is the version the referee was looking at (0 for a new hand): when someone
    else entered or corrected the hand meanwhile, the entry is refused rather than silently
    replacing theirs. The check runs under the sheet lock, so it holds across app servers.
    """
    with transaction.atomic():
        sheet, tournament = _lock_open_sheet(sheet, by)
        _check_hand_number(number, tournament)
        # Someone else's entry wins over a form filled in before it: say so before anything else.
        current_version = (Hand.objects.filter(sheet=sheet, number=number, current__isnull=False)
                           .values_list("current__version", flat=True).first()) or 0
        if expected_version is not None and expected_version != current_version:
            raise ValidationError(
                _("Hand %(n)s was entered or corrected by someone else meanwhile (it is now at version %(version)s). "
                  "Check the sheet, then submit again to replace it."),
                code="stale_version", params={"n": number, "version": current_version})
        entered = set(Hand.objects.filter(sheet=sheet, current__isnull=False).values_list("number", flat=True))
        if number not in entered and any(n not in entered for n in range(1, number)):
            missing = min(n for n in range(1, number) if n not in entered)
            raise ValidationError(_("Enter the hands in order: hand %(n)s comes first.") % {"n": missing})
        players = _positions(sheet)
        if outcome in (pay.DRAW, pay.NOT_PLAYED):
            winner = discarder = None
            points = flowers = 0
        elif outcome == pay.SELF_DRAWN:
            discarder = None
        if outcome == pay.NOT_PLAYED:
            later = [n for n in entered if n > number]
            for n in later:
                if Hand.objects.get(sheet=sheet, number=n).current.outcome != pay.NOT_PLAYED:
                    raise ValidationError(_("Hand %(n)s was played, so hand %(m)s cannot be marked not played.")
                                          % {"n": n, "m": number})
        elif any(Hand.objects.get(sheet=sheet, number=n).current.outcome == pay.NOT_PLAYED
                 for n in entered if n < number):
            raise ValidationError(_("An earlier hand is marked not played; once time runs out no later hand is played."))
        try:
            deltas = pay.hand_payments(
                [p.pk for p in players],
                pay.HandOutcome(outcome=outcome, winner=winner.pk if winner else None,
                                discarder=discarder.pk if discarder else None,
                                points=points or 0, flowers=flowers or 0),
            )
        except pay.PaymentError as exc:
            raise payment_error(exc)
        hand, _created = Hand.objects.select_for_update().get_or_create(sheet=sheet, number=number)
        next_version = (hand.versions.aggregate(m=Max("version"))["m"] or 0) + 1
        version = HandVersion(
            hand=hand, version=next_version, outcome=outcome, winner=winner, discarder=discarder,
            points=points or 0, flowers=flowers or 0, tiles=tiles or {}, note=note,
            created_by=_actor(by),
            **_position_deltas(players, deltas),
        )
        version.full_clean(exclude=["hand", "created_by"])
        version.save()
        hand.current = version
        hand.save(update_fields=["current"])
        audit(tournament=tournament, actor=by, action="hand.record" if next_version == 1 else "hand.correct",
              obj=version, session=sheet.table.session.number, table=sheet.table.number, hand=number,
              version=next_version, outcome=outcome, winner=getattr(winner, "number", None),
              discarder=getattr(discarder, "number", None), points=points, flowers=flowers)
        return version


def penalty_record(*, sheet: ScoreSheet, player: Player, amount: int, to: str, reason: str,
                   hand_number: int | None = None, by: User | None) -> Penalty:
    with transaction.atomic():
        sheet, tournament = _lock_open_sheet(sheet, by)
        if not reason or not reason.strip():
            raise ValidationError({"reason": _("Give the reason for the penalty.")})
        if to not in pay.PENALTY_TARGETS:
            raise ValidationError({"to": _("“%(to)s” is not one of %(choices)s.") % {
                "to": to, "choices": ", ".join(pay.PENALTY_TARGETS)}})
        if hand_number is not None:
            _check_hand_number(hand_number, tournament, field="hand_number")
        players = _positions(sheet)
        try:
            deltas = pay.penalty_payments([p.pk for p in players], player.pk, amount, to)
        except pay.PaymentError as exc:
            raise payment_error(exc)
        penalty = Penalty(sheet=sheet, player=player, amount=amount, to=to, reason=reason.strip(),
                          hand_number=hand_number,
                          created_by=_actor(by),
                          **_position_deltas(players, deltas))
        penalty.full_clean(exclude=["created_by"])
        penalty.save()
        audit(tournament=tournament, actor=by, action="penalty.record", obj=penalty,
              session=sheet.table.session.number, table=sheet.table.number, player=player.number,
              amount=amount, to=to, reason=penalty.reason)
        return penalty


def penalty_withdraw(*, penalty: Penalty, reason: str, by: User | None) -> Penalty:
    with transaction.atomic():
        sheet, tournament = _lock_open_sheet(penalty.sheet, by)
        penalty = Penalty.objects.select_for_update().get(pk=penalty.pk)
        if not penalty.active:
            raise ValidationError(_("This penalty was already withdrawn."))
        if not reason or not reason.strip():
            raise ValidationError(_("Say why the penalty is withdrawn."))
        penalty.withdrawn_at = timezone.now()
        penalty.withdrawn_by = _actor(by)
        penalty.withdrawn_reason = reason.strip()
        penalty.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawn_reason"])
        audit(tournament=tournament, actor=by, action="penalty.withdraw", obj=penalty, reason=penalty.withdrawn_reason)
        return penalty


def sheet_missing_hands(sheet: ScoreSheet) -> list[int]:
    """Hand numbers not yet entered; a sheet is complete when none are missing."""
    total = sheet.table.session.tournament.hands_per_session
    entered = set(Hand.objects.filter(sheet=sheet, current__isnull=False).values_list("number", flat=True))
    return [n for n in range(1, total + 1) if n not in entered]


def sheet_submit(*, sheet: ScoreSheet, by: User | None, mark_rest_not_played: bool = False) -> ScoreSheet:
    """Submit a complete sheet. With mark_rest_not_played, missing hands are recorded as not played."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        _check_scorer(by, tournament)
        if sheet.is_submitted:
            raise ValidationError(_("This score sheet is already submitted."))
        missing = sheet_missing_hands(sheet)
        if missing and mark_rest_not_played:
            for n in missing:
                hand_record(sheet=sheet, number=n, outcome=pay.NOT_PLAYED, by=by,
                            note=_("Marked not played when the sheet was submitted"))
            missing = []
        if missing:
            raise ValidationError(
                _("The sheet is not complete: hands %(hands)s are missing. Enter them, or mark the rest not played.")
                % {"hands": ", ".join(map(str, missing))})
        sheet.status = ScoreSheet.Status.SUBMITTED
        sheet.submitted_at = timezone.now()
        sheet.submitted_by = _actor(by)
        sheet.save(update_fields=["status", "submitted_at", "submitted_by"])
        audit(tournament=tournament, actor=by, action="sheet.submit", obj=sheet,
              session=sheet.table.session.number, table=sheet.table.number)
        return sheet


def sheet_reopen(*, sheet: ScoreSheet, reason: str, by: User | None) -> ScoreSheet:
    """Reopen a submitted sheet. Locks the session before the sheet, as ``session_close`` does, so a
    sheet is never reopened in a session that is being closed."""
    with transaction.atomic():
        Session.objects.select_for_update(of=("self",)).filter(tables__sheet=sheet.pk).first()
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        if by is not None and not is_organizer(by, tournament):
            raise PermissionDenied(_("Only an organizer can reopen a submitted sheet."))
        if not sheet.is_submitted:
            raise ValidationError(_("This score sheet is not submitted."))
        if sheet.table.session.status == sheet.table.session.Status.CLOSED:
            raise ValidationError(_("The session is closed; reopen the session first."))
        sheet.status = ScoreSheet.Status.OPEN
        sheet.save(update_fields=["status"])
        audit(tournament=tournament, actor=by, action="sheet.reopen", obj=sheet, reason=reason)
        return sheet
