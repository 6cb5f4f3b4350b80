"""A whole tournament day in Chromium, as one flow (issue 20, item 7): 16 players with Chinese, Japanese and
Korean names imported from a spreadsheet, codes made on publishing, two sessions seated, session 1 published on a laptop, four referees
entering on phones, a foul that escalates, players confirming, referees signing, the chief referee
countersigning, a player appealing from their private page, the organizer closing (refused, then overridden
with a reason), the appeal upheld and the hand amended after closing (shown on the dashboard until
acknowledged), then every file downloaded. What the UI does elsewhere in the suite is done here through the
services, to stay fast; the steps that connect the features are driven in the browser.

At each checkpoint the same session shows the same state on the dashboard, the public tournament page, the
hall display and the API (``tournament.lifecycle``)."""

import re

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ap
from scoring import services as ss
from scoring.models import Appeal, Penalty
from tests.closing import close_session
from tournament import services as ts

from .conftest import DESKTOP, PHONE
from .outbox import recorded, saved_message
from .test_series import assert_accessible

SLUG = "valencia-open"
NAMES = [
    ("王", "芳", "CN"),
    ("山田", "太郎", "JP"),
    ("김", "민준", "KR"),
    ("López", "Ana", "ES"),
    ("Díaz", "Bruno", "ES"),
    ("Ruiz", "Carla", "ES"),
    ("Martín", "Diego", "ES"),
    ("Sanz", "Elena", "ES"),
    ("Gil", "Fermín", "ES"),
    ("Vidal", "Gloria", "ES"),
    ("Torres", "Hugo", "ES"),
    ("Molina", "Inés", "ES"),
    ("Castro", "Jorge", "ES"),
    ("Ortega", "Lucía", "ES"),
    ("Rubio", "Mario", "ES"),
    ("Peña", "Nuria", "ES"),
]
# The labels every page shows for session 1, and the code the API gives (tournament.lifecycle).
PHASES = {
    "published": "Seating published",
    "in_play": "In play",
    "finished": "All sheets signed",
    "closed": "Closed",
}


def u(name, *args):
    return reverse(name, args=[SLUG, *args])


@pytest.fixture
def day(organizer, make_user):
    t = ts.tournament_create(
        by=organizer,
        name="Valencia Open",
        slug=SLUG,
        session_count=2,
        hands_per_session=4,
        player_confirmation="either",
        countersign_required=True,
    )
    referees = [make_user(f"ref{i}") for i in range(1, 5)]
    for user in referees:
        ts.role_grant(tournament=t, user=user, role="referee", by=organizer)
    chief = make_user("chief")
    ts.role_grant(tournament=t, user=chief, role="chief_referee", by=organizer)
    t.referees, t.chief = referees, chief
    return t


def context(chromium_browser, live_server, login=None, user=None, phone=False):
    options = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone else {"viewport": DESKTOP}
    ctx = chromium_browser.new_context(base_url=live_server.url, locale="en-GB", **options)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    if user is not None:
        login(page, user)
    return page


def checkpoint(organizer_page, public_page, phase):
    """Session 1 shows ``phase`` on the dashboard, the public tournament page, the hall display (while it is
    the session being played) and the API."""
    label = PHASES[phase]
    organizer_page.goto(u("manage-home"))
    row = organizer_page.locator("table.dashboard-sessions tbody tr").first
    assert row.locator("td").nth(1).inner_text() == label, "dashboard"
    public_page.goto(u("tournament-detail"))
    assert public_page.locator(f".phase-{phase}").first.inner_text() == label, "public page"
    if phase != "closed":
        public_page.goto(reverse("hall", args=[SLUG]))
        assert public_page.locator("#hall-session").inner_text() == f"Session 1 · {label}", "hall display"
    api = public_page.request.get(reverse("api-session", args=[SLUG, 1])).json()
    assert api["phase"] == phase, "API"


def table_sheet(tournament, n, session=1):
    return tournament.sessions.get(number=session).tables.get(number=n).sheet


def play_table(sheet, referee):
    """Four hands: East self-draws 8 in hand 1, then draws (the referee's phone; here through the service)."""
    east = sheet.table.seated_players()[0]
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=east, points=8, by=referee)
    for n in (2, 3, 4):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=referee)


def confirm_all(sheet, referee, skip=()):
    for player in sheet.table.seated_players():
        if player.pk not in skip:
            ss.sheet_confirm(sheet=sheet, player=player, method="device", by=referee)


def test_a_whole_tournament_day(
    day, organizer, chromium_browser, live_server, login, phone_page, desktop_page, screenshot, assert_phone_friendly
):
    ref1, ref2, ref3, ref4 = day.referees
    boss = desktop_page
    login(boss, organizer)
    public = context(chromium_browser, live_server, phone=True)
    chief = context(chromium_browser, live_server, login, day.chief)
    try:
        # --- The organizer imports the 16 players from a spreadsheet, checks the preview and confirms. ---
        rows = ["number,family_name,given_name,country"]
        rows += [f"{n},{family},{given},{country}" for n, (family, given, country) in enumerate(NAMES, start=1)]
        boss.goto(u("manage-import"))
        boss.locator('input[type="file"]').set_input_files(
            files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": "\n".join(rows).encode()}]
        )
        with boss.expect_navigation():
            boss.get_by_role("button", name="Preview").click()
        assert "王" in boss.locator("main").inner_text()
        with boss.expect_navigation():
            boss.get_by_role("button", name="Import 16 players").click()
        assert day.players.count() == 16
        assert not day.players.filter(code="").exists()  # every imported player has a code for the cards
        for player in day.players.all():  # the ranking file needs it; the players file has no such column
            ts.player_update(player=player, no_ema_id=True, by=organizer)
        sched.schedule_generate(tournament=day, by=organizer, seed=11)

        # --- The organizer publishes session 1 on a laptop; the players' codes are made then. ---
        boss.goto(u("manage-sessions"))
        with boss.expect_navigation():
            boss.locator("#session-1").get_by_role("button", name="Publish seating").click()
        assert boss.locator("h1").inner_text() == "Publish the seating of session 1?"  # asked first
        with boss.expect_navigation():
            boss.get_by_role("button", name="Publish", exact=True).click()
        assert "Seating of session 1 published." in boss.locator(".messages").inner_text()
        assert not day.players.filter(code="").exists()
        screenshot(boss, "day-sessions-desktop")
        checkpoint(boss, public, "published")

        # --- Four referees at four tables, on phones. Referee 1 enters hand 1 in the browser. ---
        table1 = table_sheet(day, 1)
        east = table1.table.seated_players()[0]
        ref_page = phone_page
        login(ref_page, ref1)
        ref_page.goto(u("sheet", 1, 1))
        ref_page.locator("fieldset.winner label.choice-button", has_text=east.name).first.click()
        ref_page.locator("fieldset.how label.choice-button", has_text="Self-drawn").first.click()
        ref_page.locator('.keypad button[data-key="8"]').click()
        recorded(ref_page)
        assert saved_message(ref_page) == "Hand 1 recorded."
        assert_phone_friendly(ref_page, "form.hand-form, form.foul-form")
        screenshot(ref_page, "day-table-phone")
        for n in (2, 3, 4):
            ss.hand_record(sheet=table1, number=n, outcome=pay.DRAW, by=ref1)
        for n, referee in ((2, ref2), (3, ref3), (4, ref4)):
            play_table(table_sheet(day, n), referee)
        # A foul that escalates (MCR 3.11.6): a warning, then 5, then 10 to each other player.
        table2 = table_sheet(day, 2)
        offender = table2.table.seated_players()[3]
        for hand in (1, 2, 3):
            ss.foul_record(sheet=table2, player=offender, foul="claim_changed", hand_number=hand, by=ref2)
        costs = sorted(-min(p.deltas) for p in Penalty.objects.filter(sheet=table2))
        assert costs == [0, 15, 30]
        checkpoint(boss, public, "in_play")

        # --- One player confirms on their own phone; the others on the referee's phone. ---
        code = east.code if east.code else day.players.get(pk=east.pk).code
        public.goto(u("player-sheets", code))
        public.get_by_role("button", name="I confirm this score sheet").click()
        public.wait_for_load_state()
        assert "you confirmed the score sheet of session 1, table 1" in public.locator(".msg.success").inner_text()
        confirm_all(table1, ref1, skip={east.pk})
        for n, referee in ((2, ref2), (3, ref3), (4, ref4)):
            sheet = table_sheet(day, n)
            confirm_all(sheet, referee)
            ss.sheet_sign(sheet=sheet, by=referee)
        # Referee 1 signs in the browser, after the confirmation page.
        ref_page.goto(u("sheet", 1, 1))
        with ref_page.expect_navigation():
            ref_page.get_by_role("button", name="Sign the score sheet").click()
        with ref_page.expect_navigation():
            ref_page.get_by_role("button", name="Yes, sign the score sheet").click()
        assert ref_page.locator("h1 .status").inner_text() == "Signed"

        # Signed but not countersigned: the session's every sheet is finished, and the dashboard says what waits.
        checkpoint(boss, public, "finished")
        steps = boss.locator(".next-steps").inner_text()
        assert "4 await the chief referee's countersignature" in steps

        # --- The chief referee countersigns at a laptop. ---
        chief.goto(u("sheet", 1, 1))
        with chief.expect_navigation():
            chief.get_by_role("button", name="Countersign").click()
        assert "Countersign the score sheet of table 1, session 1?" in chief.locator("h1").inner_text()
        chief.get_by_role("button", name="Yes, countersign").click()
        chief.wait_for_url("**#result")
        assert chief.locator("h1 .status").inner_text() == "Countersigned"
        for n in (2, 3, 4):
            ss.sheet_countersign(sheet=table_sheet(day, n), by=day.chief)
        results = public.request.get(reverse("api-session-results", args=[SLUG, 1])).json()
        assert [(r["table"], r["submitted"], r["sheet_status"]) for r in results] == [
            (n, True, "countersigned") for n in (1, 2, 3, 4)
        ]
        checkpoint(boss, public, "finished")

        # --- A player appeals from their private page, on a phone. ---
        appellant = table1.table.seated_players()[1]
        public.goto(u("player-page", day.players.get(pk=appellant.pk).code))
        assert public.locator("#results-1").evaluate("d => d.open")  # open while its appeal window is
        public.locator("#results-1").get_by_role("link", name="Appeal a ruling at this table").click()
        public.wait_for_load_state()
        public.get_by_label("About the rules (to the referees)").check()
        public.locator('[name="hand_number"]').select_option("2")
        public.locator('[name="statement"]').fill("Hand 2: I won on a discard; it was recorded a draw.")
        public.get_by_role("button", name="File the appeal").click()
        public.wait_for_url(re.compile(r"/p/.*#result$"))
        assert "Appeal 1 is filed" in public.locator(".msg.success").inner_text()

        # --- The organizer closes: refused, naming the table and the open windows; closed with a reason. ---
        boss.goto(u("manage-sessions"))
        with boss.expect_navigation():
            boss.locator("#session-1").get_by_role("button", name="Close session").click()
        refusal = boss.locator(".confirm").inner_text()
        assert "Table 1: an appeal is not decided yet." in refusal
        assert "Table 4: the appeal window is open until" in refusal
        screenshot(boss, "day-close-override-desktop")
        assert_accessible(boss)
        boss.locator('[name="reason"]').fill("Prize giving at 19:00; the appeal is decided after.")
        with boss.expect_navigation():
            boss.get_by_role("button", name="Close anyway").click()
        assert "Session 1 closed" in boss.locator(".messages").inner_text()
        checkpoint(boss, public, "closed")

        # --- The referees uphold the appeal and hand 2 is amended: the organizer is told. ---
        appeal = Appeal.objects.get()
        appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="The discard is on the sheet.", by=ref1)
        discarder = table1.table.seated_players()[2]
        ap.appeal_amend_hand(
            appeal=appeal,
            number=2,
            outcome=pay.DISCARD,
            winner=appellant,
            discarder=discarder,
            points=8,
            expected_version=1,
            by=ref1,
        )
        boss.goto(u("manage-home"))
        notice = boss.locator(".changed-after-closing")
        assert "Session 1: results changed after it was closed" in notice.inner_text()
        assert "Table 1: a hand recorded or corrected" in notice.inner_text()
        screenshot(boss, "day-changed-after-closing-desktop")
        assert_accessible(boss)
        phone_boss = context(chromium_browser, live_server, login, organizer, phone=True)
        phone_boss.goto(u("session-detail", 1))
        assert phone_boss.locator(".changed-after-closing").is_visible()
        assert_phone_friendly(phone_boss, ".changed-after-closing form")
        screenshot(phone_boss, "day-changed-after-closing-phone")
        assert_accessible(phone_boss)
        phone_boss.context.close()
        with boss.expect_navigation():
            boss.get_by_role("button", name="Seen: acknowledge").click()
        assert boss.locator(".changed-after-closing").count() == 0

        # --- Session 2, played through the services, then every file downloads. ---
        second = day.sessions.get(number=2)
        sched.session_publish(session=second, by=organizer)
        for n, referee in enumerate(day.referees, start=1):
            sheet = table_sheet(day, n, session=2)
            play_table(sheet, referee)
            confirm_all(sheet, referee)
            ss.sheet_sign(sheet=sheet, by=referee)
            ss.sheet_countersign(sheet=sheet, by=day.chief)
        close_session(session=second, by=organizer)
        boss.goto(u("manage-home"))
        assert "Every session is closed" in boss.locator(".next-steps").inner_text()
        screenshot(boss, "day-dashboard-finished-desktop")
        files = {
            u("export-ema"): b"",
            u("export-standings", "xlsx"): b"PK",
            u("export-fouls", "pdf"): b"%PDF",
            u("export-score-sheets", 1): b"%PDF",
            u("export-score-sheets", 1) + "?blank=1": b"%PDF",
            u("export-player-cards"): b"%PDF",
            u("export-seat-list", 1): b"%PDF",
            u("appeal-pdf", 1): b"%PDF",
        }
        for url, magic in files.items():
            response = boss.request.get(url)
            assert response.status == 200, (url, response.status, response.text()[:300])
            assert response.body().startswith(magic), url
        ema = boss.request.get(u("export-ema")).text()
        assert "王" in ema and "山田" in ema and "김" in ema
        public.goto(u("standings"))
        screenshot(public, "day-standings-phone")
    finally:
        public.context.close()
        chief.context.close()
