"""The live-score endpoints the tile picker asks while tiles are tapped: the public calculator's and the
table's (scorers only). JSON in every case, names in the page's language, nothing written."""

import pytest
from django.urls import reverse

from scoring.models import Hand, HandVersion
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db

THIRTEEN_ORPHANS = {"concealed": "19m19p19sESWNCFP", "win_tile": "1m", "seat_wind": "E", "prevalent_wind": "E"}
PUNGS = {"concealed": "888m9m", "melds": "pung EEE\npung 222m\npung 555m", "win_tile": "9m"}


def live_url(tournament, table=1):
    return reverse("sheet-hand-live", args=[tournament.slug, 1, table])


def hand(players, winner=0, discarder=2, number=1, **extra):
    data = {
        "number": number,
        "winner": players[winner].pk if winner is not None else "",
        "discarder": "self" if discarder == "self" else (players[discarder].pk if discarder is not None else ""),
        "points": "",
        "flowers": "",
        **PUNGS,
    }
    data.update(extra)
    return data


def fan_ids(answer):
    return [f["id"] for f in answer["fans"]]


# ------------------------------------------------------------------ the calculator's


def test_calculator_live_scores_a_hand(client_for, db):
    response = client_for("anonymous").get(reverse("calculator-live"), THIRTEEN_ORPHANS)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    answer = response.json()
    assert answer["valid"] is True and answer["total"] == 88 and answer["error"] is None
    assert answer["fans"] == [{"id": 7, "name": "Thirteen Orphans", "points": 88, "count": 1, "from": ["whole hand"]}]
    assert answer["payments"] == [
        "By discard: the discarder pays 96 (8 + the hand's points).",
        "Each of the other two players pays 8.",
        "The winner receives 112 in all.",
    ]


def test_calculator_live_explains_what_is_wrong(client_for, db):
    client = client_for("anonymous")
    answer = client.get(
        reverse("calculator-live"), {"concealed": "234m67p99s", "melds": "chow 345s, chow 678s", "win_tile": "8p"}
    ).json()
    assert answer["valid"] is False and "under 8 points" in answer["error"] and answer["fans"]
    assert "payments" not in answer
    answer = client.get(reverse("calculator-live"), {"concealed": "1z", "win_tile": "1m"}).json()
    assert answer["valid"] is False and "unknown tile character" in answer["error"] and answer["fans"] == []
    answer = client.get(reverse("calculator-live"), {"concealed": "", "win_tile": ""}).json()
    assert answer == {"valid": False, "total": 0, "fans": [], "error": "This field is required."}


def test_calculator_live_speaks_the_page_language(client_for, db):
    client = client_for("anonymous")
    answer = client.get(reverse("calculator-live"), THIRTEEN_ORPHANS, HTTP_ACCEPT_LANGUAGE="es").json()
    assert answer["fans"][0]["name"] == "Trece Huérfanos"
    assert answer["payments"][-1] == "El ganador recibe 112 en total."
    answer = client.get(reverse("calculator-live"), THIRTEEN_ORPHANS, HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    assert answer["fans"][0]["name"] == "十三幺"
    assert answer["payments"][-1] == "和牌者共得 112 分。"


def test_calculator_live_reads_only(client_for, db):
    client = client_for("referee")
    assert client.post(reverse("calculator-live"), THIRTEEN_ORPHANS).status_code == 405
    client.get(reverse("calculator-live"), THIRTEEN_ORPHANS)
    assert HandVersion.objects.count() == 0


# ------------------------------------------------------------------ the table's


@pytest.mark.parametrize(
    "role, status",
    [("anonymous", 403), ("outsider", 403), ("other_referee", 403), ("referee", 200), ("organizer", 200)],
)
def test_table_live_only_for_the_tables_scorers(client_for, published_session, tournament, players, role, status):
    response = client_for(role).post(live_url(tournament), hand(players))
    assert response.status_code == status
    answer = response.json()
    if status == 200:
        assert answer["valid"] and answer["total"] == 16
    else:
        assert answer["fans"] == [] and "Only a referee or organizer" in answer["error"]


def test_table_live_hidden_tournament_and_unknown_table_are_404(client_for, published_session, tournament, players):
    assert client_for("referee").post(live_url(tournament, table=9), hand(players)).status_code == 404
    tournament.published = False
    tournament.save()
    assert client_for("outsider").post(live_url(tournament), hand(players)).status_code == 404
    assert client_for("referee").post(live_url(tournament), hand(players)).status_code == 200


def test_table_live_takes_the_winds_from_the_hand_number_and_the_winner(client_for, draws_before, tournament, players):
    client = client_for("referee")
    # Hand 1: Player 1 is East in the East round; the pung of East is seat and prevalent wind.
    answer = client.post(live_url(tournament), hand(players)).json()
    assert fan_ids(answer) == [49, 50, 60, 61] and answer["total"] == 16
    # Hand 5, South round: Player 2 deals (East); for Player 1 (South) East is neither wind.
    draws_before(5)
    answer = client.get(live_url(tournament), hand(players, winner=1, number=5)).json()
    assert fan_ids(answer) == [49, 50, 61]
    answer = client.get(live_url(tournament), hand(players, winner=0, number=5)).json()
    assert fan_ids(answer) == [49, 50, 73] and answer["total"] == 13


def test_table_live_self_drawn_and_flowers_from_the_form(client_for, published_session, tournament, players):
    answer = client_for("referee").post(live_url(tournament), hand(players, discarder="self", flowers="2")).json()
    assert fan_ids(answer) == [49, 50, 60, 61, 80, 81] and answer["total"] == 19
    assert answer["payments"][0] == "Self-drawn: each of the three other players pays 27 (8 + the hand's points)."


def test_table_live_answers_a_hand_not_ready_yet(client_for, published_session, tournament, players):
    client = client_for("referee")
    answer = client.post(live_url(tournament), hand(players, winner=None, discarder=None)).json()
    assert answer == {
        "valid": False,
        "total": 0,
        "fans": [],
        "error": "Choose the winner: the seat wind for the tiles depends on it.",
    }
    # Typed points that differ do not hide the tiles' score: the page shows both.
    answer = client.post(live_url(tournament), hand(players, points="20")).json()
    assert answer["valid"] and answer["total"] == 16
    answer = client.post(live_url(tournament), hand(players, win_tile="")).json()
    assert answer["valid"] is False and "give the winning tile" in answer["error"]
    answer = client.post(live_url(tournament), hand(players, flowers="9")).json()
    assert answer["valid"] is False and "less than or equal to 8" in answer["error"]


def test_table_live_names_in_the_page_language(client_for, published_session, tournament, players):
    client = client_for("referee")
    answer = client.post(live_url(tournament), hand(players), HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    assert [f["name"] for f in answer["fans"]] == ["碰碰和", "混一色", "圈风刻", "门风刻"]
    answer = client.post(live_url(tournament), hand(players), HTTP_ACCEPT_LANGUAGE="es").json()
    assert [f["name"] for f in answer["fans"]][:2] == ["Todo Pung", "Mano Semipura"]


def test_table_live_writes_nothing(client_for, published_session, tournament, players, sheet):
    audit_before = AuditLog.objects.count()
    client = client_for("referee")
    for _ in range(3):
        client.post(live_url(tournament), hand(players))
        client.get(live_url(tournament), hand(players))
    assert not Hand.objects.filter(sheet=sheet).exists() and AuditLog.objects.count() == audit_before
