"""The stream overlay (issue 31), in real Chromium: a transparent page for OBS; a hand entered appears on it
within 2 seconds without a reload; a session not published never appears."""

from django.urls import reverse

from api import services
from rules import payments as pay
from scoring import services as ss
from tests.browser.test_series import assert_accessible


def test_a_hand_entered_shows_on_the_overlay_within_2_seconds(
    desktop_page, organizer, referee, tournament, published_session, players, screenshot
):
    from playwright.sync_api import expect

    services.stream_feature_set(tournament=tournament, table=1, top=8, by=organizer)
    page = desktop_page
    page.goto(reverse("stream-featured", args=[tournament.slug]))
    expect(page.locator(".stream-players")).to_contain_text("Player 1")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
    page.evaluate("window.__same = true")
    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=10, by=referee
    )
    expect(page.locator(".stream-last")).to_contain_text("Player 2", timeout=2_000)
    expect(page.locator(".stream-players")).to_contain_text("34")
    assert page.evaluate("window.__same === true")
    assert_accessible(page)
    screenshot(page, "stream-table-desktop", full_page=False)

    page.goto(reverse("stream-standings", args=[tournament.slug]))
    expect(page.locator(".stream-ticker")).to_contain_text("Player 2")
    screenshot(page, "stream-standings-desktop", full_page=False)


def test_an_unpublished_session_never_shows(desktop_page, organizer, referee, tournament, seated_session, players):
    from playwright.sync_api import expect

    services.stream_feature_set(tournament=tournament, table=1, top=8, by=organizer)
    page = desktop_page
    page.goto(reverse("stream-featured", args=[tournament.slug]))
    ss.hand_record(sheet=seated_session.tables.get(number=1).sheet, number=1, outcome=pay.DRAW, by=referee)
    page.wait_for_timeout(2_500)
    expect(page.locator("#stream")).not_to_contain_text("Player 1")
    expect(page.locator("#stream")).to_contain_text("Waiting for the session to start")
