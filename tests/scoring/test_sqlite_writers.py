"""Two referees' app processes writing to one SQLite file at the same moment: they take turns (WAL,
BEGIN IMMEDIATE, a busy timeout; config/settings.py) instead of failing with "database is locked".

Each writer is its own OS process (tests/scoring/sqlite_writers.py) logging in and entering hands
through the hand form, on tables of its own and, racing the other, on shared tables. The suite's own
database is in memory, so the test migrates a file database of its own in tmp_path.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

SCRIPT = Path(__file__).with_name("sqlite_writers.py")
ROOT = SCRIPT.parents[2]
TABLES, SHARED, WORKERS, HANDS = 10, 2, 2, 16

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="an SQLite file test; it runs once, in the SQLite run of the suite"
)


def run(env, *args, timeout=120):
    result = subprocess.run(
        [sys.executable, *map(str, args)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_two_writer_processes_never_see_database_is_locked(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'writers.sqlite3'}",
        "DEBUG": "1",
        "LOG_LEVEL": "ERROR",
    }
    run(env, "manage.py", "migrate", "--noinput")
    run(env, SCRIPT, "setup", TABLES)
    go = tmp_path / "go"
    writers = [
        subprocess.Popen(
            [sys.executable, *map(str, (SCRIPT, "write", w, WORKERS, SHARED, go))],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(WORKERS)
    ]
    go.touch()  # both processes are up and waiting: they start writing together
    reports = []
    for writer in writers:
        out, err = writer.communicate(timeout=300)
        assert writer.returncode == 0, err[-3000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))

    for report in reports:
        assert report["errors"] == [], report
        assert "500" not in report["status"], report
        assert report["reads"] == HANDS  # the standings answered between hands, while the other wrote
    own_hands = (TABLES - SHARED) * HANDS
    shared_hands = SHARED * HANDS
    # Every hand of a shared table was entered by exactly one writer; the other was told it was late.
    assert sum(r["recorded"] for r in reports) == own_hands + shared_hands
    assert sum(r["stale"] for r in reports) == shared_hands * (WORKERS - 1)

    stored = json.loads(run(env, SCRIPT, "check"))
    assert "journal_mode=WAL" in stored["journal_mode"]
    assert stored["hands"] == TABLES * HANDS
    assert stored["versions"] == [1]  # each hand stored once: no lost hand, no duplicate version
    assert stored["without_current"] == 0
