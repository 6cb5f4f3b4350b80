"""What a user typed into a form, kept across a login that changed or ended, so it is never silently lost.

Two things stop a post from reaching its view: Django's CSRF check, when the login changed in another tab (the
token on the open form is no longer the current one), and the login check, when the login ended. For the forms
where typing costs (a hand, a foul, an appeal, a decision) the post is kept in the user's session under its
address, the user is sent (after logging in, if need be) to a GET of that same address, and the view shows its
form filled in with what was posted, to check and send again. Views that can do so say ``keeps_input = True``.

The session survives logging in (Django keeps its data and only changes its key), so an anonymous user's kept
post is there after the login. One post is kept at a time: the latest.
"""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import QueryDict
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

SESSION_KEY = "kept_input"


def _view_says(path: str, attribute: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return bool(getattr(getattr(match.func, "view_class", None), attribute, False))


def keeps_input(path: str) -> bool:
    return _view_says(path, "keeps_input")


def needs_no_login(path: str) -> bool:
    """A form its user fills in without a login (a player's, signed by their code): kept, it comes back at once."""
    return _view_says(path, "needs_no_login")


def keep(request) -> None:
    request.session[SESSION_KEY] = {
        "path": request.path,
        "data": {key: values for key, values in request.POST.lists() if key != "csrfmiddlewaretoken"},
    }


def take(request) -> QueryDict | None:
    """The post kept for this address, once: a reload afterwards shows the page as usual."""
    kept = request.session.get(SESSION_KEY)
    if not kept or kept.get("path") != request.path:
        return None
    del request.session[SESSION_KEY]
    data = QueryDict(mutable=True)
    for key, values in kept["data"].items():
        data.setlist(key, values)
    return data


def login_then_back(request):
    """An anonymous post (the login ended): keep what was typed where the view can show it again, then log in."""
    # The table page's outbox (static/js/outbox.js) keeps its own copy and asks for JSON: not kept twice.
    wants_page = not request.headers.get("Accept", "").startswith("application/json")
    if request.method == "POST" and wants_page and keeps_input(request.path):
        keep(request)
        messages.warning(
            request, _("Your login has ended, so this was not sent. Log in again: what you typed comes back.")
        )
    return redirect_to_login(request.get_full_path())


def restored(request) -> None:
    """Say so on the page that shows a kept post again, in words that fit who sent it: someone not logged in (a
    player with their code) had no login to change, only a page opened too long ago."""
    if request.user.is_authenticated:
        message = _("Nothing was sent yet: your login changed. Check what you typed and send it again.")
    else:
        message = _("The page had expired: nothing was sent yet. Check what you typed and send it again.")
    messages.warning(request, message)
