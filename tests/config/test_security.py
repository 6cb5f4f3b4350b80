"""Login throttling, the Content-Security-Policy header and DEBUG's default."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def _login(client, username, password, address="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.mark.django_db
def test_ten_wrong_passwords_lock_the_account_from_that_address_even_with_the_right_one(client, organizer):
    for _ in range(9):
        assert _login(client, "organizer", "wrong").status_code == 200  # the form again, with its error
    assert _login(client, "organizer", "wrong").status_code == 429  # the tenth locks
    response = _login(client, "organizer", "pw-organizer")
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()
    assert "15 minutes" in response.content.decode()
    assert response["Retry-After"] == "900"
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_nobody_elsewhere_can_lock_a_named_account(client, organizer):
    """Done when (issue 23): ten failed logins for organizer from another address, then the organizer logs in
    from the first: in."""
    for _ in range(10):
        _login(client, "organizer", "wrong", address="10.0.1.1")
    assert _login(client, "organizer", "pw-organizer", address="10.0.1.1").status_code == 429
    assert _login(client, "organizer", "pw-organizer", address="10.9.9.9").status_code == 302


@pytest.mark.django_db
def test_the_account_is_not_locked_by_failures_spread_over_addresses(client, organizer):
    for i in range(10):
        _login(client, "organizer", "wrong", address=f"10.0.1.{i}")
    assert _login(client, "organizer", "pw-organizer", address="10.0.1.0").status_code == 302


@pytest.mark.django_db
def test_failures_for_other_usernames_lock_nobody_else_at_the_venue(client, organizer, referee):
    """Done when (issue 23): from one address, ten failed logins for ten unknown usernames, then the referee
    logs in with the right password: in."""
    for i in range(10):
        _login(client, f"nobody{i}", "wrong", address="10.0.2.1")
    assert _login(client, "referee", "pw-referee", address="10.0.2.1").status_code == 302


@pytest.mark.django_db
def test_one_referee_locked_out_leaves_the_others_at_that_address_in(client, organizer, referee):
    for _ in range(10):
        _login(client, "organizer", "wrong", address="10.0.2.1")
    assert _login(client, "referee", "pw-referee", address="10.0.2.1").status_code == 302


@pytest.mark.django_db
def test_a_flood_from_one_address_locks_that_address(client, organizer, referee, settings):
    """The much higher per-address ceiling: LOGIN_ADDRESS_FAILURE_LIMIT failures, whatever the usernames."""
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 30
    for i in range(30):
        _login(client, f"nobody{i}", "wrong", address="10.0.3.1")
    response = _login(client, "referee", "pw-referee", address="10.0.3.1")
    assert response.status_code == 429
    assert "Logins from this network are paused" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert _login(client, "referee", "pw-referee", address="10.0.3.2").status_code == 302


def test_the_address_ceiling_is_much_higher_than_the_pair_limit():
    from django.conf import settings

    assert settings.LOGIN_ADDRESS_FAILURE_LIMIT >= 10 * settings.LOGIN_FAILURE_LIMIT


@pytest.mark.django_db
def test_nine_failures_then_the_right_password_logs_in(client, organizer):
    for _ in range(9):
        _login(client, "organizer", "wrong")
    assert _login(client, "organizer", "pw-organizer").status_code == 302
    assert client.session["_auth_user_id"] == str(organizer.pk)


@pytest.mark.django_db
def test_the_lockout_limit_is_configurable(client, organizer, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    for _ in range(3):
        _login(client, "organizer", "wrong")
    assert _login(client, "organizer", "pw-organizer").status_code == 429


@pytest.mark.django_db
def test_the_lockout_message_is_in_spanish(client, organizer):
    for _ in range(10):
        _login(client, "organizer", "wrong")
    response = client.post(
        reverse("login"),
        {"username": "organizer", "password": "pw-organizer"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert "Demasiados intentos" in response.content.decode()


@pytest.mark.django_db
def test_every_page_carries_a_content_security_policy(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy


def test_no_template_needs_inline_scripts_or_styles():
    """The policy forbids inline code; a template that adds some would break silently in browsers."""
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for needle in ("<style", " style=", " onclick=", " onchange=", " onsubmit=", " onload=", "javascript:"):
            if needle in text:
                offenders.append(f"{path.relative_to(ROOT)}: {needle.strip()}")
        for line in text.splitlines():
            if "<script" in line and " src=" not in line:
                offenders.append(f"{path.relative_to(ROOT)}: inline <script>")
    assert offenders == []


def _settings_value(name, **env):
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE"}}
    clean.update(env)
    code = f"import config.settings as s; print(s.{name})"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60)


def test_debug_is_off_unless_turned_on():
    result = _settings_value("DEBUG", SECRET_KEY="s" * 60)
    assert result.stdout.strip() == "False", result.stderr
    assert _settings_value("DEBUG", DEBUG="1").stdout.strip() == "True"


def test_no_default_secret_key_outside_debug():
    result = _settings_value("SECRET_KEY")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_make_run_turns_debug_on():
    makefile = (ROOT / "Makefile").read_text()
    assert "export DEBUG ?= 1" in makefile


@pytest.mark.django_db
@pytest.mark.parametrize("length", [150, 151, 300])
def test_absurdly_long_usernames_are_refused_not_a_server_error(client, length):
    """The login throttle counts the attempt under the first 150 characters (both databases)."""
    from core.models import ThrottleCount

    response = client.post(reverse("login"), {"username": "é" * length, "password": "wrong"})
    assert response.status_code == 200
    assert ThrottleCount.objects.filter(scope="login-pair", count=1).exists()
