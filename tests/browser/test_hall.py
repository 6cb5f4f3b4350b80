"""The hall display (static/js/hall.js) in Chromium: it fits a 1920 x 1080 projector, shows its panels in
turn, takes new results from the API without reloading, keeps the session clock, and works without script.

Time is playwright's fake clock (page.clock), so nothing here waits for real seconds.
"""

import datetime
import json
import re
from email.utils import format_datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.closing import close_session
from tournament import services as ts

PROJECTOR = {"width": 1920, "height": 1080}
POLL_MS = 15_000
SLIDE_MS = 12_000


@pytest.fixture
def hall_tournament(hands_entered, tournament, players, organizer):
    """Session 1 published with two hands at table 1; 32 more players, so the standings need two pages
    at 1920 x 1080 and the finder more than one column."""
    for n in range(9, 41):
        ts.player_create(tournament=tournament, number=n, name=f"Extra Player {n:02d}", country="ES", by=organizer)
    return tournament


@pytest.fixture
def projector_page(chromium_browser, live_server):
    context = chromium_browser.new_context(base_url=live_server.url, locale="en-GB", viewport=PROJECTOR)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def hall(slug="test-open"):
    return reverse("hall", args=[slug])


def active_kind(page):
    return page.locator(".panel.active").get_attribute("data-kind")


def rows_fit(page):
    """Every row and card of the visible panel lies inside the panel (nothing cut off at the bottom)."""
    return page.evaluate("""() => {
      const panel = document.querySelector('.panel.active').getBoundingClientRect();
      return [...document.querySelectorAll('.panel.active .row, .panel.active .tcard')]
        .every(r => r.getBoundingClientRect().bottom <= panel.bottom + 0.5
                    && r.getBoundingClientRect().right <= panel.right + 0.5);
    }""")


def test_projector_view_pages_the_standings_to_fit(projector_page, hall_tournament, screenshot):
    page = projector_page
    page.clock.install()
    page.goto(hall())
    assert active_kind(page) == "standings"
    assert page.locator(".panel.active h2").inner_text() == "Standings · 1 of 2"
    assert rows_fit(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    first_page = page.locator(".panel.active .row:not(.head)").count()
    assert 20 <= first_page < 40  # two columns of large rows
    screenshot(page, "hall-projector-standings", full_page=False)
    # The rest of the standings, then the teams, the tables and the finder, each in turn.
    seen = []
    for _ in range(6):
        page.clock.run_for(SLIDE_MS)
        seen.append(page.locator(".panel.active h2").inner_text())
        assert rows_fit(page), seen[-1]
        if seen[-1].startswith("Tables"):
            screenshot(page, "hall-projector-tables", full_page=False)
        if seen[-1].startswith("Find your table"):
            screenshot(page, "hall-projector-find", full_page=False)
    assert seen[:4] == ["Standings · 2 of 2", "Team standings", "Tables · Session 1", "Find your table · Session 1"]
    assert seen[4] == "Standings · 1 of 2"  # and round again
    assert (
        page.locator("#hall-session").inner_text() == "Session 1 · In play"
    )  # its hands are coming in: the phase every page shows


def test_new_results_and_seating_arrive_without_a_reload(projector_page, hall_tournament, players, referee, organizer):
    page = projector_page
    page.clock.install()
    page.goto(hall() + "?show=standings")
    page.evaluate("window.notReloaded = true")
    top = page.locator(".panel.active .row:not(.head)").first
    assert "Player 1" in top.inner_text()
    # Player 6 wins a big hand at table 2: they lead once the hall has polled the API.
    sheet = hall_tournament.sessions.get(number=1).tables.get(number=2).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[5], points=64, by=referee)
    page.clock.run_for(POLL_MS)
    expect(page.locator(".panel.active .row:not(.head)").first).to_contain_text("Player 6", timeout=30_000)
    assert page.evaluate("window.notReloaded") is True
    assert "Updated" in page.locator("#hall-updated").inner_text()
    # Session 2 is published: the hall moves on to it.
    second = hall_tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    ss.sheet_sign(sheet=sheet, by=organizer, mark_rest_not_played=True)
    ss.sheet_sign(
        sheet=hall_tournament.sessions.get(number=1).tables.get(number=1).sheet, by=organizer, mark_rest_not_played=True
    )
    close_session(session=hall_tournament.sessions.get(number=1), by=organizer)
    sched.session_publish(session=second, by=organizer)
    page.clock.run_for(POLL_MS)
    expect(page.locator("#hall-session")).to_have_text(re.compile(r"^Session 2"), timeout=30_000)
    assert page.evaluate("window.notReloaded") is True


def test_an_unknown_panel_name_shows_every_panel(projector_page, hall_tournament):
    page = projector_page
    page.clock.install()
    page.goto(hall() + "?show=scores,tabels")
    assert active_kind(page) == "standings"
    assert page.locator(".panel").count() == 5  # two pages of standings, teams, tables, finder


def test_a_lost_connection_keeps_the_last_data_and_says_so(projector_page, hall_tournament):
    page = projector_page
    page.clock.install()
    page.goto(hall())
    page.route("**/api/v1/**", lambda route: route.abort())
    page.clock.run_for(POLL_MS)
    page.wait_for_selector("#hall-updated.stale")
    assert "Not updated since" in page.locator("#hall-updated").inner_text()
    assert page.locator(".panel.active .row:not(.head)").count() > 0


def with_clock(clock, now):
    """A route handler: the session resource as the server gives it, plus the clock of issue 10."""

    def handle(route):
        response = route.fetch()
        data = response.json()
        data["clock"] = clock
        route.fulfill(
            response=response,
            body=json.dumps(data),
            headers={**response.headers, "date": format_datetime(now, usegmt=True)},
        )

    return handle


@pytest.mark.parametrize("minutes_left, shown, note", [(90, "1:30:00", "left"), (-5, "0:00:00", "Time is up")])
def test_the_clock_counts_down_once_sessions_have_times(projector_page, hall_tournament, minutes_left, shown, note):
    page = projector_page
    now = datetime.datetime(2026, 5, 16, 10, 0, tzinfo=datetime.UTC)
    page.clock.install(time=now)
    end = now + datetime.timedelta(milliseconds=POLL_MS, minutes=minutes_left)
    clock = {
        "starts_at": (end - datetime.timedelta(minutes=150)).isoformat(),
        "ends_at": end.isoformat(),
        "minutes": 150,
    }
    # Every API answer carries the fake clock's time when the hall polls as its Date, as a server in step
    # with it would.
    polled = now + datetime.timedelta(milliseconds=POLL_MS)
    page.route("**/api/v1/tournaments/test-open/sessions/1/", with_clock(clock, polled))
    page.route("**/api/v1/tournaments/test-open/", with_clock_date(polled))
    page.route("**/api/v1/tournaments/test-open/standings/**", with_clock_date(polled))
    page.goto(hall())
    assert page.locator("#hall-clock .time").inner_text() != shown  # no clock yet: the time of day
    page.clock.run_for(POLL_MS)
    expect(page.locator("#hall-clock .note")).to_have_text(note, timeout=30_000)
    page.clock.run_for(1000)
    text = page.locator("#hall-clock .time").inner_text()
    # The Date header has whole seconds: a second either way.
    assert text == shown or (minutes_left > 0 and text in ("1:29:59", "1:29:58"))


def with_clock_date(now):
    def handle(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "date": format_datetime(now, usegmt=True)})

    return handle


def test_without_script_everything_is_on_one_page(nojs_phone_page, hall_tournament, screenshot):
    page = nojs_phone_page
    page.goto(hall())
    for heading in ("Standings", "Team standings", "Tables · Session 1", "Find your table · Session 1"):
        assert page.get_by_role("heading", name=heading, exact=True).is_visible()
    assert page.locator(".panel.standings .row:not(.head)").count() == 40
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_on_a_phone(phone_page, hall_tournament, assert_phone_friendly, screenshot):
    phone_page.goto(hall())
    assert rows_fit(phone_page)
    assert_phone_friendly(phone_page)
    screenshot(phone_page, "hall-phone", full_page=False)


def test_players_of_a_table_under_appeal_are_marked(projector_page, hall_tournament, players, referee, screenshot):
    """An undecided appeal about table 1 (MCR 3.12): its four players' rows carry the mark, on the page as
    served and once the hall has polled after the appeal was filed."""
    from scoring import services as ap

    page = projector_page
    page.clock.install()
    page.goto(hall() + "?show=standings")
    assert page.locator(".panel.standings .under-appeal").count() == 0
    sheet = hall_tournament.sessions.get(number=1).tables.get(number=1).sheet
    ap.appeal_file(sheet=sheet, filer=players[2], kind="rule", statement="The win was ruled off wrongly.", by=referee)
    page.clock.run_for(POLL_MS)
    expect(page.locator(".panel.standings .under-appeal")).to_have_count(4, timeout=30_000)
    assert page.locator(".panel.standings .under-appeal").first.get_attribute("title") == "Under appeal"
    page.goto(hall() + "?show=standings")  # as served, before any poll
    assert page.locator(".panel.standings .under-appeal").count() == 4
    screenshot(page, "hall-projector-under-appeal", full_page=False)
    # Players without a result yet have no rank to show: a dash, as on the standings page.
    waiting = page.locator(".panel.standings .row", has_text="Extra Player 09")
    assert waiting.locator(".num").first.text_content() == "\u2014"
    page.clock.run_for(POLL_MS)  # and after the hall has polled
    assert waiting.locator(".num").first.text_content() == "\u2014"


def play_and_close(session, players, organizer):
    """Seat the session's two tables, publish it, sign both sheets (the rest not played) and close it."""
    if not session.is_seated:
        sched.session_seat(session=session, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    session.refresh_from_db()
    if not session.is_public:
        sched.session_publish(session=session, by=organizer)
    for table in session.tables.order_by("number"):
        table.sheet.refresh_from_db()
        if not table.sheet.is_submitted:
            ss.sheet_sign(sheet=table.sheet, by=organizer, mark_rest_not_played=True)
    close_session(session=session, by=organizer)


def test_between_sessions_the_hall_waits_for_the_next_seating(
    projector_page, hands_entered, tournament, players, organizer, screenshot
):
    """Session 1 closed, session 2 not published: the session line says so, and the tables and finder do
    not send players to session 1's tables; the clock is the time of day, not 'Time is up'."""
    play_and_close(tournament.sessions.get(number=1), players, organizer)
    page = projector_page
    page.clock.install()
    page.goto(hall())
    expect(page.locator("#hall-session")).to_have_text("Session 1 · Closed")
    assert page.locator(".panel").count() == 3  # standings, teams, tables (no finder)
    tables = page.locator(".panel.tables")
    assert tables.locator("h2").text_content() == "Tables"
    assert tables.locator(".empty").text_content() == "The seating of the next session is not published yet."
    assert page.locator(".tcard").count() == 0
    assert "Time is up" not in page.locator("#hall-clock").inner_text()
    page.clock.run_for(POLL_MS)  # the same once the hall has polled the API
    expect(page.locator("#hall-session")).to_have_text("Session 1 · Closed")
    assert page.locator(".panel.find").count() == 0 and page.locator(".tcard").count() == 0
    for _ in range(4):
        if active_kind(page) == "tables":
            break
        page.clock.run_for(SLIDE_MS)
    assert active_kind(page) == "tables"
    assert page.locator(".panel.active .empty").inner_text() == "The seating of the next session is not published yet."
    # A screen that shows only the finder says the same instead of staying blank.
    page.goto(hall() + "?show=find")
    expect(page.locator(".panel.active .empty")).to_have_text("The seating of the next session is not published yet.")
    screenshot(page, "hall-projector-between-sessions", full_page=False)


@pytest.mark.parametrize("viewport", [PROJECTOR, {"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_after_the_last_session_closes_the_hall_shows_the_final_standings(
    chromium_browser, live_server, hands_entered, tournament, players, organizer, screenshot, viewport
):
    for number in range(1, 5):
        play_and_close(tournament.sessions.get(number=number), players, organizer)
    context = chromium_browser.new_context(base_url=live_server.url, locale="en-GB", viewport=viewport)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.clock.install()
    page.goto(hall())
    line = "The tournament is over: final standings"
    expect(page.locator("#hall-session")).to_have_text(line)
    assert "No session has published seating yet." not in page.locator("body").inner_text()
    assert page.locator(".panel.tables, .panel.find").count() == 0
    expect(page.locator(".panel.active h2")).to_have_text("Final standings")
    assert "Player 1" in page.locator(".panel.active .row:not(.head)").first.inner_text()
    screenshot(page, f"hall-over-{viewport['width']}", full_page=False)
    assert page.locator(".panel.teams h2").text_content() == "Final team standings"
    page.clock.run_for(POLL_MS)
    expect(page.locator("#hall-session")).to_have_text(line)
    assert page.locator(".panel.tables, .panel.find").count() == 0
    assert "Time is up" not in page.locator("#hall-clock").inner_text()
    assert page.locator(".panel.teams h2").text_content() == "Final team standings"
    context.close()
    assert not errors, errors


def test_the_finder_in_chinese_sorts_by_pinyin(chromium_browser, live_server, published_session, players, organizer):
    """The script builds the finder from the API's seating: it keeps the page's order of names (pinyin for
    Chinese ones, Latin names among them), which it could not work out itself."""
    names = ["张伟", "Walker", "王芳", "李娜", "Zoe Smith", "Anderson", "Lopez", "陈静"]
    for player, name in zip(players, names, strict=True):
        ts.player_update(player=player, by=organizer, name=name)
    context = chromium_browser.new_context(base_url=live_server.url, locale="zh-CN", viewport=PROJECTOR)
    page = context.new_page()
    page.goto(hall() + "?show=find")
    page.wait_for_selector(".panel.active .row:not(.head)")
    shown = page.locator(".panel.active .row:not(.head) .name").all_inner_texts()
    assert shown == ["Anderson", "陈静", "李娜", "Lopez", "Walker", "王芳", "张伟", "Zoe Smith"]
    context.close()
