from django.db import migrations, models


def backfill(apps, schema_editor):
    """A session closed now, or closed once and reopened (its ``session.close`` in the audit log), was
    called final at its first close."""
    Session = apps.get_model("tournament", "Session")
    AuditLog = apps.get_model("tournament", "AuditLog")
    first: dict[str, object] = {}
    for object_id, at in (
        AuditLog.objects.filter(action="session.close", object_type="tournament.Session")
        .order_by("created_at")
        .values_list("object_id", "created_at")
    ):
        first.setdefault(object_id, at)
    for session in Session.objects.filter(
        models.Q(closed_at__isnull=False) | models.Q(pk__in=[int(pk) for pk in first if pk.isdigit()])
    ):
        session.first_closed_at = first.get(str(session.pk)) or session.closed_at
        session.save(update_fields=["first_closed_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0011_device_confirmation_code"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="first_closed_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
