"""The player's page keeps itself current (scoring.live): the poll's news, the page's call for a referee."""

import pytest
from django.urls import reverse

from schedule import services as sched
from tournament import floor
from tournament.floor_models import RefereeCall


def live(client, tournament, player):
    response = client.get(reverse("player-live", args=[tournament.slug, player.code]))
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    return response.json()


def texts(data):
    return [n["text"] for n in data["news"] if not n["silent"]]


def test_the_poll_tells_a_published_seat_and_an_announcement(client, tournament, seated_session, coded, organizer):
    before = live(client, tournament, coded[1])
    assert texts(before) == []
    sched.session_publish(session=seated_session, by=organizer)
    after = live(client, tournament, coded[1])
    assert after["digest"] != before["digest"]
    assert texts(after) == ["Session 1: table 1, starting wind South"]
    floor.announcement_post(tournament=tournament, text="Session 1 starts at 10:00", by=organizer)
    assert texts(live(client, tournament, coded[1]))[-1] == "Session 1 starts at 10:00"


def test_a_wrong_code_gets_no_news(client, tournament, coded):
    assert client.get(reverse("player-live", args=[tournament.slug, "NOTACODE"])).status_code == 404
    assert client.get(reverse("player-announcements", args=[tournament.slug, "NOTACODE"])).status_code == 404


def test_the_page_fetches_the_announcements_alone_when_only_they_changed(client, tournament, organizer, coded):
    """What static/js/player-live.js swaps in when an announcement is posted or withdrawn: the announcements
    part of the page, as the page draws it, and nothing when none is shown."""
    url = reverse("player-announcements", args=[tournament.slug, coded[1].code])
    empty = client.get(url)
    assert empty.status_code == 200 and empty["Cache-Control"] == "no-store"
    assert 'id="announcements"' not in empty.content.decode()
    first = floor.announcement_post(tournament=tournament, text="Lunch in room C", by=organizer)
    floor.announcement_post(tournament=tournament, text="Session 2 at 14:00", by=organizer)
    part = client.get(url).content.decode()
    assert 'id="announcements"' in part and part.index("Lunch in room C") < part.index("Session 2 at 14:00")
    page = client.get(reverse("player-page", args=[tournament.slug, coded[1].code])).content.decode()
    assert f'id="announcement-{first.pk}"' in page and f'id="announcement-{first.pk}"' in part
    floor.announcement_withdraw(announcement=first, by=organizer)
    part = client.get(url).content.decode()
    assert "Lunch in room C" not in part and "Session 2 at 14:00" in part
    assert client.post(url).status_code == 405


def test_the_player_calls_a_referee_from_their_page_and_sees_who_comes(
    client, tournament, published_session, coded, second_referee
):
    code = coded[0].code
    page = reverse("player-page", args=[tournament.slug, code])
    assert "Call a referee to table 1" in client.get(page).content.decode()
    response = client.post(reverse("player-call", args=[tournament.slug, code]), follow=True)
    assert "Table 1 called a referee" in response.content.decode()
    client.post(reverse("player-call", args=[tournament.slug, code]))  # a second tap
    call = RefereeCall.objects.get()
    floor.referee_call_take(call=call, by=second_referee)
    assert "Ana Ruiz is coming to your table." in texts(live(client, tournament, coded[0]))
    assert "Ana Ruiz is coming to table 1." in client.get(page).content.decode()
    client.post(reverse("player-call-close", args=[tournament.slug, code]))
    call.refresh_from_db()
    assert not call.is_live


@pytest.mark.parametrize("method", ["get", "post"])
def test_the_call_is_post_only_and_needs_the_code(client, tournament, published_session, coded, method):
    url = reverse("player-call", args=[tournament.slug, "NOTACODE"])
    assert getattr(client, method)(url).status_code in (404, 405)
    assert not RefereeCall.objects.exists()


def test_a_table_without_a_referee_calls_one_from_its_page_with_a_players_code(
    client, tournament, published_session, coded
):
    sheet = reverse("sheet", args=[tournament.slug, 1, 1])
    assert "Call a referee to table 1" in client.get(sheet).content.decode()
    call = reverse("sheet-call", args=[tournament.slug, 1, 1])
    response = client.post(call, {"code": coded[5].code}, follow=True)  # a player of table 2
    assert "not the code of a player at this table" in response.content.decode()
    assert not RefereeCall.objects.exists()
    response = client.post(call, {"code": coded[2].code}, follow=True)
    assert "A referee is called to table 1." in response.content.decode()
    assert RefereeCall.objects.get().called_by_player == coded[2]
    client.post(reverse("sheet-call-close", args=[tournament.slug, 1, 1]), {"code": coded[3].code})
    assert not RefereeCall.objects.get().is_live
