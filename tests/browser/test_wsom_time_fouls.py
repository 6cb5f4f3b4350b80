"""The World Series time fouls and penalty tiles from a referee's phone in real Chromium (issue 32): the foul form
shows the seconds and "timed from the deal" for a turn, the tiles for penalty tiles, and nothing else; the sheet
lists them with their seconds and tiles. Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1."""

from django.urls import reverse

from scoring.models import Penalty
from tests.browser.test_fouls_signing import table  # noqa: F401 -- the fixture
from tests.browser.test_series import assert_accessible

from .outbox import recorded, saved_message


def test_time_turn_from_the_deal_and_penalty_tiles_from_a_phone(
    phone_page,
    login,
    referee,
    tournament,
    table,  # noqa: F811 -- the fixture imported above
    players,
    assert_phone_friendly,
    screenshot,
):
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    form = page.locator("form.foul-form")
    form.locator('[name="player"]').select_option(label=f"2. {players[1].name}")
    form.locator('[name="foul"]').select_option("time_turn")
    assert form.locator('[data-input="seconds"]').is_visible()
    assert form.locator('[data-input="from_deal"]').is_visible()
    assert not form.locator('[data-input="tiles"]').is_visible()
    form.locator('[name="hand_number"]').fill("1")
    form.locator('[name="seconds"]').fill("31")
    form.locator('[name="from_deal"]').check()
    assert_phone_friendly(page)
    screenshot(page, "wsom-time-turn-phone")
    recorded(page, button="Record foul")
    assert "5 points to nobody" in saved_message(page, "foul")
    penalty = Penalty.objects.get(foul="time_turn")
    assert (penalty.seconds, penalty.from_deal, penalty.amount) == (31, True, 5)
    page.reload()
    form = page.locator("form.foul-form")
    form.locator('[name="player"]').select_option(label=f"3. {players[2].name}")
    form.locator('[name="foul"]').select_option("tiles_claim_cancel")
    assert form.locator('[data-input="tiles"]').is_visible()
    assert not form.locator('[data-input="seconds"]').is_visible()
    form.locator('[name="hand_number"]').fill("2")
    form.locator('[name="tiles"]').fill("3s 3s")
    recorded(page, button="Record foul")
    assert "no points, a record of the hand" in saved_message(page, "foul")
    page.reload()
    fouls = page.locator("#fouls").inner_text()
    assert "31 s from the deal, the first 15 free" in fouls and "33s" in fouls
    assert "No points: a record of the hand" in fouls
    assert_accessible(page)
    screenshot(page, "wsom-fouls-listed-phone")
