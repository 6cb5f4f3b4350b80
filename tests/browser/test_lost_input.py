"""Nothing typed is lost (issue 21, item 3), in real Chromium: a form sent after logging in again in another tab
(the CSRF token changed), a form sent after the login ended, and an action's address reloaded."""

from django.contrib.sessions.models import Session
from django.urls import reverse

from scoring.models import Appeal, Hand

STATEMENT = "East discarded after the wall was exhausted; the referee let the win stand."


def log_in_with_the_form(page, user):
    page.fill('input[name="username"]', user.username)
    page.fill('input[name="password"]', "pw-" + user.username)
    page.click('main button[type="submit"]')


def log_in_again_in_another_tab(page, user):
    other = page.context.new_page()
    other.goto(reverse("login"))
    log_in_with_the_form(other, user)
    other.wait_for_load_state()
    other.close()


def in_viewport(page, selector):
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= page.viewport_size["height"]


def fill_appeal(page, players):
    page.select_option('select[name="filer"]', str(players[2].pk))
    page.check('input[name="kind"] >> nth=0')
    page.fill('textarea[name="statement"]', STATEMENT)


def test_an_appeal_sent_after_logging_in_again_elsewhere_comes_back_filled_in(
    phone_page, referee, tournament, players, published_session, screenshot
):
    page = phone_page
    appeal_url = reverse("sheet-appeal", args=[tournament.slug, 1, 1])
    page.goto(appeal_url)
    log_in_with_the_form(page, referee)
    page.wait_for_url("**" + appeal_url)
    fill_appeal(page, players)
    log_in_again_in_another_tab(page, referee)
    page.click('main button:has-text("File the appeal")')
    page.wait_for_load_state()
    assert "CSRF" not in page.content()
    assert page.input_value('textarea[name="statement"]') == STATEMENT
    assert page.locator('select[name="filer"]').input_value() == str(players[2].pk)
    assert in_viewport(page, ".messages .msg")
    assert "your login changed" in page.locator(".messages").inner_text()
    assert not Appeal.objects.exists()
    screenshot(page, "lost-input-csrf-appeal-phone", full_page=False)
    page.click('main button:has-text("File the appeal")')
    page.wait_for_url("**/appeals/1/")
    assert Appeal.objects.get().statement == STATEMENT


def test_a_hand_sent_without_scripts_after_logging_in_again_comes_back(
    nojs_phone_page, referee, tournament, players, published_session, screenshot
):
    page = nojs_phone_page
    sheet_url = reverse("sheet", args=[tournament.slug, 1, 1])
    page.goto(reverse("login") + "?next=" + sheet_url)
    log_in_with_the_form(page, referee)
    page.wait_for_url("**" + sheet_url)
    form = page.locator("form.hand-form").first
    for choice in (f'input[name="winner"][value="{players[1].pk}"]', 'input[name="discarder"][value="self"]'):
        form.locator(f'label[for="{form.locator(choice).get_attribute("id")}"]').click()
    form.locator('input[name="points"]').fill("16")
    log_in_again_in_another_tab(page, referee)
    form.locator('button[type="submit"]').first.click()
    page.wait_for_load_state()
    assert "CSRF" not in page.content()
    assert page.locator('form.hand-form input[name="points"]').first.input_value() == "16"
    assert page.locator(f'form.hand-form input[name="winner"][value="{players[1].pk}"]').first.is_checked()
    assert "your login changed" in page.locator(".messages").first.inner_text()
    assert not Hand.objects.exists()
    screenshot(page, "lost-input-csrf-hand-phone", full_page=False)


def test_an_appeal_sent_after_the_login_ended_comes_back_after_logging_in(
    desktop_page, referee, tournament, players, published_session, screenshot
):
    page = desktop_page
    appeal_url = reverse("sheet-appeal", args=[tournament.slug, 1, 1])
    page.goto(appeal_url)
    log_in_with_the_form(page, referee)
    page.wait_for_url("**" + appeal_url)
    fill_appeal(page, players)
    Session.objects.all().delete()  # the login ends (expired, or logged out elsewhere)
    page.click('main button:has-text("File the appeal")')
    page.wait_for_url("**/accounts/login/**")
    assert "Your login has ended, so this was not sent." in page.locator(".messages").inner_text()
    screenshot(page, "lost-input-login-ended-desktop", full_page=False)
    log_in_with_the_form(page, referee)
    page.wait_for_url("**" + appeal_url)
    assert page.input_value('textarea[name="statement"]') == STATEMENT
    page.click('main button:has-text("File the appeal")')
    page.wait_for_url("**/appeals/1/")
    assert Appeal.objects.get().statement == STATEMENT


def test_reloading_an_action_address_leads_to_its_page(phone_page, desktop_page, login, organizer, tournament):
    for page in (phone_page, desktop_page):
        login(page, organizer)
        response = page.goto(reverse("manage-seating-publish", args=[tournament.slug]))
        assert response.ok
        assert page.url.endswith(reverse("manage-seating", args=[tournament.slug]))
        assert "Nothing was done" in page.locator(".messages").inner_text()
        assert in_viewport(page, ".messages .msg")


def test_a_hand_sent_through_the_outbox_after_logging_in_again_is_stored(
    phone_page, referee, tournament, players, published_session
):
    from .outbox import recorded, saved_message
    from .test_table_phone import choose, keypad

    page = phone_page
    sheet_url = reverse("sheet", args=[tournament.slug, 1, 1])
    page.goto(reverse("login") + "?next=" + sheet_url)
    log_in_with_the_form(page, referee)
    page.wait_for_url("**" + sheet_url)
    choose(page, "winner", "Player 2")
    choose(page, "how", "Self-drawn")
    keypad(page, "16")
    log_in_again_in_another_tab(page, referee)
    # The outbox reads the token from the cookie when it sends, so the new login's token goes with it.
    recorded(page)
    assert saved_message(page) == "Hand 1 recorded."
    assert Hand.objects.get().current.points == 16


def test_any_other_form_sent_after_logging_in_again_gets_a_page_in_words(
    phone_page, desktop_page, referee, tournament, screenshot
):
    for name, page in (("phone", phone_page), ("desktop", desktop_page)):
        start = reverse("tournament-detail", args=[tournament.slug])
        page.goto(reverse("login") + "?next=" + start)
        log_in_with_the_form(page, referee)
        page.wait_for_url("**" + start)
        log_in_again_in_another_tab(page, referee)
        page.get_by_role("button", name="Español").click()
        page.wait_for_load_state()
        assert "CSRF" not in page.content()
        assert page.locator("h1").inner_text() == "Not sent"
        assert page.get_by_role("link", name="Back to the page").get_attribute("href").endswith(start)
        screenshot(page, f"lost-input-csrf-other-{name}", full_page=False)
