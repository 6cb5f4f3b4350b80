"""The tile picker (static/js/tile-picker.js) on the public calculator and on a referee's hand form.

The live score comes from the real endpoints (calculator-live, sheet-hand-live); LiveSpy records what the
page sent them. Only the tests of the script's own handling of odd answers (an error, a server down) put
LiveStub (page.route: canned JSON, or fake_live_score below, the engine called directly) in their place.
"""

import json
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from django.urls import reverse

from scoring import tile_entry
from scoring.models import Hand

from .outbox import recorded

# Mixed Straight 123m 456p 789s with the chow 234s completed by the winning tile, and a pair of East.
HAND, WIN = "123m456p789s23sEE", "4s"
STUB = "/live-score-stub/"


def tiles_of(text):
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mps":
            out += [d + ch for d in digits]
            digits = []
        else:
            out.append(ch)
    return out


def tap(page, *codes):
    """Tap tiles in the palette (every suit is on the screen at once)."""
    for text in codes:
        for code in tiles_of(text) if not text.startswith("f") else [text]:
            page.locator(f'.tp-tile[data-tile="{code}"]').click()


def mode(page, name):
    page.locator(f'.tp-mode[data-mode="{name}"]').click()


def fields(page):
    return {name: page.locator(f'[name="{name}"]').input_value() for name in ("concealed", "melds", "win_tile")}


def server_result(page):
    rows = page.locator(".calc-result tr.fan")
    return {
        "fans": [rows.nth(i).get_attribute("data-fan") for i in range(rows.count())],
        "total": page.locator(".calc-result .fans-total").inner_text(),
    }


def form_fields(request):
    """The fields a live-score request carried, from its query string (GET) or urlencoded body (POST)."""
    raw = request.post_data if request.method == "POST" else urlparse(request.url).query
    return {k: v[-1] for k, v in parse_qs(raw or "", keep_blank_values=True).items()}


def fake_live_score(values):
    """What the server's live endpoint answers, made with the forms' own scoring code (winds E, E)."""
    scored = tile_entry.score(
        tile_entry.engine_input(
            concealed=values.get("concealed", ""),
            melds=values.get("melds", ""),
            win_tile=values.get("win_tile", ""),
            self_drawn=values.get("self_drawn") == "on" or values.get("outcome") == "self_drawn",
            flowers=int(values.get("flowers") or 0),
            last_tile="last_tile" in values,
            kong="kong" in values,
            last_wall="last_wall" in values,
            seat_wind=values.get("seat_wind", "E"),
            prevalent_wind=values.get("prevalent_wind", "E"),
        )
    )
    return {
        "valid": scored.valid,
        "total": scored.total or 0,
        "error": scored.error or None,
        "fans": [
            {"id": f["id"], "name": f["name"], "points": f["points"], "count": f["count"], "from": f["sources"]}
            for f in scored.fans
        ],
    }


class LiveStub:
    """Plays the live-score endpoint for one page; answer(values) -> JSON dict or an HTML string."""

    def __init__(self, page):
        self.page, self.requests, self.status = page, [], 200
        self.answer = fake_live_score
        page.route(f"**{STUB}**", self.handle)

    def handle(self, route):
        values = form_fields(route.request)
        self.requests.append((route.request.method, values, route.request.headers))
        body = self.answer(values)
        route.fulfill(
            status=self.status,
            content_type="application/json" if isinstance(body, dict) else "text/html",
            body=json.dumps(body) if isinstance(body, dict) else body,
        )

    def attach(self):
        """Point the page's form at the stub (the real URL is the server's to give)."""
        self.page.evaluate("(url) => document.querySelector('form[data-tile-picker]').dataset.liveScoreUrl = url", STUB)


class LiveSpy:
    """Records the requests a page sends to the real live-score endpoints, and their answers."""

    def __init__(self, page):
        self.page, self.requests = page, []
        page.on("requestfinished", self.finished)

    def wait(self, count, timeout_ms=5000):
        """The requests, once at least `count` have finished: playwright hands its events over to Python
        only while the test calls into it, so an answer the page already shows may not be listed yet."""
        waited = 0
        while len(self.requests) < count and waited < timeout_ms:
            self.page.wait_for_timeout(20)
            waited += 20
        assert len(self.requests) >= count, f"{len(self.requests)} live-score requests, expected {count}"
        return self.requests

    def finished(self, request):
        if "/live/" in request.url:
            response = request.response()
            self.requests.append(
                (request.method, form_fields(request), request.headers, response.status, response.json())
            )


@pytest.fixture
def live(phone_page):
    return LiveStub(phone_page)


@pytest.fixture
def spy(phone_page):
    return LiveSpy(phone_page)


# ------------------------------------------------------------------ the calculator on a phone


def test_tapping_the_hand_posts_what_typing_posts(phone_page, assert_phone_friendly, screenshot):
    page = phone_page
    page.goto(reverse("calculator"))
    page.wait_for_selector(".tp")
    # The picker replaces the typed fields on a phone; the form is still the same form.
    assert not page.locator("#id_concealed").is_visible()
    assert page.locator(".tp-tile").first.get_attribute("aria-label") == "1 characters"
    assert page.locator('.tp-tile[data-tile="5p"]').get_attribute("aria-label") == "5 dots"
    assert_phone_friendly(page, "form.calculator")

    mode(page, "tile")
    tap(page, "123m456p789s23sE")
    assert page.locator(".tp-status").inner_text() == "12 of 14 tiles"
    tap(page, "E")
    # Thirteen tiles stand: the next tile is the winning one.
    assert page.locator('.tp-mode[data-mode="win"]').get_attribute("aria-pressed") == "true"
    assert "winning tile" in page.locator(".tp-status").inner_text()
    tap(page, WIN)
    assert fields(page) == {"concealed": "123m456p23789sEE", "melds": "", "win_tile": WIN}
    assert page.locator(".tp-hand .tp-htile").count() == 14
    assert page.locator(".tp-status").inner_text().startswith("14 of 14 tiles")
    assert_phone_friendly(page, "form.calculator")

    page.get_by_role("button", name="Calculate").click()
    page.wait_for_selector(".calc-result")
    tapped = server_result(page)
    # The result page keeps the tiles, and the picker shows them again.
    assert page.locator(".tp-hand .tp-htile").count() == 14
    assert_phone_friendly(page, "form.calculator")

    page.goto(
        reverse("calculator")
        + "?"
        + urlencode({"concealed": HAND, "win_tile": WIN, "seat_wind": "E", "prevalent_wind": "E", "flowers": 0})
    )
    typed = server_result(page)
    assert tapped == typed and "33" not in tapped["fans"]
    assert typed["fans"] and int(typed["total"]) >= 8


def test_melds_are_built_by_tapping_and_counts_are_kept(phone_page):
    page = phone_page
    page.goto(reverse("calculator"))
    # Chow is the kind chosen first. A chow is given by its lowest tile: 8 and 9 start none, honours none.
    assert page.locator('.tp-mode[data-mode="chow"]').get_attribute("aria-pressed") == "true"
    for code in ("8m", "9m", "E"):
        assert page.locator(f'.tp-tile[data-tile="{code}"]').is_disabled()
    page.locator(".tp-exposed").click()
    tap(page, "2m")
    mode(page, "pung")
    tap(page, "E")
    mode(page, "kong")
    tap(page, "5p")
    page.locator(".tp-exposed").click()
    tap(page, "9s")
    assert fields(page)["melds"] == "chow 234m\npung EEE\nkong 5555p\nconcealed_kong 9999s"
    # All four 5p are used: no fifth one, in any mode. Three East used: no kong of East.
    for m in ("tile", "pair", "pung", "kong", "win"):
        mode(page, m)
        assert page.locator('.tp-tile[data-tile="5p"]').is_disabled(), m
    mode(page, "kong")
    assert page.locator('.tp-tile[data-tile="E"]').is_disabled()
    assert page.locator('.tp-tile[data-tile="E"] .tp-used').inner_text() == "×3"
    # A concealed kong lies with its end tiles face down.
    ckong = page.locator(".tp-meld").nth(3)
    # Each picture is the sprite's symbol of its tile (one file for all of them).
    assert [ckong.locator("svg use").nth(i).get_attribute("href").rsplit("#", 1)[1] for i in range(4)] == [
        "t-back",
        "t-9s",
        "t-9s",
        "t-back",
    ]
    assert ckong.get_attribute("aria-label") == "Remove Concealed kong: 9 bamboo, 9 bamboo, 9 bamboo, 9 bamboo"

    # Kongs count as three: 12 tiles stand, one more and then the winning tile.
    mode(page, "tile")
    tap(page, "1p")
    assert page.locator('.tp-mode[data-mode="win"]').get_attribute("aria-pressed") == "true"
    tap(page, "1p")
    assert fields(page) == {
        "concealed": "1p",
        "melds": "chow 234m\npung EEE\nkong 5555p\nconcealed_kong 9999s",
        "win_tile": "1p",
    }
    # Complete: no tile left to tap.
    assert page.locator(".tp-palette .tp-tile:not(:disabled)").count() == 0

    # Tap to remove: a set, a standing tile; the winning tile tapped is no longer the winning one.
    page.get_by_role("button", name="Remove Pung (Exposed): East wind, East wind, East wind").click()
    page.get_by_role("button", name="Remove 1 dots").first.click()
    assert fields(page) == {"concealed": "", "melds": "chow 234m\nkong 5555p\nconcealed_kong 9999s", "win_tile": "1p"}
    page.locator(".tp-wintile").click()
    assert fields(page) == {"concealed": "1p", "melds": "chow 234m\nkong 5555p\nconcealed_kong 9999s", "win_tile": ""}
    page.get_by_role("button", name="Clear tiles").click()
    assert fields(page) == {"concealed": "", "melds": "", "win_tile": ""}


def test_flowers_are_counted_by_the_flowers_field(phone_page):
    """MCR counts flowers (issue 30): no flower tiles to tap, the form's own field takes the number."""
    page = phone_page
    page.goto(reverse("calculator"))
    page.wait_for_selector(".tp")
    assert page.locator('.tp-tile[data-tile^="f"]').count() == 0
    assert page.locator('[name="flowers"]').is_visible()


def test_keyboard_entry_stays(phone_page, desktop_page, screenshot, assert_phone_friendly):
    # A phone shows the typed fields on request...
    phone_page.goto(reverse("calculator"))
    phone_page.get_by_role("button", name="Type tiles").click()
    assert phone_page.locator("#id_concealed").is_visible()
    assert phone_page.evaluate("document.activeElement.name") == "concealed"
    assert_phone_friendly(phone_page, "form.calculator")
    # ...a desktop shows them beside the picker, and typing there moves the picker too.
    page = desktop_page
    page.goto(reverse("calculator"))
    assert page.locator("#id_concealed").is_visible() and not page.locator(".tp-type").is_visible()
    page.locator("#id_concealed").fill("19m19p19sESWNCFP")
    page.locator("#id_win_tile").fill("1m")
    assert page.locator(".tp-hand .tp-htile").count() == 14
    assert page.locator(".tp-status").inner_text().startswith("14 of 14 tiles")
    page.locator("#id_concealed").fill("19m19p19sESWNCFP1z")
    assert "cannot be read" in page.locator(".tp-status").inner_text()
    assert page.locator("#id_concealed").input_value() == "19m19p19sESWNCFP1z"  # typing is never rewritten
    page.locator("#id_concealed").fill(HAND)
    page.locator("#id_win_tile").fill(WIN)
    page.wait_for_selector(".tp-result .tp-total")
    screenshot(page, "calculator-desktop")


def test_without_javascript_the_text_fields_work(nojs_phone_page, assert_phone_friendly):
    page = nojs_phone_page
    page.goto(reverse("calculator"))
    assert page.locator(".tp").count() == 0 and page.locator("#id_concealed").is_visible()
    assert_phone_friendly(page, "form.calculator")
    page.locator("#id_concealed").fill(HAND)
    page.locator("#id_win_tile").fill(WIN)
    page.get_by_role("button", name="Calculate").click()
    assert server_result(page)["fans"]


# ------------------------------------------------------------------ live scoring


def test_live_result_follows_the_taps(phone_page, spy, screenshot, assert_phone_friendly):
    page = phone_page
    live = spy
    page.goto(reverse("calculator"))
    mode(page, "tile")
    tap(page, "123m456p789s23sEE")
    # Incomplete hands are counted in the page, not sent.
    assert live.requests == [] and page.locator(".tp-result").is_hidden()
    tap(page, WIN)
    page.wait_for_selector(".tp-result tr.fan")
    method, values, headers, status, answer = live.wait(1)[-1]
    assert status == 200 and answer["valid"] and answer["payments"]
    assert method == "GET" and values["concealed"] == "123m456p23789sEE" and values["win_tile"] == WIN
    assert "csrfmiddlewaretoken" not in values and headers["accept"] == "application/json"
    expected = fake_live_score(values)
    names = page.locator(".tp-result tr.fan td:first-child span").all_inner_texts()
    assert names == [f["name"] for f in expected["fans"]] and "Mixed Straight" in names
    assert page.locator(".tp-result .tp-total").inner_text() == str(expected["total"])
    assert page.locator(".tp-result .tp-from").first.inner_text() == "; ".join(expected["fans"][0]["from"])
    # A flag or a flower is sent again and the result follows.
    before = len(live.requests)
    page.locator('label[for="id_self_drawn"]').click()
    page.wait_for_function(
        "(n) => document.querySelector('.tp-result .tp-total').textContent == n",
        arg=str(fake_live_score({**values, "self_drawn": "on"})["total"]),
    )
    assert live.wait(before + 1)[-1][1].get("self_drawn") == "on"
    assert "Self-drawn: each of the three other players pays" in page.locator(".tp-result").inner_text()
    assert_phone_friendly(page, "form.calculator")
    screenshot(page, "calculator-phone")


def test_live_result_shows_errors_and_a_missing_server(phone_page, live):
    page = phone_page
    page.goto(reverse("calculator"))
    live.attach()
    live.answer = lambda values: {
        "valid": False,
        "total": 6,
        "error": "Not a valid winning hand: under 8 points.",
        "fans": [
            {
                "id": 70,
                "name": "Pung of Terminals or Honours",
                "points": 1,
                "count": 2,
                "from": ["pung EEE", "pung 999s"],
            }
        ],
    }
    mode(page, "tile")
    tap(page, "123m456p789s23sEE", WIN)
    page.wait_for_selector(".tp-result .tp-error")
    assert page.locator(".tp-result .tp-error").inner_text() == "Not a valid winning hand: under 8 points."
    assert page.locator(".tp-result .tp-total").count() == 0
    assert page.locator(".tp-result tr.fan td.num").inner_text() == "1 ×2"
    live.status, live.answer = 500, (lambda values: "<h1>Server Error</h1>")
    mode(page, "win")
    tap(page, "2s")
    page.wait_for_selector(".tp-result .tp-note")
    assert "not available" in page.locator(".tp-result").inner_text()


# ------------------------------------------------------------------ a referee's hand form

PUNGS_MELDS = ["pung EEE", "pung 222m", "pung 555m"]


def test_referee_taps_a_hand_sees_the_difference_and_records_it(
    phone_page, spy, login, referee, players, published_session, sheet, assert_phone_friendly, screenshot
):
    page = phone_page
    login(page, referee)
    page.goto(reverse("sheet", args=[published_session.tournament.slug, 1, 1]))
    page.locator(f'label[for="id_winner_{players[0].pk}"]').click()
    page.locator(f'label[for="id_discarder_{players[2].pk}"]').click()
    page.locator("details.tiles-box > summary").click()
    page.locator(".tp-exposed").click()
    mode(page, "pung")
    tap(page, "E", "2m", "5m")
    mode(page, "tile")
    tap(page, "888m9m", "9m")
    assert fields(page) == {"concealed": "8889m", "melds": "\n".join(PUNGS_MELDS), "win_tile": "9m"}
    assert page.locator("#id_flowers").input_value() == ""  # untouched: a blank field already means none
    page.wait_for_selector(".tp-result .tp-total")
    # The hand form posts its fields to the table's endpoint, with the CSRF token as a header too.
    method, values, headers, status, answer = spy.wait(1)[-1]
    assert (
        method == "POST" and values["csrfmiddlewaretoken"] and headers["x-csrftoken"] == values["csrfmiddlewaretoken"]
    )
    assert values["winner"] == str(players[0].pk) and values["melds"].splitlines() == PUNGS_MELDS
    assert status == 200 and answer["total"] == 16
    total = int(page.locator(".tp-result .tp-total").inner_text())
    assert total == 16  # All Pungs 6, Half Flush 6, Prevalent and Seat Wind 2 each (East, East in hand 1)

    # Points typed as well: a difference is shown before saving, and goes when they agree.
    page.locator("#id_points").fill("20")
    assert page.locator(".tp-differs").inner_text() == "20 points were typed, but the tiles score 16 (difference +4)."
    assert_phone_friendly(page, "form.hand-form")
    screenshot(page, "hand-form-phone")
    page.locator("#id_points").fill("16")
    assert page.locator(".tp-differs").count() == 0

    recorded(page)
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.points == 16 and version.tiles["melds"] == PUNGS_MELDS and version.tiles["concealed"] == "8889m"


def test_picker_speaks_the_page_language(chromium_browser, live_server):
    context = chromium_browser.new_context(
        base_url=live_server.url, locale="es-ES", viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    page.goto(reverse("calculator"))
    assert page.locator('.tp-mode[data-mode="win"]').inner_text() == "Ficha ganadora"
    assert page.locator('.tp-tile[data-tile="5p"]').get_attribute("aria-label") == "5 de círculos"
    assert page.locator(".tp-status").inner_text() == "0 de 14 fichas"
    context.close()


def test_notation_is_read_as_the_engine_reads_it(desktop_page):
    page = desktop_page
    page.goto(reverse("calculator"))
    tp = "window.TilePicker"
    assert page.evaluate(f"{tp}.parseTiles('123m 5p,E P')") == ["1m", "2m", "3m", "5p", "E", "P"]
    for bad in ("0m", "12", "m1", "1z", "e", "1E"):
        assert page.evaluate(f"{tp}.parseTiles({bad!r})") is None, bad
    assert page.evaluate(f"{tp}.formatTiles(['E', '9s', '1m', '5p', '2m', 'C', '1s'])") == "12m5p19sEC"
    assert page.evaluate(f"{tp}.parseMelds('Pong EEE, chi 342m\\nangang 9999s;gang 1111p')") == [
        {"kind": "pung", "tiles": ["E", "E", "E"]},
        {"kind": "chow", "tiles": ["2m", "3m", "4m"]},
        {"kind": "concealed_kong", "tiles": ["9s", "9s", "9s", "9s"]},
        {"kind": "kong", "tiles": ["1p", "1p", "1p", "1p"]},
    ]
    for bad in ("chow 246m", "chow 789s9s", "pung EES", "kong 555p", "triple EEE", "chow EEE", "chow 891s"):
        assert page.evaluate(f"{tp}.parseMelds({bad!r})") is None, bad
    assert (
        page.evaluate(f"{tp}.formatMelds({tp}.parseMelds('pung 222m, concealed-kong 9999s'))")
        == "pung 222m\nconcealed_kong 9999s"
    )
