"""Issue 15, item 5: signing a score sheet makes its results final, so the referee is asked first, with the
totals it makes final. A signature that would be refused is refused at once; nothing changes before the yes."""

import html
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from rules import payments as pay
from scoring import selectors
from scoring import services as ss
from scoring.models import ScoreSheet, Signature
from tournament import services as ts
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db


def url(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def text(response):
    return html.unescape(response.content.decode())


@pytest.fixture
def short(tournament, organizer):
    # No player confirmations: the referee signs once every hand is in.
    return ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="none")


@pytest.fixture
def two_entered(short, published_session, sheet, referee, players):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee)
    return sheet


def test_the_check_changes_nothing_and_says_what_signing_would_refuse(two_entered, referee):
    with pytest.raises(ValidationError, match="hands 3, 4 are missing"):
        ss.sheet_sign_check(sheet=two_entered, by=referee)
    ss.sheet_sign_check(sheet=two_entered, by=referee, mark_rest_not_played=True)
    sheet = ScoreSheet.objects.get(pk=two_entered.pk)
    assert not sheet.is_submitted and selectors.sheet_missing_hands(sheet) == [3, 4]
    assert not Signature.objects.exists()
    assert not AuditLog.objects.filter(action="sheet.sign").exists()


@pytest.mark.parametrize("role", ["referee", "organizer"])
def test_signing_asks_first_with_the_totals_it_makes_final(client_for, two_entered, short, role):
    client = client_for(role)
    response = client.post(url("sheet-sign", short), {"mark_rest_not_played": "on"})
    assert response.status_code == 200
    page = text(response)
    assert "Sign the score sheet of table 1, session 1?" in page
    assert "Hands 3, 4 are first marked not played (time ran out)." in page
    assert "the sheet is locked, and only the chief referee can reopen it" in page
    rows = re.findall(r"<tr><td>(\d+)\. [^<]+</td><td class=\"num\">(-?\d+)</td>", page)
    assert rows == [("1", "48"), ("2", "-16"), ("3", "-16"), ("4", "-16")]
    assert 'name="confirm" value="1"' in page and 'name="mark_rest_not_played" value="on"' in page
    assert f'href="{url("sheet", short)}#signing"' in page  # cancel
    sheet = ScoreSheet.objects.get(pk=two_entered.pk)
    assert not sheet.is_submitted and selectors.sheet_missing_hands(sheet) == [3, 4]
    # The yes signs.
    response = client.post(url("sheet-sign", short), {"mark_rest_not_played": "on", "confirm": "1"})
    assert response.status_code == 302 and response["Location"] == url("sheet", short) + "#result"
    assert ScoreSheet.objects.get(pk=two_entered.pk).is_submitted


def test_a_signature_that_would_be_refused_is_not_asked_about(client_for, two_entered, short):
    response = client_for("referee").post(url("sheet-sign", short), {})
    page = text(response)
    assert "Sign the score sheet of table 1, session 1?" not in page
    assert "The sheet is not complete: hands 3, 4 are missing." in page


@pytest.mark.parametrize("role", ["anonymous", "outsider", "other_referee"])
def test_who_may_not_sign_is_not_asked_either(client_for, two_entered, short, role):
    response = client_for(role).post(url("sheet-sign", short), {"mark_rest_not_played": "on"})
    assert response.status_code in (302, 403)
    assert "Sign the score sheet of table" not in text(response)
    assert not ScoreSheet.objects.get(pk=two_entered.pk).is_submitted


# -- issue 15, item 7: a penalty says what the player loses in all ------------------------------------------


@pytest.mark.parametrize(
    "to, recipient, cost",
    [
        ("each_other", None, "−30 in all, 10 to each other player"),
        ("nobody", None, "−10, paid to nobody"),
        ("player", 2, "−10, paid to Player 3"),
    ],
)
def test_a_penalty_shows_the_total_the_player_loses(
    client_for, short, published_session, sheet, referee, players, to, recipient, cost
):
    ss.penalty_record(
        sheet=sheet,
        player=players[0],
        amount=10,
        to=to,
        reason="test",
        recipient=players[recipient] if recipient is not None else None,
        by=referee,
    )
    for role in ("anonymous", "referee"):
        page = text(client_for(role).get(url("sheet", short)))
        assert re.search(r'<span class="foul-cost">([^<]*)</span>', page).group(1) == cost
