"""The code as printed works everywhere (issue 29): the player card shows the code in two groups of four with a
dash (K7PM-4XQ2); every place that takes a player code takes it so, or without the dash, with spaces, in any
case. One function reads them all (tournament.services.normalise_code)."""

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import attendance as att
from scoring import services as ss
from scoring.models import Appeal, Hand, Signature
from tournament import services as ts
from tournament.models import CheckIn, Player

pytestmark = pytest.mark.django_db

STATEMENT = "Hand 2 was a self-drawn win of mine, not a discard."


@pytest.mark.parametrize(
    "typed",
    [
        "K7PM4XQ2",
        "K7PM-4XQ2",
        "k7pm-4xq2",
        " k7pm 4xq2 ",
        "K7PM – 4XQ2",  # an en dash, as a phone's keyboard makes it
        "K7PM‑4XQ2",  # a non-breaking hyphen, copied from a page
        "k 7 p m\t4 x q 2\n",
        "Ｋ７ＰＭ－４ＸＱ２",  # full width, as a Chinese keyboard types it
    ],
)
def test_every_way_of_typing_the_printed_code_reads_as_the_code(typed):
    assert ts.normalise_code(typed) == "K7PM4XQ2"


@pytest.mark.parametrize("typed", [None, "", " - ", "K7PM_4XQ2"])
def test_nothing_else_is_made_to_match(typed):
    assert ts.normalise_code(typed) in ("", "K7PM_4XQ2")


@pytest.fixture
def short(tournament, organizer):
    return ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="either")


@pytest.fixture
def printed(tournament, players, organizer):
    """Each player's code as printed on their card, lower case as many type it: k7pm-4xq2."""
    ts.player_codes_generate(tournament=tournament, by=organizer)
    return {p.number: p.code_display.lower() for p in tournament.players.all()}


@pytest.fixture
def finished(short, published_session, sheet, referee, players):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    for n in (2, 3, 4):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=referee)
    return sheet


def test_the_private_link_with_the_dash_opens_the_page_and_its_confirm_button_works(client, finished, printed, players):
    page = client.get(reverse("player-page", args=[finished.table.session.tournament.slug, printed[2]]))
    assert page.status_code == 200 and "I confirm this score sheet" in page.content.decode()
    action = reverse("player-confirm-sheet", args=[finished.table.session.tournament.slug, printed[2], 1, 1])
    assert f'action="{action}"' in page.content.decode()  # the button posts the code as the link had it
    response = client.post(action, follow=True)
    assert "you confirmed the score sheet" in response.content.decode()
    signature = Signature.objects.get(sheet=finished)
    assert (signature.player, signature.method) == (players[1], "phone")


def test_the_code_typed_as_printed_leads_to_the_page(client, short, printed):
    response = client.post(reverse("player-code", args=[short.slug]), {"code": f"  {printed[3].upper()}  "})
    code = Player.objects.get(tournament=short, number=3).code
    assert response.status_code == 302 and response.url == reverse("player-sheets", args=[short.slug, code])


def test_a_pending_hand_is_confirmed_with_the_dashed_code(client, short, published_session, sheet, printed, organizer):
    ts.tournament_update(tournament=short, by=organizer, two_person_entry=True)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=organizer)
    response = client.post(reverse("player-confirm-hand", args=[short.slug, printed[3], 1, 1, 1]), {"version": 1})
    assert response.status_code == 302
    assert Hand.objects.get(sheet=sheet, number=1).current.confirmed_by_player.number == 3


def test_on_the_referees_device_the_code_is_taken_as_printed(client_for, finished, short, printed, organizer):
    ts.tournament_update(tournament=short, by=organizer, player_confirmation="device", device_confirmation_code=True)
    player = Player.objects.get(tournament=short, number=1)
    response = client_for("referee").post(
        reverse("sheet-confirm", args=[short.slug, 1, 1]), {"player": player.pk, "code": printed[1].upper()}
    )
    assert response.status_code == 302
    assert Signature.objects.get(sheet=finished).player == player


def test_an_appeal_is_filed_and_taken_further_with_the_dashed_code(client, hands_entered, printed, referee):
    tournament = hands_entered.table.session.tournament
    ss.sheet_sign(sheet=hands_entered, by=referee, mark_rest_not_played=True)
    filed = client.post(
        reverse("player-appeal", args=[tournament.slug, printed[2], 1, 1]),
        {"kind": "rule", "hand_number": "2", "statement": STATEMENT},
    )
    assert filed.status_code == 302
    appeal = Appeal.objects.get()
    ss.appeal_decide(appeal=appeal, outcome="rejected", reasons="Discard seen.", by=referee)
    escalated = client.post(
        reverse("player-appeal-escalate", args=[tournament.slug, printed[2], appeal.number]), {"reason": "Not seen."}
    )
    assert escalated.status_code == 302
    assert Appeal.objects.get().status == Appeal.Status.ESCALATED


def test_self_check_in_with_the_dashed_code(client, short, seated_session, printed, organizer):
    session = short.sessions.get(number=2)
    att.roll_call_open(session=session, by=organizer)
    att.roll_call_self_check_in(session=session, by=organizer, allowed=True)
    response = client.post(reverse("player-check-in", args=[short.slug, printed[5]]))
    assert response.status_code == 302
    assert CheckIn.objects.get(session=session).player.number == 5


def test_a_wrong_code_with_a_dash_is_still_wrong(client, finished, printed):
    tournament = finished.table.session.tournament
    wrong = "abcd-efgh"
    assert client.get(reverse("player-page", args=[tournament.slug, wrong])).status_code == 404
    assert client.post(reverse("player-confirm-sheet", args=[tournament.slug, wrong, 1, 1])).status_code == 404
    assert not Signature.objects.exists()


def test_the_live_news_of_the_page_answer_the_dashed_code(client, finished, printed):
    tournament = finished.table.session.tournament
    response = client.get(reverse("player-live", args=[tournament.slug, printed[4]]))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
