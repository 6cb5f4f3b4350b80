"""Backups restore to the same data, both ways of docs/deploy.md (scripts/backup_restore_check.py: pg_dump,
wipe, pg_restore; export_tournament, wipe, import_tournament). PostgreSQL only; it works in a database of
its own on the suite's server."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump needs PostgreSQL"),
    pytest.mark.skipif(
        not shutil.which("pg_dump") or not shutil.which("pg_restore"),
        reason="pg_dump and pg_restore (postgresql-client) are not installed",
    ),
]


def test_backups_restore_to_the_same_data():
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    url = f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/postgres"
    result = subprocess.run(
        [sys.executable, "scripts/backup_restore_check.py", "--pg-url", url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "pg_restore: identical" in result.stdout
    assert "import_tournament: identical" in result.stdout
