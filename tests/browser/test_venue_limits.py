"""Issue 23 in real Chromium: a player filing the same appeal twice on a phone is pointed to the open one; a
phone refused after too many wrong codes from its network gets a clear page; the chief referee sees the appeals
per table."""

import re

from django.urls import reverse
from django.utils import timezone

from core.models import ThrottleCount
from scoring import services as ap
from scoring.models import Appeal
from tests.browser.test_appeals import played  # noqa: F401 -- the fixture
from tournament import code_guard


def test_a_repeated_appeal_on_the_phone_links_to_the_open_one(
    phone_page,
    tournament,
    played,  # noqa: F811 -- the fixture imported above
    assert_phone_friendly,
    screenshot,
):
    code = tournament.players.get(number=2).code
    page = phone_page
    url = reverse("player-appeal", args=[tournament.slug, code, 1, 1])
    for attempt in (1, 2):
        page.goto(url)
        page.get_by_label("About the rules (to the referees)").check()
        page.locator('[name="statement"]').fill("The referee ruled hand 2 a discard; it was self-drawn.")
        page.get_by_role("button", name="File the appeal").click()
        page.wait_for_load_state()
        if attempt == 1:
            page.wait_for_url(re.compile(r"#result$"))
    assert "already has appeal 1 about this table" in page.locator("form.appeal-form").inner_text()
    assert_phone_friendly(page, "form.appeal-form")
    screenshot(page, "appeal-duplicate-phone")
    page.get_by_role("link", name=re.compile(r"Open appeal 1")).click()
    page.wait_for_url(re.compile(r"#appeal-1$"))
    assert page.locator("#appeal-1").is_visible()
    assert Appeal.objects.count() == 1


def test_a_phone_refused_after_too_many_wrong_codes_is_told_when_to_try_again(
    phone_page,
    tournament,
    played,  # noqa: F811 -- the fixture imported above
    screenshot,
):
    full = code_guard.bucket(tournament=tournament, address="127.0.0.1")  # the browser's address here
    ThrottleCount.objects.create(scope=full.scope, key=full.key, count=full.limit, window_start=timezone.now())
    page = phone_page
    code = tournament.players.get(number=3).code
    response = page.goto(reverse("player-page", args=[tournament.slug, code]))
    assert response.status == 429
    assert page.locator("h1").inner_text() == "Too many wrong codes"
    assert re.search(r"Try again in 1[45] minutes", page.locator("[role=alert]").inner_text())
    width = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert width, "the page scrolls sideways"
    screenshot(page, "code-refused-phone")


def test_the_chief_referee_sees_appeals_per_table(
    phone_page,
    desktop_page,
    login,
    chief_referee,
    tournament,
    played,  # noqa: F811 -- the fixture imported above
    screenshot,
):
    for number, hand in ((2, 2), (3, 2), (4, None)):
        player = tournament.players.get(number=number)
        ap.appeal_file(sheet=played, filer=player, code=player.code, kind="rule", hand_number=hand, statement="x")
    for page, name in ((desktop_page, "appeal-counts-desktop"), (phone_page, "appeal-counts-phone")):
        login(page, chief_referee)
        page.goto(reverse("appeal-list", args=[tournament.slug]))
        row = page.locator("table.appeal-counts tbody tr").first
        assert row.locator("td").all_inner_texts() == ["Session 1, table 1", "3", "3"]
        width = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert width, "the page scrolls sideways"
        screenshot(page, name)
