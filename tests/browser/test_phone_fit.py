"""Issue 30: faster at the table on a 390 x 844 phone, in English, Spanish and Chinese.

- Once the winner is tapped, the whole hand form, Record included, is on the screen without a swipe (the longest
  names of the demo on the buttons; the running totals and the dealer stay in sight).
- A four-set hand entered by the tile picker, set by set, from "Who won?" to Record in at most 12 taps.
"""

import pytest
from django.urls import reverse

from scoring.models import Hand
from tournament import services as ts

LONG_NAMES = [
    "María José Fernández-Olmedo de la Concepción",
    "欧阳娜娜",
    "Jean-Baptiste Dupont-Aignan",
    "Kim 김재원 Jae-won",
]


def in_viewport(page, locator):
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def speak(page, language):
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url or "http://localhost"}])


@pytest.fixture
def long_names(players, organizer):
    for player, name in zip(players, LONG_NAMES):
        ts.player_update(player=player, by=organizer, name=name)
    return players


class Taps:
    """Counts the taps the user makes (clicks on the page), nothing else."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator):
        locator.click()
        self.count += 1


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_record_is_on_screen_once_the_winner_is_tapped(
    phone_page, login, referee, long_names, published_session, sheet, tournament, language, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    speak(page, language)
    page.reload()
    page.locator("fieldset.winner label.choice-button").nth(2).click()
    record = page.locator("button.submit-hand")
    assert in_viewport(page, record), (record.bounding_box(), page.evaluate("scrollY"))
    # The hand announced (its dealer) and every player's running total stay in sight too.
    assert in_viewport(page, page.locator(".hand-announce .dealer"))
    totals = page.locator("fieldset.winner .run-total")
    assert totals.count() == 4 and all(in_viewport(page, totals.nth(i)) for i in range(4))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, f"table-phone-winner-{language}", full_page=False)


def test_a_four_set_hand_by_the_picker_in_twelve_taps(
    phone_page, login, referee, players, published_session, sheet, tournament, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    taps = Taps(page)
    taps.tap(page.locator(f'label[for="id_winner_{players[0].pk}"]'))
    taps.tap(page.locator(f'label[for="id_discarder_{players[2].pk}"]'))
    taps.tap(page.locator("details.tiles-box > summary"))
    page.wait_for_selector(".tp")
    # The picker opens where the eye is: its top at the screen's top, the kinds of set in sight.
    assert in_viewport(page, page.locator(".tp-modes"))
    # Chow is chosen first and stays chosen: a chow is its lowest tile.
    assert page.locator('.tp-mode[data-mode="chow"]').get_attribute("aria-pressed") == "true"
    for code in ("1m", "4p", "7s"):
        taps.tap(page.locator(f'.tp-tile[data-tile="{code}"]'))
    taps.tap(page.locator('.tp-mode[data-mode="pung"]'))
    taps.tap(page.locator('.tp-tile[data-tile="E"]'))
    taps.tap(page.locator('.tp-mode[data-mode="pair"]'))
    taps.tap(page.locator('.tp-tile[data-tile="5m"]'))
    # Fourteen tiles stand: the next tap says which of them was the winning tile.
    assert page.locator('.tp-mode[data-mode="win"]').get_attribute("aria-pressed") == "true"
    assert page.locator('.tp-tile[data-tile="9m"]').is_disabled()
    taps.tap(page.locator('.tp-tile[data-tile="5m"]'))
    fields = {n: page.locator(f'[name="{n}"]').input_value() for n in ("concealed", "melds", "win_tile")}
    assert fields == {"concealed": "1235m456p789sEEE", "melds": "", "win_tile": "5m"}
    page.wait_for_selector(".tp-result .tp-total")
    total = int(page.locator(".tp-result .tp-total").inner_text())
    assert_phone_friendly(page, "form.hand-form")
    screenshot(page, "tile-picker-sets-phone")
    record = page.get_by_role("button", name="Record hand 1")
    drawn = int(page.locator("[data-outbox]").get_attribute("data-drawn") or 0)
    taps.tap(record)
    page.wait_for_function("(n) => +(document.querySelector('[data-outbox]').dataset.drawn || 0) > n", arg=drawn)
    assert taps.count <= 12, taps.count
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.points == total and version.winner == players[0] and version.discarder == players[2]
    assert version.tiles["concealed"] == "1235m456p789sEEE" and version.tiles["win_tile"] == "5m"


def test_exposed_sets_and_a_concealed_kong(phone_page, login, referee, players, published_session, tournament):
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    page.locator("details.tiles-box > summary").click()
    page.wait_for_selector(".tp")
    page.locator(".tp-exposed").click()
    page.locator('.tp-tile[data-tile="2m"]').click()  # an exposed chow
    page.locator('.tp-mode[data-mode="pung"]').click()
    page.locator('.tp-tile[data-tile="W"]').click()  # an exposed pung
    page.locator(".tp-exposed").click()
    page.locator('.tp-mode[data-mode="kong"]').click()
    page.locator('.tp-tile[data-tile="9s"]').click()  # concealed: laid with its ends face down
    page.locator('.tp-mode[data-mode="tile"]').click()
    page.locator('.tp-tile[data-tile="5p"]').click()
    page.locator('.tp-tile[data-tile="6p"]').click()
    page.locator('.tp-tile[data-tile="7p"]').click()
    page.locator('.tp-tile[data-tile="1p"]').click()
    # Thirteen tiles stand (a kong counts three): the next one given is the winning tile.
    assert page.locator('.tp-mode[data-mode="win"]').get_attribute("aria-pressed") == "true"
    page.locator('.tp-tile[data-tile="1p"]').click()
    melds = page.locator('[name="melds"]').input_value()
    assert melds == "chow 234m\npung WWW\nconcealed_kong 9999s"
    assert page.locator('[name="concealed"]').input_value() == "1567p"
    assert page.locator('[name="win_tile"]').input_value() == "1p"
    assert page.locator(".tp-meld.tp-meld-exposed").count() == 2
    # Tapping a set takes it out of the hand; the winning tile then has to be given again.
    page.get_by_role("button", name="Remove Pung (Exposed): West wind, West wind, West wind").click()
    assert page.locator('[name="melds"]').input_value() == "chow 234m\nconcealed_kong 9999s"


@pytest.fixture
def six_signed(tournament, organizer, referee, chief_referee):
    """Session 1 of six tables, every sheet signed; the tournament's chief referee countersigns."""
    from rules import payments as pay
    from schedule import services as sched
    from scoring import services as ss

    ts.tournament_update(tournament=tournament, by=organizer, countersign_required=True)
    people = [
        ts.player_create(tournament=tournament, number=i, name=f"Player {i}", country="ES", by=organizer)
        for i in range(1, 25)
    ]
    session = tournament.sessions.get(number=1)
    sched.session_seat(
        session=session, tables=[people[i : i + 4] for i in range(0, 24, 4)], by=organizer, method="manual"
    )
    sched.session_publish(session=session, by=organizer)
    for table in session.tables.order_by("number"):
        ss.hand_record(
            sheet=table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=table.seated_players()[0], points=8, by=referee
        )
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    return session


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_six_sheets_countersigned_in_three_taps(
    phone_page, login, chief_referee, tournament, six_signed, language, assert_no_small_targets, screenshot
):
    from scoring.lifecycle import COUNTERSIGNED
    from scoring.models import ScoreSheet
    from tests.browser.test_series import assert_accessible

    page = phone_page
    login(page, chief_referee)
    page.goto(reverse("work-queue", args=[tournament.slug]))
    speak(page, language)
    page.reload()
    assert_accessible(page)
    taps = Taps(page)
    with page.expect_navigation():
        taps.tap(page.locator(".batch-links a.button"))
    # The page is the question: the six sheets listed, ticked.
    assert page.locator('input[name="tables"]:checked').count() == 6
    assert_accessible(page)
    assert_no_small_targets(page)
    screenshot(page, f"countersign-batch-{language}-phone")
    with page.expect_navigation():
        taps.tap(page.locator("form.countersign-batch button[type=submit]"))
    assert taps.count <= 3
    assert ScoreSheet.objects.filter(status=COUNTERSIGNED).count() == 6
    assert page.locator(".messages .msg").first.is_visible()
    assert_accessible(page)


# ------------------------------------------------------------------ every organizer page at 390 px

_WIDE = """() => {
  const boxes = [...document.querySelectorAll('main *')].filter((el) => {
    const s = getComputedStyle(el);
    return (s.overflowX === 'auto' || s.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  });
  const silent = boxes.filter((el) => {
    const note = el.previousElementSibling;
    return !(note && note.matches('.scroll-note') && !note.hidden && el.getAttribute('tabindex') === '0');
  }).map((el) => el.className || el.tagName);
  return {width: document.documentElement.scrollWidth, inner: window.innerWidth, silent};
}"""


def organizer_pages(slug):
    """Every page of the tournament an organizer opens with GET (the URL names under /t/<slug>/ whose other
    arguments are a session, a table, a hand or an appeal number: 1), but files and polled fragments."""
    import re

    from django.urls import URLPattern, URLResolver, get_resolver

    values = {"slug": slug, "n": "1", "t": "1", "number": "1", "hand": "1"}
    skip = ("live", "export", "calls", "sw.js", "file", "api/", "i18n", "admin", "accounts/", "logout", "/p/")

    def walk(patterns, prefix=""):
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                yield prefix + str(p.pattern)

    for pattern in walk(get_resolver().url_patterns):
        names = re.findall(r"<(?:\w+:)?(\w+)>", pattern)
        if not pattern.startswith("t/<") or any(s in pattern for s in skip) or any(n not in values for n in names):
            continue
        if re.search(r"\.(json|csv|xlsx|pdf|ics|txt|zip)$", pattern):
            continue
        yield "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], pattern)


@pytest.fixture
def demo(db):
    import io

    from django.core.management import call_command

    call_command("load_demo", stdout=io.StringIO())
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="organizer")


def axe_violations(page):
    """axe-core's WCAG A/AA findings on the page, one line each: rule, then the first elements it names."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.browser.test_series import AXE_OPTIONS

    found = Axe().run(page, options=AXE_OPTIONS).response["violations"]
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]} {v['nodes'][0]['failureSummary'][:160]}" for v in found
    ]


def walk_organizer_pages(page, language):
    """Opens every organizer page of the demo in the reader's language, then again with every folded part
    opened: what is wider than the screen (but for tables that say they scroll), and what axe-core finds."""
    width = page.viewport_size["width"]
    page.goto("/")
    speak(page, language)
    wide, inaccessible, visited = [], [], 0
    for url in organizer_pages("demo-open"):
        try:
            response = page.goto(url)
        except Exception:  # a download (a file, not a page): nothing to look at
            continue
        if response is None or response.status != 200 or "text/html" not in response.headers.get("content-type", ""):
            continue
        visited += 1
        # The page is in the reader's language (axe-core then checks the translated labels, not English ones).
        assert page.evaluate("document.documentElement.lang").lower() == language, url
        for opened in (False, True):
            if opened:
                page.evaluate("() => document.querySelectorAll('main details').forEach(d => d.open = true)")
                page.wait_for_timeout(250)
            found = page.evaluate(_WIDE)
            if found["width"] > width or found["inner"] > width or found["silent"]:
                wide.append(f"{url} (details open: {opened}): {found}")
        # With the folded parts open, so what they hold is checked too.
        inaccessible += [f"{url}: {line}" for line in axe_violations(page)]
    return visited, wide, inaccessible


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_every_organizer_page_fits_a_phone(phone_page, login, demo, language):
    """No page wider than the screen; a table that must stay wide says so and takes the keyboard's focus; with
    every folded part opened too. axe-core clean on each, in each language: the translated labels, the lang
    attribute and the wrapping of longer words are the reader's own."""
    login(phone_page, demo)
    visited, wide, inaccessible = walk_organizer_pages(phone_page, language)
    assert visited > 40
    assert wide == [] and inaccessible == [], "\n".join(wide + inaccessible)


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_every_organizer_page_fits_a_desktop(desktop_page, login, demo, language):
    """The same at 1280 x 800: nothing wider than the window but tables that say they scroll; axe-core clean."""
    desktop_page.set_viewport_size({"width": 1280, "height": 800})
    login(desktop_page, demo)
    visited, wide, inaccessible = walk_organizer_pages(desktop_page, language)
    assert visited > 40
    assert wide == [] and inaccessible == [], "\n".join(wide + inaccessible)
