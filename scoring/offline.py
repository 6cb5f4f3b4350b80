"""The table page's outbox, server side (issue 22; static/js/outbox.js): the service worker that keeps a referee's
table pages on the phone, and the JSON answers of the hand and foul endpoints to the outbox.

Served by Django at ``/sw.js`` rather than from /static/, so that it may look after pages under /t/ and so that
it names the page's files by their content-hashed URLs of this deployment (a new deployment is a new worker,
which replaces the files it keeps). Browsers check it for a change on each visit (``Cache-Control: no-cache``).
"""

import hashlib
import json
import re
import uuid

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.views import View

# The files a referee's table page uses (templates/scoring/sheet.html; the tile picker's, which the page loads
# only when the tiles are opened, and its sprite): kept on the phone so the page opens, and the tile picker
# works, without a network. Those the page has just loaded come from the browser's cache: only the tile
# picker's three cross the network. Any other file of the page (the session clock's script, when a clock
# runs) is kept once the page has used it.
TABLE_PAGE_ASSETS = [
    "css/site.css",
    "css/table.css",
    "css/signing.css",
    "css/tile-picker.css",
    "js/table-entry.js",
    "js/tile-picker.js",
    "js/outbox.js",
    "js/result.js",
    "js/site.js",
    "js/kept-pages.js",
    "tiles/sprite.svg",
]

# A table page: /t/<slug>/sessions/<n>/tables/<t>/ (scoring.urls under config.urls). A page is kept only once
# the page itself asked for it (outbox.js, for a referee who may enter on it).
TABLE_PAGE_PATH = r"^/t/[^/]+/sessions/\d+/tables/\d+/$"
SCOPE = "/t/"


class ServiceWorkerView(View):
    http_method_names = ["get", "head"]

    def get(self, request):
        assets = [static(name) for name in TABLE_PAGE_ASSETS]
        body = render_to_string(
            "scoring/service_worker.js",
            {
                "assets": json.dumps(assets),
                "static_prefix": json.dumps(static("")),
                "page_path": json.dumps(TABLE_PAGE_PATH),
                "kept_ms": json.dumps(int(settings.OFFLINE_PAGE_KEPT_HOURS * 3600 * 1000)),
            },
        )
        # The caches are named after what the worker keeps: a change of any file (its hashed name) or of the
        # worker is a new version.
        version = hashlib.sha256(body.encode()).hexdigest()[:12]
        response = HttpResponse(body.replace("__VERSION__", version), content_type="text/javascript; charset=utf-8")
        response["Cache-Control"] = "no-cache"
        return response


def is_table_page(path):
    return re.match(TABLE_PAGE_PATH, path) is not None


# -- the hand and foul endpoints' answers to the outbox (JSON); the plain forms still get a page -------------


def wants_json(request):
    """The outbox asks with ``Accept: application/json``; a browser posting a form never does."""
    return request.headers.get("Accept", "").startswith("application/json")


def entry_saved(message, **facts):
    """The server has the entry (or had it: ``replayed``); ``message`` is what the plain form would say."""
    return JsonResponse({"ok": True, "message": str(message), **facts})


# A change made meanwhile, or the same entry sent again with other content: 409 (the outbox shows it in place).
CONFLICTS = ("stale_version", "stale_fouls", "entry_key_conflict")


def page_status(exc) -> int:
    """The status of the page that shows a refused entry again with what was typed: 409 for an entry sent again
    under its key with other content (both are named in the form's error), else 200 as for any form error."""
    return 409 if getattr(exc, "code", None) == "entry_key_conflict" else 200


def fresh_key(data):
    """The posted data with a new idempotency key, for a form shown again after a conflict: sending it again
    is then a new entry, recorded if the referee means it, not the same key refused once more."""
    data = data.copy()
    data["idempotency_key"] = str(uuid.uuid4())
    return data


def entry_refused(form, exc=None):
    """The entry is refused, with the form's errors as the plain form shows them (by field; ``__all__`` for the
    form as a whole). A change made meanwhile elsewhere answers 409 with the version it is now at (``version``
    for a hand, ``fouls`` for the fouls), so the phone can offer to send it again on top of it."""
    errors = {field: [str(m) for m in messages] for field, messages in form.errors.items()}
    first = next((m for messages in errors.values() for m in messages), "")
    code = getattr(exc, "code", None) or "invalid"
    answer = {"ok": False, "code": code, "message": first, "errors": errors}
    params = getattr(exc, "params", None) or {}
    if code in ("stale_version", "stale_fouls") and "version" in params:
        answer["version"] = params["version"]
    if code == "entry_key_conflict":  # both versions, for the referee to compare
        answer["stored"], answer["sent"] = params["stored"], params["sent"]
    if isinstance(exc, PermissionDenied):
        answer["code"] = "forbidden"
        return JsonResponse(answer, status=403)
    return JsonResponse(answer, status=409 if code in CONFLICTS else 400)
