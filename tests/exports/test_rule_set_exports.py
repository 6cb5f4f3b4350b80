"""Exports under the Swiss championship and Spanish rules (issue 13): the Swiss score sheet PDF with its fan
table, players A-D and four hands; standings and results files for every rule set."""

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from tournament import services as ts

pytestmark = pytest.mark.django_db


@pytest.fixture
def searchable_pdf(monkeypatch):
    """reportlab compresses page streams by default; uncompressed, the text is in the bytes."""
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "pageCompression", 0)


@pytest.fixture
def swiss_played(tournament, organizer, referee, players, seated_session):
    from schedule import services as sched

    ts.tournament_update(tournament=tournament, by=organizer, rules="swiss_championship", hands_per_session=4)
    sched.session_publish(session=seated_session, by=organizer)
    sheet = seated_session.tables.get(number=1).sheet
    ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[1], discarder=players[0], points=4, by=referee
    )
    ss.hand_record(sheet=sheet, number=2, outcome=pay.SELF_DRAWN, winner=players[2], points=12, by=referee)
    tournament.refresh_from_db()
    return tournament


def test_swiss_score_sheet_has_the_fan_table_players_a_to_d_and_four_hands(client_for, swiss_played, searchable_pdf):
    response = client_for("referee").get(reverse("export-score-sheet", args=[swiss_played.slug, 1, 1]))
    content = response.content
    assert response["Content-Type"] == "application/pdf" and content.count(b"/Type /Page\n") == 1
    for text in (
        b"(1. Basic Hu)",
        b"(12. Earth Hu)",
        b"(Self-drawn \\(x3\\))",
        b"(96)",
        b"Tile Hog +1",
        b"Last Tile Claim x2",
        b"(+4)",
        b"(-4)",
        b"(+12)",
        b"the deal passes to the next player",
    ):
        assert text in content, text
    for letter in b"ABCD":
        assert b"(" + bytes([letter]) + b")" in content


def test_mcr_score_sheet_keeps_its_layout(client_for, tournament, seated_session, organizer, searchable_pdf):
    from schedule import services as sched

    sched.session_publish(session=seated_session, by=organizer)
    content = client_for("organizer").get(reverse("export-score-sheet", args=[tournament.slug, 1, 1])).content
    assert b"(East)" in content and b"Basic Hu" not in content and b"appendix 4" in content


@pytest.mark.parametrize(
    "code, options, entry",
    [
        ("swiss_championship", {}, {"points": 4}),
        ("spanish", {}, {"player_points": [40, 30, 20, 10]}),
    ],
)
def test_standings_and_results_files_for_every_rule_set(
    client_for, tournament, organizer, referee, players, seated_session, code, options, entry
):
    from schedule import services as sched

    ts.tournament_update(tournament=tournament, by=organizer, rules=code, rule_options=options)
    sched.session_publish(session=seated_session, by=organizer)
    sheet = seated_session.tables.get(number=1).sheet
    ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[0], discarder=players[1], by=referee, **entry
    )
    client = client_for("anonymous")
    csv = client.get(reverse("export-standings", args=[tournament.slug, "csv"])).content.decode()
    assert "Player 1" in csv
    standings = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "Player 1" in standings
    sheet_page = client.get(reverse("sheet", args=[tournament.slug, 1, 1]))
    assert sheet_page.status_code == 200
