"""The page shown to a login that django-axes refuses while an account or address is locked out."""
from django.conf import settings
from django.shortcuts import render


def lockout_response(request, original_response=None, credentials=None):
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return render(request, "registration/locked_out.html", {"lockout_minutes": minutes}, status=429)
