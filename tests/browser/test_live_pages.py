"""Everyone knows where to be (issue 31), in real Chromium: a player's page open on a phone shows, within
5 seconds and without a reload, the seat the organizer publishes in another browser, an announcement and a
sheet to confirm, saying what changed (in one tab only when two are open); a player calls a referee, the
referee's To do shows the call, the referee takes it and the player's page says who is coming."""

import re
from urllib.parse import urlparse

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from tests.browser.test_series import assert_accessible
from tournament import services as ts

SOON = 5_000  # ms: the "within 5 s"


@pytest.fixture
def day(tournament, organizer, seated_session, players):
    """Session 1 seated, not yet published; sessions of four hands confirmed on the players' phones."""
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="phone")
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for p in players:
        p.refresh_from_db()
    return seated_session


def player_url(tournament, player):
    return reverse("player-page", args=[tournament.slug, player.code])


def mark_no_reload(page):
    page.evaluate("window.__stillTheSamePage = true")


def assert_not_reloaded(page):
    assert page.evaluate("window.__stillTheSamePage === true"), "the page was reloaded"


def test_the_players_page_shows_a_published_seat_an_announcement_and_a_sheet_to_confirm(
    phone_page, desktop_page, login, organizer, referee, tournament, day, players, screenshot, assert_phone_friendly
):
    from playwright.sync_api import expect

    page = phone_page
    page.goto(player_url(tournament, players[1]))
    expect(page.locator("#next-seat")).to_contain_text("appears here once its seating is published")
    mark_no_reload(page)

    # The organizer publishes session 1 in another browser, through the sessions page (asked first).
    login(desktop_page, organizer)
    desktop_page.goto(reverse("manage-sessions", args=[tournament.slug]))
    with desktop_page.expect_navigation():
        desktop_page.get_by_role("button", name="Publish seating").first.click()
    with desktop_page.expect_navigation():
        desktop_page.locator("main form").get_by_role("button", name=re.compile("publish", re.I)).first.click()
    day.refresh_from_db()
    assert day.is_public

    expect(page.locator("#next-seat")).to_contain_text("Session 1: table 1, starting wind South", timeout=SOON)
    expect(page.locator("#live-news")).to_contain_text("Session 1: table 1, starting wind South")
    assert_not_reloaded(page)

    # An announcement, posted in the organizer's browser. Only the announcements changed: the page fetches them
    # alone, not itself (every open page learns of an announcement at once).
    fetched = []
    page.on("request", lambda request: fetched.append(urlparse(request.url).path))
    desktop_page.goto(reverse("manage-announcements", args=[tournament.slug]))
    desktop_page.get_by_label("Message").fill("Session 1 starts at 10:00 in room B")
    with desktop_page.expect_navigation():
        desktop_page.get_by_role("button", name="Post the announcement").click()
    expect(page.locator("#announcements")).to_contain_text("Session 1 starts at 10:00 in room B", timeout=SOON)
    expect(page.locator("#live-news")).to_contain_text("Session 1 starts at 10:00 in room B")
    mine = player_url(tournament, players[1])
    assert mine + "live/announcements/" in fetched and mine not in fetched, fetched
    expect(page.locator("#next-seat")).to_contain_text("Session 1: table 1, starting wind South")

    # Every hand in: the sheet waits for the player's confirmation.
    sheet = day.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee)
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    ss.hand_record(sheet=sheet, number=4, outcome=pay.DRAW, by=referee)
    expect(page.get_by_role("button", name="I confirm this score sheet")).to_be_visible(timeout=SOON)
    expect(page.locator("#live-news")).to_contain_text("every hand is in")
    assert_not_reloaded(page)
    assert_phone_friendly(page)
    assert_accessible(page)
    screenshot(page, "live-player-phone")

    desktop_page.goto(player_url(tournament, players[1]))
    assert_accessible(desktop_page)
    screenshot(desktop_page, "live-player-desktop")


def test_two_tabs_of_one_player_tell_a_change_once(phone_page, organizer, tournament, day, players):
    from playwright.sync_api import expect

    from schedule import services as sched

    sched.session_publish(session=day, by=organizer)
    first = phone_page
    second = first.context.new_page()
    for page in (first, second):
        page.goto(player_url(tournament, players[1]))
    from tournament import floor

    floor.announcement_post(tournament=tournament, text="Lunch is served in room C", by=organizer)
    for page in (first, second):
        expect(page.locator("#announcements")).to_contain_text("Lunch is served in room C", timeout=SOON)
    first.wait_for_timeout(500)  # both have polled and swapped
    told = [page.locator("#live-news li", has_text="Lunch is served").count() for page in (first, second)]
    assert sorted(told) == [0, 1], told
    second.close()


def test_a_player_calls_a_referee_who_takes_the_call(
    phone_page, desktop_page, login, organizer, referee, tournament, day, players, screenshot
):
    from playwright.sync_api import expect

    from schedule import services as sched

    sched.session_publish(session=day, by=organizer)
    page = phone_page
    page.goto(player_url(tournament, players[0]))
    with page.expect_navigation():
        page.get_by_role("button", name="Call a referee to table 1").click()
    expect(page.locator("#referee-call")).to_contain_text("Table 1 called a referee")
    mark_no_reload(page)

    login(desktop_page, referee)
    desktop_page.goto(reverse("work-queue", args=[tournament.slug]))
    take = desktop_page.get_by_role("button", name="Take the call of table 1")
    expect(take).to_be_visible()
    expect(desktop_page.locator("#calls")).to_contain_text("Table 1 (session 1)")
    assert_accessible(desktop_page)
    screenshot(desktop_page, "live-calls-desktop")
    with desktop_page.expect_navigation():
        take.click()
    expect(desktop_page.locator("#calls")).to_contain_text("You took it.")

    expect(page.locator("#referee-call")).to_contain_text("referee is coming to table 1", timeout=SOON)
    expect(page.locator("#live-news")).to_contain_text("referee is coming to your table")
    assert_not_reloaded(page)
    assert_accessible(page)
    screenshot(page, "live-call-phone")


def test_a_call_shows_on_the_to_do_page_already_open(
    phone_page, desktop_page, login, organizer, referee, tournament, day, players
):
    """The To do page open before the call: the call appears within seconds, without a reload."""
    from playwright.sync_api import expect

    from schedule import services as sched

    sched.session_publish(session=day, by=organizer)
    login(desktop_page, referee)
    desktop_page.goto(reverse("work-queue", args=[tournament.slug]))
    expect(desktop_page.locator("#calls")).to_contain_text("No table is calling a referee.")
    page = phone_page
    page.goto(player_url(tournament, players[5]))
    with page.expect_navigation():
        page.get_by_role("button", name="Call a referee to table 2").click()
    expect(desktop_page.get_by_role("button", name="Take the call of table 2")).to_be_visible(timeout=SOON)


def test_the_hall_shows_announcements_and_the_tables_calling(
    desktop_page, organizer, tournament, day, players, screenshot
):
    from playwright.sync_api import expect

    from schedule import services as sched
    from tournament import floor

    sched.session_publish(session=day, by=organizer)
    floor.announcement_post(tournament=tournament, text="Session 2 starts at 14:00", by=organizer)
    day.refresh_from_db()
    floor.referee_call_make(table=day.tables.get(number=2), player=players[4])
    page = desktop_page
    page.goto(reverse("hall", args=[tournament.slug]) + "?calls=1")
    expect(page.locator("#hall-announcements")).to_contain_text("Session 2 starts at 14:00")
    expect(page.locator("#hall-calls")).to_contain_text("Table 2")
    assert_accessible(page)
    screenshot(page, "live-hall-desktop")
