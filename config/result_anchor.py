"""An action's result in view without JavaScript (issue 21).

After an action the view redirects to its page at the panel the action belongs to (``/sheet/#signing``), and
its message is shown at the top of the page's messages region. Without script the browser scrolls to the panel
and the message sits far above, out of sight. So a redirect that carries a message and a panel's anchor is sent
to ``#result`` instead, the messages region (``id="result"`` in base.html and the table page's entry panel): the
browser itself scrolls there. The panel is kept on the messages (their ``extra_tags``, drawn as
``data-panel``), and static/js/result.js, where script runs, moves them into that panel and shows the panel, as
before. Nothing else sets ``extra_tags``: a message's class is its level alone.
"""

from django.contrib.messages import get_messages

RESULT = "result"


class ResultAnchorMiddleware:
    """Below MessageMiddleware, so the queued messages are tagged before they are stored."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code not in (301, 302, 303) or not hasattr(request, "_messages"):
            return response
        location = response.get("Location", "")
        base, hash_, anchor = location.partition("#")
        if not hash_ or not anchor or anchor == RESULT or not location.startswith("/") or location.startswith("//"):
            return response
        queued = getattr(get_messages(request), "_queued_messages", [])
        if not queued:
            return response
        for message in queued:
            message.extra_tags = anchor
        response["Location"] = f"{base}#{RESULT}"
        return response
