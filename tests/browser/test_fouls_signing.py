"""Fouls, confirmation and signatures in real Chromium: a referee on a phone records an escalating foul three
times (a warning, then 5 to each other player, then 10), the four players confirm on the referee's device, the
referee signs, a further edit is refused, and the chief referee reopens the sheet giving a reason. Then a
player's own phone with their code."""

import re

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import Penalty, ScoreSheet, Signature
from tournament import services as ts

from .outbox import recorded, saved_message


@pytest.fixture
def table(tournament, organizer, published_session, sheet, players, referee):
    """Four-hand sessions, players confirming on the referee's device or their phone; every hand entered."""
    ts.tournament_update(
        tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="either", group="A"
    )
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[2], discarder=players[1], points=12, by=referee
    )
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    ss.hand_record(sheet=sheet, number=4, outcome=pay.DRAW, by=referee)
    return sheet


def sheet_url(tournament):
    return reverse("sheet", args=[tournament.slug, 1, 1])


def record_foul(page, player, foul, hand):
    form = page.locator("form.foul-form")
    form.locator('[name="player"]').select_option(label=player)
    form.locator('[name="foul"]').select_option(foul)
    form.locator('[name="hand_number"]').fill(str(hand))
    # Sent without a reload (static/js/outbox.js): the server's words come back in the outbox.
    recorded(page, button="Record foul")
    return saved_message(page, "foul")


def test_escalating_foul_confirm_sign_refuse_reopen(
    phone_page,
    desktop_page,
    login,
    referee,
    chief_referee,
    tournament,
    table,
    players,
    assert_phone_friendly,
    screenshot,
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    assert page.locator("h1 .status").inner_text() == "Awaiting confirmation"
    assert_phone_friendly(page, "form.foul-form, .signing form")

    # The form shows only what the chosen foul takes.
    form = page.locator("form.foul-form")
    form.locator('[name="foul"]').select_option("late")
    assert form.locator('[name="minutes"]').is_visible() and not form.locator('[name="seconds"]').is_visible()
    form.locator('[name="foul"]').select_option("other")
    assert form.locator('[name="amount"]').is_visible() and not form.locator('[name="recipient"]').is_visible()
    form.locator('[name="to"]').select_option("player")
    assert form.locator('[name="recipient"]').is_visible()

    messages = [record_foul(page, "4. Player 4", "claim_changed", hand) for hand in (1, 2, 3)]
    assert "a warning, no points" in messages[0]
    assert "5 points to each other player" in messages[1]
    assert "10 points to each other player" in messages[2]
    costs = page.locator('.foul-list li[data-foul="claim_changed"] .foul-cost').all_inner_texts()
    # What the player loses in all, and what each other player receives.
    assert costs == ["Warning, no points", "−15 in all, 5 to each other player", "−30 in all, 10 to each other player"]
    screenshot(page, "fouls-phone")

    # A second tab, opened before the signature, keeps a foul form to try afterwards.
    stale = page.context.new_page()
    stale.goto(sheet_url(tournament))

    # The four players confirm on the referee's phone, then the referee signs.
    for player in players[:4]:
        page.get_by_role("button", name=f"{player.name} confirms").click()
        page.wait_for_load_state()
        assert f"{player.name} confirmed the sheet." in page.locator(".msg.success").inner_text()
    assert page.locator(".confirmations .done").count() == 4
    assert_phone_friendly(page, ".signing form")
    page.get_by_role("button", name="Sign the score sheet").click()
    page.wait_for_load_state()
    # Asked first: signing makes the results final.
    assert "Sign the score sheet of table 1, session 1?" in page.locator("h1").inner_text()
    page.get_by_role("button", name="Yes, sign the score sheet").click()
    page.wait_for_load_state()
    assert page.locator("h1 .status").inner_text() == "Signed"
    assert "Signed by referee" in page.locator(".signing").inner_text()
    assert page.locator("form.foul-form").count() == 0
    screenshot(page, "signed-sheet-phone")

    # The form left open in the other tab is refused: the sheet is locked.
    stale.locator('form.foul-form [name="player"]').select_option(label="1. Player 1")
    stale.locator('form.foul-form [name="foul"]').select_option("warning")
    recorded(stale, button="Record foul")
    # Refused where it was recorded, with the server's reason; nothing stored.
    assert "only the chief referee can reopen it" in stale.locator(".fouls .outbox-item .errors").inner_text()
    assert Penalty.objects.count() == 3
    stale.close()

    # The chief referee reopens it, saying why.
    chief = desktop_page
    login(chief, chief_referee)
    chief.goto(sheet_url(tournament))
    reopen = chief.locator("form.reopen-form")
    reopen.get_by_role("button", name="Reopen").click()
    chief.wait_for_load_state()
    assert ScoreSheet.objects.get(pk=table.pk).is_signed  # no reason, nothing changed
    chief.locator('form.reopen-form [name="reason"]').fill("Hand 2 was won by Player 4")
    chief.locator("form.reopen-form").get_by_role("button", name="Reopen").click()
    chief.wait_for_load_state()
    assert chief.locator("h1 .status").inner_text() == "Awaiting confirmation"
    void = chief.locator(".void-list")
    assert "5 earlier confirmations and signatures, now void" in void.inner_text()
    void.locator("summary").click()
    assert "Hand 2 was won by Player 4" in void.inner_text()
    assert not Signature.objects.filter(voided_at__isnull=True).exists()
    screenshot(chief, "reopened-sheet-desktop")


def test_a_player_confirms_on_their_own_phone(
    phone_page, tournament, table, players, organizer, assert_phone_friendly, screenshot
):
    ts.player_codes_generate(tournament=tournament, by=organizer)
    code = tournament.players.get(number=3).code
    page = phone_page
    page.goto(reverse("player-code", args=[tournament.slug]))
    assert_phone_friendly(page, "form.code-form")
    page.locator('[name="code"]').fill("WRONG-CODE")
    page.get_by_role("button", name="Open my score sheets").click()
    assert "No player of this tournament has that code" in page.locator(".errors").inner_text()
    assert page.locator('[name="code"]').input_value() == "WRONG-CODE"  # what was typed stays
    screenshot(page, "player-code-phone")
    page.locator('[name="code"]').fill(f"{code[:4].lower()}-{code[4:]}")
    page.get_by_role("button", name="Open my score sheets").click()
    page.wait_for_url(re.compile(re.escape(reverse("player-sheets", args=[tournament.slug, code]))))
    assert page.locator("h1").inner_text() == "3. Player 3"
    assert_phone_friendly(page, ".player-sheet form")
    screenshot(page, "player-sheets-phone")
    page.get_by_role("button", name="I confirm this score sheet").click()
    page.wait_for_load_state()
    assert "you confirmed the score sheet of session 1, table 1" in page.locator(".msg.success").inner_text()
    assert "You confirmed this sheet" in page.locator(".player-sheet").inner_text()
    assert Signature.objects.get().method == "phone"
