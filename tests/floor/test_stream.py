"""The stream overlays (api.stream): what they show of the featured table and the standings, only published
sessions, and who picks the table."""

import pytest
from django.urls import reverse

from api import services
from api.models import StreamFeature
from rules import payments as pay
from scoring import services as ss


def table_json(client, tournament, n=None):
    name, args = ("stream-table-data", [tournament.slug, n]) if n else ("stream-featured-data", [tournament.slug])
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.json()


def test_a_table_shows_its_players_scores_and_last_hand(client, tournament, published_session, players, referee):
    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=10, by=referee
    )
    data = table_json(client, tournament, 1)
    assert [(p["name"], p["score"]) for p in data["players"]] == [
        ("Player 1", -8),
        ("Player 2", 34),
        ("Player 3", -18),
        ("Player 4", -8),
    ]
    assert data["hands"] == 1 and data["last_hand"]["winner"] == "Player 2" and data["last_hand"]["points"] == 10
    page = client.get(reverse("stream-table", args=[tournament.slug, 1])).content.decode()
    assert "Player 2" in page and "Session 1 · Table 1" in page


def test_unpublished_sessions_never_appear(client, tournament, seated_session, players, referee, organizer):
    services.stream_feature_set(tournament=tournament, table=1, top=8, by=organizer)
    data = table_json(client, tournament)
    assert data["players"] == [] and data["session"] is None
    page = client.get(reverse("stream-featured", args=[tournament.slug])).content.decode()
    assert "Player 1" not in page


def test_the_organizer_picks_the_featured_table(client, client_for, tournament, published_session, organizer):
    assert table_json(client, tournament)["players"] == []
    response = client_for("organizer").post(reverse("manage-stream", args=[tournament.slug]), {"table": 2, "top": 5})
    assert response.status_code == 302
    assert [p["name"] for p in table_json(client, tournament)["players"]] == [f"Player {i}" for i in range(5, 9)]
    assert client.get(reverse("stream-standings-data", args=[tournament.slug])).json()["top"] == 5


@pytest.mark.parametrize(("role", "status"), [("referee", 403), ("outsider", 403), ("anonymous", 302)])
def test_others_cannot_pick(client_for, tournament, published_session, role, status):
    response = client_for(role).post(reverse("manage-stream", args=[tournament.slug]), {"table": 2, "top": 5})
    assert response.status_code == status
    assert not StreamFeature.objects.exists()
