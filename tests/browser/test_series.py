"""Series pages in Chromium, at 390 px (phone) and 1280 px: the ranking, a person's page with both charts
(rank after each session, rating over time), a person's results in a series, and the organizer's settings
form. No sideways scroll on a phone, the charts drawn and readable, and screenshots to look at
(docs/screenshots/series-*.png with UPDATE_SCREENSHOTS=1)."""

import pytest
from django.urls import reverse

from series.fileformat import series_import
from series.models import Person
from tests.browser.conftest import PHONE
from tests.series import factory
from tests.series.conftest import LIGA

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def series_organizer(make_user):
    return make_user("series-organizer")


@pytest.fixture
def liga(series_organizer):
    """The series of the "Done when" test: six tournaments over three years."""
    for spec in factory.SIX:
        factory.import_tournament(**spec)
    return series_import({**LIGA, "organizers": [series_organizer.username]})


WIDER = """(width) => [...document.querySelectorAll('body *')]
  .filter(el => el.getBoundingClientRect().right > width + 0.5 && !el.parentElement.closest('.scroll'))
  .map(el => el.tagName + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right) + ' ' + (el.textContent || '').trim().slice(0, 40))"""


def no_sideways_scroll(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.evaluate(WIDER, width)


AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


def assert_accessible(page):
    """axe-core's WCAG 2.1 A/AA rules pass on the page (axe-playwright-python runs it in the browser)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def chart_box(page, selector):
    """The chart's size on screen, and the smallest font size of its text in CSS px."""
    return page.evaluate(
        """(selector) => {
          const svg = document.querySelector(selector);
          const box = svg.getBoundingClientRect();
          const texts = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height);
          return {width: box.width, height: box.height, smallest: Math.min(...texts), points: svg.querySelectorAll('circle').length};
        }""",
        selector,
    )


@pytest.mark.parametrize("device, width", [("phone", 390), ("desktop", 1280)])
def test_series_ranking_page(request, device, width, liga, screenshot):
    page = request.getfixturevalue(f"{device}_page")
    page.goto(reverse("series-detail", args=[liga.slug]))
    assert page.locator("h1").inner_text().startswith("Liga Ibérica MCR")
    rows = page.locator("#ranking tbody tr")
    assert rows.count() > 10
    assert rows.first.locator("td").first.inner_text().strip().startswith("1")
    no_sideways_scroll(page, width)
    assert_accessible(page)
    screenshot(page, f"series-ranking-{device}")


@pytest.mark.parametrize("device, width", [("phone", 390), ("desktop", 1280)])
def test_person_page_with_both_charts(request, device, width, liga, screenshot):
    page = request.getfixturevalue(f"{device}_page")
    ana = Person.objects.get(ema_id="10000001")
    page.goto(reverse("person-detail", args=[ana.pk]))
    assert page.locator("h1").inner_text() == "Ana López"
    assert page.locator("#tournaments tbody tr").count() == 5
    rank = chart_box(page, "#rank-chart")
    rating = chart_box(page, "#rating-chart")
    for chart in (rank, rating):
        assert chart["width"] >= 300 and chart["height"] >= 150, chart
        assert chart["smallest"] >= 10, f"chart text too small to read: {chart}"
    assert rank["points"] == 3  # three sessions
    assert rating["points"] >= 4  # each tournament of hers in the series, and the ranking date
    no_sideways_scroll(page, width)
    assert_accessible(page)
    screenshot(page, f"series-person-{device}")
    # Another tournament's sessions, chosen from the list.
    page.get_by_role("link", name="Madrid Open 2024").last.click()
    assert "Madrid Open 2024" in page.locator("#rank-chart title").first.text_content()


def test_person_in_series_page_on_a_phone(phone_page, liga, screenshot):
    ana = Person.objects.get(ema_id="10000001")
    phone_page.goto(reverse("series-person", args=[liga.slug, ana.pk]))
    assert phone_page.locator("#results tbody tr").count() >= 5
    assert chart_box(phone_page, "#rating-chart")["smallest"] >= 10
    no_sideways_scroll(phone_page, 390)
    assert_accessible(phone_page)
    screenshot(phone_page, "series-person-results-phone")


def test_settings_form_on_desktop(desktop_page, login, liga, series_organizer, screenshot):
    login(desktop_page, series_organizer)
    desktop_page.goto(reverse("series-settings", args=[liga.slug]))
    desktop_page.fill("#id_decay_1_days", "500")  # before the step above it: out of order
    desktop_page.get_by_role("button", name="Save and compute the ranking").click()
    assert "youngest to the oldest" in desktop_page.locator("form.series-form").inner_text()
    assert_accessible(desktop_page)
    screenshot(desktop_page, "series-settings-error-desktop")


LABELS_INSIDE = """(selector) => {
  const svg = document.querySelector(selector);
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5, right: r.right, svg: box.right};
  });
}"""


@pytest.mark.parametrize("language", ["en-GB", "es-ES", "zh-CN"])
def test_chart_dates_of_one_year_stay_inside_the_chart_on_a_phone(chromium_browser, live_server, language, screenshot):
    """A series within one year: its rating chart marks the first and the last date under the points. The
    last one used to be clipped at the chart's right side ("28/11/202")."""
    for spec in factory.SIX[-2:]:
        factory.import_tournament(**spec)
    series = series_import(
        {
            **LIGA,
            "name": "Liga 2026",
            "slug": "liga-2026",
            "as_of": "2026-11-28",
            "tournaments": LIGA["tournaments"][-2:],
        }
    )
    bruno = Person.objects.get(ema_id="12000002")
    context = chromium_browser.new_context(
        base_url=live_server.url, locale=language, viewport=PHONE, is_mobile=True, has_touch=True
    )
    phone_page = context.new_page()
    for url in (reverse("series-person", args=[series.slug, bruno.pk]), reverse("person-detail", args=[bruno.pk])):
        phone_page.goto(url)
        labels = phone_page.evaluate(LABELS_INSIDE, "#rating-chart")
        dates = [label for label in labels if "2026" in label["text"]]
        assert len(dates) == 2, labels
        assert all(label["inside"] for label in labels), labels
    no_sideways_scroll(phone_page, 390)
    screenshot(phone_page, f"series-chart-one-year-{language}-phone")
    context.close()
