"""Issue 21: a hand recorded with the network off, then the browser's Back and Forward (or a reload): the hand
stays shown as waiting and the form offers what was being typed for the next hand; nothing is silently cleared
(static/js/outbox.js keeps the typing in the tab's sessionStorage until the hand is recorded)."""

import time

from django.urls import reverse
from playwright.sync_api import expect

from scoring.views.referee import HandRecordView

from .test_offline_entry import kept, outbox, record, versions
from .test_table_phone import choose, keypad, sheet_url

CHECKED = (
    "() => [...document.querySelectorAll('form.hand-form input[type=radio]:checked')].map(i => i.name + '=' + i.value)"
)


def shown(page):
    """What the referee sees: the hand offered, the winner and the discarder chosen, the points typed."""
    return (
        page.locator(".hand-announce .hand-no").inner_text(),
        page.evaluate(CHECKED),
        page.locator("#id_points").input_value(),
    )


def test_offline_hand_then_back_forward_and_reload_keep_everything(
    phone_page, desktop_page, login, referee, players, published_session, sheet, tournament, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(reverse("tournament-detail", args=[tournament.slug]))
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    page.context.set_offline(True)
    record(page, 1, "Player 1", "Self-drawn", 8)
    expect(page.locator(".hand-announce .hand-no")).to_have_text("Hand 2 of 16")
    # Hand 2 half typed, not recorded yet.
    choose(page, "winner", "Player 2")
    choose(page, "how", "Player 3")
    keypad(page, "12")
    typed = ("Hand 2 of 16", [f"winner={players[1].pk}", f"discarder={players[2].pk}"], "12")
    assert shown(page) == typed

    # Away and Back, still offline: the page is the service worker's copy, drawn again.
    page.evaluate("() => { window.sameDocument = true; }")
    page.goto("about:blank")
    page.go_back()
    page.wait_for_function("() => document.querySelectorAll('ol.outbox .outbox-item').length === 1")
    expect(page.locator("#id_points")).to_have_value("12")
    assert page.evaluate("() => window.sameDocument") is None  # a new page, not the browser's kept one
    assert shown(page) == typed
    assert outbox(page) == [("waiting", "Hand 1 Player 1 · 8 · self-drawn\nwaiting for the network")]
    screenshot(page, "offline-back-phone", full_page=False)

    # A reload too.
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('ol.outbox .outbox-item').length === 1")
    expect(page.locator("#id_points")).to_have_value("12")
    assert shown(page) == typed

    # The network returns: hand 1 goes; what is typed for hand 2 stays, then is recorded and forgotten.
    page.context.set_offline(False)
    page.wait_for_selector("ol.outbox .outbox-item[data-state=saved]", timeout=20_000)
    assert shown(page) == typed
    page.get_by_role("button", name="Record hand 2").click()
    expect(page.locator(".hand-announce .hand-no")).to_have_text("Hand 3 of 16")
    # The hand list always has a row for the next hand: "entered" is the server's word that hand 2 is stored.
    page.wait_for_selector("#list-hand-2.entered")
    page.reload()
    expect(page.locator(".hand-announce .hand-no")).to_have_text("Hand 3 of 16")
    assert shown(page) == ("Hand 3 of 16", [], "")

    # At 1280 px the same: typed, away, Back.
    login(desktop_page, referee)
    desktop_page.goto(sheet_url(tournament))
    expect(desktop_page.locator(".hand-announce .hand-no")).to_have_text("Hand 3 of 16")
    choose(desktop_page, "winner", "Player 4")
    choose(desktop_page, "how", "Self-drawn")
    desktop_page.fill("#id_points", "16")
    desktop_page.goto("about:blank")
    desktop_page.go_back()
    expect(desktop_page.locator("#id_points")).to_have_value("16")
    assert shown(desktop_page) == ("Hand 3 of 16", [f"winner={players[3].pk}", "discarder=self"], "16")
    screenshot(desktop_page, "offline-back-desktop", full_page=False)


def test_a_draft_of_a_hand_recorded_elsewhere_is_not_put_back(
    phone_page, login, referee, organizer, players, published_session, sheet, tournament
):
    from rules import payments as pay
    from scoring import services as ss

    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    choose(page, "winner", "Player 2")
    keypad(page, "9")
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=organizer)
    page.reload()
    expect(page.locator(".hand-announce .hand-no")).to_have_text("Hand 2 of 16")
    page.wait_for_timeout(500)
    assert shown(page) == ("Hand 2 of 16", [], "")


def test_a_reload_while_the_server_answers_a_hand_keeps_it_once(
    phone_page, login, referee, players, published_session, sheet, tournament, monkeypatch
):
    """The referee reloads the page while hand 2 is stored but its answer has not come back: the reloaded page
    offers hand 3, and hand 2 is stored once (the phone sends it again with the same key; the server answers with
    what it stored)."""
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    kept(page, tournament)
    record(page, 1, "Player 1", "Self-drawn", 8)
    page.wait_for_selector("#list-hand-1.entered")

    answer = HandRecordView.post

    def slow_answer(view, request, *args, **kwargs):
        response = answer(view, request, *args, **kwargs)
        time.sleep(1.5)  # stored; the answer is late
        return response

    monkeypatch.setattr(HandRecordView, "post", slow_answer)
    record(page, 2, "Player 2", "Self-drawn", 8)
    expect(page.locator(".hand-announce .hand-no")).to_have_text("Hand 3 of 16")
    page.wait_for_timeout(300)
    page.reload()
    expect(page.locator(".hand-announce .hand-no")).to_have_text("Hand 3 of 16")
    page.wait_for_selector("#list-hand-2.entered")
    expect(page.locator("ol.outbox[data-kind=hand] .outbox-item[data-state=waiting]")).to_have_count(0)
    assert [row[:2] for row in versions(sheet)] == [(1, 1), (2, 1)]
