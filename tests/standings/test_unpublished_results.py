"""Results of a session that is not published yet stay out of everything the public sees; organizers and
referees see them, marked as not public."""

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss


@pytest.fixture
def hidden_hand(hands_entered, tournament, players, organizer, referee):
    """Session 1 published (hands_entered: player 1 leads); session 2 seated, not published, where
    player 8 wins an 88-point hand, which would put them first."""
    from schedule import services as sched

    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[4:8], players[0:4]], by=organizer, method="manual")
    sheet = second.tables.get(number=1).sheet
    ss.hand_record(
        sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[7], points=88, by=referee, expected_version=0
    )
    return tournament


def public_urls(slug):
    return [
        reverse("standings", args=[slug]),
        reverse("team-standings", args=[slug]),
        reverse("tabulation", args=[slug]),
        reverse("player-detail", args=[slug, 8]),
    ] + [
        reverse(name, args=[slug, fmt])
        for name in ("export-standings", "export-team-standings", "export-tabulation")
        for fmt in ("csv", "xlsx", "pdf")
    ]


def first_in_standings_csv(client, slug):
    rows = list(csv.reader(io.StringIO(client.get(reverse("export-standings", args=[slug, "csv"])).content.decode())))
    return rows[1][1], rows


@pytest.mark.parametrize("role", ["anonymous", "outsider"])
def test_the_public_never_sees_an_unpublished_sessions_results(client_for, hidden_hand, role):
    client = client_for(role)
    first, rows = first_in_standings_csv(client, hidden_hand.slug)
    assert first == "1"  # player 1 leads on session 1 alone
    assert not any("Not public" in cell for row in rows for cell in row)
    for url in public_urls(hidden_hand.slug):
        response = client.get(url)
        assert response.status_code == 200, url
        if url.endswith((".xlsx", ".pdf")):
            continue
        content = response.content.decode()
        assert "288" not in content, url  # 88-point self-drawn: +3 x 96 = 288
        assert "not public" not in content.lower(), url
    tabulation = client.get(reverse("export-tabulation", args=[hidden_hand.slug, "csv"])).content.decode()
    assert "Session 2" not in tabulation.splitlines()[0] or ",,,," in tabulation


@pytest.mark.parametrize("role", ["referee", "organizer"])
def test_staff_see_every_session_marked_not_public(client_for, hidden_hand, role):
    client = client_for(role)
    first, _rows = first_in_standings_csv(client, hidden_hand.slug)
    assert first == "8"
    from openpyxl import load_workbook

    xlsx = load_workbook(io.BytesIO(client.get(reverse("export-standings", args=[hidden_hand.slug, "xlsx"])).content))
    notes = [c.value for row in xlsx.active.iter_rows() for c in row if isinstance(c.value, str)]
    assert "Not public: includes the results of session 2, not published yet." in notes
    tabulation = load_workbook(
        io.BytesIO(client.get(reverse("export-tabulation", args=[hidden_hand.slug, "xlsx"])).content)
    ).active
    assert "Session 2 (not public)" in [c.value for c in tabulation[1]]
    page = client.get(reverse("standings", args=[hidden_hand.slug])).content.decode()
    assert "Includes the results of session 2, which is not public yet" in page
    assert "288" in client.get(reverse("player-detail", args=[hidden_hand.slug, 8])).content.decode()


def test_publishing_the_session_makes_its_results_public(client_for, hidden_hand, organizer):
    from schedule import services as sched

    sched.session_publish(session=hidden_hand.sessions.get(number=2), by=organizer)
    first, _rows = first_in_standings_csv(client_for("anonymous"), hidden_hand.slug)
    assert first == "8"


def test_the_standings_command_is_the_organizers_view_and_public_on_request(hidden_hand):
    out = io.StringIO()
    call_command("standings", hidden_hand.slug, stdout=out)
    assert json.loads(out.getvalue())[0]["number"] == 8
    out = io.StringIO()
    call_command("standings", hidden_hand.slug, "--public", stdout=out)
    assert json.loads(out.getvalue())[0]["number"] == 1
