"""No blank 405 page: an action's address opened as a page goes to the page its button is on.

Every state change is a POST to its own address (``/manage/seating/publish/``, ``/sessions/3/close/``). That
address ends up in the address bar after a refused post, in a reload, in the login's ``?next=`` and in the
history; opening it answers 405, which browsers show as an empty "HTTP ERROR 405". This middleware turns such a
GET into a redirect to the nearest address above it that is a page (``/manage/seating/``, ``/manage/sessions/``)
with a message saying nothing was done. Nothing is done on the GET: the view answered 405 without acting.

The JSON API keeps its own 405 answer, which scripts read.
"""

from django.contrib import messages
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _


def shows_a_page(path: str) -> bool:
    """Whether a GET of ``path`` reaches a view that answers GET (not only a route that matches)."""
    try:
        match = resolve(path)
    except Resolver404:
        return False
    view_class = getattr(match.func, "view_class", None)
    if view_class is None:
        return True  # a function view: Django's own (admin, i18n) and the few of ours all answer GET
    return "get" in view_class.http_method_names and hasattr(view_class, "get")


def page_of_action(path: str) -> str:
    """The nearest address above ``path`` that is a page: ``/t/x/manage/seating/publish/`` ->
    ``/t/x/manage/seating/``; ``/t/x/appeals/4/amend/hand/`` -> ``/t/x/appeals/4/``. At worst the home page."""
    parts = [p for p in path.split("/") if p]
    while parts:
        parts.pop()
        candidate = "/" + "/".join(parts) + "/" if parts else "/"
        if shows_a_page(candidate):
            return candidate
    return "/"


class ActionPageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            request.method in ("GET", "HEAD")
            and isinstance(response, HttpResponseNotAllowed)
            and not response.get("Content-Type", "").startswith("application/json")
            and not request.path.startswith("/api/")
        ):
            messages.info(
                request,
                _("Nothing was done: that address is the button of a form, not a page. Here is its page."),
            )
            return HttpResponseRedirect(page_of_action(request.path))
        return response
