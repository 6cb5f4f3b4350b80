"""The organizer's token page and the tournament-file upload on a phone: no sideways scroll, and what they
show after the action. (Their controls are the site's ordinary form controls, 38-40 px high like every
organizer form; the 44 px rule is checked on the referee's forms, which are used standing at a table.)"""

from django.contrib.auth.models import Permission
from django.urls import reverse


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_token_page_on_a_phone(phone_page, login, organizer, tournament, screenshot):
    login(phone_page, organizer)
    phone_page.goto(reverse("manage-api-tokens", args=[tournament.slug]))
    no_sideways_scroll(phone_page)
    phone_page.fill('input[name="name"]', "Stream overlay")
    phone_page.get_by_role("button", name="Create token").click()
    token = phone_page.locator("#new-token input").input_value()
    assert token.startswith("mcr_")
    assert phone_page.locator("table.data td", has_text="Stream overlay").is_visible()
    no_sideways_scroll(phone_page)
    screenshot(phone_page, "api-tokens-phone")


def test_tournament_file_upload_on_a_phone(phone_page, login, make_user, tmp_path, screenshot):
    user = make_user("creator")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    login(phone_page, user)
    phone_page.goto(reverse("tournament-import"))
    no_sideways_scroll(phone_page)
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"name": "Cup", "slug": "cup", "players": [{"number": 1, "name": "Ana", "country": "Spain"}]}',
        encoding="utf-8",
    )
    phone_page.set_input_files('input[name="file"]', str(bad))
    phone_page.get_by_role("button", name="Import tournament").click()
    error = phone_page.locator("#import-error")
    assert "Nothing was imported." in error.inner_text() and "players[0].country" in error.inner_text()
    no_sideways_scroll(phone_page)
    screenshot(phone_page, "tournament-import-phone")
