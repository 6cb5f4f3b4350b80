"""Loading a series from the URL and checking who may see or change it."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib.auth.mixins import AccessMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from core.service_errors import add_service_error as core_add_service_error
from series.models import Series
from series.permissions import can_create_series, is_series_organizer  # noqa: F401 (the views import it from here)

# One helper for every app's forms; a series' settings name their keys (``decay[1].factor``).
add_service_error = partial(core_add_service_error, name_others=True)


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
    """Anonymous users go to the login page; others without the role get 403 for a series they may see, and 404
    for one they may not, as for a series that does not exist (its existence is not revealed)."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        series = get_object_or_404(Series, slug=kwargs["series"])
        if not is_series_organizer(request.user, series):
            if not Series.objects.visible_to(request.user).filter(pk=series.pk).exists():
                raise Http404(_("No such series."))
            raise PermissionDenied(_("Only an organizer of this series can do this."))
        self.__dict__["series"] = series
        return super().dispatch(request, *args, **kwargs)
