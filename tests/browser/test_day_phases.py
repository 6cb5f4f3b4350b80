"""One session through the day as the organizer and the public see it (issue 20, item 5): seated, published,
in play, every sheet signed, closed. At each phase the dashboard, the sessions list, the session's page, the
public standings and the hall display name the session's state with the same label, at 390 and 1280 px."""

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.closing import close_session

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def first_label(page):
    """The state label of the first session the page lists (session 1): the first phase-marked element."""
    found = page.locator('[class*="phase-"]')
    return found.first.text_content().strip() if found.count() else None


@pytest.fixture
def contexts(chromium_browser, live_server, organizer, login):
    made = {}
    for name, viewport in VIEWPORTS.items():
        for who in ("organizer", "public"):
            context = chromium_browser.new_context(base_url=live_server.url, locale="en-GB", viewport=viewport)
            context.set_default_timeout(10_000)
            page = context.new_page()
            if who == "organizer":
                login(page, organizer)
            made[(name, who)] = page
    yield made
    for page in made.values():
        page.context.close()


def test_each_phase_reads_the_same_on_every_page(
    contexts, tournament, seated_session, players, organizer, referee, screenshot
):
    slug = tournament.slug
    pages = {
        "dashboard": ("organizer", reverse("manage-home", args=[slug])),
        "sessions": ("organizer", reverse("manage-sessions", args=[slug])),
        "tournament": ("public", reverse("tournament-detail", args=[slug])),
        "session": ("public", reverse("session-detail", args=[slug, 1])),
        "standings": ("public", reverse("standings", args=[slug])),
        "hall": ("public", reverse("hall", args=[slug])),
    }

    def look(phase):
        seen = {}
        for (size, who), page in contexts.items():
            for name, (role, url) in pages.items():
                if role != who:
                    continue
                page.goto(url)
                screenshot(page, f"day-{phase}-{name}-{size}", full_page=name != "hall")
                seen[(name, size)] = (first_label(page), page.locator("body").inner_text())
        return seen

    def sign_all():
        for table in seated_session.tables.order_by("number"):
            table.sheet.refresh_from_db()
            if not table.sheet.is_submitted:
                ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)

    from django.test import Client

    api_phases = {}

    def look_and_ask(phase):
        response = Client().get(reverse("api-session", args=[slug, 1]))
        api_phases[phase] = response.json()["phase"] if response.status_code == 200 else response.status_code
        return look(phase)

    expected = {}
    seen = {}
    seen["seated"] = look_and_ask("seated")
    expected["seated"] = "Seated, not published"
    sched.session_publish(session=seated_session, by=organizer)
    seen["published"] = look_and_ask("published")
    expected["published"] = "Seating published"
    sheet = seated_session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    seen["in_play"] = look_and_ask("in_play")
    expected["in_play"] = "In play"
    sign_all()
    seen["signed"] = look_and_ask("signed")
    expected["signed"] = "All sheets signed"
    close_session(session=seated_session, by=organizer)
    seen["closed"] = look_and_ask("closed")
    expected["closed"] = "Closed"
    # The API names the same phase (its stored name), and nothing of the session before it is published.
    assert api_phases == {
        "seated": 404,
        "published": "published",
        "in_play": "in_play",
        "signed": "finished",
        "closed": "closed",
    }
    for phase, labels in seen.items():
        for (name, size), (label, text) in labels.items():
            where = f"{phase}: {name} at {size}"
            if name == "standings":
                # The standings carry no session state, only whether they are provisional.
                assert ("Provisional" in text) == (phase == "in_play"), where
            elif name == "hall" and phase == "seated":
                # Nothing of an unpublished session reaches the hall.
                assert label is None and "No session has published seating yet." in text, where
            else:
                assert label == expected[phase], where
