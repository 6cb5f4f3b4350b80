"""Login throttling with django-axes, fitted to a venue where every phone shares the hall's one address.

Failures lock the pair (username, address): ten wrong passwords for ``organizer`` from one address stop
``organizer`` from that address only. Nobody elsewhere can lock a named account, and a referee's typos at the
venue lock no one else out. Against a flood, an address with ``LOGIN_ADDRESS_FAILURE_LIMIT`` failures within
the lockout time, whatever the usernames, is locked as a whole. Counts live in axes's table, in the database,
so every app server sees the same ones.
"""

from django.conf import settings
from django.db.models import Sum
from django.shortcuts import render
from django.utils import timezone


def address_failures(address) -> int:
    """Failed logins from ``address`` within the lockout time, for every username."""
    from axes.models import AccessAttempt

    if not address:
        return 0
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    total = AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=since).aggregate(
        n=Sum("failures_since_start")
    )["n"]
    return total or 0


def address_flooded(address) -> bool:
    return address_failures(address) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT


def lockout_parameters(request_or_attempt, credentials=None):
    """What a failure counts against (``AXES_LOCKOUT_PARAMETERS``): the pair, or the address alone once it has
    failed more than its ceiling (its failures then exceed ``AXES_FAILURE_LIMIT`` many times over)."""
    address = getattr(request_or_attempt, "axes_ip_address", None) or getattr(request_or_attempt, "ip_address", None)
    if address_flooded(address):
        return ["ip_address"]
    return [["username", "ip_address"]]


def lockout_response(request, original_response=None, credentials=None):
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    flooded = address_flooded(getattr(request, "axes_ip_address", None))
    response = render(
        request, "registration/locked_out.html", {"lockout_minutes": minutes, "flooded": flooded}, status=429
    )
    response["Retry-After"] = str(minutes * 60)
    return response


# Django accepts usernames of at most 150 characters; axes stores what was typed in a 255-character
# column, so an absurdly long attempt would fail to be recorded (a server error on PostgreSQL). Any
# attempt longer than a real username is recorded by its first 150 characters: it cannot match an
# account anyway, and its failures still count toward the lockout.
USERNAME_MAX = 150


def attempted_username(request, credentials=None):
    value = (credentials or {}).get("username")
    if value is None:
        value = request.POST.get("username", "") if hasattr(request, "POST") else ""
    return str(value)[:USERNAME_MAX]
