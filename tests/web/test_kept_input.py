"""Nothing typed is lost when the login changes or ends (issue 21, item 3): a post stopped by Django's CSRF check
(the user logged in again in another tab) or by an ended login comes back as the same form, filled in, after
logging in if need be; other forms get a page in words instead of the raw "403 CSRF verification failed"."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Appeal, AppealDecision, Hand, Penalty

pytestmark = pytest.mark.django_db

STALE = {"csrfmiddlewaretoken": "x" * 64}  # the token of a form opened before the login changed


def u(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def text(response):
    return html.unescape(response.content.decode())


def strict_client(user=None):
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def hand(players):
    return {"number": 1, "winner": players[0].pk, "discarder": "self", "points": "24", "note": "typed note"}


def test_a_hand_stopped_by_a_changed_login_comes_back_filled_in(referee, tournament, players, published_session):
    client = strict_client(referee)
    client.get(u("sheet", tournament))  # the page sets the token the form would carry
    response = client.post(u("sheet-hand", tournament), {**hand(players), **STALE})
    assert response.status_code == 302 and response["Location"] == u("sheet-hand", tournament)
    assert not Hand.objects.exists()
    content = text(client.get(response["Location"]))
    assert "Nothing was sent yet: your login changed. Check what you typed and send it again." in content
    assert 'name="points" value="24"' in content and 'value="typed note"' in content
    assert re.search(rf'name="winner" value="{players[0].pk}" id="[^"]+" checked', content)
    # Kept once: a reload afterwards is the sheet's entry point again.
    again = client.get(u("sheet-hand", tournament))
    assert again.status_code == 302 and again["Location"] == u("sheet", tournament) + "#entry"


def test_a_foul_after_the_login_ended_comes_back_after_logging_in(referee, tournament, players, published_session):
    client = Client()
    foul = {"player": players[1].pk, "foul": "warning", "reason": "talked during play"}
    response = client.post(u("sheet-foul", tournament), foul)
    assert response.status_code == 302
    assert response["Location"] == reverse("login") + "?next=" + u("sheet-foul", tournament)
    assert "Your login has ended, so this was not sent." in text(client.get(response["Location"]))
    # Logging in keeps the session's data; the login then sends the user to ?next=.
    client.force_login(referee)
    content = text(client.get(u("sheet-foul", tournament)))
    assert "check what you typed and send it again" in content.lower()
    assert "talked during play" in content
    assert re.search(rf'<option value="{players[1].pk}" selected>', content)
    assert not Penalty.objects.exists()


def test_an_appeal_stopped_by_a_changed_login_comes_back_filled_in(referee, tournament, players, published_session):
    client = strict_client(referee)
    data = {"filer": players[2].pk, "kind": "rule", "statement": "The ruling on the dead wall was wrong.", **STALE}
    response = client.post(u("sheet-appeal", tournament), data)
    assert response.status_code == 302 and response["Location"] == u("sheet-appeal", tournament)
    content = text(client.get(response["Location"]))
    assert "The ruling on the dead wall was wrong." in content and "your login changed" in content
    assert not Appeal.objects.exists()


def test_other_forms_get_a_page_in_words(organizer, tournament):
    client = strict_client(organizer)
    response = client.post(
        reverse("manage-seating-publish", args=[tournament.slug]), STALE, HTTP_REFERER="http://testserver/t/x/"
    )
    assert response.status_code == 403
    content = text(response)
    assert "CSRF" not in content
    assert "This form was opened before your login changed, so it was not sent." in content
    assert 'href="http://testserver/t/x/"' in content


def test_the_outbox_is_answered_in_json_without_a_code(referee, tournament, players, published_session):
    client = strict_client(referee)
    response = client.post(u("sheet-hand", tournament), hand(players), HTTP_ACCEPT="application/json")
    assert response.status_code == 403 and "code" not in response.json()
    assert not Hand.objects.exists()
    assert strict_client(referee).get(u("sheet-hand", tournament)).status_code == 302  # nothing kept


def test_a_players_appeal_stopped_by_the_csrf_check_comes_back_without_a_login(
    organizer, tournament, players, published_session
):
    from tournament import services as ts

    ts.player_codes_generate(tournament=tournament, by=organizer)
    code = type(players[0]).objects.get(pk=players[0].pk).code
    client = strict_client()
    address = reverse("player-appeal", args=[tournament.slug, code, 1, 1])
    statement = "My opponent's claim was accepted although the tile was already discarded."
    response = client.post(address, {"kind": "rule", "statement": statement, **STALE})
    assert response.status_code == 302 and response["Location"] == address
    content = text(client.get(address))
    # No login to have changed: the words say the page had expired.
    assert statement in content and "The page had expired: nothing was sent yet." in content
    assert "login" not in content.split('<ul class="messages"', 1)[1].split("</ul>", 1)[0]
    assert not Appeal.objects.exists()


def test_a_visitors_other_form_gets_a_page_without_a_login_in_its_words(tournament):
    client = strict_client()
    response = client.post(reverse("set_language"), {"language": "es", **STALE})
    assert response.status_code == 403
    assert "This page had expired, so the form was not sent." in text(response)
    assert "login changed" not in text(response)


def test_an_appeal_decision_stopped_by_a_changed_login_comes_back_filled_in(
    referee, organizer, tournament, players, published_session
):
    from scoring import services as ap
    from scoring.models import ScoreSheet

    sheet = ScoreSheet.objects.get(table__session=published_session, table__number=1)
    appeal = ap.appeal_file(sheet=sheet, filer=players[0], kind="rule", statement="The ruling was wrong.", by=referee)
    client = strict_client(referee)
    decide = reverse("appeal-decide", args=[tournament.slug, appeal.number])
    reasons = "The claim was made before the next discard (MCR 3.9)."
    response = client.post(decide, {"outcome": "upheld", "reasons": reasons, **STALE})
    assert response.status_code == 302 and response["Location"] == decide
    content = text(client.get(decide))
    assert reasons in content and "your login changed" in content
    assert not AppealDecision.objects.exists()  # nothing decided until it is sent again
    # Opened again later, the address is the appeal's page.
    again = client.get(decide)
    assert again.status_code == 302 and again["Location"] == reverse("appeal-detail", args=[tournament.slug, 1])


def test_a_hand_after_the_login_ended_comes_back_after_logging_in(referee, tournament, players, published_session):
    client = Client()
    response = client.post(u("sheet-hand", tournament), hand(players))
    assert response["Location"] == reverse("login") + "?next=" + u("sheet-hand", tournament)
    client.force_login(referee)
    content = text(client.get(u("sheet-hand", tournament)))
    assert 'name="points" value="24"' in content and 'value="typed note"' in content
    assert not Hand.objects.exists()
    # Sent again as it came back, it is recorded once.
    assert client.post(u("sheet-hand", tournament), {**hand(players), "expected_version": 0}).status_code == 302
    assert Hand.objects.get().current.points == 24
