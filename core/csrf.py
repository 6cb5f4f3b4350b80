"""Django's CSRF check failed: a page in words instead of the raw "403 CSRF verification failed", and nothing
typed lost (settings.CSRF_FAILURE_VIEW).

On the day the usual cause is a login that changed: the user logged in again in another tab, which gives a new
token, and then sends a form opened before. For the forms where typing costs (``keeps_input``: a hand, a foul, an
appeal, a decision) the post is kept and the user goes back to the same form, filled in, to check and send again;
after logging in first if the login has ended meanwhile (core.kept_input).
"""

from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from core import kept_input


def csrf_failure(request, reason=""):
    if request.user.is_authenticated:
        message = _("This form was opened before your login changed, so it was not sent. Nothing was saved.")
    else:
        # No login to speak of (a player with their code, a visitor): the page was opened too long ago.
        message = _("This page had expired, so the form was not sent. Nothing was saved. Open it again and resend.")
    if request.headers.get("Accept", "").startswith("application/json"):
        # The table page's outbox reads a 403 without a code of ours as "log in again" and keeps the entry.
        return JsonResponse({"ok": False, "message": message}, status=403)
    if request.method == "POST" and kept_input.keeps_input(request.path):
        if not request.user.is_authenticated and not kept_input.needs_no_login(request.path):
            return kept_input.login_then_back(request)
        kept_input.keep(request)
        return redirect(request.path)
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        back = ""
    return render(request, "403_csrf.html", {"message": message, "back": back}, status=403)
