"""A player confirming on the referee's device proves it is them, where the tournament asks for it (issue 21,
item 4): they type the code on their player card. Without the setting a tap on their name is enough, as before."""

import html

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import Signature
from tournament import services as ts
from tournament.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(tournament, organizer, published_session, sheet, players, referee):
    ts.tournament_update(
        tournament=tournament,
        by=organizer,
        hands_per_session=4,
        player_confirmation="device",
        device_confirmation_code=True,
    )
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    for n in (2, 3, 4):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=referee)
    return sheet


def code_of(player):
    return Player.objects.get(pk=player.pk).code


def test_without_the_code_or_with_another_players_it_is_refused(finished, players, referee, organizer, tournament):
    Player.objects.filter(pk=players[0].pk).update(code="")
    with pytest.raises(ValidationError, match="has no player code yet"):
        ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee, code="ANYTHING")
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for code in (None, "", code_of(players[1])):
        with pytest.raises(PermissionDenied, match="That player code is not right"):
            ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee, code=code)
    assert not Signature.objects.exists()


def test_with_their_own_code_typed_loosely_it_is_taken(finished, players, referee, organizer, tournament):
    ts.player_codes_generate(tournament=tournament, by=organizer)
    code = code_of(players[0])
    typed = f" {code[:4].lower()}-{code[4:].lower()} "
    signature = ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee, code=typed)
    assert (signature.player, signature.method, signature.user) == (players[0], "device", referee)


def test_without_the_setting_a_tap_is_enough(finished, players, referee, organizer, tournament):
    ts.tournament_update(tournament=tournament, by=organizer, device_confirmation_code=False)
    assert ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee).player == players[0]


def test_the_sheet_page_asks_each_player_for_their_code(client_for, finished, players, organizer, tournament):
    ts.player_codes_generate(tournament=tournament, by=organizer)
    client = client_for("referee")
    address = reverse("sheet-confirm", args=[tournament.slug, 1, 1])
    page = client.get(reverse("sheet", args=[tournament.slug, 1, 1])).content.decode()
    assert page.count('id="confirm-code-') == 4 and "type the code on their player card" in page
    response = client.post(address, {"player": players[0].pk, "code": code_of(players[1])})
    assert "That player code is not right." in html.unescape(response.content.decode())
    assert not Signature.objects.exists()
    response = client.post(address, {"player": players[0].pk, "code": code_of(players[0])})
    assert response.status_code == 302
    assert Signature.objects.get().player == players[0]


def test_the_setting_is_on_the_settings_page_and_travels_in_the_file(client_for, organizer, tournament):
    from interchange.export import tournament_export as tournament_json

    page = client_for("organizer").get(reverse("manage-settings", args=[tournament.slug])).content.decode()
    assert 'name="device_confirmation_code"' in page
    assert "device_confirmation_code" not in tournament_json(tournament)
    tournament = ts.tournament_update(tournament=tournament, by=organizer, device_confirmation_code=True)
    assert tournament_json(tournament)["device_confirmation_code"] is True


# Guessing a player's code on the referee's device is limited (settings.DEVICE_CODE_FAILURE_LIMIT, 5 in 15 minutes
# for that player, on any sheet of the tournament), counted in the database (core/throttle.py).


def device_code_count(player):
    return ss.device_code_bucket(player).rows().values_list("count", flat=True).first() or 0


def test_after_five_wrong_codes_even_the_right_one_is_refused_for_a_while(
    finished, players, referee, organizer, tournament
):
    from datetime import timedelta

    from django.utils import timezone

    from core.models import ThrottleCount
    from tournament.models import AuditLog

    ts.player_codes_generate(tournament=tournament, by=organizer)
    right = code_of(players[0])
    for _ in range(4):
        with pytest.raises(PermissionDenied, match="That player code is not right"):
            ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee, code="WRONG123")
    with pytest.raises(PermissionDenied, match=r"Too many wrong codes for .* try again in 15 minutes"):
        ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee, code="WRONG123")
    # The right code, now: refused without being looked at, and not counted.
    with pytest.raises(PermissionDenied, match="Too many wrong codes"):
        ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee, code=right)
    assert device_code_count(players[0]) == 5
    assert not Signature.objects.exists()
    # Another player of the table is not held back.
    assert ss.sheet_confirm(sheet=finished, player=players[1], method="device", by=referee, code=code_of(players[1]))
    # The audit log says so once, when the limit was reached.
    entry = AuditLog.objects.get(action="sheet.confirm_code_refused")
    assert (entry.actor, entry.data["player"], entry.data["failures"]) == (referee, players[0].number, 5)
    # Once the first wrong code of the window is more than 15 minutes old, the code may be tried again.
    ThrottleCount.objects.filter(scope="device-code").update(window_start=timezone.now() - timedelta(minutes=16))
    signature = ss.sheet_confirm(sheet=finished, player=players[0], method="device", by=referee, code=right)
    assert signature.player == players[0]


def test_the_page_says_how_long_to_wait(client_for, finished, players, organizer, tournament, settings):
    settings.DEVICE_CODE_FAILURE_LIMIT = 2
    ts.player_codes_generate(tournament=tournament, by=organizer)
    client = client_for("referee")
    address = reverse("sheet-confirm", args=[tournament.slug, 1, 1])
    client.post(address, {"player": players[0].pk, "code": "WRONG123"})
    response = client.post(address, {"player": players[0].pk, "code": "WRONG123"})
    text = html.unescape(response.content.decode())
    assert "Too many wrong codes for" in text and "try again in 15 minutes" in text
    response = client.post(address, {"player": players[0].pk, "code": code_of(players[0])})
    assert "Too many wrong codes for" in html.unescape(response.content.decode())
    assert not Signature.objects.exists()
    # The organizer reads it in the audit log.
    audit = client_for("organizer").get(reverse("manage-audit", args=[tournament.slug])).content.decode()
    assert "2 wrong codes for Player 1 (1) typed on the device of Referee referee" in html.unescape(audit)


def test_a_sheet_not_finished_takes_no_code_and_counts_nothing(
    tournament, organizer, published_session, sheet, players, referee
):
    """The limit is for confirming, not for guessing: an unfinished sheet says so before any code is looked at,
    so it gives no extra tries (and a player's tries are counted across every sheet)."""
    ts.tournament_update(
        tournament=tournament,
        by=organizer,
        hands_per_session=4,
        player_confirmation="device",
        device_confirmation_code=True,
    )
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for _ in range(10):
        with pytest.raises(ValidationError, match="The sheet is not finished"):
            ss.sheet_confirm(sheet=sheet, player=players[0], method="device", by=referee, code="WRONG123")
    assert device_code_count(players[0]) == 0
    bucket = ss.device_code_bucket(players[0])
    assert bucket.parts == (players[0].pk,)  # the player alone: no sheet, no session


def test_a_players_wrong_codes_count_across_the_sessions_of_the_tournament(
    finished, players, referee, organizer, tournament
):
    """Issue 27: five wrong codes for a player in all, not five on each sheet: three on the sheet of session 1
    and two on that of session 2 lock that player's code on both."""
    from schedule import services as sched

    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    sched.session_publish(session=second, by=organizer)
    other = second.tables.get(number=1).sheet
    ss.hand_record(sheet=other, number=1, outcome=pay.SELF_DRAWN, winner=players[1], points=8, by=referee)
    for n in (2, 3, 4):
        ss.hand_record(sheet=other, number=n, outcome=pay.DRAW, by=referee)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for sheet, tries in ((finished, 3), (other, 1)):
        for _ in range(tries):
            with pytest.raises(PermissionDenied, match="That player code is not right"):
                ss.sheet_confirm(sheet=sheet, player=players[0], method="device", by=referee, code="WRONG123")
    with pytest.raises(PermissionDenied, match="Too many wrong codes for Player 1"):
        ss.sheet_confirm(sheet=other, player=players[0], method="device", by=referee, code="WRONG123")
    for sheet in (finished, other):  # the right code, on either sheet: refused, not looked at
        with pytest.raises(PermissionDenied, match="Too many wrong codes for Player 1"):
            ss.sheet_confirm(sheet=sheet, player=players[0], method="device", by=referee, code=code_of(players[0]))
    assert device_code_count(players[0]) == 5 and not Signature.objects.filter(player=players[0]).exists()
    # Another player is not held back, on either sheet.
    assert ss.sheet_confirm(sheet=other, player=players[1], method="device", by=referee, code=code_of(players[1]))
