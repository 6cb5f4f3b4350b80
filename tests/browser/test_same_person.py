"""The demo series on a phone (issue 30): the organizer sees how many one-result people may be duplicates, taps
"Link" on an offered pair, checks both people's results on the page that asks first, links them, and the ranking
lists the person once it is computed again; says of another pair that they are two people, which People lists to
offer again. axe-core clean; screenshots to look at (docs/screenshots/ with
UPDATE_SCREENSHOTS=1)."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from series.demo import DEMO_SERIES
from series.models import PlayerLink
from tests.browser.test_series import assert_accessible, no_sideways_scroll

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def demo_organizer(db):
    call_command("load_demo", stdout=io.StringIO())
    return get_user_model().objects.get(username="organizer")


def test_organizer_links_an_offered_pair_on_a_phone(phone_page, login, demo_organizer, screenshot):
    page = phone_page
    login(page, demo_organizer)
    page.goto(reverse("series-detail", args=[DEMO_SERIES]))
    note = page.locator("#duplicates-note")
    assert "12 people with a single result may be duplicates" in note.inner_text()
    assert note.get_by_role("link", name="People").get_attribute("href") == reverse("series-people", args=[DEMO_SERIES])
    offers = page.locator("#same-person li.offer")
    assert offers.count() == 6
    no_sideways_scroll(page, 390)
    # The series' organizer menu folds behind one control on a phone, as the tournament's does.
    menu = page.locator("nav.subnav[aria-label='Series']")
    assert not menu.get_by_role("link", name="Audit log").is_visible()
    page.locator(".subnav-toggle > summary").click()
    assert menu.get_by_role("link", name="Audit log").is_visible()
    no_sideways_scroll(page, 390)
    page.locator(".subnav-toggle > summary").click()
    assert_accessible(page)
    screenshot(page, "series-same-person-phone")

    kenji = offers.filter(has_text="Tanaka Kenji")
    kenji.get_by_role("button", name="Link").click()
    assert "Is Tanaka Kenji the same person as Kenji Tanaka?" in page.locator("h1").inner_text()
    assert page.locator("table.data").count() == 2
    for text in ("Demo Winter Cup", "Demo Spring Open", " of 16"):
        assert text in page.locator("main").inner_text()
    no_sideways_scroll(page, 390)
    assert_accessible(page)
    screenshot(page, "series-same-person-confirm-phone")

    page.get_by_role("button", name="Link them").click()
    assert "Tanaka Kenji is now Kenji Tanaka across tournaments" in page.locator("#result").inner_text()
    assert page.locator("#same-person li.offer").count() == 5
    link = PlayerLink.objects.get(player__tournament__slug="demo-spring-open", player__name="Tanaka Kenji")
    assert link.manual and link.linked_by == demo_organizer
    # The ranking lists him once computed again, with both results.
    page.locator("#stale").get_by_role("button", name="Compute the ranking again").click()
    row = page.locator("#ranking tbody tr", has_text="Tanaka Kenji")
    assert row.count() == 1 and row.locator("td").nth(5).inner_text().strip() == "2"
    no_sideways_scroll(page, 390)
    assert_accessible(page)
    screenshot(page, "series-same-person-linked-phone")
    # Not the same person: gone from the ranking page, listed on People to offer again.
    page.locator("#same-person li.offer", has_text="Lukas Becker").get_by_role(
        "button", name="Not the same person"
    ).click()
    assert "are two people" in page.locator("#result").inner_text()
    assert page.locator("#same-person li.offer").count() == 4
    page.locator("#duplicates-note").get_by_role("link", name="People").click()
    assert page.locator("#said-not-same + ul li", has_text="Lukas Becker").count() == 1
    assert page.locator("#same-person li.offer").count() == 4
    no_sideways_scroll(page, 390)
    assert_accessible(page)
    screenshot(page, "series-same-person-people-phone")

    # In Spanish and Chinese, whose words are longer or wider, the offers and the page that asks still fit.
    for language in ("es", "zh-hans"):
        origin = page.evaluate("location.origin")
        page.context.add_cookies([{"name": "django_language", "value": language, "url": origin + "/"}])
        page.goto(reverse("series-detail", args=[DEMO_SERIES]))
        assert page.locator("#same-person li.offer").count() == 4
        no_sideways_scroll(page, 390)
        page.locator("#same-person li.offer").first.locator("button[value=link]").click()
        assert page.locator("html").get_attribute("lang") == language
        assert page.get_by_role("link", name={"es": "Cancelar", "zh-hans": "取消"}[language]).count() == 1
        no_sideways_scroll(page, 390)
        screenshot(page, f"series-same-person-confirm-phone-{language}")


def test_offers_on_desktop(desktop_page, login, demo_organizer, screenshot):
    page = desktop_page
    login(page, demo_organizer)
    page.goto(reverse("series-detail", args=[DEMO_SERIES]) + "#same-person")
    assert page.locator("#same-person li.offer").count() == 6
    no_sideways_scroll(page, 1280)
    assert_accessible(page)
    screenshot(page, "series-same-person-desktop", full_page=False)
