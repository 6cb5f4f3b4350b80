"""What a service says when the row it was asked to change has gone by the time it holds its lock.

Two organizers at once: one deletes or merges a team, revokes a role; the other's request, already past its
page's lookup, reaches the service a moment later. The service locks the tournament first, so by then the
other change has committed and its audit entry says what became of the row; the second request gets that as
a ``ValidationError`` (the page shows it, nothing is written), never a server error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from tournament.models import AuditLog

if TYPE_CHECKING:
    from tournament.models import Team, Tournament, TournamentRole

M = TypeVar("M", bound=models.Model)


def locked_again(queryset: models.QuerySet[M], pk, gone: ValidationError) -> M:
    """The row ``pk`` of ``queryset`` read again under its lock, or ``gone`` raised when it no longer exists."""
    row = queryset.filter(pk=pk).first()
    if row is None:
        raise gone
    return row


def team_gone(tournament: Tournament, team: Team) -> ValidationError:
    """Why ``team`` (as the page knew it) is no longer there: merged into another team, or removed."""
    merged = (
        AuditLog.objects.filter(tournament=tournament, action="team.merge", data__merged_id=team.pk)
        .order_by("-created_at", "-id")
        .first()
    )
    if merged is not None:
        return ValidationError(
            _("Team %(team)s was merged into %(into)s a moment ago.")
            % {"team": team.name, "into": merged.data.get("into", "")},
            code="team_gone",
        )
    return ValidationError(_("Team %(team)s was removed a moment ago.") % {"team": team.name}, code="team_gone")


def role_gone(role: TournamentRole) -> ValidationError:
    return ValidationError(
        _("%(user)s is no longer %(role)s: someone took that role away a moment ago.")
        % {"user": role.user.get_username(), "role": role.get_role_display()},
        code="role_gone",
    )
