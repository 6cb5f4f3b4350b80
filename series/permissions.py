"""Who may do what with a series: see it (``Series.objects.visible_to``), organize it, create one."""

from __future__ import annotations

from series.models import Series, SeriesRole
from tournament.permissions import organizes_a_tournament


def is_series_organizer(user, series: Series) -> bool:
    if getattr(user, "is_superuser", False):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return SeriesRole.objects.filter(series=series, user=user, role=SeriesRole.Role.ORGANIZER).exists()


def can_create_series(user) -> bool:
    """Staff, holders of *Can add series*, organizers of a tournament (who rank their own events) and
    organizers of a series (who run rankings)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or user.is_superuser or user.has_perm("series.add_series"):
        return True
    if SeriesRole.objects.filter(user=user).exists():
        return True
    return organizes_a_tournament(user)
