"""Corrections after hands in Chromium at 390 px, each page checked with axe-core (WCAG 2.1 A/AA): the chief
referee swaps two players' seats on a sheet with three hands (each hand keeps who won and who paid), moves table
3's hands from table 2's sheet to table 3's, and gives table 3 ten minutes after the session's bell (issue 29)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from schedule import clock
from schedule import services as sched
from scoring import services as ss
from scoring.models import Hand
from tests.browser.test_series import assert_accessible
from tournament import services as ts
from tournament.models import Seat, Table, TournamentRole

pytestmark = pytest.mark.browser


@pytest.fixture
def day(organizer, referee, make_user):
    """12 players at 3 tables, session 1 published, its clock running for 150 minutes from 20 minutes ago;
    table 1 has 3 hands, and table 3's first 2 hands were entered on table 2's sheet."""
    t = ts.tournament_create(by=organizer, name="Wet Open", slug="wet", session_count=2)
    TournamentRole.objects.create(tournament=t, user=referee, role=TournamentRole.Role.REFEREE)
    chief = make_user("chief")
    TournamentRole.objects.create(tournament=t, user=chief, role=TournamentRole.Role.CHIEF_REFEREE)
    players = [ts.player_create(tournament=t, number=n, name=f"Player {n}", by=organizer) for n in range(1, 13)]
    session = t.sessions.get(number=1)
    sched.session_seat(
        session=session, tables=[players[0:4], players[4:8], players[8:12]], by=organizer, method="manual"
    )
    sched.session_publish(session=session, by=organizer)
    clock.session_clock_start(session=session, by=organizer, now=timezone.now() - timedelta(minutes=20))
    one = session.tables.get(number=1).sheet
    ss.hand_record(sheet=one, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=one, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=10, by=referee
    )
    ss.hand_record(sheet=one, number=3, outcome=pay.DRAW, by=referee)
    two = session.tables.get(number=2).sheet
    ss.hand_record(sheet=two, number=1, outcome=pay.SELF_DRAWN, winner=players[5], points=12, by=referee)
    ss.hand_record(sheet=two, number=2, outcome=pay.DRAW, by=referee)
    return t, chief


def seats(t, table):
    return list(
        Seat.objects.filter(table__session__tournament=t, table__number=table)
        .order_by("position")
        .values_list("player__number", flat=True)
    )


def test_the_chief_referee_corrects_seats_sheets_and_time_on_a_phone(day, phone_page, login, screenshot):
    t, chief = day
    page = phone_page
    login(page, chief)
    # 1. Players 1 and 2 sat in each other's seats for three hands.
    page.goto(reverse("sheet", args=[t.slug, 1, 1]))
    page.get_by_role("link", name="Swap two players' seats").click()
    assert "The 3 hands entered so far get a new version each" in page.locator("main").inner_text()
    page.select_option("#id_first", label="East · 1. Player 1")
    page.select_option("#id_second", label="South · 2. Player 2")
    page.get_by_role("button", name="Swap their seats").click()
    assert "Say why" in page.locator("main").inner_text()  # refused, what was chosen kept
    assert page.locator("#id_first").input_value() != ""
    assert_accessible(page)
    page.fill("#id_reason", "They sat in each other's seats from the start")
    screenshot(page, "seat-swap-phone")
    page.get_by_role("button", name="Swap their seats").click()
    assert "now sit in each other's seats" in page.locator(".messages").inner_text()
    assert seats(t, 1) == [2, 1, 3, 4]
    hand = Hand.objects.get(sheet__table__session__tournament=t, sheet__table__number=1, number=2)
    assert hand.current.version == 2 and hand.current.winner.number == 2 and hand.current.discarder.number == 3
    assert_accessible(page)
    # 2. Table 3's hands were entered on table 2's sheet.
    page.goto(reverse("sheet", args=[t.slug, 1, 2]))
    page.get_by_role("link", name="Move these hands to another table's sheet").click()
    page.select_option("#id_target", value="3")
    page.fill("#id_reason", "Table 3's referee used table 2's sheet")
    assert_accessible(page)
    screenshot(page, "hands-move-phone")
    page.get_by_role("button", name="Move the hands and fouls").click()
    assert page.url.endswith(reverse("sheet", args=[t.slug, 1, 3]))
    assert "The hands and fouls are on table 3" in page.locator(".messages").inner_text()
    moved = Hand.objects.get(sheet__table__session__tournament=t, sheet__table__number=3, number=1)
    assert moved.current.winner.number == 10 and moved.versions.count() == 2
    assert not Hand.objects.filter(sheet__table__session__tournament=t, sheet__table__number=2).exists()
    # 3. Table 3 started ten minutes late: it plays ten minutes after the session's bell.
    page.get_by_role("link", name="Extra time for this table").click()
    page.fill("#id_minutes", "10")
    page.fill("#id_reason", "Started 10 minutes late")
    assert_accessible(page)
    page.get_by_role("button", name="Give this time").click()
    table = Table.objects.get(session__tournament=t, session__number=1, number=3)
    ends = timezone.localtime(table.ends_at).strftime("%H:%M")
    assert f"Table 3 plays until {ends}" in page.locator(".messages").inner_text()
    assert "This table has 10 minutes more than the session" in page.locator(".session-clock").inner_text()
    assert_accessible(page)
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "table-extra-time-phone", full_page=False)


def test_the_correction_pages_on_a_desktop(day, desktop_page, login, screenshot):
    t, chief = day
    login(desktop_page, chief)
    for name, shot in (("sheet-seats-swap", "seat-swap-desktop"), ("sheet-hands-move", "hands-move-desktop")):
        desktop_page.goto(reverse(name, args=[t.slug, 1, 1]))
        assert desktop_page.locator("h1").is_visible()
        assert_accessible(desktop_page)
        screenshot(desktop_page, shot)
    desktop_page.goto(reverse("table-time", args=[t.slug, 1, 1]))
    assert "The session's bell rings at" in desktop_page.locator("main").inner_text()
    assert_accessible(desktop_page)
    screenshot(desktop_page, "table-time-desktop")
