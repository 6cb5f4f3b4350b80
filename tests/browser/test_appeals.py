"""Appeals in real Chromium: a player opens their private link on a phone, sees their next seat, and files an
appeal about a hand of the session just played; the chief referee upholds it on a laptop and corrects the hand
on the signed sheet; the player's page and the standings change."""

import re

import pytest
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from scoring.models import Appeal
from standings.selectors import player_standings
from tournament import services as ts


@pytest.fixture
def played(tournament, organizer, published_session, sheet, players, referee):
    """Session 1 (four hands) signed at table 1; session 2 seated and published: the players' next seat."""
    ts.tournament_update(
        tournament=tournament, by=organizer, hands_per_session=4, appeal_fee="50", appeal_fee_currency="EUR"
    )
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=12, by=referee
    )
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    ss.hand_record(sheet=sheet, number=4, outcome=pay.DRAW, by=referee)
    ss.sheet_sign(sheet=sheet, by=referee)
    second = tournament.sessions.get(number=2)
    sched.session_seat(
        session=second,
        tables=[[players[4], players[2], players[6], players[0]], [players[1], players[5], players[3], players[7]]],
        by=organizer,
        method="manual",
    )
    sched.session_publish(session=second, by=organizer)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    return sheet


def score_of(tournament, number):
    return next(r.score for r in player_standings(tournament) if r.player.number == number)


def test_player_appeals_on_the_phone_and_the_chief_referee_upholds(
    phone_page, desktop_page, login, chief_referee, tournament, played, players, assert_phone_friendly, screenshot
):
    code = tournament.players.get(number=2).code
    page = phone_page
    page.goto(reverse("player-page", args=[tournament.slug, code]))
    assert page.locator("h1").inner_text() == "2. Player 2"
    assert "Session 2: table 2, starting wind East" in page.locator("#next-seat").inner_text()
    screenshot(page, "player-page-phone")
    before = score_of(tournament, 2)

    # The session just played is not folded away while its appeal window is open.
    assert page.locator("#results-1").evaluate("d => d.open")
    page.locator("#results-1").get_by_role("link", name="Appeal a ruling at this table").click()
    page.wait_for_load_state()
    assert_phone_friendly(page, "form.appeal-form")
    page.get_by_label("About the rules (to the referees)").check()
    page.locator('[name="hand_number"]').select_option("2")
    page.get_by_role("button", name="File the appeal").click()  # no statement: refused, nothing saved
    page.wait_for_load_state()
    assert page.locator(".field.has-error").count() >= 1 and not Appeal.objects.exists()
    assert page.locator('[name="hand_number"]').input_value() == "2"  # what was chosen stays
    statement = "Hand 2: I drew the winning tile from the wall; Player 3 did not discard it."
    page.locator('[name="statement"]').fill(statement)
    screenshot(page, "appeal-form-phone")
    page.get_by_role("button", name="File the appeal").click()
    page.wait_for_url(re.compile(r"/p/.*#result$"))
    assert "Appeal 1 is filed" in page.locator(".msg.success").inner_text()
    assert "Filed, awaiting a decision" in page.locator(".appeal-list").inner_text()
    assert "50.00 EUR" in page.locator(".appeal-list").inner_text()

    chief = desktop_page
    login(chief, chief_referee)
    chief.goto(reverse("session-detail", args=[tournament.slug, 1]))
    assert chief.locator("#table-1 .under-appeal").is_visible()
    chief.goto(reverse("appeal-list", args=[tournament.slug]))
    chief.get_by_role("link", name="1", exact=True).click()
    chief.wait_for_load_state()
    assert statement in chief.locator(".statement").inner_text()
    form = chief.locator("form#decide")
    form.get_by_label("Upheld").check()
    form.locator('[name="reasons"]').fill("The table agrees: hand 2 was self-drawn.")
    screenshot(chief, "appeal-decision-desktop")
    form.get_by_role("button", name="Record the decision").click()
    chief.wait_for_load_state()
    assert "Upheld" in chief.locator("h1 .status").inner_text()
    amend = chief.locator("form#amend-hand")
    amend.locator('[name="hand"]').select_option(label="Hand 2")
    amend.locator('[name="outcome"]').select_option("self_drawn")
    amend.locator('[name="winner"]').select_option(label="2. Player 2")
    amend.locator('[name="points"]').fill("12")
    amend.get_by_role("button", name="Correct the hand").click()
    chief.wait_for_load_state()
    assert "Hand 2 corrected" in chief.locator(".msg.success").inner_text()
    assert "hand 2, version 2" in chief.locator(".appeal-steps").last.inner_text()
    screenshot(chief, "appeal-upheld-desktop")

    # By discard Player 2 got 20 + 8 + 8; self-drawn, 20 from each other player.
    assert score_of(tournament, 2) == before + 24
    page.reload()
    appeals = page.locator(".appeal-list").inner_text()
    assert "Upheld" in appeals and "Returned (appeal upheld)" in appeals
    assert "Self-drawn win: Player 2 · 12" in page.locator("#results-1").inner_text()
    screenshot(page, "player-page-upheld-phone")
    chief.goto(reverse("session-detail", args=[tournament.slug, 1]))
    assert chief.locator("#table-1 .under-appeal").count() == 0


def test_a_referee_decides_on_a_phone(
    phone_page, desktop_page, login, referee, tournament, played, assert_phone_friendly, screenshot
):
    from scoring import services as ap

    player = tournament.players.get(number=4)
    ap.appeal_file(
        sheet=played,
        filer=player,
        code=player.code,
        kind="rule",
        hand_number=2,
        statement="The discard was called after the next player had drawn.",
    )
    page = phone_page
    login(page, referee)
    page.goto(reverse("appeal-list", args=[tournament.slug]))
    screenshot(page, "appeal-list-phone")
    page.get_by_role("link", name="1", exact=True).click()
    page.wait_for_load_state()
    assert_phone_friendly(page, "form.decision-form")
    form = page.locator("form#decide")
    form.get_by_role("button", name="Record the decision").click()  # nothing chosen: refused, said why
    page.wait_for_load_state()
    assert page.locator("form#decide .errors").count() >= 1
    page.locator("form#decide").get_by_label("Rejected").check()
    page.locator('form#decide [name="reasons"]').fill("The claim was in time.")
    screenshot(page, "appeal-decision-phone")
    page.locator("form#decide").get_by_role("button", name="Record the decision").click()
    page.wait_for_load_state()
    assert "Rejected by the referees" in page.locator("h1 .status").inner_text()
    assert page.locator("form.decision-form").get_by_role("button", name="Take it to the chief referee").is_visible()

    desktop_page.goto(reverse("player-page", args=[tournament.slug, player.code]))
    assert "Rejected by the referees" in desktop_page.locator(".appeal-list").inner_text()
    assert desktop_page.get_by_role("button", name="Take it to the chief referee").is_visible()
    screenshot(desktop_page, "player-page-desktop")
