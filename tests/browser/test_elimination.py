"""Deciding who plays on after an elimination round in real Chromium, on a phone and a desktop:
the choice, the preview, the confirmation, the next round seated, the standings. Screenshots go to
docs/screenshots with UPDATE_SCREENSHOTS=1."""

import pytest
from django.urls import reverse

from schedule import services as sched
from tests.schedule.elimination_helpers import elimination_tournament, play_round
from tournament.models import Elimination

NAMES = [
    "Ana López",
    "Bruno Díaz",
    "Carla Ruiz",
    "Diego Martín",
    "Elena Sanz",
    "Fermín Gil",
    "Gloria Vidal",
    "Hugo Torres",
    "Inés Molina",
    "Jorge Castro",
    "Lucía Ortega",
    "Mario Rubio",
    "Nuria Peña",
    "Óscar Navarro",
    "Paula Ramos",
    "Quique Soler",
]


@pytest.fixture
def ko(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-cup")
    for player, name in zip(t.players.order_by("number"), NAMES):
        player.name = name
        player.save()
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=5)
    play_round(t.sessions.get(number=1), referee, organizer)
    return t


def test_organizer_decides_who_plays_on_from_a_phone(
    phone_page, ko, organizer, login, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, organizer)
    page.goto(reverse("manage-sessions", args=[ko.slug]))
    with page.expect_navigation():
        page.locator("#session-1").get_by_role("link", name="Eliminate and seat the next round").click()
    assert page.locator("h1").inner_text() == "Who plays on after session 1?"
    page.get_by_label("The best k of each table").check()
    page.locator("#id_count").fill("2")
    screenshot(page, "elimination-choice-phone")
    with page.expect_navigation():
        page.get_by_role("button", name="Preview").click()
    assert "8 players go on, 8 are out." in page.locator("#elimination-preview").inner_text()
    assert_phone_friendly(page)
    screenshot(page, "elimination-preview-phone")
    assert not Elimination.objects.exists()
    with page.expect_navigation():
        page.get_by_role("button", name="Eliminate and seat session 2").click()
    assert "8 players go on; session 2 is seated from them." in page.locator(".messages").inner_text()
    assert Elimination.objects.count() == 8 and ko.sessions.get(number=2).seats.count() == 8


def test_a_tie_is_explained_and_standings_show_who_is_out_on_a_desktop(desktop_page, ko, organizer, login, screenshot):
    page = desktop_page
    login(page, organizer)
    page.goto(reverse("manage-session-eliminate", args=[ko.slug, 1]))
    page.get_by_label("The best n overall").check()
    page.locator("#id_count").fill("16")
    with page.expect_navigation():
        page.get_by_role("button", name="Preview").click()
    assert "must be fewer" in page.locator(".errors").inner_text()
    assert page.locator("#id_count").input_value() == "16"
    page.locator("#id_count").fill("4")
    with page.expect_navigation():
        page.get_by_role("button", name="Preview").click()
    screenshot(page, "elimination-preview-desktop")
    with page.expect_navigation():
        page.get_by_role("button", name="Eliminate and seat session 2").click()
    page.goto(reverse("standings", args=[ko.slug]))
    assert page.locator("text=eliminated in round 1").count() == 12
    screenshot(page, "elimination-standings-desktop")
