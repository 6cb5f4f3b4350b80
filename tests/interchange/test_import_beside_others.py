"""Other users' pages keep working during an import on SQLite (issue 11, item 3): the import is one
transaction holding SQLite's write lock; in WAL mode every page still answers at once, and a login, which
writes (the session, the last login, the login throttle's count), waits for the import and then goes through.

The import is held open between its players and its sessions (tests/interchange/import_beside.py) while
other processes read and log in; the suite's own database is in memory, so the test migrates a file
database of its own in tmp_path.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

SCRIPT = Path(__file__).with_name("import_beside.py")
ROOT = SCRIPT.parents[2]

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="an SQLite file test; it runs once, in the SQLite run of the suite"
)


def run(env, *args, timeout=120):
    result = subprocess.run(
        [sys.executable, *map(str, args)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def report(out):
    return json.loads(out.strip().splitlines()[-1])


def test_pages_answer_and_a_login_waits_its_turn_during_an_import(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'beside.sqlite3'}",
        "DEBUG": "1",
        "ALLOWED_HOSTS": "testserver",
        "LOG_LEVEL": "ERROR",
    }
    run(env, "manage.py", "migrate", "--noinput")
    run(env, SCRIPT, "setup")
    inside, go = tmp_path / "inside", tmp_path / "go"
    importer = subprocess.Popen(
        [sys.executable, str(SCRIPT), "import", str(inside), str(go)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not inside.exists():
            assert importer.poll() is None, importer.communicate()[1][-3000:]
            assert time.monotonic() < deadline, "the import never got going"
            time.sleep(0.05)
        # The import holds the write lock now: every page of the other tournament answers.
        pages = report(run(env, SCRIPT, "read"))
        assert set(pages.values()) == {200}, pages
        posting = tmp_path / "posting"
        login = subprocess.Popen(
            [sys.executable, str(SCRIPT), "login", str(posting)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        while not posting.exists():
            assert login.poll() is None, login.communicate()[1][-3000:]
            assert time.monotonic() < deadline + 120, "the login never got going"
            time.sleep(0.05)
        go.touch()  # the import goes on and commits; the login, waiting for the lock, then goes through
        out, err = login.communicate(timeout=120)
        assert login.returncode == 0, err[-3000:]
        assert report(out) == {"login": 302, "to": "/start/"}
        out, err = importer.communicate(timeout=120)
        assert importer.returncode == 0, err[-3000:]
        assert report(out) == {"imported": "big", "hands": 480}
    finally:
        go.touch()
        if importer.poll() is None:
            importer.kill()
