"""The page shown to a login that django-axes refuses while an account or address is locked out."""

from django.conf import settings
from django.shortcuts import render


def lockout_response(request, original_response=None, credentials=None):
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return render(request, "registration/locked_out.html", {"lockout_minutes": minutes}, status=429)


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
