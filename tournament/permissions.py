"""Who may do what in a tournament: organizers everything, referees score entry, others read."""
from tournament.models import TournamentRole


def _roles(user, tournament):
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


def is_organizer(user, tournament):
    if getattr(user, "is_superuser", False):
        return True
    return TournamentRole.Role.ORGANIZER in _roles(user, tournament)


def can_score(user, tournament):
    """Referees enter hands; organizers may too."""
    if is_organizer(user, tournament):
        return True
    return TournamentRole.Role.REFEREE in _roles(user, tournament)
