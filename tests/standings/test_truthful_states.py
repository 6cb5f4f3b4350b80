"""Empty and in-progress states say what is true: no ranks before results, numbers sorted as numbers,
a session being played reads "in play"."""

import re

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import progress
from scoring import services as ss
from tests.closing import close_session
from tournament import services as ts

pytestmark = pytest.mark.django_db


def rank_cells(content):
    rows = re.findall(r'<tr[^>]*data-number="(\d+)"[^>]*>(.*?)</tr>', content, re.S)
    return {int(n): re.sub(r"<[^>]+>", "", re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[0]).strip() for n, row in rows}


def test_no_ranks_before_any_result(client, published_session, tournament):
    content = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert set(rank_cells(content).values()) == {"—"}
    assert "No results yet" in content
    tabulation = client.get(reverse("tabulation", args=[tournament.slug])).content.decode()
    assert '<td class="num">—</td>' in tabulation
    player = client.get(reverse("player-detail", args=[tournament.slug, 1])).content.decode()
    assert "no results yet" in player


def test_only_players_with_results_are_ranked(client, hands_entered, tournament):
    ranks = rank_cells(client.get(reverse("standings", args=[tournament.slug])).content.decode())
    assert all(ranks[n] != "—" for n in (1, 2, 3, 4))
    assert all(ranks[n] == "—" for n in (5, 6, 7, 8))
    content = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "No results yet" not in content


@pytest.fixture
def twelve_tied(organizer, referee):
    """Twelve players, every table's first hand drawn: everyone 1.75 table points and 0, fully tied."""
    t = ts.tournament_create(by=organizer, name="Tie Cup", slug="tie-cup", session_count=1)
    ts.role_grant(tournament=t, user=referee, role="referee", by=organizer)
    players = [ts.player_create(tournament=t, number=n, name=f"P{n}", by=organizer) for n in range(1, 13)]
    session = t.sessions.get(number=1)
    # Seated out of number order on purpose, so the order on the page comes from the sorting.
    order = [players[i] for i in (11, 1, 9, 0, 10, 2, 8, 3, 4, 5, 6, 7)]
    sched.session_seat(session=session, tables=[order[0:4], order[4:8], order[8:12]], by=organizer, method="manual")
    sched.session_publish(session=session, by=organizer)
    for table in session.tables.all():
        ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee)
    return t


def test_tied_players_listed_by_number_as_numbers(client, twelve_tied):
    content = client.get(reverse("standings", args=[twelve_tied.slug])).content.decode()
    ranks = rank_cells(content)
    assert list(ranks) == list(range(1, 13))
    assert set(ranks.values()) == {"1 *"}  # shared first place, provisional


def test_player_list_sorts_numbers_as_numbers(client, twelve_tied):
    content = client.get(reverse("player-list", args=[twelve_tied.slug]), {"sort": "number"}).content.decode()
    names = re.findall(r">P(\d+)</a>", content)
    assert names == [str(n) for n in range(1, 13)]
    content = client.get(reverse("player-list", args=[twelve_tied.slug]), {"sort": "-number"}).content.decode()
    assert re.findall(r">P(\d+)</a>", content)[:3] == ["12", "11", "10"]


def phase_on_page(client, tournament, n=1):
    content = client.get(reverse("session-detail", args=[tournament.slug, n])).content.decode()
    return re.search(r'<h1>.*?<span class="status[^"]*">(.*?)</span>', content, re.S).group(1)


def test_session_phase_follows_play(client, tournament, seated_session, organizer, referee, players):
    assert phase_on_page(client_logged(client, organizer), tournament) == "Seated, not published"
    sched.session_publish(session=seated_session, by=organizer)
    assert phase_on_page(client, tournament) == "Seating published"
    sheet1, sheet2 = (t.sheet for t in seated_session.tables.order_by("number"))
    ss.hand_record(sheet=sheet1, number=1, outcome=pay.DRAW, by=referee)
    assert phase_on_page(client, tournament) == "In play"
    ss.sheet_sign(sheet=sheet1, by=referee, mark_rest_not_played=True)
    ss.sheet_sign(sheet=sheet2, by=referee, mark_rest_not_played=True)
    assert phase_on_page(client, tournament) == "All sheets signed"
    close_session(session=seated_session, by=organizer)
    assert phase_on_page(client, tournament) == "Closed"


def client_logged(client, user):
    client.force_login(user)
    return client


def test_progress_counts_sheets(tournament, published_session, players, referee, organizer):
    sheet1, sheet2 = (t.sheet for t in published_session.tables.order_by("number"))
    ss.penalty_record(sheet=sheet2, player=players[4], amount=10, to=pay.TO_NOBODY, reason="late", by=referee)
    ss.hand_record(sheet=sheet1, number=1, outcome=pay.DRAW, by=referee)
    ss.sheet_sign(sheet=sheet1, by=referee, mark_rest_not_played=True)
    p = progress.session_progress(tournament)
    assert [s.session.number for s in p] == [1, 2, 3, 4]
    first = p[0]
    assert (first.tables, first.started, first.submitted, first.in_progress, first.not_started, first.open) == (
        2,
        2,
        1,
        1,
        0,
        1,
    )
    assert first.phase == progress.IN_PLAY and first.first_entry_at is not None
    assert [s.phase for s in p[1:]] == [progress.PLANNED] * 3
    assert (p[1].tables, p[1].started, p[1].submitted) == (0, 0, 0)


def test_withdrawn_penalty_alone_does_not_start_a_sheet(tournament, published_session, players, referee):
    sheet = published_session.tables.get(number=2).sheet
    penalty = ss.penalty_record(sheet=sheet, player=players[4], amount=10, to=pay.TO_NOBODY, reason="late", by=referee)
    ss.penalty_withdraw(penalty=penalty, reason="mistake", by=referee)
    first = progress.session_progress(tournament)[0]
    assert first.started == 0 and first.phase == progress.PUBLISHED


def test_overdue_counts_from_the_first_hand(tournament, published_session, referee):
    from datetime import timedelta

    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    first = progress.session_progress(tournament)[0]
    assert not first.overdue(150, first.first_entry_at + timedelta(minutes=149))
    assert first.overdue(150, first.first_entry_at + timedelta(minutes=151))


def test_a_signed_sheet_counts_as_signed_whatever_is_on_it(client_for, tournament, published_session, referee):
    """The dashboard's three columns come from the sheet's lifecycle: a sheet signed bare (as a tournament
    file may carry it) is signed, not 'Not started', and a sheet awaiting confirmation is being entered."""
    from scoring.models import ScoreSheet

    sheet1, sheet2 = (t.sheet for t in published_session.tables.order_by("number"))
    ScoreSheet.objects.filter(pk=sheet1.pk).update(status=ScoreSheet.Status.SUBMITTED)
    ScoreSheet.objects.filter(pk=sheet2.pk).update(status=ScoreSheet.Status.CONFIRMING)
    first = progress.session_progress(tournament)[0]
    assert (first.not_started, first.in_progress, first.submitted) == (0, 1, 1)
    assert first.phase == progress.IN_PLAY
    html = client_for("organizer").get(reverse("manage-home", args=[tournament.slug])).content.decode()
    body = html.split('class="data dashboard-sessions')[1].split("<tbody>")[1]
    first_row = body.split("</tr>")[0]
    cells = re.findall(r'<td class="num"[^>]*>(\d*)</td>', first_row)
    assert cells == ["2", "0", "1", "1"]


def test_the_session_page_names_each_table_by_its_sheet_state(client, tournament, published_session, sheet, referee):
    """Table 1 has a hand, table 2 nothing: '1/16 hands' and 'Not started' (as the dashboard's column);
    a sheet awaiting the players' confirmation says so rather than counting hands."""
    from scoring.models import ScoreSheet

    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    html = client.get(reverse("session-detail", args=[tournament.slug, 1])).content.decode()
    states = re.findall(r"</a>\s*<small>([^<]*)</small>", html)
    assert states == ["1/16 hands", "Not started"]
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=ScoreSheet.Status.CONFIRMING)
    html = client.get(reverse("session-detail", args=[tournament.slug, 1])).content.decode()
    assert re.findall(r"</a>\s*<small>([^<]*)</small>", html) == ["Awaiting confirmation", "Not started"]


def test_once_every_session_is_closed_the_standings_are_final(
    client, tournament, published_session, players, organizer, referee
):
    """The standings pages say 'Final' once every session is closed, as the hall display does; not before."""
    standings, teams = reverse("standings", args=[tournament.slug]), reverse("team-standings", args=[tournament.slug])
    for number in range(1, 5):
        session = tournament.sessions.get(number=number)
        if number > 1:
            sched.session_seat(session=session, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
        session.refresh_from_db()
        if not session.is_public:
            sched.session_publish(session=session, by=organizer)
        for table in session.tables.all():
            ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
        assert "<h1>Standings</h1>" in client.get(standings).content.decode()
        close_session(session=session, by=organizer)
    assert "<h1>Final standings</h1>" in client.get(standings).content.decode()
    assert "<h1>Final team standings</h1>" in client.get(teams).content.decode()
    api = client.get(reverse("api-tournament", args=[tournament.slug])).json()
    assert api["over"] is True
