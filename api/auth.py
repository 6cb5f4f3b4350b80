"""Who is calling the API: nobody in particular, or the holder of an organizer token
(``Authorization: Bearer <token>``). Cookies and sessions are never consulted."""

from django.http import HttpRequest
from django.utils.translation import gettext as _

from api.models import ApiToken
from api.services import token_hash
from tournament.permissions import is_organizer


class ApiAuthError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def request_token(request: HttpRequest) -> ApiToken | None:
    """The valid token the request carries, or None without an Authorization header.

    A header that is there but wrong is an error, not the public view: a misconfigured overlay should
    hear about it rather than silently lose the unpublished sessions.
    """
    header = request.headers.get("Authorization", "").strip()
    if not header:
        return None
    scheme, _sep, raw = header.partition(" ")
    raw = raw.strip()
    if scheme.lower() != "bearer" or not raw:
        raise ApiAuthError(_("Send the token as “Authorization: Bearer <token>”."))
    token = (
        ApiToken.objects.filter(key_hash=token_hash(raw), revoked_at__isnull=True)
        .select_related("tournament", "created_by")
        .first()
    )
    # The token speaks for the organizer who made it: when they lose the role, it stops working.
    if token is None or token.created_by is None or not is_organizer(token.created_by, token.tournament):
        raise ApiAuthError(
            _("This token is not valid: it is unknown, revoked, or its organizer no longer organizes the tournament.")
        )
    return token
