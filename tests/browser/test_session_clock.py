"""The session clock in Chromium (static/js/session-clock.js, static/js/hall.js): the time left counted from the
server's clock, amber in the last 15 minutes, red at the end. The browser's own clock is set hours off on
purpose: the page must follow the server, not the machine it runs on. No real waiting: playwright's fake clock."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from schedule import clock as clock_services
from tournament.models import Session

WRONG_BY = datetime.timedelta(hours=3)  # the browser machine's clock is three hours fast


def set_clock(session, *, ends_in):
    session = Session.objects.get(pk=session.pk)
    session.ends_at = timezone.now() + ends_in
    session.starts_at = session.ends_at - datetime.timedelta(minutes=150)
    session.save()
    return session


def sheet(slug="test-open"):
    return reverse("sheet", args=[slug, 1, 1])


def fast_browser_clock(page):
    page.clock.install(time=datetime.datetime.now(datetime.UTC) + WRONG_BY)


def test_table_clock_turns_amber_at_15_minutes_and_red_at_the_end(
    phone_page, login, referee, published_session, screenshot
):
    set_clock(published_session, ends_in=datetime.timedelta(minutes=15, seconds=4))
    page = phone_page
    fast_browser_clock(page)
    login(page, referee)
    page.goto(sheet())
    box = page.locator(".session-clock")
    expect(box).to_have_class("session-clock clock-running")
    expect(box.locator(".clock-time")).to_contain_text("0:15:0")
    page.clock.run_for(6_000)  # past the quarter of an hour before the end
    expect(box).to_have_class("session-clock clock-warning")
    expect(box.locator(".clock-time")).to_contain_text("left")
    screenshot(page, "session-clock-table-phone-warning")
    page.clock.run_for(15 * 60 * 1000)
    expect(box).to_have_class("session-clock clock-ended")
    expect(box.locator(".clock-time")).to_have_text("Time is up")
    colour = box.evaluate("el => getComputedStyle(el).borderTopColor")
    assert colour == "rgb(183, 28, 28)"  # red


def test_a_bell_already_rung_is_red_at_once(phone_page, login, referee, published_session):
    set_clock(published_session, ends_in=-datetime.timedelta(minutes=2))
    page = phone_page
    login(page, referee)
    page.goto(sheet())
    expect(page.locator(".session-clock")).to_have_class("session-clock clock-ended")
    # After the bell the hand form asks whether the hand ended before it.
    expect(page.get_by_text("This hand ended before the bell")).to_be_visible()


def test_organizer_starts_the_clock_on_the_clock_page(desktop_page, login, organizer, published_session, screenshot):
    page = desktop_page
    login(page, organizer)
    page.goto(reverse("manage-session-clock", args=["test-open", 1]))
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator(".session-clock")).to_have_class("session-clock clock-running")
    expect(page.locator(".session-clock .clock-time")).to_contain_text("2:29:")
    screenshot(page, "session-clock-manage-desktop")
    session = Session.objects.get(pk=published_session.pk)
    assert session.ends_at - session.starts_at == datetime.timedelta(minutes=150)


def test_hall_clock_turns_amber_from_the_server_clock(chromium_browser, live_server, published_session, organizer):
    clock_services.session_clock_start(session=published_session, by=organizer)
    set_clock(published_session, ends_in=datetime.timedelta(minutes=10))
    context = chromium_browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 1920, "height": 1080}
    )
    try:
        page = context.new_page()
        fast_browser_clock(page)
        page.goto(reverse("hall", args=["test-open"]))
        expect(page.locator("body")).to_have_class("time-warning")
        expect(page.locator("#hall-clock .time")).to_contain_text("0:0")
    finally:
        context.close()


@pytest.mark.parametrize(
    "ends_in,state", [(datetime.timedelta(minutes=40), "running"), (-datetime.timedelta(minutes=1), "ended")]
)
def test_without_script_the_table_says_when_the_session_ends(
    nojs_phone_page, login, referee, published_session, ends_in, state
):
    session = set_clock(published_session, ends_in=ends_in)
    page = nojs_phone_page
    login(page, referee)
    page.goto(sheet())
    box = page.locator(".session-clock")
    expect(box).to_have_class(f"session-clock clock-{state}")
    expect(box).to_contain_text(f"The bell rings at {timezone.localtime(session.ends_at):%H:%M}")


@pytest.mark.parametrize("page_fixture", ["phone_page", "desktop_page"])
def test_organizer_withdraws_a_player_with_a_substitute(
    request, page_fixture, login, organizer, published_session, players, screenshot
):
    page = request.getfixturevalue(page_fixture)
    login(page, organizer)
    page.goto(reverse("manage-withdrawals", args=["test-open"]))
    form = page.locator("#withdraw form")
    form.locator("select[name=player]").select_option(label=str(players[2]))
    form.locator("select[name=from_session]").select_option(label="Session 1")
    form.locator("select[name=reason]").select_option("illness")
    form.locator("input[name=note]").fill("fever")
    form.locator("input[name=new_name]").fill("Rosa Reserve")
    page.get_by_role("button", name="Withdraw", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Rosa Reserve takes their seat in session 1.")
    expect(page.locator("#withdrawals")).to_contain_text("Substitute: 9. Rosa Reserve, seated in session 1.")
    screenshot(page, f"withdrawals-{page_fixture.split('_')[0]}")


def test_hall_counts_down_to_a_scheduled_start(chromium_browser, live_server, published_session, organizer):
    clock_services.session_clock_schedule(
        session=published_session, by=organizer, starts_at=timezone.now() + datetime.timedelta(minutes=20)
    )
    context = chromium_browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 1920, "height": 1080}
    )
    try:
        page = context.new_page()
        page.clock.install(time=datetime.datetime.now(datetime.UTC))
        # No answers from the API: the page's own copy (and the server's time it carries) is all there is, so
        # the fake clock's 21 minutes are not undone by a real Date header.
        page.route("**/api/v1/**", lambda route: route.abort())
        page.goto(reverse("hall", args=["test-open"]))
        expect(page.locator("#hall-clock .note")).to_have_text("starts in")
        expect(page.locator("#hall-clock .time")).to_contain_text("0:19:")
        page.clock.run_for(21 * 60 * 1000)
        expect(page.locator("#hall-clock .note")).to_have_text("left")
        expect(page.locator("#hall-clock .time")).to_contain_text("2:2")
    finally:
        context.close()


def test_standings_list_substitutes_apart_on_a_phone(
    phone_page, organizer, referee, published_session, players, sheet, screenshot
):
    from rules import payments as pay
    from schedule import withdrawals
    from scoring import services as ss
    from tournament import services as ts

    reserve = ts.player_create(
        tournament=published_session.tournament, number=9, name="Rosa Reserve", is_substitute=True, by=organizer
    )
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[1], points=8, by=referee)
    withdrawals.player_withdraw(
        player=players[4], from_session=published_session, reason="illness", substitute=reserve, by=organizer
    )
    table2 = published_session.tables.get(number=2).sheet
    ss.hand_record(sheet=table2, number=1, outcome=pay.SELF_DRAWN, winner=reserve, points=8, by=referee)
    page = phone_page
    page.goto(reverse("standings", args=["test-open"]))
    substitutes = page.locator("table.substitutes")
    expect(substitutes).to_contain_text("Rosa Reserve")
    expect(page.locator("table.standings").first).not_to_contain_text("Rosa Reserve")
    expect(page.locator('tr[data-number="5"] abbr.withdrawn')).to_have_text("W")
    screenshot(page, "standings-substitutes-phone")
