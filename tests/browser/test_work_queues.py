"""Each role starts where its work is (issue 21), in real Chromium: the chief referee logs in on a phone, finds
the sheet to countersign and the appeal to decide on the start page, does both one tap away and comes back
through the menu; a player finds the confirmation at the top of their page, confirms, and once the sheet is
signed appeals from the top too."""

import re

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ap
from scoring import services as ss
from scoring.models import Appeal, ScoreSheet
from tournament import services as ts


def log_in_with_the_form(page, username):
    page.goto(reverse("login"))
    page.locator('[name="username"]').fill(username)
    page.locator('[name="password"]').fill("pw-" + username)
    with page.expect_navigation():
        page.locator("main form").get_by_role("button", name=re.compile("Log in", re.I)).click()


@pytest.fixture
def four_hands(tournament, organizer, published_session, sheet, players, referee):
    """Sessions of four hands, confirmed by the players on their phones and countersigned by the chief
    referee; table 1 of session 1 played to the end; the players have their codes."""
    ts.tournament_update(
        tournament=tournament, by=organizer, hands_per_session=4, countersign_required=True, player_confirmation="phone"
    )
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=12, by=referee
    )
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    ss.hand_record(sheet=sheet, number=4, outcome=pay.DRAW, by=referee)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    return sheet


def confirm_all(sheet, players):
    for p in players[:4]:
        p.refresh_from_db()
        ss.sheet_confirm(sheet=sheet, player=p, method="phone", by=None, code=p.code)


def test_chief_referee_countersigns_and_decides_from_the_queue(
    phone_page,
    desktop_page,
    login,
    chief_referee,
    referee,
    tournament,
    four_hands,
    players,
    assert_phone_friendly,
    screenshot,
):
    confirm_all(four_hands, players)
    ss.sheet_sign(sheet=four_hands, by=referee)
    filer = tournament.players.get(number=2)
    appeal = ap.appeal_file(
        sheet=four_hands,
        filer=filer,
        code=filer.code,
        kind="rule",
        hand_number=2,
        statement="Hand 2 was self-drawn.",
        by=None,
    )
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Seen.", by=referee)
    ap.appeal_escalate(appeal=appeal, reason="Not satisfied", code=filer.code)

    page = phone_page
    log_in_with_the_form(page, "chief")
    assert page.url.endswith(reverse("start"))
    assert page.locator("h1").first.inner_text() == "To do · Test Open"
    countersign = page.locator("#to-countersign .my-table a")
    assert countersign.count() == 1 and "Session 1, table 1" in countersign.inner_text()
    decide = page.locator("#to-decide .my-table a")
    assert decide.count() == 1 and "Appeal 1" in decide.inner_text() and "hand 2" in decide.inner_text()
    for link in (countersign, decide):
        box = link.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 300  # the whole line is the tap target
    assert_phone_friendly(page, "main form")
    screenshot(page, "queue-chief-phone")

    # One tap: the sheet, at its countersignature.
    with page.expect_navigation():
        countersign.click()
    assert page.url.endswith(reverse("sheet", args=[tournament.slug, 1, 1]) + "#countersign")
    with page.expect_navigation():
        page.get_by_role("button", name="Countersign").click()
    # Asked first, in the page (issue 21, item 4): a countersignature is undone only by reopening.
    assert "Countersign the score sheet of table 1, session 1?" in page.locator("h1").inner_text()
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, countersign").click()
    assert "countersigned" in page.locator(".msg.success").inner_text()
    four_hands.refresh_from_db()
    assert four_hands.status == ScoreSheet.Status.COUNTERSIGNED

    # Back through the header: on a phone "To do" stays in sight beside the Menu control (issue 30), and
    # Appeals is one tap away in the menu.
    to_do = page.locator(".site-header").get_by_role("link", name="To do")
    box = to_do.bounding_box()
    assert box["x"] + box["width"] <= 390 and box["height"] >= 44
    page.locator(".site-header .menu-toggle > summary").click()
    appeals_link = page.locator("nav.tnav").get_by_role("link", name="Appeals")
    box = appeals_link.bounding_box()
    assert box["x"] + box["width"] <= 390
    with page.expect_navigation():
        to_do.click()
    assert page.url.endswith(reverse("work-queue", args=[tournament.slug]))
    assert "No sheet waits for your countersignature." in page.locator("#to-countersign").inner_text()
    assert_phone_friendly(page, "main form")
    screenshot(page, "queue-chief-after-countersign-phone")

    with page.expect_navigation():
        page.locator("#to-decide .my-table a").click()
    form = page.locator("form#decide")
    form.get_by_label("Upheld").check()
    form.locator('[name="reasons"]').fill("Hand 2 was self-drawn: the table agrees.")
    with page.expect_navigation():
        form.get_by_role("button", name="Record the decision").click()
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    # The amendment starts on the hand the appeal names.
    amend = page.locator("form#amend-hand")
    assert amend.locator('[name="hand"]').input_value() == "2:1"
    assert_phone_friendly(page, "main form")
    screenshot(page, "queue-appeal-amend-phone")
    with page.expect_navigation():
        page.locator(".site-header").get_by_role("link", name="To do").click()
    assert "No appeal waits for your decision." in page.locator("#to-decide").inner_text()

    desktop = desktop_page
    login(desktop, chief_referee)
    desktop.goto(reverse("work-queue", args=[tournament.slug]))
    assert desktop.locator("h1").inner_text() == "To do"
    assert "Session 1, table 1" in desktop.locator("#open-windows").inner_text()
    # A new appeal shows up without a reload: the page fetches itself when it comes back into sight.
    third = tournament.players.get(number=3)
    ap.appeal_file(sheet=four_hands, filer=third, code=third.code, kind="rule", statement="Hand 2.", by=None)
    desktop.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    desktop.locator("#to-decide .my-table a").wait_for()
    assert "Appeal 2" in desktop.locator("#to-decide .my-table a").inner_text()
    screenshot(desktop, "queue-chief-desktop")


def test_player_confirms_and_appeals_from_the_top_of_their_page(
    phone_page, desktop_page, referee, tournament, four_hands, players, assert_phone_friendly, screenshot
):
    player = tournament.players.get(number=2)
    page = phone_page
    page.goto(reverse("player-page", args=[tournament.slug, player.code]))
    todo = page.locator("#todo")
    assert "Session 1, table 1: every hand is in." in todo.inner_text()
    button = todo.get_by_role("button", name="I confirm this score sheet")
    box = button.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["height"] >= 44  # on the first screen of a phone
    assert_phone_friendly(page, "main form")
    screenshot(page, "player-todo-confirm-phone")
    with page.expect_navigation():
        button.click()
    assert "you confirmed the score sheet of session 1, table 1" in page.locator(".msg.success").inner_text()
    assert page.locator("#todo").count() == 0

    # The others confirm, the referee signs: the game has ended and the appeal window is open.
    for p in players[:4]:
        p.refresh_from_db()
        if p.pk != player.pk:
            ss.sheet_confirm(sheet=four_hands, player=p, method="phone", by=None, code=p.code)
    ss.sheet_sign(sheet=four_hands, by=referee)
    page.reload()
    appeal_link = page.locator("#todo").get_by_role("link", name="Appeal a ruling at session 1, table 1")
    box = appeal_link.bounding_box()
    assert box["y"] + box["height"] <= 844
    assert page.locator("#results-1").evaluate("d => d.open")  # not folded away
    assert_phone_friendly(page, "main form")
    screenshot(page, "player-todo-appeal-phone")
    with page.expect_navigation():
        appeal_link.click()
    page.get_by_label("About the rules (to the referees)").check()
    page.locator('[name="hand_number"]').select_option("2")
    page.locator('[name="statement"]').fill("Hand 2: I drew the winning tile myself.")
    page.get_by_role("button", name="File the appeal").click()
    page.wait_for_url(re.compile(r"/p/.*#result$"))
    assert Appeal.objects.get().hand_number == 2

    desktop = desktop_page
    desktop.goto(reverse("player-page", args=[tournament.slug, player.code]))
    assert desktop.locator("#todo").get_by_role("link", name="Appeal a ruling at session 1, table 1").is_visible()
    screenshot(desktop, "player-todo-desktop")


def test_find_my_seat_from_the_tournament_page(
    phone_page, desktop_page, tournament, published_session, players, assert_phone_friendly, screenshot
):
    page = phone_page
    page.goto(reverse("tournament-detail", args=[tournament.slug]))
    box = page.get_by_label("Your name or player number").bounding_box()
    assert box["y"] + box["height"] <= 844  # on the first screen of a phone
    assert_phone_friendly(page, "main form")
    screenshot(page, "find-my-seat-tournament-phone")
    page.get_by_label("Your name or player number").fill("6")
    with page.expect_navigation():
        page.locator(".find-my-seat").get_by_role("button", name="Find").click()
    assert page.url.endswith(reverse("session-detail", args=[tournament.slug, 1]) + "?q=6#found")
    assert "Player 6 (6): table 2, starting wind South" in page.locator("#found").inner_text()
    assert_phone_friendly(page, "main form")

    desktop = desktop_page
    desktop.goto(reverse("tournament-detail", args=[tournament.slug]))
    with desktop.expect_navigation():
        desktop.get_by_role("link", name="The session being played").click()
    assert desktop.url.endswith(reverse("session-detail", args=[tournament.slug, 1]))
    desktop.goto(reverse("tournament-detail", args=[tournament.slug]))
    screenshot(desktop, "find-my-seat-tournament-desktop")


def test_a_referee_asks_to_reopen_and_the_chief_referee_reopens_from_the_queue(
    phone_page,
    login,
    chief_referee,
    referee,
    tournament,
    four_hands,
    players,
    assert_phone_friendly,
    screenshot,
):
    from tests.browser.test_series import assert_accessible

    confirm_all(four_hands, players)
    ss.sheet_sign(sheet=four_hands, by=referee)
    sheet_url = reverse("sheet", args=[tournament.slug, 1, 1])

    page = phone_page
    login(page, referee)
    page.goto(sheet_url + "#signing")
    form = page.locator("form.reopen-request-form")
    form.locator('[name="reason"]').fill("Hand 2 was won by player 3, not player 2.")
    with page.expect_navigation():
        form.get_by_role("button", name="Send the request").click()
    # The answer is in sight, and the request stays shown on the sheet while it waits.
    message = page.locator(".msg.success")
    assert "Your request is with the chief referee" in message.inner_text()
    assert message.bounding_box()["y"] < 844
    assert "Waiting for the chief referee." in page.locator("#reopen-request").inner_text()
    assert page.locator("form.reopen-request-form").count() == 0
    assert_phone_friendly(page, "main form")
    assert_accessible(page)
    screenshot(page, "reopen-request-referee-phone", full_page=False)

    page.context.clear_cookies()
    log_in_with_the_form(page, "chief")
    link = page.locator("#to-reopen .my-table a")
    assert link.count() == 1 and "Hand 2 was won by player 3" in link.inner_text()
    assert link.bounding_box()["height"] >= 44
    assert_accessible(page)
    screenshot(page, "reopen-request-queue-phone")
    with page.expect_navigation():
        link.click()
    assert page.url.endswith(sheet_url + "#reopen-request")
    reopen = page.locator("form.reopen-form")
    assert reopen.locator('[name="reason"]').input_value() == "Hand 2 was won by player 3, not player 2."
    assert page.locator("form.reopen-decline-form").is_visible()
    assert_accessible(page)
    screenshot(page, "reopen-request-chief-phone", full_page=False)
    with page.expect_navigation():
        reopen.get_by_role("button", name="Reopen").click()
    assert "Score sheet reopened" in page.locator(".msg.success").inner_text()
    four_hands.refresh_from_db()
    assert not four_hands.is_submitted
    with page.expect_navigation():
        page.locator(".site-header").get_by_role("link", name="To do").click()
    assert "No referee asks for a sheet to be reopened." in page.locator("#to-reopen").inner_text()
