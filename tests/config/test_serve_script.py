"""`make serve` runs the app server through scripts/serve.sh, which starts the mail outbox's worker beside it when
mail is configured (EMAIL_HOST or EMAIL_BACKEND) and stops it when the app server stops; and the worker itself
stops cleanly when told (SIGTERM), living through a database that does not answer. Run here with stand-ins for
gunicorn and for Python that say what they were asked to do, and with the real worker."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "serve.sh"


def recipe_commands():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nserve: venv\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in recipe.replace("\\\n", " ").splitlines() if line.startswith("\t")]


def test_make_serve_starts_gunicorn_through_the_script_that_runs_the_mail_worker():
    last = recipe_commands()[-1]
    assert last.startswith('PY="$(PY)" sh scripts/serve.sh $(VENV)/bin/gunicorn config.wsgi:application')
    script = SCRIPT.read_text()
    assert "manage.py send_mail_outbox" in script and "EMAIL_HOST" in script and "EMAIL_BACKEND" in script


@pytest.fixture
def stand_ins(tmp_path):
    """A Python stand-in whose `manage.py send_mail_outbox` notes that it started and that it was stopped (by
    SIGTERM), and a log of it."""
    log = tmp_path / "log"
    python = tmp_path / "python"
    python.write_text(
        "#!/bin/sh\n"
        f"trap 'echo worker stopped >> {log}; exit 0' TERM\n"
        f'echo "worker started: $*" >> {log}\n'
        "while :; do sleep 0.05; done\n"
    )
    python.chmod(0o755)
    return python, log


def after_the_worker(log, status):
    """An app server that runs until the worker has started, then stops with ``status``."""
    return ["sh", "-c", f"until grep -q started {log} 2>/dev/null; do sleep 0.05; done; exit {status}"]


def serve(python, *server, **env):
    full_env = {k: v for k, v in os.environ.items() if k not in {"EMAIL_HOST", "EMAIL_BACKEND", "MAIL_WORKER"}}
    full_env.update(env, PY=str(python))
    return subprocess.Popen(
        ["sh", str(SCRIPT), *server], cwd=ROOT, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )


def wait_for(path, text, seconds=60.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if path.exists() and text in path.read_text():
            return True
        time.sleep(0.05)
    return False


def test_with_mail_configured_the_worker_runs_while_the_server_runs_and_stops_with_it(stand_ins):
    python, log = stand_ins
    process = serve(python, *after_the_worker(log, 3), EMAIL_HOST="smtp.example.org")
    assert process.wait(timeout=60) == 3  # the app server's own exit status
    assert log.read_text().splitlines() == ["worker started: manage.py send_mail_outbox", "worker stopped"]
    assert b"starting the outbox worker" in process.stdout.read()


def test_another_mail_backend_starts_the_worker_too(stand_ins):
    python, log = stand_ins
    process = serve(python, *after_the_worker(log, 0), EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend")
    assert process.wait(timeout=60) == 0
    assert "worker stopped" in log.read_text()


def test_without_mail_no_worker(stand_ins):
    python, log = stand_ins
    process = serve(python, "true")
    assert process.wait(timeout=60) == 0
    assert not log.exists()
    assert b"no mail worker" in process.stdout.read()


def test_mail_worker_0_leaves_the_worker_to_a_service_of_its_own(stand_ins):
    python, log = stand_ins
    process = serve(python, "true", EMAIL_HOST="smtp.example.org", MAIL_WORKER="0")
    assert process.wait(timeout=60) == 0
    assert not log.exists()


def test_stopping_the_script_stops_the_server_gracefully_then_the_worker(stand_ins, tmp_path):
    python, log = stand_ins
    server_log = tmp_path / "server"
    server = f"trap 'echo server got TERM >> {server_log}; exit 0' TERM; echo up >> {server_log}; while :; do sleep 0.05; done"
    process = serve(python, "sh", "-c", server, EMAIL_HOST="smtp.example.org")
    assert wait_for(server_log, "up") and wait_for(log, "worker started")
    process.send_signal(signal.SIGTERM)  # systemd stopping the service, or kill
    assert process.wait(timeout=60) == 0
    assert "server got TERM" in server_log.read_text()
    assert log.read_text().splitlines()[-1] == "worker stopped"


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("delay", [0, 0.001, 0.01, 0.03, 0.1, 0.3])
def test_a_stop_while_starting_is_not_lost(tmp_path, delay, number):
    """systemd stopping the service a moment after starting it: whenever the signal comes, the script ends and
    leaves no worker or server behind (a signal before the server had started once left both running)."""
    pids = tmp_path / "pids"
    python = tmp_path / "python"
    python.write_text(f"#!/bin/sh\necho $$ >> {pids}\nwhile :; do sleep 0.05; done\n")
    python.chmod(0o755)
    process = serve(python, "sh", "-c", f"echo $$ >> {pids}; while :; do sleep 0.05; done", EMAIL_HOST="x.example.org")
    time.sleep(delay)
    process.send_signal(number)
    process.wait(timeout=60)
    time.sleep(0.2)
    for pid in pids.read_text().split() if pids.exists() else []:
        with pytest.raises(ProcessLookupError):
            os.kill(int(pid), 0)


def test_the_worker_lives_through_a_missing_database_and_stops_when_told(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'empty.sqlite3'}", MAIL_OFFERED="1")
    process = subprocess.Popen(
        [sys.executable, "manage.py", "send_mail_outbox", "--interval", "0.2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Django starts; the outbox table is missing: said, and looked for again (the worker goes on).
    first = process.stderr.readline()
    assert "did not answer" in first and process.poll() is None
    process.send_signal(signal.SIGTERM)
    out, _err = process.communicate(timeout=60)
    assert process.returncode == 0, first
    assert out.strip().endswith("stopped")
