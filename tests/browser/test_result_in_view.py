"""Every message where the eye is (issue 21, item 2), at 390 px: after an action its result (an error or a
message) is in the viewport, not 2,000 px below it; what was typed stays in the form."""

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from tests.closing import close_session
from tournament import services as ts

from .outbox import recorded


def in_viewport(page, locator):
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= -1 and box["y"] + min(box["height"], 40) <= height


@pytest.fixture
def four_hands(tournament, organizer, published_session, sheet, players, referee):
    """Four-hand sessions, every hand of table 1 entered; the players confirm on the referee's device."""
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="device")
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    for number in (2, 3, 4):
        ss.hand_record(sheet=sheet, number=number, outcome=pay.DRAW, by=referee)
    return sheet


def sheet_url(tournament, t=1):
    return reverse("sheet", args=[tournament.slug, 1, t])


def test_signing_before_the_players_confirm_shows_the_refusal_in_view(
    phone_page, login, referee, tournament, four_hands, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    page.get_by_role("button", name="Sign the score sheet").click()
    page.wait_for_load_state()
    error = page.locator("#signing div.errors")
    assert "confirm" in error.inner_text()
    assert in_viewport(page, error), error.bounding_box()
    screenshot(page, "result-in-view-sign-refused-phone", full_page=False)


def test_a_foul_without_a_player_shows_the_refusal_in_view(
    phone_page, login, referee, tournament, four_hands, players, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    form = page.locator("form.foul-form")
    form.locator('[name="foul"]').select_option("warning")
    form.locator('[name="reason"]').fill("talked during play")
    form.get_by_role("button", name="Record foul").scroll_into_view_if_needed()
    recorded(page, button="Record foul")
    refusal = page.locator("ol.outbox[data-kind=foul] .outbox-item").first
    assert refusal.is_visible()
    assert in_viewport(page, refusal), refusal.bounding_box()
    # The field to correct is in view too, and what was typed is back in the form.
    assert in_viewport(page, form.locator(".has-error").first)
    assert form.locator('[name="reason"]').input_value() == "talked during play"
    screenshot(page, "result-in-view-foul-refused-phone", full_page=False)


def test_a_foul_without_a_player_without_scripts_keeps_what_was_typed(
    nojs_phone_page, login, referee, tournament, four_hands
):
    page = nojs_phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    form = page.locator("form.foul-form")
    form.locator('[name="foul"]').select_option("warning")
    form.locator('[name="reason"]').fill("talked during play")
    form.get_by_role("button", name="Record foul").click()
    page.wait_for_load_state()
    assert page.locator('form.foul-form [name="reason"]').input_value() == "talked during play"
    assert page.locator("form.foul-form .errors").first.is_visible()


def test_the_chiefs_reopen_on_a_closed_session_shows_the_refusal_in_view(
    phone_page, login, chief_referee, referee, organizer, tournament, published_session, screenshot
):
    for table in published_session.tables.order_by("number"):
        ss.hand_record(
            sheet=table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=table.seated_players()[0], points=8, by=referee
        )
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    close_session(session=published_session, by=organizer)
    page = phone_page
    login(page, chief_referee)
    page.goto(sheet_url(tournament))
    form = page.locator("form.reopen-form")
    form.locator("textarea, input[type=text]").first.fill("Hand 1 was 16, not 8.")
    form.get_by_role("button", name="Reopen").click()
    page.wait_for_load_state()
    error = page.locator("main .errors").first
    assert "reopen the session first" in error.inner_text()
    assert in_viewport(page, error), error.bounding_box()
    assert page.locator("form.reopen-form textarea, form.reopen-form input[type=text]").first.input_value() == (
        "Hand 1 was 16, not 8."
    )
    screenshot(page, "result-in-view-reopen-refused-phone", full_page=False)


def test_a_success_after_a_panels_anchor_is_in_view(phone_page, login, referee, tournament, four_hands, players):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    page.get_by_role("button", name="Player 1 confirms").click()
    page.wait_for_url("**#result")
    message = page.locator(".messages .msg").first
    assert "Player 1 confirmed the sheet." in message.inner_text()
    assert in_viewport(page, message), message.bounding_box()
    # With script the message is moved into the panel it belongs to (static/js/result.js).
    assert page.locator("#signing .messages").count() == 1


def test_without_scripts_the_browser_scrolls_to_an_actions_message(
    nojs_phone_page, chromium_browser, live_server, login, referee, tournament, four_hands, players, screenshot
):
    """The redirect after an action carries #result, the messages region (config/result_anchor.py): the browser
    itself scrolls there, with no script."""
    from .conftest import DESKTOP, _page

    page = nojs_phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    page.get_by_role("button", name="Player 1 confirms").click()
    page.wait_for_url("**#result")
    message = page.locator("#result .msg").first
    assert "Player 1 confirmed the sheet." in message.inner_text()
    assert page.evaluate("() => window.scrollY") > 0  # the page was scrolled, not left at its top
    assert in_viewport(page, message), message.bounding_box()
    screenshot(page, "result-in-view-nojs-phone", full_page=False)

    context, desktop = _page(chromium_browser, live_server, viewport=DESKTOP, java_script_enabled=False)
    try:
        login(desktop, referee)
        desktop.goto(sheet_url(tournament))
        desktop.get_by_role("button", name="Player 2 confirms").click()
        desktop.wait_for_url("**#result")
        message = desktop.locator("#result .msg").first
        assert "Player 2 confirmed the sheet." in message.inner_text()
        assert in_viewport(desktop, message), message.bounding_box()
        screenshot(desktop, "result-in-view-nojs-desktop", full_page=False)
    finally:
        context.close()


def test_without_scripts_a_refusal_on_the_sheet_is_in_view(nojs_phone_page, login, referee, tournament, four_hands):
    """A refused post answers with the page itself (no redirect): the form's address carries its panel's anchor,
    so the browser opens the answer at the panel that shows the error."""
    page = nojs_phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    page.get_by_role("button", name="Sign the score sheet").click()
    page.wait_for_url("**#signing")
    error = page.locator("#signing div.errors")
    assert "confirm" in error.inner_text()
    assert in_viewport(page, error), error.bounding_box()
