"""The visitor's address, as the app sees it behind the proxies it trusts (settings ``TRUSTED_PROXIES`` or
``TRUSTED_PROXY_COUNT``; docs/deploy.md).

Every reader of an address goes through :func:`client_address`: the login and player-code throttles
(core/login_guard.py, tournament/code_guard.py) and the audit log. At a venue every phone leaves through
the hall's one public address, and behind nginx the app's own ``REMOTE_ADDR`` is nginx's; only the proxies
the settings name may say who the visitor is, in ``X-Forwarded-For``. A request that did not come through
them (its ``REMOTE_ADDR`` is not a trusted proxy) is taken at its ``REMOTE_ADDR``, whatever it claims.

The chain is read by django-ipware (python-ipware underneath): the addresses of ``X-Forwarded-For``, then the
``REMOTE_ADDR`` the app saw, since every proxy appends the address it received the request from. With
``TRUSTED_PROXIES`` (one entry per proxy hop, the one nearest the visitors first, the app server's own last),
the trailing hops must be those proxies, in that order; the address before them is the visitor's. With
``TRUSTED_PROXY_COUNT`` the last that many hops are taken as proxies unchecked (for when the app server can be
reached only through them). Neither: ``X-Forwarded-For`` is ignored.

:class:`ClientAddressMiddleware` keeps the address of the request being served, so the audit log records it
without every service being handed the request; it is reset when the response leaves (nothing is kept between
requests).
"""

from __future__ import annotations

import contextvars
from types import SimpleNamespace

from django.conf import settings
from ipware import get_client_ip

_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("client_address", default=None)

# The header every proxy of docs/deploy.md sets; no other header is ever believed.
FORWARDED_HEADER = "HTTP_X_FORWARDED_FOR"


def _remote_addr(request) -> str:
    return str(request.META.get("REMOTE_ADDR") or "")[:45]


def client_address(request) -> str:
    """The visitor's address: told by the trusted proxies in front of the app, else the connection's own."""
    remote = _remote_addr(request)
    proxies = list(getattr(settings, "TRUSTED_PROXIES", []) or [])
    count = getattr(settings, "TRUSTED_PROXY_COUNT", None)
    forwarded = str(request.META.get(FORWARDED_HEADER) or "")
    if not remote or not forwarded or (not proxies and not count):
        return remote
    # The whole chain as the last proxy passed it on: what it received in X-Forwarded-For, then itself.
    # django-ipware reads only ``META`` of the request it is given.
    chain = SimpleNamespace(META={FORWARDED_HEADER: f"{forwarded[:2000]}, {remote}"})
    address, _routable = get_client_ip(
        chain,  # type: ignore[arg-type]
        proxy_count=count if not proxies else None,
        proxy_trusted_ips=proxies or None,
        request_header_order=[FORWARDED_HEADER],
        strict=False,  # addresses a visitor put in X-Forwarded-For themselves stand before the real ones
    )
    return str(address) if address else remote


def current_address() -> str | None:
    """The address of the request being served, or None outside a request (a command, a test calling a
    service directly)."""
    return _current.get()


class ClientAddressMiddleware:
    """Keeps the request's address (``client_address``) while it is served, for the audit log."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _current.set(client_address(request) or None)
        try:
            return self.get_response(request)
        finally:
            _current.reset(token)
