"""Logins against password guessing, without locking a venue out (core/throttle.py counts; docs/security.md).

At a venue every phone leaves through the hall's one address, so what a wrong password counts against depends
on the browser (OWASP's device cookie, core/device.py):

- a browser that has logged in to this account before: only its own failures for it (``LOGIN_FAILURE_LIMIT``).
  Nobody else's failures, from this address or any other, keep it out;
- any other browser: the pair (address, username), ``LOGIN_FAILURE_LIMIT``, so one person's typos lock only that
  username from that address; and the address whatever the usernames, ``LOGIN_ADDRESS_FAILURE_LIMIT``, against
  a flood.

Each lock lasts ``LOGIN_LOCKOUT_MINUTES`` from its window's first failure. Every password check goes through the
backend below (the login page, the admin's), so none escapes it; a refused try is not checked at all.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils import timezone

from core import device, throttle
from core.client import client_address

# Django accepts usernames of at most 150 characters: anything longer cannot match an account, and is counted
# by its first 150.
USERNAME_MAX = 150
FLOOD = "login-address"
BROWSER = "login-browser"


def window() -> timedelta:
    return timedelta(minutes=settings.LOGIN_LOCKOUT_MINUTES)


def login_proof(username: str) -> str:
    return device.mark("login", username)


def buckets(request, username: str) -> list[throttle.Bucket]:
    """What a failed login of ``username`` from ``request`` counts against (the module's docstring)."""
    limit = settings.LOGIN_FAILURE_LIMIT
    browser = device.device_id(request)
    if browser and device.knows(request, login_proof(username)):
        return [throttle.Bucket(BROWSER, (browser, username), limit, window())]
    address = client_address(request) or ""
    return [
        throttle.Bucket("login-pair", (address, username), limit, window()),
        throttle.Bucket(FLOOD, (address,), settings.LOGIN_ADDRESS_FAILURE_LIMIT, window()),
    ]


class ThrottledModelBackend(ModelBackend):
    """Django's username-and-password check behind the throttle. A refused try raises PermissionDenied, which
    ends ``authenticate`` with no other backend asked; the middleware below then answers 429."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if request is None or not settings.LOGIN_THROTTLING or username is None:
            return super().authenticate(request, username=username, password=password, **kwargs)
        username = str(username)[:USERNAME_MAX]
        try:
            attempt = throttle.attempt(*buckets(request, username))
        except throttle.Throttled as refused:
            request.login_refused = refused
            raise PermissionDenied from None
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            full = attempt.failed()
            if full is not None:  # this failure locked: say so now, not at the next try
                request.login_refused = throttle.Throttled(full, throttle.refused_until(full) or timezone.now())
            # Ends the check here: Django's own ModelBackend, listed after this one only so that logins made
            # before it (their sessions name that backend) stay valid, does not check the password again.
            raise PermissionDenied
        attempt.succeeded()
        request.login_proved = login_proof(username)
        return user


class LoginGuardMiddleware:
    """Turns a refused login into the lockout page (429), and marks the browser of a successful one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        refused = getattr(request, "login_refused", None)
        if refused is not None:
            return lockout_response(request, refused)
        proof = getattr(request, "login_proved", None)
        if proof:
            device.remember(response, request, proof)
        return response


def lockout_response(request, refused: throttle.Throttled):
    seconds = max(60, int((refused.until - timezone.now()).total_seconds()))
    minutes = max(1, round(seconds / 60))
    response = render(
        request,
        "registration/locked_out.html",
        {
            "lockout_minutes": minutes,
            "flooded": refused.bucket.scope == FLOOD,
            "browser": refused.bucket.scope == BROWSER,
        },
        status=429,
    )
    response["Retry-After"] = str(minutes * 60)
    return response
