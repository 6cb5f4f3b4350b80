"""Confirmations and signatures (appendix 5): the players confirm a finished sheet, the referee signs it (then
it is locked), the chief referee countersigns it, and only the chief referee reopens a signed sheet."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import throttle
from core.acting import acting_user
from scoring import lifecycle
from scoring.models import ClosedSessionChange, ScoreSheet, Signature
from scoring.selectors import (
    countersign_lacks,
    has_confirmed,
    sheet_missing_hands,
    sheet_pending_hands,
    unconfirmed_players,
)
from scoring.services.hands import sheet_mark_rest_not_played
from scoring.services.reopening import reopen_requests_grant
from scoring.services.sheet import (
    WrongPlayerCode,
    _check_at_table,
    _check_player_code,
    _check_scorer,
    _lock_sheet,
    _note_if_closed,
    _numbers,
    _positions,
    _refuse_if_signed,
    _settle_status,
)
from tournament.audit import audit
from tournament.models import Session
from tournament.permissions import is_chief_referee

if TYPE_CHECKING:
    from datetime import datetime

    from django.contrib.auth.models import User

    from tournament.models import Player, Tournament


def _signature(
    sheet: ScoreSheet,
    role: str,
    *,
    by: User | None,
    at: datetime | None = None,
    signer_name: str = "",
    player: Player | None = None,
    method: str = "",
) -> Signature:
    """Who signs and when; an import (by None) gives the time and name from its file."""
    user = acting_user(by)
    name = signer_name if by is None else (user.get_username() if user else "")
    if player is not None:
        name = player.name
    signature = Signature(
        sheet=sheet,
        role=role,
        player=player,
        method=method,
        user=user,
        name=name,
        signed_at=(at if by is None and at else timezone.now()),
    )
    signature.full_clean(exclude=["user"])
    signature.save()
    return signature


logger = logging.getLogger(__name__)


def device_code_bucket(player: Player) -> throttle.Bucket:
    """What a wrong code typed on a referee's device counts against: the player, across every sheet and session
    of the tournament (a player's code is the same on each), ``DEVICE_CODE_FAILURE_LIMIT`` within
    ``DEVICE_CODE_WINDOW_MINUTES`` (core/throttle.py: exact under parallel tries on any app server)."""
    window = timedelta(minutes=settings.DEVICE_CODE_WINDOW_MINUTES)
    return throttle.Bucket("device-code", (player.pk,), settings.DEVICE_CODE_FAILURE_LIMIT, window)


def _device_code_refusal(player: Player, until: datetime) -> PermissionDenied:
    minutes = max(1, math.ceil((until - timezone.now()).total_seconds() / 60))
    return PermissionDenied(
        ngettext(
            "Too many wrong codes for %(player)s: try again in %(minutes)s "
            "minute. Lost the card? The organizer can give a new code.",
            "Too many wrong codes for %(player)s: try again in %(minutes)s "
            "minutes. Lost the card? The organizer can give a new code.",
            minutes,
        )
        % {"player": player.name, "minutes": minutes}
    )


def _device_code_failed(
    sheet: ScoreSheet, tournament: Tournament, *, player: Player, by: User, locked: datetime | None
) -> None:
    """Log a wrong code typed on a referee's device (already counted); the one that reaches the limit goes in
    the audit log."""
    logger.warning(
        "Wrong player code on a referee's device: %s, session %s table %s, player %s, by %s",
        tournament.slug,
        sheet.table.session.number,
        sheet.table.number,
        player.number,
        by,
    )
    if locked is not None:
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.confirm_code_refused",
            obj=sheet,
            session=sheet.table.session.number,
            table=sheet.table.number,
            player=player.number,
            failures=settings.DEVICE_CODE_FAILURE_LIMIT,
            minutes=settings.DEVICE_CODE_WINDOW_MINUTES,
        )


def _check_device_code(player: Player, code: str | None) -> None:
    """The player's code typed on a referee's device, counted (``device_code_bucket``). A refused try is not
    checked, so it tells nothing; a wrong one raises ``WrongPlayerCode`` with ``locked`` (when the limit was
    reached, the time it lifts, else None)."""
    try:
        attempt = throttle.attempt(device_code_bucket(player))
    except throttle.Throttled as refused:
        raise _device_code_refusal(player, refused.until) from None
    try:
        _check_player_code(player, code)
    except WrongPlayerCode as wrong:
        full = attempt.failed()
        wrong.locked = throttle.refused_until(full) if full is not None else None  # type: ignore[attr-defined]
        raise
    attempt.succeeded()


def _check_confirmation_way(
    tournament: Tournament,
    players: list[Player],
    *,
    player: Player,
    method: str,
    by: User | None,
    code: str | None,
    sheet: ScoreSheet | None = None,
) -> None:
    """The player is at the table and confirms in a way the tournament takes: on the device of a scorer, or on
    their own phone with their code. An import (by None) records the file's, whatever the settings say now."""
    if method not in Signature.Method.values:
        raise ValidationError(_("Unknown way of confirming “%(method)s”.") % {"method": method})
    if by is None:
        _check_at_table(player, players)
        return
    if method == Signature.Method.DEVICE:
        _check_scorer(by, tournament)
    _check_at_table(player, players)
    if method == Signature.Method.PHONE:
        _check_player_code(player, code)
    if method == Signature.Method.DEVICE and tournament.device_confirmation_code:
        # The player proves on the referee's device that it is them: the code on their card (issue 21). Read
        # from the table's rows, just loaded, so a code made a moment ago counts.
        player = next((p for p in players if p.pk == player.pk), player)
        if not player.code:
            raise ValidationError(
                _("%(player)s has no player code yet: the organizer makes the codes (Manage, Player codes).")
                % {"player": player},
                code="no_code",
            )
        _check_device_code(player, code)
    if not tournament.confirmation_methods:
        raise ValidationError(
            _("In this tournament the players sign the paper sheet; the referee signs here."),
            code="confirmation_off",
        )
    if method not in tournament.confirmation_methods:
        raise ValidationError(
            _("This tournament does not take confirmations %(method)s.") % {"method": Signature.Method(method).label},
            code="method_not_allowed",
        )


def sheet_confirm(
    *,
    sheet: ScoreSheet,
    player: Player,
    method: str,
    by: User | None,
    code: str | None = None,
    at: datetime | None = None,
) -> Signature:
    """One of the four players confirms the finished sheet (MCR 3.9.1.4): on the referee's device (`by` is
    the referee), or on their own phone with their player code. An import (by None) records the file's."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        players = _positions(sheet)
        # A sheet that cannot be confirmed yet takes no code: the tries are for confirming, not for guessing.
        _check_ready_to_confirm(sheet, player)
        try:
            _check_confirmation_way(tournament, players, player=player, method=method, by=by, code=code, sheet=sheet)
        except WrongPlayerCode as wrong:
            if method != Signature.Method.DEVICE or by is None:
                raise
            # Counted in this transaction, which then commits: the refusal is raised once outside it.
            locked = getattr(wrong, "locked", None)
            _device_code_failed(sheet, tournament, player=player, by=by, locked=locked)
            refusal: PermissionDenied = wrong if locked is None else _device_code_refusal(player, locked)
        else:
            return _confirm(sheet, tournament, player=player, method=method, by=by, at=at)
    raise refusal


def _check_ready_to_confirm(sheet: ScoreSheet, player: Player) -> None:
    """The sheet can take this player's confirmation: not signed, every hand in and agreed, not confirmed yet."""
    _refuse_if_signed(sheet)
    missing, pending = sheet_missing_hands(sheet), sheet_pending_hands(sheet)
    if missing:
        raise ValidationError(
            _("The sheet is not finished: hands %(hands)s are not entered yet.") % {"hands": _numbers(missing)},
            code="incomplete",
        )
    if pending:
        raise ValidationError(
            _("The sheet is not finished: hands %(hands)s wait for a second person's confirmation.")
            % {"hands": _numbers(pending)},
            code="pending",
        )
    if has_confirmed(sheet, player):
        raise ValidationError(
            _("%(player)s has already confirmed this sheet.") % {"player": player}, code="already_confirmed"
        )


def _confirm(
    sheet: ScoreSheet, tournament: Tournament, *, player: Player, method: str, by: User | None, at: datetime | None
) -> Signature:
    """The rest of ``sheet_confirm``, in its transaction, once the player is known to be the one confirming."""
    _settle_status(sheet)
    signature = _signature(sheet, Signature.Role.PLAYER, by=by, at=at, player=player, method=method)
    audit(
        tournament=tournament,
        actor=by,
        action="sheet.confirm",
        obj=sheet,
        session=sheet.table.session.number,
        table=sheet.table.number,
        player=player.number,
        method=method,
    )
    return signature


def _check_ready_to_sign(sheet: ScoreSheet, tournament: Tournament, by: User | None) -> None:
    """Every hand in and counted, and every player's confirmation where the tournament asks for them."""
    missing = sheet_missing_hands(sheet)
    if missing:
        raise ValidationError(
            _("The sheet is not complete: hands %(hands)s are missing. Enter them, or mark the rest not played.")
            % {"hands": _numbers(missing)},
            code="incomplete",
        )
    pending = sheet_pending_hands(sheet)
    if pending:
        raise ValidationError(
            _("Hands %(hands)s wait for a second person's confirmation; they count only once confirmed.")
            % {"hands": _numbers(pending)},
            code="pending",
        )
    # An import (by None) carries the sheet's own record of confirmations, whatever the settings say now.
    if by is not None and tournament.confirmation_methods:
        unconfirmed = unconfirmed_players(sheet, _positions(sheet))
        if unconfirmed:
            raise ValidationError(
                _("Not every player has confirmed the sheet yet: %(players)s.")
                % {"players": ", ".join(str(p) for p in unconfirmed)},
                code="unconfirmed",
            )


def sheet_sign(
    *,
    sheet: ScoreSheet,
    by: User | None,
    mark_rest_not_played: bool = False,
    at: datetime | None = None,
    signer_name: str = "",
) -> ScoreSheet:
    """The referee signs a finished sheet, once the players have confirmed it where the tournament asks them
    to. A signed sheet is locked (appendix 5: "results are final once signed"). With mark_rest_not_played,
    missing hands are first recorded not played."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        _check_scorer(by, tournament)
        if sheet.is_submitted:
            raise ValidationError(_("This score sheet is already signed."), code="signed")
        if mark_rest_not_played:
            sheet_mark_rest_not_played(sheet=sheet, by=by)
        _check_ready_to_sign(sheet, tournament, by)
        signature = _signature(sheet, Signature.Role.REFEREE, by=by, at=at, signer_name=signer_name)
        sheet.submitted_at = signature.signed_at
        sheet.submitted_by = acting_user(by)
        lifecycle.SHEET.move(sheet, "sign", fields=["submitted_at", "submitted_by"])
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.sign",
            obj=sheet,
            session=sheet.table.session.number,
            table=sheet.table.number,
        )
        return sheet


class _DryRun(Exception):
    pass


def _dry_run(service: Callable[..., object], **kwargs: Any) -> None:
    """Raise what ``service`` would raise, changing nothing: it runs and is rolled back, so a confirmation page
    is shown only for an action that would go through, by exactly the same rules."""
    try:
        with transaction.atomic():
            service(**kwargs)
            raise _DryRun
    except _DryRun:
        pass


def sheet_sign_check(*, sheet: ScoreSheet, by: User | None, mark_rest_not_played: bool = False) -> None:
    """Raise what :func:`sheet_sign` would raise, changing nothing."""
    _dry_run(sheet_sign, sheet=sheet, by=by, mark_rest_not_played=mark_rest_not_played)


def sheet_countersign_check(*, sheet: ScoreSheet, by: User | None) -> None:
    """Raise what :func:`sheet_countersign` would raise, changing nothing."""
    _dry_run(sheet_countersign, sheet=sheet, by=by)


def sheet_mark_rest_not_played_check(*, sheet: ScoreSheet, by: User | None) -> None:
    """Raise what marking the hands not entered as not played would raise, changing nothing."""
    _dry_run(sheet_mark_rest_not_played, sheet=sheet, by=by)


def sheet_countersign(
    *, sheet: ScoreSheet, by: User | None, at: datetime | None = None, signer_name: str = ""
) -> ScoreSheet:
    """The chief referee countersigns a signed sheet (appendix 5)."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        if by is not None and not is_chief_referee(by, tournament):
            raise PermissionDenied(_("Only the chief referee countersigns score sheets."))
        lifecycle.SHEET.check(sheet, "countersign")
        _signature(sheet, Signature.Role.CHIEF_REFEREE, by=by, at=at, signer_name=signer_name)
        lifecycle.SHEET.move(sheet, "countersign")
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.countersign",
            obj=sheet,
            session=sheet.table.session.number,
            table=sheet.table.number,
        )
        return sheet


def sheets_countersign(*, session: Session, tables: list[int], by: User | None) -> list[int]:
    """The chief referee countersigns several sheets of a session in one go: the tables given, each ready by
    ``countersign_lacks`` read under the sheets' locks. All or none: if one of them lacks something now (an
    appeal filed meanwhile), nothing is countersigned and the error names each such table. A sheet already
    countersigned (a second tap, or another chief referee at the same moment) is left as it is. Returns the tables
    countersigned now."""
    with transaction.atomic():
        tournament = session.tournament
        if by is not None and not is_chief_referee(by, tournament):
            raise PermissionDenied(_("Only the chief referee countersigns score sheets."))
        if not tables:
            raise ValidationError(_("Tick at least one sheet to countersign."), code="none")
        sheets = list(
            ScoreSheet.objects.select_for_update()
            .filter(table__session=session, table__number__in=tables)
            .select_related("table__session__tournament")
            .order_by("pk")
        )
        unknown = sorted(set(tables) - {s.table.number for s in sheets})
        if unknown:
            raise ValidationError(
                _("Session %(n)s has no table %(t)s.") % {"n": session.number, "t": ", ".join(map(str, unknown))}
            )
        lacks = countersign_lacks(sheets)
        todo = [s for s in sheets if not lifecycle.is_countersigned(s.status)]
        refused = [
            _("Table %(t)s: %(what)s") % {"t": s.table.number, "what": " ".join(lacks[s.pk])}
            for s in sorted(todo, key=lambda s: s.table.number)
            if lacks[s.pk]
        ]
        if refused:
            raise ValidationError(refused, code="not_ready")
        for sheet in todo:
            sheet_countersign(sheet=sheet, by=by)
        return sorted(s.table.number for s in todo)


def sheet_reopen(*, sheet: ScoreSheet, reason: str, by: User | None) -> ScoreSheet:
    """Only the chief referee reopens a signed sheet, saying why. Its confirmations and signatures are voided
    (kept, marked void); the players confirm and the referee signs again after the change."""
    with transaction.atomic():
        # Session before sheet, as everywhere: closing the session meanwhile waits, or is waited for.
        session = Session.objects.select_for_update().get(pk=sheet.table.session_id)
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        if by is not None and not is_chief_referee(by, tournament):
            raise PermissionDenied(_("Only the chief referee can reopen a signed sheet."))
        if not reason or not reason.strip():
            raise ValidationError({"reason": _("Say why the sheet is reopened.")})
        lifecycle.SHEET.check(sheet, "reopen")
        if session.is_closed:
            raise ValidationError(_("The session is closed; reopen the session first."), code="session_closed")
        voided = Signature.objects.filter(sheet=sheet, voided_at__isnull=True).update(
            voided_at=timezone.now(), voided_by=acting_user(by), voided_reason=reason.strip()[:200]
        )
        sheet.submitted_at = None
        sheet.submitted_by = None
        lifecycle.SHEET.move(sheet, "reopen", fields=["submitted_at", "submitted_by"])
        _settle_status(sheet)
        granted = reopen_requests_grant(sheet=sheet, by=by)
        # Its results were called final once: the organizer hears that they are open again.
        _note_if_closed(sheet, by, ClosedSessionChange.What.SHEET_REOPENED)
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.reopen",
            obj=sheet,
            reason=reason.strip(),
            session=session.number,
            table=sheet.table.number,
            signatures_voided=voided,
            **({"request_granted": True} if granted else {}),
        )
        return sheet
