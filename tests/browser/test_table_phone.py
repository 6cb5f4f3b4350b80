"""The table page on a 390 x 844 phone, against the real server: a referee enters hands by buttons and
keypad, by tapping tiles (live score from the real endpoint), corrects a hand; the page never scrolls
sideways and every control is a 44 px target; a desktop keeps the full grid and keyboard entry; the
Chinese interface. Screenshots of each step go to docs/screenshots with UPDATE_SCREENSHOTS=1.

With JavaScript a hand is recorded without a reload (static/js/outbox.js, issue 22): `recorded` taps the
button and waits for the server's answer and the page it draws again; the plain form is tested without it."""

import re

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand

from .outbox import recorded, saved_message
from .test_tile_picker import mode, tap

# Links a referee taps on the table page (the forms' controls are measured by assert_phone_friendly).
_LINKS = """() => {
  const small = [];
  for (const a of document.querySelectorAll('.page-links a, .hand-list a, a.row-link, .site-header a')) {
    const r = a.getBoundingClientRect();
    if (!a.getClientRects().length) continue;
    if (r.height < 43.5 || r.width < 43.5) small.push(`${a.textContent.trim().slice(0, 30)}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)}`);
  }
  return small;
}"""


def sheet_url(tournament):
    return reverse("sheet", args=[tournament.slug, 1, 1])


def choose(page, group, label):
    """Tap the big button of `group` (winner / discarder) whose text contains `label`."""
    page.locator(f"fieldset.{group} label.choice-button", has_text=label).first.click()


def keypad(page, digits):
    for d in digits:
        page.locator(f'.keypad button[data-key="{d}"]').click()


def open_everything(page):
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")


def check_tap_sizes(page, assert_phone_friendly):
    assert_phone_friendly(page, "form")
    assert page.evaluate(_LINKS) == []


@pytest.fixture
def session_ready(published_session, sheet):
    return published_session


def test_referee_enters_a_hand_by_buttons_and_keypad(
    phone_page, login, referee, players, session_ready, sheet, tournament, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    # The current hand is announced: number, round wind, who is East.
    announce = page.locator(".hand-announce")
    assert re.sub(r"\s+", " ", announce.inner_text()) == "Hand 1 of 16 East round East (dealer): Player 1"
    # Each player's button carries the seat wind of this hand (hand 1: the initial winds).
    winds = page.locator("fieldset.winner .choice-button .seat-wind").all_inner_texts()
    assert winds == ["E", "S", "W", "N"]
    # On a phone the full grid starts folded; the compact list is there instead.
    assert not page.locator("table.sheet").is_visible() and page.locator("table.hand-list").is_visible()
    check_tap_sizes(page, assert_phone_friendly)
    screenshot(page, "table-phone-start", full_page=False)

    choose(page, "winner", "Player 3")
    # The winner cannot be the discarder: that button is off.
    assert page.locator(f'input[name=discarder][value="{players[2].pk}"]').is_disabled()
    choose(page, "how", "Player 1")
    keypad(page, "129")
    keypad(page, ["back"])
    assert page.locator("#id_points").input_value() == "12"
    page.locator('[data-stepper] button[data-step="1"]').click()
    page.locator('[data-stepper] button[data-step="1"]').click()
    assert page.locator("#id_flowers").input_value() == "2"
    check_tap_sizes(page, assert_phone_friendly)
    screenshot(page, "table-phone-entry")

    recorded(page)
    # Still at the entry point, on the next hand.
    assert saved_message(page) == "Hand 1 recorded."
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 2 of 16"
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert (version.outcome, version.winner, version.discarder, version.points, version.flowers) == (
        pay.DISCARD,
        players[2],
        players[0],
        12,
        2,
    )
    row = page.locator("#list-hand-1")
    assert row.locator(".delta").all_inner_texts() == ["-20", "-8", "+36", "-8"]
    check_tap_sizes(page, assert_phone_friendly)
    screenshot(page, "table-phone-recorded", full_page=False)

    # A draw: one tap, and the "how" buttons go.
    choose(page, "winner", "Draw")
    assert not page.locator("fieldset.how").is_visible()
    recorded(page, "Record hand 2")
    assert Hand.objects.get(sheet=sheet, number=2).current.outcome == pay.DRAW
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 3 of 16"


def test_a_missing_choice_is_named_and_what_was_tapped_is_kept(
    phone_page, login, referee, players, session_ready, sheet, tournament
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    choose(page, "winner", "Player 2")
    keypad(page, "8")
    # Nothing to send yet: the page says what is missing, in the server's words, and sends nothing.
    page.get_by_role("button", name="Record hand 1").click()
    assert "Tap Self-drawn, or the player who discarded the winning tile." in page.locator("fieldset.how").inner_text()
    assert page.locator(f'input[name=winner][value="{players[1].pk}"]').is_checked()
    assert page.locator("#id_points").input_value() == "8"
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_referee_enters_a_hand_with_the_tile_picker(
    phone_page, login, referee, players, session_ready, sheet, tournament, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    choose(page, "winner", "Player 1")
    choose(page, "how", "Player 3")
    page.locator("details.tiles-box > summary").click()
    page.locator(".tp-exposed").click()  # the pungs were melded
    mode(page, "pung")
    tap(page, "E", "2m", "5m")
    mode(page, "tile")
    tap(page, "888m9m")
    # Not a whole hand yet: counted in the page, nothing scored.
    assert page.locator(".tp-result").is_hidden()
    tap(page, "9m")
    # The real endpoint scores it: All Pungs 6, Half Flush 6, Prevalent and Seat Wind (East, hand 1) 2 each.
    page.wait_for_selector(".tp-result .tp-total")
    assert page.locator(".tp-result .tp-total").inner_text() == "16"
    names = page.locator(".tp-result tr.fan td:first-child span").all_inner_texts()
    assert names[:2] == ["All Pungs", "Half Flush"] and "Seat Wind" in names
    # A flower counted on the stepper: scored again, before anything is saved.
    page.locator('[data-stepper] button[data-step="1"]').click()
    page.wait_for_function("() => document.querySelector('.tp-result .tp-total').textContent === '17'")
    assert page.locator("#id_flowers").input_value() == "1"
    # Points typed as well, and different: the difference shows before saving.
    keypad(page, "20")
    assert page.locator(".tp-differs").inner_text() == "20 points were typed, but the tiles score 17 (difference +3)."
    check_tap_sizes(page, assert_phone_friendly)
    screenshot(page, "table-phone-tiles")
    keypad(page, ["clear"])
    assert page.locator(".tp-differs").count() == 0
    assert not Hand.objects.filter(sheet=sheet).exists()
    recorded(page)
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.points == 17 and version.flowers == 1
    assert version.tiles["melds"] == ["pung EEE", "pung 222m", "pung 555m"] and version.tiles["win_tile"] == "9m"
    # The list shows the hand; the grid's tiles row names the fans.
    assert page.locator("#list-hand-1 .delta").all_inner_texts() == ["+41", "-8", "-25", "-8"]


def test_referee_corrects_a_hand(
    phone_page, login, referee, players, hands_entered, tournament, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    page.locator("#list-hand-2 td.res a").click()
    page.wait_for_url("**/hands/2/")
    # The correction form starts from the current version: Player 2 won 10 off Player 3.
    assert page.locator(f'input[name=winner][value="{players[1].pk}"]').is_checked()
    assert page.locator(f'input[name=discarder][value="{players[2].pk}"]').is_checked()
    assert page.locator("#id_points").input_value() == "10"
    open_everything(page)
    check_tap_sizes(page, assert_phone_friendly)
    choose(page, "how", "Self-drawn")
    keypad(page, ["clear"])
    keypad(page, "12")
    screenshot(page, "table-phone-correction")
    with page.expect_navigation():
        page.get_by_role("button", name="Save correction").click()
    assert page.locator(".entry .msg").inner_text() == "Hand 2 corrected (version 2)."
    hand = Hand.objects.get(sheet=hands_entered, number=2)
    assert hand.versions.count() == 2
    assert (hand.current.outcome, hand.current.winner, hand.current.points) == (pay.SELF_DRAWN, players[1], 12)
    assert "v2" in page.locator("#list-hand-2").inner_text()


def test_a_full_sheet_never_scrolls_sideways(
    phone_page,
    nojs_phone_page,
    login,
    referee,
    players,
    session_ready,
    sheet,
    tournament,
    assert_phone_friendly,
    screenshot,
):
    for number in range(1, 15):
        winner, discarder = players[number % 4], players[(number + 1) % 4]
        ss.hand_record(
            sheet=sheet,
            number=number,
            outcome=pay.DISCARD,
            winner=winner,
            discarder=discarder,
            points=8 + number * 7,
            flowers=number % 3,
            by=referee,
        )
    ss.penalty_record(
        sheet=sheet, player=players[3], amount=10, to=pay.TO_EACH_OTHER, reason="False Hu", hand_number=3, by=referee
    )
    for page in (phone_page, nojs_phone_page):
        login(page, referee)
        page.goto(sheet_url(tournament))
        open_everything(page)
        check_tap_sizes(page, assert_phone_friendly)
        # The full grid scrolls inside its own box, not the page.
        box = page.locator("#sheet-grid .scroll")
        assert box.evaluate("el => el.scrollWidth > el.clientWidth")
    screenshot(phone_page, "table-phone-full-sheet")


def test_without_javascript_the_buttons_still_record_a_hand(
    nojs_phone_page, login, referee, players, session_ready, sheet, tournament, assert_phone_friendly
):
    page = nojs_phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    assert page.locator(".keypad").is_hidden() and page.locator("#id_concealed").count() == 1
    choose(page, "winner", "Player 4")
    choose(page, "how", "Self-drawn")
    page.locator("#id_points").fill("8")
    check_tap_sizes(page, assert_phone_friendly)
    page.get_by_role("button", name="Record hand 1").click()
    page.wait_for_url("**#result")
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert (version.outcome, version.winner, version.points) == (pay.SELF_DRAWN, players[3], 8)


def test_desktop_keeps_the_full_grid_and_keyboard_entry(
    desktop_page, login, referee, players, hands_entered, tournament, screenshot
):
    page = desktop_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    assert page.locator("table.sheet").is_visible() and not page.locator("table.hand-list").is_visible()
    assert not page.locator(".keypad").is_visible()
    # A scorer at a laptop: tab to the buttons, choose with the keyboard, type the points, Enter.
    page.locator(f'input[name=winner][value="{players[3].pk}"]').focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "discarder"
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "points"
    page.keyboard.type("24")
    screenshot(page, "table-desktop")
    recorded(page, press="Enter")
    version = Hand.objects.get(sheet=hands_entered, number=3).current
    assert (version.outcome, version.winner, version.points) == (pay.SELF_DRAWN, players[3], 24)


def test_chinese_interface(phone_page, login, referee, players, hands_entered, tournament, screenshot):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    page.locator('.lang-switch button[value="zh-hans"]').click()
    page.wait_for_selector('html[lang="zh-hans"]')
    assert page.locator(".hand-announce .hand-no").inner_text() == "第 3 盘（共 16 盘）"
    assert page.locator("fieldset.winner legend").inner_text() == "谁和牌？"
    assert page.locator("label.choice-button.self").inner_text() == "自摸"
    assert page.get_by_role("button", name="记录第 3 盘").is_visible()
    screenshot(page, "table-phone-zh", full_page=False)
    # Fans named live in Chinese while the tiles are tapped.
    choose(page, "winner", "Player 1")
    choose(page, "how", "自摸")
    page.locator("details.tiles-box > summary").click()
    mode(page, "tile")
    tap(page, "123m456p789s23sEE", "4s")
    page.wait_for_selector(".tp-result .tp-total")
    assert "花龙" in page.locator(".tp-result").inner_text()
    page.locator(".tp-result").scroll_into_view_if_needed()
    screenshot(page, "table-phone-zh-fans", full_page=False)
    page.goto(reverse("calculator") + "?concealed=19m19p19sESWNCFP&win_tile=1m")
    assert "十三幺" in page.locator(".calc-result").inner_text()
    screenshot(page, "calculator-phone-zh")
