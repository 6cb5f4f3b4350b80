"""Browser tests: Debian's chromium driven by playwright's sync API against pytest-django's live_server.

No browser can be downloaded here, so playwright launches the system's `chromium` (executable_path).
Every test in this folder is marked `browser`. Without chromium or the playwright package the tests
are skipped with the reason; with REQUIRE_BROWSER=1 (set by .ci/run) they fail instead.

Fixtures: phone_page (390 x 844, touch) and desktop_page (1280 x 900), login(page, user),
assert_phone_friendly(page) (no sideways scroll, every form control at least 44 x 44 CSS px) and
screenshot(page, name) (docs/screenshots/NAME.png with UPDATE_SCREENSHOTS=1, else a temp folder,
so an ordinary test run leaves the repository untouched).
"""

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SCREENSHOTS = HERE.parent.parent / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MIN_TARGET = 44  # CSS px, WCAG 2.5.5
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def browser_unavailable():
    """Why the browser tests cannot run on this machine, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -r requirements-test.txt)"
    if not shutil.which("chromium"):
        return "Debian's chromium is not installed (apt-get install chromium)"
    return None


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, the browser tests' database is a file, not Django's shared in-memory one.

    With an in-memory database the live server hands its every request thread the test thread's one
    connection: two requests at once (the outbox's post and a reload, the service worker's fetch beside
    the page's) then share a transaction, and SQLite's shared cache answers "database table is locked" at
    once instead of waiting (seen on CI, about one run in two of test_offline_back). With a file each
    thread has its own connection, and the settings' WAL, IMMEDIATE transactions and busy timeout apply,
    as on a venue's server."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("browser-db") / "test.sqlite3")


@pytest.fixture(scope="module")
def chromium_browser():
    reason = browser_unavailable()
    if reason:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread while it runs, and Django then refuses
    # ORM calls from test code as "async-unsafe". The test thread only sets up rows the live server
    # reads afterwards, so the check is lifted for the lifetime of the browser, and restored after.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_FLAGS)
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


class _InFlight:
    """Requests the live server is still answering. A closed browser context does not stop a request the
    server thread has begun; if the test database is flushed under it, SQLite reports the table locked and
    the request fails after the test. Counted through Django's request signals (the server runs in this
    process); the decrement is connected last, so it runs after Django has closed the connection.

    "Quiet" means no request open and none begun for SETTLE seconds: the table page's service worker fetches
    the page once more just after it loads, and the server may accept that request a moment after the count
    last read zero (seen on CI: the flush then found tournament_table locked)."""

    SETTLE = 0.5

    def __init__(self):
        self.count = 0
        self.begun = 0
        self.idle = threading.Condition()

    def started(self, **kwargs):
        with self.idle:
            self.count += 1
            self.begun += 1

    def finished(self, **kwargs):
        with self.idle:
            self.count = max(0, self.count - 1)
            self.idle.notify_all()

    def wait(self, timeout=15):
        deadline = time.monotonic() + timeout
        while True:
            with self.idle:
                left = deadline - time.monotonic()
                if not self.idle.wait_for(lambda: self.count == 0, timeout=max(0.0, left)):
                    self.count = 0  # one lost signal must not fail every later test
                    return False
                seen = self.begun
            time.sleep(self.SETTLE)
            with self.idle:
                if self.count == 0 and self.begun == seen:
                    return True
            if time.monotonic() > deadline:
                with self.idle:
                    self.count = 0
                return False


_in_flight = _InFlight()


@pytest.fixture(autouse=True)
def _live_server_quiet():
    """After each browser test (and its pages' teardown), wait until the live server has answered every
    request it began, before the database is flushed for the next test."""
    from django.core.signals import request_finished, request_started

    request_started.connect(_in_flight.started, dispatch_uid="browser-in-flight-started")
    request_finished.connect(_in_flight.finished, dispatch_uid="browser-in-flight-finished")
    yield
    assert _in_flight.wait(), "the live server was still answering a request 15 s after the test"


def _page(browser, live_server, **options):
    context = browser.new_context(base_url=live_server.url, locale="en-GB", **options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return context, page


@pytest.fixture
def phone_page(chromium_browser, live_server):
    context, page = _page(chromium_browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)
    yield page
    context.close()
    assert not page.js_errors, page.js_errors


@pytest.fixture
def desktop_page(chromium_browser, live_server):
    context, page = _page(chromium_browser, live_server, viewport=DESKTOP)
    yield page
    context.close()
    assert not page.js_errors, page.js_errors


@pytest.fixture
def nojs_phone_page(chromium_browser, live_server):
    context, page = _page(
        chromium_browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    yield page
    context.close()


@pytest.fixture
def login(live_server):
    """login(page, user): the browser context gets a logged-in session cookie for that user."""
    from django.conf import settings
    from django.test import Client

    def log_in(page, user):
        client = Client()
        client.force_login(user)
        page.context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": live_server.url,
                }
            ]
        )

    return log_in


# Tap targets, measured in the page. A checkbox or radio counts by its label (WCAG 2.5.5 allows the label as
# the target); hidden controls and hidden inputs do not count. With ``forms`` (a selector): the controls of those
# forms a referee taps. Without: every tap target of the page, each visible form control, each summary, and
# each link standing alone (the only text of its parent, or an item of a menu); a link inside a sentence is
# read, not aimed at, and is left out (WCAG 2.5.8's inline exception).
_MEASURE = """(forms) => {
  const visible = (el) => {
    const s = getComputedStyle(el);
    return el.getClientRects().length > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const small = [];
  const measure = (el) => {
    if (el.type === 'hidden' || !visible(el)) return;
    let target = el;
    if (!forms && el.tagName === 'A') {
      const parent = el.parentElement;
      const alone = parent.tagName === 'NAV' || parent.textContent.trim() === el.textContent.trim();
      if (!alone) return;
    }
    if (el.type === 'checkbox' || el.type === 'radio') {
      target = el.labels && el.labels[0];
      if (!target) { small.push(el.name + ': checkbox or radio without a label'); return; }
    }
    const r = target.getBoundingClientRect();
    if (r.width < %(min)d - 0.5 || r.height < %(min)d - 0.5) {
      const name = el.getAttribute('aria-label') || el.name || el.textContent.trim().slice(0, 30) || el.tagName;
      small.push(`${target.tagName.toLowerCase()} "${name}": ${r.width.toFixed(1)} x ${r.height.toFixed(1)}`);
    }
  };
  if (forms) {
    for (const form of document.querySelectorAll(forms)) {
      form.querySelectorAll('button, input, select, textarea, a.button').forEach(measure);
    }
  } else {
    document.querySelectorAll('button, input, select, textarea, summary, a[href]').forEach(measure);
  }
  return {small, scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth};
}""" % {"min": MIN_TARGET}


def _assert_measured(page, forms, what):
    found = page.evaluate(_MEASURE, forms)
    assert found["scrollWidth"] <= found["width"], (
        f"the page scrolls sideways: scrollWidth {found['scrollWidth']} > {found['width']}"
    )
    assert not found["small"], f"{what} smaller than 44 x 44 px:\n" + "\n".join(found["small"])


@pytest.fixture
def assert_phone_friendly():
    """assert_phone_friendly(page, forms="form"): no sideways scroll; every visible control in those forms
    (its label, for a checkbox or radio) is at least 44 x 44 CSS px."""

    def check(page, forms="form"):
        _assert_measured(page, forms, "controls")

    return check


@pytest.fixture
def assert_no_small_targets():
    """assert_no_small_targets(page): no sideways scroll, and no tap target on the whole page (a form control, a
    summary, a link standing alone) under 44 x 44 CSS px."""

    def check(page):
        _assert_measured(page, None, "tap targets")

    return check


@pytest.fixture
def screenshot(tmp_path):
    """screenshot(page, name): a full-page PNG; into docs/screenshots/ only with UPDATE_SCREENSHOTS=1."""
    folder = SCREENSHOTS if os.environ.get("UPDATE_SCREENSHOTS") == "1" else tmp_path

    def take(page, name, full_page=True):
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        return path

    return take
