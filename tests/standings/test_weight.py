"""The tournament's MERS weight (standings.weight, issue 32): its parts by the EMA's table from the tournament's
own facts, on the dashboard, in the API's tournament object and the tournament file, and offered to a series."""

import json
from datetime import date

import pytest
from django.urls import reverse

from interchange.export import tournament_export
from interchange.load import tournament_import
from series.forms import SeriesForm
from series.selectors import table_weights
from standings.weight import tournament_weight, weight_json
from tests.series.factory import tournament_data
from tournament import services as ts
from tournament.models import Tournament, TournamentRole

pytestmark = pytest.mark.django_db

# Ten countries: the count where the EMA's two texts differ; the table in force gives 1 (docs/series.md).
TEN = ["ES", "PT", "FR", "DE", "CZ", "SE", "IT", "DK", "RU", "NL", "NL", "ES"]


def played(countries=TEN, qualification=False, substitutes=()):
    data = tournament_data(
        slug="weight-open",
        name="Weight Open",
        start=date(2026, 5, 16),
        end=date(2026, 5, 17),
        people=list(range(12)),
        substitutes=list(substitutes),
        seed=3,
    )
    for player, country in zip(data["players"], countries):
        player["country"] = country
    data.update(city="Valencia", country="ES", qualification_required=qualification)
    return tournament_import(data)


@pytest.mark.parametrize(
    "countries, qualification, parts, total",
    [
        pytest.param(TEN, False, (2, 0, 1, 0), 3, id="ten-countries-weigh-1"),
        pytest.param(TEN[:9] + ["ES"] * 3, False, (2, 0, 0.5, 0), 2.5, id="nine-countries"),
        pytest.param(["ES"] * 12, True, (2, 0, 0, 1), 3, id="qualification"),
    ],
)
def test_the_weight_of_a_played_tournament(countries, qualification, parts, total):
    t = played(countries, qualification)
    found = weight_json(tournament_weight(t))
    assert tuple(found["parts"].values()) == parts and found["total"] == total
    assert (found["days"], found["players"], found["counted_from"]) == (2, 12, "played")


def test_before_anyone_plays_the_weight_counts_the_players_registered(organizer):
    t = ts.tournament_create(by=organizer, name="Soon", slug="soon", session_count=4)
    for i, country in enumerate(["ES", "PT", "FR", "DE", "IT", "NL", "BE", "AT"], start=1):
        ts.player_create(tournament=t, number=i, name=f"P{i}", country=country, by=organizer)
    weight = tournament_weight(t)
    assert (weight.basis, weight.parts.players, weight.parts.countries, weight.parts.total) == ("registered", 8, 8, 1.5)


def test_dashboard_api_and_file_show_the_weight_with_its_parts(client_for, organizer):
    t = played(qualification=True)
    TournamentRole.objects.create(tournament=t, user=organizer, role=TournamentRole.Role.ORGANIZER)
    Tournament.objects.filter(pk=t.pk).update(published=True)
    page = client_for("organizer").get(reverse("manage-home", args=[t.slug])).content.decode()
    assert "MERS weight: 4" in page and "10</td>" in page  # the total, and the ten countries counted
    api = json.loads(client_for("anonymous").get(reverse("api-tournament", args=[t.slug])).content)
    assert api["mers_weight"]["total"] == 4 and api["mers_weight"]["parts"]["qualification"] == 1
    assert (api["city"], api["country"], api["qualification_required"]) == ("Valencia", "ES", True)
    data = tournament_export(t)
    assert data["mers_weight"]["total"] == 4 and data["qualification_required"] is True
    assert data["city"] == "Valencia"


def test_a_series_offers_the_tournaments_weight_and_qualification():
    t = played(qualification=True)
    weights = table_weights([t])
    assert weights[t.pk] == 4
    form = SeriesForm(tournaments=[t], table_weights=weights)
    assert form.fields[f"t_{t.pk}_weight"].widget.attrs["placeholder"] == "4"
    assert form[f"t_{t.pk}_qualification"].value() is True
