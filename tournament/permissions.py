"""Who may do what in a tournament: organizers everything but reopening signed sheets, referees score
entry, the chief referee score entry and the signed sheets, others read."""

from typing import Any

from django.conf import settings

from tournament.models import Tournament, TournamentRole

# ``user`` below is whatever a request carries: a User, an AnonymousUser, or the lazy object wrapping one.


def _roles(user: Any, tournament: Tournament) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    cache = getattr(user, "_tournament_roles_cache", None)
    if cache is None:
        cache = {}
        user._tournament_roles_cache = cache
    if tournament.pk not in cache:
        cache[tournament.pk] = set(
            TournamentRole.objects.filter(user=user, tournament=tournament).values_list("role", flat=True)
        )
    return cache[tournament.pk]


def is_organizer(user: Any, tournament: Tournament) -> bool:
    if getattr(user, "is_superuser", False):
        return True
    return TournamentRole.Role.ORGANIZER in _roles(user, tournament)


def is_chief_referee(user: Any, tournament: Tournament) -> bool:
    """Countersigns and reopens signed score sheets. Organizers are not chief referees unless given the role:
    the signatures on a sheet are the referees' word, not the organizers'."""
    if getattr(user, "is_superuser", False):
        return True
    return TournamentRole.Role.CHIEF_REFEREE in _roles(user, tournament)


def can_score(user: Any, tournament: Tournament) -> bool:
    """Referees enter hands; organizers and the chief referee may too."""
    if is_organizer(user, tournament):
        return True
    return bool({TournamentRole.Role.REFEREE, TournamentRole.Role.CHIEF_REFEREE} & _roles(user, tournament))


def is_referee(user: Any, tournament: Tournament) -> bool:
    """A referee or the chief referee by role: rule appeals go to them (MCR 3.13.1), not to organizers."""
    if getattr(user, "is_superuser", False):
        return True
    return bool({TournamentRole.Role.REFEREE, TournamentRole.Role.CHIEF_REFEREE} & _roles(user, tournament))


def is_appeals_committee(user: Any, tournament: Tournament) -> bool:
    """A member of the committee the organizer named for appeals not about the rules (MCR 3.13.2)."""
    if getattr(user, "is_superuser", False):
        return True
    return TournamentRole.Role.APPEALS_COMMITTEE in _roles(user, tournament)


def can_create_tournament(user):
    """The site's TOURNAMENT_CREATORS setting decides: staff, staff and holders of the permission, or anyone."""
    if not user.is_authenticated:
        return False
    who = getattr(settings, "TOURNAMENT_CREATORS", "permission")
    if who == "any_user":
        return True
    if who == "staff":
        return user.is_staff or user.is_superuser
    return user.is_staff or user.has_perm("tournament.add_tournament")


def organizes_a_tournament(user: Any) -> bool:
    """Whether the user organizes some tournament of this site (they may create a series to rank their
    events; the home page tells them who may create tournaments when the site does not let them)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return TournamentRole.objects.filter(user=user, role=TournamentRole.Role.ORGANIZER).exists()
