"""The audit log: who changed what, with the values before and after."""

from __future__ import annotations

import datetime
import decimal
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db import models

from core.acting import acting_user
from core.client import current_address
from tournament.models import AuditLog, Tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def audit(
    *, tournament: Tournament | None, actor: User | None, action: str, obj: models.Model | None = None, **data: Any
) -> AuditLog:
    """Record a change; call inside the transaction that makes it."""
    entry = audit_entry(tournament=tournament, actor=actor, action=action, obj=obj, **data)
    entry.save()
    return entry


def audit_many(entries: list[AuditLog]) -> list[AuditLog]:
    """Record many changes at once (entries from ``audit_entry``), as a bulk import makes them; call inside
    the transaction that makes them."""
    return AuditLog.objects.bulk_create(entries, batch_size=2000)


def audit_entry(
    *, tournament: Tournament | None, actor: User | None, action: str, obj: models.Model | None = None, **data: Any
) -> AuditLog:
    """The entry ``audit`` would record, not saved yet: for ``audit_many``."""
    return AuditLog(
        tournament=tournament,
        tournament_slug=getattr(tournament, "slug", "") or data.get("slug", "") or "",
        actor=acting_user(actor),
        action=action,
        object_type=obj._meta.label if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        data=data,
        address=current_address() or "",
    )


def _plain(value: Any) -> Any:
    """A field value as JSON can hold it, readable in the audit page."""
    if isinstance(value, models.Model):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime, decimal.Decimal)):
        return str(value)
    return value


def snapshot(obj: models.Model, fields: Iterable[str]) -> dict[str, Any]:
    """The values of ``fields`` of ``obj`` now, to compare after a change."""
    return {name: _plain(getattr(obj, name)) for name in fields}


def changes(before: dict[str, Any], obj: models.Model) -> dict[str, list[Any]]:
    """{field: [old, new]} for the fields of ``before`` whose value ``obj`` no longer has."""
    after = snapshot(obj, before)
    return {name: [before[name], after[name]] for name in before if before[name] != after[name]}
