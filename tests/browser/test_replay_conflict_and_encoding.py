"""Issue 27 in Chromium, at 390 px and 1280 px: a foul sent again under its key with other content is refused in
the outbox as a hand conflict is (both named, the foul back in its form, sent again as a new entry only when the
referee sends it), and without script the plain form's 409 page shows both and keeps what was typed; the players
import names the encoding a file was read in (Windows-1252, with where it stopped being UTF-8) and refuses a
damaged UTF-8 file naming the line and byte. Each page with script passes axe-core (axe runs in the page)."""

import re
import uuid
from urllib.parse import parse_qsl, urlencode

from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from scoring.models import Penalty
from tests.browser.test_series import assert_accessible

from .outbox import recorded

STORED = "Player 2 · Other · hand 3 · 10 points to nobody · “Touched the wall”"


def store_foul(sheet, players, referee):
    key = uuid.uuid4()
    ss.foul_record(
        sheet=sheet,
        player=players[1],
        foul="other",
        hand_number=3,
        amount=10,
        to=pay.TO_NOBODY,
        reason="Touched the wall",
        by=referee,
        idempotency_key=key,
    )
    return key


def reusing(key):
    """A route handler that sends the first foul posted under ``key``: a client that sends a stored foul's key
    with other content (the outbox itself never does)."""
    reused = []

    def handle(route):
        if reused:
            route.continue_()
            return
        reused.append(route.request.post_data)
        fields = dict(parse_qsl(route.request.post_data))
        route.continue_(post_data=urlencode({**fields, "idempotency_key": str(key)}))

    return handle


def fill_foul(page, player, reason):
    form = page.locator("form.foul-form")
    form.locator('[name="player"]').select_option(label=player)
    form.locator('[name="foul"]').select_option("other")
    form.locator('[name="hand_number"]').fill("3")
    form.locator('[name="amount"]').fill("10")
    form.locator('[name="reason"]').fill(reason)
    return form


def test_the_outbox_shows_a_foul_conflict_in_place_and_sends_it_again_as_a_new_foul(
    phone_page, desktop_page, login, referee, players, published_session, sheet, tournament, screenshot
):
    key = store_foul(sheet, players, referee)
    foul_url = reverse("sheet-foul", args=[tournament.slug, 1, 1])
    for size, page in (("phone", phone_page), ("desktop", desktop_page)):
        login(page, referee)
        page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
        page.route(f"**{foul_url}", reusing(key))
        fill_foul(page, "3. Player 3", "Slow")
        recorded(page, button="Record foul")
        item = page.locator("ol.outbox[data-kind=foul] .outbox-item[data-state=refused]")
        item.wait_for()
        assert (
            f"A foul was already recorded from this entry: {STORED}. It was sent again as: Player 3 · Other · "
            "hand 3 · 10 points to nobody · “Slow”." in item.inner_text()
        )
        form = page.locator("form.foul-form")
        assert form.locator('[name="reason"]').input_value() == "Slow"  # back in the form, as typed
        assert Penalty.objects.count() == 1
        assert_accessible(page)
        screenshot(page, f"foul-conflict-outbox-{size}", full_page=False)
        # Sent again on purpose: a new key, a second foul.
        recorded(page, button="Record foul")
        page.locator("ol.outbox[data-kind=foul] .outbox-item[data-state=saved]").wait_for()
        assert Penalty.objects.filter(player=players[2], reason="Slow").count() == 1
        Penalty.objects.filter(player=players[2]).delete()
        page.unroute(f"**{foul_url}")


def test_without_script_the_foul_form_answers_409_with_both_and_what_was_typed(
    nojs_phone_page, login, referee, players, published_session, sheet, tournament, screenshot
):
    page = nojs_phone_page
    key = store_foul(sheet, players, referee)
    login(page, referee)
    page.goto(reverse("sheet", args=[tournament.slug, 1, 1]))
    form = fill_foul(page, "3. Player 3", "Slow")

    page.route(f"**{reverse('sheet-foul', args=[tournament.slug, 1, 1])}", reusing(key))
    with page.expect_navigation() as answer:
        form.get_by_role("button", name="Record foul").click()
    assert answer.value.status == 409
    errors = page.locator("form.foul-form .errors").inner_text()
    assert f"A foul was already recorded from this entry: {STORED}." in errors
    assert page.locator('form.foul-form [name="reason"]').input_value() == "Slow"
    assert page.locator("form.foul-form [name=idempotency_key]").input_value() != str(key)
    screenshot(page, "foul-conflict-plain-phone", full_page=False)


def test_the_import_preview_names_the_encoding_and_a_damaged_file_is_refused(
    phone_page, desktop_page, login, organizer, tournament, assert_phone_friendly, screenshot
):
    legacy = "numero;nombre;pais\n1;Iñaki Núñez;ES\n2;José Peña;ES\n".encode("cp1252")
    damaged = "numero;nombre;pais\n1;Iñaki Núñez;ES\n2;José Peña;ES\n".encode().replace("Peña".encode(), b"Pe\xf1a")
    for size, page in (("phone", phone_page), ("desktop", desktop_page)):
        login(page, organizer)
        page.goto(reverse("manage-import", args=[tournament.slug]))
        page.set_input_files(
            'input[name="file"]', files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": legacy}]
        )
        page.get_by_role("button", name="Preview").click()
        note = page.locator(".read-as")
        assert note.inner_text().startswith("Read as Windows-1252 (Western European): the file is not UTF-8 text")
        assert "Iñaki Núñez" in page.locator("table.import-preview").inner_text()
        assert_accessible(page)
        assert_phone_friendly(page, "main form")
        screenshot(page, f"import-windows-1252-{size}")
        page.set_input_files(
            'input[name="file"]', files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": damaged}]
        )
        page.get_by_role("button", name="Preview").click()
        refusal = page.locator("[role=alert]").inner_text()
        assert re.search(r"The file is UTF-8 text except on line 3, byte 11 of the line \(“2;José Pe.a;ES”\)", refusal)
        assert page.get_by_role("button", name=re.compile("Import")).count() == 0
        assert_accessible(page)
        screenshot(page, f"import-damaged-utf8-{size}")
