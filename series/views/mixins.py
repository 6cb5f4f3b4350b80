"""Loading a series from the URL and checking who may see or change it."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib.auth.mixins import AccessMixin
from django.http import Http404, HttpRequest
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
    """Anonymous users go to the login page; anyone else who does not organize the series gets the very answer
    a series that does not exist gives (404), public or not: its organizer pages tell nobody else what is there
    (issue 27)."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        series = Series.objects.filter(slug=kwargs["series"]).first()
        if series is None or not is_series_organizer(request.user, series):
            raise Http404(_("No such series."))
        self.__dict__["series"] = series
        return super().dispatch(request, *args, **kwargs)
