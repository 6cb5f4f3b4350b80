"""Player codes against guessing, without locking a venue out (docs/security.md has the arithmetic).

A player code opens that player's private page with no login (``tournament.services.player_for_code``). At a
venue every phone shares the hall's one address, so the throttle must let a hall's worth of mistyped codes
through, and still make guessing hopeless:

- wrong codes are counted per address and tournament; an address may get ``PLAYER_CODE_FAILURE_LIMIT`` wrong
  in any ``PLAYER_CODE_WINDOW_MINUTES``; past that its guesses are refused (429, and when it may try again)
  until the oldest of them leaves the window. A refused guess is not looked up, so it tells nothing;
- a phone that has opened a player's page before carries a signed cookie naming that code: it keeps its page
  while its address is refused, since it proved the code already. So one person typing hundreds of wrong codes
  at the venue keeps out only the phones that never opened their page.

The counts are rows in the database (``CodeFailure``), so every app server sees the same ones.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core import signing
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

from tournament.models import CodeFailure

if TYPE_CHECKING:
    from tournament.models import Tournament

COOKIE = "player_codes"
COOKIE_SALT = "tournament.code_guard"
COOKIE_MAX_AGE = 60 * 60 * 24 * 30  # a month: the length of any tournament
COOKIE_CODES = 8  # the codes one phone remembers (a player and the captain of a team, a family's phones...)


def failure_limit() -> int:
    return settings.PLAYER_CODE_FAILURE_LIMIT


def failure_window() -> timedelta:
    return timedelta(minutes=settings.PLAYER_CODE_WINDOW_MINUTES)


def refused_until(*, tournament: Tournament, address: str) -> datetime | None:
    """When ``address`` may guess again in ``tournament``, or None when it may now."""
    window, limit = failure_window(), failure_limit()
    recent = list(
        CodeFailure.objects.filter(tournament=tournament, address=address[:64], created_at__gte=timezone.now() - window)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:limit]
    )
    if len(recent) < limit:
        return None
    return recent[-1] + window  # once the oldest of the last `limit` failures has left the window


def record_failure(*, tournament: Tournament, address: str) -> None:
    since = timezone.now() - failure_window()
    CodeFailure.objects.filter(tournament=tournament, created_at__lt=since).delete()  # only the window counts
    CodeFailure.objects.create(tournament=tournament, address=address[:64])


def _key(tournament: Tournament, code: str) -> str:
    return f"{tournament.pk}:{code}"


def _remembered(request) -> list[str]:
    try:
        value = request.get_signed_cookie(COOKIE, default=None, salt=COOKIE_SALT, max_age=COOKIE_MAX_AGE)
    except signing.BadSignature:
        return []
    if not isinstance(value, str):
        return []
    return [k for k in value.split(",") if k][:COOKIE_CODES]


def is_known(request, tournament: Tournament, code: str) -> bool:
    """Whether this phone has opened the page of ``code`` before (its signed cookie says so)."""
    return bool(code) and _key(tournament, code) in _remembered(request)


def remember(response, request, tournament: Tournament, code: str) -> None:
    """Let this phone keep ``code``'s page while its address is refused (see the module's docstring)."""
    key = _key(tournament, code)
    keys = _remembered(request)
    if keys and keys[0] == key:
        return  # already the latest: no new cookie on every page view
    keys = [key, *(k for k in keys if k != key)][:COOKIE_CODES]
    response.set_signed_cookie(
        COOKIE,
        ",".join(keys),
        salt=COOKIE_SALT,
        max_age=COOKIE_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def player_for_request(request, *, tournament: Tournament, code: str):
    """``player_for_code`` for a request: its address (behind the trusted proxies) and its cookie."""
    from core.client import client_address
    from tournament.services import normalise_code, player_for_code

    known = is_known(request, tournament, normalise_code(code))
    return player_for_code(tournament=tournament, code=code, address=client_address(request), known=known)


def wait_minutes(until: datetime | None) -> int:
    if until is None:
        return max(1, settings.PLAYER_CODE_WINDOW_MINUTES)
    return max(1, math.ceil((until - timezone.now()).total_seconds() / 60))


def refused_message(until: datetime | None) -> str:
    minutes = wait_minutes(until)
    return ngettext(
        "Too many wrong player codes have been typed from this network lately. Try again in %(n)s minute. "
        "A phone that has opened its page before still can; a referee can also help.",
        "Too many wrong player codes have been typed from this network lately. Try again in %(n)s minutes. "
        "A phone that has opened its page before still can; a referee can also help.",
        minutes,
    ) % {"n": minutes}


def refused_response(request, tournament: Tournament, until: datetime | None):
    """The page a refused guess gets: 429, what happened and when to try again (also in Retry-After)."""
    response = render(
        request,
        "tournament/code_refused.html",
        {"tournament": tournament, "message": refused_message(until)},
        status=429,
    )
    response["Retry-After"] = str(wait_minutes(until) * 60)
    return response
