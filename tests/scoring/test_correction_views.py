"""The corrections after hands through their pages (issue 29), per role: who sees them, who may make them, a bad
form keeping what was typed, a second tap changing nothing, the audit log saying it in words."""

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand
from tournament.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_hands(published_session, sheet, players, referee):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=10, by=referee
    )
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    return sheet


def url(name, tournament, t=1):
    return reverse(name, args=[tournament.slug, 1, t])


def numbers(table):
    return list(Seat.objects.filter(table=table).order_by("position").values_list("player__number", flat=True))


@pytest.mark.parametrize(
    "role, status", [("anonymous", 302), ("outsider", 403), ("referee", 403), ("other_referee", 403)]
)
def test_who_may_not_correct(client_for, tournament, three_hands, players, role, status):
    client = client_for(role)
    for name in ("sheet-seats-swap", "sheet-hands-move"):
        assert client.get(url(name, tournament)).status_code == status
    swap = {"first": players[0].pk, "second": players[1].pk, "reason": "Swapped"}
    assert client.post(url("sheet-seats-swap", tournament), swap).status_code == status
    assert client.post(url("sheet-hands-move", tournament), {"target": 2, "reason": "Wrong"}).status_code == status
    assert numbers(three_hands.table) == [1, 2, 3, 4]
    assert Hand.objects.filter(sheet=three_hands).count() == 3
    page = client_for("referee").get(reverse("sheet", args=[tournament.slug, 1, 1])).content.decode()
    assert url("sheet-seats-swap", tournament) not in page


@pytest.mark.parametrize("role", ["organizer", "chief_referee"])
def test_the_seat_swap_through_its_page(client_for, tournament, three_hands, players, role):
    client = client_for(role)
    sheet_page = client.get(reverse("sheet", args=[tournament.slug, 1, 1])).content.decode()
    assert url("sheet-seats-swap", tournament) in sheet_page and url("sheet-hands-move", tournament) in sheet_page
    form = client.get(url("sheet-seats-swap", tournament)).content.decode()
    assert "The 3 hands entered so far get a new version each" in form and 'name="seen" value="1,2,3,4"' in form
    data = {"first": players[0].pk, "second": players[1].pk, "reason": "", "seen": "1,2,3,4"}
    bad = client.post(url("sheet-seats-swap", tournament), data)
    assert bad.status_code == 400 and "Say why" in bad.content.decode()
    assert f'<option value="{players[1].pk}" selected>' in bad.content.decode()  # what was chosen is kept
    data["reason"] = "They sat in each other's seats"
    done = client.post(url("sheet-seats-swap", tournament), data, follow=True)
    assert "now sit in each other&#x27;s seats" in done.content.decode()
    assert numbers(three_hands.table) == [2, 1, 3, 4]
    again = client.post(url("sheet-seats-swap", tournament), data)
    assert again.status_code == 400 and "changed since you looked" in again.content.decode()
    assert numbers(three_hands.table) == [2, 1, 3, 4]
    audit = client_for("organizer").get(reverse("manage-audit", args=[tournament.slug])).content.decode()
    assert "swapped the seats of Player 1 (1) and Player 2 (2) on the score sheet of table 1, session 1" in audit


def test_the_move_through_its_page(client_for, tournament, three_hands, published_session):
    client = client_for("chief_referee")
    form = client.get(url("sheet-hands-move", tournament)).content.decode()
    assert "Table 2: 5. Player 5, 6. Player 6, 7. Player 7, 8. Player 8" in form and 'name="seen" value="1,2,3"' in form
    done = client.post(
        url("sheet-hands-move", tournament), {"target": 2, "reason": "Table 2's hands", "seen": "1,2,3"}, follow=True
    )
    assert done.redirect_chain[-1][0] == reverse("sheet", args=[tournament.slug, 1, 2])
    assert "The hands and fouls are on table 2" in done.content.decode()
    right = published_session.tables.get(number=2).sheet
    assert Hand.objects.filter(sheet=right).count() == 3 and not Hand.objects.filter(sheet=three_hands).exists()
    again = client.post(url("sheet-hands-move", tournament), {"target": 2, "reason": "Again", "seen": "1,2,3"})
    assert again.status_code == 400 and "changed since you looked" in again.content.decode()
    audit = client_for("organizer").get(reverse("manage-audit", args=[tournament.slug])).content.decode()
    assert "moved 3 hands and the fouls entered on table 1&#x27;s sheet to the score sheet of table 2" in audit


def test_a_signed_sheet_says_reopen_first(client_for, tournament, three_hands, players, referee):
    ss.sheet_sign(sheet=three_hands, by=referee, mark_rest_not_played=True)
    client = client_for("chief_referee")
    page = client.get(url("sheet-seats-swap", tournament)).content.decode()
    assert "the chief referee reopens it first" in page
    data = {"first": players[0].pk, "second": players[1].pk, "reason": "Swapped", "seen": "1,2,3,4"}
    refused = client.post(url("sheet-seats-swap", tournament), data)
    assert refused.status_code == 400 and "reopens it first" in refused.content.decode()
    assert numbers(three_hands.table) == [1, 2, 3, 4]
