"""Issue 27: a foul sent again under its idempotency key with other content (another player, foul, amount,
remark...) is refused as a conflict showing both, never answered "recorded" with the first one kept silently;
the same content again is still the quiet "recorded"; a key of another entry names that entry and its sheet.
Through the service, the plain forms (per role), the outbox's JSON and an upheld appeal's foul."""

import html
import re
import uuid

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import AppealAmendment, Penalty
from tournament import services as ts
from tournament.models import AuditLog

JSON = {"HTTP_ACCEPT": "application/json"}


def foul(sheet, players, by, key, **changed):
    """An "Other" foul: Player 2 pays 10 points to nobody in hand 3 (every input the referee gives)."""
    fields = {"player": players[1], "foul": "other", "hand_number": 3, "amount": 10, "to": pay.TO_NOBODY}
    fields["reason"] = "Touched the wall"
    return ss.foul_record(sheet=sheet, by=by, idempotency_key=key, **{**fields, **changed})


# -- the service ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changed, sent",
    [
        ({"player": 2}, "Player 3 · Other · hand 3 · 10 points to nobody · “Touched the wall”"),
        ({"amount": 20}, "Player 2 · Other · hand 3 · 20 points to nobody · “Touched the wall”"),
        ({"to": pay.TO_EACH_OTHER}, "Player 2 · Other · hand 3 · 10 points to each other player · “Touched the wall”"),
        ({"hand_number": 4}, "Player 2 · Other · hand 4 · 10 points to nobody · “Touched the wall”"),
        ({"reason": "Slow"}, "Player 2 · Other · hand 3 · 10 points to nobody · “Slow”"),
    ],
)
def test_a_foul_sent_again_with_other_content_is_refused_showing_both(
    published_session, sheet, players, referee, changed, sent
):
    key = uuid.uuid4()
    first = foul(sheet, players, referee, key)
    if "player" in changed:
        changed["player"] = players[changed["player"]]
    with pytest.raises(ValidationError) as refused:
        foul(sheet, players, referee, key, **changed)
    assert refused.value.code == "entry_key_conflict"
    stored = "Player 2 · Other · hand 3 · 10 points to nobody · “Touched the wall”"
    assert (refused.value.params["stored"], refused.value.params["sent"]) == (stored, sent)
    assert refused.value.messages == [
        f"A foul was already recorded from this entry: {stored}. It was sent again as: {sent}. Check the fouls: if "
        "this is another foul, record it again."
    ]
    # Nothing stored or logged the second time; the same content again is the same entry, answered as stored.
    assert list(Penalty.objects.all()) == [first] and AuditLog.objects.filter(action="penalty.record").count() == 1
    assert foul(sheet, players, referee, key, reason="  Touched the wall ") == first
    assert Penalty.objects.count() == 1


def test_another_kind_of_foul_under_the_same_key_is_refused(published_session, sheet, players, referee):
    key = uuid.uuid4()
    ss.foul_record(sheet=sheet, player=players[1], foul="late", minutes=12, by=referee, idempotency_key=key)
    with pytest.raises(ValidationError) as refused:
        ss.foul_record(sheet=sheet, player=players[1], foul="warning", by=referee, idempotency_key=key)
    assert refused.value.params["stored"] == "Player 2 · Late arrival (12 min late)"
    assert refused.value.params["sent"] == "Player 2 · Warning"
    with pytest.raises(ValidationError, match="entry: Player 2 · Late arrival \\(12 min late\\)\\. It was sent"):
        ss.foul_record(sheet=sheet, player=players[1], foul="late", minutes=15, by=referee, idempotency_key=key)
    again = ss.foul_record(sheet=sheet, player=players[1], foul="late", minutes=12, by=referee, idempotency_key=key)
    assert again.minutes == 12 and Penalty.objects.count() == 1


def test_penalty_tiles_written_another_way_are_the_same_entry(published_session, sheet, players, referee):
    key = uuid.uuid4()
    first = ss.foul_record(
        sheet=sheet,
        player=players[1],
        foul="tiles_wrong_claim",
        tiles="5p 2s",
        hand_number=2,
        by=referee,
        idempotency_key=key,
    )
    again = ss.foul_record(
        sheet=sheet,
        player=players[1],
        foul="tiles_wrong_claim",
        tiles="5p2s",
        hand_number=2,
        by=referee,
        idempotency_key=key,
    )
    assert again == first
    with pytest.raises(ValidationError) as refused:
        ss.foul_record(
            sheet=sheet,
            player=players[1],
            foul="tiles_wrong_claim",
            tiles="5p3s",
            hand_number=2,
            by=referee,
            idempotency_key=key,
        )
    assert refused.value.code == "entry_key_conflict" and "(5p3s)" in refused.value.params["sent"]


def test_a_penalty_by_amount_sent_again_with_another_amount_is_refused(published_session, sheet, players, referee):
    key = uuid.uuid4()
    fields = {"sheet": sheet, "player": players[0], "to": pay.TO_NOBODY, "reason": "Phone rang", "by": referee}
    first = ss.penalty_record(amount=10, idempotency_key=key, **fields)
    with pytest.raises(ValidationError) as refused:
        ss.penalty_record(amount=30, idempotency_key=key, **fields)
    assert refused.value.params["stored"] == "Player 1 · Phone rang · 10 points to nobody"
    assert refused.value.params["sent"] == "Player 1 · Phone rang · 30 points to nobody"
    assert ss.penalty_record(amount=10, idempotency_key=key, **fields) == first
    # A catalogue foul under a penalty's key is another entry, not the same one.
    with pytest.raises(ValidationError, match="already recorded from this entry"):
        ss.foul_record(sheet=sheet, player=players[0], foul="warning", by=referee, idempotency_key=key)
    assert Penalty.objects.count() == 1


def test_a_key_of_another_sheet_names_that_sheet(published_session, sheet, players, referee, organizer):
    table_2 = published_session.tables.get(number=2).sheet  # players 5-8
    foul_key, hand_key = uuid.uuid4(), uuid.uuid4()
    ss.foul_record(sheet=table_2, player=players[4], foul="warning", by=referee, idempotency_key=foul_key)
    ss.hand_record(sheet=table_2, number=1, outcome=pay.DRAW, by=referee, idempotency_key=hand_key)
    with pytest.raises(ValidationError, match="already used for a foul of Player 5 at table 2 of session 1\\."):
        ss.foul_record(sheet=sheet, player=players[0], foul="warning", by=referee, idempotency_key=foul_key)
    with pytest.raises(ValidationError, match="already used for hand 1 at table 2 of session 1\\."):
        ss.foul_record(sheet=sheet, player=players[0], foul="warning", by=referee, idempotency_key=hand_key)
    with pytest.raises(ValidationError, match="already used for a foul of Player 5 at table 2 of session 1\\."):
        ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, idempotency_key=foul_key)
    with pytest.raises(ValidationError, match="already used for hand 1 at table 2 of session 1\\."):
        ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, idempotency_key=hand_key)
    # On this sheet: the hand and the player are named.
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, idempotency_key=(mine := uuid.uuid4()))
    with pytest.raises(ValidationError, match="already used for hand 1 of this sheet\\."):
        ss.foul_record(sheet=sheet, player=players[0], foul="warning", by=referee, idempotency_key=mine)
    ss.foul_record(sheet=sheet, player=players[2], foul="warning", by=referee, idempotency_key=(theirs := uuid.uuid4()))
    with pytest.raises(ValidationError, match="already used for a foul of Player 3 on this sheet\\."):
        ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee, idempotency_key=theirs)
    # Another tournament's sheet is not described to this tournament's referee.
    other = ts.tournament_create(by=organizer, name="Other Cup", slug="other-cup", session_count=1)
    Penalty.objects.filter(idempotency_key=foul_key).update(sheet=_sheet_of(other, organizer))
    with pytest.raises(ValidationError) as refused:
        ss.foul_record(sheet=sheet, player=players[0], foul="warning", by=referee, idempotency_key=foul_key)
    assert refused.value.messages == [
        "This entry's key was already used for a foul of another tournament. Reload the sheet and enter it again."
    ]


def _sheet_of(tournament, organizer):
    from schedule import services as sched

    stranger = [ts.player_create(tournament=tournament, number=n, name=f"Guest {n}", by=organizer) for n in range(1, 5)]
    session = tournament.sessions.get(number=1)
    sched.session_seat(session=session, tables=[stranger], by=organizer, method="manual")
    return session.tables.get(number=1).sheet


# -- an upheld appeal's foul ----------------------------------------------------------------------------------


@pytest.fixture
def upheld(published_session, coded, referee):
    """Appeal 1 about table 2 (players 5-8), upheld."""
    other = published_session.tables.get(number=2).sheet
    appeal = ss.appeal_file(sheet=other, filer=coded[4], kind="rule", statement="Ruled wrongly.", by=referee)
    return ss.appeal_decide(appeal=appeal, outcome="upheld", reasons="Video.", by=referee)


def test_an_appeals_foul_sent_again_with_other_content_is_refused(upheld, coded, referee):
    key = uuid.uuid4()
    fields = {"appeal": upheld, "foul": "warning", "by": referee, "idempotency_key": key}
    added = ss.appeal_amend_foul(player=coded[5], **fields)
    assert ss.appeal_amend_foul(player=coded[5], **fields) == added
    with pytest.raises(ValidationError) as refused:
        ss.appeal_amend_foul(player=coded[6], **fields)
    assert refused.value.code == "entry_key_conflict"
    assert (refused.value.params["stored"], refused.value.params["sent"]) == (
        "Player 6 · Warning",
        "Player 7 · Warning",
    )
    assert AppealAmendment.objects.count() == 1 and Penalty.objects.count() == 1
    # The key of a foul recorded on the sheet is not taken for the appeal's, nor the appeal's for the sheet.
    sheet_key = uuid.uuid4()
    ss.foul_record(sheet=upheld.sheet, player=coded[5], foul="warning", by=referee, idempotency_key=sheet_key)
    with pytest.raises(ValidationError, match="already used for a foul recorded on the sheet, not for an appeal"):
        ss.appeal_amend_foul(player=coded[5], **{**fields, "idempotency_key": sheet_key})
    with pytest.raises(ValidationError, match="already used for a foul recorded for appeal 1\\."):
        ss.foul_record(sheet=upheld.sheet, player=coded[5], foul="warning", by=referee, idempotency_key=key)
    assert AppealAmendment.objects.count() == 1 and Penalty.objects.count() == 2


# -- the pages, per role --------------------------------------------------------------------------------------


def foul_url(tournament, name="sheet-foul"):
    return reverse(name, args=[tournament.slug, 1, 1])


def posted(players, key, **changed):
    return {
        "player": players[1].pk,
        "foul": "other",
        "hand_number": 3,
        "amount": 10,
        "to": pay.TO_NOBODY,
        "reason": "Touched the wall",
        "idempotency_key": str(key),
        **changed,
    }


@pytest.fixture
def recorded(published_session, sheet, players, referee):
    key = uuid.uuid4()
    return key, foul(sheet, players, referee, key)


@pytest.mark.parametrize("role", ["referee", "organizer"])
def test_the_foul_form_answers_409_with_both_and_keeps_what_was_typed(client_for, recorded, players, tournament, role):
    key, first = recorded
    response = client_for(role).post(foul_url(tournament), posted(players, key, player=players[2].pk, reason="Slow"))
    assert response.status_code == 409
    page = html.unescape(response.content.decode())
    assert (
        "A foul was already recorded from this entry: Player 2 · Other · hand 3 · 10 points to nobody · “Touched "
        "the wall”. It was sent again as: Player 3 · Other · hand 3 · 10 points to nobody · “Slow”." in page
    )
    form = page[page.index('class="form touch-form foul-form"') :]
    assert re.search(rf'<option value="{players[2].pk}" selected>', form) and 'value="Slow"' in form
    # A new key: sending it again, after a look, records it as another foul.
    new_key = re.search(r'name="idempotency_key" value="([0-9a-f-]+)"', form).group(1)
    assert new_key != str(key)
    assert Penalty.objects.get() == first
    again = client_for(role).post(
        foul_url(tournament), posted(players, new_key, player=players[2].pk, reason="Slow", expected_fouls=1)
    )
    assert again.status_code == 302 and Penalty.objects.count() == 2


@pytest.mark.parametrize("role", ["referee", "organizer"])
def test_the_same_foul_posted_again_is_the_quiet_recorded(client_for, recorded, players, tournament, role):
    key, first = recorded
    response = client_for(role).post(foul_url(tournament), posted(players, key))
    assert response.status_code == 302
    assert Penalty.objects.get() == first


@pytest.mark.parametrize("role, status", [("outsider", 403), ("other_referee", 403), ("anonymous", 302)])
def test_others_are_told_nothing_of_the_stored_foul(client_for, recorded, players, tournament, role, status):
    key, _first = recorded
    for data in (posted(players, key, player=players[2].pk), posted(players, key)):
        response = client_for(role).post(foul_url(tournament), data)
        assert response.status_code == status
        assert "Touched the wall" not in response.content.decode()
    assert Penalty.objects.count() == 1


def test_the_outbox_gets_409_json_with_both(client_for, recorded, players, tournament):
    key, _first = recorded
    client = client_for("referee")
    answer = client.post(foul_url(tournament), posted(players, key, amount=20, expected_fouls=0), **JSON)
    assert answer.status_code == 409
    body = answer.json()
    assert body["ok"] is False and body["code"] == "entry_key_conflict"
    assert body["stored"] == "Player 2 · Other · hand 3 · 10 points to nobody · “Touched the wall”"
    assert body["sent"] == "Player 2 · Other · hand 3 · 20 points to nobody · “Touched the wall”"
    assert body["message"].startswith("A foul was already recorded from this entry: Player 2")
    same = client.post(foul_url(tournament), posted(players, key, expected_fouls=0), **JSON)
    assert same.status_code == 200 and same.json()["message"].startswith("Recorded for Player 2: Other")
    assert Penalty.objects.count() == 1


@pytest.mark.parametrize("role", ["referee", "organizer"])
def test_the_penalty_form_answers_409_and_offers_a_new_key(client_for, published_session, sheet, players, role):
    key = uuid.uuid4()
    ss.penalty_record(
        sheet=sheet, player=players[0], amount=10, to=pay.TO_NOBODY, reason="Phone", by=None, idempotency_key=key
    )
    data = {"player": players[0].pk, "amount": 30, "to": pay.TO_NOBODY, "reason": "Phone", "idempotency_key": key}
    response = client_for(role).post(foul_url(sheet.table.session.tournament, "sheet-penalty"), data)
    assert response.status_code == 409
    page = html.unescape(response.content.decode())
    assert (
        "from this entry: Player 1 · Phone · 10 points to nobody. It was sent again as: Player 1 · Phone · 30" in page
    )
    assert 'name="amount" value="30"' in page and str(key) not in page
    assert Penalty.objects.get().amount == 10


@pytest.mark.parametrize("role, status", [("referee", 409), ("organizer", 409), ("committee", 403), ("outsider", 403)])
def test_the_appeal_page_answers_409_with_both(client_for, upheld, coded, referee, tournament, role, status):
    key = uuid.uuid4()
    ss.appeal_amend_foul(appeal=upheld, player=coded[5], foul="warning", by=referee, idempotency_key=key)
    url = reverse("appeal-amend-foul", args=[tournament.slug, upheld.number])
    response = client_for(role).post(url, {"player": coded[6].pk, "foul": "warning", "idempotency_key": str(key)})
    assert response.status_code == status
    page = html.unescape(response.content.decode())
    if status == 409:
        assert "from this entry: Player 6 · Warning. It was sent again as: Player 7 · Warning." in page
        assert str(key) not in page  # a new key, to send it again as another foul if meant
    else:
        assert "Player 6 · Warning" not in page
    assert AppealAmendment.objects.count() == 1


def test_a_hand_sent_again_with_other_content_on_the_plain_form_answers_409(
    client_for, published_session, sheet, players, tournament
):
    key = uuid.uuid4()
    data = {"number": 1, "winner": players[0].pk, "discarder": "self", "points": 8, "expected_version": 0}
    client = client_for("referee")
    assert (
        client.post(reverse("sheet-hand", args=[tournament.slug, 1, 1]), {**data, "idempotency_key": key}).status_code
        == 302
    )
    response = client.post(
        reverse("sheet-hand", args=[tournament.slug, 1, 1]), {**data, "points": 16, "idempotency_key": key}
    )
    assert response.status_code == 409
    assert "it was sent again as Self-drawn win · Player 1 · 16 points" in html.unescape(response.content.decode())
