"""Loading a series from the URL and checking who may see or change it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import AccessMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from series.models import Series, SeriesRole
from series.selectors import is_series_organizer
from tournament.models import TournamentRole


def can_create_series(user) -> bool:
    """Staff, holders of *Can add series*, organizers of a tournament (who rank their own events) and
    organizers of a series (who run rankings)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or user.is_superuser or user.has_perm("series.add_series"):
        return True
    if SeriesRole.objects.filter(user=user).exists():
        return True
    return TournamentRole.objects.filter(user=user, role=TournamentRole.Role.ORGANIZER).exists()


def add_service_error(form, exc, field_for=None) -> None:
    """A service's ValidationError on the form, by field where the form has it (``field_for`` maps a
    service's key, e.g. ``decay[1].factor``, to a form field)."""
    if isinstance(exc, PermissionDenied):
        form.add_error(None, str(exc) or _("You may not do this."))
        return
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc.messages)
        return
    for key, errors in exc.error_dict.items():
        messages = [m for e in errors for m in e.messages]
        name = field_for(key) if field_for else (key if key in form.fields else None)
        if name and name in form.fields and name not in form.errors:
            form.add_error(name, messages)
        else:
            form.add_error(None, [f"{key}: {m}" if key != "__all__" else m for m in messages])


class SeriesMixin:
    """``self.series`` from the ``series`` URL argument. A series that is not public is seen only by its
    organizers (404 for others, so its existence is not revealed)."""

    request: HttpRequest
    kwargs: dict[str, Any]

    @cached_property
    def series(self) -> Series:
        series = Series.objects.visible_to(self.request.user).filter(slug=self.kwargs["series"]).first()
        if series is None:
            raise Http404(_("No such series."))
        return series

    @cached_property
    def is_series_organizer(self) -> bool:
        return is_series_organizer(self.request.user, self.series)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(series=self.series, is_series_organizer=self.is_series_organizer)
        return context


class SeriesOrganizerMixin(SeriesMixin, AccessMixin):
    """Anonymous users go to the login page; others without the role get 403."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        series = get_object_or_404(Series, slug=kwargs["series"])
        if not is_series_organizer(request.user, series):
            raise PermissionDenied(_("Only an organizer of this series can do this."))
        self.__dict__["series"] = series
        return super().dispatch(request, *args, **kwargs)
