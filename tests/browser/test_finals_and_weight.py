"""Issue 32 in real Chromium at 390 px and 1280 px: the dashboard's MERS weight with its parts, and the final page
(settings, the cut's preview, the confirmation, the finalists) with the standings showing the carried and final
parts; every page passes axe-core WCAG A/AA. Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1."""

import pytest
from django.urls import reverse

from tests.browser.test_series import assert_accessible
from tests.series.factory import four_played_of_six
from tournament.finals_models import FinalStage
from tournament.models import TournamentRole


@pytest.fixture
def four_played(organizer, referee):
    return four_played_of_six(
        slug="final-cup",
        name="Final Cup",
        seed=9,
        staff=[(organizer, TournamentRole.Role.ORGANIZER)],
        published=True,
        city="Valencia",
        country="ES",
        qualification_required=True,
    )


def test_dashboard_weight_and_the_final_from_phone_and_desktop(
    phone_page, desktop_page, four_played, organizer, login, assert_phone_friendly, screenshot
):
    for size, page in (("phone", phone_page), ("desktop", desktop_page)):
        login(page, organizer)
        page.goto(reverse("manage-home", args=[four_played.slug]))
        weight = page.locator(".mers-weight")
        # 2 days + 8 players (0) + 6 countries (0.5) + qualification (1)
        assert "MERS weight: 3.5" in weight.locator("h2").inner_text()
        assert_accessible(page)
        screenshot(page, f"mers-weight-{size}")
    page = phone_page
    page.goto(reverse("manage-final", args=[four_played.slug]))
    page.get_by_label("Players in the final").fill("4")
    page.get_by_label("Cut after session").fill("4")
    page.get_by_label("Table points carried over").select_option("two_thirds_up")
    page.locator("#id_carry_points").select_option("two_thirds_up")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the final").click()
    assert FinalStage.objects.filter(tournament=four_played).exists()
    with page.expect_navigation():
        page.get_by_role("button", name="Preview the cut").click()
    assert "These players make the cut" in page.locator("main").inner_text()
    assert_phone_friendly(page)
    assert_accessible(page)
    screenshot(page, "final-cut-preview-phone")
    with page.expect_navigation():
        page.get_by_role("button", name="Make the cut and seat the final").click()
    assert FinalStage.objects.get(tournament=four_played).is_cut
    assert_accessible(page)
    screenshot(page, "final-cut-made-phone")
    desktop_page.goto(reverse("standings", args=[four_played.slug]))
    assert "Carried over" in desktop_page.locator("main").inner_text()
    assert_accessible(desktop_page)
    screenshot(desktop_page, "final-standings-desktop")
