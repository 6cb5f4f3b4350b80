"""A series' files: its ranking and the results it counted, as CSV, XLSX or PDF (the exports renderers).
Seen by whoever sees the series; ``?ranking=N`` for a kept version."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from django.http import Http404
from django.utils.translation import gettext as _
from django.views import View

from exports.datasets import Dataset
from exports.renderers import RENDERERS
from exports.views import file_response
from series import datasets, selectors
from series.views.public import RankingMixin


class SeriesExportView(RankingMixin, View):
    build: ClassVar[Callable[..., Dataset]]
    by_country: ClassVar[bool] = False

    def get(self, request, *args, fmt, **kwargs):
        if fmt not in RENDERERS:
            raise Http404(_("No such file format."))
        ranking = self.ranking
        if ranking is None:
            raise Http404(_("No ranking yet."))
        country = request.GET.get("country", "").upper()
        if country and type(self).by_country:
            if country not in selectors.ranking_countries(ranking):
                raise Http404(_("Nobody of that country is listed."))
            dataset = type(self).build(ranking, country)
        else:
            dataset = type(self).build(ranking)
        content_type, render = RENDERERS[fmt]
        return file_response(
            render(dataset, self.series),
            content_type,
            f"{self.series.slug}-{dataset.name}-{ranking.number}.{fmt}",
            attachment=fmt != "pdf",
        )


class RankingExportView(SeriesExportView):
    build = datasets.ranking_dataset
    by_country = True


class ResultsExportView(SeriesExportView):
    build = datasets.results_dataset
