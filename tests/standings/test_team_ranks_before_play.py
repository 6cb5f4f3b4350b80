"""Issue 15, item 7: before any result no team is "rank 1"; once a member has played, teams are ranked. A table
not started shows no score."""

import html
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def ranks(client, tournament):
    content = html.unescape(client.get(reverse("team-standings", args=[tournament.slug])).content.decode())
    cells = re.findall(r'<tr[^>]*>\s*<td class="num">(.*?)</td>\s*<td[^>]*>([^<]+)</td>', content, re.S)
    return content, [(re.sub(r"<[^>]+>", "", rank).strip(), team.strip()) for rank, team in cells]


@pytest.mark.parametrize("role", ["anonymous", "organizer"])
def test_no_team_ranks_before_results(client_for, published_session, tournament, role):
    content, rows = ranks(client_for(role), tournament)
    assert "No results yet: teams are ranked once the first hands are entered." in content
    assert rows and all(rank == "—" for rank, _team in rows)


def test_teams_are_ranked_once_hands_are_in(client_for, hands_entered, tournament):
    content, rows = ranks(client_for("anonymous"), tournament)
    assert "No results yet" not in content
    # Table 1 (Dragons and Winds) has played; the teams of the empty table 2 have no rank yet.
    assert rows == [("1", "Dragons"), ("2", "Winds"), ("—", "Bamboo"), ("—", "Dots")]


def test_a_table_not_started_shows_no_score_on_the_session_page(client_for, hands_entered, tournament):
    content = html.unescape(
        client_for("anonymous").get(reverse("session-detail", args=[tournament.slug, 1])).content.decode()
    )
    row = r'>(\d+)\. Player \d+</a></td><td class="num">([^<]*)</td><td class="num">([^<]*)</td>'
    cells = {number: (score, tp) for number, score, tp in re.findall(row, content)}
    assert cells["1"] == ("40", "4.00")  # table 1 has played
    assert cells["5"] == ("", "")  # table 2 has not: no score 0, no table points
