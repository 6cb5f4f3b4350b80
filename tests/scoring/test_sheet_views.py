"""Score entry through the views: hands, corrections with history, penalties, submit and reopen."""

import re

import pytest
from django.urls import reverse

from rules.rotation import dealer_position
from scoring import selectors
from scoring.models import Hand, HandVersion, Penalty, ScoreSheet
from standings import selectors as results

pytestmark = pytest.mark.django_db


def url(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def hand_row(content, number):
    match = re.search(rf'<tr[^>]*id="hand-{number}".*?</tr>', content, re.S)
    assert match, f"row of hand {number} not found"
    return match.group(0)


def test_sheet_shows_east_and_seat_winds_for_every_hand(client_for, published_session, tournament, players):
    content = client_for("anonymous").get(url("sheet", tournament)).content.decode()
    assert "East (dealer)" in content
    for number in range(1, 17):
        row = hand_row(content, number)
        dealer = players[dealer_position(number)]
        assert f'<td class="dealer">{dealer.name}</td>' in row
        assert row.count('class="wind"') == 4
    # Appendix 4: in the South round, B (player 2) deals first; hand 5 seat winds are S E N W for A B C D.
    row5 = hand_row(content, 5)
    assert '<td class="dealer">Player 2</td>' in row5
    assert re.findall(r'class="wind"[^>]*>(\w)<', row5) == ["S", "E", "N", "W"]


def test_enter_hand_through_view_changes_standings(client_for, published_session, tournament, players, sheet):
    client = client_for("referee")
    response = client.post(
        url("sheet-hand", tournament),
        {
            "number": 1,
            "outcome": "discard",
            "winner": players[2].pk,
            "discarder": players[0].pk,
            "points": 12,
            "flowers": 2,
            "expected_version": 0,
        },
    )
    assert response.status_code == 302
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.deltas == [-20, -8, 36, -8]
    top = results.player_standings(tournament)[0]
    assert top.player == players[2] and top.score == 36
    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    numbers = re.findall(r'data-number="(\d+)"', page)
    assert numbers[0] == "3"
    # The sheet shows the running totals and the next hand offered by default.
    sheet_page = client.get(url("sheet", tournament)).content.decode()
    assert "+36" in hand_row(sheet_page, 1)
    assert 'name="number" value="2"' in sheet_page


@pytest.mark.parametrize(
    "data, message",
    [
        ({"outcome": "self_drawn", "points": 7, "flowers": 0}, "at least 8 points without flowers"),
        ({"outcome": "self_drawn", "points": 9, "flowers": 2}, "at least 8 points without flowers"),
        ({"outcome": "discard", "points": 10, "flowers": 0, "same_discarder": True}, "cannot have discarded"),
        ({"outcome": "discard", "points": 10, "flowers": 0, "no_discarder": True}, "needs the discarder"),
        ({"outcome": "self_drawn", "points": 10, "flowers": 0, "no_winner": True}, "winner must be one of"),
    ],
)
def test_bad_hand_shows_error_keeps_input_saves_nothing(
    client_for, published_session, tournament, players, sheet, data, message
):
    post = {
        "number": 1,
        "outcome": data["outcome"],
        "points": data["points"],
        "flowers": data["flowers"],
        "winner": "" if data.get("no_winner") else players[1].pk,
        "note": "typed note",
        "expected_version": 0,
    }
    if data["outcome"] == "discard" and not data.get("no_discarder"):
        post["discarder"] = players[1].pk if data.get("same_discarder") else players[3].pk
    response = client_for("referee").post(url("sheet-hand", tournament), post)
    assert response.status_code == 200
    content = response.content.decode()
    assert message in content
    assert f'name="points" value="{data["points"]}"' in content
    assert 'value="typed note"' in content
    # The buttons tapped are shown tapped again.
    if not data.get("no_winner"):
        assert re.search(rf'name="winner" value="{players[1].pk}" id="[^"]+" checked', content)
    if data["outcome"] == "self_drawn":
        assert 'value="self" id="id_discarder_self" checked' in content
    elif not data.get("no_discarder"):
        assert re.search(
            rf'name="discarder" value="{post["discarder"]}" id="[^"]+"( data-player="\d+")? checked', content
        )
    assert not Hand.objects.filter(sheet=sheet).exists()
    assert HandVersion.objects.count() == 0


def test_hands_must_be_entered_in_order(client_for, published_session, tournament, players, sheet):
    response = client_for("referee").post(
        url("sheet-hand", tournament), {"number": 3, "outcome": "draw", "expected_version": 0}
    )
    assert "hand 1 comes first" in response.content.decode()
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_correction_keeps_history(client_for, hands_entered, tournament, players, referee, organizer):
    client = client_for("organizer")
    response = client.post(
        url("sheet-hand", tournament),
        {
            "number": 1,
            "outcome": "self_drawn",
            "winner": players[3].pk,
            "points": 16,
            "from_history": "1",
            "expected_version": 1,
        },
    )
    assert response.status_code == 302
    hand = Hand.objects.get(sheet=hands_entered, number=1)
    assert hand.versions.count() == 2 and hand.current.version == 2
    assert hand.current.winner == players[3]
    sheet_page = client_for("anonymous").get(url("sheet", tournament)).content.decode()
    assert "corrected, v2" in hand_row(sheet_page, 1)
    history = client_for("anonymous").get(url("hand-history", tournament, 1)).content.decode()
    assert "v1" in history and "v2" in history
    # The public sees who entered each version by role, never the account name.
    assert "<td>Referee</td>" in history and "<td>Organizer</td>" in history
    assert ">referee<" not in history and ">organizer<" not in history
    assert "superseded" in history
    staff_view = client_for("referee").get(url("hand-history", tournament, 1)).content.decode()
    assert "<td>referee</td>" in staff_view and "<td>organizer</td>" in staff_view
    # Scorers get a correction form pre-filled with the current version.
    history = client_for("referee").get(url("hand-history", tournament, 1)).content.decode()
    assert "Correct this hand" in history and 'name="points" value="16"' in history


def test_bad_correction_from_history_rerenders_history(client_for, hands_entered, tournament, players):
    response = client_for("referee").post(
        url("sheet-hand", tournament),
        {
            "number": 2,
            "outcome": "discard",
            "winner": players[1].pk,
            "discarder": players[1].pk,
            "points": 8,
            "from_history": "1",
            "expected_version": 1,
        },
    )
    content = response.content.decode()
    assert response.status_code == 200
    assert "cannot have discarded" in content and "Correct this hand" in content
    assert Hand.objects.get(sheet=hands_entered, number=2).versions.count() == 1


def test_penalty_and_withdrawal(client_for, hands_entered, tournament, players):
    client = client_for("referee")
    response = client.post(
        url("sheet-penalty", tournament),
        {"player": players[0].pk, "amount": 10, "to": "each_other", "reason": "False Hu", "hand_number": 2},
    )
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert penalty.deltas == [-30, 10, 10, 10]
    page = client.get(url("sheet", tournament)).content.decode()
    assert "False Hu" in page
    # Withdrawing needs a reason.
    response = client.post(url("penalty-withdraw", tournament, penalty.pk), {"reason": ""})
    assert response.status_code == 200 and "required" in response.content.decode()
    assert Penalty.objects.get().active
    response = client.post(url("penalty-withdraw", tournament, penalty.pk), {"reason": "Referee error"})
    assert response.status_code == 302
    assert not Penalty.objects.get().active
    assert "Referee error" in client.get(url("sheet", tournament)).content.decode()


def test_penalty_without_reason_keeps_input(client_for, hands_entered, tournament, players):
    response = client_for("referee").post(
        url("sheet-penalty", tournament), {"player": players[0].pk, "amount": 15, "to": "nobody", "reason": ""}
    )
    assert response.status_code == 200
    assert 'name="amount" value="15"' in response.content.decode()
    assert not Penalty.objects.exists()


def test_submit_incomplete_then_mark_rest_then_reopen(client_for, hands_entered, tournament):
    referee = client_for("referee")
    response = referee.post(url("sheet-submit", tournament), {})
    assert response.status_code == 200
    assert "not complete" in response.content.decode()
    assert not ScoreSheet.objects.get(pk=hands_entered.pk).is_submitted
    response = referee.post(url("sheet-submit", tournament), {"mark_rest_not_played": "on", "confirm": "1"})
    assert response.status_code == 302
    sheet = ScoreSheet.objects.get(pk=hands_entered.pk)
    assert sheet.is_submitted and not selectors.sheet_missing_hands(sheet)
    page = referee.get(url("sheet", tournament)).content.decode()
    assert url("sheet-hand", tournament) not in page
    # Entering after submission is refused by the service, shown on the form.
    response = referee.post(url("sheet-hand", tournament), {"number": 16, "outcome": "draw", "expected_version": 1})
    assert "has been submitted" in response.content.decode()
    # Only the chief referee reopens a signed sheet; an organizer sees no reopen form and is refused.
    organizer = client_for("organizer")
    assert url("sheet-reopen", tournament) not in organizer.get(url("sheet", tournament)).content.decode()
    assert organizer.post(url("sheet-reopen", tournament), {"reason": "x"}).status_code == 403
    chief = client_for("chief_referee")
    assert url("sheet-reopen", tournament) in chief.get(url("sheet", tournament)).content.decode()
    response = chief.post(url("sheet-reopen", tournament), {"reason": "Wrong winner in hand 2"})
    assert response.status_code == 302
    assert not ScoreSheet.objects.get(pk=hands_entered.pk).is_submitted


def test_sheet_totals_rank_and_table_points(client_for, hands_entered, tournament):
    content = client_for("anonymous").get(url("sheet", tournament)).content.decode()
    # Hand 1: P1 self-drawn 8 -> +48, -16 each; hand 2: P2 wins 10 off P3 -> P2 +34, P3 -18, P4 -8.
    totals = re.search(r'<tr class="total-row">(.*?)</tr>', content, re.S).group(1)
    assert re.findall(r"<strong>(-?\d+)</strong>", totals) == ["40", "18", "-34", "-24"]
    tp = re.findall(r'class="num tp">([\d.]+)<', content)
    assert tp == ["4.00", "2.00", "0.00", "1.00"]


def test_stale_hand_form_is_refused_then_accepted(client_for, hands_entered, tournament, players):
    """Two referees at one table: the second entry of hand 3 does not silently replace the first."""
    first, second = client_for("referee"), client_for("organizer")
    form = {"number": 3, "outcome": "draw", "expected_version": 0}
    assert first.post(url("sheet-hand", tournament), form).status_code == 302
    response = second.post(
        url("sheet-hand", tournament), dict(form, outcome="self_drawn", winner=players[0].pk, points=8)
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert "someone else meanwhile" in content
    assert 'name="expected_version" value="1"' in content
    assert Hand.objects.get(sheet=hands_entered, number=3).versions.count() == 1
    response = second.post(
        url("sheet-hand", tournament),
        dict(form, outcome="self_drawn", winner=players[0].pk, points=8, expected_version=1),
    )
    assert response.status_code == 302
    assert Hand.objects.get(sheet=hands_entered, number=3).current.version == 2


def test_csrf_enforced_on_score_entry(hands_entered, tournament, referee):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(referee)
    response = client.post(url("sheet-hand", tournament), {"number": 3, "outcome": "draw", "expected_version": 0})
    # Refused, and not lost: back to the hand form with what was posted (tests/web/test_kept_input.py).
    assert response.status_code == 302 and response["Location"] == url("sheet-hand", tournament)
    assert not Hand.objects.filter(sheet=hands_entered, number=3).exists()


def test_get_on_action_urls_changes_nothing(client_for, hands_entered, tournament):
    client = client_for("organizer")
    # The forms' addresses are reloaded after a refused post: they lead back to the sheet, to the form's panel.
    for name, anchor in (
        ("sheet-hand", "#entry"),
        ("sheet-penalty", "#fouls"),
        ("sheet-submit", "#signing"),
        ("sheet-sign", "#signing"),
        ("sheet-reopen", "#signing"),
        ("sheet-foul", "#fouls"),
    ):
        assert client.get(url(name, tournament))["Location"] == url("sheet", tournament) + anchor, name
    assert Hand.objects.filter(sheet=hands_entered).count() == 2
    assert not ScoreSheet.objects.get(pk=hands_entered.pk).is_submitted
