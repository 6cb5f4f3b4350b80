"""The organizers' pages of issue 31 and the pages a link leads to, in real Chromium at 390 and 1280 px: the
announcements page, the stream overlay's page, the API reference, the table page's call for a referee and the
e-mail stop link; axe-core's WCAG A/AA rules pass on each."""

import pytest
from django.urls import reverse

from tests.browser.test_series import assert_accessible
from tournament import floor, mail
from tournament import services as ts


@pytest.fixture
def floor_day(tournament, organizer, published_session, players, settings):
    settings.MAIL_OFFERED = True
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for p in players:
        p.refresh_from_db()
    floor.announcement_post(tournament=tournament, text="Session 2 starts at 14:00 in room B", by=organizer)
    floor.referee_call_make(table=published_session.tables.get(number=2), player=players[4])
    return tournament


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_floor_pages_pass_axe(
    size, phone_page, desktop_page, login, organizer, floor_day, players, screenshot, assert_phone_friendly
):
    page = phone_page if size == "phone" else desktop_page
    login(page, organizer)
    slug = floor_day.slug
    page.goto(reverse("manage-announcements", args=[slug]))
    assert "Session 2 starts at 14:00 in room B" in page.locator("main").inner_text()
    assert_accessible(page)
    screenshot(page, f"announcements-{size}")
    if size == "phone":
        assert_phone_friendly(page, "main form")

    page.goto(reverse("manage-stream", args=[slug]))
    assert_accessible(page)
    page.goto(reverse("api-schema-docs"))
    assert_accessible(page)
    screenshot(page, f"api-reference-{size}")

    page.goto(reverse("sheet", args=[slug, 1, 1]))
    assert page.get_by_role("button", name="Call a referee to table 1").is_visible()
    assert_accessible(page)

    page.goto(reverse("tournament-detail", args=[slug]))
    assert "Session 2 starts at 14:00 in room B" in page.locator("#announcements").inner_text()
    assert_accessible(page)

    address = mail.mail_subscribe(player=players[0], address="one@example.org", agreed=True)
    page.goto(reverse("mail-stop", args=[slug, address.token]))
    assert_accessible(page)
    page.goto(reverse("player-page", args=[slug, players[1].code]))
    assert page.locator("#mail").is_visible()
    assert_accessible(page)
