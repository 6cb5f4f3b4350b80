"""An organizer without the admin, in real Chromium on a phone (390 px) and a desktop (1280 px): the seating
choice (keep teams apart first, with what it costs in repeats, before publishing), the teams page, and
"New tournament" on the start page. Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from seating.metrics import pair_counts
from tests.schedule.conftest import make_tournament
from tournament import services as ts
from tournament.models import Seat, Session, Team

TEAMS_OF_FOUR = {i: ["Red Dragons", "East Wind", "Bamboo Forest", "White Tigers"][(i - 1) // 4] for i in range(1, 17)}


@pytest.fixture
def teams16(organizer, referee):
    """The issue's case: 16 players in four teams of four, a 5-session round robin."""
    return make_tournament(organizer, referee, slug="teams-16", teams=TEAMS_OF_FOUR)


def seated_meetings(tournament):
    sessions = {}
    for seat in Seat.objects.filter(session__tournament=tournament).select_related("player", "table", "session"):
        sessions.setdefault(seat.session.number, {}).setdefault(seat.table.number, []).append(seat.player)
    tables = [[[p.number for p in players] for players in s.values()] for s in sessions.values()]
    team_of = {p.number: p.team_id for p in tournament.players.all()}
    counts = pair_counts(tables)
    return (
        sum(m for (a, b), m in counts.items() if team_of[a] == team_of[b]),
        sum(m - 1 for m in counts.values() if m > 1),
    )


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_keep_teams_apart_first_in_the_browser(request, size, teams16, organizer, login, screenshot):
    page = request.getfixturevalue(f"{size}_page")
    login(page, organizer)
    page.goto(reverse("manage-seating", args=[teams16.slug]))
    generate = page.locator("#generate")
    generate.get_by_label("Keep teams apart first").check()
    generate.get_by_label("Seed").fill("11")
    with page.expect_navigation():
        generate.get_by_role("button", name="Compare the choices").click()
    choices = page.locator("#choices")
    assert choices.is_visible() and "csrf" not in page.url

    cost = choices.locator(".choice-cost").inner_text()
    assert cost.startswith("Keeping teams apart first: 0 team-mate meetings instead of")
    assert page.locator("#choice-teams .clashes").inner_text() == "0"
    assert page.get_by_label("Keep teams apart first").is_checked()  # the choice survives the comparison
    screenshot(page, f"seating-choices-{size}")
    assert not Seat.objects.filter(session__tournament=teams16).exists()

    with page.expect_navigation():
        generate.get_by_role("button", name="Generate schedule", exact=True).click()
    message = page.locator(".messages").inner_text()
    clashes, repeats = seated_meetings(teams16)
    assert clashes == 0 and repeats > 0
    assert "Keep teams apart first, seed 11" in message and f"{repeats} repeat meetings" in message
    assert "0 team-mate meetings" in message and "Not published yet" in message
    # The comparison is still there, so the organizer can choose again before publishing.
    assert f"at the cost of {repeats} repeat meetings" in page.locator("#choices").inner_text()
    assert set(teams16.sessions.values_list("status", flat=True)) == {Session.Status.SEATED}
    screenshot(page, f"seating-generated-{size}")
    if size == "phone":
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the seating page scrolls sideways: {width}"


def test_teams_page_on_a_phone(phone_page, tournament, players, organizer, login, assert_phone_friendly, screenshot):
    page = phone_page
    login(page, organizer)
    page.goto(reverse("manage-teams", args=[tournament.slug]))
    page.get_by_label("New team").fill("dots")
    with page.expect_navigation():
        page.get_by_role("button", name="Create team").click()
    assert "There is already a team Dots in this tournament." in page.locator("#team-create").inner_text()
    assert page.get_by_label("New team").input_value() == "dots"  # what was typed is kept
    dragons = Team.objects.get(tournament=tournament, name="Dragons")
    card = page.locator(f"#team-{dragons.pk}")
    card.get_by_label("Merge into").select_option(label="Winds")
    with page.expect_navigation():
        card.get_by_role("button", name="Merge").click()
    assert "Team Dragons merged into Winds: 2 players moved." in page.locator(".messages").inner_text()
    assert sorted(Team.objects.get(name="Winds").players.values_list("number", flat=True)) == [1, 2, 3, 4]
    card = page.locator(f"#team-{Team.objects.get(name='Bamboo').pk}")
    card.get_by_label("Add players (numbers)").fill("7 8")
    with page.expect_navigation():
        card.get_by_role("button", name="Add", exact=True).click()
    assert "joined team Bamboo" in page.locator(".messages").inner_text()
    assert sorted(Team.objects.get(name="Bamboo").players.values_list("number", flat=True)) == [5, 6, 7, 8]
    assert_phone_friendly(page, "main form")
    screenshot(page, "teams-phone")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_new_tournament_on_the_start_page(request, size, organizer, login, screenshot, settings):
    page = request.getfixturevalue(f"{size}_page")
    for slug in ("spring-open", "autumn-cup"):  # two, so the start page lists them
        ts.tournament_create(by=organizer, name=slug.replace("-", " ").title(), slug=slug, session_count=6)
    login(page, organizer)
    page.goto(reverse("start"))
    assert "TOURNAMENT_CREATORS = permission" in page.locator("#new-tournament-refused").inner_text()
    screenshot(page, f"start-new-tournament-refused-{size}")
    organizer.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    page.goto(reverse("start"))
    with page.expect_navigation():
        page.get_by_role("link", name="New tournament", exact=True).click()
    assert page.locator("h1").inner_text() == "New tournament"
    screenshot(page, f"start-new-tournament-{size}")
