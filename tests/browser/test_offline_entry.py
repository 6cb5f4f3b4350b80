"""Issue 22 in real Chromium: the table page records hands and fouls without a reload (static/js/outbox.js), keeps
them on the phone while the network is off (IndexedDB, and the service worker's copy of the page), sends them
in order when it returns, stores each exactly once, refuses and shows a change made meanwhile elsewhere, and
keeps what was entered through a login that has ended.

The network is switched off with playwright's ``context.set_offline``, which also cuts the service worker off;
``requests`` lists what reached the live server, to show nothing did meanwhile. Timings are never asserted
(``make bench`` prints them: bench/slow_network.py).
"""

import time

import pytest
from django.contrib.sessions.models import Session as LoginSession
from django.core.signals import request_started
from django.db import OperationalError
from django.urls import reverse
from playwright.sync_api import expect

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty

from .test_table_phone import choose, keypad, sheet_url


@pytest.fixture
def requests():
    """Paths the live server was asked for, from now on."""
    seen = []

    def note(sender, environ, **kwargs):
        seen.append(environ.get("PATH_INFO"))

    request_started.connect(note, dispatch_uid="offline-entry-requests")
    yield seen
    request_started.disconnect(dispatch_uid="offline-entry-requests")


def kept(page, tournament, seconds=20):
    """Wait until the service worker controls the page and keeps its copy on the phone."""
    check = """async (url) => {
      if (!navigator.serviceWorker.controller) return false;
      const cache = await caches.open('mcr-pages');
      return !!(await cache.match(location.origin + url));
    }"""
    deadline = time.monotonic() + seconds
    while not page.evaluate(check, sheet_url(tournament)):  # evaluate awaits the promise; wait_for_function would not
        assert time.monotonic() < deadline, "the service worker did not keep the page"
        time.sleep(0.1)


def record(page, number, winner, how, points=None):
    """Tap a hand in and record it; the page does not reload (the marker set on it stays)."""
    page.get_by_role("button", name=f"Record hand {number}").wait_for()
    choose(page, "winner", winner)
    if how:
        choose(page, "how", how)
    if points is not None:
        keypad(page, str(points))
    page.get_by_role("button", name=f"Record hand {number}").click()


def outbox(page, kind="hand"):
    items = page.locator(f"ol.outbox[data-kind={kind}] .outbox-item")
    return [(items.nth(i).get_attribute("data-state"), items.nth(i).inner_text()) for i in range(items.count())]


def versions(sheet):
    return list(
        HandVersion.objects.filter(hand__sheet=sheet)
        .order_by("id")
        .values_list("hand__number", "version", "outcome", "points", "idempotency_key")
    )


def until(check, seconds=30):
    """Poll the database beside the live server (whose writes may hold SQLite's shared-cache table lock)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return True
        except OperationalError:
            pass
        time.sleep(0.2)
    return False


def test_a_hand_is_recorded_without_a_reload(
    phone_page, login, referee, players, published_session, sheet, tournament, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    page.evaluate("() => { window.sameDocument = true; }")
    record(page, 1, "Player 3", "Player 1", 12)
    # At once the form offers hand 2: its number, round, dealer and seat winds, as the server drew them.
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 2 of 16"
    assert page.locator(".hand-announce .dealer").inner_text() == "East (dealer): Player 2"
    assert page.locator("fieldset.winner .choice-button .seat-wind").all_inner_texts() == ["N", "E", "S", "W"]
    assert page.get_by_role("button", name="Record hand 2").is_visible()
    assert not page.locator("input[name=winner]:checked").count() and page.locator("#id_points").input_value() == ""
    # Hand 1 is marked until the server's answer, then saved, in the server's words.
    page.wait_for_selector("ol.outbox .outbox-item[data-state=saved]")
    assert outbox(page)[-1] == ("saved", "Hand 1 recorded.\nsaved")
    assert page.evaluate("() => window.sameDocument") is True
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert (version.winner, version.discarder, version.points) == (players[2], players[0], 12)
    assert version.idempotency_key is not None
    # The server's hand list and grid are drawn again from the page it serves: the payments are its own.
    page.wait_for_function("() => document.querySelector('#list-hand-1 .delta')")
    assert page.locator("#list-hand-1 .delta").all_inner_texts() == ["-20", "-8", "+36", "-8"]
    assert_phone_friendly(page, "form")
    screenshot(page, "offline-entry-saved-phone", full_page=False)

    # A refusal by the server is shown in place, with what was typed, in the form: nothing is stored.
    record(page, 2, "Player 2", "Self-drawn", 9999)
    page.wait_for_selector("ol.outbox .outbox-item[data-state=refused]")
    refused = outbox(page)[0]
    assert refused[0] == "refused" and "more than any hand can be worth" in refused[1]
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 2 of 16"
    assert page.locator("#id_points").input_value() == "9999"
    assert page.locator(f'input[name=winner][value="{players[1].pk}"]').is_checked()
    assert "more than any hand can be worth" in page.locator("form.hand-form .outbox-errors").inner_text()
    screenshot(page, "offline-entry-refused-phone", full_page=False)
    keypad(page, ["clear"])
    keypad(page, "8")
    page.get_by_role("button", name="Record hand 2").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('ol.outbox .outbox-item')].map(i => i.dataset.state).join() === 'saved'"
    )
    assert [(n, v, points) for n, v, _o, points, _k in versions(sheet)] == [(1, 1, 12), (2, 1, 8)]
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 3 of 16"


def test_offline_three_hands_reload_then_stored_once_in_order(
    phone_page, desktop_page, login, referee, players, published_session, sheet, tournament, requests, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)

    page.context.set_offline(True)
    requests.clear()
    record(page, 1, "Player 1", "Self-drawn", 8)
    record(page, 2, "Player 2", "Player 3", 10)
    record(page, 3, "Draw", None)
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 4 of 16"
    page.wait_for_function(
        "() => [...document.querySelectorAll('ol.outbox .outbox-item')].every(i => i.dataset.state === 'waiting')"
    )
    assert [state for state, _text in outbox(page)] == ["waiting"] * 3
    assert "No network" in page.locator(".outbox-banner").inner_text()
    screenshot(page, "offline-entry-waiting-phone", full_page=False)

    # The page reloaded with the network off: the phone's copy, with the three hands still waiting.
    page.reload()
    # The outbox offers the hand after those waiting once it has read the phone's storage (asynchronous).
    expect(page.locator(".hand-announce .hand-no")).to_have_text("Hand 4 of 16")
    page.wait_for_function("() => document.querySelectorAll('ol.outbox .outbox-item').length === 3")
    assert [text.split("\n")[0] for _state, text in outbox(page)] == [
        "Hand 1 Player 1 · 8 · self-drawn",
        "Hand 2 Player 2 · 10 · from Player 3",
        "Hand 3 Draw",
    ]
    assert requests == [] and not Hand.objects.filter(sheet=sheet).exists()

    # The network returns: the three hands go, in order, each stored once.
    page.context.set_offline(False)
    page.wait_for_function(
        "() => [...document.querySelectorAll('ol.outbox .outbox-item')].map(i => i.dataset.state).join() === 'saved'"
    )
    time.sleep(2)  # anything sent twice would be stored by now
    assert until(lambda: len(versions(sheet)) == 3)
    stored = versions(sheet)
    assert [(n, v, outcome, points) for n, v, outcome, points, _k in stored] == [
        (1, 1, pay.SELF_DRAWN, 8),
        (2, 1, pay.DISCARD, 10),
        (3, 1, pay.DRAW, 0),
    ]
    assert len({key for *_rest, key in stored}) == 3
    assert requests.count(reverse("sheet-hand", args=[tournament.slug, 1, 1])) == 3
    page.wait_for_function("() => document.querySelector('#list-hand-3')")
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 4 of 16"
    screenshot(page, "offline-entry-sent-phone", full_page=False)

    # A desktop sees the same sheet.
    login(desktop_page, referee)
    desktop_page.goto(sheet_url(tournament))
    assert desktop_page.locator("#hand-3").is_visible()
    screenshot(desktop_page, "offline-entry-desktop")


def test_a_change_made_meanwhile_is_refused_and_shown_never_overwritten(
    phone_page, login, referee, organizer, players, published_session, sheet, tournament, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    page.context.set_offline(True)
    record(page, 1, "Player 1", "Self-drawn", 8)
    # Meanwhile the organizer enters hand 1 from another device.
    theirs = ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[3], discarder=players[1], points=16, by=organizer
    )
    page.context.set_offline(False)
    page.wait_for_selector("ol.outbox .outbox-item[data-state=refused]")
    _state, text = outbox(page)[0]
    assert "Hand 1 was entered or corrected by someone else meanwhile: by organizer" in text
    # Theirs stands; ours is back in the form, to look at and send again on top of theirs, or discard.
    assert versions(sheet) == [(1, 1, pay.DISCARD, 16, None)]
    assert Hand.objects.get(sheet=sheet, number=1).current == theirs
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 1 of 16"
    assert page.locator(f'input[name=winner][value="{players[0].pk}"]').is_checked()
    assert page.locator("input[name=expected_version]").input_value() == "1"
    page.wait_for_function("() => document.querySelector('#list-hand-1 .delta')")  # their hand, from the server
    screenshot(page, "offline-entry-conflict-phone")
    page.get_by_role("button", name="Record hand 1").click()
    page.wait_for_selector("ol.outbox .outbox-item[data-state=saved]")
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert [(v.version, v.winner_id, v.points) for v in hand.versions.order_by("version")] == [
        (1, players[3].pk, 16),
        (2, players[0].pk, 8),
    ]
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 2 of 16"


def test_a_replayed_request_is_stored_once_and_answered_with_what_was_stored(
    phone_page, login, referee, players, published_session, sheet, tournament, requests
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    hand_url = reverse("sheet-hand", args=[tournament.slug, 1, 1])
    sent = []

    def lose_the_answer(route):
        # The server stores the hand, but its answer never reaches the phone (the network drops).
        sent.append(route.request.post_data)
        if len(sent) == 1:
            route.fetch()
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route(f"**{hand_url}", lose_the_answer)
    record(page, 1, "Player 4", "Self-drawn", 12)
    page.wait_for_selector("ol.outbox .outbox-item[data-state=saved]", timeout=20_000)
    assert len(sent) == 2 and sent[0] == sent[1]  # the same entry, with the same key, sent again
    assert requests.count(hand_url) == 2
    stored = versions(sheet)
    assert [(n, v, points) for n, v, _o, points, _k in stored] == [(1, 1, 12)]
    assert outbox(page)[-1][1].startswith("Hand 1 recorded.")


def test_fouls_wait_offline_and_go_after_the_hands(
    phone_page, login, referee, players, published_session, sheet, tournament, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    page.context.set_offline(True)
    record(page, 1, "Player 1", "Self-drawn", 8)
    form = page.locator("form.foul-form")
    form.locator('[name="player"]').select_option(label="2. Player 2")
    form.locator('[name="foul"]').select_option("claim_changed")
    form.get_by_role("button", name="Record foul").click()
    form.locator('[name="player"]').select_option(label="2. Player 2")
    form.locator('[name="foul"]').select_option("claim_changed")
    form.get_by_role("button", name="Record foul").click()
    assert [state for state, _t in outbox(page, "foul")] == ["waiting", "waiting"]
    assert outbox(page, "foul")[0][1].startswith("Foul 2. Player 2 · Changing one's mind on a claim")
    page.context.set_offline(False)
    assert until(lambda: Penalty.objects.filter(sheet=sheet).count() == 2)
    page.wait_for_selector("ol.outbox[data-kind=foul] .outbox-item[data-state=saved]")
    # In order: the hand first, then the escalating fouls, the second counted after the first (a warning,
    # then 5 to each other player).
    penalties = list(Penalty.objects.filter(sheet=sheet).order_by("id"))
    assert [(p.occurrence, p.amount) for p in penalties] == [(1, 0), (2, 5)]
    assert Hand.objects.get(sheet=sheet, number=1).current.created_at < penalties[0].created_at
    page.wait_for_function("() => document.querySelectorAll('#fouls .foul-list li').length === 2")
    screenshot(page, "offline-fouls-phone")


def test_a_login_that_ends_does_not_eat_the_queue(
    phone_page, login, referee, make_user, players, published_session, sheet, tournament, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    LoginSession.objects.all().delete()  # the login ends (expired, or the server forgot it)
    record(page, 1, "Player 2", "Self-drawn", 8)
    page.wait_for_selector("ol.outbox .outbox-item[data-state=login]")
    banner = page.locator(".outbox-banner")
    assert "Your login has ended" in banner.inner_text()
    screenshot(page, "offline-entry-login-phone", full_page=False)
    assert not Hand.objects.filter(sheet=sheet).exists()

    # The page reloaded while logged out still has the entry (from the phone, not from the server).
    page.goto(reverse("login") + "?next=" + sheet_url(tournament))
    page.locator("#id_username").fill("referee")
    page.locator("#id_password").fill("pw-referee")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{sheet_url(tournament)}")
    assert until(lambda: Hand.objects.filter(sheet=sheet).count() == 1)
    page.wait_for_selector("ol.outbox .outbox-item[data-state=saved]")
    time.sleep(1)
    assert [(n, v, points) for n, v, _o, points, _k in versions(sheet)] == [(1, 1, 8)]
    assert Hand.objects.get(sheet=sheet, number=1).current.created_by == referee


def test_without_the_phones_storage_nothing_is_lost_either(
    phone_page, login, referee, players, published_session, sheet, tournament
):
    page = phone_page
    login(page, referee)
    # The storage refuses to keep entries (full, or a private window): the entry is sent at once.
    page.add_init_script(
        "IDBObjectStore.prototype.put = function () { throw new DOMException('full', 'QuotaExceededError'); };"
    )
    page.goto(sheet_url(tournament))
    record(page, 1, "Player 1", "Self-drawn", 8)
    page.wait_for_selector("ol.outbox .outbox-item[data-state=saved]")
    assert until(lambda: [(n, v) for n, v, *_rest in versions(sheet)] == [(1, 1)])
    # No storage at all: the plain form posts, and the page reloads on the next hand.
    page.add_init_script("Object.defineProperty(window, 'indexedDB', { value: undefined });")
    page.reload()
    choose(page, "winner", "Player 2")
    choose(page, "how", "Self-drawn")
    keypad(page, "9")
    with page.expect_navigation():
        page.get_by_role("button", name="Record hand 2").click()
    assert page.locator(".entry .msg.success").inner_text() == "Hand 2 recorded."
    assert until(lambda: [(n, v) for n, v, *_rest in versions(sheet)] == [(1, 1), (2, 1)])
