"""What every score change shares: who may score, the sheet's lock, its four players, its status after a
change. The services of this package use these; nothing outside it does, except ``scoring.services.appeals`` (the
sheet's lock and the player's code, through ``scoring.services``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Field
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from core.acting import acting_user
from rules import payments as pay
from scoring.lifecycle import APPEAL, SHEET
from scoring.models import Appeal, ClosedSessionChange, ScoreSheet, Signature
from scoring.selectors import sheet_missing_hands, sheet_pending_hands
from tournament import mail
from tournament.permissions import can_score
from tournament.services import normalise_code

if TYPE_CHECKING:
    from collections.abc import Iterable

    from django.contrib.auth.models import User
    from django.db.models import Model

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
        return (
            ScoreSheet.objects.select_for_update(of=("self",))
            .select_related("table__session__tournament")
            .get(pk=sheet.pk)
        )
    except ScoreSheet.DoesNotExist:
        # The organizer seated the session again while this entry waited for the lock.
        raise ValidationError(
            _("This table no longer exists: the session was seated again. Open the new seating."), code="sheet_gone"
        ) from None


def _refuse_if_signed(sheet: ScoreSheet) -> None:
    if sheet.is_submitted:
        raise ValidationError(
            _(
                "This score sheet has been submitted and signed, so it cannot change; only the "
                "chief referee can reopen it."
            ),
            code="signed",
        )


def _lock_open_sheet(
    sheet: ScoreSheet,
    by: User | None,
    appeal: Appeal | None = None,
    *,
    what: str | None = ClosedSessionChange.What.HAND,
) -> tuple[ScoreSheet, Tournament]:
    """Lock the sheet for a score change by `by` (`what`: which kind of change); refuse when they may not
    score or it is signed.

    An upheld appeal on this sheet (``scoring.services.appeals``) may change it even when signed: the appeal's decision
    stands above the signatures (MCR 3.13), and the change is still a new version or penalty, audited. When
    its session is closed, or was closed and has been reopened since (``Session.was_closed``), the change is
    also noted for the organizer (``ClosedSessionChange``), in the same transaction: it is undone with the
    change if the change is refused. ``what=None``: the caller notes the change itself, once it knows there
    is one."""
    sheet = _lock_sheet(sheet)
    tournament = sheet.table.session.tournament
    _check_scorer(by, tournament)
    if (
        appeal is None
        or not Appeal.objects.filter(APPEAL.q({Appeal.Status.UPHELD}), pk=appeal.pk, sheet=sheet).exists()
    ):
        _refuse_if_signed(sheet)
    if what is not None:
        _note_if_closed(sheet, by, what, appeal)
    return sheet, tournament


def _note_if_closed(sheet: ScoreSheet, by: User | None, what: str, appeal: Appeal | None = None) -> None:
    """A change to the sheet's results, when its session is closed or was closed once (``Session.was_closed``):
    noted for the organizer (``ClosedSessionChange``), in the caller's transaction."""
    if sheet.table.session.was_closed:
        ClosedSessionChange.objects.create(
            session=sheet.table.session, sheet=sheet, appeal=appeal, what=what, changed_by=acting_user(by)
        )


def _check_hand_number(number: int, tournament: Tournament, field: str | None = None) -> None:
    if not 1 <= number <= tournament.hands_per_session:
        error = ValidationError(
            _("Hands are numbered 1 to %(n)s.") % {"n": tournament.hands_per_session}, code="hand_number"
        )
        raise ValidationError({field: error}) if field else error


def payment_error(exc: pay.PaymentError) -> ValidationError:
    """A rules error as the user sees it: translated, and on the field it is about when there is one."""
    message = gettext(exc.message)
    error = ValidationError(message % exc.params if exc.params else message, code=exc.code)
    return ValidationError({exc.field: error}) if exc.field else error


def _check_field(model: type[Model], name: str, value: Any) -> None:
    """Run one model field's validators now, as a ValidationError on that field."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field):
        raise TypeError(f"{model.__name__}.{name} is not a field with validators")
    try:
        field.run_validators(value)
    except ValidationError as exc:
        raise ValidationError({name: exc.messages}) from None


def _numbers(values: Iterable[int]) -> str:
    return ", ".join(map(str, values))


def sheet_for_table(*, table: Table) -> ScoreSheet:
    """The table's score sheet, made when it has none yet."""
    sheet, _created = ScoreSheet.objects.get_or_create(table=table)
    return sheet


def _positions(sheet: ScoreSheet) -> list[Player]:
    seats = list(sheet.table.seats.select_related("player").order_by("position"))
    if len(seats) != 4:
        raise ValidationError(_("This table does not have four seated players yet."))
    return [s.player for s in seats]


def _position_deltas(players: list[Player], by_player_id: dict[Any, int]) -> dict[str, int]:
    return {f"delta_{i}": by_player_id[p.pk] for i, p in enumerate(players)}


def _void_confirmations(sheet: ScoreSheet, by: User | None, reason: str) -> int:
    """The players confirmed the sheet as it was; after a change they confirm again. Kept, marked void."""
    return Signature.objects.filter(sheet=sheet, role=Signature.Role.PLAYER, voided_at__isnull=True).update(
        voided_at=timezone.now(), voided_by=acting_user(by), voided_reason=reason[:200]
    )


def _settle_status(sheet: ScoreSheet) -> None:
    """An unsigned sheet is open until every hand is in and counted, then it awaits confirmation."""
    if sheet.is_submitted:
        return
    complete = not sheet_missing_hands(sheet) and not sheet_pending_hands(sheet)
    name = "complete" if complete else "incomplete"
    if SHEET.may(sheet, name):
        SHEET.move(sheet, name)
        if complete:
            mail.queue_sheet_to_confirm(sheet.table)  # the players who asked are told, once a sheet


def _after_change(sheet: ScoreSheet, by: User | None, what: str) -> int:
    voided = _void_confirmations(sheet, by, _("The sheet changed: %(what)s") % {"what": what})
    _settle_status(sheet)
    return voided


class WrongPlayerCode(PermissionDenied):
    """The code typed is not the player's: counted where guessing must be slowed (sheet_confirm)."""


def _check_player_code(player: Player, code: str | None) -> None:
    """A player acting from their own phone proves who they are with their code."""
    code = normalise_code(code)
    if not player.code or not code or not constant_time_compare(player.code, code):
        raise WrongPlayerCode(_("That player code is not right."))


def _check_at_table(player: Player, players: list[Player], field: str = "player") -> None:
    if player not in players:
        raise ValidationError(
            {
                field: ValidationError(
                    _("%(player)s does not play at this table.") % {"player": player}, code="not_seated"
                )
            }
        )
