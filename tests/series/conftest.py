"""Fixtures for the series tests: the six finished tournaments of ``factory.SIX`` and a MERS series over them."""

from datetime import date

import pytest

from interchange.load import tournament_import
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
    # As the issue states the method: part A is the weighted mean of every result.
    "part_a_best": None,
    "part_a_share": 0.8,
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


SMALL = [
    dict(
        slug="club-jan",
        name="Club January",
        start=date(2026, 1, 17),
        end=None,
        people=[0, 1, 2, 3, 4, 5, 6, 17],
        sessions=2,
        seed=21,
    ),
    dict(
        slug="club-feb",
        name="Club February",
        start=date(2026, 2, 14),
        end=None,
        people=[0, 1, 2, 3, 7, 8, 9, 17],
        sessions=2,
        seed=22,
    ),
    dict(
        slug="club-mar",
        name="Club March",
        start=date(2026, 3, 14),
        end=date(2026, 3, 15),
        people=[0, 1, 4, 5, 7, 8, 10, 11],
        sessions=2,
        seed=23,
    ),
]


@pytest.fixture
def small_tournaments(db):
    return [factory.import_tournament(**spec) for spec in SMALL]


@pytest.fixture
def club_series(small_tournaments, series_organizer):
    """A MERS series over three club tournaments, organized by ``series_organizer``."""
    return series_import(
        {
            "name": "Club Ranking",
            "slug": "club-ranking",
            "method": "mers",
            "as_of": "2026-04-01",
            "tournaments": [{"slug": s["slug"]} for s in SMALL],
            "minimum_results": 3,
            "best_results": 2,
            "listed_from": 2,
            "organizers": [series_organizer.username],
        }
    )


# index in factory.PEOPLE -> (name, country, EMA id) as this tournament's entry list writes it.
LOOK_ALIKES = [
    dict(slug="same-jan", name="Same January", start=date(2026, 1, 17), people=[0, 1, 2, 3, 4, 5, 6, 17], renamed={}),
    dict(
        slug="same-feb",
        name="Same February",
        start=date(2026, 2, 14),
        people=[0, 1, 2, 3, 7, 8, 9, 17],
        # Rosa written family name first; a second Rosa Vidal in the same tournament (two people, then).
        renamed={17: ("VIDAL, Rosa", "ES", ""), 9: ("Rosa Vidal", "ES", "")},
    ),
    dict(
        slug="same-mar",
        name="Same March",
        start=date(2026, 3, 14),
        people=[1, 2, 4, 5, 7, 8, 10, 18],
        # Ana López without her EMA id; a Rosa Vidal of another country.
        renamed={10: ("Ana Lopez", "ES", ""), 18: ("Rosa Vidal", "PT", "")},
    ),
]


def load_look_alikes(spec):
    data = factory.tournament_data(spec["slug"], spec["name"], spec["start"], None, spec["people"], sessions=2, seed=7)
    for index, (name, country, ema) in spec["renamed"].items():
        row = data["players"][spec["people"].index(index)]
        row.update(name=name, country=country)
        row.pop("ema_id", None)
        row.pop("no_ema_id", None)
        if ema:
            row["ema_id"] = ema
        else:
            row["no_ema_id"] = True
    return tournament_import(data)


@pytest.fixture
def other_organizer(make_user):
    return make_user("other-organizer")


@pytest.fixture
def same_series(db, series_organizer, other_organizer):
    """Three tournaments with look-alike people (tests/series/test_same_person.py), ranked by a series."""
    for spec in LOOK_ALIKES:
        load_look_alikes(spec)
    made = series_import(
        {
            "name": "Same Ranking",
            "slug": "same-ranking",
            "method": "mers",
            "as_of": "2026-04-01",
            "tournaments": [{"slug": s["slug"]} for s in LOOK_ALIKES],
            "organizers": [series_organizer.username],
        }
    )
    # Another series, organized by someone else, over one of the tournaments.
    series_import(
        {
            "name": "Other Ranking",
            "slug": "other-ranking",
            "method": "mers",
            "as_of": "2026-04-01",
            "tournaments": [{"slug": "same-jan"}],
            "organizers": [other_organizer.username],
        }
    )
    return made
