"""Issue 22 on the server: every entry sent twice is stored once (the idempotency key, from the phone's outbox or
the form the server drew), a foul made from fouls that changed meanwhile is refused, and the hand and foul
endpoints answer the outbox in JSON; the service worker and what the table page gives the outbox."""

import json
import re
import uuid

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.templatetags.static import static
from django.urls import reverse

from rules import payments as pay
from scoring import entry_replay
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty
from scoring.offline import TABLE_PAGE_ASSETS, TABLE_PAGE_PATH
from tournament import services as ts
from tournament.models import AuditLog

JSON = {"HTTP_ACCEPT": "application/json"}


def hand_url(tournament, name="sheet-hand"):
    return reverse(name, args=[tournament.slug, 1, 1])


def hand_form(players, number=1, key=None, **extra):
    data = {
        "number": number,
        "winner": players[0].pk,
        "discarder": "self",
        "points": 8,
        "expected_version": 0,
        **extra,
    }
    if key is not None:
        data["idempotency_key"] = str(key)
    return data


# -- the service ----------------------------------------------------------------------------------------------


def test_a_hand_sent_twice_is_stored_once_and_answered_with_what_was_stored(published_session, sheet, players, referee):
    key = uuid.uuid4()
    first = ss.hand_record(
        sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee, idempotency_key=key
    )
    # The answer was lost; the phone sends the same entry again, with the version it was based on (0).
    again = ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.SELF_DRAWN,
        winner=players[0],
        points=8,
        by=referee,
        expected_version=0,
        idempotency_key=key,
    )
    assert again == first and again.idempotency_key == key
    assert HandVersion.objects.filter(hand__sheet=sheet).count() == 1
    assert AuditLog.objects.filter(action="hand.record").count() == 1


def test_an_entry_stored_before_the_sheet_was_signed_is_still_answered(
    published_session, sheet, players, referee, organizer, tournament
):
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=2, player_confirmation="none")
    key = uuid.uuid4()
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    stored = ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee, idempotency_key=key)
    ss.sheet_sign(sheet=sheet, by=referee)
    assert ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee, idempotency_key=key) == stored
    # A new entry is refused as before.
    with pytest.raises(ValidationError) as refused:
        ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee, idempotency_key=uuid.uuid4())
    assert refused.value.code == "signed"


def test_a_key_is_not_taken_for_another_entry(published_session, sheet, players, referee, outsider):
    key = uuid.uuid4()
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, idempotency_key=key)
    with pytest.raises(ValidationError) as other_hand:
        ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee, idempotency_key=key)
    assert other_hand.value.code == "entry_key_used"
    with pytest.raises(ValidationError) as as_foul:
        ss.foul_record(sheet=sheet, player=players[0], foul="warning", by=referee, idempotency_key=key)
    assert as_foul.value.code == "entry_key_used"
    # Someone without a role hears nothing of what was stored.
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=outsider, idempotency_key=key)


def test_the_database_refuses_one_key_twice(published_session, sheet, players, referee):
    key = uuid.uuid4()
    version = ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, idempotency_key=key)
    other = ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee)
    other.idempotency_key = version.idempotency_key
    with pytest.raises(IntegrityError), transaction.atomic():
        other.save(update_fields=["idempotency_key"])


def test_a_foul_sent_twice_is_stored_once_and_counted_once(published_session, sheet, players, referee):
    key = uuid.uuid4()
    first = ss.foul_record(sheet=sheet, player=players[1], foul="claim_changed", by=referee, idempotency_key=key)
    again = ss.foul_record(sheet=sheet, player=players[1], foul="claim_changed", by=referee, idempotency_key=key)
    assert again == first and Penalty.objects.count() == 1
    # The next one escalates from one earlier foul, not two.
    second = ss.foul_record(sheet=sheet, player=players[1], foul="claim_changed", by=referee)
    assert (second.occurrence, second.amount) == (2, 5)


def test_a_foul_made_from_fouls_that_changed_meanwhile_is_refused(
    published_session, sheet, players, referee, organizer
):
    assert entry_replay.fouls_version(sheet) == 0
    penalty = ss.foul_record(sheet=sheet, player=players[1], foul="warning", by=organizer, expected_fouls=0)
    assert entry_replay.fouls_version(sheet) == 1
    # The referee's phone still showed no foul.
    with pytest.raises(ValidationError) as stale:
        ss.foul_record(sheet=sheet, player=players[2], foul="warning", by=referee, expected_fouls=0)
    assert stale.value.code == "stale_fouls" and stale.value.params["version"] == 1
    assert "changed meanwhile (by organizer, at" in stale.value.messages[0]
    ss.foul_record(sheet=sheet, player=players[2], foul="warning", by=referee, expected_fouls=1)
    # A withdrawal is a change of the fouls too.
    ss.penalty_withdraw(penalty=penalty, reason="given in error", by=organizer)
    assert entry_replay.fouls_version(sheet) == 3
    with pytest.raises(ValidationError, match="by organizer"):
        ss.foul_record(sheet=sheet, player=players[3], foul="warning", by=referee, expected_fouls=2)
    assert Penalty.objects.count() == 2


# -- the endpoints ---------------------------------------------------------------------------------------------


def test_the_outbox_gets_json_and_a_replay_the_same_answer(client_for, published_session, sheet, players, tournament):
    client = client_for("referee")
    key = uuid.uuid4()
    answers = [client.post(hand_url(tournament), hand_form(players, key=key), **JSON) for _n in range(2)]
    for answer in answers:
        assert answer.status_code == 200
        assert answer.json() == {"ok": True, "message": "Hand 1 recorded.", "kind": "hand", "number": 1, "version": 1}
    assert HandVersion.objects.filter(hand__sheet=sheet).count() == 1
    # No message is kept for a page that is never drawn.
    page = client.get(reverse("sheet", args=[tournament.slug, 1, 1])).content.decode()
    assert "Hand 1 recorded." not in page


def test_a_refused_entry_is_answered_with_the_form_errors(client_for, published_session, sheet, players, tournament):
    client = client_for("referee")
    answer = client.post(hand_url(tournament), hand_form(players, key=uuid.uuid4(), points=9999), **JSON)
    assert answer.status_code == 400
    body = answer.json()
    assert body["ok"] is False and "more than any hand can be worth" in body["errors"]["points"][0]
    assert body["message"] == body["errors"]["points"][0]
    bad_key = client.post(hand_url(tournament), hand_form(players, key="not-a-key"), **JSON)
    assert bad_key.status_code == 400 and "key cannot be read" in bad_key.json()["message"]
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_a_change_made_meanwhile_answers_409_with_the_version_it_is_at(
    client_for, published_session, sheet, players, tournament, organizer
):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=organizer)
    answer = client_for("referee").post(hand_url(tournament), hand_form(players, key=uuid.uuid4()), **JSON)
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "stale_version" and body["version"] == 1
    assert "entered or corrected by someone else meanwhile: by organizer" in body["message"]
    assert Hand.objects.get(sheet=sheet, number=1).current.outcome == pay.DRAW


def test_the_plain_form_posted_twice_stores_the_hand_once(client_for, published_session, sheet, players, tournament):
    client = client_for("referee")
    page = client.get(reverse("sheet", args=[tournament.slug, 1, 1])).content.decode()
    key = re.search(r'name="idempotency_key" value="([0-9a-f-]+)"', page).group(1)
    for _n in range(2):  # a double tap, or the browser sending the form again
        answer = client.post(hand_url(tournament), hand_form(players, key=key))
        assert answer.status_code == 302
    assert HandVersion.objects.filter(hand__sheet=sheet).count() == 1
    assert HandVersion.objects.get(hand__sheet=sheet).idempotency_key == uuid.UUID(key)
    assert "Hand 1 recorded." in client.get(answer.url).content.decode()


def test_fouls_through_the_outbox(client_for, published_session, sheet, players, tournament, organizer):
    client = client_for("referee")
    url = hand_url(tournament, "sheet-foul")
    data = {"player": players[1].pk, "foul": "warning", "expected_fouls": 0, "idempotency_key": str(uuid.uuid4())}
    for _n in range(2):
        answer = client.post(url, data, **JSON)
        assert answer.status_code == 200 and answer.json()["message"].startswith("Recorded for Player 2: ")
    assert Penalty.objects.count() == 1
    ss.foul_record(sheet=sheet, player=players[2], foul="warning", by=organizer)
    stale = client.post(url, {**data, "idempotency_key": str(uuid.uuid4()), "expected_fouls": 1}, **JSON)
    assert stale.status_code == 409 and stale.json()["code"] == "stale_fouls" and stale.json()["version"] == 2
    assert Penalty.objects.count() == 2


def test_a_login_that_ended_is_sent_to_the_login_page_and_nothing_is_stored(
    client_for, published_session, sheet, players, tournament
):
    answer = client_for("anonymous").post(hand_url(tournament), hand_form(players, key=uuid.uuid4()), **JSON)
    assert answer.status_code == 302 and answer.url.startswith(reverse("login"))
    assert not Hand.objects.filter(sheet=sheet).exists()


# -- the page and the service worker ---------------------------------------------------------------------------


def test_the_table_page_gives_a_referee_the_outbox_and_the_hands_to_come(
    client_for, published_session, sheet, players, tournament
):
    url = reverse("sheet", args=[tournament.slug, 1, 1])
    page = client_for("referee").get(url).content.decode()
    assert f'data-outbox data-sheet="{url}" data-user="referee" data-next="1" data-last="16"' in page
    info = json.loads(re.search(r'<script id="hands-info" type="application/json">(.*?)</script>', page).group(1))
    assert info["players"] == [p.pk for p in players[:4]]
    # Hand 2: player 2 deals; the seat winds move as on the sheet (appendix 4).
    assert info["hands"]["2"] == {
        "no": "Hand 2 of 16",
        "round": "East round",
        "dealer": "East (dealer): Player 2",
        "submit": "Record hand 2",
        "seats": "NESW",
    }
    assert 'name="expected_fouls" value="0"' in page and page.count('name="idempotency_key"') == 2
    public = client_for("anonymous").get(url).content.decode()
    assert "data-outbox" not in public and "hands-info" not in public and "outbox.js" not in public


def test_the_service_worker_keeps_every_file_the_table_page_uses(client_for, hands_entered, tournament):
    page = client_for("referee").get(reverse("sheet", args=[tournament.slug, 1, 1])).content.decode()
    used = set(re.findall(r'<link rel="stylesheet" href="([^"]+)"', page))
    used |= set(re.findall(r'<script src="([^"]+)"', page))
    used |= set(re.search(r'data-tile-picker-files="([^"]+)"', page).group(1).split())
    used.add(re.search(r'data-tile-sprite="([^"]+)"', page).group(1))
    kept = {static(name) for name in TABLE_PAGE_ASSETS}
    assert used <= kept | {static("js/session-clock.js")}, used - kept
    worker = client_for("anonymous").get("/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"] == "text/javascript; charset=utf-8"
    assert worker["Cache-Control"] == "no-cache" and "Content-Security-Policy" in worker
    body = worker.content.decode()
    assert all(json.dumps(url) in body for url in kept)
    assert re.match(TABLE_PAGE_PATH, reverse("sheet", args=[tournament.slug, 12, 34]))
    assert not re.match(TABLE_PAGE_PATH, reverse("sheet-hand", args=[tournament.slug, 1, 1]))


# -- issue 27: a key sent again with other content ------------------------------------------------------------


def test_a_key_sent_again_with_other_content_is_refused_showing_both(
    client_for, published_session, sheet, players, tournament
):
    client = client_for("referee")
    key = uuid.uuid4()
    assert client.post(hand_url(tournament), hand_form(players, key=key), **JSON).status_code == 200
    answer = client.post(hand_url(tournament), hand_form(players, key=key, points=16), **JSON)
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "entry_key_conflict"
    assert (body["stored"], body["sent"]) == (
        "Self-drawn win · Player 1 · 8 points",
        "Self-drawn win · Player 1 · 16 points",
    )
    assert body["message"] == (
        "Hand 1 was already recorded from this entry as Self-drawn win · Player 1 · 8 points; it was sent again as "
        "Self-drawn win · Player 1 · 16 points. Check the sheet: to change the hand, correct it."
    )
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert hand.current.points == 8 and hand.versions.count() == 1
    # The same content again is still the same entry, answered as stored.
    assert client.post(hand_url(tournament), hand_form(players, key=key), **JSON).status_code == 200


def test_hand_ones_key_used_for_hand_two_names_this_sheet(published_session, sheet, players, referee):
    key = uuid.uuid4()
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, idempotency_key=key)
    with pytest.raises(ValidationError, match="already used for hand 1 of this sheet"):
        ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee, idempotency_key=key)


def test_a_discard_win_is_described_with_its_discarder(published_session, sheet, players, referee):
    key = uuid.uuid4()
    ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.DISCARD,
        winner=players[0],
        discarder=players[1],
        points=8,
        by=referee,
        idempotency_key=key,
    )
    with pytest.raises(ValidationError) as refused:
        ss.hand_record(
            sheet=sheet,
            number=1,
            outcome=pay.DISCARD,
            winner=players[0],
            discarder=players[2],
            points=8,
            by=referee,
            idempotency_key=key,
        )
    assert refused.value.params["stored"] == "Win by discard · Player 1 from Player 2 · 8 points"
    assert refused.value.params["sent"] == "Win by discard · Player 1 from Player 3 · 8 points"
