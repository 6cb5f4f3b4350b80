"""Production settings pass Django's deployment checks; development needs no configuration."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, **env):
    full_env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"}}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_with_production_settings():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x" * 20 + "production-secret-key-0123456789abcdefghij",
        ALLOWED_HOSTS="mcr.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_secret_key():
    result = run_manage("check", DEBUG="0", ALLOWED_HOSTS="mcr.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
