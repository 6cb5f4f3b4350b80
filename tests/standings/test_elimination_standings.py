"""Standings of an elimination tournament: players still in above the eliminated, who keep their final
rank; the page and the files say who went out when, and show the final ranking once the final is played."""

import pytest
from django.test import Client
from django.urls import reverse

from exports.datasets import standings_dataset
from schedule import elimination
from schedule import services as sched
from standings.selectors import standings_rows
from tests.schedule.elimination_helpers import elimination_tournament, play_round
from tournament.models import Elimination

pytestmark = pytest.mark.django_db


@pytest.fixture
def ko(organizer, referee):
    """16 players: session 1 played, table winners go on to session 2."""
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="ko-standings")
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=4)
    play_round(t.sessions.get(number=1), referee, organizer)
    elimination.session_eliminate_and_seat(
        session=t.sessions.get(number=1), rule=elimination.elimination_rule("table_winner"), by=organizer
    )
    return t


def test_players_still_in_rank_above_the_eliminated(ko):
    rows = standings_rows(ko)
    assert [r["elimination"] for r in rows] == ["still in"] * 4 + ["eliminated in round 1"] * 12
    assert [r["rank"] for r in rows] == list(range(1, 17))
    page = Client().get(reverse("standings", args=[ko.slug])).content.decode()
    assert "eliminated in round 1" in page and "still in" in page and "Final ranking" not in page


def test_the_final_ranking_once_the_final_table_is_played(ko, organizer, referee):
    final = ko.sessions.get(number=2)
    sched.session_publish(session=final, by=organizer)
    play_round(final, referee, organizer)
    elimination.session_eliminate_and_seat(session=final, rule=elimination.elimination_rule("final"), by=organizer)
    rows = standings_rows(ko)
    assert [r["elimination"] for r in rows[:4]] == ["final table"] * 4
    assert [r["rank"] for r in rows] == list(range(1, 17))
    page = Client().get(reverse("standings", args=[ko.slug])).content.decode()
    assert "<h1>Final ranking</h1>" in page
    data = standings_dataset(ko, public=True)
    assert [str(c.label) for c in data.columns][:4] == ["Rank", "No.", "Name", "Elimination"]
    assert [line[3] for line in data.rows] == ["final table"] * 4 + ["eliminated in round 1"] * 12
    assert [line[0] for line in data.rows] == list(range(1, 17))


def test_the_player_page_says_when_the_player_went_out(ko):
    out = Elimination.objects.filter(tournament=ko).select_related("player").first()
    page = Client().get(reverse("player-detail", args=[ko.slug, out.player.number])).content.decode()
    assert f"{out.final_rank} · eliminated in round 1" in page
