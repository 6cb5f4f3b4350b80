"""The incidents of a real day in Chromium, at 390 and 1280 px, each page checked with axe-core (WCAG 2.1 A/AA):
the roll call at the desk (search, big targets, counts) and seating from it with two no-shows; a late player back
in a substitute's seat with the late penalty (MCR 3.11.2) and the changed tables to reprint; a player who leaves
during a session (the table page says after which hand, the winner buttons leave them out, the button does not say
"Time is up" while time is left); a tie decided by the chief referee (MCR 3.10.1)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from schedule import attendance as att
from schedule import services as sched
from schedule import withdrawals as wd
from scoring import services as ss
from scoring.models import Penalty
from tests.browser.test_series import assert_accessible
from tournament import services as ts
from tournament.models import CheckIn, Seat, Session, TournamentRole, Withdrawal

pytestmark = pytest.mark.browser


@pytest.fixture
def field(organizer, referee):
    """16 players (Ana García is number 7) and two substitutes on the bench, 3 sessions, nothing seated."""
    t = ts.tournament_create(by=organizer, name="Rainy Open", slug="rainy", session_count=3)
    TournamentRole.objects.create(tournament=t, user=referee, role=TournamentRole.Role.REFEREE)
    for n in range(1, 17):
        ts.player_create(tournament=t, number=n, name="Ana García" if n == 7 else f"Player {n}", by=organizer)
    ts.player_create(tournament=t, number=17, name="Bench Bea", is_substitute=True, by=organizer)
    ts.player_create(tournament=t, number=18, name="Bench Carl", is_substitute=True, by=organizer)
    return t


def test_the_roll_call_at_the_desk_and_seating_from_it(
    field, phone_page, desktop_page, login, organizer, referee, screenshot, assert_no_small_targets
):
    url = reverse("manage-roll-call", args=[field.slug, 1])
    login(desktop_page, organizer)
    desktop_page.goto(url)
    desktop_page.get_by_role("button", name="Open the roll call").click()
    assert "Roll call at the desk" in desktop_page.locator(".roll-state").inner_text()
    # The desk: a referee on a phone finds each player by name or number and taps Here.
    login(phone_page, referee)
    phone_page.goto(url)
    for n in [n for n in range(1, 17) if n not in (4, 7, 11)] + [17, 18]:
        phone_page.fill("#roll-q", str(n))
        row = phone_page.locator(f"#p-{n}")
        assert row.is_visible() and phone_page.locator(".roll-row:visible").count() == 1
        row.get_by_role("button", name="Here").click()
        phone_page.wait_for_load_state()
    phone_page.fill("#roll-q", "garcia")  # accents and case aside
    assert phone_page.locator(".roll-row:visible").count() == 1
    phone_page.locator("#p-7").get_by_role("button", name="Late").click()
    counts = phone_page.locator(".roll-counts").inner_text()
    assert "13\npresent" in counts and "1\ncoming late" in counts and "2\nnot here" in counts
    assert_accessible(phone_page)
    assert_no_small_targets(phone_page)
    phone_page.fill("#roll-q", "")
    phone_page.evaluate("window.scrollTo(0, 0)")
    screenshot(phone_page, "roll-call-phone", full_page=False)
    desktop_page.goto(url)
    assert_accessible(desktop_page)
    screenshot(desktop_page, "roll-call-desktop", full_page=False)
    # The proposal, then the confirmation: nothing is seated before.
    desktop_page.get_by_role("link", name="Propose the seating…").click()
    proposal = desktop_page.locator("main").inner_text()
    assert "2 players are not here and become no-shows" in proposal and "Player 4" in proposal
    assert "Bench Bea" in proposal and "Bench Carl" in proposal
    assert_accessible(desktop_page)
    assert not Seat.objects.filter(session__tournament=field).exists()
    desktop_page.get_by_role("button", name="Confirm: seat the session").click()
    assert "seated from the roll call" in desktop_page.locator(".messages").inner_text()
    assert sorted(Withdrawal.objects.filter(reason="no_show").values_list("player__number", flat=True)) == [4, 11]
    assert Seat.objects.filter(session__number=1, session__tournament=field).count() == 16
    assert Seat.objects.filter(session__number=1, player__number=7).exists()  # late, still seated


def test_self_check_in_on_the_players_phone(field, phone_page, organizer):
    session = field.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    att.roll_call_self_check_in(session=session, by=organizer, allowed=True)
    ts.player_codes_generate(tournament=field, by=organizer)
    player = field.players.get(number=5)
    phone_page.goto(reverse("player-page", args=[field.slug, player.code]))
    phone_page.get_by_role("button", name="I am here").click()
    assert "You are checked in" in phone_page.locator("#check-in").inner_text()
    assert_accessible(phone_page)
    assert CheckIn.objects.get(player=player).by_self


@pytest.fixture
def no_show_seated(field, organizer, referee):
    """Session 1 seated round robin with everyone, published; player 4 a no-show at the roll call, Bench Bea
    (17) in their seats; the clock started 8 minutes ago."""
    sched.schedule_generate(tournament=field, by=organizer, seed=3)
    session = field.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    for n in [n for n in range(1, 17) if n != 4] + [17]:
        att.check_in_mark(session=session, player=field.players.get(number=n), status="present", by=referee)
    att.roll_call_seat(session=session, by=organizer, expected=att.roll_call_proposal(session).fingerprint)
    sched.session_publish(session=session, by=organizer)
    now = timezone.now()
    Session.objects.filter(pk=session.pk).update(
        starts_at=now - timedelta(minutes=8), ends_at=now + timedelta(minutes=142)
    )
    return Withdrawal.objects.get(player__number=4)


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_late_player_back_in_the_substitutes_seat(
    request, device, field, no_show_seated, login, organizer, screenshot
):
    page = request.getfixturevalue(f"{device}_page")
    table = Seat.objects.get(session__tournament=field, session__number=1, player__number=17).table.number
    login(page, organizer)
    page.goto(reverse("manage-withdrawals", args=[field.slug]))
    page.get_by_role("button", name="Player 4 is here: back in").click()
    message = page.locator(".messages").inner_text()
    assert f"Player 4 sits again from session 1 (table {table})" in message
    assert "Bench Bea returns to the bench" in message
    assert "Late arrival, 9 minutes: 10 points" in message
    reprint = page.locator(".reprint")
    assert f"Session 1, table {table}:" in reprint.inner_text()
    assert (
        reprint.get_by_role("link", name="player cards")
        .first.get_attribute("href")
        .endswith(f"?session=1&tables={table}")
    )
    assert "Back: plays again from session 1." in page.locator(f"#withdrawal-{no_show_seated.pk}").inner_text()
    assert_accessible(page)
    screenshot(page, f"back-in-{device}", full_page=False)
    penalty = Penalty.objects.get(player__number=4)
    assert penalty.minutes == 9 and penalty.amount == 10
    # The table page shows the player back at the table, and the late arrival on the sheet.
    page.goto(reverse("sheet", args=[field.slug, 1, table]))
    assert "Player 4" in page.locator("main").inner_text() and "Bench Bea" not in page.locator("main").inner_text()


@pytest.fixture
def left_after_hand_2(tournament, published_session, players, organizer, referee):
    """Table 1 of session 1: two hands, then Player 3 falls ill and withdraws; the clock has two hours left."""
    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee)
    now = timezone.now()
    Session.objects.filter(pk=published_session.pk).update(
        starts_at=now - timedelta(minutes=20), ends_at=now + timedelta(minutes=130)
    )
    wd.player_withdraw(player=players[2], from_session=published_session, reason="illness", by=organizer)
    return sheet


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_withdrawal_during_a_session_at_the_table(
    request, device, tournament, left_after_hand_2, players, login, referee, screenshot
):
    page = request.getfixturevalue(f"{device}_page")
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    banner = page.locator("#departure-3").inner_text()
    assert "Player 3 withdrew after hand 2 (Illness or injury)" in banner
    # No hand 3 to enter: the table is three-handed.
    assert page.locator("fieldset.winner").count() == 0 and page.locator(".departed-stop").is_visible()
    main = page.locator("main").inner_text()
    assert "Time is up:" not in main and "Player 3 left: mark hands 3" in main
    assert_accessible(page)
    screenshot(page, f"departure-table-{device}", full_page=False)
    page.locator(".departure-action").get_by_role("button", name="Player 3 left: mark hands").click()
    page.get_by_role("button", name="Yes, mark them not played").click()
    assert "marked not played" in page.locator("body").inner_text()
    # Correcting a hand after they left: the winner buttons leave them out.
    page.goto(reverse("hand-history", args=[tournament.slug, 1, 1, 3]))
    winners = page.locator("fieldset.winner").inner_text()
    assert "Player 1" in winners and "Player 3" not in winners
    assert_accessible(page)


def test_a_tie_decided_by_the_chief_referee(
    tournament, published_session, players, chief_referee, referee, desktop_page, phone_page, login, screenshot
):
    # Both tables draw every hand: players 1-4 and 5-8 all tie on everything.
    for table in published_session.tables.all():
        ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee)
    login(phone_page, chief_referee)
    phone_page.goto(reverse("tie-deciders", args=[tournament.slug]))
    assert_accessible(phone_page)
    tie = phone_page.locator(".tie").first
    tie.locator("select[name=order]").nth(0).select_option("8")
    tie.locator("select[name=order]").nth(7).select_option("1")
    tie.locator("select[name=method]").select_option("play_off")
    tie.locator("input[name=note]").fill("one East round")
    tie.get_by_role("button", name="Record the decider").click()
    assert "The decider is recorded" in phone_page.locator(".messages").inner_text()
    screenshot(phone_page, "tie-decider-phone", full_page=False)
    desktop_page.goto(reverse("standings", args=[tournament.slug]))
    first = desktop_page.locator("table.standings tbody tr").first.inner_text()
    assert "Player 8" in first and "D" in first
    assert (
        "Play-off between players 8, 2, 3, 4, 5, 6, 7, 1 (one East round)"
        in desktop_page.locator("#deciders").inner_text()
    )
    assert_accessible(desktop_page)


def test_the_timetable_reaches_the_hall_and_the_players_page(field, organizer, desktop_page, phone_page, login):
    from datetime import datetime, time

    from django.utils.formats import date_format

    from schedule import clock

    tomorrow = timezone.localdate() + timedelta(days=1)
    clock.sessions_timetable_set(
        tournament=field,
        starts={
            1: timezone.make_aware(datetime.combine(tomorrow, time(10, 0))),
            2: timezone.make_aware(datetime.combine(tomorrow, time(14, 0))),
        },
        by=organizer,
    )
    login(desktop_page, organizer)
    desktop_page.goto(reverse("manage-timetable", args=[field.slug]))
    assert_accessible(desktop_page)
    desktop_page.fill("#start-3", f"{tomorrow + timedelta(days=1):%Y-%m-%d}T09:30")
    desktop_page.get_by_role("button", name="Save the timetable").click()
    assert "Timetable saved: sessions 3." in desktop_page.locator(".messages").inner_text()
    # The hall's script draws the line again from the API: the day is said, since it is not today.
    phone_page.goto(reverse("hall", args=[field.slug]))
    phone_page.wait_for_function("document.querySelector('#hall-next .starts-at') !== null")
    line = phone_page.locator("#hall-next").inner_text()
    assert line.startswith("Session 1 starts on") and "10:00" in line
    assert date_format(tomorrow, "j") in line
