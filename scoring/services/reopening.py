"""Requests to reopen a signed sheet: a referee who finds a mistake after signing cannot reopen the sheet (only
the chief referee can: ``signing.sheet_reopen``), so they ask, saying why. The request waits in the chief
referee's work queue (``scoring.queues``) until the chief referee reopens the sheet, which grants it, or declines
it with an answer the referee reads on the sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from scoring.lifecycle import REOPEN_REQUEST, REQUEST_WAITING
from scoring.models import ReopenRequest, ScoreSheet
from scoring.services.sheet import _check_scorer, _lock_sheet
from tournament.audit import audit
from tournament.permissions import is_chief_referee

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def _audit(sheet: ScoreSheet, action: str, text: str, by: User | None) -> None:
    table = sheet.table
    audit(
        tournament=table.session.tournament,
        actor=by,
        action=action,
        obj=sheet,
        reason=text,
        session=table.session.number,
        table=table.number,
    )


def _said(text: str, field: str, message: str) -> str:
    text = (text or "").strip()
    if not text:
        raise ValidationError({field: message})
    return text[:200]


def sheet_reopen_request(*, sheet: ScoreSheet, reason: str, by: User | None) -> ReopenRequest:
    """A referee (or organizer) of the tournament asks the chief referee to reopen a signed sheet. One request
    waits per sheet; the chief referee reopens a sheet without asking anyone."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        _check_scorer(by, tournament)
        if by is not None and is_chief_referee(by, tournament):
            raise ValidationError(
                _("You are the chief referee: reopen the sheet yourself, saying why."), code="chief_reopens"
            )
        reason = _said(reason, "reason", _("Say why the sheet should be reopened."))
        if not sheet.is_submitted:
            raise ValidationError(_("This score sheet is not signed: it can still be changed."), code="not_signed")
        if ReopenRequest.objects.filter(REQUEST_WAITING, sheet=sheet).exists():
            raise ValidationError(
                _("A request to reopen this sheet is already waiting for the chief referee."), code="already_asked"
            )
        request = ReopenRequest(sheet=sheet, reason=reason, requested_by=acting_user(by))
        request.full_clean()
        request.save()
        _audit(sheet, "sheet.reopen_request", reason, by)
        return request


def reopen_request_decline(*, sheet: ScoreSheet, answer: str, by: User | None) -> ReopenRequest:
    """The chief referee declines the request waiting on the sheet, with an answer for the referee: the sheet
    stays signed."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        if by is not None and not is_chief_referee(by, tournament):
            raise PermissionDenied(_("Only the chief referee answers a request to reopen a sheet."))
        answer = _said(answer, "answer", _("Say why the sheet stays as it is."))
        request = ReopenRequest.objects.select_for_update().filter(REQUEST_WAITING, sheet=sheet).first()
        if request is None:
            raise ValidationError(_("No request to reopen this sheet is waiting."), code="no_request")
        request.answer = answer
        request.decided_by = acting_user(by)
        request.decided_at = timezone.now()
        REOPEN_REQUEST.move(request, "decline", save=False)
        request.full_clean()
        request.save(update_fields=["status", "answer", "decided_by", "decided_at"])
        _audit(sheet, "sheet.reopen_decline", answer, by)
        return request


def reopen_requests_grant(*, sheet: ScoreSheet, by: User | None) -> int:
    """The sheet has just been reopened (``sheet_reopen``, in its transaction): the request waiting on it, if
    any, is granted. Returns how many were."""
    return REOPEN_REQUEST.move_all(
        ReopenRequest.objects.filter(REQUEST_WAITING, sheet=sheet),
        "grant",
        decided_by=acting_user(by),
        decided_at=timezone.now(),
    )
