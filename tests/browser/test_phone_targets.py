"""On a 390 px phone (issue 21, "Done when"): on the referee's table page no tap target is under 44 px, and no
page of the table, player or chief referee flows scrolls sideways."""

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from tournament import services as ts


@pytest.fixture
def day(tournament, organizer, published_session, sheet, players, referee):
    """Four-hand sessions, confirmations on the referee's device or the player's phone; table 1 has three hands
    and a foul, table 2 is signed; every player has a code."""
    ts.tournament_update(
        tournament=tournament,
        by=organizer,
        hands_per_session=4,
        player_confirmation="either",
        countersign_required=True,
    )
    ts.player_codes_generate(tournament=tournament, by=organizer)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=12, by=referee
    )
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    ss.foul_record(sheet=sheet, player=players[3], foul="warning", by=referee)
    other = published_session.tables.get(number=2).sheet
    ss.hand_record(sheet=other, number=1, outcome=pay.SELF_DRAWN, winner=players[4], points=8, by=referee)
    ss.sheet_mark_rest_not_played(sheet=other, by=referee)
    for player in players[4:8]:
        ss.sheet_confirm(sheet=other, player=player, method="device", by=referee)
    ss.sheet_sign(sheet=other, by=referee)
    return sheet


def open_everything(page):
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")


def test_the_referees_table_page_has_no_small_target(
    phone_page, nojs_phone_page, login, referee, tournament, day, assert_no_small_targets, screenshot
):
    for page in (phone_page, nojs_phone_page):
        login(page, referee)
        page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
        open_everything(page)
        assert_no_small_targets(page)
    screenshot(phone_page, "phone-targets-table")


def test_no_page_of_the_flows_scrolls_sideways(
    phone_page, login, referee, chief_referee, tournament, players, day, screenshot
):
    players[0].refresh_from_db()
    code = players[0].code
    slug = tournament.slug
    pages = {
        "anonymous": [
            reverse("tournament-detail", args=[slug]),
            reverse("seating-chart", args=[slug]),
            reverse("seat-list", args=[slug, 1]),
            reverse("standings", args=[slug]),
            reverse("sheet", args=[slug, 1, 1]),
            reverse("player-code", args=[slug]),
            reverse("player-page", args=[slug, code]),
            reverse("player-appeal", args=[slug, code, 1, 1]),
        ],
        "referee": [
            reverse("start"),
            reverse("work-queue", args=[slug]),
            reverse("session-detail", args=[slug, 1]),
            reverse("sheet", args=[slug, 1, 1]),
            reverse("hand-history", args=[slug, 1, 1, 2]),
            reverse("sheet-appeal", args=[slug, 1, 1]),
            reverse("appeal-list", args=[slug]),
        ],
        "chief_referee": [
            reverse("start"),
            reverse("work-queue", args=[slug]),
            reverse("sheet", args=[slug, 1, 2]),
            reverse("appeal-list", args=[slug]),
        ],
    }
    users = {"referee": referee, "chief_referee": chief_referee}
    wide = []
    for role, urls in pages.items():
        page = phone_page
        page.context.clear_cookies()
        if role in users:
            login(page, users[role])
        for url in urls:
            page.goto(url)
            open_everything(page)
            width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
            if width[0] > width[1]:
                wide.append(f"{role} {url}: {width[0]} > {width[1]}")
    assert wide == []


def test_winner_buttons_show_numbers_and_whole_names(
    phone_page, login, referee, organizer, tournament, published_session, sheet, players, screenshot
):
    ts.player_update(player=players[1], by=organizer, name="Alexandra Featherstone-Smith")
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    buttons = page.locator("fieldset.winner .choice-grid.seats label.choice-button")
    assert buttons.count() == 4
    texts = [" ".join(t.split()) for t in buttons.all_inner_texts()]
    assert any("2. Alexandra Featherstone-Smith" in t for t in texts), texts
    assert all(any(f"{p.number}. " in t for t in texts) for p in players[:4])
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.choice-button .name')].filter(w => w.scrollWidth > w.clientWidth + 1)"
        ".map(w => w.textContent)"
    )
    assert cut == []
    screenshot(page, "phone-winner-buttons", full_page=False)


def test_the_menus_on_a_phone_fold_behind_one_control_each(phone_page, login, organizer, tournament, screenshot):
    """Issue 30: on a phone the header is one bar (the site's name and a Menu control); the organizer's menu folds
    behind its own control; opened, every link of both is in sight, none beyond the screen's edge."""
    page = phone_page
    login(page, organizer)
    page.goto(reverse("manage-home", args=[tournament.slug]))
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 60, header
    assert not page.locator(".tnav").is_visible() and not page.locator(".subnav").is_visible()
    screenshot(page, "phone-menus-closed", full_page=False)
    page.locator(".site-header .menu-toggle > summary").click()
    page.locator(".subnav-toggle > summary").click()
    beyond = page.evaluate(
        "() => [...document.querySelectorAll('.tnav a:not(.to-do), .subnav a, .user a')]"
        ".filter(a => a.getBoundingClientRect().right > innerWidth || !a.getClientRects().length)"
        ".map(a => a.textContent)"
    )
    assert beyond == []
    for name in ("Roles", "Audit log", "API tokens"):
        assert page.locator(".subnav").get_by_role("link", name=name).is_visible()
    squeezed = page.evaluate(
        "() => [...document.querySelectorAll('.subnav a')].filter(a => a.scrollWidth > a.clientWidth + 1)"
        ".map(a => a.textContent)"
    )
    assert squeezed == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "phone-menus", full_page=False)
