from tournament.models import AuditLog


def audit(*, tournament, actor, action, obj=None, **data):
    """Record a change; call inside the transaction that makes it."""
    return AuditLog.objects.create(
        tournament=tournament,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        object_type=obj._meta.label if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        data=data,
    )
