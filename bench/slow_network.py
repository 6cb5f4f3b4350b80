"""The referee's table page on a slow network (issue 22), as a phone in a crowded hall sees it.

Chromium (Debian's ``chromium``, driven by playwright) opens a referee's table page with hand entry, hands 1-8
entered, from gunicorn with DEBUG off and the static files collected as ``make serve`` does, over a network
emulated through the Chrome DevTools Protocol (``Network.emulateNetworkConditions``) as "Slow 3G": 400 ms
latency, 400 kbit/s each way. It prints, never asserts:

- a cold load (empty cache, first visit): requests, bytes on the wire (the HTML alone, and decoded), time to
  the load event; then what follows the load in the next seconds (the service worker filling its cache);
- a warm load (the same page opened again);
- one hand recorded through the page: from the tap until the page offers the next hand and the server has
  the hand (the database is read beside the browser);
- the network off: does the page open from a reload, and a hand recorded then: stored how many times, and
  how long after the network returns.

Works in a database of its own: a temporary SQLite file, or ``BENCH_PG_URL=postgres://...`` for PostgreSQL
(a ``bench_<pid>`` database, dropped at the end). Runs in a process of its own (it sets Django up for its own
database). Without chromium or playwright it says so and stops.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
# Slow 3G as issue 22 measures it: 400 ms latency, 400 kbit/s down and up (bytes per second for CDP).
SLOW_3G = {"offline": False, "latency": 400, "downloadThroughput": 400_000 / 8, "uploadThroughput": 400_000 / 8}
OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
ENTERED = 8  # hands already on the sheet when the page is opened
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-sync"]


def main():
    """`make bench` runs every suite in one process: this one runs in a child process of its own."""
    if os.environ.get("BENCH_SLOW_NETWORK_CHILD") != "1":
        env = {**os.environ, "BENCH_SLOW_NETWORK_CHILD": "1"}
        done = subprocess.run([sys.executable, "-m", "bench.slow_network"], cwd=ROOT, env=env, check=False)
        if done.returncode:
            raise RuntimeError(f"bench.slow_network failed ({done.returncode})")
        return
    run()


def unavailable():
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    if not shutil.which("chromium"):
        return "Debian's chromium is not installed"
    return None


def kb(n):
    return f"{n / 1000:.1f} KB"


class Traffic:
    """Requests and bytes of one page, from the DevTools Protocol's Network events."""

    def __init__(self, cdp):
        self.requests = {}
        self.times = {}
        self.finished = {}
        self.decoded = {}
        self.document = None
        cdp.on("Network.requestWillBeSent", self.sent)
        cdp.on("Network.dataReceived", self.data)
        cdp.on("Network.loadingFinished", self.done)
        cdp.on("Network.loadingFailed", self.failed)
        cdp.on("Network.responseReceived", self.response)

    def response(self, event):
        if event["requestId"] in self.times:
            self.times[event["requestId"]][1] = event["timestamp"]

    def sent(self, event):
        url = event["request"]["url"]
        if url.startswith("data:"):
            return
        self.requests[event["requestId"]] = url
        self.times[event["requestId"]] = [event["timestamp"], None, None]
        if event.get("type") == "Document" and self.document is None:
            self.document = event["requestId"]

    def data(self, event):
        self.decoded[event["requestId"]] = self.decoded.get(event["requestId"], 0) + event.get("dataLength", 0)

    def done(self, event):
        self.finished[event["requestId"]] = event.get("encodedDataLength", 0)
        if event["requestId"] in self.times:
            self.times[event["requestId"]][2] = event["timestamp"]

    def failed(self, event):
        self.finished.setdefault(event["requestId"], 0)

    def mark(self):
        return set(self.requests)

    def since(self, mark=()):
        ids = [i for i in self.requests if i not in mark]
        return {
            "requests": len(ids),
            "bytes": sum(self.finished.get(i, 0) for i in ids),
            "urls": [self.requests[i] for i in ids],
        }

    def html(self):
        if self.document is None:
            return 0, 0
        return self.finished.get(self.document, 0), self.decoded.get(self.document, 0)


def start_server(env, port, log):
    """gunicorn as `make serve` starts it (sync workers), with an access log of each response's bytes, read to
    count what reaches the server outside the page's own requests (the service worker's)."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    return subprocess.Popen(
        [
            str(gunicorn),
            "config.wsgi:application",
            "--workers",
            "2",
            *os.environ.get("BENCH_GUNICORN", "").split(),
            "--bind",
            f"{HOST}:{port}",
            "--log-level",
            "warning",
            "--access-logfile",
            str(log),
            "--access-logformat",
            "%(m)s %(U)s %(s)s %(B)s",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )


class AccessLog:
    """What gunicorn served since the last mark: requests and body bytes as sent. gunicorn logs no length for a
    static file (WhiteNoise streams it): its size is that of the gzip copy it serves, from the collected files."""

    def __init__(self, path, static_root):
        self.path = path
        self.static_root = Path(static_root)
        self.offset = 0

    def mark(self):
        self.offset = self.path.stat().st_size if self.path.exists() else 0

    def size(self, url, logged):
        if logged or not url.startswith("/static/"):
            return logged
        name = self.static_root / url[len("/static/") :]
        for candidate in (name.with_name(name.name + ".gz"), name):
            if candidate.exists():
                return candidate.stat().st_size
        return 0

    def since(self):
        if not self.path.exists():
            return []
        with self.path.open() as f:
            f.seek(self.offset)
            lines = [line.split() for line in f.read().splitlines() if line.strip()]
        return [
            (m, u, self.size(u, int(b) if b.isdigit() else 0)) for m, u, _s, b in (x[:4] for x in lines if len(x) >= 4)
        ]


def run():
    reason = unavailable()
    if reason:
        print(f"skipped: {reason}")
        return
    sys.path.insert(0, str(ROOT))
    from bench.scale import Database
    from scripts.loadtest import PASSWORD, SLUG, build, free_port, stop, wait_until_up

    db = Database()
    static_root = tempfile.mkdtemp(prefix="bench-static-")
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-" + "x" * 50,
        "STATIC_ROOT": static_root,
        "ALLOWED_HOSTS": HOST,
        # Plain http on the loopback address: no TLS proxy in front, so no redirect to https.
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "ERROR",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    os.environ.update(env)
    # Playwright's sync API keeps an event loop in this thread; the database is only read here, beside it.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    server = None
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        _tournament, plans, _codes = build(2, 16, seed=1)
        sheet, _hands = prefill(plans)
        port = free_port()
        log = Path(static_root) / "access.log"
        server = start_server(env, port, log)
        wait_until_up(port, server)
        base = f"http://{HOST}:{port}"
        print(f"database: {db.label}; gunicorn, 2 workers, DEBUG off, on {base}; hands 1-{ENTERED} on the sheet")
        print("network: Slow 3G as emulated by Chromium (CDP): 400 ms latency, 400 kbit/s down and up")
        print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (figures vary with other work)")
        drive(base, f"/t/{SLUG}/sessions/1/tables/1/", sheet, PASSWORD, AccessLog(log, static_root))
    finally:
        stop(server)
        db.close()
        shutil.rmtree(static_root, ignore_errors=True)


def prefill(plans):
    """Hands 1-8 of table 1 entered through the service; returns the sheet and the hands still to enter."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import ScoreSheet
    from tournament.models import Player

    seated, hands = plans[1]
    sheet = ScoreSheet.objects.get(table__number=1)
    by = get_user_model().objects.get(username="ref1")
    players = {p.pk: p for p in Player.objects.filter(pk__in=seated)}
    for number, hand in enumerate(hands[:ENTERED], start=1):
        services.hand_record(
            sheet=sheet,
            number=number,
            outcome=hand["outcome"],
            winner=players.get(hand.get("winner")),
            discarder=players.get(hand.get("discarder")),
            points=hand.get("points", 0),
            flowers=hand.get("flowers", 0),
            by=by,
        )
    return sheet, hands


def stored(sheet, number):
    """How many versions of hand `number` the database holds (read beside the browser)."""
    from django.db import connections

    from scoring.models import HandVersion

    connections.close_all()  # a fresh read, not a transaction's snapshot
    return HandVersion.objects.filter(hand__sheet=sheet, hand__number=number).count()


def announce(page):
    try:
        return page.evaluate(
            "() => { const e = document.querySelector('.hand-announce .hand-no'); return e ? e.textContent : ''; }"
        )
    except Exception:  # the page is navigating (the plain form's post and reload)
        return ""


def record(page, number):
    """Fill hand `number` as a referee would: the first player self-drawn, 8 points; the tap comes later."""
    page.locator("fieldset.winner label.choice-button").first.click()
    page.locator("label[for=id_discarder_self]").click()
    page.locator("#id_points").fill("8")


def until(check, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    return None


RUNS = int(os.environ.get("BENCH_RUNS", "5"))


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def line(what, value):
    print(f"{what:<60} {value}")


def phone(browser, base, cookies):
    """A new phone (empty cache, no service worker) logged in as the table's referee, on Slow 3G."""
    context = browser.new_context(
        base_url=base,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        storage_state={"cookies": cookies, "origins": []},
    )
    context.set_default_timeout(60_000)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    return context, page, cdp, Traffic(cdp)


def load_event(page):
    return page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventStart") / 1000


def drive(base, path, sheet, password, access):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        # Logged in through the login form in a context of its own, so the measured ones start with an empty cache.
        login = browser.new_context(base_url=base)
        page = login.new_page()
        page.goto("/accounts/login/")
        page.fill("input[name=username]", "ref1")
        page.fill("input[name=password]", password)
        with page.expect_navigation():
            page.locator("main form button[type=submit]").click()
        cookies = login.storage_state()["cookies"]
        login.close()

        # -- cold loads: a new phone each time; the last one goes on below
        loads, after = [], []
        for run in range(RUNS):
            context, page, cdp, traffic = phone(browser, base, cookies)
            access.mark()
            page.goto(path, wait_until="load")
            loads.append(load_event(page))
            cold = traffic.since()
            html_wire, html_decoded = traffic.html()
            by_load = access.since()
            page.wait_for_timeout(6000)
            after.append(access.since()[len(by_load) :])
            if run < RUNS - 1:
                context.close()
        line("cold load (empty cache): requests", cold["requests"])
        line("  bytes on the wire", kb(cold["bytes"]))
        line("  the HTML alone, on the wire (decoded)", f"{kb(html_wire)} ({kb(html_decoded)})")
        line(f"  time to the load event, median of {RUNS} (best)", f"{median(loads):.2f} s ({min(loads):.2f} s)")
        # The browser fetches the service worker's script itself: the page's DevTools session does not see it.
        line(
            "  the server's count by the load event (the page's own log)",
            f"{len(by_load)} requests, {kb(sum(b for _m, _u, b in by_load))} ({', '.join(u for _m, u, _b in by_load if not u.startswith('/static/'))})",
        )
        later = after[-1]
        line(
            "  then, within 6 s, for the phone's offline copy",
            f"{len(later)} requests, {kb(sum(b for _m, _u, b in later))} ({', '.join(u for _m, u, _b in later)})",
        )
        if os.environ.get("BENCH_VERBOSE") == "1":
            t0 = min(t[0] for t in traffic.times.values())
            for rid, url in traffic.requests.items():
                sent, first, last = traffic.times[rid]
                print(
                    f"      {(sent - t0) * 1000:6.0f} {((first or sent) - t0) * 1000:6.0f} "
                    f"{((last or sent) - t0) * 1000:6.0f} ms {traffic.finished.get(rid, 0):7} B  {url}"
                )

        # -- warm loads: the same phone opens the page again
        warm_loads = []
        for _run in range(RUNS):
            mark = traffic.mark()
            page.goto(path, wait_until="load")
            warm_loads.append(load_event(page))
        warm = traffic.since(mark)
        line(
            "warm load (the page opened again): requests, bytes, load event",
            f"{warm['requests']}, {kb(warm['bytes'])}, {median(warm_loads):.2f} s",
        )

        # -- hands recorded through the page, one after another
        number, acks, offers = ENTERED, [], []
        for _run in range(RUNS):
            number += 1
            record(page, number)
            start = time.monotonic()
            page.locator("button.submit-hand").click()
            offered = until(lambda n=number: f"Hand {n + 1} of" in announce(page) and time.monotonic(), 30)
            has_it = until(lambda n=number: stored(sheet, n) and time.monotonic(), 30)
            if not (offered and has_it):
                line(f"hand {number} recorded", "not acknowledged within 30 s")
                break
            offers.append(offered - start)
            acks.append(max(offered, has_it) - start)
            page.wait_for_timeout(2500)  # the page settles (drawn again from the server, its copy updated)
        if acks:
            line(
                f"one hand: tap -> next hand offered and the server has it, median of {len(acks)}",
                f"{median(acks):.2f} s (the next hand offered after {median(offers):.2f} s)",
            )

        # -- the network off: reload, record a hand, reload again; then the network back
        context.set_offline(True)
        cdp.send("Network.emulateNetworkConditions", OFFLINE)
        number += 1
        try:
            page.reload(wait_until="load", timeout=15_000)
            opened = f"Hand {number} of" in announce(page)
        except Exception:
            opened = False
        line("network off: the page reloaded", "opens" if opened else "the browser's offline error page")
        if not opened:
            line("network off: a hand recorded", "impossible (no page)")
        else:
            record(page, number)
            page.locator("button.submit-hand").click()
            page.wait_for_timeout(1000)
            waiting = "waiting for the network" in page.locator("body").inner_text()
            page.reload(wait_until="load", timeout=15_000)
            line(
                "network off: a hand recorded, then the page reloaded",
                f"{'queued' if waiting else 'not queued'} on the phone, stored {stored(sheet, number)} time(s)",
            )
            context.set_offline(False)
            cdp.send("Network.emulateNetworkConditions", SLOW_3G)
            start = time.monotonic()
            has_it = until(lambda: stored(sheet, number) and time.monotonic(), 60)
            if has_it:
                page.wait_for_timeout(5000)  # anything sent twice would be stored by now
                line(
                    "  network back: the hand stored after",
                    f"{has_it - start:.2f} s, {stored(sheet, number)} time(s)",
                )
            else:
                line("  network back: the queued hand", "not stored within 60 s")
        context.close()
        browser.close()


if __name__ == "__main__":
    main()
