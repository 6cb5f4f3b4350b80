"""Irreversible actions are asked first, in the page (issue 21, item 4), on a phone and a desktop: the referee's
"Time is up", the chief referee's countersignature. Cancel changes nothing; the second button does it."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, ScoreSheet, Signature
from tournament import services as ts
from tournament.models import Player, Session


def finished_with_codes(tournament, organizer, sheet, referee, players):
    """Table 1 finished (hand 1, then time up) where players confirm on the referee's device with their code;
    the codes of its players, by player number."""
    ts.tournament_update(
        tournament=tournament,
        by=organizer,
        hands_per_session=4,
        player_confirmation="device",
        device_confirmation_code=True,
    )
    ts.player_codes_generate(tournament=tournament, by=organizer)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.sheet_mark_rest_not_played(sheet=sheet, by=referee)
    return {p.number: p.code for p in Player.objects.filter(pk__in=[p.pk for p in players[:4]])}


def test_time_is_up_then_countersign_each_asked_first(
    phone_page,
    desktop_page,
    login,
    referee,
    chief_referee,
    organizer,
    tournament,
    published_session,
    sheet,
    players,
    assert_phone_friendly,
    screenshot,
):
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    sheet_url = reverse("sheet", args=[tournament.slug, 1, 1])
    # The bell has rung: the button says "Time is up" only then (before it, "Mark hands … not played").
    now = timezone.now()
    Session.objects.filter(pk=published_session.pk).update(
        starts_at=now - timedelta(hours=3), ends_at=now - timedelta(minutes=1)
    )

    page = phone_page
    login(page, referee)
    page.goto(sheet_url)
    page.get_by_role("button", name="Time is up: mark hands 2, 3, 4 not played").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Time is up: mark hands 2, 3, 4 not played?"
    assert_phone_friendly(page, ".confirm form")
    screenshot(page, "confirm-time-up-phone")
    page.get_by_role("link", name="Cancel").click()
    page.wait_for_url("**#signing")
    assert Hand.objects.filter(sheet=sheet).count() == 1
    page.get_by_role("button", name="Time is up: mark hands 2, 3, 4 not played").click()
    page.get_by_role("button", name="Yes, mark them not played").click()
    page.wait_for_url("**#result")
    assert "Hands 2, 3, 4 marked not played." in page.locator(".messages").inner_text()
    assert Hand.objects.filter(sheet=sheet).count() == 4
    ss.sheet_sign(sheet=sheet, by=referee)

    page = desktop_page
    login(page, chief_referee)
    page.goto(sheet_url)
    page.get_by_role("button", name="Countersign").click()
    page.wait_for_load_state()
    assert "Countersign the score sheet of table 1, session 1?" in page.locator("h1").inner_text()
    screenshot(page, "confirm-countersign-desktop")
    assert ScoreSheet.objects.get(pk=sheet.pk).status == ScoreSheet.Status.SUBMITTED
    page.get_by_role("button", name="Yes, countersign").click()
    page.wait_for_url("**#result")
    assert "Score sheet countersigned." in page.locator(".messages").inner_text()
    assert ScoreSheet.objects.get(pk=sheet.pk).status == ScoreSheet.Status.COUNTERSIGNED


def test_players_confirm_with_their_code_on_the_referees_phone(
    phone_page,
    login,
    referee,
    organizer,
    tournament,
    published_session,
    sheet,
    players,
    assert_phone_friendly,
    screenshot,
):
    codes = finished_with_codes(tournament, organizer, sheet, referee, players)
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    assert_phone_friendly(page, ".signing form")
    row = page.locator('.confirmations li[data-player="1"]')
    row.locator('input[name="code"]').fill(codes[2])  # another player's code
    row.get_by_role("button", name="Player 1 confirms").click()
    page.wait_for_load_state()
    error = page.locator("#signing div.errors")
    assert "That player code is not right." in error.inner_text()
    box = error.bounding_box()
    assert box is not None and 0 <= box["y"] < page.viewport_size["height"]
    assert not Signature.objects.exists()
    row = page.locator('.confirmations li[data-player="1"]')
    row.locator('input[name="code"]').fill(codes[1].lower())
    screenshot(page, "confirm-with-code-phone", full_page=False)
    row.get_by_role("button", name="Player 1 confirms").click()
    page.wait_for_url("**#result")
    assert "Player 1 confirmed the sheet." in page.locator(".messages").inner_text()
    assert Signature.objects.get().player == players[0]


def test_guessing_a_players_code_on_the_referees_phone_stops_after_a_few(
    phone_page,
    desktop_page,
    login,
    organizer,
    referee,
    tournament,
    published_session,
    sheet,
    players,
    screenshot,
    settings,
):
    """After DEVICE_CODE_FAILURE_LIMIT wrong codes for a player on the sheet, the page says how long to wait; the
    right code meanwhile is refused too, and another player still confirms."""
    settings.DEVICE_CODE_FAILURE_LIMIT = 3
    codes = finished_with_codes(tournament, organizer, sheet, referee, players)
    for size, page in (("phone", phone_page), ("desktop", desktop_page)):
        login(page, referee)
        page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
        number = 1 if size == "phone" else 2
        for _ in range(3):
            row = page.locator(f'.confirmations li[data-player="{number}"]')
            row.locator('input[name="code"]').fill("WRONG234")
            row.get_by_role("button", name=f"Player {number} confirms").click()
            page.wait_for_load_state()
        error = page.locator("#signing div.errors")
        assert f"Too many wrong codes for Player {number}: try again in 15 minutes." in error.inner_text()
        box = error.bounding_box()
        assert box is not None and 0 <= box["y"] < page.viewport_size["height"]
        screenshot(page, f"device-code-refused-{size}", full_page=False)
        row = page.locator(f'.confirmations li[data-player="{number}"]')
        row.locator('input[name="code"]').fill(codes[number])
        row.get_by_role("button", name=f"Player {number} confirms").click()
        page.wait_for_load_state()
        assert "Too many wrong codes" in page.locator("#signing div.errors").inner_text()
    assert not Signature.objects.exists()
    row = desktop_page.locator('.confirmations li[data-player="3"]')
    row.locator('input[name="code"]').fill(codes[3])
    row.get_by_role("button", name="Player 3 confirms").click()
    desktop_page.wait_for_url("**#result")
    assert Signature.objects.get().player.number == 3
