"""The questions asked of sessions and tournaments in a query, answered once: a session's state
(``tournament.lifecycle``) and who sees a tournament. ``tournament.models`` attaches them as the managers."""

from typing import Any

from django.db import models

from tournament import lifecycle
from tournament.lifecycle import SessionStatus

# The questions every reader asks of a session's state are answered once, in ``tournament.lifecycle``: in a
# query by ``Session.objects`` (``SessionQuerySet``), of one session by the ``Session.is_*`` properties. Pages,
# the API, the hall display, exports, PDFs and commands read these, never the statuses themselves.
_PUBLIC = lifecycle.PUBLIC
_SEATED = lifecycle.SEATED
_CLOSED = lifecycle.CLOSED


class SessionQuerySet(models.QuerySet):
    """Sessions by what a reader asks of them (see ``_PUBLIC`` and beside it). From another model, select
    through them: ``Seat.objects.filter(session__in=Session.objects.public())``."""

    def public(self) -> "SessionQuerySet":
        return self.filter(status__in=_PUBLIC)

    def not_public(self) -> "SessionQuerySet":
        return self.exclude(status__in=_PUBLIC)

    def seated(self) -> "SessionQuerySet":
        return self.filter(status__in=_SEATED)

    def closed(self) -> "SessionQuerySet":
        return self.filter(status__in=_CLOSED)

    def open(self) -> "SessionQuerySet":
        return self.exclude(status__in=_CLOSED)

    def all_closed(self) -> bool:
        """Some sessions, and every one of them closed; one query (the API's tournament counts its queries)."""
        counts = self.aggregate(
            n=models.Count("pk"), still_open=models.Count("pk", filter=~models.Q(status__in=_CLOSED))
        )
        return counts["n"] > 0 and counts["still_open"] == 0

    def planned(self) -> "SessionQuerySet":
        return self.filter(status=SessionStatus.PLANNED)

    def awaiting_publication(self) -> "SessionQuerySet":
        return self.filter(status__in=lifecycle.AWAITING_PUBLICATION)

    def with_table_count(self) -> "SessionQuerySet":
        """Each session with ``table_count``, its number of tables (``CountedSession``)."""
        return self.annotate(table_count=models.Count("tables"))


class TournamentQuerySet(models.QuerySet):
    def visible_to(self, user, *, token_for: int | None = None) -> "TournamentQuerySet":
        """The one rule of who sees a tournament, read by the home page, every tournament page, the API and the
        work queues: a public one, everyone; one that is not public, whoever holds a role in it (organizer,
        chief referee, referee, appeals committee) and the superusers; through the API, the tournament of the
        caller's token (``token_for``, its id). Others get "no such tournament" (404), so its existence is not
        revealed."""
        if getattr(user, "is_superuser", False):
            return self.all()
        visible = models.Q(published=True)
        if getattr(user, "is_authenticated", False):
            # TournamentRole, through the relation: this module sits below the models that use it.
            roles: Any = self.model._meta.get_field("roles").related_model
            visible |= models.Q(pk__in=roles.objects.filter(user=user).values("tournament_id"))
        if token_for is not None:
            visible |= models.Q(pk=token_for)
        return self.filter(visible)
