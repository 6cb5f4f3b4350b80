"""The table of the shared page cache (settings.CACHES["pages"], a DatabaseCache)."""
from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0007_merge_appeals")]

    operations = [migrations.RunPython(create_cache_tables, migrations.RunPython.noop)]
