"""A series' files: the ranking and every result counted, as CSV, XLSX and PDF, from the kept ranking."""

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from series import services
from series.models import Person

pytestmark = pytest.mark.django_db


def listed(series):
    return [r for r in series.rankings.get().rows if r["listed"]]


def test_ranking_csv(client, club_series):
    response = client.get(reverse("series-export-ranking", args=["club-ranking", "csv"]))
    assert response["Content-Disposition"] == 'attachment; filename="club-ranking-ranking-1.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Rank", "Name", "Country", "EMA id", "Rating", "Results", "Part A", "Part B"]
    first = listed(club_series)[0]
    assert rows[1][:6] == [
        str(first["rank"]),
        first["name"],
        first["country"],
        first["ema_id"],
        first["rating"],
        str(first["results"]),
    ]
    assert len(rows) == 1 + len(listed(club_series))


def test_ranking_xlsx_has_numbers(client, club_series):
    response = client.get(reverse("series-export-ranking", args=["club-ranking", "xlsx"]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    first = listed(club_series)[0]
    assert sheet.cell(row=2, column=1).value == first["rank"]
    assert sheet.cell(row=2, column=5).value == pytest.approx(float(first["rating"]))
    assert sheet.cell(row=2, column=5).number_format == "0.00"


def test_ranking_pdf(client, club_series):
    response = client.get(reverse("series-export-ranking", args=["club-ranking", "pdf"]))
    assert response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Club Ranking" in text and listed(club_series)[0]["name"] in text


def test_every_result_with_how_it_counted(client, club_series):
    response = client.get(reverse("series-export-results", args=["club-ranking", "csv"]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    ana = [r for r in rows if r["EMA id"] == "10000001"]
    assert sorted(r["Tournament"] for r in ana) == ["Club February", "Club January", "Club March"]
    assert all(r["Part A"] == "yes" for r in ana) and sum(r["Part B"] == "yes" for r in ana) == 2


def test_a_name_is_never_a_formula(client, club_series):
    Person.objects.filter(ema_id="10000001").update(name="=HYPERLINK(1)")
    from tournament.models import Player

    Player.objects.filter(ema_id="10000001").update(name="=HYPERLINK(1)")
    services.series_update(series=club_series, by=None, description="names refreshed")
    content = client.get(reverse("series-export-ranking", args=["club-ranking", "csv"])).content.decode()
    assert "'=HYPERLINK(1)" in content


def test_an_unknown_format_is_not_found(client, club_series):
    assert client.get(reverse("series-export-ranking", args=["club-ranking", "doc"])).status_code == 404
