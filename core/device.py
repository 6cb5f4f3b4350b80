"""The device cookie (OWASP's answer to lockouts that hit bystanders): a browser that has proved something
before, a login or a player's code, carries a signed note of it, and its own next try is not refused because
of other people's failures at the same address.

The cookie holds a random id for the browser and the digests of what it proved (``mark``): never a username or
code in clear. It is signed with the site's key, so it cannot be forged or edited, and it is HttpOnly. Losing it
costs nothing but the head start: the browser is then treated as any other.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.core import signing

COOKIE = "device"
SALT = "core.device"
MAX_AGE = 60 * 60 * 24 * 90  # a season of tournaments
MARKS = 12  # what one browser remembers: a few logins, a player and the family's codes...


def mark(*parts) -> str:
    """The digest a proof is remembered by (``mark("login", username)``)."""
    text = "\x1f".join(str(p) for p in parts)
    return hashlib.sha256(f"{SALT}\x1f{text}".encode("utf-8", "surrogatepass")).hexdigest()[:24]


def _read(request) -> tuple[str, list[str]]:
    # Read once a request (a player's page checks the code, then notes it): checking the signature is the cost.
    raw = request.COOKIES.get(COOKIE)
    kept = getattr(request, "_device_read", None)
    if kept is not None and kept[0] == raw:
        return kept[1]
    try:
        value = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        value = None
    found: tuple[str, list[str]] = ("", [])
    if isinstance(value, str) and ":" in value:
        device_id, _, marks = value.partition(":")
        found = (device_id, [m for m in marks.split(",") if m][:MARKS])
    request._device_read = (raw, found)
    return found


def device_id(request) -> str:
    """This browser's id, or "" when it has no (valid) cookie yet."""
    return _read(request)[0]


def knows(request, proof: str) -> bool:
    """Whether this browser proved ``proof`` (a ``mark``) before."""
    return bool(proof) and proof in _read(request)[1]


def remember(response, request, proof: str) -> None:
    """Note on ``response`` that this browser proved ``proof``; the latest first, the oldest forgotten."""
    current, marks = _read(request)
    if current and marks and marks[0] == proof:
        return  # already the latest: no new cookie on every page
    current = current or secrets.token_hex(8)
    marks = [proof, *(m for m in marks if m != proof)][:MARKS]
    response.set_signed_cookie(
        COOKIE,
        f"{current}:{','.join(marks)}",
        salt=SALT,
        max_age=MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
