"""A session seated but not published is nobody's business but its organizers' and referees': a hand and a
foul entered there change nothing the public gets, through any API endpoint, the hall display or the public
pages; an organizer token sees them at once (issue 20, item 3: "publication gates everything public")."""

import html
import json
import re

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.api.conftest import bearer

pytestmark = pytest.mark.django_db

# Session 1 is published: its endpoints answer everyone. Session 2 is seated, not published: its endpoints
# answer 404 to the public, before and after the hand, exactly as for a session that does not exist.
ENDPOINTS = [
    ("api-tournament", ()),
    ("api-players", ()),
    ("api-player", (1,)),
    ("api-player", (5,)),
    ("api-player", (8,)),
    ("api-sessions", ()),
    ("api-session", (1,)),
    ("api-session-results", (1,)),
    ("api-table-result", (1, 2)),
    ("api-standings", ()),
    ("api-team-standings", ()),
    ("api-session", (2,)),
    ("api-session-results", (2,)),
    ("api-table-result", (2, 1)),
]


@pytest.fixture
def unpublished(hands_entered, tournament, players, organizer):
    """Session 1 published, with two hands at table 1 (player 1 leads); session 2 seated by the organizer and
    not published, nothing entered there yet. Player 8 sits at table 1 of session 2."""
    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[4:8], players[0:4]], by=organizer, method="manual")
    return tournament


def play_at_the_unpublished_session(tournament, players, referee):
    """A referee enters, at session 2, an 88-point self-drawn hand for player 8 (+288: first place) and a
    false Hu by player 5 (20 to each other player)."""
    sheet = tournament.sessions.get(number=2).tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[7], points=88, by=referee)
    ss.foul_record(sheet=sheet, player=players[4], foul="false_hu_invalid", by=referee)


def answer(client, name, args, **headers):
    response = client.get(reverse(name, args=["test-open", *args]), **headers)
    return response.status_code, response.json()


@pytest.mark.parametrize("name,args", ENDPOINTS)
def test_the_public_api_answers_the_same_after_a_hand_and_a_foul_at_an_unpublished_session(
    client, unpublished, players, referee, name, args
):
    before = answer(client, name, args)
    play_at_the_unpublished_session(unpublished, players, referee)
    assert answer(client, name, args) == before
    if args and args[0] == 2:
        assert before[0] == 404 and before[1]["error"]["code"] == "not_found"
    else:
        assert before[0] == 200


def standings_row(rows, number):
    return next(row for row in rows if row["number"] == number)


def test_the_public_api_standings_and_player_count_only_published_sessions(client, unpublished, players, referee):
    play_at_the_unpublished_session(unpublished, players, referee)
    _status, rows = answer(client, "api-standings", ())
    assert [row["number"] for row in rows][:2] == [1, 2]  # session 1 alone: player 1 self-drew, player 2 won
    assert standings_row(rows, 8) == {**standings_row(rows, 8), "score": 0, "played": False}
    assert standings_row(rows, 5)["score"] == 0
    _status, player = answer(client, "api-player", (8,))
    assert [line["session"] for line in player["sessions"]] == [1]
    assert player["standing"]["score"] == 0
    _status, teams = answer(client, "api-team-standings", ())
    assert all(member["number"] != 8 or team["score"] <= 34 for team in teams for member in team["members"])


def test_an_organizer_token_sees_the_unpublished_session_at_once(client, unpublished, players, referee, token):
    before = {(name, args): answer(client, name, args, **bearer(token)) for name, args in ENDPOINTS}
    play_at_the_unpublished_session(unpublished, players, referee)
    _status, rows = answer(client, "api-standings", (), **bearer(token))
    assert rows[0]["number"] == 8 and rows[0]["score"] == 288 + 20
    assert standings_row(rows, 5)["score"] == -96 - 60
    assert rows != before[("api-standings", ())][1]
    _status, player = answer(client, "api-player", (8,), **bearer(token))
    assert [(line["session"], line["score"]) for line in player["sessions"]] == [(1, None), (2, 308)]
    status, results = answer(client, "api-session-results", (2,), **bearer(token))
    assert status == 200 and results[0]["players"][3]["score"] == 308
    assert answer(client, "api-team-standings", (), **bearer(token)) != before[("api-team-standings", ())]


def hall_data(client):
    content = html.unescape(client.get(reverse("hall", args=["test-open"])).content.decode())
    found = re.search(r'<script id="hall-data" type="application/json">(.*?)</script>', content, re.S)
    return json.loads(found.group(1))


@pytest.mark.parametrize("role", ["anonymous", "organizer"])
def test_the_hall_display_shows_nothing_of_an_unpublished_session(client_for, unpublished, players, referee, role):
    """The hall is on a projector: whoever is logged in, it shows what the public sees."""
    client = client_for(role)
    before = hall_data(client)
    play_at_the_unpublished_session(unpublished, players, referee)
    after = hall_data(client)
    assert after == before
    assert after["session"]["number"] == 1
    assert standings_row(after["standings"], 8)["score"] == 0


def standings_content(client):
    return client.get(reverse("standings", args=["test-open"])).context["content"]


def player_lines(client, number):
    context = client.get(reverse("player-detail", args=["test-open", number])).context
    return [(line["session"].number, line["result"]) for line in context["lines"]], context["standing"].score


@pytest.mark.parametrize("role", ["anonymous", "outsider"])
def test_the_public_pages_show_nothing_of_an_unpublished_session(client_for, unpublished, players, referee, role):
    client = client_for(role)
    before = standings_content(client), player_lines(client, 8), player_lines(client, 5)
    play_at_the_unpublished_session(unpublished, players, referee)
    assert (standings_content(client), player_lines(client, 8), player_lines(client, 5)) == before
    assert "288" not in standings_content(client)


def test_the_organizers_pages_show_the_unpublished_session(client_for, unpublished, players, referee):
    client = client_for("organizer")
    before = standings_content(client)
    play_at_the_unpublished_session(unpublished, players, referee)
    assert standings_content(client) != before
    lines, score = player_lines(client, 8)
    assert [n for n, _result in lines] == [1, 2] and score == 308
