"""Everyday use in real Chromium (issue 15): where a login lands for a referee and an organizer, making a
referee account and revoking a role, a confirmation step (with and without JavaScript), finding a seat,
and the audit log. Screenshots of these pages go to docs/screenshots with UPDATE_SCREENSHOTS=1."""

import re

import pytest
from django.urls import reverse

from accounts.models import Invitation
from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tournament import services as ts
from tournament.models import Session, TournamentRole


def log_in_with_the_form(page, username, password):
    page.goto(reverse("login"))
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    with page.expect_navigation():
        page.get_by_role("button", name="Log in").click()


@pytest.fixture
def day(organizer, referee):
    """Sixteen players with real-looking names; session 1 in play (table 1 two hands in, table 2 submitted),
    session 2 seated and not published."""
    names = [
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
    t = ts.tournament_create(by=organizer, name="Madrid Open", slug="madrid-open", session_count=4, venue="Madrid")
    ts.role_grant(tournament=t, user=referee, role="referee", by=organizer)
    [ts.player_create(tournament=t, number=i, name=n, country="ES", by=organizer) for i, n in enumerate(names, start=1)]
    sched.schedule_generate(tournament=t, by=organizer, seed=7)
    first = t.sessions.get(number=1)
    sched.session_publish(session=first, by=organizer)
    tables = list(first.tables.order_by("number"))
    one = tables[0].sheet
    seated = tables[0].seated_players()
    ss.hand_record(
        sheet=one, number=1, outcome=pay.DISCARD, winner=seated[1], discarder=seated[2], points=8, by=referee
    )
    ss.hand_record(
        sheet=one,
        number=1,
        outcome=pay.DISCARD,
        winner=seated[1],
        discarder=seated[2],
        points=24,
        by=referee,
        expected_version=1,
    )
    ss.hand_record(sheet=one, number=2, outcome=pay.SELF_DRAWN, winner=seated[0], points=12, by=referee)
    ss.penalty_record(sheet=one, player=seated[3], amount=10, to=pay.TO_EACH_OTHER, reason="false Hu", by=referee)
    ss.sheet_sign(sheet=tables[1].sheet, by=referee, mark_rest_not_played=True)
    return t


def test_referee_lands_on_the_tables_being_played(phone_page, day, referee, assert_phone_friendly, screenshot):
    page = phone_page
    log_in_with_the_form(page, "referee", "pw-referee")
    assert page.url.endswith(reverse("start"))
    assert page.locator("h1").first.inner_text() == "Your tables · Madrid Open, session 1"
    cards = page.locator(".my-table")
    assert cards.count() == 4
    assert cards.nth(0).locator(".sheet-state").inner_text() == "2/16 hands"
    assert cards.nth(1).locator(".sheet-state").inner_text() == "Signed"
    assert cards.nth(2).locator(".sheet-state").inner_text() == "Not started"
    box = cards.nth(0).locator("a").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 300  # the whole card is the tap target
    assert_phone_friendly(page, "main form")
    screenshot(page, "start-referee-phone")
    with page.expect_navigation():
        cards.nth(2).locator("a").click()
    assert page.url.endswith(reverse("sheet", args=["madrid-open", 1, 3]))


def test_organizer_lands_on_the_dashboard(desktop_page, phone_page, day, organizer, assert_phone_friendly, screenshot):
    page = desktop_page
    log_in_with_the_form(page, "organizer", "pw-organizer")
    assert page.url.endswith(reverse("manage-home", args=["madrid-open"]))
    steps = page.locator(".next-steps li")
    texts = [steps.nth(i).inner_text() for i in range(steps.count())]
    assert any("Publish the seating of sessions 2, 3, 4" in t for t in texts)
    assert any("Session 1 is in play: 1 of 4 score sheets signed." in t for t in texts)
    row = page.locator("tr.current td")
    assert [row.nth(i).inner_text() for i in range(6)] == ["Session 1", "In play", "4", "2", "1", "1"]
    screenshot(page, "dashboard-desktop")
    log_in_with_the_form(phone_page, "organizer", "pw-organizer")
    assert_phone_friendly(phone_page, ".next-steps, .links")
    screenshot(phone_page, "dashboard-phone")


def test_organizer_makes_a_referee_account_and_the_referee_sets_a_password(
    desktop_page, phone_page, tournament, login, organizer, assert_phone_friendly, screenshot
):
    page = desktop_page
    login(page, organizer)
    page.goto(reverse("manage-roles", args=[tournament.slug]))
    with page.expect_navigation():
        page.get_by_role("link", name="Make an account for a referee who has none").click()
    page.locator("#id_username").fill("marta")
    page.locator("#id_first_name").fill("Marta")
    page.locator("#id_role").select_option("referee")
    with page.expect_navigation():
        page.get_by_role("button", name="Make the account").click()
    link = page.locator("#invitation-link").input_value()
    assert re.fullmatch(r"http://[^/]+/accounts/invitation/[A-Za-z0-9_-]{43}/", link)
    assert "waiting, until" in page.locator("table.data").inner_text()
    screenshot(page, "accounts-desktop")
    assert TournamentRole.objects.filter(tournament=tournament, user__username="marta", role="referee").exists()

    invitee = phone_page
    invitee.goto(link)
    assert invitee.url.endswith(reverse("invitation-accept"))  # the token left the address bar
    assert "Referee of Test Open" in invitee.locator("main").inner_text()
    assert_phone_friendly(invitee, "main form")
    screenshot(invitee, "invitation-phone")
    invitee.locator("#id_new_password1").fill("mahjong-tiles-2026")
    invitee.locator("#id_new_password2").fill("mahjong-tiles-2026")
    with invitee.expect_navigation():
        invitee.get_by_role("button", name="Set password and log in").click()
    assert "Welcome, marta" in invitee.locator(".messages").inner_text()
    assert "marta" in invitee.locator(".site-header").text_content()  # in the folded menu on a phone
    assert Invitation.objects.get(user__username="marta").used_at is not None
    invitee.goto(link)
    assert "does not work" in invitee.locator("main").inner_text()


def test_organizer_revokes_a_role(desktop_page, tournament, login, organizer, referee):
    page = desktop_page
    login(page, organizer)
    page.goto(reverse("manage-roles", args=[tournament.slug]))
    row = page.locator("tr", has_text="referee").filter(has_text="Referee")
    with page.expect_navigation():
        row.get_by_role("button", name="Revoke").click()
    assert "referee is no longer Referee." in page.locator(".messages").inner_text()
    assert not TournamentRole.objects.filter(tournament=tournament, user=referee).exists()
    # The last organizer stays.
    with page.expect_navigation():
        page.locator("tr", has_text="organizer").get_by_role("button", name="Revoke").click()
    assert "the only organizer" in page.locator(".messages").inner_text()


def test_publish_all_asks_first(phone_page, day, login, organizer, assert_phone_friendly, screenshot):
    page = phone_page
    login(page, organizer)
    page.goto(reverse("manage-seating", args=[day.slug]))
    with page.expect_navigation():
        page.get_by_role("button", name="Publish all seated sessions (2, 3, 4)").click()
    assert page.locator("h1").inner_text() == "Publish the seating of sessions 2, 3, 4?"
    assert "each of the 16 players" in page.locator(".confirm").inner_text()
    assert day.sessions.get(number=2).status == Session.Status.SEATED
    assert_phone_friendly(page, ".confirm form")
    screenshot(page, "confirm-publish-phone")
    with page.expect_navigation():
        page.get_by_role("link", name="Cancel").click()
    assert day.sessions.get(number=2).status == Session.Status.SEATED
    with page.expect_navigation():
        page.get_by_role("button", name="Publish all seated sessions (2, 3, 4)").click()
    with page.expect_navigation():
        page.locator(".confirm").get_by_role("button", name="Publish").click()
    assert "Seating of sessions 2, 3, 4 published." in page.locator(".messages").inner_text()
    assert set(day.sessions.values_list("status", flat=True)) == {Session.Status.PUBLISHED}


def test_reopen_warns_without_javascript(nojs_phone_page, organizer, referee, login, screenshot):
    from tests.schedule.conftest import make_tournament, play_and_close

    t = make_tournament(organizer, referee, slug="swiss-open", players=8, sessions=3, format="swiss")
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=3)
    play_and_close(t.sessions.get(number=1), referee, organizer)
    sched.session_seat_swiss(session=t.sessions.get(number=2), by=organizer)
    page = nojs_phone_page
    login(page, organizer)
    page.goto(reverse("manage-sessions", args=[t.slug]))
    card = page.locator("#session-1")
    card.locator('input[name="reason"]').fill("Appeal at table 2")
    with page.expect_navigation():
        card.get_by_role("button", name="Reopen session").click()
    assert page.locator("h1").inner_text() == "Reopen session 1?"
    assert "Session 2 was seated by Swiss pairing" in page.locator(".confirm").inner_text()
    assert page.locator("#id_reason").input_value() == "Appeal at table 2"
    screenshot(page, "confirm-reopen-phone")
    with page.expect_navigation():
        page.get_by_role("button", name="Reopen session").click()
    assert t.sessions.get(number=1).status == Session.Status.PUBLISHED


def test_find_my_seat_as_you_type_and_without_javascript(
    phone_page, nojs_phone_page, day, assert_phone_friendly, screenshot
):
    from schedule.selectors import seat_list

    where = {r["player"].name: r["table"] for r in seat_list(day.sessions.get(number=1))}
    page = phone_page
    page.goto(reverse("session-detail", args=[day.slug, 1]))
    page.locator("#seat-query").fill("lopez")
    visible = page.locator(".table-card:visible")
    assert visible.count() == 1
    assert visible.locator("h2 a").inner_text() == f"Table {where['Ana López']}"
    assert visible.locator("tr.you").inner_text().split("\t")[1].strip() == "1. Ana López"
    page.locator("#seat-query").fill("")
    assert page.locator(".table-card:visible").count() == 4
    assert_phone_friendly(page, ".seat-finder")
    page.locator("#seat-query").fill("14")
    assert page.locator("tr.you").inner_text().split("\t")[1].strip() == "14. Óscar Navarro"
    screenshot(page, "find-seat-phone")

    plain = nojs_phone_page
    plain.goto(reverse("session-detail", args=[day.slug, 1]))
    plain.locator("#seat-query").fill("ines")
    with plain.expect_navigation():
        plain.get_by_role("button", name="Find").click()
    assert f"Inés Molina (9): table {where['Inés Molina']}" in plain.locator(".your-seat").inner_text()


def test_seat_list_and_player_page(phone_page, desktop_page, day, assert_phone_friendly, screenshot):
    page = phone_page
    page.goto(reverse("seat-list", args=[day.slug, 1]))
    names = page.locator("#seat-list tbody td:first-child")
    assert names.nth(0).inner_text() == "Ana López" and names.nth(15).inner_text() == "Quique Soler"
    page.locator("#seat-query").fill("óscar")
    assert page.locator("#seat-list tbody tr:visible").count() == 1
    assert_phone_friendly(page, "main form")
    screenshot(page, "seat-list-phone")
    player = desktop_page
    player.goto(reverse("player-detail", args=[day.slug, 5]))
    assert player.locator("#now").inner_text().startswith("Session 1: table ")
    assert player.locator("tr.you").count() == 1
    screenshot(player, "player-seat-desktop")


def test_a_chinese_name_is_found_by_its_pinyin_as_you_type(phone_page, day, organizer):
    """The wall list's script: "wang" typed on a Latin keyboard finds 王芳, as the server's search does."""
    ts.player_update(player=day.players.get(number=3), by=organizer, name="王芳")
    page = phone_page
    page.goto(reverse("seat-list", args=[day.slug, 1]))
    for typed in ("wang", "Wáng Fāng", "wangfang"):
        page.locator("#seat-query").fill(typed)
        rows = page.locator("#seat-list tbody tr:visible")
        assert rows.count() == 1 and rows.locator("td").first.inner_text() == "王芳", typed


def test_audit_log_reads_as_sentences(
    desktop_page, phone_page, day, login, organizer, assert_phone_friendly, screenshot
):
    page = desktop_page
    login(page, organizer)
    page.goto(reverse("manage-audit", args=[day.slug]) + "?kind=hands")
    text = page.locator(".audit-list").inner_text()
    assert "Referee referee corrected hand 1 of table 1, session 1: 8 → 24 points." in text
    assert "hand.record" not in text and "HandVersion" not in text
    with page.expect_navigation():
        page.locator(".audit-entry", has_text="corrected hand 1").get_by_role("link", name="hand history").click()
    assert page.url.endswith(reverse("hand-history", args=[day.slug, 1, 1, 1]))
    page.goto(reverse("manage-audit", args=[day.slug]))
    page.locator("#id_kind").select_option("penalties")
    with page.expect_navigation():
        page.get_by_role("button", name="Filter").click()
    assert "−30 in all, 10 to each other player" in page.locator(".audit-list").inner_text()
    screenshot(page, "audit-desktop")
    login(phone_page, organizer)
    phone_page.goto(reverse("manage-audit", args=[day.slug]))
    assert_phone_friendly(phone_page, ".audit-filters")
    screenshot(phone_page, "audit-phone", full_page=False)
