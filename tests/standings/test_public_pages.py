"""Public pages: key content (standings order and shared ranks, 2-decimal table points, seats, East)."""

import re

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tournament import services as ts

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied_results(published_session, players, referee):
    """Table 1 all drawn (four-way tie, 1.75 each); table 2 player 5 self-drawn 8 (+48, three at -16)."""
    t1 = published_session.tables.get(number=1).sheet
    t2 = published_session.tables.get(number=2).sheet
    ss.hand_record(sheet=t1, number=1, outcome=pay.DRAW, by=referee)
    ss.hand_record(sheet=t2, number=1, outcome=pay.SELF_DRAWN, winner=players[4], points=8, by=referee)
    return published_session


def standings_rows(content):
    rows = re.findall(r'<tr[^>]*data-number="(\d+)"[^>]*>(.*?)</tr>', content, re.S)
    out = []
    for number, row in rows:
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        out.append((int(number), cells))
    return out


def test_standings_order_shared_ranks_and_two_decimals(client, tied_results, tournament):
    content = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    rows = standings_rows(content)
    assert [n for n, _ in rows] == [5, 1, 2, 3, 4, 6, 7, 8]
    ranks = [cells[0].rstrip("*").strip() for _, cells in rows]
    assert ranks == ["1", "2", "2", "2", "2", "6", "6", "6"]
    by_number = dict(rows)
    assert by_number[5][5] == "4.00" and by_number[5][6] == "48"
    assert by_number[1][5] == "1.75" and by_number[1][6] == "0"
    assert by_number[6][5] == "1.00" and by_number[6][6] == "-16"
    assert by_number[1][2] == "Player 1" and by_number[1][3] == "ES" and by_number[1][4] == "Dragons"
    # Configured tie-breaks appear as columns, and the provisional marker while sheets are open.
    assert "First places" in content and "Best session score" in content
    assert "Provisional" in content and 'class="provisional"' in content


def test_standings_sortable_and_paginated(client, tournament, organizer, tied_results):
    for number in range(9, 60):
        ts.player_create(tournament=tournament, number=number, name=f"Late {number}", by=organizer)
    url = reverse("standings", args=[tournament.slug])
    first = standings_rows(client.get(url).content.decode())
    assert len(first) == 50
    second = standings_rows(client.get(url, {"page": 2}).content.decode())
    assert len(second) == 9
    by_name = standings_rows(client.get(url, {"sort": "-number"}).content.decode())
    assert by_name[0][0] == 59


def test_standings_not_provisional_once_submitted(client, tied_results, tournament, referee):
    for table in tied_results.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    content = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert 'class="provisional"' not in content


def test_team_standings(client, tied_results, tournament):
    content = client.get(reverse("team-standings", args=[tournament.slug])).content.decode()
    # Bamboo: P5 4 + P6 1 = 5.00; Dragons 3.50; Winds 3.50; Dots 2.00.
    order = re.findall(r"<td >(Bamboo|Dragons|Winds|Dots)</td>|<td>(Bamboo|Dragons|Winds|Dots)</td>", content)
    names = [a or b for a, b in order]
    assert names[0] == "Bamboo" and names[-1] == "Dots"
    assert "5.00" in content and "3.50" in content


def test_session_tabulation(client, tied_results, tournament):
    content = client.get(reverse("tabulation", args=[tournament.slug])).content.decode()
    assert "Session 1" in content and "Session 4" in content
    assert "1.75" in content and "4.00" in content and "-16" in content


def test_player_detail_shows_seat_and_results(client, tied_results, tournament):
    content = client.get(reverse("player-detail", args=[tournament.slug, 2])).content.decode()
    assert "Player 2" in content
    assert "<td>South</td>" in content  # started South at table 1
    assert "1.75" in content


def test_player_detail_hides_unpublished_seating(client, seated_session, tournament):
    content = client.get(reverse("player-detail", args=[tournament.slug, 2])).content.decode()
    assert "<td>South</td>" not in content
    assert "No published seating" in content


def test_session_detail_lists_tables_in_wind_order(client, tied_results, tournament):
    content = client.get(reverse("session-detail", args=[tournament.slug, 1])).content.decode()
    table2 = content[content.index("Table 2") :]
    winds = re.findall(r"<tr><td>(East|South|West|North)</td><td><a[^>]*>(\d+)\.", table2)
    assert winds == [("East", "5"), ("South", "6"), ("West", "7"), ("North", "8")]
    assert "48" in table2
    assert reverse("sheet", args=[tournament.slug, 1, 2]) in content


def test_tournament_detail_and_home(client, tournament, seated_session):
    content = client.get(reverse("tournament-detail", args=[tournament.slug])).content.decode()
    assert "Test Open" in content and "4.00 / 2.00 / 1.00 / 0.00" in content
    assert "Seated, not published" in content and "Not seated yet" in content
    home = client.get(reverse("home")).content.decode()
    assert reverse("tournament-detail", args=[tournament.slug]) in home


def test_player_list(client, players, tournament):
    content = client.get(reverse("player-list", args=[tournament.slug])).content.decode()
    assert all(f"Player {i}" in content for i in range(1, 9))
    assert reverse("player-detail", args=[tournament.slug, 8]) in content


def test_unknown_pages_404(client, tournament, seated_session):
    assert client.get(reverse("player-detail", args=[tournament.slug, 99])).status_code == 404
    assert client.get(reverse("session-detail", args=[tournament.slug, 99])).status_code == 404
    assert client.get(reverse("tournament-detail", args=["nope"])).status_code == 404


def test_configured_tiebreak_columns_follow_settings(client, tied_results, tournament):
    tournament.tiebreaks = "fewest_last_places"
    tournament.save()
    content = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "Last places" in content and "First places" not in content
    rows = dict(standings_rows(content))
    assert rows[5][7] == "0"  # player 5 won table 2: no last place
    assert rows[6][7] == "0"  # three tied at -16 share 2nd place


def test_tabulation_cumulates_across_sessions(client, tied_results, tournament, players, organizer, referee):
    session2 = tournament.sessions.get(number=2)
    sched.session_seat(
        session=session2,
        tables=[[players[i] for i in (0, 4, 1, 5)], [players[i] for i in (2, 6, 3, 7)]],
        by=organizer,
        method="manual",
    )
    sched.session_publish(session=session2, by=organizer)
    ss.hand_record(
        sheet=session2.tables.get(number=1).sheet,
        number=1,
        outcome=pay.SELF_DRAWN,
        winner=players[0],
        points=10,
        by=referee,
    )
    content = client.get(reverse("tabulation", args=[tournament.slug])).content.decode()
    row = re.search(r'<tr>\s*<td class="num">\d+\*?.*?/players/1/.*?</tr>', content, re.S).group(0)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    # Session 1: 1.75 TP, 0; session 2: 4.00 TP, +54; cumulative 5.75 and 54.
    assert cells[4:12] == ["1.75", "0", "1.75", "0", "4.00", "54", "5.75", "54"]
    assert cells[-2:] == ["5.75", "54"]
