"""Issue 15, item 4: implausible points and details that do not go with the outcome are refused, saying why;
a stale entry says who entered the hand and when. Item 3: a failed entry can be reloaded with what was typed."""

import html
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand

pytestmark = pytest.mark.django_db


def seats(sheet):
    return sheet.table.seated_players()


def url(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def text(response):
    return html.unescape(response.content.decode())


def errors_of(exc):
    return {field: " ".join(messages) for field, messages in exc.value.message_dict.items()}


# -- services --------------------------------------------------------------------------------------------


def test_points_above_the_largest_possible_hand_are_refused(sheet, referee):
    a, b, _c, _d = seats(sheet)
    with pytest.raises(ValidationError) as exc:
        ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=9999, by=referee)
    assert errors_of(exc)["points"] == (
        "9999 points is more than any hand can be worth (at most 336, flowers included). Check the points."
    )
    assert not Hand.objects.filter(sheet=sheet).exists()
    # The bound itself is a possible hand (flowers included).
    version = ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=a, discarder=b, points=336, flowers=8, by=referee
    )
    assert version.deltas == [360, -344, -8, -8]


@pytest.mark.parametrize(
    "outcome, details, field, message",
    [
        (
            pay.DRAW,
            {"points": 8},
            "points",
            "A hand that is “Drawn hand” scores no points: clear the points, or tap who won.",
        ),
        (
            pay.DRAW,
            {"flowers": 2},
            "flowers",
            "Flowers count only for the winner: a hand that is “Drawn hand” has "
            "none. Set the flowers to 0, or tap who won.",
        ),
        (pay.DRAW, {"winner": 0}, "winner", "A hand that is “Drawn hand” has no winner."),
        (pay.NOT_PLAYED, {"discarder": 1}, "discarder", "A hand that is “Not played (time ran out)” has no discarder."),
        (
            pay.SELF_DRAWN,
            {"winner": 0, "discarder": 1, "points": 8},
            "discarder",
            "A self-drawn win has no discarder: tap Self-drawn, or the player who discarded.",
        ),
    ],
)
def test_a_detail_that_does_not_go_with_the_outcome_is_refused(sheet, referee, outcome, details, field, message):
    players = seats(sheet)
    kwargs = {k: players[v] if k in ("winner", "discarder") else v for k, v in details.items()}
    with pytest.raises(ValidationError) as exc:
        ss.hand_record(sheet=sheet, number=1, outcome=outcome, by=referee, **kwargs)
    assert errors_of(exc)[field] == message
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_entering_a_hand_again_by_mistake_says_it_was_you_and_when(sheet, referee):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, expected_version=0)
    with pytest.raises(ValidationError) as exc:
        ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, expected_version=0)
    message = exc.value.messages[0]
    # Under the same login, perhaps on another device: the message does not claim it was this one.
    assert message.startswith("Hand 1 was already entered under your login, on this device or another, at ")
    assert message.endswith(
        "(it is at version 1). Check it on the sheet; to replace that entry with this one, submit again."
    )
    assert Hand.objects.get(sheet=sheet, number=1).versions.count() == 1


def test_a_stale_entry_names_who_entered_the_hand(sheet, referee, organizer):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=organizer, expected_version=0)
    with pytest.raises(ValidationError) as exc:
        ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, expected_version=0)
    assert re.fullmatch(
        r"Hand 1 was entered or corrected by someone else meanwhile: by organizer, at .+ \(it is "
        r"now at version 1\)\. Check the sheet, then submit again to replace it\.",
        exc.value.messages[0],
    )


# -- the table page, per role -----------------------------------------------------------------------------


def hand_post(players, **extra):
    data = {
        "number": 1,
        "winner": players[0].pk,
        "discarder": "self",
        "points": "9999",
        "flowers": "",
        "note": "typed note",
        "expected_version": 0,
    }
    data.update(extra)
    return data


@pytest.mark.parametrize("role", ["referee", "organizer"])
def test_scorers_see_implausible_points_refused_with_what_they_typed(
    client_for, published_session, tournament, players, sheet, role
):
    response = client_for(role).post(url("sheet-hand", tournament), hand_post(players))
    assert response.status_code == 200
    content = text(response)
    points = re.search(r'<div class="field points has-error">.*?</div>', content, re.S).group(0)
    assert "9999 points is more than any hand can be worth (at most 336, flowers included)." in points
    assert 'name="points" value="9999"' in content and 'value="typed note"' in content
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_points_on_a_draw_are_refused_on_the_points_field(client_for, published_session, tournament, players, sheet):
    response = client_for("referee").post(
        url("sheet-hand", tournament), hand_post(players, winner="draw", discarder="", points="8")
    )
    content = text(response)
    points = re.search(r'<div class="field points has-error">.*?</div>', content, re.S).group(0)
    assert "A hand that is “Drawn hand” scores no points: clear the points, or tap who won." in points
    assert not Hand.objects.filter(sheet=sheet).exists()


@pytest.mark.parametrize("role", ["anonymous", "outsider"])
def test_who_may_not_score_cannot_post_a_hand(client_for, published_session, tournament, players, sheet, role):
    response = client_for(role).post(url("sheet-hand", tournament), hand_post(players, points="8"))
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert response["Location"].startswith(reverse("login"))
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_the_stale_message_on_the_page_says_you(client_for, published_session, tournament, players, sheet):
    client = client_for("referee")
    assert client.post(url("sheet-hand", tournament), hand_post(players, points="8")).status_code == 302
    content = text(client.post(url("sheet-hand", tournament), hand_post(players, points="8")))
    assert "Hand 1 was already entered under your login, on this device or another, at " in content
    assert "someone else" not in content


# -- a failed entry reloads ---------------------------------------------------------------------------------


def test_a_failed_entry_is_shown_again_at_its_address(client_for, published_session, tournament, players, sheet):
    client = client_for("referee")
    client.post(url("sheet-hand", tournament), hand_post(players))
    # A reload, or the address opened again: the form as typed, with its error, not a 405.
    response = client.get(url("sheet-hand", tournament))
    assert response.status_code == 200
    content = text(response)
    assert "9999 points is more than any hand can be worth" in content
    assert 'name="points" value="9999"' in content and 'value="typed note"' in content
    assert re.search(rf'name="winner" value="{players[0].pk}" id="[^"]+" checked', content)
    # Once a hand is saved the draft is gone, and the address leads to the sheet's entry point.
    assert client.post(url("sheet-hand", tournament), hand_post(players, points="8")).status_code == 302
    response = client.get(url("sheet-hand", tournament))
    assert response.status_code == 302 and response["Location"] == url("sheet", tournament) + "#entry"


def test_a_draft_is_the_users_own(client_for, published_session, tournament, players, sheet):
    client_for("referee").post(url("sheet-hand", tournament), hand_post(players))
    for role in ("organizer", "anonymous"):
        response = client_for(role).get(url("sheet-hand", tournament))
        assert response.status_code == 302 and response["Location"] == url("sheet", tournament) + "#entry"


def test_a_failed_correction_reloads_on_the_hand_history(client_for, hands_entered, tournament, players):
    client = client_for("referee")
    client.post(url("sheet-hand", tournament), hand_post(players, expected_version=1, from_history="1"))
    content = text(client.get(url("sheet-hand", tournament)))
    assert "9999 points is more than any hand can be worth" in content
    assert ">Save correction</button>" in content
