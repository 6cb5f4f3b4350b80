"""axe-core WCAG 2.1 A/AA on the pages of issue 21 that had no check yet, at 390 px and 1280 px: the work queues
(chief referee with a sheet to countersign and an appeal to decide, a referee, an organizer), the "Not sent"
page of a form the CSRF check stopped, the page an action's address opened as a page goes to (with its
message), and the pages refusing too many tries (a login locked out, a phone refused after wrong codes, 429)."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import ThrottleCount
from scoring import services as ap
from scoring import services as ss
from tests.browser.test_series import assert_accessible
from tests.browser.test_work_queues import confirm_all, four_hands  # noqa: F401 -- the fixture
from tournament import code_guard


@pytest.fixture
def queue_work(tournament, four_hands, players, referee):  # noqa: F811 -- the fixture imported above
    """A sheet waiting for the chief referee's countersignature, and an appeal waiting for a decision."""
    confirm_all(four_hands, players)
    ss.sheet_sign(sheet=four_hands, by=referee)
    filer = tournament.players.get(number=2)
    ap.appeal_file(
        sheet=four_hands, filer=filer, code=filer.code, kind="rule", hand_number=2, statement="Hand 2.", by=None
    )
    return four_hands


def both(phone_page, desktop_page):
    return (("phone", phone_page), ("desktop", desktop_page))


def test_the_work_queues_pass_axe(
    phone_page, desktop_page, login, chief_referee, referee, organizer, tournament, queue_work, screenshot
):
    url = reverse("work-queue", args=[tournament.slug])
    for user in (chief_referee, referee, organizer):
        for size, page in both(phone_page, desktop_page):
            login(page, user)
            page.goto(url)
            assert page.locator("h1").count() == 1
            assert_accessible(page)
            if user == chief_referee:
                assert "Countersign" in page.locator("main").inner_text()
                screenshot(page, f"axe-work-queue-chief-{size}", full_page=False)
    # The player's page, which starts with what they must do.
    code = tournament.players.get(number=1).code
    for _size, page in both(phone_page, desktop_page):
        page.goto(reverse("player-page", args=[tournament.slug, code]))
        assert_accessible(page)


def test_the_not_sent_page_passes_axe(phone_page, desktop_page, login, organizer, tournament, screenshot):
    for size, page in both(phone_page, desktop_page):
        page.context.clear_cookies()
        page.goto(reverse("tournament-detail", args=[tournament.slug]))
        # The form was opened before the token changed (a login in another tab, a page left open too long).
        page.evaluate("() => document.querySelector('.lang-switch [name=csrfmiddlewaretoken]').value = 'x'.repeat(64)")
        with page.expect_navigation():
            page.locator(".lang-switch button[lang=es]").click()
        assert page.locator("h1").inner_text() == "Not sent"
        assert "This page had expired, so the form was not sent." in page.locator("[role=alert]").inner_text()
        assert_accessible(page)
        screenshot(page, f"axe-not-sent-{size}", full_page=False)


def test_an_action_address_opened_as_a_page_lands_on_a_page_that_passes_axe(
    phone_page, desktop_page, login, organizer, tournament, published_session, screenshot
):
    for size, page in both(phone_page, desktop_page):
        login(page, organizer)
        page.goto(reverse("manage-seating-publish", args=[tournament.slug]))
        assert page.url.endswith(reverse("manage-seating", args=[tournament.slug]))
        assert page.locator(".messages .msg").count() >= 1
        assert_accessible(page)
        screenshot(page, f"axe-action-page-{size}", full_page=False)


def test_the_pages_refusing_too_many_tries_pass_axe(
    phone_page, desktop_page, tournament, organizer, players, screenshot, settings
):
    from tournament import services as ts

    ts.player_codes_generate(tournament=tournament, by=organizer)
    code = type(players[0]).objects.get(pk=players[0].pk).code
    full = code_guard.bucket(tournament=tournament, address="127.0.0.1")  # the browser's address here
    ThrottleCount.objects.create(scope=full.scope, key=full.key, count=full.limit, window_start=timezone.now())
    for size, page in both(phone_page, desktop_page):
        response = page.goto(reverse("player-page", args=[tournament.slug, code]))
        assert response.status == 429
        assert page.locator("h1").inner_text() == "Too many wrong codes"
        assert_accessible(page)
        screenshot(page, f"axe-code-refused-{size}", full_page=False)

    # A login locked out after wrong passwords.
    for size, page in both(phone_page, desktop_page):
        for _i in range(settings.LOGIN_FAILURE_LIMIT):
            page.goto(reverse("login"))
            page.locator('[name="username"]').fill("organizer")
            page.locator('[name="password"]').fill("not the password")
            with page.expect_navigation():
                page.locator("main form").get_by_role("button", name=re.compile("Log in", re.I)).click()
            if page.locator("h1").inner_text() != "Log in":
                break
        assert page.locator("[role=alert], .msg.error").count() >= 1
        assert_accessible(page)
        screenshot(page, f"axe-login-locked-{size}", full_page=False)
