"""No name becomes a formula in any CSV or XLSX file (names from anywhere in every PDF:
tests/exports/test_typography.py)."""

import csv
import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from exports import renderers
from rules import payments as pay
from scoring import services as ss
from tournament import services as ts

CJK_NAMES = {1: "李伟 (Li Wei)", 2: "山田 たろう", 4: "김민준"}  # player 3 is a substitute, not ranked
HOSTILE = {5: '=HYPERLINK("http://evil","x")', 6: "@SUM(1+1)*cmd|' /C calc'!A0", 7: "+1+1", 8: "-2+3"}
HOSTILE_TEAM = "=cmd|' /C calc'!A0"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+(\.\d+)?")


def live_formulas(cells):
    """Text cells a spreadsheet would run as formulas (numbers such as -16 are numbers, not text)."""
    return [c for c in cells if c.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(c)]


@pytest.fixture
def named(played, players, organizer, referee):
    """`played` with Chinese, Japanese, Korean and hostile names, a hostile team, and a penalty on a
    Chinese-named player (so the record of fouls carries them too)."""
    for number, name in {**CJK_NAMES, **HOSTILE}.items():
        ts.player_update(player=players[number - 1], name=name, by=organizer)
    ts.player_update(player=players[4], team=HOSTILE_TEAM, by=organizer)
    sheet = played.sessions.get(number=2).tables.get(number=1).sheet
    ss.penalty_record(sheet=sheet, player=players[0], amount=5, to=pay.TO_NOBODY, reason="李伟 slow play", by=referee)
    return played


def text_cells_of_csv(content):
    return [cell for row in csv.reader(io.StringIO(content.decode("utf-8"))) for cell in row]


def text_cells_of_xlsx(content):
    sheet = load_workbook(io.BytesIO(content)).active
    return [c.value for row in sheet.iter_rows() for c in row if isinstance(c.value, str)]


def assert_no_formula(cells, url):
    assert any(c.startswith("'" + HOSTILE[5]) for c in cells), f"{url}: the hostile name is missing"
    assert live_formulas(cells) == [], url


def test_every_csv_and_xlsx_export_neutralises_formulas(client_for, named, players, organizer):
    client = client_for("organizer")
    urls = [
        reverse(name, args=[named.slug, fmt])
        for name in ("export-standings", "export-team-standings", "export-tabulation", "export-fouls")
        for fmt in ("csv", "xlsx")
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        cells = text_cells_of_csv(response.content) if url.endswith(".csv") else text_cells_of_xlsx(response.content)
        if "fouls" in url:
            # The record of fouls names only penalised players: check the team column of player 8's foul.
            assert live_formulas(cells) == [], url
            continue
        assert_no_formula(cells, url)
    xlsx = load_workbook(io.BytesIO(client.get(reverse("export-standings", args=[named.slug, "xlsx"])).content)).active
    assert all(c.data_type == "s" for row in xlsx.iter_rows(min_row=2) for c in row if isinstance(c.value, str))


def test_the_ema_csv_neutralises_formulas(client_for, ema_ready, players, organizer):
    for number, name in HOSTILE.items():
        ts.player_update(player=players[number - 1], family_name=name, given_name="@x", by=organizer)
    response = client_for("organizer").get(reverse("export-ema", args=[ema_ready.slug]))
    assert response.status_code == 200
    cells = text_cells_of_csv(response.content)
    assert "'" + HOSTILE[5] in cells and "'@x" in cells
    assert live_formulas(cells) == []


def test_the_standings_command_csv_neutralises_formulas(named):
    out = io.StringIO()
    call_command("standings", named.slug, "--format", "csv", stdout=out)
    cells = text_cells_of_csv(out.getvalue().encode())
    assert "'" + HOSTILE[5] in cells and "'" + HOSTILE_TEAM in cells
    assert live_formulas(cells) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@A1", "'@A1"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Ana", "Ana"),
        ("a=b", "a=b"),
    ],
)
def test_neutralise(text, expected):
    assert renderers.neutralise(text) == expected
