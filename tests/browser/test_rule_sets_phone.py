"""Hand entry on a phone under the Swiss championship and Spanish rules (issue 13), in real Chromium: the tile
picker offers the rule set's tiles only and the live score follows its rules; the Spanish form takes every
player's points."""

import pytest
from django.urls import reverse

from scoring.models import Hand
from tournament import services as ts

from .outbox import recorded
from .test_tile_picker import fields, mode, tap


@pytest.fixture
def swiss(tournament, organizer):
    return ts.tournament_update(tournament=tournament, by=organizer, rules="swiss_championship", hands_per_session=4)


def test_referee_taps_a_swiss_hand_on_a_phone(
    phone_page, login, referee, players, swiss, published_session, sheet, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[swiss.slug, 1, 1]))
    assert "Hand 1 of 4" in page.locator("#hand-announce").inner_text()
    assert page.locator("#id_flowers").count() == 0
    page.locator(f'label[for="id_winner_{players[0].pk}"]').click()
    page.locator('label[for="id_discarder_self"]').click()
    page.locator("details.tiles-box > summary").click()
    # 108 tiles: no honours tab, no flowers.
    assert page.locator('.tp-group[data-group="z"]').count() == 0
    assert page.locator('.tp-tile[data-tile="E"]').count() == 0
    mode(page, "tile")
    tap(page, "234456p7p345789s")
    mode(page, "win")
    tap(page, "7p")
    assert fields(page) == {"concealed": "2344567p345789s", "melds": "", "win_tile": "7p"}
    page.locator("#id_first_draw").check()
    page.wait_for_function(
        "() => document.querySelector('.tp-result .tp-total')"
        " && document.querySelector('.tp-result .tp-total').textContent.trim() === '96'"
    )
    assert "Sky Hu" in page.locator(".tp-result").inner_text()
    assert_phone_friendly(page, "form.hand-form")
    screenshot(page, "swiss-hand-phone")
    recorded(page)
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.points == 96 and version.deltas == [96, -32, -32, -32] and version.tiles["first_draw"]


def test_referee_enters_every_players_points_under_the_spanish_rules(
    phone_page,
    desktop_page,
    login,
    referee,
    players,
    tournament,
    organizer,
    published_session,
    sheet,
    assert_phone_friendly,
    screenshot,
):
    ts.tournament_update(tournament=tournament, by=organizer, rules="spanish")
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    page.locator(f'label[for="id_winner_{players[1].pk}"]').click()
    page.locator(f'label[for="id_discarder_{players[3].pk}"]').click()
    for i, value in enumerate(("10", "60", "30", "0")):
        page.locator(f"#id_points_{i}").fill(value)
    assert_phone_friendly(page, "form.hand-form")
    screenshot(page, "spanish-hand-phone")
    recorded(page)
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.player_points == [10, 60, 30, 0] and version.deltas == [-80, 180, 0, -100]

    login(desktop_page, referee)
    desktop_page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    assert desktop_page.locator("#id_points_0").is_visible()
    screenshot(desktop_page, "spanish-sheet-desktop")


def test_calculator_under_the_swiss_rules(desktop_page, phone_page, screenshot):
    for page, name in ((desktop_page, "calculator-swiss-desktop"), (phone_page, "calculator-swiss-phone")):
        page.goto(reverse("calculator") + "?rules=swiss_championship&concealed=1122224p557799m&win_tile=4p")
        assert "Seven Pairs with a Kong" in page.locator(".calc-result").inner_text()
        assert page.locator('.tp-group[data-group="z"]').count() == 0
        assert page.locator('.tp-group[data-group="f"]').count() == 0 and page.locator("#id_flowers").count() == 0
        screenshot(page, name)


def test_organizer_chooses_the_rule_set_on_a_phone(phone_page, login, organizer, assert_phone_friendly, screenshot):
    organizer.is_staff = True  # may create tournaments
    organizer.save()
    page = phone_page
    login(page, organizer)
    page.goto(reverse("tournament-create"))
    page.locator("#id_name").fill("Liga de Sevilla")
    page.locator("#id_slug").fill("liga-sevilla")
    # Only the chosen rule set's options show, each a plain choice.
    assert not page.locator("#id_option__spanish__payment_mode").is_visible()
    page.locator("#id_rules").select_option("spanish")
    assert page.locator("#id_option__spanish__payment_mode").is_visible()
    assert not page.locator("#id_option__swiss_championship__payment").is_visible()
    page.locator("#id_option__spanish__payment_mode").select_option("official")
    assert_phone_friendly(page, "form.form")
    screenshot(page, "tournament-rule-set-phone")
    with page.expect_navigation():
        page.get_by_role("button", name="Create tournament").click()
    from tournament.models import Tournament

    liga = Tournament.objects.get(slug="liga-sevilla")
    assert (liga.rules, liga.rule_options, liga.hands_per_session) == ("spanish", {"payment_mode": "official"}, 16)


def wait_total(page, total):
    page.wait_for_function(
        "(t) => { const e = document.querySelector('.tp-result .tp-total'); return e && e.textContent.trim() === t; }",
        arg=str(total),
    )


def test_referee_ticks_the_own_flower_and_season_under_the_spanish_rules(
    phone_page,
    desktop_page,
    login,
    referee,
    players,
    tournament,
    organizer,
    published_session,
    sheet,
    assert_phone_friendly,
    screenshot,
):
    """001 l.50: a player's own flower and own season double. The winner (players[0]) is East in hand 1, so
    flower 1 and season 1 are theirs: 10 bare, 30 with the flower, 60 with the season too."""
    ts.tournament_update(tournament=tournament, by=organizer, rules="spanish")
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    page.locator(f'label[for="id_winner_{players[0].pk}"]').click()
    page.locator(f'label[for="id_discarder_{players[2].pk}"]').click()
    page.locator("details.tiles-box > summary").click()
    mode(page, "tile")
    tap(page, "234m567m345p5s")
    page.locator(".tp-exposed").click()
    mode(page, "pung")
    tap(page, "8s")
    mode(page, "win")
    tap(page, "5s")
    wait_total(page, 10)
    # The referee ticks the box...
    page.get_by_label("Flower 1 (East)").check()
    wait_total(page, 30)
    assert "Own Flower" in page.locator(".tp-result").inner_text()
    # ... or taps the season's tile in the picker, which ticks its box.
    tap(page, "f5")
    wait_total(page, 60)
    assert page.get_by_label("Season 1 (East)").is_checked()
    assert not page.get_by_label("Flower 3 (West)").is_checked()
    assert_phone_friendly(page, "form.hand-form")
    page.locator("#field-held_flowers").scroll_into_view_if_needed()
    screenshot(page, "spanish-bonus-phone")
    for i, value in ((1, "30"), (2, "20"), (3, "0")):
        page.locator(f"#id_points_{i}").fill(value)
    recorded(page)
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert (version.points, version.tiles["flowers"], version.tiles["seasons"]) == (60, "1", "1")
    page.goto(reverse("hand-history", args=[tournament.slug, 1, 1, 1]))
    assert "Flower 1 (East), Season 1 (East)" in page.locator("#version-1-tiles").inner_text()
    # The correction form comes back with the boxes ticked.
    assert page.get_by_label("Flower 1 (East)").is_checked() and page.get_by_label("Season 1 (East)").is_checked()
    screenshot(page, "spanish-bonus-history-phone")

    desktop_page.goto(
        reverse("calculator") + "?rules=spanish&seat_wind=S&concealed=234m567m345p5s"
        "&melds=pung+888s&win_tile=5s&held_flowers=2&held_seasons=2&held_seasons=4"
    )
    assert "Own Season" in desktop_page.locator(".calc-result").inner_text()
    assert desktop_page.get_by_label("Season 4 (North)").is_checked()
    assert_phone_friendly(desktop_page, "form.calculator")
    screenshot(desktop_page, "calculator-spanish-bonus-desktop")
