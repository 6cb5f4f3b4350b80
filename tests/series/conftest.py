"""Fixtures for the series tests: the six finished tournaments of ``factory.SIX`` and a MERS series over them."""

import pytest

from series.fileformat import series_import
from tests.series import factory

LIGA = {
    "name": "Liga Ibérica MCR",
    "slug": "liga-iberica",
    "method": "mers",
    "as_of": "2026-11-01",
    "tournaments": [
        {"slug": "lisbon-2023", "weight": 3.0},
        {"slug": "madrid-2024", "weight": 1.0},
        {"slug": "porto-2024"},
        {"slug": "bilbao-2025", "weight": 1.5},
        {"slug": "paris-2026", "weight": None, "qualification": True},
        {"slug": "sevilla-2026", "weight": 2.0},
    ],
    "decay": [{"older_than_days": 730, "factor": 0.5}, {"older_than_days": 1095, "factor": 0.0}],
    "minimum_results": 5,
    "best_results": 3,
    "listed_from": 2,
}


@pytest.fixture
def six_tournaments(db):
    return [factory.import_tournament(**spec) for spec in factory.SIX]


@pytest.fixture
def liga_data():
    import copy

    return copy.deepcopy(LIGA)


@pytest.fixture
def series_organizer(make_user):
    return make_user("series-organizer")


@pytest.fixture
def liga(six_tournaments, liga_data, series_organizer):
    liga_data["organizers"] = [series_organizer.username]
    return series_import(liga_data)
