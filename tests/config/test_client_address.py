"""The visitor's address comes from the trusted proxies only (TRUSTED_PROXIES / TRUSTED_PROXY_COUNT, read with
django-ipware): for the login throttle, the player-code throttle and the audit log."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import checks
from django.test import RequestFactory
from django.urls import reverse

from core.client import client_address
from tournament.models import AuditLog

ROOT = Path(__file__).resolve().parents[2]
PROXY = "127.0.0.1"  # nginx on the app's own machine, as in docs/deploy.md


def _request(remote, forwarded=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@pytest.fixture
def behind_nginx(settings):
    settings.TRUSTED_PROXIES = [PROXY]
    settings.TRUSTED_PROXY_COUNT = None


@pytest.mark.parametrize(
    ("remote", "forwarded", "expected"),
    [
        (PROXY, "203.0.113.5", "203.0.113.5"),  # nginx passed the visitor's address on
        (PROXY, "6.6.6.6, 203.0.113.5", "203.0.113.5"),  # what the visitor claimed is before nginx's entry
        (PROXY, None, PROXY),  # nothing forwarded: the connection's own address
        (PROXY, "not-an-address", PROXY),
        ("198.51.100.7", "203.0.113.5", "198.51.100.7"),  # not through the proxy: X-Forwarded-For ignored
        (PROXY, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_the_address_behind_a_trusted_proxy(behind_nginx, remote, forwarded, expected):
    assert client_address(_request(remote, forwarded)) == expected


def test_without_trusted_proxies_x_forwarded_for_is_ignored(settings):
    settings.TRUSTED_PROXIES = []
    settings.TRUSTED_PROXY_COUNT = None
    assert client_address(_request("198.51.100.7", "203.0.113.5")) == "198.51.100.7"


def test_a_chain_of_two_trusted_proxies(settings):
    """A load balancer (10.0.0.2) in front of nginx (127.0.0.1): one entry per hop, the nearest the visitors first."""
    settings.TRUSTED_PROXIES = ["10.0.0.0/24", PROXY]
    assert client_address(_request(PROXY, "203.0.113.5, 10.0.0.2")) == "203.0.113.5"
    assert client_address(_request(PROXY, "6.6.6.6, 203.0.113.5, 10.0.0.2")) == "203.0.113.5"
    # The hop before nginx is not the load balancer: that hop is the visitor (it reached nginx directly).
    assert client_address(_request(PROXY, "6.6.6.6, 203.0.113.9")) == PROXY


def test_a_proxy_count(settings):
    settings.TRUSTED_PROXIES = []
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_address(_request("10.1.1.1", "6.6.6.6, 203.0.113.5")) == "203.0.113.5"
    assert client_address(_request("10.1.1.1")) == "10.1.1.1"
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_address(_request("10.1.1.1", "203.0.113.5")) == "10.1.1.1"


def _login(client, username, password, remote, forwarded=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


@pytest.mark.django_db
def test_logins_behind_the_proxy_are_throttled_per_visitor(client, behind_nginx, organizer):
    for _ in range(10):
        _login(client, "organizer", "wrong", PROXY, "203.0.113.1")
    assert _login(client, "organizer", "pw-organizer", PROXY, "203.0.113.1").status_code == 429
    # Everyone comes through nginx; another visitor is not the one who failed.
    assert _login(client, "organizer", "pw-organizer", PROXY, "203.0.113.2").status_code == 302


@pytest.mark.django_db
def test_an_untrusted_client_cannot_dodge_the_lock_with_x_forwarded_for(client, behind_nginx, organizer):
    for i in range(10):
        _login(client, "organizer", "wrong", "198.51.100.7", f"203.0.113.{i}")
    assert _login(client, "organizer", "pw-organizer", "198.51.100.7", "203.0.113.77").status_code == 429


@pytest.mark.django_db
def test_an_untrusted_client_cannot_lock_someone_else_with_x_forwarded_for(client, behind_nginx, organizer):
    for _ in range(10):
        _login(client, "organizer", "wrong", "198.51.100.7", "203.0.113.1")
    assert _login(client, "organizer", "pw-organizer", PROXY, "203.0.113.1").status_code == 302


@pytest.mark.django_db
def test_the_audit_log_records_the_visitors_address(client, behind_nginx, tournament, organizer):
    client.force_login(organizer)
    response = client.post(
        reverse("manage-player-add", args=[tournament.slug]),
        {"number": 31, "name": "Ana López"},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR="203.0.113.40",
    )
    assert response.status_code == 302
    entry = AuditLog.objects.filter(action="player.create").latest("id")
    assert entry.address == "203.0.113.40"
    page = client.get(reverse("manage-audit", args=[tournament.slug]), REMOTE_ADDR=PROXY)
    assert "from 203.0.113.40" in page.content.decode()


@pytest.mark.django_db
def test_a_change_made_outside_a_request_has_no_address(tournament):
    assert AuditLog.objects.filter(tournament=tournament).exclude(address="").count() == 0


def test_the_deploy_check_warns_when_no_proxy_setting_is_given(settings):
    settings.TRUSTED_PROXIES = []
    settings.TRUSTED_PROXY_COUNT = None
    ids = [m.id for m in checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.security])]
    assert "tournament.W001" in ids
    settings.TRUSTED_PROXY_COUNT = 0
    ids = [m.id for m in checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.security])]
    assert "tournament.W001" not in ids


def _settings_run(**env):
    clean = {k: v for k, v in os.environ.items() if k not in {"TRUSTED_PROXIES", "TRUSTED_PROXY_COUNT"}}
    clean.update(DEBUG="1", **env)
    code = "import config.settings as s; print(s.TRUSTED_PROXIES, s.TRUSTED_PROXY_COUNT)"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60)


def test_the_proxy_settings_are_read_and_checked_at_start_up():
    assert _settings_run(TRUSTED_PROXIES="127.0.0.1, 10.0.0.0/8").stdout.strip() == "['127.0.0.1', '10.0.0.0/8'] None"
    assert _settings_run(TRUSTED_PROXY_COUNT="1").stdout.strip() == "[] 1"
    wrong = _settings_run(TRUSTED_PROXIES="nginx.local")
    assert wrong.returncode != 0 and "TRUSTED_PROXIES: 'nginx.local' is not an IP address" in wrong.stderr
    both = _settings_run(TRUSTED_PROXIES="127.0.0.1", TRUSTED_PROXY_COUNT="1")
    assert both.returncode != 0 and "not both" in both.stderr
    assert _settings_run(TRUSTED_PROXY_COUNT="one").returncode != 0
