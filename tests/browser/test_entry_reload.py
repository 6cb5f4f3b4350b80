"""Issue 15, items 3 and 5 in real Chromium: the cursor starts in the hand form; a refused entry can be
reloaded (and its address opened again) with what was typed and the reason; signing asks first.

Since issue 22 the page sends the hand without a reload (static/js/outbox.js): the refused entry waits on the
phone, and the reloaded page puts it back in the form with the server's reason."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Hand, ScoreSheet
from tournament import services as ts

from .outbox import recorded
from .test_table_phone import choose, keypad, sheet_url


def focused(page):
    # The script focuses just after the page's load (and its jump to #entry): wait for a field to have it.
    page.wait_for_function("() => document.activeElement && document.activeElement.name")
    return page.evaluate("() => { const e = document.activeElement; return e ? [e.name, e.value] : null; }")


@pytest.mark.parametrize("device", ["phone_page", "desktop_page"])
def test_a_refused_entry_survives_a_reload(
    request, device, login, referee, players, published_session, sheet, tournament, screenshot
):
    page = request.getfixturevalue(device)
    login(page, referee)
    page.goto(sheet_url(tournament))
    # The cursor is in the entry: on "who won".
    assert focused(page) == ["winner", str(players[0].pk)]
    choose(page, "winner", "Player 2")
    choose(page, "how", "Self-drawn")
    if device == "phone_page":
        keypad(page, "9999")
    else:
        page.locator("#id_points").fill("9999")
    page.locator(".note-box summary").click()
    page.locator("#id_note").fill("checked twice")
    recorded(page)
    error = "9999 points is more than any hand can be worth (at most 336, flowers included). Check the points."
    for attempt in ("posted", "reloaded", "opened again"):
        if attempt == "reloaded":
            page.reload()
        elif attempt == "opened again":
            page.goto(page.url)
        # The page puts the refused entry back from the phone's store a moment after it loads: wait for it.
        expect(page.locator(".field.points")).to_contain_text(error)
        expect(page.locator("#id_points")).to_have_value("9999")
        expect(page.locator("#id_note")).to_have_value("checked twice")
        expect(page.locator(f'input[name=winner][value="{players[1].pk}"]')).to_be_checked()
        # The cursor is on the field in error.
        assert focused(page) == ["points", "9999"], attempt
    screenshot(page, f"entry-refused-{device.split('_')[0]}")
    assert not Hand.objects.filter(sheet=sheet).exists()

    page.locator("#id_points").fill("")
    if device == "phone_page":
        keypad(page, "8")
    else:
        page.locator("#id_points").fill("8")
    recorded(page)
    assert page.locator(".hand-announce .hand-no").inner_text() == "Hand 2 of 16"
    assert focused(page) == ["winner", str(players[0].pk)]
    assert Hand.objects.get(sheet=sheet, number=1).current.points == 8
    # Nothing is kept after the save: the entry address leads to the sheet.
    page.goto(reverse("sheet-hand", args=[tournament.slug, 1, 1]))
    assert page.url.endswith(sheet_url(tournament) + "#entry")


def test_signing_asks_first(
    desktop_page, phone_page, login, referee, organizer, players, published_session, sheet, tournament, screenshot
):
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="none")
    page = phone_page
    login(page, referee)
    page.goto(sheet_url(tournament))
    choose(page, "winner", "Player 1")
    choose(page, "how", "Self-drawn")
    keypad(page, "8")
    recorded(page)
    page.locator(".sign-form label", has_text="Mark the remaining hands not played").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Sign the score sheet").click()
    assert page.locator("h1").inner_text() == "Sign the score sheet of table 1, session 1?"
    assert "Hands 2, 3, 4 are first marked not played (time ran out)." in page.locator(".confirm").inner_text()
    screenshot(page, "sign-confirm-phone")
    # Cancel changes nothing.
    with page.expect_navigation():
        page.get_by_role("link", name="Cancel").click()
    assert page.url.endswith("#signing") and not ScoreSheet.objects.get(pk=sheet.pk).is_submitted
    page.locator(".sign-form label", has_text="Mark the remaining hands not played").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Sign the score sheet").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, sign the score sheet").click()
    assert page.locator("h1 .status").inner_text() == "Signed"
    assert ScoreSheet.objects.get(pk=sheet.pk).is_submitted
    desktop = desktop_page
    login(desktop, referee)
    desktop.goto(sheet_url(tournament))
    screenshot(desktop, "signed-sheet-desktop")


@pytest.mark.parametrize("device", ["phone_page", "desktop_page"])
def test_import_page_lists_columns_and_names_a_pdf(request, device, login, organizer, tournament, screenshot):
    page = request.getfixturevalue(device)
    login(page, organizer)
    page.goto(reverse("manage-import", args=[tournament.slug]))
    columns = page.locator(".import-columns code").all_inner_texts()
    assert columns[:3] == ["number", "name", "family_name"] and "substitute" in columns
    with page.expect_download() as download:
        page.get_by_role("link", name="CSV").click()
    assert download.value.suggested_filename == "players-template.csv"
    screenshot(page, f"import-columns-{device.split('_')[0]}")
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "Inscritos.pdf", "mimeType": "application/pdf", "buffer": b"%PDF-1.7\n..."}]
    )
    with page.expect_navigation():
        page.get_by_role("button", name="Preview").click()
    assert "“Inscritos.pdf” is not a CSV or XLSX file (it is in PDF format)." in page.locator(".errors").inner_text()
