"""Which login a page was drawn for, so a phone never shows one person's private page to the next (issue 27).

The referees' table pages are kept on the phone by the service worker (templates/scoring/service_worker.js) to
open without a network. Each page carries its login's mark, a random id made at login and forgotten with the
session, and when that login ends (``X-Login-Mark`` and ``X-Login-Expires`` on the response, the same in
base.html's ``<meta name="login-mark">`` for pages outside the worker's reach). The worker keeps a copy only with
its mark and serves it only while the same login is the phone's current one, and not past its end: a logout
anywhere, a login that expired or was ended on the server (the next page says "no login"), another person
logging in (another mark), and the copies are not served; they are deleted.

A logout also answers ``Clear-Site-Data: "cache"`` (the browser's HTTP cache, where a page may have been kept
too). Never ``"storage"``: that would also empty IndexedDB, where the outbox keeps the hands a referee recorded
without a network and not sent yet (docs/offline.md), and those are never lost; they wait, unreadable to anyone
else's login, for their author's next one.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.urls import reverse

KEY = "login_mark"


@receiver(user_logged_in)
def _fresh_mark(sender, request, user, **kwargs):
    """Every login its own mark, even one that keeps its session's data."""
    if request is not None and hasattr(request, "session"):
        request.session[KEY] = secrets.token_hex(12)


def login_mark(request) -> tuple[str, str]:
    """The mark of the request's login and when it ends (ISO 8601), or ("", "") with no login."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return "", ""  # no session: nothing read (a public page stays without "Vary: Cookie")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "", ""
    session = request.session
    mark = session.get(KEY)
    if not mark:  # a session from before marks existed
        mark = session[KEY] = secrets.token_hex(12)
    return mark, session.get_expiry_date().isoformat()


def context(request):
    """Template context processor: ``login_mark`` and ``login_expires`` for base.html."""
    mark, expires = login_mark(request)
    return {"login_mark": mark, "login_expires": expires}


class LoginMarkMiddleware:
    """Stamps each page with its login's mark; a logout's answer clears the browser's HTTP cache."""

    def __init__(self, get_response):
        self.get_response = get_response
        self._logout = None

    def __call__(self, request):
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            mark, expires = login_mark(request)
            response["X-Login-Mark"] = mark
            response["X-Login-Expires"] = expires
        if request.method == "POST" and request.path == self._logout_path():
            response["Clear-Site-Data"] = '"cache"'
        return response

    def _logout_path(self):
        if self._logout is None:
            self._logout = reverse("logout")
        return self._logout
