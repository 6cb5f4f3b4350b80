"""The ranking body's package (issue 32): the results file as the EMA reads it (EMA ids of eight digits kept as
text, countries in three letters, the header with name, dates, city, country and weight) and the observer's report
(PDF rendered and read back, and the same facts as JSON, whose penalty list adds up to its total)."""

import io
import json
from datetime import date

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from core.countries import ALPHA3, alpha3
from exports.observer_report import observer_report
from interchange.load import tournament_import
from tests.series.factory import tournament_data
from tournament.models import TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def ranked(organizer, referee, make_user):
    data = tournament_data(
        slug="ema-open",
        name="EMA Open",
        start=date(2026, 5, 16),
        end=date(2026, 5, 17),
        people=[0, 1, 2, 3, 4, 5, 6, 7],  # Chloé Martin (FR) has the EMA id 04000003
        seed=5,
    )
    data.update(city="Valencia", country="ES", venue="Hotel Miramar", published=True)
    seats = data["sessions"][0]["tables"][0]["seats"]
    data["sessions"][0]["tables"][0]["penalties"] = [
        {"player": seats[0], "foul": "false_hu_under_8", "hand": 2},  # 10 to each other player: 30 in all
        {"player": seats[1], "foul": "time_turn", "seconds": 31, "hand": 3},  # 16 s over: 10
        {"player": seats[2], "foul": "violation", "amount": 20},
    ]
    for player in data["players"]:
        player["given_name"], player["family_name"] = player["name"].split(" ", 1)
    t = tournament_import(data)
    TournamentRole.objects.create(tournament=t, user=organizer, role=TournamentRole.Role.ORGANIZER)
    TournamentRole.objects.create(tournament=t, user=referee, role=TournamentRole.Role.REFEREE)
    chief = make_user("chief", first_name="Mei", last_name="Chen")
    TournamentRole.objects.create(tournament=t, user=chief, role=TournamentRole.Role.CHIEF_REFEREE)
    return t


def test_every_stored_code_maps_to_three_capital_letters():
    assert all(len(v) == 3 and v.isupper() and len(k) == 2 for k, v in ALPHA3.items())
    assert (alpha3("AT"), alpha3("FR"), alpha3("DE"), alpha3("es"), alpha3("QQ")) == ("AUT", "FRA", "DEU", "ESP", None)


def test_the_results_xlsx_keeps_ema_ids_as_text_and_countries_in_three_letters(client_for, ranked):
    response = client_for("organizer").get(reverse("export-ema-xlsx", args=[ranked.slug]))
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    header = {r[0]: r[1] for r in rows[:5]}
    assert header == {
        "Tournament": "EMA Open",
        "Dates": "2026-05-16 - 2026-05-17",
        "City": "Valencia",
        "Country": "ESP",
        "MERS weight": "2.5",  # 2 days + 8 players (0) + 6 countries (0.5)
    }
    table = rows[rows.index(["Rank", "EMA id", "Last name", "First name", "Country", "Table points", "Score"]) + 1 :]
    chloe = next(r for r in table if r[2] == "Martin")
    assert chloe[1] == "04000003" and chloe[4] == "FRA"
    cell = next(c for row in sheet.iter_rows() for c in row if c.value == "04000003")
    assert cell.data_type == "s" and cell.number_format == "@"


def test_the_results_csv_has_three_letter_countries(client_for, ranked):
    text = client_for("organizer").get(reverse("export-ema", args=[ranked.slug])).content.decode()
    assert ",04000003,Martin,Chloé,FRA," in text and ",PRT," in text


def test_a_country_code_outside_the_table_is_named_before_the_file_leaves(client_for, ranked):
    ranked.players.filter(number=1).update(country="QQ")
    response = client_for("organizer").get(reverse("export-ema-xlsx", args=[ranked.slug]))
    assert response.status_code == 409 and "QQ" in response.content.decode()


def pdf_text(content):
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_observers_report_pdf_and_json(client_for, ranked, referee):
    report = observer_report(ranked)
    assert (report["players"], report["countries"], report["mers_weight"]["total"]) == (8, 6, 2.5)
    assert report["chief_referees"] == ["Mei Chen"] and report["referees"] == ["referee"]
    assert [s["number"] for s in report["sessions"]] == [1, 2, 3]
    # The penalties in the file: each with what it cost in all, the list adding up to the total printed.
    lost = {p["foul"]: p["points_lost"] for p in report["penalties"]}
    assert lost == {"false_hu_under_8": 30, "time_turn": 10, "violation": 20}
    assert report["penalties_total"] == 60 == sum(lost.values())
    client = client_for("organizer")
    pdf = client.get(reverse("export-observer-report", args=[ranked.slug]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = pdf_text(pdf.content)
    for phrase in ("Observer's report", "EMA Open", "Hotel Miramar, Valencia, ES", "2026-05-16", "Mei Chen"):
        assert phrase in text, phrase
    assert "2.5 = duration 2 + players 0 + countries 0.5 + qualification 0" in text
    assert "Total" in text and "60" in text
    data = json.loads(client.get(reverse("export-observer-report-json", args=[ranked.slug])).content)
    assert data["tournament"] == "EMA Open" and data["mers_weight"]["parts"]["countries"] == 0.5
    assert client_for("referee").get(reverse("export-observer-report", args=[ranked.slug])).status_code in (302, 403)
