"""Production settings pass Django's deployment checks; development needs no configuration."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 20 + "production-secret-key-0123456789abcdefghij",
    "ALLOWED_HOSTS": "mcr.example.org",
    "TRUSTED_PROXIES": "127.0.0.1",
}


def run_manage(*args, **env):
    hidden = {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "TRUSTED_PROXIES", "TRUSTED_PROXY_COUNT"}
    full_env = {k: v for k, v in os.environ.items() if k not in hidden}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_with_production_settings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_a_deployment_that_does_not_say_which_proxies_to_trust_fails_the_check():
    env = {k: v for k, v in PRODUCTION.items() if k != "TRUSTED_PROXIES"}
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert result.returncode != 0
    assert "tournament.W001" in result.stderr + result.stdout
    assert run_manage("check", "--deploy", "--fail-level", "WARNING", TRUSTED_PROXY_COUNT="0", **env).returncode == 0


def test_any_deploy_warning_fails_the_check_make_serve_runs():
    """Django's own warnings stop it too (here: no HTTPS redirect, W008)."""
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", SECURE_SSL_REDIRECT="0", **PRODUCTION)
    assert result.returncode != 0 and "security.W008" in result.stderr + result.stdout


@pytest.mark.parametrize("key", ["short-key", "x" * 49])
def test_production_refuses_a_secret_key_under_50_characters(key):
    result = run_manage("check", "--deploy", **{**PRODUCTION, "SECRET_KEY": key})
    assert result.returncode != 0
    assert "SECRET_KEY must be at least 50 characters" in result.stderr
    assert run_manage("check", **{**PRODUCTION, "SECRET_KEY": "x" * 50}).returncode == 0


@pytest.mark.parametrize("hosts", ["*", "mcr.example.org,*"])
def test_production_refuses_allowed_hosts_star(hosts):
    result = run_manage("check", "--deploy", **{**PRODUCTION, "ALLOWED_HOSTS": hosts})
    assert result.returncode != 0
    assert "ALLOWED_HOSTS must name the site's host names" in result.stderr


def test_development_accepts_what_production_refuses():
    result = run_manage("check", DEBUG="1", SECRET_KEY="short", ALLOWED_HOSTS="*")
    assert result.returncode == 0, result.stderr


def test_make_serve_checks_before_it_serves():
    """`make serve` runs `check --deploy --fail-level WARNING` before anything else, gunicorn last; make stops at
    the first command that fails, so a warning means no server."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nserve: venv\n", 1)[1].split("\n\n", 1)[0]
    # One tab starts a command; two, the continuation of the one before.
    commands = [line.strip() for line in recipe.splitlines() if line.startswith("\t") and line[1] != "\t"]
    assert commands[0] == "$(PY) manage.py check --deploy --fail-level WARNING"
    assert commands[-1].startswith('PY="$(PY)" sh scripts/serve.sh $(VENV)/bin/gunicorn')  # beside it, the mail worker
    assert not any(c.startswith("-") for c in commands)  # no command whose failure make would ignore


def test_production_refuses_to_start_without_secret_key():
    result = run_manage("check", DEBUG="0", ALLOWED_HOSTS="mcr.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
