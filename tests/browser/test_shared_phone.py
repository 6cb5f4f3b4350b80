"""Issue 27 in real Chromium: a phone passed from hand to hand never shows one person's private page to the next.
A referee's table page is kept on the phone (the service worker, for the hall's network); offline it opens from
that copy, which says so and when it was taken. After a logout from another page, or once the login has
expired, the page's address offline shows nothing private: the copy is only for the login it was drawn for
(core/login_mark.py, templates/scoring/service_worker.js)."""

import re
import time

from django.urls import reverse
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .test_offline_entry import kept
from .test_table_phone import sheet_url

COPIES = "async () => (await (await caches.open('mcr-pages')).keys()).length"


def offline_page(page, url):
    """The page's address opened with no network: its text, or "" when the phone has nothing to show."""
    page.context.set_offline(True)
    try:
        page.goto(url)
        return page.locator("body").inner_text()
    except PlaywrightError:
        return ""  # the browser's own "no connection" (nothing came from the phone's storage)
    finally:
        page.context.set_offline(False)


def private(text, referee):
    return referee.get_username() in text or "Log out" in text or "Record hand" in text


def until_no_copies(page, seconds=15):
    deadline = time.monotonic() + seconds
    while page.evaluate(COPIES):
        assert time.monotonic() < deadline, "the phone still keeps the private page"
        time.sleep(0.1)


def test_a_logout_on_another_page_leaves_nothing_private_offline(
    phone_page, login, referee, players, published_session, sheet, tournament, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    # While the referee is logged in, the page opens offline from the phone's copy, and says so.
    page.context.set_offline(True)
    page.goto(sheet_url(tournament))
    note = page.locator(".kept-copy")
    expect(note).to_contain_text("This is the copy of this page kept on this phone at")
    assert private(page.locator("body").inner_text(), referee)
    screenshot(page, "kept-copy-phone", full_page=False)
    page.context.set_offline(False)

    # Log out from the tournament's page (not the table page, whose own script also forgets the copies).
    page.goto(reverse("tournament-detail", args=[tournament.slug]))
    page.locator("details.menu-toggle summary").click()
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/$"))
    until_no_copies(page)
    text = offline_page(page, sheet_url(tournament))
    assert not private(text, referee), text


def test_a_login_that_expired_leaves_nothing_private_offline(
    phone_page, login, referee, players, published_session, sheet, tournament, settings
):
    settings.SESSION_COOKIE_AGE = 10  # seconds: the login expires during the test
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    assert page.evaluate(COPIES) == 1
    time.sleep(11)
    # No page was opened meanwhile: the phone alone must know the login has ended.
    text = offline_page(page, sheet_url(tournament))
    assert not private(text, referee), text


def test_another_persons_login_on_the_phone_does_not_get_the_copy(
    phone_page, login, referee, organizer, players, published_session, sheet, tournament
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    page.context.clear_cookies()
    login(page, organizer)
    page.goto(reverse("tournament-detail", args=[tournament.slug]))  # the organizer's first page on this phone
    until_no_copies(page)
    text = offline_page(page, sheet_url(tournament))
    assert not private(text, referee), text


def test_a_login_ended_on_the_server_while_offline_keeps_its_copy_only_so_long(
    phone_page, login, referee, players, published_session, sheet, tournament, settings
):
    """The phone cannot learn offline that the server ended the login (a password changed, the login removed):
    its copy is still served, but only for OFFLINE_PAGE_KEPT_HOURS after it was last refreshed, not until the
    login's own end (two weeks by default)."""
    from django.contrib.sessions.models import Session

    settings.OFFLINE_PAGE_KEPT_HOURS = 8 / 3600  # 8 seconds, for the test
    page = phone_page
    login(page, referee)  # the service worker is fetched now, with the setting above
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    Session.objects.all().delete()  # the login ended on the server; the phone is offline from now on
    assert private(offline_page(page, sheet_url(tournament)), referee)  # it cannot know yet
    time.sleep(9)
    text = offline_page(page, sheet_url(tournament))
    assert not private(text, referee), text
